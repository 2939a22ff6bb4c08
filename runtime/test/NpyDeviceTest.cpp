//===- NpyDeviceTest.cpp - .npy files to and from device memory -----------===//
//
// arrayrt_load_npy_device and arrayrt_save_npy_device against
// libarrayrt-fake-cuda (FakeDriver.cpp), whose "device" memory is host
// memory the test can read: the elements arrive, the file written from the
// device equals the one written from the host, the staging block is
// reused, .npz members load the same way, and bad input stops with the
// op's location.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "FakeDriverHooks.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

using arrayrt::test::kUseFakeDriver;

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << path;
  return std::string(std::istreambuf_iterator<char>(in), {});
}

/// An MLIR descriptor {allocated, aligned, offset, sizes, strides} of
/// `data`, C-contiguous unless `strides` are given.
std::vector<int64_t> descriptor(void *data, std::vector<int64_t> sizes,
                                std::vector<int64_t> strides = {}) {
  if (strides.empty()) {
    strides.assign(sizes.size(), 1);
    for (size_t i = sizes.size(); i-- > 1;)
      strides[i - 1] = strides[i] * sizes[i];
  }
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(data));
  std::vector<int64_t> d = {base, base, 0};
  d.insert(d.end(), sizes.begin(), sizes.end());
  d.insert(d.end(), strides.begin(), strides.end());
  return d;
}

class NpyDevice : public testing::Test {
protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    ASSERT_TRUE(kUseFakeDriver);
    ASSERT_TRUE(arrayrt_cuda_available(nullptr));
    // A death test's child process (re-executed, with this environment)
    // uses its parent's directory: it ends before TearDown, so a folder of
    // its own would stay behind.
    if (const char *parent = std::getenv(kDirVariable)) {
      dir = parent;
      return;
    }
    char pattern[] = "/tmp/arrayrt-npy-device-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir = pattern;
    setenv(kDirVariable, pattern, 1);
  }
  void TearDown() override {
    unsetenv(kDirVariable);
    std::string command = "rm -rf '" + dir + "'";
    EXPECT_EQ(std::system(command.c_str()), 0);
  }
  static constexpr const char *kDirVariable = "ARRAYRT_TEST_NPY_DEVICE_DIR";
  std::string path(const char *name) const { return dir + "/" + name; }
  std::string dir;
};

TEST_F(NpyDevice, LoadsIntoDeviceMemoryAndSavesTheSameFile) {
  // 3 MiB: larger than the pinned pool's staging pieces.
  const int64_t rows = 768, cols = 1024;
  std::vector<float> host(rows * cols);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = static_cast<float>(i) * 0.5f - 7.0f;
  std::vector<int64_t> hostDesc = descriptor(host.data(), {rows, cols});
  std::string in = path("in.npy"), out = path("out.npy");
  arrayrt_save_npy(in.c_str(), 2, hostDesc.data(), ARRAYRT_DTYPE_F32, nullptr);

  arrayrt_stream_t stream = arrayrt_default_stream();
  size_t bytes = host.size() * sizeof(float);
  void *device = arrayrt_alloc(bytes, stream);
  std::vector<int64_t> deviceDesc = descriptor(device, {rows, cols});
  arrayrt_pinned_stats_t before, after;
  arrayrt_pinned_pool_get_stats(&before);
  for (int round = 0; round < 2; ++round) {
    std::memset(device, 0, bytes);
    arrayrt_load_npy_device(in.c_str(), 2, deviceDesc.data(),
                            ARRAYRT_DTYPE_F32, stream, "p.mlir:1:2");
    arrayrt_stream_synchronize(stream);
    EXPECT_EQ(std::memcmp(device, host.data(), bytes), 0);
  }
  // The second load reused the first one's block.
  arrayrt_pinned_pool_get_stats(&after);
  EXPECT_LE(after.allocations, before.allocations + 1);
  EXPECT_GE(after.reuses, before.reuses + 1);
  EXPECT_EQ(after.in_use_bytes, 0u);

  arrayrt_save_npy_device(out.c_str(), 2, deviceDesc.data(), ARRAYRT_DTYPE_F32,
                          stream, "p.mlir:3:4");
  EXPECT_EQ(readFile(out), readFile(in));
  arrayrt_free(device, stream);
}

