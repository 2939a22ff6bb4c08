//===- SpmvKernel.h - How arrayrt_spmv computes a product -------*- C++ -*-===//
//
// arrayrt_spmv has two ways: its own kernel (kernels/CsrSpmv.cu, embedded
// at build time) and cusparseSpMV. Measured on the H200 (f32 values,
// 32-bit indices, random distinct columns; docs/performance.md), the
// kernel is faster than cuSPARSE's best (with its analysis, looped) at 8,
// 12 and 16 entries in every row (0.482 against 0.491 ms at 16 on 4M
// rows), also for f64 values and 64-bit indices (at 16). It is slower at
// 2, 5, 24, 32 and 64 entries per row, on the 2-D Poisson matrix (5 per
// row) and on a power-law matrix, where cuSPARSE balances the work. So
// Auto takes it in that band, and for small matrices (launch-bound),
// below.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_SPMVKERNEL_H
#define ARRAYRT_LIB_SPMVKERNEL_H

#include "sparse/Cusparse.h"

#include <cstdint>

namespace arrayrt::sparse {

/// When a matrix's cuSPARSE analysis (cusparseSpMV_preprocess) runs:
/// before its second product (the default: measured on the H200, 4M x 4M
/// with 64M entries, the analysis costs 0.052 ms and saves 0.037 ms per
/// product, so a one-shot product is cheaper without it and an iterative
/// solver gains from the second product on), before its first, or never.
enum class SpmvAnalysis { Second, First, Never };

/// Which way: the kernel where it is faster (Auto), the kernel wherever it
/// can run (its arrays aligned), or cuSPARSE always.
enum class SpmvPath { Auto, Kernel, Cusparse };

/// From the environment, read once:
///   ARRAYRT_SPMV=auto (default) | kernel | cusparse | alg2 (cuSPARSE with
///     CUSPARSE_SPMV_CSR_ALG2 instead of ALG1)
///   ARRAYRT_SPMV_PREPROCESS=1 (analyse before the first product) | 0
///     (never); cuSPARSE's products only.
/// Any other value exits naming the variable and what it accepts.
struct SpmvChoice {
  SpmvPath path = SpmvPath::Auto;
  cusparseSpMVAlg_t alg = CUSPARSE_SPMV_CSR_ALG1;
  SpmvAnalysis analysis = SpmvAnalysis::Second;
};
const SpmvChoice &spmvChoice();

/// Auto's band: at least kSpmvKernelFewest and at most kSpmvKernelMost
/// entries per row on average, or at most kSpmvKernelSmall entries in all,
/// and no row longer than kSpmvKernelLongestRow. A small product is over
/// in a few microseconds, so what it costs besides is what counts: the
/// kernel is one launch with nothing to set up. Measured on the H200
/// (2026-12-05, bench/launch.py): CG on the 2-D Poisson matrix of a
/// 256 x 256 grid (327,680 entries, 5 per row), 1,000 iterations in CUDA
/// graphs 16.6-16.9 ms with the kernel against 17.7 with cuSPARSE; until
/// a tolerance (351 iterations) 6.64-6.68 ms against 7.23-7.39, the whole
/// loop on the device from its first iteration (cuSPARSE's first product
/// allocates its work buffer, which ends a graph recording).
constexpr int64_t kSpmvKernelFewest = 8, kSpmvKernelMost = 16,
                  kSpmvKernelLongestRow = 32, kSpmvKernelSmall = 1 << 20;

/// What measureRows finds: the longest row (its length saturated at
/// 2^32 - 1), the first row whose offsets
/// decrease (indptr[row] > indptr[row + 1]) or -1, and the first and last
/// offsets (indptr[0], indptr[rows]). `measured` is false, and the rest
/// -1, when nothing was measured (no embedded kernels).
struct RowStats {
  bool measured = false;
  int64_t longest = -1, firstDecrease = -1;
  int64_t first = -1, last = -1;
};

/// Measures the CSR matrix whose `rows + 1` row offsets (`indexBits`
/// wide) are at `indptr` in device memory: one kernel queued on `stream`
/// behind its earlier work, then one copy back, which waits for it.
RowStats measureRows(int64_t rows, void *indptr, int32_t indexBits,
                     arrayrt_stream_t stream, const char *location);

/// Exits naming `op` and the row if `stats` found offsets that decrease.
void checkRowStats(const RowStats &stats, const char *op, const char *location);

/// Queues y = alpha * A @ x + beta * y on `stream` with the runtime's
/// kernel and returns true, or returns false, having queued nothing, where
/// cuSPARSE should compute it: by choice, or because the kernel is not
/// embedded, or A's values are float16 or bfloat16, or A's values or
/// column indices are not aligned to 4
/// elements (its 16-byte loads), or (Auto) A is large and outside the band
/// above.
/// In Auto, the first product of a matrix in the band on average measures
/// its rows (measureRows) unless array.csr_matrix did; later ones reuse it.
/// `bytes` is what the profile reports the product moved.
bool spmvWithKernel(arrayrt_csr *a, const void *x, void *y, double alpha,
                    double beta, arrayrt_stream_t stream, uint64_t bytes,
                    const char *location);

} // namespace arrayrt::sparse

#endif // ARRAYRT_LIB_SPMVKERNEL_H
