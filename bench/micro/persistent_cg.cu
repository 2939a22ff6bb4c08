// What the conjugate-gradient loop of bench/launch.py (2-D Poisson, 256 x
// 256 grid, 65,536 unknowns, float32, 1,000 iterations) costs as one
// persistent kernel: the whole loop inside a cooperative grid, three grid
// barriers per iteration (after the SpMV and p.Ap partial sums, after the
// x/r updates and r.r partial sums, after the p update), every block
// summing the per-block partials itself in the same order (so every block
// holds the same alpha and beta). This bounds what a compiler-built
// persistent loop kernel could reach against the 8 graph-replayed kernels
// per iteration arrayc issues today.
//
//   nvcc -O3 -gencode=arch=compute_90a,code=sm_90a \
//     bench/micro/persistent_cg.cu -o persistent_cg && ./persistent_cg
//
// Prints, per grid shape and barrier kind (a counter in global memory,
// cooperative groups' grid sync, a cluster barrier with the grid one
// cluster of at most 16 blocks), milliseconds for the 1,000 iterations
// (median of 5) and the final residual norm against a float64 host CG's;
// then the same for two 2-barrier variants (cgLoop3: rows in registers;
// cgLoop2) and for 3 barriers with each thread's values in registers
// (cgLoop4: its matrix row in memory, then in registers too).
#include <algorithm>
#include <cmath>
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <functional>
#include <vector>

namespace cg = cooperative_groups;

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      std::printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e));   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

struct Problem {
  int n;
  const int *indptr, *indices;
  const float *data;
  float *x, *r, *p, *ap;
  float *partials; // 2 * gridDim.x: p.Ap partials, then r.r partials
  unsigned *barrier;
  float rr0;
  int iters;
};

/// A sense-free grid barrier: one counter, each block adds 1 and waits
/// until the counter reaches the next multiple of gridDim.x.
__device__ void gridBarrier(unsigned *counter, unsigned &target) {
  __syncthreads();
  target += gridDim.x;
  if (threadIdx.x == 0) {
    unsigned v;
    asm volatile("atom.add.release.gpu.u32 %0, [%1], 1;"
                 : "=r"(v)
                 : "l"(counter)
                 : "memory");
    do {
      asm volatile("ld.acquire.gpu.u32 %0, [%1];"
                   : "=r"(v)
                   : "l"(counter)
                   : "memory");
    } while ((int)(v - target) < 0);
  }
  __syncthreads();
}

__device__ float blockSum(float v) {
  __shared__ float warps[32];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  if (threadIdx.x % 32 == 0)
    warps[threadIdx.x / 32] = v;
  __syncthreads();
  v = threadIdx.x < blockDim.x / 32 ? warps[threadIdx.x] : 0.f;
  if (threadIdx.x < 32)
    for (int o = 16; o > 0; o /= 2)
      v += __shfl_xor_sync(0xffffffffu, v, o);
  if (threadIdx.x == 0)
    warps[0] = v;
  __syncthreads();
  v = warps[0];
  __syncthreads();
  return v;
}

/// Every block sums the grid's partials in the same order.
__device__ float sumPartials(const float *partials) {
  float v = 0.f;
  for (int i = threadIdx.x; i < gridDim.x; i += blockDim.x)
    v += __ldcg(partials + i);
  return blockSum(v);
}

/// The grid's total of each thread's `v`: each block's sum into `partials`,
/// the grid barrier `sync`, then every block sums the partials in the same
/// order (so every block holds the same total).
template <typename Sync>
__device__ float gridSum(float v, float *partials, Sync sync) {
  v = blockSum(v);
  if (threadIdx.x == 0)
    partials[blockIdx.x] = v;
  sync();
  return sumPartials(partials);
}

/// How the blocks wait for each other between phases.
enum Barrier { OwnBarrier, GridSync, ClusterSync };
const char *barrierName[] = {"own-barrier", "cg::grid", "cluster"};

