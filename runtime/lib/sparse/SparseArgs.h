//===- SparseArgs.h - Arguments of the arrayrt_csr_* calls ------*- C++ -*-===//
//
// What SparseHandles.cpp and SparseDerived.cpp share: reading the memref
// descriptors compiled programs pass, the checks that name the op and its
// location before any GPU work, and the handles that own pool memory.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_SPARSEARGS_H
#define ARRAYRT_LIB_SPARSEARGS_H

#include "sparse/Cusparse.h"

#include <cstddef>
#include <cstdint>

namespace arrayrt::sparse {

/// `location: ` or "".
struct Where {
  explicit Where(const char *location)
      : text(location ? location : ""), sep(location ? ": " : "") {}
  const char *text, *sep;
};

/// A contiguous row-major array behind a ranked memref descriptor
/// {allocated, aligned, offset, sizes[rank], strides[rank]}.
struct Array {
  char *data;
  int64_t sizes[2] = {1, 1};
};

/// The array of the `(rank, descriptor)` pair; exits naming `op` and `what`
/// unless its rank is `expectedRank` and it is contiguous and row-major.
Array readArray(int64_t rank, void *descriptor, size_t elementSize,
                int64_t expectedRank, const char *op, const char *what,
                const char *location);

/// 2 for ARRAYRT_DTYPE_F16 and _BF16, 4 for _F32, 8 for _F64.
size_t elementSize(int32_t dtype);

/// The ARRAYRT_DTYPE_* of a matrix's values.
int32_t dtypeOf(const arrayrt_csr *a);

/// Pool memory for `stream`; cuSPARSE needs a non-null pointer even for an
/// empty array.
void *allocate(size_t bytes, arrayrt_stream_t stream, const char *location);

/// Exits unless `dtype` is the matrix's element type.
void checkDtype(const arrayrt_csr *a, int32_t dtype, const char *op,
                const char *location);

/// Queues the shared cuSPARSE handle's work on `stream`.
void setStream(arrayrt_stream_t stream, const char *location);

/// Whether the matrix has no rows or no columns: cuSPARSE takes no such
/// matrix, so its handle has no descriptor (`matrix` is null) and every
/// operation computes its result without cuSPARSE.
inline bool isEmpty(const arrayrt_csr *a) {
  return a->rows == 0 || a->cols == 0;
}

/// A handle owning a matrix of `rows` x `cols` with no entries (row offsets
/// of zeros, pool memory for `stream`); either size may be 0.
arrayrt_csr_t noEntries(int64_t rows, int64_t cols, int32_t indexBits,
                        int32_t dtype, arrayrt_stream_t stream,
                        const char *location);

/// `y` (n elements of the matrix's value type) = beta * y, the product of
/// a matrix with no columns: zeros when beta is 0.
void scaleOutput(const arrayrt_csr *a, void *y, int64_t n, double beta,
                 arrayrt_stream_t stream, const char *op, const char *location);

/// Exits naming `op` unless a product of `nnz` entries fits `indexBits`-bit
/// indices.
void checkProductFits(int64_t nnz, int32_t indexBits, const char *op,
                      const char *location);

/// A handle owning `rowOffsets`, `colIndices` and `values` (pool memory
/// for `stream`).
arrayrt_csr_t ownedHandle(int64_t rows, int64_t cols, int64_t nnz,
                          void *rowOffsets, void *colIndices, void *values,
                          int32_t indexBits, int32_t dtype,
                          arrayrt_stream_t stream, const char *location);

} // namespace arrayrt::sparse

#endif // ARRAYRT_LIB_SPARSEARGS_H
