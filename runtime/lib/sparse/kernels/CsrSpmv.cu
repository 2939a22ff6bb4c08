//===- CsrSpmv.cu - The SpMV kernels arrayrt launches ---------------------===//
//
// Compiled by nvcc at build time into a fatbinary (sm_90 code, compute_80
// PTX for other GPUs) that the runtime embeds and loads on first use
// (SpmvKernel.cpp). extern "C" names, so that cuModuleGetFunction finds
// them:
//
//   arrayrt_csr_spmv_<f32|f64>_<i32|i64>(rows, indptr, indices, data, x, y,
//                                        alpha, beta)
//       y = alpha * A @ x + beta * y (y not read when beta is 0): four
//       lanes per row, 16-byte loads of data and indices (their addresses
//       must be multiples of 4 elements), streaming (.cs) loads of the
//       matrix and read-only (.nc) gathers of x. Blocks of 256 threads take
//       64 rows each; any grid (it strides).
//   arrayrt_csr_row_stats_<i32|i64>(rows, indptr, blockStats)
//       per block b: blockStats[2b] = the longest of its rows' lengths,
//       blockStats[2b + 1] = the first of its rows whose indptr decreases
//       (~0 when none does); then, for the whole grid of G blocks,
//       blockStats[2G] = indptr[0] and blockStats[2G + 1] = indptr[rows]
//       (as 64-bit integers). A block takes blockDim.x * 8 consecutive
//       rows, so the grid must cover rows / (blockDim.x * 8) blocks; any
//       block size (a multiple of 32, at most 1024). The host reduces the
//       pairs.
//
// The variant (L4 V4 U1 R1, cs/ldg, 256 threads) is the best of
// bench/micro/spmv_kernels.cu on the H200 for issue 7's matrix, also for
// f64 values and 64-bit indices (docs/performance.md).
//
//===----------------------------------------------------------------------===//

#include "CsrSpmv.cuh"

#include <climits>

namespace {

using namespace csrspmv;

template <typename T, typename I>
__device__ __forceinline__ void
spmv(long long rows, const I *__restrict__ indptr,
     const I *__restrict__ indices, const T *__restrict__ data,
     const T *__restrict__ x, T *__restrict__ y, T alpha, T beta) {
  // Every row is summed here (no row is long enough to be listed).
  spmvRows<T, I, /*L=*/4, /*V=*/4, /*U=*/1, /*R=*/1, Stream::Cs, Gather::Ldg>(
      rows, indptr, indices, data, x, y, alpha, beta, LLONG_MAX,
      LongRows<I>());
}

/// The smallest `value` across a warp, in every lane.
__device__ __forceinline__ unsigned long long
warpMin(unsigned long long value) {
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) {
    const unsigned long long other =
        __shfl_xor_sync(0xffffffffu, value, offset);
    value = other < value ? other : value;
  }
  return value;
}

/// The longest row (one redux.sync) and the first decrease (shuffles, only
/// in a warp that saw one) across a warp, in every lane.
__device__ __forceinline__ void warpReduce(unsigned &longest,
                                          unsigned long long &firstDecrease) {
  longest = __reduce_max_sync(0xffffffffu, longest);
  if (__any_sync(0xffffffffu, firstDecrease != ~0ull))
    firstDecrease = warpMin(firstDecrease);
}

/// Rows per thread of arrayrt_csr_row_stats: two groups of four (the
/// micro-benchmark bench/micro/row_stats.cu instantiates other counts).
constexpr int kStatsGroups = 2;

/// indptr[first .. first + 3] into `out`: one 16-byte load of ints, two of
/// long longs (`first` must be 16-byte aligned), through the read-only path.
__device__ __forceinline__ void load4(const int *p, int out[4]) {
  const int4 v = __ldg(reinterpret_cast<const int4 *>(p));
  out[0] = v.x, out[1] = v.y, out[2] = v.z, out[3] = v.w;
}
__device__ __forceinline__ void load4(const long long *p, long long out[4]) {
  const longlong2 a = __ldg(reinterpret_cast<const longlong2 *>(p));
  const longlong2 b = __ldg(reinterpret_cast<const longlong2 *>(p) + 1);
  out[0] = a.x, out[1] = a.y, out[2] = b.x, out[3] = b.y;
}