template <Barrier Kind> __global__ void cgLoop(Problem q) {
  unsigned target = 0;
  auto sync = [&] {
    if (Kind == GridSync)
      cg::this_grid().sync();
    else if (Kind == ClusterSync)
      cg::this_cluster().sync();
    else
      gridBarrier(q.barrier, target);
  };
  int stride = gridDim.x * blockDim.x;
  int first = blockIdx.x * blockDim.x + threadIdx.x;
  float *pap = q.partials, *rrp = q.partials + gridDim.x;
  float rr = q.rr0;
  for (int it = 0; it < q.iters; ++it) {
    float s = 0.f;
    for (int i = first; i < q.n; i += stride) {
      float a = 0.f;
      for (int k = q.indptr[i]; k < q.indptr[i + 1]; ++k)
        a += q.data[k] * __ldcg(q.p + q.indices[k]);
      q.ap[i] = a;
      s += a * __ldcg(q.p + i);
    }
    float alpha = rr / gridSum(s, pap, sync);
    s = 0.f;
    for (int i = first; i < q.n; i += stride) {
      q.x[i] += alpha * __ldcg(q.p + i);
      float r = q.r[i] - alpha * q.ap[i];
      q.r[i] = r;
      s += r * r;
    }
    float rrNew = gridSum(s, rrp, sync);
    float beta = rrNew / rr;
    rr = rrNew;
    for (int i = first; i < q.n; i += stride)
      q.p[i] = q.r[i] + beta * q.p[i];
    sync();
  }
}

/// The same CG with two grid barriers per iteration: each block computes
/// the p values its rows' products read (p = r + beta * p_prev, the same
/// expression the row's owner writes), so p's update joins the product's
/// phase instead of ending the iteration with a barrier of its own. p is
/// double-buffered (a phase reads p_prev while writing p).
__global__ void cgLoop2(Problem q, float *pPrev) {
  unsigned target = 0;
  auto sync = [&] { gridBarrier(q.barrier, target); };
  int stride = gridDim.x * blockDim.x;
  int first = blockIdx.x * blockDim.x + threadIdx.x;
  float *pap = q.partials, *rrp = q.partials + gridDim.x;
  float rr = q.rr0, beta = 0.f;
  float *p = q.p, *old = pPrev; // iteration 0: p = r + 0 * old
  for (int it = 0; it < q.iters; ++it) {
    float s = 0.f;
    for (int i = first; i < q.n; i += stride) {
      float a = 0.f;
      for (int k = q.indptr[i]; k < q.indptr[i + 1]; ++k) {
        int j = q.indices[k];
        a += q.data[k] * (__ldcg(q.r + j) + beta * __ldcg(old + j));
      }
      float pi = __ldcg(q.r + i) + beta * __ldcg(old + i);
      p[i] = pi;
      q.ap[i] = a;
      s += a * pi;
    }
    float alpha = rr / gridSum(s, pap, sync);
    s = 0.f;
    for (int i = first; i < q.n; i += stride) {
      q.x[i] += alpha * p[i];
      float r = q.r[i] - alpha * q.ap[i];
      q.r[i] = r;
      s += r * r;
    }
    float rrNew = gridSum(s, rrp, sync);
    beta = rrNew / rr;
    rr = rrNew;
    float *t = p;
    p = old;
    old = t;
  }
}

/// cgLoop2 with each thread's row held in registers across iterations:
/// its matrix entries (at most kRowEntries), x, r, its own p and A p. Only
/// what other rows read goes through memory: r (each product gathers its
/// neighbours') and p (double-buffered). Needs one row per thread at most.
constexpr int kRowEntries = 5;

