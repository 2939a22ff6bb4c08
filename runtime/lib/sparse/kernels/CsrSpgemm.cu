//===- CsrSpgemm.cu - C = A @ B for CSR matrices, and a scan --------------===//
//
// Compiled by nvcc at build time into a fatbinary that the runtime embeds
// and loads on first use (SpgemmKernel.cpp), as CsrSpmv.cu is. Gustavson's
// row-by-row product with a hash table per row in shared memory, in two
// passes over the rows (one warp a row, grid-stride):
//
//   arrayrt_spgemm_count_<f32|f64>_<i32|i64>(rows, A, B, cIndptr, overflow)
//       cIndptr[r + 1] = the number of distinct columns of row r of A @ B
//       (sums that cancel to 0 are kept, as cuSPARSE keeps them), and
//       cIndptr[0] = 0. A row with more than kMaxProducts products (the
//       sum over its entries of B's row lengths) sets *overflow to 1 and
//       counts 0: the table would not hold it, and the host computes the
//       product with cuSPARSE instead.
//   arrayrt_spgemm_fill_<f32|f64>_<i32|i64>(rows, A, B, cIndptr, C)
//       row r's columns, increasing, and their sums into cIndices and
//       cData from cIndptr[r] on. Each column's sum adds its products in
//       the order of A's entries (deterministic).
//   arrayrt_scan_<i32|i64>_{tiles,add}, arrayrt_scan_tile_sums
//       an inclusive scan in place of n counts (cIndptr + 1 after the
//       count pass), sums in 64 bits: tiles of kScanTile counts scanned
//       and totalled, the totals scanned by one block (whose last one,
//       the grand total, goes to tileSums[tiles]), then added.
//
// A = (aIndptr, aIndices, aData), likewise B and C: CSR arrays with sorted,
// distinct columns in each row (SciPy's canonical form). Blocks of
// kWarps warps; any grid.
//
//===----------------------------------------------------------------------===//

#include "CsrSpgemmShape.h"