TEST_F(NpyDevice, BoolsAndZeroDimensionalAndEmptyArrays) {
  // Bools load as 0 or 1 whatever byte the file holds.
  std::string bools = path("b.npy");
  unsigned char raw[4] = {0, 7, 1, 0};
  std::vector<int64_t> rawDesc = descriptor(raw, {4});
  arrayrt_save_npy(bools.c_str(), 1, rawDesc.data(), ARRAYRT_DTYPE_UI8,
                   nullptr);
  std::string text = readFile(bools);
  text.replace(text.find("'|u1'"), 5, "'|b1'");
  std::ofstream(bools, std::ios::binary) << text;
  arrayrt_stream_t stream = arrayrt_default_stream();
  auto *device = static_cast<unsigned char *>(arrayrt_alloc(4, stream));
  std::vector<int64_t> boolDesc = descriptor(device, {4});
  arrayrt_load_npy_device(bools.c_str(), 1, boolDesc.data(), ARRAYRT_DTYPE_I1,
                          stream, nullptr);
  arrayrt_stream_synchronize(stream);
  EXPECT_EQ(std::vector<int>(device, device + 4),
            (std::vector<int>{0, 1, 1, 0}));
  arrayrt_free(device, stream);

  // Rank 0 round trip.
  double scalar = 2.5;
  std::vector<int64_t> scalarHost = descriptor(&scalar, {});
  std::string s0 = path("s0.npy"), s1 = path("s1.npy");
  arrayrt_save_npy(s0.c_str(), 0, scalarHost.data(), ARRAYRT_DTYPE_F64,
                   nullptr);
  void *deviceScalar = arrayrt_alloc(sizeof(double), stream);
  std::vector<int64_t> scalarDevice = descriptor(deviceScalar, {});
  arrayrt_load_npy_device(s0.c_str(), 0, scalarDevice.data(),
                          ARRAYRT_DTYPE_F64, stream, nullptr);
  arrayrt_save_npy_device(s1.c_str(), 0, scalarDevice.data(),
                          ARRAYRT_DTYPE_F64, stream, nullptr);
  EXPECT_EQ(readFile(s1), readFile(s0));
  arrayrt_free(deviceScalar, stream);

  // No elements: no device memory touched, the header still checked.
  std::string e0 = path("e0.npy"), e1 = path("e1.npy");
  std::vector<int64_t> emptyHost = descriptor(nullptr, {0, 3});
  arrayrt_save_npy(e0.c_str(), 2, emptyHost.data(), ARRAYRT_DTYPE_I32,
                   nullptr);
  arrayrt_load_npy_device(e0.c_str(), 2, emptyHost.data(), ARRAYRT_DTYPE_I32,
                          stream, nullptr);
  arrayrt_save_npy_device(e1.c_str(), 2, emptyHost.data(), ARRAYRT_DTYPE_I32,
                          stream, nullptr);
  EXPECT_EQ(readFile(e1), readFile(e0));
}

TEST_F(NpyDevice, LoadsAnArchiveMember) {
  std::string archive = std::string(ARRAYRT_TEST_NPZ_DIR) + "/compressed.npz";
  arrayrt_stream_t stream = arrayrt_default_stream();
  auto *device = static_cast<float *>(arrayrt_alloc(6 * sizeof(float), stream));
  std::vector<int64_t> desc = descriptor(device, {2, 3});
  arrayrt_load_npz_device(archive.c_str(), "a", 2, desc.data(),
                          ARRAYRT_DTYPE_F32, stream, nullptr);
  arrayrt_stream_synchronize(stream);
  EXPECT_EQ(std::vector<float>(device, device + 6),
            (std::vector<float>{0, 1, 2, 3, 4, 5}));
  EXPECT_EXIT(arrayrt_load_npz_device(archive.c_str(), "zz", 2, desc.data(),
                                      ARRAYRT_DTYPE_F32, stream, "p.mlir:9:9"),
              testing::ExitedWithCode(1),
              "p.mlir:9:9: cannot load 'zz' in '.*compressed.npz': the "
              "archive has no member 'zz'");
  arrayrt_free(device, stream);
}