/// Row i's entries into registers: its columns and values, past its end
/// column i and value 0.
__device__ void loadRow(const Problem &q, int i, int (&cols)[kRowEntries],
                       float (&vals)[kRowEntries]) {
  int begin = q.indptr[i], entries = q.indptr[i + 1] - begin;
  for (int k = 0; k < kRowEntries; ++k) {
    int at = begin + (k < entries ? k : 0);
    cols[k] = k < entries ? q.indices[at] : i;
    vals[k] = k < entries ? q.data[at] : 0.f;
  }
}

__global__ void cgLoop3(Problem q, float *pPrev) {
  unsigned target = 0;
  auto sync = [&] { gridBarrier(q.barrier, target); };
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool owns = i < q.n;
  int cols[kRowEntries];
  float vals[kRowEntries];
  float x = 0.f, r = 0.f, pOwn = 0.f;
  if (owns) {
    loadRow(q, i, cols, vals);
    x = q.x[i];
    r = q.r[i];
  }
  float *pap = q.partials, *rrp = q.partials + gridDim.x;
  float rr = q.rr0, beta = 0.f;
  float *p = q.p, *old = pPrev;
  for (int it = 0; it < q.iters; ++it) {
    float a = 0.f, s = 0.f;
    if (owns) {
#pragma unroll
      for (int k = 0; k < kRowEntries; ++k) {
        int j = cols[k];
        a += vals[k] * (__ldcg(q.r + j) + beta * __ldcg(old + j));
      }
      pOwn = r + beta * pOwn;
      p[i] = pOwn;
      s = a * pOwn;
    }
    float alpha = rr / gridSum(s, pap, sync);
    s = 0.f;
    if (owns) {
      x += alpha * pOwn;
      r -= alpha * a;
      q.r[i] = r;
      s = r * r;
    }
    float rrNew = gridSum(s, rrp, sync);
    beta = rrNew / rr;
    rr = rrNew;
    float *t = p;
    p = old;
    old = t;
  }
  if (owns)
    q.x[i] = x;
}

/// Three grid barriers (as cgLoop), each thread's row in registers across
/// iterations: x, r, its own p and A p, and with `MatrixInRegisters` its
/// matrix entries (at most kRowEntries). Only p, which the product
/// gathers, goes through memory. What a compiler that keeps one element
/// per thread in registers, without cgLoop2's recomputation, would build.
template <bool MatrixInRegisters> __global__ void cgLoop4(Problem q) {
  unsigned target = 0;
  auto sync = [&] { gridBarrier(q.barrier, target); };
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool owns = i < q.n;
  int cols[kRowEntries];
  float vals[kRowEntries];
  int begin = 0, end = 0;
  float x = 0.f, r = 0.f, pOwn = 0.f;
  if (owns) {
    begin = q.indptr[i];
    end = q.indptr[i + 1];
    if (MatrixInRegisters)
      loadRow(q, i, cols, vals);
    x = q.x[i];
    r = q.r[i];
    pOwn = q.p[i];
  }
  float *pap = q.partials, *rrp = q.partials + gridDim.x;
  float rr = q.rr0;
  for (int it = 0; it < q.iters; ++it) {
    float a = 0.f, s = 0.f;
    if (owns) {
      if (MatrixInRegisters) {
#pragma unroll
        for (int k = 0; k < kRowEntries; ++k)
          a += vals[k] * __ldcg(q.p + cols[k]);
      } else {
        for (int k = begin; k < end; ++k)
          a += q.data[k] * __ldcg(q.p + q.indices[k]);
      }
      s = a * pOwn;
    }
    float alpha = rr / gridSum(s, pap, sync);
    s = 0.f;
    if (owns) {
      x += alpha * pOwn;
      r -= alpha * a;
      s = r * r;
    }
    float rrNew = gridSum(s, rrp, sync);
    float beta = rrNew / rr;
    rr = rrNew;
    if (owns) {
      pOwn = r + beta * pOwn;
      q.p[i] = pOwn;
    }
    sync();
  }
  if (owns) {
    q.x[i] = x;
    q.r[i] = r;
  }
}