namespace {

using namespace csrspgemm;

/// Rounds of 32 products a warp loads of a chunk of A's entries.
constexpr int kRounds = kMaxProducts / 32;

constexpr unsigned kFull = 0xffffffffu;

template <typename I> struct Empty;
template <> struct Empty<int> {
  static constexpr int value = -1;
};
template <> struct Empty<long long> {
  static constexpr long long value = -1;
};

__device__ __forceinline__ int atomicCasKey(int *address, int compare,
                                            int value) {
  return atomicCAS(address, compare, value);
}
__device__ __forceinline__ long long
atomicCasKey(long long *address, long long compare, long long value) {
  return static_cast<long long>(atomicCAS(
      reinterpret_cast<unsigned long long *>(address),
      static_cast<unsigned long long>(compare),
      static_cast<unsigned long long>(value)));
}

__device__ __forceinline__ unsigned hashOf(long long column) {
  return (static_cast<unsigned>(column) * 2654435761u) & (kSlots - 1);
}

/// One warp's shared memory.
template <typename T, typename I> struct Table {
  I keys[kSlots];
  T values[kSlots];
  // Which of the chunk's A entries each product comes from.
  unsigned char owner[kMaxProducts];
};

/// Inserts `key` (and with `Fill` adds `value`); returns whether it
/// claimed a new slot. Keys inserted at one time by a warp's lanes may
/// repeat only without `Fill`.
template <bool Fill, typename T, typename I>
__device__ __forceinline__ bool insert(Table<T, I> &table, I key, T value) {
  unsigned slot = hashOf(key);
  while (true) {
    const I previous = atomicCasKey(&table.keys[slot], Empty<I>::value, key);
    if (previous == Empty<I>::value) {
      if (Fill)
        table.values[slot] = value;
      return true;
    }
    if (previous == key) {
      if (Fill)
        table.values[slot] += value;
      return false;
    }
    slot = (slot + 1) & (kSlots - 1);
  }
}

/// The products of row `row` of A @ B into `table` (emptied first), 32 of
/// A's entries at a time. Returns the number of distinct columns, or -1 if
/// the row has more than kMaxProducts products (then the table is not
/// complete).
template <bool Fill, typename T, typename I>
__device__ __forceinline__ int
rowProducts(long long row, const I *__restrict__ aIndptr,
            const I *__restrict__ aIndices, const T *__restrict__ aData,
            const I *__restrict__ bIndptr, const I *__restrict__ bIndices,
            const T *__restrict__ bData, Table<T, I> &table) {
  const unsigned lane = threadIdx.x % 32;
  for (int s = lane; s < kSlots; s += 32)
    table.keys[s] = Empty<I>::value;
  __syncwarp();
  const long long aStart = aIndptr[row], aEnd = aIndptr[row + 1];
  int distinct = 0, products = 0;
  for (long long chunk = aStart; chunk < aEnd; chunk += 32) {
    // Lane l: A's entry chunk + l, and the B row it multiplies.
    const long long entry = chunk + lane;
    const bool valid = entry < aEnd;
    const I k = valid ? aIndices[entry] : I(0);
    const T a = valid && Fill ? aData[entry] : T(0);
    const long long bStart = valid ? static_cast<long long>(bIndptr[k]) : 0;
    const int length =
        valid ? static_cast<int>(min(static_cast<long long>(bIndptr[k + 1]) -
                                         bStart,
                                     static_cast<long long>(kMaxProducts + 1)))
              : 0;
    // Where each entry's products start in the chunk (an exclusive scan).
    int inclusive = length;
#pragma unroll
    for (int offset = 1; offset < 32; offset *= 2) {
      const int other = __shfl_up_sync(kFull, inclusive, offset);
      if (lane >= static_cast<unsigned>(offset))
        inclusive += other;
    }
    const int exclusive = inclusive - length;
    const int total = __shfl_sync(kFull, inclusive, 31);
    products += total;
    if (products > kMaxProducts)
      return -1;
    for (int p = exclusive; p < inclusive; ++p)
      table.owner[p] = static_cast<unsigned char>(lane);
    __syncwarp();
    // Round q: products q * 32 + lane, all loads in flight at once.
    I columns[kRounds];
    T values[kRounds];
    int owners[kRounds];
#pragma unroll
    for (int q = 0; q < kRounds; ++q) {
      const int p = q * 32 + lane;
      const bool mine = p < total;
      const int o = mine ? table.owner[p] : 0;
      const long long from = __shfl_sync(kFull, bStart, o);
      const int start = __shfl_sync(kFull, exclusive, o);
      const T scale = __shfl_sync(kFull, a, o);
      owners[q] = mine ? o : -1;
      columns[q] = mine ? bIndices[from + (p - start)] : I(0);
      values[q] = mine && Fill ? scale * bData[from + (p - start)] : T(0);
    }
    __syncwarp();
#pragma unroll
    for (int q = 0; q < kRounds; ++q) {
      if (q * 32 >= total)
        break;
      if (!Fill) {
        if (owners[q] >= 0)
          distinct += insert<false>(table, columns[q], values[q]);
        continue;
      }
      // The round's owners in order: a B row's columns are distinct, so
      // each step's keys are, and every column adds its products in the
      // order of A's entries.
      const int first = __shfl_sync(kFull, owners[q], 0);
      const int last = __reduce_max_sync(kFull, max(owners[q], 0));
      for (int o = first; o <= last; ++o) {
        if (owners[q] == o)
          distinct += insert<true>(table, columns[q], values[q]);
        __syncwarp();
      }
    }
    __syncwarp();
  }
  return __reduce_add_sync(kFull, distinct);
}

template <typename T, typename I>
__device__ __forceinline__ void
count(long long rows, const I *__restrict__ aIndptr,
      const I *__restrict__ aIndices, const I *__restrict__ bIndptr,
      const I *__restrict__ bIndices, I *__restrict__ cIndptr,
      unsigned *overflow) {
  __shared__ Table<T, I> tables[kWarps];
  Table<T, I> &table = tables[threadIdx.x / 32];
  const long long warps = static_cast<long long>(gridDim.x) * kWarps;
  if (blockIdx.x == 0 && threadIdx.x == 0)
    cIndptr[0] = 0;
  for (long long row = static_cast<long long>(blockIdx.x) * kWarps +
                       threadIdx.x / 32;
       row < rows; row += warps) {
    const int distinct = rowProducts<false, T, I>(
        row, aIndptr, aIndices, static_cast<const T *>(nullptr), bIndptr,
        bIndices, static_cast<const T *>(nullptr), table);
    if (threadIdx.x % 32 == 0) {
      if (distinct < 0)
        *overflow = 1;
      cIndptr[row + 1] = distinct < 0 ? I(0) : I(distinct);
    }
    __syncwarp();
  }
}

template <typename T, typename I>
__device__ __forceinline__ void
fill(long long rows, const I *__restrict__ aIndptr,
     const I *__restrict__ aIndices, const T *__restrict__ aData,
     const I *__restrict__ bIndptr, const I *__restrict__ bIndices,
     const T *__restrict__ bData, const I *__restrict__ cIndptr,
     I *__restrict__ cIndices, T *__restrict__ cData) {
  __shared__ Table<T, I> tables[kWarps];
  const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  Table<T, I> &table = tables[warp];
  const long long warps = static_cast<long long>(gridDim.x) * kWarps;
  for (long long row = static_cast<long long>(blockIdx.x) * kWarps + warp;
       row < rows; row += warps) {
    const int n = rowProducts<true, T, I>(row, aIndptr, aIndices, aData,
                                          bIndptr, bIndices, bData, table);
    // The filled slots (n of them: the count pass found the same) packed
    // to the front of the table, in place: a window of 32 slots is read
    // before any of it is written (the barrier after the ballot; the
    // ballot alone orders no memory, and racecheck reported the hazard),
    // and an entry moves only towards the front.
    int packed = 0;
    for (int base = 0; base < kSlots; base += 32) {
      const I key = table.keys[base + lane];
      const T value = table.values[base + lane];
      const bool filled = key != Empty<I>::value;
      const unsigned ballot = __ballot_sync(kFull, filled);
      __syncwarp();
      if (filled) {
        const int at = packed + __popc(ballot & ((1u << lane) - 1));
        table.keys[at] = key;
        table.values[at] = value;
      }
      packed += __popc(ballot);
      __syncwarp();
    }
    // Each entry's place: how many of the row's columns are smaller.
    const long long start = cIndptr[row];
    for (int i = lane; i < n; i += 32) {
      const I key = table.keys[i];
      int rank = 0;
      for (int j = 0; j < n; ++j)
        rank += table.keys[j] < key;
      cIndices[start + rank] = key;
      cData[start + rank] = table.values[i];
    }
    __syncwarp();
  }
}

/// The block's exclusive scan of `value` (kScanThreads threads), and the
/// block's total in `total`.
__device__ __forceinline__ long long blockExclusiveScan(long long value,
                                                        long long &total) {
  __shared__ long long warpSums[kScanThreads / 32];
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  long long inclusive = value;
#pragma unroll
  for (int offset = 1; offset < 32; offset *= 2) {
    const long long other = __shfl_up_sync(kFull, inclusive, offset);
    if (lane >= static_cast<unsigned>(offset))
      inclusive += other;
  }
  if (lane == 31)
    warpSums[warp] = inclusive;
  __syncthreads();
  long long before = 0;
  total = 0;
  for (unsigned w = 0; w < kScanThreads / 32; ++w) {
    if (w < warp)
      before += warpSums[w];
    total += warpSums[w];
  }
  __syncthreads();
  return before + inclusive - value;
}

template <typename I>
__device__ __forceinline__ void scanTiles(long long n, I *counts,
                                          long long *tileSums) {
  const long long base = static_cast<long long>(blockIdx.x) * kScanTile +
                         static_cast<long long>(threadIdx.x) * kScanItems;
  long long items[kScanItems], sum = 0;
#pragma unroll
  for (int k = 0; k < kScanItems; ++k) {
    items[k] = base + k < n ? static_cast<long long>(counts[base + k]) : 0;
    sum += items[k];
  }
  long long total;
  long long running = blockExclusiveScan(sum, total);
#pragma unroll
  for (int k = 0; k < kScanItems; ++k) {
    running += items[k];
    if (base + k < n)
      counts[base + k] = static_cast<I>(running);
  }
  if (threadIdx.x == 0)
    tileSums[blockIdx.x] = total;
}

template <typename I>
__device__ __forceinline__ void scanAdd(long long n, I *counts,
                                        const long long *tileSums) {
  const long long base = static_cast<long long>(blockIdx.x) * kScanTile +
                         static_cast<long long>(threadIdx.x) * kScanItems;
  const long long before = tileSums[blockIdx.x];
  if (before == 0)
    return;
#pragma unroll
  for (int k = 0; k < kScanItems; ++k)
    if (base + k < n)
      counts[base + k] =
          static_cast<I>(static_cast<long long>(counts[base + k]) + before);
}

} // namespace

