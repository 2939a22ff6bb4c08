//===- LaunchImageTest.cpp - arrayrt_launch_image against the fake driver -===//

#include "FakeDriverHooks.h"

#include <string>

using namespace arrayrt::test;

namespace {

const char kImage[] = "a user's kernel image";

std::string launched() {
  auto hook = fakeDriverHook<const char *(*)()>("fakeCudaLaunchedKernels");
  return hook ? hook() : "";
}

size_t count(const std::string &text, const std::string &word) {
  size_t n = 0;
  for (size_t at = text.find(word); at != std::string::npos;
       at = text.find(word, at + word.size()))
    ++n;
  return n;
}

void launch(void **slot, const char *symbol, int64_t gridX, int64_t blockX,
            int64_t shared = 0) {
  float value = 1.0f;
  void *params[] = {&value};
  arrayrt_launch_image(slot, kImage, sizeof(kImage), symbol, gridX, 1, 1,
                       blockX, 1, 1, shared, arrayrt_default_stream(), params);
}

TEST(LaunchImageTest, FirstLaunchFillsTheSlotLaterOnesReuseIt) {
  void *slot = nullptr;
  std::string before = launched();
  launch(&slot, "image_kernel_a", 4, 128);
  ASSERT_NE(slot, nullptr);
  void *first = slot;
  launch(&slot, "image_kernel_a", 2, 64);
  EXPECT_EQ(slot, first);
  EXPECT_EQ(count(launched(), "image_kernel_a"),
            count(before, "image_kernel_a") + 2);
  // Another launch site of the same image has a slot of its own.
  void *other = nullptr;
  launch(&other, "image_kernel_b", 1, 32);
  EXPECT_NE(other, nullptr);
  EXPECT_NE(other, first);
}

TEST(LaunchImageTest, EmptyGridLaunchesNothing) {
  void *slot = nullptr;
  std::string before = launched();
  launch(&slot, "image_kernel_empty", 0, 256);
  EXPECT_EQ(slot, nullptr);
  EXPECT_EQ(launched(), before);
}

TEST(LaunchImageTest, BadLaunchShapesExitWithTheKernelsName) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  void *slot = nullptr;
  EXPECT_EXIT(launch(&slot, "image_kernel_bad", 1, 0),
              testing::ExitedWithCode(1),
              "kernel image_kernel_bad: block size x is 0, expected 1 to 1024");
  EXPECT_EXIT(launch(&slot, "image_kernel_bad", -1, 32),
              testing::ExitedWithCode(1),
              "kernel image_kernel_bad: grid size x is -1, expected 0 to");
  EXPECT_EXIT(launch(&slot, "image_kernel_bad", 1, 32, -5),
              testing::ExitedWithCode(1),
              "kernel image_kernel_bad: -5 bytes of dynamic shared memory");
}

} // namespace

// The host code of gpu-to-llvm looks a kernel up before each launch: the
// runtime asks the driver once per kernel.
TEST(MlirGpuAbiLaunchTest, KernelLookedUpOncePerModule) {
  auto calls = fakeDriverHook<long (*)()>("fakeCudaGetFunctionCalls");
  ASSERT_NE(calls, nullptr);
  static const char image[] = "a gpu.binary";
  void *module = mgpuModuleLoad(const_cast<char *>(image), sizeof(image));
  long before = calls();
  void *first = mgpuModuleGetFunction(module, "kernel_a");
  for (int i = 0; i < 10; ++i)
    EXPECT_EQ(mgpuModuleGetFunction(module, "kernel_a"), first);
  EXPECT_EQ(calls() - before, 1);
  // Another kernel of the module, and the first again: each looked up once.
  void *second = mgpuModuleGetFunction(module, "kernel_b");
  EXPECT_NE(second, first);
  std::string copy = "kernel_a"; // the same name at another address
  EXPECT_EQ(mgpuModuleGetFunction(module, copy.c_str()), first);
  EXPECT_EQ(mgpuModuleGetFunction(module, "kernel_b"), second);
  EXPECT_EQ(calls() - before, 2);
  // A program's kernels share one module: lookups alternating between
  // them ask the driver once per kernel too.
  void *third = mgpuModuleGetFunction(module, "kernel_c");
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(mgpuModuleGetFunction(module, "kernel_a"), first);
    EXPECT_EQ(mgpuModuleGetFunction(module, "kernel_b"), second);
    EXPECT_EQ(mgpuModuleGetFunction(module, "kernel_c"), third);
  }
  EXPECT_EQ(calls() - before, 3);
  mgpuModuleUnload(module);
}