/// Reduced over the warp, then the block; thread 0 writes the block's
/// pair, which the host reduces (no atomics on one address, and no output
/// to zero beforehand: both cost more than the reads on 4M rows, measured).
/// Block 0 also writes indptr[0] and indptr[rows] after the pairs, so that
/// the host reads everything it checks with one copy.
template <typename I, int Groups = kStatsGroups>
__device__ __forceinline__ void rowStats(long long rows,
                                         const I *__restrict__ indptr,
                                         unsigned long long *blockStats) {
  __shared__ unsigned warpLongest[32];
  __shared__ unsigned long long warpDecrease[32];
  // Lengths saturate at 2^32 - 1 (the longest row serves a choice between
  // a few dozen entries and more): the block reduces 32-bit values, one
  // redux.sync a warp; the rare first decrease takes shuffles.
  unsigned longest = 0;
  unsigned long long firstDecrease = ~0ull;
  // A block takes blockDim.x * 4 * Groups rows in Groups groups (8 rows,
  // two groups, in the runtime); in each, thread t
  // takes rows 4t .. 4t + 3 (16-byte loads of indptr[4t .. 4t + 3]; the
  // offset after them is the next lane's first, or a load in lane 31).
  // All loads are in flight at once: a grid-stride loop of one load pair
  // at a time was latency-bound (33 us on 4M rows), eight rows a thread
  // with scalar loads took 17 us.
  const long long groupRows = 4ll * blockDim.x;
  const long long blockFirst = static_cast<long long>(blockIdx.x) * groupRows *
                               Groups;
  const bool aligned = reinterpret_cast<uintptr_t>(indptr) % 16 == 0;
  const unsigned lane = threadIdx.x % 32;
  I offsets[Groups][5];
#pragma unroll
  for (int g = 0; g < Groups; ++g) {
    const long long first = blockFirst + g * groupRows + 4ll * threadIdx.x;
    // Whole groups of an aligned indptr load four offsets at a time (the
    // group's first row is a multiple of 4); the last, partial group and
    // unaligned arrays load one at a time.
    if (aligned && blockFirst + (g + 1) * groupRows <= rows) {
      load4(indptr + first, offsets[g]);
      if (lane == 31)
        offsets[g][4] = __ldg(indptr + first + 4);
    } else {
#pragma unroll
      for (int k = 0; k < 5; ++k)
        offsets[g][k] = first + k <= rows ? __ldg(indptr + first + k) : 0;
    }
  }
#pragma unroll
  for (int g = 0; g < Groups; ++g) {
    const long long first = blockFirst + g * groupRows + 4ll * threadIdx.x;
    // Every lane takes part in the shuffle; lane 31's own load stands.
    const I next = __shfl_down_sync(0xffffffffu, offsets[g][0], 1);
    if (aligned && blockFirst + (g + 1) * groupRows <= rows && lane != 31)
      offsets[g][4] = next;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const long long row = first + k;
      if (row >= rows)
        break;
      const long long length = static_cast<long long>(offsets[g][k + 1]) -
                               static_cast<long long>(offsets[g][k]);
      if (length < 0 && static_cast<unsigned long long>(row) < firstDecrease)
        firstDecrease = static_cast<unsigned long long>(row);
      else if (length > static_cast<long long>(longest))
        longest = length > 0xffffffffll ? 0xffffffffu
                                        : static_cast<unsigned>(length);
    }
  }
  warpReduce(longest, firstDecrease);
  const unsigned warp = threadIdx.x / 32, warps = blockDim.x / 32;
  if (lane == 0) {
    warpLongest[warp] = longest;
    warpDecrease[warp] = firstDecrease;
  }
  __syncthreads();
  if (warp != 0)
    return;
  longest = threadIdx.x < warps ? warpLongest[threadIdx.x] : 0;
  firstDecrease = threadIdx.x < warps ? warpDecrease[threadIdx.x] : ~0ull;
  warpReduce(longest, firstDecrease);
  if (threadIdx.x == 0) {
    blockStats[2 * blockIdx.x] = longest;
    blockStats[2 * blockIdx.x + 1] = firstDecrease;
    if (blockIdx.x == 0) {
      blockStats[2 * gridDim.x] =
          static_cast<unsigned long long>(static_cast<long long>(indptr[0]));
      blockStats[2 * gridDim.x + 1] = static_cast<unsigned long long>(
          static_cast<long long>(indptr[rows]));
    }
  }
}

} // namespace

#define ARRAYRT_SPMV_KERNEL(T, I, NAME)                                        \
  extern "C" __global__ void __launch_bounds__(256)                            \
      NAME(long long rows, const I *indptr, const I *indices, const T *data,   \
           const T *x, T *y, T alpha, T beta) {                                \
    spmv<T, I>(rows, indptr, indices, data, x, y, alpha, beta);                \
  }
ARRAYRT_SPMV_KERNEL(float, int, arrayrt_csr_spmv_f32_i32)
ARRAYRT_SPMV_KERNEL(double, int, arrayrt_csr_spmv_f64_i32)
ARRAYRT_SPMV_KERNEL(float, long long, arrayrt_csr_spmv_f32_i64)
ARRAYRT_SPMV_KERNEL(double, long long, arrayrt_csr_spmv_f64_i64)
#undef ARRAYRT_SPMV_KERNEL

extern "C" __global__ void
arrayrt_csr_row_stats_i32(long long rows, const int *indptr,
                          unsigned long long *blockStats) {
  rowStats(rows, indptr, blockStats);
}

extern "C" __global__ void
arrayrt_csr_row_stats_i64(long long rows, const long long *indptr,
                          unsigned long long *blockStats) {
  rowStats(rows, indptr, blockStats);
}