#define ARRAYRT_SPGEMM_KERNELS(T, I, SUFFIX)                                   \
  extern "C" __global__ void __launch_bounds__(kWarps * 32)                    \
      arrayrt_spgemm_count_##SUFFIX(long long rows, const I *aIndptr,          \
                                    const I *aIndices, const I *bIndptr,       \
                                    const I *bIndices, I *cIndptr,             \
                                    unsigned *overflow) {                      \
    count<T, I>(rows, aIndptr, aIndices, bIndptr, bIndices, cIndptr,           \
                overflow);                                                     \
  }                                                                            \
  extern "C" __global__ void __launch_bounds__(kWarps * 32)                    \
      arrayrt_spgemm_fill_##SUFFIX(                                            \
          long long rows, const I *aIndptr, const I *aIndices, const T *aData, \
          const I *bIndptr, const I *bIndices, const T *bData,                 \
          const I *cIndptr, I *cIndices, T *cData) {                           \
    fill<T, I>(rows, aIndptr, aIndices, aData, bIndptr, bIndices, bData,       \
               cIndptr, cIndices, cData);                                      \
  }
ARRAYRT_SPGEMM_KERNELS(float, int, f32_i32)
ARRAYRT_SPGEMM_KERNELS(float, long long, f32_i64)
ARRAYRT_SPGEMM_KERNELS(double, int, f64_i32)
ARRAYRT_SPGEMM_KERNELS(double, long long, f64_i64)
#undef ARRAYRT_SPGEMM_KERNELS

