// Streaming-kernel variants behind the generated kernels' design choices
// (issue 4): which load/store flavours, grid shapes and accumulator types
// reach the device's copy bandwidth. Each variant is timed with CUDA events
// (median of 30 runs after 5 warm-ups) on the same 2^28-element float32
// inputs as bench/gaussian.mlir and bench/sum.mlir, and checked against the
// first variant's result. Build: nvcc -O3 -arch=sm_90a streaming.cu
//
// Results are recorded in docs/performance.md ("Streaming-kernel variants").
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cstring>
#include <unistd.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,           \
              cudaGetErrorString(e));                                          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

constexpr long long N = 1LL << 28;

__device__ __forceinline__ float gauss(float x, float a, float b) {
  return __expf(-(x * x) * 0.5f) * a + b;
}

enum Load { Plain, NonCoherent };
enum Store { WriteBack, Streaming };

template <Load L> __device__ __forceinline__ float4 load4(const float4 *p) {
  if constexpr (L == NonCoherent)
    return __ldg(p);
  else
    return *p;
}
template <Store S> __device__ __forceinline__ void store4(float4 *p, float4 v) {
  if constexpr (S == Streaming)
    __stcs(p, v);
  else
    *p = v;
}
__device__ __forceinline__ float4 gauss4(float4 v, float a, float b) {
  return make_float4(gauss(v.x, a, b), gauss(v.y, a, b), gauss(v.z, a, b),
                     gauss(v.w, a, b));
}

// One tile of blockDim * U float4s, starting at vector `base`: every
// thread loads its U vectors, then computes and stores them.
template <int U, Load L, Store S>
__device__ __forceinline__ void gaussTile(const float4 *__restrict__ x,
                                          float4 *__restrict__ y,
                                          unsigned base, float a, float b) {
  float4 v[U];
#pragma unroll
  for (int u = 0; u < U; ++u)
    v[u] = load4<L>(x + base + u * blockDim.x);
#pragma unroll
  for (int u = 0; u < U; ++u)
    store4<S>(y + base + u * blockDim.x, gauss4(v[u], a, b));
}

// Persistent grid: each block walks tiles.
template <int U, Load L, Store S>
__global__ void gaussPersistent(const float4 *__restrict__ x,
                                float4 *__restrict__ y, const float *ap,
                                const float *bp, unsigned tiles) {
  float a = *ap, b = *bp;
  for (unsigned t = blockIdx.x; t < tiles; t += gridDim.x)
    gaussTile<U, L, S>(x, y, t * blockDim.x * U + threadIdx.x, a, b);
}

// One tile per block, as many blocks as tiles.
template <int U, Load L, Store S>
__global__ void gaussOneTile(const float4 *__restrict__ x,
                             float4 *__restrict__ y, const float *ap,
                             const float *bp) {
  gaussTile<U, L, S>(x, y, blockIdx.x * blockDim.x * U + threadIdx.x, *ap,
                     *bp);
}

__global__ void copyPersistent(const float4 *__restrict__ x,
                               float4 *__restrict__ y, unsigned n4) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n4;
       i += gridDim.x * blockDim.x)
    y[i] = x[i];
}

// The general (not flat) kernels' shape: one 4-byte element per thread and
// iteration, grid-stride, here with a broadcast row (y = m + row).
__global__ void addRowGridStride(const float *__restrict__ m,
                                 const float *__restrict__ row,
                                 float *__restrict__ y, unsigned n,
                                 unsigned cols) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    y[i] = m[i] + row[i % cols];
}

// acc[u] += the elements of v[u], pairwise.
template <typename Acc, int U>
__device__ __forceinline__ void accumulate(Acc (&acc)[U],
                                           const float4 (&v)[U]) {
#pragma unroll
  for (int u = 0; u < U; ++u)
    acc[u] += ((Acc)v[u].x + (Acc)v[u].y) + ((Acc)v[u].z + (Acc)v[u].w);
}
template <typename Acc, int U>
__device__ __forceinline__ Acc total(const Acc (&acc)[U]) {
  Acc s = 0;
#pragma unroll
  for (int u = 0; u < U; ++u)
    s += acc[u];
  return s;
}

