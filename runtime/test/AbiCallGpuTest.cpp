//===- AbiCallGpuTest.cpp - arrayrt_abi_call of cuda modules, fake driver -===//
//
// The GPU side of library calls against libarrayrt-fake-cuda (whose
// "device" memory is host memory, so results can be read directly): the
// caller's stream as the default stream inside the call, results freed in
// stream order through the pool, the device rules of cuda modules, and
// driver and allocator errors becoming codes.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "FakeDriverHooks.h"

#include <dlpack/dlpack.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using arrayrt::test::fakeDriverHook;

struct Memref1 {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
};

/// The default stream the last packed function saw.
arrayrt_stream_t seenStream = nullptr;

// add_one(x: tensor<?xf32>) -> tensor<?xf32>: x + 1 in a new device buffer
// from the default stream (the fake's device memory is host memory).
void addOne(void **args, void **results) {
  seenStream = arrayrt_default_stream();
  const auto &x = *static_cast<Memref1 *>(args[0]);
  size_t bytes = static_cast<size_t>(x.size) * sizeof(float);
  auto *out = static_cast<float *>(arrayrt_alloc(bytes, seenStream));
  arrayrt_memcpy(out, static_cast<float *>(x.aligned) + x.offset, bytes,
                 seenStream);
  for (int64_t i = 0; i < x.size; ++i)
    out[i] += 1;
  *static_cast<Memref1 *>(results[0]) = {out, out, 0, x.size, 1};
}

/// Where the last addOneResultAlloc computed its result.
void *seenResult = nullptr;

// add_one as array-export-result-buffers compiles it: the result's buffer
// from arrayrt_abi_result_alloc, which may be the caller's tensor.
void addOneResultAlloc(void **args, void **results) {
  const auto &x = *static_cast<Memref1 *>(args[0]);
  const float *in = static_cast<float *>(x.aligned) + x.offset;
  auto *out = static_cast<float *>(arrayrt_abi_result_alloc(
      0, 1, &x.size, sizeof(float), arrayrt_default_stream()));
  seenResult = out;
  for (int64_t i = 0; i < x.size; ++i)
    out[i] = in[i] + 1;
  *static_cast<Memref1 *>(results[0]) = {out, out, 0, x.size, 1};
}

// big(x: tensor<?xf32>) -> tensor<?xf32>: asks for 64 MiB.
void big(void **, void **results) {
  void *out = arrayrt_alloc(64 << 20, arrayrt_default_stream());
  *static_cast<Memref1 *>(results[0]) = {out, out, 0, 16 << 20, 1};
}

const int64_t kDynamic[] = {ARRAYRT_ABI_DYNAMIC};
const arrayrt_abi_value_t kIn[] = {{"x", ARRAYRT_DTYPE_F32, 1, kDynamic}};
const arrayrt_abi_value_t kOut[] = {
    {"result0", ARRAYRT_DTYPE_F32, 1, kDynamic}};
constexpr int32_t kFlags = ARRAYRT_ABI_CUDA | ARRAYRT_ABI_STREAM_ORDERED;
const arrayrt_abi_function_t kFunctions[] = {
    {"add_one", "lib.mlir:1:1", kFlags, 1, 1, kIn, kOut, addOne},
    {"big", "lib.mlir:5:1", kFlags, 1, 1, kIn, kOut, big},
    {"add_one", "lib.mlir:9:1", kFlags, 1, 1, kIn, kOut, addOneResultAlloc}};
const arrayrt_abi_module_t kModule = {ARRAYRT_ABI_VERSION, 3, kFunctions,
                                      "gpulib"};

/// A stream handle of the caller's (the fake driver ignores streams).
arrayrt_stream_t callersStream() {
  return reinterpret_cast<arrayrt_stream_t>(0x5000);
}

uint64_t liveAllocations() {
  arrayrt_pool_stats_t stats;
  arrayrt_pool_get_stats(&stats);
  return stats.live_allocations;
}

/// Device memory holding `values`, described by `tensor` (shape: `shape`).
struct DeviceTensor {
  std::vector<int64_t> shape;
  DLTensor tensor{};
  explicit DeviceTensor(const std::vector<float> &values,
                        DLDevice device = {kDLCUDA, 0})
      : shape{static_cast<int64_t>(values.size())} {
    tensor.data = arrayrt_alloc(values.size() * sizeof(float), nullptr);
    arrayrt_memcpy(tensor.data, values.data(), values.size() * sizeof(float),
                   nullptr);
    tensor.device = device;
    tensor.ndim = 1;
    tensor.dtype = {kDLFloat, 32, 1};
    tensor.shape = shape.data();
  }
  ~DeviceTensor() { arrayrt_free(tensor.data, nullptr); }
  std::vector<float> values() const {
    std::vector<float> out(shape[0]);
    arrayrt_memcpy(out.data(), tensor.data, out.size() * sizeof(float),
                   nullptr);
    return out;
  }
};

int32_t callNew(int32_t index, DLTensor *arg, DLManagedTensor **out,
                arrayrt_stream_t stream) {
  void *args[] = {arg};
  void *results[] = {out};
  return arrayrt_abi_call(&kModule, index, args, results,
                          ARRAYRT_ABI_RESULTS_NEW, stream);
}