#define ARRAYRT_SCAN_KERNELS(I, SUFFIX)                                        \
  extern "C" __global__ void __launch_bounds__(kScanThreads)                   \
      arrayrt_scan_##SUFFIX##_tiles(long long n, I *counts,                    \
                                    long long *tileSums) {                     \
    scanTiles<I>(n, counts, tileSums);                                         \
  }                                                                            \
  extern "C" __global__ void __launch_bounds__(kScanThreads)                   \
      arrayrt_scan_##SUFFIX##_add(long long n, I *counts,                      \
                                  const long long *tileSums) {                 \
    scanAdd<I>(n, counts, tileSums);                                           \
  }
ARRAYRT_SCAN_KERNELS(int, i32)
ARRAYRT_SCAN_KERNELS(long long, i64)
#undef ARRAYRT_SCAN_KERNELS

/// tileSums[0 .. tiles) to their exclusive scan, and tileSums[tiles] = the
/// total: one block of kScanThreads threads, kScanThreads tiles at a time.
extern "C" __global__ void __launch_bounds__(kScanThreads)
    arrayrt_scan_tile_sums(long long tiles, long long *tileSums) {
  long long carry = 0;
  for (long long base = 0; base < tiles; base += kScanThreads) {
    const long long at = base + threadIdx.x;
    const long long value = at < tiles ? tileSums[at] : 0;
    long long total;
    const long long before = blockExclusiveScan(value, total);
    if (at < tiles)
      tileSums[at] = carry + before;
    carry += total;
  }
  if (threadIdx.x == 0)
    tileSums[tiles] = carry;
}
