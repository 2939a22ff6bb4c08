//===- CsrSpmv.cuh - CSR SpMV kernels: y = alpha * A @ x + beta * y -------===//
//
// Hand-written kernels for the product of a CSR matrix and a dense vector.
// Device code only, no host dependency: templates over the value type T
// (float, double), the index type I (int, long long: CSR's positions and
// coordinates, one type as in arrayrt), the lanes per row, the vector
// width, the loads in flight and the cache hints. CsrSpmv.cu instantiates
// the variant arrayrt launches (SpmvKernel.cpp says when);
// bench/micro/spmv_kernels.cu measures all the variants against cuSPARSE.
//
// Two kernels, launched one after the other on one stream:
//
//  - csrSpmvRows: a group of L lanes (a power of two, at most 32) per row;
//    a warp takes 32/L consecutive rows at a time, R times over, then
//    strides over the grid. Each lane reads V consecutive entries per load
//    (V > 1: 16-byte vector loads; the arrays must then be aligned to V
//    elements) and keeps U loads in flight; the group adds its lanes'
//    sums with shuffles and lane 0 writes y[row]. A row with more than
//    `longRow` entries is not summed here: y[row] gets beta * y[row] and
//    the row goes on a list for csrSpmvLongRows (pass longRow = the
//    largest long long to sum every row here).
//  - csrSpmvLongRows: the listed rows, cut into chunks of `chunk` entries,
//    one block per chunk (grid-stride), each chunk's alpha * sum added to
//    y[row] with atomicAdd (so a long row's sum is not bitwise
//    reproducible). Its last block resets the list for the next product,
//    so the list needs zeroing only once, when it is allocated.
//
// Power-law matrices are why the second kernel exists: a row of a million
// entries summed by one group of lanes would take milliseconds.
//
// Off the device (__CUDA_ARCH__ undefined) every load is a plain read, so
// that csr_spmv_host_test.cpp can run the kernels on the CPU.
//
// Cache hints (sm_80 and later): the stream of data, indices and indptr is
// read once; x (the gather) is read about nnz / cols times at random. On
// sm_90 an L2 eviction priority on a load needs an L2::cache_hint with a
// policy from createpolicy (ld's .L2::evict_first/last qualifiers require
// 256-bit loads, sm_100); .cs is "evict first" in L1 and L2.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_KERNELS_CSRSPMV_CUH
#define ARRAYRT_KERNELS_CSRSPMV_CUH

#include <cstdint>
#include <cstring>