TEST(AbiCallGpu, RunsOnTheCallersStream) {
  ASSERT_TRUE(arrayrt::test::kUseFakeDriver);
  DeviceTensor x({1, 2, 3});
  arrayrt_stream_t own = arrayrt_default_stream();
  DLManagedTensor *out = nullptr;
  ASSERT_EQ(callNew(0, &x.tensor, &out, callersStream()), ARRAYRT_ABI_OK)
      << arrayrt_abi_last_error();
  EXPECT_EQ(seenStream, callersStream());
  out->deleter(out);
  // NULL, the legacy default stream, is a stream like any other.
  ASSERT_EQ(callNew(0, &x.tensor, &out, nullptr), ARRAYRT_ABI_OK);
  EXPECT_EQ(seenStream, nullptr);
  out->deleter(out);
  // After the call the thread's default stream is the runtime's again.
  EXPECT_EQ(arrayrt_default_stream(), own);
}

TEST(AbiCallGpu, NewResultIsFreedInStreamOrder) {
  DeviceTensor x({1, 2, 3});
  uint64_t before = liveAllocations();
  DLManagedTensor *out = nullptr;
  ASSERT_EQ(callNew(0, &x.tensor, &out, callersStream()), ARRAYRT_ABI_OK);
  const DLTensor &result = out->dl_tensor;
  EXPECT_EQ(result.device.device_type, kDLCUDA);
  EXPECT_EQ(result.device.device_id, 0);
  ASSERT_EQ(result.shape[0], 3);
  const float *values = static_cast<const float *>(result.data);
  EXPECT_EQ(std::vector<float>(values, values + 3),
            (std::vector<float>{2, 3, 4}));
  EXPECT_EQ(liveAllocations(), before + 1);
  void *data = result.data;
  out->deleter(out);
  EXPECT_EQ(liveAllocations(), before);
  // Freed on the call's stream: the pool hands the block straight back to
  // that stream.
  void *again = arrayrt_alloc(3 * sizeof(float), callersStream());
  EXPECT_EQ(again, data);
  arrayrt_free(again, callersStream());
}

TEST(AbiCallGpu, ResultIntoCallersTensor) {
  DeviceTensor x({1, 2, 3}), y({0, 0, 0}), wrong({0, 0});
  uint64_t before = liveAllocations();
  void *args[] = {&x.tensor};
  void *results[] = {&y.tensor};
  ASSERT_EQ(arrayrt_abi_call(&kModule, 0, args, results,
                             ARRAYRT_ABI_RESULTS_INTO, callersStream()),
            ARRAYRT_ABI_OK)
      << arrayrt_abi_last_error();
  EXPECT_EQ(y.values(), (std::vector<float>{2, 3, 4}));
  EXPECT_EQ(liveAllocations(), before); // The result's buffer was freed.

  // Refused after the run (the size was dynamic): the result is freed too.
  results[0] = &wrong.tensor;
  EXPECT_EQ(arrayrt_abi_call(&kModule, 0, args, results,
                             ARRAYRT_ABI_RESULTS_INTO, callersStream()),
            ARRAYRT_ABI_INVALID_ARGUMENT);
  EXPECT_STREQ(arrayrt_abi_last_error(),
               "add_one: result 0 'result0': the result has shape (3,), but "
               "the tensor to write it into has shape (2,)");
  EXPECT_EQ(liveAllocations(), before);
}

/// Calls function 2 (addOneResultAlloc) on `x` into `y`.
int32_t callInto(DLTensor *x, DLTensor *y) {
  void *args[] = {x};
  void *results[] = {y};
  return arrayrt_abi_call(&kModule, 2, args, results, ARRAYRT_ABI_RESULTS_INTO,
                          callersStream());
}

TEST(AbiCallGpu, ResultComputedInCallersTensor) {
  DeviceTensor x({1, 2, 3}), y({0, 0, 0});
  uint64_t before = liveAllocations();
  ASSERT_EQ(callInto(&x.tensor, &y.tensor), ARRAYRT_ABI_OK)
      << arrayrt_abi_last_error();
  // Computed where the caller wants it: no block, no copy.
  EXPECT_EQ(seenResult, y.tensor.data);
  EXPECT_EQ(y.values(), (std::vector<float>{2, 3, 4}));
  EXPECT_EQ(liveAllocations(), before);

  // Returning new results, the function gets a pool block.
  DLManagedTensor *out = nullptr;
  ASSERT_EQ(callNew(2, &x.tensor, &out, callersStream()), ARRAYRT_ABI_OK);
  EXPECT_EQ(seenResult, out->dl_tensor.data);
  EXPECT_NE(seenResult, y.tensor.data);
  out->deleter(out);
  EXPECT_EQ(liveAllocations(), before);
}

