//===- SparseArgs.cpp - Arguments of the arrayrt_csr_* calls --------------===//
//
// See SparseArgs.h.
//
//===----------------------------------------------------------------------===//

#include "sparse/SparseArgs.h"

#include "arrayrt/arrayrt.h"

#include "driver/Error.h"
#include "graphs/Graphs.h"
#include "memory/Memref.h"
#include "sparse/ValueKernels.h"

#include <cstdarg>
#include <string>

namespace arrayrt::sparse {

void failOp(const char *op, const char *location, const char *format, ...) {
  va_list args;
  va_start(args, format);
  const std::string message = formatStringV(format, args);
  va_end(args);
  fatal("%s%s: %s", locationPrefix(location).c_str(), op, message.c_str());
}

void checkIndexBits(int32_t indexBits, const char *location) {
  if (indexBits != 32 && indexBits != 64)
    fatal("%sCSR indices are 32 or 64 bits, not %d",
          locationPrefix(location).c_str(), indexBits);
}

Array readArray(int64_t rank, void *descriptor, size_t elementSize,
                int64_t expectedRank, const char *op, const char *what,
                const char *location) {
  if (rank != expectedRank)
    failOp(op, location, "%s must have rank %lld, not %lld", what,
           static_cast<long long>(expectedRank), static_cast<long long>(rank));
  const Memref memref = readMemref(rank, descriptor);
  Array a;
  a.data = memref.origin(elementSize);
  int64_t expectedStride = 1;
  for (int64_t dim = rank - 1; dim >= 0; --dim) {
    int64_t size = memref.sizes[dim], stride = memref.strides[dim];
    a.sizes[dim] = size;
    if (size > 1 && stride != expectedStride)
      failOp(op, location, "%s must be a contiguous row-major array", what);
    expectedStride *= size;
  }
  return a;
}

std::string shapeText(int64_t rows, int64_t cols) {
  return std::to_string(rows) + " x " + std::to_string(cols);
}

int32_t dtypeOf(const arrayrt_csr *a) {
  switch (a->type) {
  case CUDA_R_64F:
    return ARRAYRT_DTYPE_F64;
  case CUDA_R_16F:
    return ARRAYRT_DTYPE_F16;
  case CUDA_R_16BF:
    return ARRAYRT_DTYPE_BF16;
  default:
    return ARRAYRT_DTYPE_F32;
  }
}

size_t elementSize(int32_t dtype) {
  if (dtype == ARRAYRT_DTYPE_F64)
    return 8;
  return dtype == ARRAYRT_DTYPE_F16 || dtype == ARRAYRT_DTYPE_BF16 ? 2 : 4;
}

void checkProductFits(int64_t nnz, int32_t indexBits, const char *op,
                      const char *location) {
  if (indexBits != 32 || nnz <= INT32_MAX)
    return;
  failOp(op, location,
         "the product has %lld entries, which need 64-bit indices "
         "(posWidth = crdWidth = 64)",
         static_cast<long long>(nnz));
}

void *allocate(size_t bytes, arrayrt_stream_t stream, const char *location) {
  return arrayrt_alloc_at(bytes ? bytes : 16, stream, location);
}

void checkDtype(const arrayrt_csr *a, int32_t dtype, const char *op,
                const char *location) {
  if (valueType(dtype, location) != a->type) {
    failOp(op, location,
           "the dense operands' element type differs from the "
           "sparse matrix's");
  }
}

void setStream(arrayrt_stream_t stream, const char *location) {
  // Every cuSPARSE operation starts here: it is not recorded into a graph
  // region (graphs/Graphs.h), so what was recorded goes first.
  graphs::flush();
  const CusparseApi &api = cusparse();
  checkSparse(
      api.cusparseSetStream(api.handle, reinterpret_cast<cudaStream_t>(stream)),
      "cusparseSetStream", location);
}

arrayrt_csr_t noEntries(int64_t rows, int64_t cols, int32_t indexBits,
                        int32_t dtype, arrayrt_stream_t stream,
                        const char *location) {
  const size_t bytes = (rows + 1) * static_cast<size_t>(indexBits / 8);
  void *rowOffsets = allocate(bytes, stream, location);
  arrayrt_memset8(rowOffsets, 0, bytes, stream);
  return ownedHandle(rows, cols, 0, rowOffsets, allocate(0, stream, location),
                     allocate(0, stream, location), indexBits, dtype, stream,
                     location);
}

void scaleOutput(const arrayrt_csr *a, void *y, int64_t n, double beta,
                 arrayrt_stream_t stream, const char *op,
                 const char *location) {
  if (n == 0 || beta == 1.0)
    return;
  if (beta == 0.0)
    arrayrt_memset8(y, 0, n * a->elementSize, stream);
  else
    scaleValues(y, y, n, a->type, beta, stream, op, location);
}

arrayrt_csr_t ownedHandle(int64_t rows, int64_t cols, int64_t nnz,
                          void *rowOffsets, void *colIndices, void *values,
                          int32_t indexBits, int32_t dtype,
                          arrayrt_stream_t stream, const char *location) {
  arrayrt_csr_t a = arrayrt_csr_create(rows, cols, nnz, rowOffsets, colIndices,
                                       values, indexBits, dtype, location);
  a->owned[0] = rowOffsets;
  a->owned[1] = colIndices;
  a->owned[2] = values;
  a->ownedStream = stream;
  return a;
}

CsrResult csrResult(int64_t rows, int64_t cols, int32_t indexBits,
                    cudaDataType type, arrayrt_stream_t stream,
                    const char *location) {
  const CusparseApi &api = cusparse();
  CsrResult r;
  r.indexBits = indexBits;
  cusparseIndexType_t indexType =
      indexBits == 32 ? CUSPARSE_INDEX_32I : CUSPARSE_INDEX_64I;
  r.rowOffsets = allocate((rows + 1) * (indexBits / 8), stream, location);
  checkSparse(api.cusparseCreateCsr(&r.matrix, rows, cols, 0, r.rowOffsets,
                                    nullptr, nullptr, indexType, indexType,
                                    CUSPARSE_INDEX_BASE_ZERO, type),
              "cusparseCreateCsr", location);
  return r;
}

void countEntries(CsrResult &r, arrayrt_stream_t stream, const char *location) {
  arrayrt_stream_synchronize(stream);
  int64_t rows = 0, cols = 0;
  checkSparse(cusparse().cusparseSpMatGetSize(r.matrix, &rows, &cols, &r.nnz),
              "cusparseSpMatGetSize", location);
}

void allocateEntries(CsrResult &r, size_t elementSize, arrayrt_stream_t stream,
                     const char *location) {
  r.colIndices = allocate(r.nnz * (r.indexBits / 8), stream, location);
  r.values = allocate(r.nnz * elementSize, stream, location);
  checkSparse(cusparse().cusparseCsrSetPointers(r.matrix, r.rowOffsets,
                                                r.colIndices, r.values),
              "cusparseCsrSetPointers", location);
}

} // namespace arrayrt::sparse
