//===- DriverTest.cpp - Behaviour without a usable CUDA driver ------------===//
//
// The runtime must fail with one clear line when the driver is missing, and
// must not touch the driver for work that needs none. Each check runs in a
// child process (a death test) because driver initialization happens once
// per process.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace {

constexpr const char *kMissingDriver = "libarrayrt-no-such-driver.so.1";

class NoDriverTest : public testing::Test {
protected:
  void SetUp() override {
    // Re-executing the binary gives each child a fresh runtime, whatever
    // other tests did in the parent.
    GTEST_FLAG_SET(death_test_style, "threadsafe");
  }
};

void useMissingDriver() {
  setenv("ARRAYRT_CUDA_DRIVER_LIB", kMissingDriver, 1);
}

TEST_F(NoDriverTest, FirstEntryPointExitsWithClearMessage) {
  EXPECT_EXIT(
      {
        useMissingDriver();
        arrayrt_stream_create();
      },
      testing::ExitedWithCode(1),
      "^arrayrt: error: cannot run on the GPU: "
      "libarrayrt-no-such-driver\\.so\\.1 could not be loaded \\(.*\\); this "
      "program was compiled with --target=cuda and needs an NVIDIA GPU and "
      "driver \\(compile with --target=cpu to run on the CPU\\)\n$");
}

TEST_F(NoDriverTest, MlirAbiExitsWithClearMessage) {
  static const char image[] = "not a module";
  EXPECT_EXIT(
      {
        useMissingDriver();
        // Loading is deferred to the first kernel lookup: a library's
        // constructors, which load its modules, do not touch the driver.
        void *module = mgpuModuleLoad(const_cast<char *>(image), sizeof(image));
        mgpuModuleGetFunction(module, "kernel");
      },
      testing::ExitedWithCode(1),
      "cannot run on the GPU: .*could not be loaded");
}

TEST_F(NoDriverTest, AvailabilityReportsReasonWithoutExiting) {
  EXPECT_EXIT(
      {
        useMissingDriver();
        const char *reason = nullptr;
        int available = arrayrt_cuda_available(&reason);
        bool ok = available == 0 && reason &&
                  std::string(reason).find(kMissingDriver) != std::string::npos;
        std::exit(ok ? 0 : 2);
      },
      testing::ExitedWithCode(0), "");
}

TEST_F(NoDriverTest, EmptyWorkDoesNotTouchDriver) {
  EXPECT_EXIT(
      {
        useMissingDriver();
        char host[4] = {};
        bool ok = arrayrt_alloc(0, nullptr) == nullptr &&
                  arrayrt_alloc_managed(0) == nullptr &&
                  mgpuMemAlloc(0, nullptr, false) == nullptr;
        arrayrt_free(nullptr, nullptr);
        mgpuMemFree(nullptr, nullptr);
        arrayrt_memcpy(host, host + 1, 0, nullptr);
        arrayrt_memset8(host, 0, 0, nullptr);
        arrayrt_memset16(host, 0, 0, nullptr);
        arrayrt_memset32(host, 0, 0, nullptr);
        arrayrt_host_register(host, 0);
        arrayrt_module_unload(nullptr);
        std::exit(ok ? 0 : 2);
      },
      testing::ExitedWithCode(0), "");
}

#ifdef ARRAYRT_TEST_STUB_DRIVER
// The toolkit's stub libcuda.so links but cannot run anything; it must be
// reported, not mistaken for a driver.
TEST_F(NoDriverTest, StubDriverIsRejected) {
  EXPECT_EXIT(
      {
        setenv("ARRAYRT_CUDA_DRIVER_LIB", ARRAYRT_TEST_STUB_DRIVER, 1);
        arrayrt_event_create();
      },
      testing::ExitedWithCode(1),
      "arrayrt: error: cannot run on the GPU: cuInit failed: "
      "CUDA_ERROR_STUB_LIBRARY");
}
#endif

} // namespace