// The sum of `s` over the block (valid in thread 0).
template <typename Acc> __device__ Acc blockSum(Acc s) {
  for (int o = 16; o; o >>= 1)
    s += __shfl_xor_sync(~0u, s, o);
  __shared__ Acc warp[32];
  if (threadIdx.x % 32 == 0)
    warp[threadIdx.x / 32] = s;
  __syncthreads();
  s = threadIdx.x < blockDim.x / 32 ? warp[threadIdx.x] : 0;
  if (threadIdx.x < 32)
    for (int o = 16; o; o >>= 1)
      s += __shfl_xor_sync(~0u, s, o);
  return s;
}

// Sums: per-block partials, then one block adds them.
template <typename Acc, int U, Load L>
__global__ void sumPartials(const float4 *__restrict__ x, Acc *partials,
                            unsigned tiles) {
  Acc acc[U] = {};
  for (unsigned t = blockIdx.x; t < tiles; t += gridDim.x) {
    unsigned base = t * blockDim.x * U + threadIdx.x;
    float4 v[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      v[u] = load4<L>(x + base + u * blockDim.x);
    accumulate(acc, v);
  }
  Acc s = blockSum(total(acc));
  if (threadIdx.x == 0)
    partials[blockIdx.x] = s;
}
// As sumPartials, but every element goes through one accumulator in turn:
// a chain of 4 * U dependent adds per iteration (the generated kernels'
// shape before they had an accumulator per unrolled load).
template <typename Acc, int U>
__global__ void sumPartialsChain(const float4 *__restrict__ x, Acc *partials,
                                 unsigned tiles) {
  Acc acc = 0;
  for (unsigned t = blockIdx.x; t < tiles; t += gridDim.x) {
    unsigned base = t * blockDim.x * U + threadIdx.x;
    float4 v[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      v[u] = x[base + u * blockDim.x];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      acc += (Acc)v[u].x;
      acc += (Acc)v[u].y;
      acc += (Acc)v[u].z;
      acc += (Acc)v[u].w;
    }
  }
  acc = blockSum(acc);
  if (threadIdx.x == 0)
    partials[blockIdx.x] = acc;
}

template <typename Acc>
__global__ void sumFinal(const Acc *partials, unsigned n, float *out) {
  Acc s = 0;
  for (unsigned i = threadIdx.x; i < n; i += blockDim.x)
    s += partials[i];
  s = blockSum(s);
  if (threadIdx.x == 0)
    *out = (float)s;
}


// Row sums of a rows x cols matrix: one block per row.
template <typename Acc, int T, int U>
__global__ void __launch_bounds__(T) rowSum(const float4 *__restrict__ m,
                                            float *out, unsigned cols4) {
  const float4 *row = m + (size_t)blockIdx.x * cols4;
  Acc acc[U] = {};
  for (unsigned c = threadIdx.x; c < cols4; c += T * U) {
    float4 v[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      v[u] = row[c + u * T];
    accumulate(acc, v);
  }
  Acc s = blockSum(total(acc));
  if (threadIdx.x == 0)
    out[blockIdx.x] = (float)s;
}

template <typename F> float timeIt(F f) {
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  for (int i = 0; i < 5; ++i)
    f();
  std::vector<float> ms;
  for (int i = 0; i < 30; ++i) {
    CHECK(cudaEventRecord(start));
    f();
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float t;
    CHECK(cudaEventElapsedTime(&t, start, stop));
    ms.push_back(t);
  }
  CHECK(cudaGetLastError());
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

int main() {
  int sms;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  float *x, *y, *ref, *ab, *out;
  double *partials;
  CHECK(cudaMalloc(&x, N * 4));
  CHECK(cudaMalloc(&y, N * 4));
  CHECK(cudaMalloc(&ref, N * 4));
  CHECK(cudaMalloc(&ab, 8));
  CHECK(cudaMalloc(&out, 4));
  CHECK(cudaMalloc(&partials, 65536 * 8));
  std::vector<float> h(N);
  srand(1);
  for (long long i = 0; i < N; ++i)
    h[i] = (float)rand() / RAND_MAX * 2 - 1;
  CHECK(cudaMemcpy(x, h.data(), N * 4, cudaMemcpyHostToDevice));
  float hab[2] = {1.5f, -0.25f};
  CHECK(cudaMemcpy(ab, hab, 8, cudaMemcpyHostToDevice));
  const float4 *x4 = (const float4 *)x;
  float4 *y4 = (float4 *)y;
  unsigned n4 = N / 4;
  double bytes = 8.0 * N;
  auto report = [&](const char *name, float ms, bool check) {
    double err = 0;
    if (check) {
      std::vector<float> a(1 << 20), r(1 << 20);
      CHECK(cudaMemcpy(a.data(), y + N - (1 << 20), 4 << 20,
                       cudaMemcpyDeviceToHost));
      CHECK(cudaMemcpy(r.data(), ref + N - (1 << 20), 4 << 20,
                       cudaMemcpyDeviceToHost));
      for (int i = 0; i < (1 << 20); ++i)
        err = std::max(err, (double)std::fabs(a[i] - r[i]));
      CHECK(cudaMemset(y, 0, N * 4));
    }
    printf("%-44s %8.4f ms %7.0f GB/s  maxdiff %.1e\n", name, ms,
           bytes / ms / 1e6, err);
  };
  // Reference and anchors.
  report("cudaMemcpy D2D", timeIt([&] {
           CHECK(cudaMemcpyAsync(y, x, N * 4, cudaMemcpyDeviceToDevice));
         }),
         false);
  report("copy kernel, 4 blocks/SM x 256, float4", timeIt([&] {
           copyPersistent<<<sms * 4, 256>>>(x4, y4, n4);
         }),
         false);
  report("copy kernel, n/1024 blocks x 256, float4", timeIt([&] {
           copyPersistent<<<n4 / 256, 256>>>(x4, y4, n4);
         }),
         false);
  for (unsigned perSm : {8u, 32u, 0u}) {
    unsigned blocks = perSm ? sms * perSm : (unsigned)(N / 256);
    float ms = timeIt([&] {
      addRowGridStride<<<blocks, 256>>>(x, x, y, (unsigned)N, 16384);
    });
    char name[64];
    snprintf(name, sizeof name, "general m + row, %s%u blocks x 256",
             perSm == 8 ? "8/SM: " : perSm ? "32/SM: " : "n/256: ", blocks);
    report(name, ms, false);
  }
  gaussPersistent<4, Plain, WriteBack><<<sms * 4, 256>>>(
      x4, (float4 *)ref, ab, ab + 1, n4 / 1024);
  CHECK(cudaDeviceSynchronize());

#define PERSISTENT(U, L, S, BPS, T)                                            \
  report("persistent U=" #U " " #L " " #S " " #BPS "/SM x" #T, timeIt([&] {   \
           gaussPersistent<U, L, S><<<sms * BPS, T>>>(x4, y4, ab, ab + 1,      \
                                                      n4 / (T * U));           \
         }),                                                                   \
         true)
#define ONETILE(U, L, S, T)                                                    \
  report("one tile/block U=" #U " " #L " " #S " x" #T, timeIt([&] {           \
           gaussOneTile<U, L, S><<<n4 / (T * U), T>>>(x4, y4, ab, ab + 1);     \
         }),                                                                   \
         true)
  PERSISTENT(4, Plain, WriteBack, 4, 256); // today's generated kernel
  PERSISTENT(4, NonCoherent, WriteBack, 4, 256);
  PERSISTENT(4, Plain, Streaming, 4, 256);
  PERSISTENT(4, NonCoherent, Streaming, 4, 256);
  PERSISTENT(8, Plain, WriteBack, 4, 256);
  PERSISTENT(8, NonCoherent, Streaming, 4, 256);
  PERSISTENT(2, Plain, WriteBack, 8, 256);
  PERSISTENT(4, Plain, WriteBack, 8, 128);
  PERSISTENT(4, Plain, WriteBack, 16, 128);
  PERSISTENT(4, Plain, WriteBack, 2, 512);
  PERSISTENT(4, Plain, WriteBack, 32, 64);
  ONETILE(1, Plain, WriteBack, 256);
  ONETILE(2, Plain, WriteBack, 256);
  ONETILE(4, Plain, WriteBack, 256);
  ONETILE(4, NonCoherent, Streaming, 256);
  ONETILE(2, Plain, WriteBack, 128);
  ONETILE(4, Plain, WriteBack, 128);
  ONETILE(8, Plain, WriteBack, 128);

  // Sums (bytes moved: 4 per element).
  bytes = 4.0 * N;
  double exact = 0;
  for (long long i = 0; i < N; ++i)
    exact += h[i];
  float got;
