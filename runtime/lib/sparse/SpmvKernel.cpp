//===- SpmvKernel.cpp - arrayrt's own CSR SpMV kernel ---------------------===//
//
// Loads the fatbinary of kernels/CsrSpmv.cu (embedded by the build when
// nvcc was found) once, decides per matrix whether its kernel or
// cusparseSpMV computes a product, and launches it. SpmvKernel.h says when
// and why.
//
//===----------------------------------------------------------------------===//

#include "sparse/SpmvKernel.h"

#include "driver/Driver.h"
#include "driver/EmbeddedKernels.h"
#include "driver/Error.h"
#include "driver/Launch.h"
#include "graphs/Graphs.h"
#include "profile/Profile.h"
#include "sparse/SparseArgs.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <string>
#include <vector>

#ifdef ARRAYRT_HAVE_KERNELS
#include "kernels/CsrSpmvFatbin.inc" // csrSpmvFatbin[], from bin2c
#endif

namespace arrayrt::sparse {

const SpmvChoice &spmvChoice() {
  static const SpmvChoice choice = [] {
    SpmvChoice c;
    switch (envChoice("ARRAYRT_SPMV", {"auto", "kernel", "cusparse", "alg2"})) {
    case 1:
      c.path = SpmvPath::Kernel;
      break;
    case 2:
      c.path = SpmvPath::Cusparse;
      break;
    case 3:
      c.path = SpmvPath::Cusparse;
      c.alg = CUSPARSE_SPMV_CSR_ALG2;
      break;
    }
    switch (envChoice("ARRAYRT_SPMV_PREPROCESS", {"0", "1"})) {
    case 0:
      c.analysis = SpmvAnalysis::Never;
      break;
    case 1:
      c.analysis = SpmvAnalysis::First;
      break;
    }
    return c;
  }();
  return choice;
}

namespace {

/// The kernels, by value type (f32, f64) and index width (32, 64 bits).
struct Kernels {
  CUfunction spmv[2][2] = {};
  CUfunction rowStats[2] = {};
};

/// Loads the module on first use; null without embedded kernels, or on a
/// GPU older than sm_80 (the fatbinary's PTX is compute_80: the driver
/// cannot compile it for them), where cuSPARSE does everything.
const Kernels *kernels() {
  return embeddedKernels<Kernels>(
      ARRAYRT_EMBEDDED_IMAGE(csrSpmvFatbin), "arrayrt's SpMV kernels",
      [](const KernelLookup &lookup, Kernels &k) {
        k.spmv[0][0] = lookup("arrayrt_csr_spmv_f32_i32");
        k.spmv[0][1] = lookup("arrayrt_csr_spmv_f32_i64");
        k.spmv[1][0] = lookup("arrayrt_csr_spmv_f64_i32");
        k.spmv[1][1] = lookup("arrayrt_csr_spmv_f64_i64");
        k.rowStats[0] = lookup("arrayrt_csr_row_stats_i32");
        k.rowStats[1] = lookup("arrayrt_csr_row_stats_i64");
      });
}

bool aligned(const void *p, size_t bytes) {
  return reinterpret_cast<uintptr_t>(p) % bytes == 0;
}

} // namespace

RowStats measureRows(int64_t rows, void *indptr, int32_t indexBits,
                     arrayrt_stream_t stream, const char *location) {
  const Kernels *k = kernels();
  if (!k)
    return {};
  // 256 threads of 8 rows each per block (kernels/CsrSpmv.cu); a pair per
  // block, then indptr's two ends.
  const unsigned blocks = gridFor(rows, 256 * 8, INT_MAX);
  std::vector<unsigned long long> pairs(2 * blocks + 2);
  auto *stats = static_cast<unsigned long long *>(
      allocate(pairs.size() * sizeof pairs[0], stream, location));
  long long count = rows;
  void *params[] = {&count, &indptr, &stats};
  auto *cuStream = reinterpret_cast<CUstream>(stream);
  {
    profile::ScopedDeviceOp timed(cuStream, profile::OpKind::Library,
                                  "arrayrt_csr_row_stats", nullptr, nullptr,
                                  nullptr, (rows + 1) * indexBits / 8);
    check(driver().cuLaunchKernel(k->rowStats[indexBits == 64], blocks, 1, 1,
                                  256, 1, 1, 0, cuStream, params, nullptr),
          "cuLaunchKernel (arrayrt_csr_row_stats)");
  }
  arrayrt_memcpy(pairs.data(), stats, pairs.size() * sizeof pairs[0], stream);
  arrayrt_stream_synchronize(stream);
  arrayrt_free(stats, stream);
  unsigned long long longest = 0, firstDecrease = ~0ull;
  for (unsigned b = 0; b < blocks; ++b) {
    longest = std::max(longest, pairs[2 * b]);
    firstDecrease = std::min(firstDecrease, pairs[2 * b + 1]);
  }
  RowStats result;
  result.measured = true;
  result.longest = static_cast<int64_t>(longest);
  result.first = static_cast<int64_t>(pairs[2 * blocks]);
  result.last = static_cast<int64_t>(pairs[2 * blocks + 1]);
  if (firstDecrease != ~0ull)
    result.firstDecrease = static_cast<int64_t>(firstDecrease);
  return result;
}

void checkRowStats(const RowStats &stats, const char *op,
                   const char *location) {
  if (stats.firstDecrease < 0)
    return;
  failOp(op, location,
         "indptr must be nondecreasing, but indptr[%lld] > "
         "indptr[%lld]",
         static_cast<long long>(stats.firstDecrease),
         static_cast<long long>(stats.firstDecrease + 1));
}

bool spmvWithKernel(arrayrt_csr *a, const void *x, void *y, double alpha,
                    double beta, arrayrt_stream_t stream, uint64_t bytes,
                    const char *location) {
  const SpmvChoice &choice = spmvChoice();
  const Kernels *k = kernels();
  // The kernel is instantiated for float32 and float64 values.
  if (choice.path == SpmvPath::Cusparse || !k || a->elementSize == 2)
    return false;
  // 16-byte loads of 4 elements, or 32-byte ones (two loads) of doubles
  // and 64-bit indices.
  if (!aligned(a->values, 4 * a->elementSize) ||
      !aligned(a->colIndices, 4 * static_cast<size_t>(a->indexBits / 8)))
    return false;
  if (choice.path == SpmvPath::Auto) {
    if (a->nnz > kSpmvKernelSmall && (a->nnz < kSpmvKernelFewest * a->rows ||
                                      a->nnz > kSpmvKernelMost * a->rows))
      return false;
    if (a->longestRow < 0) {
      RowStats stats =
          measureRows(a->rows, a->rowOffsets, a->indexBits, stream, location);
      checkRowStats(stats, "array.spmv", location);
      a->longestRow = stats.longest;
    }
    if (a->longestRow > kSpmvKernelLongestRow)
      return false;
  }
  long long rows = a->rows;
  float alpha32 = static_cast<float>(alpha), beta32 = static_cast<float>(beta);
  const bool isDouble = a->elementSize == 8;
  void *scalarAlpha = isDouble ? static_cast<void *>(&alpha) : &alpha32;
  void *scalarBeta = isDouble ? static_cast<void *>(&beta) : &beta32;
  void *params[] = {&rows, &a->rowOffsets, &a->colIndices, &a->values, &x,
                    &y,    scalarAlpha,    scalarBeta};
  auto *cuStream = reinterpret_cast<CUstream>(stream);
  CUfunction function = k->spmv[isDouble][a->indexBits == 64];
  // 256 threads, 64 rows (four lanes each) per block.
  const uint32_t grid[3] = {gridFor(a->rows, 64, INT_MAX), 1, 1};
  const uint32_t block[3] = {256, 1, 1};
  if (graphs::recordLaunch(cuStream, function, grid, block, nullptr, 0, params,
                           static_cast<long>(std::size(params)), kPlainLaunch))
    return true;
  profile::ScopedDeviceOp timed(cuStream, profile::OpKind::Library,
                                "arrayrt_csr_spmv", nullptr, nullptr, nullptr,
                                bytes);
  check(driver().cuLaunchKernel(function, grid[0], 1, 1, block[0], 1, 1, 0,
                                cuStream, params, nullptr),
        "cuLaunchKernel (arrayrt_csr_spmv)");
  return true;
}

} // namespace arrayrt::sparse
