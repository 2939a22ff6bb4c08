//===- SpgemmKernel.cpp - arrayrt's own CSR SpGEMM kernels ----------------===//
//
// Loads kernels/CsrSpgemm.cu's fatbinary once; SpgemmKernel.h says when
// its kernels compute a product.
//
//===----------------------------------------------------------------------===//

#include "sparse/SpgemmKernel.h"

#include "driver/EmbeddedKernels.h"
#include "driver/Error.h"
#include "profile/Profile.h"
#include "sparse/SparseArgs.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

#ifdef ARRAYRT_HAVE_KERNELS
#include "kernels/CsrSpgemmFatbin.inc" // csrSpgemmFatbin[], from bin2c
#endif

namespace arrayrt::sparse {

SpgemmPath spgemmChoice() {
  // The choices in SpgemmPath's order; unset or empty: Auto.
  static const SpgemmPath path = static_cast<SpgemmPath>(
      std::max(0, envChoice("ARRAYRT_SPGEMM", {"auto", "kernel", "cusparse"})));
  return path;
}

namespace {

/// By value type (f32, f64) and index width (32, 64 bits); the scan's by
/// index width.
struct Kernels {
  CUfunction count[2][2] = {}, fill[2][2] = {};
  CUfunction scanTiles[2] = {}, scanAdd[2] = {}, scanTileSums = nullptr;
};

const Kernels *kernels() {
  return embeddedKernels<Kernels>(
      ARRAYRT_EMBEDDED_IMAGE(csrSpgemmFatbin), "arrayrt's SpGEMM kernels",
      [](const KernelLookup &lookup, Kernels &k) {
        const char *types[2] = {"f32", "f64"}, *widths[2] = {"i32", "i64"};
        for (int t = 0; t < 2; ++t)
          for (int w = 0; w < 2; ++w) {
            const std::string suffix =
                std::string(types[t]) + "_" + widths[w];
            k.count[t][w] = lookup("arrayrt_spgemm_count_" + suffix);
            k.fill[t][w] = lookup("arrayrt_spgemm_fill_" + suffix);
          }
        for (int w = 0; w < 2; ++w) {
          const std::string scan = std::string("arrayrt_scan_") + widths[w];
          k.scanTiles[w] = lookup(scan + "_tiles");
          k.scanAdd[w] = lookup(scan + "_add");
        }
        k.scanTileSums = lookup("arrayrt_scan_tile_sums");
      });
}

using namespace csrspgemm;

void launch(CUfunction function, unsigned blocks, unsigned threads,
            void **params, arrayrt_stream_t stream, const char *name) {
  auto *cuStream = reinterpret_cast<CUstream>(stream);
  profile::ScopedDeviceOp timed(cuStream, profile::OpKind::Library, name);
  check(driver().cuLaunchKernel(function, blocks, 1, 1, threads, 1, 1, 0,
                                cuStream, params, nullptr),
        name);
}

} // namespace

arrayrt_csr_t spgemmWithKernels(const arrayrt_csr *a, const arrayrt_csr *b,
                                const char *op, const char *location,
                                arrayrt_stream_t stream) {
  const SpgemmPath path = spgemmChoice();
  const Kernels *k = kernels();
  if (path == SpgemmPath::Cusparse || !k ||
      (a->type != CUDA_R_32F && a->type != CUDA_R_64F))
    return nullptr;
  const int t = a->type == CUDA_R_64F, w = a->indexBits == 64;
  const size_t index = a->indexBits / 8;
  long long rows = a->rows;
  // Row offsets of C (the count pass writes each row's count after the
  // first), then the scan's tile sums, its total and the overflow flag.
  void *rowOffsets = allocate((a->rows + 1) * index, stream, location);
  long long tiles = (a->rows + kScanTile - 1) / kScanTile;
  auto *scratch = static_cast<long long *>(
      allocate((tiles + 2) * sizeof(long long), stream, location));
  unsigned *overflow = reinterpret_cast<unsigned *>(scratch + tiles + 1);
  arrayrt_memset32(overflow, 0, 2, stream);
  const unsigned rowBlocks = gridFor(a->rows, kWarps, 1 << 20);
  void *aIndptr = a->rowOffsets, *aIndices = a->colIndices,
       *aData = a->values;
  void *bIndptr = b->rowOffsets, *bIndices = b->colIndices,
       *bData = b->values;
  {
    void *params[] = {&rows,    &aIndptr,  &aIndices,  &bIndptr,
                      &bIndices, &rowOffsets, &overflow};
    launch(k->count[t][w], rowBlocks, kWarps * 32, params, stream,
           "arrayrt_spgemm_count");
  }
  {
    void *counts = static_cast<char *>(rowOffsets) + index;
    void *params[] = {&rows, &counts, &scratch};
    const unsigned tileBlocks = static_cast<unsigned>(std::max(1ll, tiles));
    launch(k->scanTiles[w], tileBlocks, kScanThreads, params, stream,
           "arrayrt_spgemm_scan");
    void *sumParams[] = {&tiles, &scratch};
    launch(k->scanTileSums, 1, kScanThreads, sumParams, stream,
           "arrayrt_spgemm_scan");
    launch(k->scanAdd[w], tileBlocks, kScanThreads, params, stream,
           "arrayrt_spgemm_scan");
  }
  // The total and the flag, in one copy (which waits for them).
  long long back[2] = {0, 0};
  arrayrt_memcpy(back, scratch + tiles, sizeof back, stream);
  arrayrt_stream_synchronize(stream);
  arrayrt_free(scratch, stream);
  const long long nnz = back[0];
  if (back[1] & 0xffffffffll) {
    arrayrt_free(rowOffsets, stream);
    if (path == SpgemmPath::Kernel) {
      failOp(op, location,
             "a row of the product has more than %lld products, more "
             "than arrayrt's SpGEMM kernels take (ARRAYRT_SPGEMM=kernel); "
             "ARRAYRT_SPGEMM=auto computes it with cuSPARSE",
             static_cast<long long>(kSpgemmKernelMostProducts));
    }
    return nullptr;
  }
  checkProductFits(nnz, a->indexBits, op, location);
  void *colIndices = allocate(nnz * index, stream, location);
  void *values = allocate(nnz * a->elementSize, stream, location);
  {
    void *params[] = {&rows,     &aIndptr,    &aIndices,   &aData,
                      &bIndptr,  &bIndices,   &bData,      &rowOffsets,
                      &colIndices, &values};
    launch(k->fill[t][w], rowBlocks, kWarps * 32, params, stream,
           "arrayrt_spgemm_fill");
  }
  return ownedHandle(a->rows, b->cols, nnz, rowOffsets, colIndices, values,
                     a->indexBits, dtypeOf(a), stream, location);
}

} // namespace arrayrt::sparse