#define SUM(ACC, U, L, BPS, T)                                                 \
  {                                                                            \
    unsigned blocks = sms * BPS;                                               \
    float ms = timeIt([&] {                                                    \
      sumPartials<ACC, U, L><<<blocks, T>>>(x4, (ACC *)partials,               \
                                            n4 / (T * U));                     \
      sumFinal<ACC><<<1, 1024>>>((ACC *)partials, blocks, out);                \
    });                                                                        \
    CHECK(cudaMemcpy(&got, out, 4, cudaMemcpyDeviceToHost));                   \
    printf("sum %-6s U=%d %-11s %2d/SM x%4d      %8.4f ms %7.0f GB/s  relerr "  \
           "%.1e\n",                                                           \
           #ACC, U, #L, BPS, T, ms, bytes / ms / 1e6,                          \
           std::fabs(got - exact) / std::fabs(exact));                         \
  }
  {
    unsigned blocks = sms * 4;
    float ms = timeIt([&] {
      sumPartialsChain<double, 4><<<blocks, 256>>>(x4, partials, n4 / 1024);
      sumFinal<double><<<1, 1024>>>(partials, blocks, out);
    });
    CHECK(cudaMemcpy(&got, out, 4, cudaMemcpyDeviceToHost));
    printf("sum double U=4 one chain   4/SM x 256        %8.4f ms %7.0f GB/s  "
           "relerr %.1e\n",
           ms, bytes / ms / 1e6, std::fabs(got - exact) / std::fabs(exact));
  }
  SUM(double, 4, Plain, 4, 256); // the generated kernels' shape
  SUM(float, 4, Plain, 4, 256);
  SUM(double, 4, NonCoherent, 4, 256);
  SUM(float, 4, NonCoherent, 4, 256);
  SUM(double, 8, Plain, 4, 256);
  SUM(float, 8, Plain, 4, 256);
  SUM(double, 4, Plain, 8, 256);
  SUM(float, 4, Plain, 8, 256);
  SUM(double, 2, Plain, 8, 256);
  SUM(float, 4, Plain, 2, 512);
  SUM(double, 4, Plain, 2, 512);
  SUM(double, 4, Plain, 4, 512);
  SUM(float, 8, NonCoherent, 8, 256);

  // Row sums of the same data seen as 16384 x 16384.
  {
    unsigned rows = 16384, cols4 = 16384 / 4;
    std::vector<float> rowRef(rows);
    for (unsigned r = 0; r < 4; ++r) {
      double e = 0;
      for (unsigned c = 0; c < 16384; ++c)
        e += h[(size_t)r * 16384 + c];
      rowRef[r] = e;
    }
#define ROWSUM(ACC, T, U)                                                      \
  {                                                                            \
    float ms = timeIt(                                                         \
        [&] { rowSum<ACC, T, U><<<rows, T>>>(x4, y, cols4); });                 \
    float r4[4];                                                               \
    CHECK(cudaMemcpy(r4, y, 16, cudaMemcpyDeviceToHost));                     \
    double err = 0;                                                            \
    for (int r = 0; r < 4; ++r)                                                \
      err = std::max(err, (double)std::fabs(r4[r] - rowRef[r]));               \
    printf("rowsum %-6s x%4d U=%d                  %8.4f ms %7.0f GB/s  "      \
           "maxdiff %.1e\n",                                                   \
           #ACC, T, U, ms, bytes / ms / 1e6, err);                             \
  }
    ROWSUM(double, 256, 4); // today's generated kernel
    ROWSUM(float, 256, 4);
    ROWSUM(double, 512, 2);
    ROWSUM(float, 512, 2);
    ROWSUM(double, 1024, 1);
    ROWSUM(float, 1024, 1);
    ROWSUM(double, 256, 8);
    ROWSUM(float, 256, 8);
    ROWSUM(double, 128, 8);
    ROWSUM(float, 512, 4);
  }
  // The kernels of a compiled program run right after its input arrived
  // from the host: does that make the next kernel slower?
  {
    unsigned blocks = sms * 4;
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    std::vector<float> after, busy;
    for (int i = 0; i < 5; ++i) {
      CHECK(cudaMemcpy(x, h.data(), N * 4, cudaMemcpyHostToDevice));
      CHECK(cudaEventRecord(start));
      sumPartials<double, 4, Plain>
          <<<blocks, 256>>>(x4, partials, n4 / 1024);
      CHECK(cudaEventRecord(stop));
      CHECK(cudaEventSynchronize(stop));
      float t;
      CHECK(cudaEventElapsedTime(&t, start, stop));
      after.push_back(t);
      // The same kernel queued behind a running one.
      sumPartials<double, 4, Plain>
          <<<blocks, 256>>>(x4, partials, n4 / 1024);
      CHECK(cudaEventRecord(start));
      sumPartials<double, 4, Plain>
          <<<blocks, 256>>>(x4, partials, n4 / 1024);
      CHECK(cudaEventRecord(stop));
      CHECK(cudaEventSynchronize(stop));
      CHECK(cudaEventElapsedTime(&t, start, stop));
      busy.push_back(t);
    }
    std::sort(after.begin(), after.end());
    std::sort(busy.begin(), busy.end());
    printf("sum kernel right after a 1 GiB host-to-device copy: median %.4f "
           "ms (min %.4f); queued behind another kernel: %.4f ms\n",
           after[2], after[0], busy[2]);
  }
  // What makes it slower: the host's launch after a synchronous copy, or
  // the device's state after the copy? Each variant: median of 5.
  {
    unsigned blocks = sms * 4;
    float *pinned;
    CHECK(cudaMallocHost(&pinned, N * 4));
    memcpy(pinned, h.data(), N * 4);
    float *x2;
    CHECK(cudaMalloc(&x2, N * 4));
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    auto sumKernel = [&] {
      sumPartials<double, 4, Plain>
          <<<blocks, 256>>>(x4, partials, n4 / 1024);
    };
    auto variant = [&](const char *name, auto before, bool syncFirst) {
      std::vector<float> ms;
      for (int i = 0; i < 5; ++i) {
        before();
        if (syncFirst)
          CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventRecord(start));
        sumKernel();
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        float t;
        CHECK(cudaEventElapsedTime(&t, start, stop));
        ms.push_back(t);
      }
      std::sort(ms.begin(), ms.end());
      printf("sum kernel after %-52s %.4f ms\n", name, ms[2]);
    };
    variant("nothing (idle GPU, synchronized)", [] {}, true);
    variant("a pinned async H2D copy, queued behind it",
            [&] { CHECK(cudaMemcpyAsync(x, pinned, N * 4,
                                        cudaMemcpyHostToDevice)); },
            false);
    variant("a pinned async H2D copy, synchronized",
            [&] { CHECK(cudaMemcpyAsync(x, pinned, N * 4,
                                        cudaMemcpyHostToDevice)); },
            true);
    variant("a 1 GiB D2D copy (other buffer), queued behind it",
            [&] { CHECK(cudaMemcpyAsync(x2, y, N * 4,
                                        cudaMemcpyDeviceToDevice)); },
            false);
    variant("a 1 GiB D2D copy (other buffer), synchronized",
            [&] { CHECK(cudaMemcpyAsync(x2, y, N * 4,
                                        cudaMemcpyDeviceToDevice)); },
            true);
    variant("a 1 GiB copy kernel (other buffer), queued behind it",
            [&] { copyPersistent<<<n4 / 256, 256>>>((const float4 *)y,
                                                    (float4 *)x2, n4); },
            false);
    variant("a sum of another buffer, queued behind it",
            [&] { sumPartials<double, 4, Plain><<<blocks, 256>>>(
                      (const float4 *)x2, partials, n4 / 1024); },
            false);
    variant("a 10 ms sleep after a sync",
            [&] { CHECK(cudaDeviceSynchronize()); usleep(10000); }, false);
  }
  return 0;
}
