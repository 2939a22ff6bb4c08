//===- SparseArgs.h - Arguments of the arrayrt_csr_* calls ------*- C++ -*-===//
//
// What SparseHandles.cpp and SparseDerived.cpp (and Sparse.cpp) share:
// reading the memref descriptors compiled programs pass, the checks that
// name the op and its location before any GPU work, timed cuSPARSE calls,
// and the handles that own pool memory. Defined in SparseArgs.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_SPARSEARGS_H
#define ARRAYRT_LIB_SPARSEARGS_H

#include "profile/Profile.h"
#include "sparse/Cusparse.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace arrayrt::sparse {

/// Exits with `[location: ]op: <message>`.
[[noreturn]] void failOp(const char *op, const char *location,
                         const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/// Exits with `[location: ]CSR indices are 32 or 64 bits, not <bits>`
/// unless `indexBits` is one of them.
void checkIndexBits(int32_t indexBits, const char *location);

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

/// "<rows> x <cols>", for the messages that compare sizes.
std::string shapeText(int64_t rows, int64_t cols);
inline std::string shapeText(const arrayrt_csr *a) {
  return shapeText(a->rows, a->cols);
}
/// The sizes of a rank-2 array.
inline std::string shapeText(const Array &m) {
  return shapeText(m.sizes[0], m.sizes[1]);
}

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

/// The dense operands of `op` on the matrix `a`: `dtype` checked against
/// a's element type first, then each array read with a's element size.
class DenseOperands {
public:
  DenseOperands(const arrayrt_csr *a, int32_t dtype, const char *op,
                const char *location)
      : a(a), op(op), location(location) {
    checkDtype(a, dtype, op, location);
  }
  /// readArray of the operand `what`.
  Array read(int64_t rank, void *descriptor, int64_t expectedRank,
             const char *what) const {
    return readArray(rank, descriptor, a->elementSize, expectedRank, op, what,
                     location);
  }

private:
  const arrayrt_csr *a;
  const char *op, *location;
};

/// alpha and beta in a product's compute type (host pointer mode): float
/// for CUDA_R_32F, double otherwise.
struct Scalars {
  Scalars(double alpha, double beta)
      : f{static_cast<float>(alpha), static_cast<float>(beta)}, d{alpha, beta} {
  }
  const void *alpha(cudaDataType t) const {
    return t == CUDA_R_32F ? static_cast<const void *>(&f[0]) : &d[0];
  }
  const void *beta(cudaDataType t) const {
    return t == CUDA_R_32F ? static_cast<const void *>(&f[1]) : &d[1];
  }
  float f[2];
  double d[2];
};

/// Queues the shared cuSPARSE handle's work on `stream`.
void setStream(arrayrt_stream_t stream, const char *location);

/// Runs the cuSPARSE call `run` (which returns its status), timed as the
/// library operation `call` on `stream` (moving `bytes`, 0: unknown), and
/// exits naming `call` unless it succeeded.
template <typename Run>
void timedCall(const char *call, arrayrt_stream_t stream, const char *location,
               Run &&run, uint64_t bytes = 0) {
  profile::ScopedDeviceOp timed(reinterpret_cast<CUstream>(stream),
                                profile::OpKind::Library, call, nullptr,
                                nullptr, nullptr, bytes);
  checkSparse(run(), call, location);
}

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

/// noEntries with `like`'s index width and element type.
inline arrayrt_csr_t noEntries(const arrayrt_csr *like, int64_t rows,
                               int64_t cols, arrayrt_stream_t stream,
                               const char *location) {
  return noEntries(rows, cols, like->indexBits, dtypeOf(like), stream,
                   location);
}

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

/// A CSR matrix that cuSPARSE computes and counts (DenseToSparse, SpGEMM):
/// a descriptor over row offsets from the pool, whose column indices and
/// values are allocated once the host knows the count.
struct CsrResult {
  cusparseSpMatDescr_t matrix = nullptr;
  void *rowOffsets = nullptr, *colIndices = nullptr, *values = nullptr;
  int32_t indexBits = 32;
  int64_t nnz = 0;
};

/// The descriptor of a `rows` x `cols` result with no entries yet.
CsrResult csrResult(int64_t rows, int64_t cols, int32_t indexBits,
                    cudaDataType type, arrayrt_stream_t stream,
                    const char *location);

/// Waits for `stream` and reads the result's count into r.nnz: the host
/// must know it, since the arrays' sizes depend on it.
void countEntries(CsrResult &r, arrayrt_stream_t stream, const char *location);

/// The result's column indices and values (`elementSize` bytes each), from
/// the pool, set as its descriptor's arrays.
void allocateEntries(CsrResult &r, size_t elementSize, arrayrt_stream_t stream,
                     const char *location);

} // namespace arrayrt::sparse

#endif // ARRAYRT_LIB_SPARSEARGS_H