namespace csrspmv {

/// How the streamed arrays (data, indices, indptr) are read; streaming
/// hints (all but Ld and Ldg) also write y with st.global.cs.
enum class Stream {
  Ld,            // ld.global
  Ldg,           // ld.global.nc (the read-only path, __ldg)
  Cs,            // ld.global.cs: evict first in L1 and L2 (__ldcs)
  CsNc,          // ld.global.cs.nc
  NoAlloc,       // ld.global.nc.L1::no_allocate
  EvictFirst,    // ld.global.nc.L1::no_allocate.L2::cache_hint, an
                 // L2::evict_first policy
  EvictFirst256, // the same with .L2::256B (prefetch the 256-byte block)
};

/// How x is gathered.
enum class Gather {
  Ld,        // ld.global
  Ldg,       // ld.global.nc
  NoAlloc,   // ld.global.nc.L1::no_allocate
  EvictLast, // ld.global.nc.L2::cache_hint, an L2::evict_last policy
};

/// The L2 policies of the two kinds of loads (createpolicy), made once per
/// thread.
struct Policies {
  uint64_t stream = 0, gather = 0;
};

template <Stream S, Gather G> __device__ __forceinline__ Policies policies() {
  Policies p;
#ifdef __CUDA_ARCH__
  if constexpr (S == Stream::EvictFirst || S == Stream::EvictFirst256)
    asm("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;"
        : "=l"(p.stream));
  if constexpr (G == Gather::EvictLast)
    asm("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(p.gather));
#endif
  return p;
}

// One load of the streamed arrays: ld.global<QUALIFIERS>.<TYPE> DEST,
// [ADDR]; the policy operand POL is used by the L2::cache_hint forms only.
// No `volatile` and no memory clobber: the arrays do not change during a
// product.
#define CSRSPMV_STREAM_LOAD(TYPE, DEST, ADDR, POL, ...)                        \
  if constexpr (S == Stream::Ld)                                               \
    asm("ld.global." TYPE " " DEST ", [" ADDR "];" : __VA_ARGS__);             \
  else if constexpr (S == Stream::Ldg)                                         \
    asm("ld.global.nc." TYPE " " DEST ", [" ADDR "];" : __VA_ARGS__);          \
  else if constexpr (S == Stream::Cs)                                          \
    asm("ld.global.cs." TYPE " " DEST ", [" ADDR "];" : __VA_ARGS__);          \
  else if constexpr (S == Stream::CsNc)                                        \
    asm("ld.global.cs.nc." TYPE " " DEST ", [" ADDR "];" : __VA_ARGS__);       \
  else if constexpr (S == Stream::NoAlloc)                                     \
    asm("ld.global.nc.L1::no_allocate." TYPE " " DEST ", [" ADDR "];"          \
        : __VA_ARGS__);                                                        \
  else if constexpr (S == Stream::EvictFirst)                                  \
    asm("ld.global.nc.L1::no_allocate.L2::cache_hint." TYPE " " DEST           \
        ", [" ADDR "], " POL ";"                                               \
        : __VA_ARGS__);                                                        \
  else                                                                         \
    asm("ld.global.nc.L1::no_allocate.L2::cache_hint.L2::256B." TYPE " " DEST  \
        ", [" ADDR "], " POL ";"                                               \
        : __VA_ARGS__)

template <Stream S>
__device__ __forceinline__ uint32_t load4(const void *p, uint64_t policy) {
  uint32_t v;
#ifdef __CUDA_ARCH__
  CSRSPMV_STREAM_LOAD("u32", "%0", "%1", "%2", "=r"(v) : "l"(p), "l"(policy));
#else
  memcpy(&v, p, sizeof v);
#endif
  return v;
}
template <Stream S>
__device__ __forceinline__ uint2 load8(const void *p, uint64_t policy) {
  uint2 v;
#ifdef __CUDA_ARCH__
  CSRSPMV_STREAM_LOAD("v2.u32", "{%0, %1}", "%2", "%3", "=r"(v.x), "=r"(v.y)
                      : "l"(p), "l"(policy));
#else
  memcpy(&v, p, sizeof v);
#endif
  return v;
}
template <Stream S>
__device__ __forceinline__ uint4 load16(const void *p, uint64_t policy) {
  uint4 v;
#ifdef __CUDA_ARCH__
  CSRSPMV_STREAM_LOAD("v4.u32", "{%0, %1, %2, %3}", "%4", "%5", "=r"(v.x),
                      "=r"(v.y), "=r"(v.z), "=r"(v.w)
                      : "l"(p), "l"(policy));
#else
  memcpy(&v, p, sizeof v);
#endif
  return v;
}
#undef CSRSPMV_STREAM_LOAD

/// out = p[0 .. V), read as 4-, 8- or 16-byte loads; p must be aligned to
/// V * sizeof(E) (a power of two, at least 4).
template <Stream S, typename E, int V>
__device__ __forceinline__ void loadStream(const E *p, E (&out)[V],
                                           uint64_t policy) {
  constexpr int kBytes = sizeof(E) * V;
  static_assert(kBytes >= 4 && (kBytes & (kBytes - 1)) == 0,
                "loads of 4, 8, 16, 32, ... bytes");
  uint32_t words[kBytes / 4];
  const char *bytes = reinterpret_cast<const char *>(p);
  if constexpr (kBytes == 4) {
    words[0] = load4<S>(bytes, policy);
  } else if constexpr (kBytes == 8) {
    uint2 w = load8<S>(bytes, policy);
    words[0] = w.x;
    words[1] = w.y;
  } else {
#pragma unroll
    for (int b = 0; b < kBytes; b += 16) {
      uint4 w = load16<S>(bytes + b, policy);
      words[b / 4] = w.x;
      words[b / 4 + 1] = w.y;
      words[b / 4 + 2] = w.z;
      words[b / 4 + 3] = w.w;
    }
  }
  memcpy(out, words, kBytes);
}

template <Stream S, typename E>
__device__ __forceinline__ E loadStream(const E *p, uint64_t policy) {
  E out[1];
  loadStream<S, E, 1>(p, out, policy);
  return out[0];
}

/// x[i] through the gather's path.
template <Gather G, typename T>
__device__ __forceinline__ T loadGather(const T *p, uint64_t policy) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "float or double");
  T out;
#ifndef __CUDA_ARCH__
  memcpy(&out, p, sizeof out);
#else
  if constexpr (sizeof(T) == 4) {
    uint32_t v;
    if constexpr (G == Gather::Ld)
      asm("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(p));
    else if constexpr (G == Gather::Ldg)
      asm("ld.global.nc.u32 %0, [%1];" : "=r"(v) : "l"(p));
    else if constexpr (G == Gather::NoAlloc)
      asm("ld.global.nc.L1::no_allocate.u32 %0, [%1];" : "=r"(v) : "l"(p));
    else
      asm("ld.global.nc.L2::cache_hint.u32 %0, [%1], %2;"
          : "=r"(v)
          : "l"(p), "l"(policy));
    memcpy(&out, &v, 4);
  } else {
    uint64_t v;
    if constexpr (G == Gather::Ld)
      asm("ld.global.u64 %0, [%1];" : "=l"(v) : "l"(p));
    else if constexpr (G == Gather::Ldg)
      asm("ld.global.nc.u64 %0, [%1];" : "=l"(v) : "l"(p));
    else if constexpr (G == Gather::NoAlloc)
      asm("ld.global.nc.L1::no_allocate.u64 %0, [%1];" : "=l"(v) : "l"(p));
    else
      asm("ld.global.nc.L2::cache_hint.u64 %0, [%1], %2;"
          : "=l"(v)
          : "l"(p), "l"(policy));
    memcpy(&out, &v, 8);
  }
#endif
  return out;
}

template <Stream S, typename T>
__device__ __forceinline__ void storeY(T *p, T v) {
#ifdef __CUDA_ARCH__
  if constexpr (S != Stream::Ld && S != Stream::Ldg) {
    __stcs(p, v);
    return;
  }
#endif
  *p = v;
}

/// The part of sum(data[p] * x[indices[p]] for p in [begin, end)) that
/// lane `lane` of a group of L lanes adds. Positions go in vectors of V,
/// aligned to V (from begin rounded down), the group's lanes on
/// consecutive vectors, U vectors per lane in flight; the at most two
/// vectors that straddle begin or end are read entry by entry, so nothing
/// outside [begin, end) is read.
template <typename T, typename I, int L, int V, int U, Stream S, Gather G>
__device__ __forceinline__ T groupPartialSum(
    long long begin, long long end, int lane, const I *__restrict__ indices,
    const T *__restrict__ data, const T *__restrict__ x, Policies policy) {
  static_assert(V >= 1 && (V & (V - 1)) == 0, "V is a power of two");
  T sum = 0;
  const long long first = begin & ~static_cast<long long>(V - 1);
  for (long long p0 = first + static_cast<long long>(lane) * V; p0 < end;
       p0 += static_cast<long long>(L) * V * U) {
    T value[U][V];
    I column[U][V];
    bool inside[U][V];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const long long p = p0 + static_cast<long long>(u) * L * V;
      if (p >= begin && p + V <= end) {
        loadStream<S>(data + p, value[u], policy.stream);
        loadStream<S>(indices + p, column[u], policy.stream);
#pragma unroll
        for (int k = 0; k < V; ++k)
          inside[u][k] = true;
      } else {
#pragma unroll
        for (int k = 0; k < V; ++k) {
          inside[u][k] = p + k >= begin && p + k < end;
          value[u][k] =
              inside[u][k] ? loadStream<S>(data + p + k, policy.stream) : T(0);
          column[u][k] = inside[u][k]
                             ? loadStream<S>(indices + p + k, policy.stream)
                             : I(0);
        }
      }
    }
#pragma unroll
    for (int u = 0; u < U; ++u)
#pragma unroll
      for (int k = 0; k < V; ++k)
        if (inside[u][k])
          sum += value[u][k] * loadGather<G>(x + column[u][k], policy.gather);
  }
  return sum;
}

