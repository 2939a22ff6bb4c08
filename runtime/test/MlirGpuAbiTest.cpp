//===- MlirGpuAbiTest.cpp - The mgpu* signatures MLIR 22 generates --------===//
//
// gpu-to-llvm emits calls to these symbols with fixed LLVM types; a drifting
// declaration would link fine and corrupt arguments at run time, so the
// expected signatures are spelled out here and compared at compile time.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include <gtest/gtest.h>

#include <type_traits>

namespace {

template <typename Expected, typename Actual> constexpr bool same(Actual *) {
  return std::is_same_v<Expected, Actual>;
}

static_assert(same<void *(void *, uint64_t)>(mgpuModuleLoad));
static_assert(same<void *(void *, int32_t)>(mgpuModuleLoadJIT));
static_assert(same<void(void *)>(mgpuModuleUnload));
static_assert(same<void *(void *, const char *)>(mgpuModuleGetFunction));
static_assert(same<void(void *, intptr_t, intptr_t, intptr_t, intptr_t,
                        intptr_t, intptr_t, int32_t, void *, void **, void **,
                        size_t)>(mgpuLaunchKernel));
static_assert(
    same<void(void *, intptr_t, intptr_t, intptr_t, intptr_t, intptr_t,
              intptr_t, intptr_t, intptr_t, intptr_t, int32_t, void *, void **,
              void **, size_t)>(mgpuLaunchClusterKernel));
static_assert(same<void *()>(mgpuStreamCreate));
static_assert(same<void(void *)>(mgpuStreamDestroy));
static_assert(same<void(void *)>(mgpuStreamSynchronize));
static_assert(same<void(void *, void *)>(mgpuStreamWaitEvent));
static_assert(same<void *()>(mgpuEventCreate));
static_assert(same<void(void *)>(mgpuEventDestroy));
static_assert(same<void(void *)>(mgpuEventSynchronize));
static_assert(same<void(void *, void *)>(mgpuEventRecord));
static_assert(same<void *(uint64_t, void *, bool)>(mgpuMemAlloc));
static_assert(same<void(void *, void *)>(mgpuMemFree));
static_assert(same<void(void *, void *, size_t, void *)>(mgpuMemcpy));
static_assert(same<void(void *, unsigned int, size_t, void *)>(mgpuMemset32));
static_assert(same<void(void *, unsigned short, size_t, void *)>(mgpuMemset16));
static_assert(same<void(int32_t)>(mgpuSetDefaultDevice));
static_assert(same<void(int64_t, void *, int64_t)>(mgpuMemHostRegisterMemRef));
static_assert(
    same<void(int64_t, void *, int64_t)>(mgpuMemHostUnregisterMemRef));

/// Registers and unregisters a 0x4 memref with no driver available.
void registerEmptyMemRef() {
  setenv("ARRAYRT_CUDA_DRIVER_LIB", "libarrayrt-no-such-driver.so", 1);
  float data[1];
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(data));
  int64_t descriptor[] = {base, base, 0, /*sizes=*/0, 4, /*strides=*/4, 1};
  mgpuMemHostRegisterMemRef(2, descriptor, sizeof(float));
  mgpuMemHostUnregisterMemRef(2, descriptor, sizeof(float));
  std::exit(0);
}

TEST(MlirGpuAbiTest, EmptyMemRefRegistrationNeedsNoDriver) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(registerEmptyMemRef(), testing::ExitedWithCode(0), "");
}

TEST(MlirGpuAbiTest, StridedMemRefRegistrationIsRejected) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  float data[8];
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(data));
  int64_t descriptor[] = {base, base, 0, /*sizes=*/4, /*strides=*/2};
  EXPECT_EXIT(mgpuMemHostRegisterMemRef(1, descriptor, sizeof(float)),
              testing::ExitedWithCode(1),
              "only contiguous memrefs are supported, but dimension 0 has "
              "stride 2 instead of 1");
}

} // namespace
