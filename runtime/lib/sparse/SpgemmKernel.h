//===- SpgemmKernel.h - How arrayrt_csr_spgemm computes C = A @ B -*- C++ -*-=//
//
// arrayrt_csr_spgemm has two ways: its own kernels (kernels/CsrSpgemm.cu:
// a count pass, a scan, a fill pass; a hash table per row in shared
// memory) and cuSPARSE's SpGEMM (work estimation, compute, copy). The
// kernels take rows of at most kSpgemmKernelMostProducts products (the sum
// over a row's entries of the lengths of the rows of B they pick); a
// matrix with a longer one goes to cuSPARSE, after the count pass found
// it.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_SPGEMMKERNEL_H
#define ARRAYRT_LIB_SPGEMMKERNEL_H

#include "sparse/Cusparse.h"
#include "sparse/kernels/CsrSpgemmShape.h"

#include <cstdint>

namespace arrayrt::sparse {

/// The most products a row may have for the kernels.
constexpr int64_t kSpgemmKernelMostProducts = csrspgemm::kMaxProducts;

/// Which way, from ARRAYRT_SPGEMM (read once): auto (the default: the
/// kernels where every row fits them, cuSPARSE otherwise), kernel (the
/// kernels; a row too long for them is an error) or cusparse. Any other
/// value exits naming the variable and what it accepts.
enum class SpgemmPath { Auto, Kernel, Cusparse };
SpgemmPath spgemmChoice();

/// C = A @ B with the runtime's kernels into a new handle that owns its
/// arrays (pool memory for `stream`), or null, having left nothing
/// behind, where cuSPARSE should compute it: by choice, or because the
/// kernels cannot run here, or A's values are not float32 or float64, or
/// (Auto) a row has more products than the kernels take. The caller has
/// checked that A and B agree.
arrayrt_csr_t spgemmWithKernels(const arrayrt_csr *a, const arrayrt_csr *b,
                                const char *op, const char *location,
                                arrayrt_stream_t stream);

} // namespace arrayrt::sparse

#endif // ARRAYRT_LIB_SPGEMMKERNEL_H