/// The rows csrSpmvRows leaves to csrSpmvLongRows. `packed` holds (rows
/// listed << 40) | chunks listed, so that one atomicAdd gives a row both
/// its slot and its first chunk, and the first chunks grow with the slots.
/// The caller allocates it (see capacityFor) and zeroes `packed` and `done`
/// once; csrSpmvLongRows leaves them zero.
template <typename I> struct LongRows {
  unsigned long long *packed = nullptr;
  unsigned *done = nullptr; // csrSpmvLongRows' blocks that finished
  I *rows = nullptr;
  unsigned long long *firstChunk = nullptr;
  long long capacity = 0; // entries of rows and firstChunk
  long long chunk = 4096; // entries per chunk

  static constexpr int kChunkBits = 40;
  static constexpr unsigned long long kChunkMask = (1ull << kChunkBits) - 1;

  /// Rows longer than longRow number fewer than this in a matrix of nnz
  /// entries; it must stay below 2^24 (the count's bits in `packed`).
  static constexpr long long capacityFor(long long nnz, long long longRow) {
    return nnz / (longRow + 1) + 1;
  }

  __device__ __forceinline__ void push(long long row, long long length) const {
    const unsigned long long chunks = (length + chunk - 1) / chunk;
    const unsigned long long old =
        atomicAdd(packed, (1ull << kChunkBits) + chunks);
    const long long slot = static_cast<long long>(old >> kChunkBits);
    if (slot < capacity) {
      rows[slot] = static_cast<I>(row);
      firstChunk[slot] = old & kChunkMask;
    }
  }
};

