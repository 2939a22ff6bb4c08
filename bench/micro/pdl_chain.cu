// What a chain of small dependent kernels costs per kernel in a CUDA graph,
// with and without programmatic dependent launch (PDL: the launch
// attribute programmaticStreamSerialization, `griddepcontrol.wait` at each
// kernel's entry, optionally `griddepcontrol.launch_dependents` right
// after), and what a whole-array sum costs as two kernels (partials, then
// one block combining them) against one (the last block to finish combines
// them, found through an atomic counter it resets).
//
//   nvcc -O3 -arch=sm_90a bench/micro/pdl_chain.cu -o pdl_chain && ./pdl_chain
//
// Prints one line per variant: microseconds per kernel (or per sum), the
// median of 9 replays of a graph of `chain` kernels repeated `reps` times.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      std::printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e));   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

enum Mode { Plain = 0, Wait = 1, WaitTrigger = 2 };

template <int M> __device__ void entry() {
  if (M != Plain)
    asm volatile("griddepcontrol.wait;" ::: "memory");
  if (M == WaitTrigger)
    asm volatile("griddepcontrol.launch_dependents;");
}

template <int M>
__global__ void axpy(int n, float a, const float *x, float *y) {
  entry<M>();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__device__ float blockSum(float v) {
  __shared__ float warps[32];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffffu, v, o);
  if (threadIdx.x % 32 == 0)
    warps[threadIdx.x / 32] = v;
  __syncthreads();
  v = threadIdx.x < blockDim.x / 32 ? warps[threadIdx.x] : 0.f;
  if (threadIdx.x < 32)
    for (int o = 16; o > 0; o /= 2)
      v += __shfl_down_sync(0xffffffffu, v, o);
  __syncthreads();
  return v;
}

/// The block's share of sum(x * x) (a grid-stride loop), reduced over the
/// block: thread 0 gets the total.
__device__ float blockSumOfSquares(int n, const float *x) {
  float v = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    v += x[i] * x[i];
  return blockSum(v);
}

template <int M> __global__ void partials(int n, const float *x, double *part) {
  entry<M>();
  float v = blockSumOfSquares(n, x);
  if (threadIdx.x == 0)
    part[blockIdx.x] = v;
}

template <int M>
__global__ void combine(int parts, const double *part, float *out) {
  entry<M>();
  double v = 0;
  for (int i = threadIdx.x; i < parts; i += blockDim.x)
    v += part[i];
  v = blockSum((float)v);
  if (threadIdx.x == 0)
    *out = v;
}

template <int M>
__global__ void onePass(int n, const float *x, double *part, unsigned *counter,
                        float *out) {
  entry<M>();
  float v = blockSumOfSquares(n, x);
  __shared__ bool last;
  if (threadIdx.x == 0) {
    part[blockIdx.x] = v;
    __threadfence();
    last = atomicAdd(counter, 1) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last)
    return;
  __threadfence();
  double t = 0;
  for (int i = threadIdx.x; i < (int)gridDim.x; i += blockDim.x)
    t += ((volatile double *)part)[i];
  t = blockSum((float)t);
  if (threadIdx.x == 0) {
    *out = t;
    *counter = 0;
  }
}

template <typename K, typename... A>
void launch(bool pdl, K kernel, int blocks, cudaStream_t s, A... args) {
  cudaLaunchConfig_t config = {};
  config.gridDim = blocks;
  config.blockDim = 256;
  config.stream = s;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  config.attrs = attr;
  config.numAttrs = pdl ? 1 : 0;
  CHECK(cudaLaunchKernelEx(&config, kernel, args...));
}

template <typename F> double timeGraph(cudaStream_t s, int count, F body) {
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  body();
  CHECK(cudaStreamEndCapture(s, &graph));
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  std::vector<float> times;
  for (int r = 0; r < 12; ++r) {
    CHECK(cudaEventRecord(a, s));
    CHECK(cudaGraphLaunch(exec, s));
    CHECK(cudaEventRecord(b, s));
    CHECK(cudaEventSynchronize(b));
    float ms;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    if (r >= 3)
      times.push_back(ms);
  }
  std::sort(times.begin(), times.end());
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));
  return times[times.size() / 2] * 1000.0 / count;
}

template <int M> void chains(int n, float *x, float *y, cudaStream_t s) {
  const int reps = 1000, blocks = (n + 255) / 256;
  double us = timeGraph(s, reps, [&] {
    for (int r = 0; r < reps; ++r)
      launch(M != Plain, axpy<M>, blocks, s, n, 1.0001f, (const float *)x, y);
  });
  std::printf("axpy n=%d mode=%d: %.3f us per kernel\n", n, M, us);
}

template <int M>
void sums(int n, float *x, double *part, unsigned *counter, float *out,
          cudaStream_t s) {
  const int reps = 1000, blocks = 264;
  double two = timeGraph(s, reps, [&] {
    for (int r = 0; r < reps; ++r) {
      launch(M != Plain, partials<M>, blocks, s, n, (const float *)x, part);
      launch(M != Plain, combine<M>, 1, s, blocks, (const double *)part, out);
    }
  });
  float a;
  CHECK(cudaMemcpy(&a, out, 4, cudaMemcpyDeviceToHost));
  double one = timeGraph(s, reps, [&] {
    for (int r = 0; r < reps; ++r)
      launch(M != Plain, onePass<M>, blocks, s, n, (const float *)x, part,
             counter, out);
  });
  float b;
  CHECK(cudaMemcpy(&b, out, 4, cudaMemcpyDeviceToHost));
  std::printf("sum n=%d mode=%d: two kernels %.3f us, one kernel %.3f us "
              "(results %.6g %.6g)\n",
              n, M, two, one, a, b);
}

int main() {
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  const int big = 1 << 20;
  float *x, *y, *out;
  double *part;
  unsigned *counter;
  CHECK(cudaMalloc(&x, big * 4));
  CHECK(cudaMalloc(&y, big * 4));
  CHECK(cudaMalloc(&out, 4));
  CHECK(cudaMalloc(&part, 4096 * 8));
  CHECK(cudaMalloc(&counter, 4));
  CHECK(cudaMemset(counter, 0, 4));
  std::vector<float> ones(big, 0.5f);
  CHECK(cudaMemcpy(x, ones.data(), big * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(y, 0, big * 4));
  for (int n : {1024, 65536, big}) {
    chains<Plain>(n, x, y, s);
    chains<Wait>(n, x, y, s);
    chains<WaitTrigger>(n, x, y, s);
  }
  for (int n : {65536, big}) {
    sums<Plain>(n, x, part, counter, out, s);
    sums<Wait>(n, x, part, counter, out, s);
    sums<WaitTrigger>(n, x, part, counter, out, s);
  }
  return 0;
}
