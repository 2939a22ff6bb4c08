//===- call_overhead.cu - Host time of a call into a compiled library ----===//
//
// The host time of one call of `scale` (libscale.so from scale.mlir, one
// kernel over 1024 floats) from C++, against the same kernel launched
// directly (<<<>>> and cuLaunchKernel through the runtime API): calls are
// issued in batches of 100 between stream synchronizations, so the launch
// queue never fills and the time is the host's alone. Prints one JSON line.
//
//   nvcc -O2 -std=c++17 -I<dir of scale.h> call_overhead.cu -L<dir> -lscale
//        -Xlinker -rpath,<dir> -lcuda -o call_overhead
//
//===----------------------------------------------------------------------===//

#include "scale.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

__global__ void scaleKernel(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i] * 2.0f + 1.0f;
}

namespace {

constexpr int kElements = 1024;
constexpr int kBatch = 100;
constexpr int kBatches = 200;

void check(cudaError_t status, const char *what) {
  if (status != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(status));
    std::exit(1);
  }
}

void checkCall(int32_t status, const char *what) {
  if (status != 0) {
    std::fprintf(stderr, "%s: %s\n", what, scale_last_error());
    std::exit(1);
  }
}

/// Median over batches of the host time per call of `call`, in µs.
template <typename Call> double hostMicroseconds(cudaStream_t stream,
                                                 Call &&call) {
  std::vector<double> perCall;
  for (int batch = 0; batch < kBatches + 5; ++batch) {
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kBatch; ++i)
      call();
    auto end = std::chrono::steady_clock::now();
    check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
    if (batch >= 5) // Warm-up batches.
      perCall.push_back(
          std::chrono::duration<double, std::micro>(end - start).count() /
          kBatch);
  }
  std::sort(perCall.begin(), perCall.end());
  return perCall[perCall.size() / 2];
}

DLTensor tensorOver(float *data, int64_t *shape) {
  DLTensor tensor{};
  tensor.data = data;
  tensor.device = {kDLCUDA, 0};
  tensor.ndim = 1;
  tensor.dtype = {kDLFloat, 32, 1};
  tensor.shape = shape;
  return tensor;
}

} // namespace

int main() {
  float *x, *y;
  check(cudaMalloc(&x, kElements * sizeof(float)), "cudaMalloc");
  check(cudaMalloc(&y, kElements * sizeof(float)), "cudaMalloc");
  std::vector<float> host(kElements);
  for (int i = 0; i < kElements; ++i)
    host[i] = static_cast<float>(i % 97) - 48.0f;
  check(cudaMemcpy(x, host.data(), kElements * sizeof(float),
                   cudaMemcpyHostToDevice),
        "cudaMemcpy");
  cudaStream_t stream;
  check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking),
        "cudaStreamCreate");
  int64_t shape[1] = {kElements};
  DLTensor in = tensorOver(x, shape), out = tensorOver(y, shape);
  int n = kElements;

  double bare = hostMicroseconds(stream, [&] {
    scaleKernel<<<(kElements + 255) / 256, 256, 0, stream>>>(x, y, n);
  });
  void *params[] = {&x, &y, &n};
  double launch = hostMicroseconds(stream, [&] {
    check(cudaLaunchKernel(reinterpret_cast<const void *>(scaleKernel),
                           dim3((kElements + 255) / 256), dim3(256), params,
                           0, stream),
          "cudaLaunchKernel");
  });
  double into = hostMicroseconds(stream, [&] {
    checkCall(scale_scale_into(&in, &out, stream), "scale_scale_into");
  });
  double fresh = hostMicroseconds(stream, [&] {
    DLManagedTensor *result = nullptr;
    checkCall(scale_scale(&in, &result, stream), "scale_scale");
    result->deleter(result);
  });

  // The results are right.
  check(cudaMemset(y, 0, kElements * sizeof(float)), "cudaMemset");
  checkCall(scale_scale_into(&in, &out, stream), "scale_scale_into");
  std::vector<float> back(kElements);
  check(cudaMemcpyAsync(back.data(), y, kElements * sizeof(float),
                        cudaMemcpyDeviceToHost, stream),
        "cudaMemcpyAsync");
  check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  int wrong = 0;
  for (int i = 0; i < kElements; ++i)
    wrong += back[i] != host[i] * 2.0f + 1.0f;

  std::printf("{\"elements\": %d, \"bare_launch_us\": %.3f, "
              "\"cudaLaunchKernel_us\": %.3f, \"ours_into_us\": %.3f, "
              "\"ours_new_and_delete_us\": %.3f, \"into_minus_launch_us\": "
              "%.3f, \"new_minus_launch_us\": %.3f, \"wrong\": %d}\n",
              kElements, bare, launch, into, fresh, into - bare, fresh - bare,
              wrong);
  return wrong == 0 ? 0 : 1;
}