/// y[row] = alpha * sum + beta * y[row]; y is not read when beta is 0.
template <Stream S, typename T>
__device__ __forceinline__ void writeRow(T *y, long long row, T sum, T alpha,
                                         T beta) {
  const T result = beta != T(0) ? alpha * sum + beta * y[row] : alpha * sum;
  storeY<S>(y + row, result);
}

/// csrSpmvRows' body (see the file comment).
template <typename T, typename I, int L, int V, int U, int R, Stream S,
          Gather G>
__device__ __forceinline__ void
spmvRows(long long rows, const I *__restrict__ indptr,
         const I *__restrict__ indices, const T *__restrict__ data,
         const T *__restrict__ x, T *__restrict__ y, T alpha, T beta,
         long long longRow, const LongRows<I> &longRows) {
  static_assert(L >= 1 && L <= 32 && (L & (L - 1)) == 0,
                "L is a power of two, at most 32");
  constexpr int kGroupsPerWarp = 32 / L;
  constexpr int kRowsPerWarp = kGroupsPerWarp * R;
  const Policies policy = policies<S, G>();
  const int lane = threadIdx.x % L;
  const int group = threadIdx.x % 32 / L;
  const long long warp =
      (static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const long long warps = static_cast<long long>(gridDim.x) * blockDim.x / 32;
  // `base` is the same in the whole warp, so every lane reaches the
  // shuffles, also in the last rows.
  for (long long base = warp * kRowsPerWarp; base < rows;
       base += warps * kRowsPerWarp) {
#pragma unroll
    for (int r = 0; r < R; ++r) {
      const long long row = base + r * kGroupsPerWarp + group;
      T sum = 0;
      if (row < rows) {
        const long long begin = loadStream<S>(indptr + row, policy.stream);
        const long long end = loadStream<S>(indptr + row + 1, policy.stream);
        if (end - begin <= longRow)
          sum = groupPartialSum<T, I, L, V, U, S, G>(begin, end, lane, indices,
                                                     data, x, policy);
        else if (lane == 0)
          longRows.push(row, end - begin);
      }
#pragma unroll
      for (int offset = L / 2; offset > 0; offset /= 2)
        sum += __shfl_xor_sync(0xffffffffu, sum, offset);
      if (row < rows && lane == 0)
        writeRow<S>(y, row, sum, alpha, beta);
    }
  }
}

/// Any block size (a multiple of 32), any grid.
template <typename T, typename I, int L, int V, int U, int R, Stream S,
          Gather G>
__global__ void csrSpmvRows(long long rows, const I *__restrict__ indptr,
                            const I *__restrict__ indices,
                            const T *__restrict__ data, const T *__restrict__ x,
                            T *__restrict__ y, T alpha, T beta,
                            long long longRow, LongRows<I> longRows) {
  spmvRows<T, I, L, V, U, R, S, G>(rows, indptr, indices, data, x, y, alpha,
                                   beta, longRow, longRows);
}

/// The same, for blocks of 256 threads only, compiled for 8 blocks per
/// multiprocessor (at most 32 registers: full occupancy).
template <typename T, typename I, int L, int V, int U, int R, Stream S,
          Gather G>
__global__ void __launch_bounds__(256, 8)
    csrSpmvRows256x8(long long rows, const I *__restrict__ indptr,
                     const I *__restrict__ indices, const T *__restrict__ data,
                     const T *__restrict__ x, T *__restrict__ y, T alpha,
                     T beta, long long longRow, LongRows<I> longRows) {
  spmvRows<T, I, L, V, U, R, S, G>(rows, indptr, indices, data, x, y, alpha,
                                   beta, longRow, longRows);
}

/// The sum of v over the block, in thread 0; blockDim.x is a multiple of
/// 32. Every thread of the block calls it.
template <typename T> __device__ __forceinline__ T blockSum(T v) {
  __shared__ T warpSums[32];
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, offset);
  if (threadIdx.x % 32 == 0)
    warpSums[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < blockDim.x / 32 ? warpSums[threadIdx.x] : T(0);
#pragma unroll
    for (int offset = 16; offset > 0; offset /= 2)
      v += __shfl_xor_sync(0xffffffffu, v, offset);
  }
  __syncthreads(); // warpSums is free again
  return v;
}