int main() {
  const int side = 256, n = side * side, iters = 1000;
  std::vector<int> indptr{0}, indices;
  std::vector<float> data;
  for (int i = 0; i < side; ++i)
    for (int j = 0; j < side; ++j) {
      auto add = [&](int c, float v) {
        indices.push_back(c);
        data.push_back(v);
      };
      if (i > 0)
        add((i - 1) * side + j, -1.f);
      if (j > 0)
        add(i * side + j - 1, -1.f);
      add(i * side + j, 4.f);
      if (j < side - 1)
        add(i * side + j + 1, -1.f);
      if (i < side - 1)
        add((i + 1) * side + j, -1.f);
      indptr.push_back((int)indices.size());
    }
  // Float64 host CG for the reference residual.
  std::vector<double> hx(n, 0), hr(n, 1), hp(n, 1), hap(n);
  double hrr = n;
  for (int it = 0; it < iters; ++it) {
    double pap = 0;
    for (int i = 0; i < n; ++i) {
      double a = 0;
      for (int k = indptr[i]; k < indptr[i + 1]; ++k)
        a += data[k] * hp[indices[k]];
      hap[i] = a;
      pap += a * hp[i];
    }
    double alpha = hrr / pap, rrNew = 0;
    for (int i = 0; i < n; ++i) {
      hx[i] += alpha * hp[i];
      hr[i] -= alpha * hap[i];
      rrNew += hr[i] * hr[i];
    }
    for (int i = 0; i < n; ++i)
      hp[i] = hr[i] + rrNew / hrr * hp[i];
    hrr = rrNew;
  }

  int *dIndptr, *dIndices;
  float *dData, *dX, *dR, *dP, *dAp, *dPartials;
  unsigned *dBarrier;
  CHECK(cudaMalloc(&dIndptr, indptr.size() * 4));
  CHECK(cudaMalloc(&dIndices, indices.size() * 4));
  CHECK(cudaMalloc(&dData, data.size() * 4));
  for (float **v : {&dX, &dR, &dP, &dAp})
    CHECK(cudaMalloc(v, n * 4));
  CHECK(cudaMalloc(&dPartials, 2 * 4096 * 4));
  CHECK(cudaMalloc(&dBarrier, 4));
  CHECK(cudaMemcpy(dIndptr, indptr.data(), indptr.size() * 4,
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dIndices, indices.data(), indices.size() * 4,
                   cudaMemcpyHostToDevice));
  CHECK(
      cudaMemcpy(dData, data.data(), data.size() * 4, cudaMemcpyHostToDevice));
  std::vector<float> ones(n, 1.f);
  int sms;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));

  // Runs `launch` (the whole loop) 5 times from x = 0, r = p = 1 and
  // prints the median time and the final |r|.
  float *dOld;
  CHECK(cudaMalloc(&dOld, n * 4));
  auto measure = [&](const char *name, int threads, int blocks,
                     const std::function<void(void **)> &launch) {
    std::vector<float> times;
    double res = 0;
    for (int rep = 0; rep < 5; ++rep) {
      CHECK(cudaMemset(dX, 0, n * 4));
      CHECK(cudaMemcpy(dR, ones.data(), n * 4, cudaMemcpyHostToDevice));
      CHECK(cudaMemcpy(dP, ones.data(), n * 4, cudaMemcpyHostToDevice));
      CHECK(cudaMemset(dOld, 0, n * 4));
      CHECK(cudaMemset(dBarrier, 0, 4));
      Problem q{n,  dIndptr, dIndices,  dData,    dX,       dR,
                dP, dAp,     dPartials, dBarrier, (float)n, iters};
      void *args[] = {&q, &dOld};
      CHECK(cudaEventRecord(start));
      launch(args);
      CHECK(cudaEventRecord(stop));
      CHECK(cudaEventSynchronize(stop));
      float ms;
      CHECK(cudaEventElapsedTime(&ms, start, stop));
      times.push_back(ms);
      std::vector<float> r(n);
      CHECK(cudaMemcpy(r.data(), dR, n * 4, cudaMemcpyDeviceToHost));
      res = 0;
      for (float v : r)
        res += (double)v * v;
    }
    std::sort(times.begin(), times.end());
    std::printf("%-11s threads %4d blocks %3d: %7.3f ms  |r| %.3e "
                "(float64 host %.3e)\n",
                name, threads, blocks, times[2], std::sqrt(res),
                std::sqrt(hrr));
  };
  auto fits = [&](void *fn, int threads, int blocks) {
    int perSm;
    CHECK(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, fn, threads, 0));
    return blocks <= perSm * sms;
  };

  for (Barrier kind : {OwnBarrier, GridSync, ClusterSync})
    for (int threads : {256, 512, 1024})
      for (int blocks : {8, 16, 32, 66, sms, 2 * sms}) {
        void *fn = kind == GridSync     ? (void *)cgLoop<GridSync>
                   : kind == OwnBarrier ? (void *)cgLoop<OwnBarrier>
                                        : (void *)cgLoop<ClusterSync>;
        if (!fits(fn, threads, blocks) || (kind == ClusterSync && blocks > 16))
          continue;
        if (kind != ClusterSync) {
          measure(barrierName[kind], threads, blocks, [&](void **args) {
            CHECK(cudaLaunchCooperativeKernel(fn, blocks, threads, args, 0, 0));
          });
          continue;
        }
        // The whole grid is one cluster (16 blocks needs the non-portable
        // size).
        CHECK(cudaFuncSetAttribute(
            fn, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
        measure(barrierName[kind], threads, blocks, [&](void **args) {
          cudaLaunchAttribute cluster{};
          cluster.id = cudaLaunchAttributeClusterDimension;
          cluster.val.clusterDim.x = blocks;
          cluster.val.clusterDim.y = cluster.val.clusterDim.z = 1;
          cudaLaunchConfig_t config{};
          config.gridDim = dim3(blocks);
          config.blockDim = dim3(threads);
          config.attrs = &cluster;
          config.numAttrs = 1;
          CHECK(cudaLaunchKernelExC(&config, fn, args));
        });
      }
  // Two barriers, rows in registers (one row per thread at most).
  for (int threads : {256, 512, 1024})
    for (int blocks : {66, sms, 2 * sms})
      if (fits((void *)cgLoop3, threads, blocks) && blocks * threads >= n)
        measure("registers", threads, blocks, [&](void **args) {
          CHECK(cudaLaunchCooperativeKernel((void *)cgLoop3, blocks, threads,
                                            args, 0, 0));
        });
  // Two barriers per iteration (the result is in r; x, p as above).
  for (int threads : {256, 512, 1024})
    for (int blocks : {66, sms, 2 * sms})
      if (fits((void *)cgLoop2, threads, blocks))
        measure("2-barrier", threads, blocks, [&](void **args) {
          CHECK(cudaLaunchCooperativeKernel((void *)cgLoop2, blocks, threads,
                                            args, 0, 0));
        });
  // Three barriers, rows in registers (one row per thread at most).
  for (int threads : {256, 512, 1024})
    for (int blocks : {66, sms, 2 * sms}) {
      if (fits((void *)cgLoop4<false>, threads, blocks) &&
          blocks * threads >= n)
        measure("3b-vec-regs", threads, blocks, [&](void **args) {
          CHECK(cudaLaunchCooperativeKernel((void *)cgLoop4<false>, blocks,
                                            threads, args, 0, 0));
        });
      if (fits((void *)cgLoop4<true>, threads, blocks) &&
          blocks * threads >= n)
        measure("3b-row-regs", threads, blocks, [&](void **args) {
          CHECK(cudaLaunchCooperativeKernel((void *)cgLoop4<true>, blocks,
                                            threads, args, 0, 0));
        });
    }
  return 0;
}