TEST_F(NpyDevice, BadInputStopsWithTheLocation) {
  float values[6] = {1, 2, 3, 4, 5, 6};
  std::vector<int64_t> hostDesc = descriptor(values, {2, 3});
  std::string file = path("x.npy");
  arrayrt_save_npy(file.c_str(), 2, hostDesc.data(), ARRAYRT_DTYPE_F32,
                   nullptr);
  arrayrt_stream_t stream = arrayrt_default_stream();
  void *device = arrayrt_alloc(sizeof(values), stream);
  // A shape other than the file's.
  std::vector<int64_t> wrongShape = descriptor(device, {3, 2});
  EXPECT_EXIT(arrayrt_load_npy_device(file.c_str(), 2, wrongShape.data(),
                                      ARRAYRT_DTYPE_F32, stream, "p.mlir:5:6"),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:5:6: cannot load '.*x.npy': .*shape");
  // A dtype other than the file's.
  std::vector<int64_t> right = descriptor(device, {2, 3});
  EXPECT_EXIT(arrayrt_load_npy_device(file.c_str(), 2, right.data(),
                                      ARRAYRT_DTYPE_I32, stream, "p.mlir:5:6"),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:5:6: cannot load '.*x.npy'");
  // A strided device view.
  std::vector<int64_t> strided = descriptor(device, {2, 2}, {3, 1});
  EXPECT_EXIT(arrayrt_save_npy_device(path("y.npy").c_str(), 2, strided.data(),
                                      ARRAYRT_DTYPE_F32, stream, "p.mlir:7:8"),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:7:8: cannot save '.*y.npy': the device "
              "array is not contiguous");
  EXPECT_NE(access(path("y.npy").c_str(), F_OK), 0);
  arrayrt_free(device, stream);
}

TEST_F(NpyDevice, SavesToDevicesInPlace) {
  float values[6] = {1, 2, 3, 4, 5, 6};
  arrayrt_stream_t stream = arrayrt_default_stream();
  void *device = arrayrt_alloc(sizeof(values), stream);
  arrayrt_memcpy(device, values, sizeof(values), stream);
  std::vector<int64_t> desc = descriptor(device, {2, 3});
  arrayrt_save_npy_device("/dev/null", 2, desc.data(), ARRAYRT_DTYPE_F32,
                          stream, "p.mlir:1:1");
  EXPECT_EXIT(arrayrt_save_npy_device("/dev/full", 2, desc.data(),
                                      ARRAYRT_DTYPE_F32, stream, "p.mlir:2:2"),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:2:2: cannot save '/dev/full': cannot "
              "write '/dev/full': No space left on device");
  struct stat status;
  ASSERT_EQ(::lstat("/dev/full", &status), 0);
  EXPECT_TRUE(S_ISCHR(status.st_mode));
  ASSERT_EQ(::lstat("/dev/null", &status), 0);
  EXPECT_TRUE(S_ISCHR(status.st_mode));
  arrayrt_free(device, stream);
}

TEST_F(NpyDevice, HugeArraysStopBeforeStaging) {
  // The descriptors' sizes are checked before any staging buffer is taken:
  // their product overflows, or their bytes exceed host memory.
  arrayrt_stream_t stream = arrayrt_default_stream();
  char fake[64];
  std::vector<int64_t> overflow =
      descriptor(fake, {int64_t(1) << 62, 4}, {4, 1});
  EXPECT_EXIT(arrayrt_load_npy_device(path("x.npy").c_str(), 2, overflow.data(),
                                      ARRAYRT_DTYPE_F32, stream, "p.mlir:3:3"),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:3:3: cannot load '.*x.npy': the array "
              "is too large");
  std::vector<int64_t> huge = descriptor(fake, {int64_t(1) << 42});
  EXPECT_EXIT(arrayrt_save_npy_device(path("x.npy").c_str(), 1, huge.data(),
                                      ARRAYRT_DTYPE_F32, stream, "p.mlir:4:4"),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:4:4: cannot save '.*x.npy': the array "
              "does not fit in a host staging buffer: its 17592186044416 "
              "bytes \\(16\\.00 TiB\\) exceed ");
  EXPECT_NE(access(path("x.npy").c_str(), F_OK), 0);
}

} // namespace