/// Adds alpha times the listed rows' sums to y (csrSpmvRows, queued before
/// it, set those rows to beta * y). Blocks of kBlock threads, any grid.
template <typename T, typename I, int kBlock, int V, int U, Stream S, Gather G>
__global__ void __launch_bounds__(kBlock)
    csrSpmvLongRows(const I *__restrict__ indptr, const I *__restrict__ indices,
                    const T *__restrict__ data, const T *__restrict__ x,
                    T *__restrict__ y, T alpha, LongRows<I> longRows) {
  const Policies policy = policies<S, G>();
  const unsigned long long packed = *longRows.packed;
  const long long listed =
      static_cast<long long>(packed >> LongRows<I>::kChunkBits);
  const long long count =
      listed < longRows.capacity ? listed : longRows.capacity;
  const unsigned long long chunks = packed & LongRows<I>::kChunkMask;
  for (unsigned long long c = blockIdx.x; count > 0 && c < chunks;
       c += gridDim.x) {
    // The last listed row whose first chunk is at most c.
    long long lo = 0, hi = count - 1;
    while (lo < hi) {
      const long long mid = (lo + hi + 1) / 2;
      if (longRows.firstChunk[mid] <= c)
        lo = mid;
      else
        hi = mid - 1;
    }
    const long long row = longRows.rows[lo];
    const long long rowEnd = indptr[row + 1];
    const long long begin =
        indptr[row] +
        static_cast<long long>(c - longRows.firstChunk[lo]) * longRows.chunk;
    const long long end =
        begin + longRows.chunk < rowEnd ? begin + longRows.chunk : rowEnd;
    T sum = 0;
    if (begin < end) // false only for chunks of rows beyond the capacity
      sum = groupPartialSum<T, I, kBlock, V, U, S, G>(begin, end, threadIdx.x,
                                                      indices, data, x, policy);
    sum = blockSum(sum);
    if (threadIdx.x == 0)
      atomicAdd(y + row, alpha * sum);
  }
  // Reset the list for the next product once every block has read it.
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    if (atomicAdd(longRows.done, 1u) == gridDim.x - 1) {
      *longRows.packed = 0;
      *longRows.done = 0;
      __threadfence();
    }
  }
}

} // namespace csrspmv

#endif // ARRAYRT_KERNELS_CSRSPMV_CUH