TEST(AbiCallGpu, ResultNotComputedInATensorItMayNotWrite) {
  DeviceTensor x({1, 2, 3}), wide({0, 0, 0, 0}), two({0, 0});
  uint64_t before = liveAllocations();
  // In place (the result tensor is the argument): computed in a block,
  // then copied over the argument.
  ASSERT_EQ(callInto(&x.tensor, &x.tensor), ARRAYRT_ABI_OK)
      << arrayrt_abi_last_error();
  EXPECT_NE(seenResult, x.tensor.data);
  EXPECT_EQ(x.values(), (std::vector<float>{2, 3, 4}));
  EXPECT_EQ(liveAllocations(), before);

  // A tensor that does not start 256-byte aligned.
  DLTensor shifted = wide.tensor;
  shifted.byte_offset = sizeof(float);
  int64_t three = 3;
  shifted.shape = &three;
  ASSERT_EQ(callInto(&x.tensor, &shifted), ARRAYRT_ABI_OK)
      << arrayrt_abi_last_error();
  EXPECT_NE(seenResult, static_cast<char *>(wide.tensor.data) + 4);
  EXPECT_EQ(wide.values(), (std::vector<float>{0, 3, 4, 5}));

  // A tensor of another shape: not written at all, and an error.
  EXPECT_EQ(callInto(&x.tensor, &two.tensor), ARRAYRT_ABI_INVALID_ARGUMENT);
  EXPECT_EQ(two.values(), (std::vector<float>{0, 0}));
  EXPECT_EQ(liveAllocations(), before);
}

TEST(AbiCallGpu, ResultAllocOutsideACall) {
  // Compiled code of a function not called through the ABI: a pool block.
  int64_t four = 4;
  uint64_t before = liveAllocations();
  void *block = arrayrt_abi_result_alloc(0, 1, &four, sizeof(float),
                                         callersStream());
  ASSERT_NE(block, nullptr);
  EXPECT_EQ(liveAllocations(), before + 1);
  arrayrt_free(block, callersStream());
  int64_t none = 0;
  EXPECT_EQ(arrayrt_abi_result_alloc(0, 1, &none, sizeof(float),
                                     callersStream()),
            nullptr);
}

TEST(AbiCallGpu, DeviceRulesOfCudaModules) {
  DeviceTensor x({1, 2});
  DLManagedTensor *out = nullptr;
  x.tensor.device = {kDLCUDAManaged, 0};
  ASSERT_EQ(callNew(0, &x.tensor, &out, nullptr), ARRAYRT_ABI_OK);
  out->deleter(out);

  x.tensor.device = {kDLCUDA, 1};
  EXPECT_EQ(callNew(0, &x.tensor, &out, nullptr), ARRAYRT_ABI_INVALID_ARGUMENT);
  EXPECT_STREQ(arrayrt_abi_last_error(),
               "add_one: argument 0 'x': expected a tensor<?xf32> (float32, "
               "1-d, ?), found float32 of shape (2,) on cuda:1; the runtime "
               "runs on device 0 (its primary context), so the tensor must be "
               "on cuda:0");

  for (DLDeviceType host : {kDLCPU, kDLCUDAHost}) {
    x.tensor.device = {host, 0};
    EXPECT_EQ(callNew(0, &x.tensor, &out, nullptr),
              ARRAYRT_ABI_INVALID_ARGUMENT);
    EXPECT_NE(std::string(arrayrt_abi_last_error())
                  .find("; this library was compiled for the GPU "
                        "(--target=cuda): its tensors must be in GPU memory "
                        "(DLPack's kDLCUDA or kDLCUDAManaged)"),
              std::string::npos)
        << arrayrt_abi_last_error();
  }
  x.tensor.device = {kDLCUDA, 0};
}

TEST(AbiCallGpu, OutOfGpuMemoryIsAnErrorCode) {
  auto setCapacity =
      fakeDriverHook<void (*)(size_t)>("fakeCudaSetMemoryCapacity");
  auto liveBytes = fakeDriverHook<size_t (*)()>("fakeCudaLiveBytes");
  ASSERT_TRUE(setCapacity && liveBytes);
  DeviceTensor x({1});
  arrayrt_pool_free_all_cached();
  setCapacity(liveBytes() + (1 << 20));
  DLManagedTensor *out = nullptr;
  int32_t status = callNew(1, &x.tensor, &out, callersStream());
  setCapacity(0);
  EXPECT_EQ(status, ARRAYRT_ABI_RUNTIME_ERROR);
  EXPECT_EQ(out, nullptr);
  // The function's location names it (no op was set yet).
  std::string message = arrayrt_abi_last_error();
  EXPECT_EQ(message.rfind("big: lib.mlir:5:1: out of GPU memory: cannot "
                          "allocate 67108864 bytes (64.00 MiB): ",
                          0),
            0u)
      << message;
  // The process, and the runtime, go on.
  ASSERT_EQ(callNew(0, &x.tensor, &out, callersStream()), ARRAYRT_ABI_OK);
  out->deleter(out);
}

TEST(AbiCallGpu, StreamWait) {
  // In a child: the wait's per-thread event lives as long as the thread,
  // and the other tests count the fake driver's live events.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(std::_Exit(arrayrt_abi_stream_wait(callersStream(), nullptr)),
              testing::ExitedWithCode(ARRAYRT_ABI_OK), "");
}

} // namespace
