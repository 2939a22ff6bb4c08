//===- softmax_caller.cpp - A C++ program calling a compiled softmax ------===//
//
// The program owns its memory and its stream; the compiled function works
// in place on them. Build (GPU):
//
//   arrayc --emit=shared examples/interop/softmax.mlir -o libsoftmax.so
//   nvcc -std=c++17 -I. examples/interop/softmax_caller.cpp -L. -lsoftmax \
//        -Xlinker -rpath,'$ORIGIN' -o softmax_caller
//   ./softmax_caller 512 1000
//
// For the CPU target, build the library with --target=cpu and this file
// with -DSOFTMAX_ON_CPU (any C++17 compiler, no CUDA): the same calls take
// host memory.
//
//===----------------------------------------------------------------------===//

#include "softmax.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#ifndef SOFTMAX_ON_CPU
#include <cuda_runtime.h>
#endif

namespace {

/// A row-major float32 DLTensor over `data` (not owned).
DLTensor tensorOver(float *data, int64_t *shape, DLDeviceType device) {
  DLTensor tensor{};
  tensor.data = data;
  tensor.device = {device, 0};
  tensor.ndim = 2;
  tensor.dtype = {kDLFloat, 32, 1};
  tensor.shape = shape;
  tensor.strides = nullptr; // Row-major contiguous.
  tensor.byte_offset = 0;
  return tensor;
}

int fail(const char *what, int32_t status) {
  std::fprintf(stderr, "%s failed (%d): %s\n", what, status,
               softmax_last_error());
  return 1;
}

#ifndef SOFTMAX_ON_CPU
void check(cudaError_t status, const char *what) {
  if (status != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(status));
    std::exit(1);
  }
}
#endif

/// The largest difference between `y` and NumPy's formula on `x`.
double maxError(const std::vector<float> &x, const std::vector<float> &y,
                int64_t rows, int64_t cols) {
  double worst = 0;
  for (int64_t r = 0; r < rows; ++r) {
    const float *row = &x[r * cols];
    double max = row[0], sum = 0;
    for (int64_t c = 0; c < cols; ++c)
      max = std::fmax(max, row[c]);
    for (int64_t c = 0; c < cols; ++c)
      sum += std::exp(row[c] - max);
    for (int64_t c = 0; c < cols; ++c)
      worst = std::fmax(worst, std::fabs(std::exp(row[c] - max) / sum -
                                         y[r * cols + c]));
  }
  return worst;
}

} // namespace

int main(int argc, char **argv) {
  int64_t rows = argc > 1 ? std::atoll(argv[1]) : 512;
  int64_t cols = argc > 2 ? std::atoll(argv[2]) : 1000;
  size_t count = static_cast<size_t>(rows * cols);
  std::vector<float> x(count), y(count), z(count);
  std::mt19937 random(42);
  std::normal_distribution<float> normal(0.0f, 3.0f);
  for (float &value : x)
    value = normal(random);
  int64_t shape[2] = {rows, cols};

#ifdef SOFTMAX_ON_CPU
  // Host memory, used in place; the stream is ignored.
  void *stream = nullptr;
  DLTensor in = tensorOver(x.data(), shape, kDLCPU);
  DLTensor out = tensorOver(y.data(), shape, kDLCPU);
#else
  // The caller's own allocations and stream: the library queues its work on
  // the stream and returns without waiting for it.
  float *deviceX = nullptr, *deviceY = nullptr;
  check(cudaMalloc(&deviceX, count * sizeof(float)), "cudaMalloc");
  check(cudaMalloc(&deviceY, count * sizeof(float)), "cudaMalloc");
  cudaStream_t cudaStream;
  check(cudaStreamCreateWithFlags(&cudaStream, cudaStreamNonBlocking),
        "cudaStreamCreate");
  void *stream = cudaStream;
  std::printf("caller's stream: %p\n", stream);
  check(cudaMemcpyAsync(deviceX, x.data(), count * sizeof(float),
                        cudaMemcpyHostToDevice, cudaStream),
        "cudaMemcpyAsync");
  DLTensor in = tensorOver(deviceX, shape, kDLCUDA);
  DLTensor out = tensorOver(deviceY, shape, kDLCUDA);
#endif

  // 1. Into the caller's tensor.
  if (int32_t status = softmax_softmax_into(&in, &out, stream))
    return fail("softmax_softmax_into", status);

  // 2. Into a new tensor from the library's pool, handed over with its
  // deleter.
  DLManagedTensor *result = nullptr;
  if (int32_t status = softmax_softmax(&in, &result, stream))
    return fail("softmax_softmax", status);
  const DLTensor &fresh = result->dl_tensor;
  if (fresh.ndim != 2 || fresh.shape[0] != rows || fresh.shape[1] != cols) {
    std::fprintf(stderr, "unexpected result shape\n");
    return 1;
  }

#ifdef SOFTMAX_ON_CPU
  std::copy_n(static_cast<const float *>(fresh.data), count, z.begin());
#else
  check(cudaMemcpyAsync(y.data(), deviceY, count * sizeof(float),
                        cudaMemcpyDeviceToHost, cudaStream),
        "cudaMemcpyAsync");
  check(cudaMemcpyAsync(z.data(), fresh.data, count * sizeof(float),
                        cudaMemcpyDeviceToHost, cudaStream),
        "cudaMemcpyAsync");
  check(cudaStreamSynchronize(cudaStream), "cudaStreamSynchronize");
#endif
  result->deleter(result);

  // 3. A wrong argument is an error code and a message, not a crash.
  int64_t wrongShape[1] = {rows * cols};
  DLTensor wrong = in;
  wrong.ndim = 1;
  wrong.shape = wrongShape;
  int32_t status = softmax_softmax_into(&wrong, &out, stream);
  std::printf("wrong rank: status %d: %s\n", status, softmax_last_error());

  double errorInto = maxError(x, y, rows, cols);
  double errorNew = maxError(x, z, rows, cols);
  std::printf("softmax %lld x %lld: max error into %.3g, new %.3g\n",
              static_cast<long long>(rows), static_cast<long long>(cols),
              errorInto, errorNew);
#ifndef SOFTMAX_ON_CPU
  check(cudaFree(deviceX), "cudaFree");
  check(cudaFree(deviceY), "cudaFree");
  check(cudaStreamDestroy(cudaStream), "cudaStreamDestroy");
#endif
  bool ok = status == SOFTMAX_INVALID_ARGUMENT && errorInto < 1e-6 &&
            errorNew < 1e-6;
  std::printf("%s\n", ok ? "OK" : "FAILED");
  return ok ? 0 : 1;
}
