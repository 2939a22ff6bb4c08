//===- ValueKernels.h - Scaling and converting sparse arrays ----*- C++ -*-===//
//
// The kernels of kernels/SparseValues.cu, which let the CUDA target scale,
// add and transpose sparse matrices that cuSPARSE's legacy routines
// (csrgeam2, csr2csc: 32-bit indices; csrgeam2: float and double values)
// do not take: scaling is one kernel over the values, and 64-bit indices
// and 16-bit values are converted to what cuSPARSE takes and back.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_VALUEKERNELS_H
#define ARRAYRT_LIB_VALUEKERNELS_H

#include "sparse/Cusparse.h"

#include <cstdint>

namespace arrayrt::sparse {

/// Whether the kernels can run here: embedded at build time, and this GPU
/// can run them (sm_80 or newer).
bool valueKernelsAvailable();

/// Exits naming `op` and what it needs unless valueKernelsAvailable().
void requireValueKernels(const char *op, const char *what,
                         const char *location);

/// Queues out[k] = alpha * in[k], k < n, for values of `type` (float16,
/// bfloat16, float32, float64) on `stream`, as NumPy scales an array by a
/// Python float (SparseValues.cu).
void scaleValues(const void *in, void *out, int64_t n, cudaDataType type,
                 double alpha, arrayrt_stream_t stream, const char *op,
                 const char *location);

/// The element types convertArray takes.
enum class Element { I32, I64, F16, BF16, F32 };

/// The Element of 16-bit values of `type`.
Element elementOf(cudaDataType type);

/// Queues out[k] = in[k] converted, k < n, on `stream`: I32 <-> I64 (a
/// narrowed index must fit; the caller checks), F16 or BF16 <-> F32.
void convertArray(const void *in, Element from, void *out, Element to,
                  int64_t n, arrayrt_stream_t stream, const char *op,
                  const char *location);

} // namespace arrayrt::sparse

#endif // ARRAYRT_LIB_VALUEKERNELS_H
