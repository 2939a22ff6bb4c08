//===- SparseHandles.cpp - CSR matrices of compiled programs --------------===//
//
// The arrayrt_csr_* entry points that array-gpu-sparse's ops become: CSR
// handles made from a dense matrix (cuSPARSE DenseToSparse), from three
// device arrays (borrowed) or from a Matrix Market file (read on the host,
// uploaded), their products and dense form, and their release. Buffers
// arrive as MLIR memref descriptors; each is checked (contiguous, sizes
// that fit the matrix) before any GPU work, so a mismatch stops the
// program with the op's location.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "driver/Error.h"
#include "profile/Profile.h"
#include "sparse/Cusparse.h"
#include "sparse/SparseArgs.h"
#include "sparse/SpgemmKernel.h"
#include "sparse/SpmvKernel.h"
#include "sparse/ValueKernels.h"

#include <cstring>
#include <vector>

using namespace arrayrt;
using namespace arrayrt::sparse;

namespace arrayrt::sparse {

Array readArray(int64_t rank, void *descriptor, size_t elementSize,
                int64_t expectedRank, const char *op, const char *what,
                const char *location) {
  Where w(location);
  if (rank != expectedRank)
    fatal("%s%s%s: %s must have rank %lld, not %lld", w.text, w.sep, op, what,
          static_cast<long long>(expectedRank), static_cast<long long>(rank));
  auto *words = static_cast<int64_t *>(descriptor);
  Array a;
  a.data = reinterpret_cast<char *>(words[1]) + words[2] * elementSize;
  int64_t expectedStride = 1;
  for (int64_t dim = rank - 1; dim >= 0; --dim) {
    int64_t size = words[3 + dim], stride = words[3 + rank + dim];
    a.sizes[dim] = size;
    if (size > 1 && stride != expectedStride)
      fatal("%s%s%s: %s must be a contiguous row-major array", w.text, w.sep,
            op, what);
    expectedStride *= size;
  }
  return a;
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
  Where w(location);
  fatal("%s%s%s: the product has %lld entries, which need 64-bit indices "
        "(posWidth = crdWidth = 64)",
        w.text, w.sep, op, static_cast<long long>(nnz));
}

void *allocate(size_t bytes, arrayrt_stream_t stream, const char *location) {
  return arrayrt_alloc_at(bytes ? bytes : 16, stream, location);
}

void checkDtype(const arrayrt_csr *a, int32_t dtype, const char *op,
                const char *location) {
  if (valueType(dtype, location) != a->type) {
    Where w(location);
    fatal("%s%s%s: the dense operands' element type differs from the "
          "sparse matrix's",
          w.text, w.sep, op);
  }
}

void setStream(arrayrt_stream_t stream, const char *location) {
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

} // namespace arrayrt::sparse

extern "C" arrayrt_csr_t arrayrt_csr_from_dense(int64_t rank, void *dense,
                                                int32_t index_bits,
                                                int32_t dtype,
                                                const char *location,
                                                arrayrt_stream_t stream) {
  const char *op = "array.to_sparse";
  cudaDataType type = valueType(dtype, location);
  Array d = readArray(rank, dense, elementSize(dtype), 2, op,
                      "the dense matrix", location);
  int64_t rows = d.sizes[0], cols = d.sizes[1];
  if (index_bits != 32 && index_bits != 64) {
    Where w(location);
    fatal("%s%sCSR indices are 32 or 64 bits, not %d", w.text, w.sep,
          index_bits);
  }
  if (rows == 0 || cols == 0)
    return noEntries(rows, cols, index_bits, dtype, stream, location);
  const CusparseApi &api = cusparse();
  setStream(stream, location);
  size_t index = index_bits / 8;
  cusparseIndexType_t indexType =
      index_bits == 32 ? CUSPARSE_INDEX_32I : CUSPARSE_INDEX_64I;
  cusparseDnMatDescr_t matrix;
  checkSparse(api.cusparseCreateDnMat(&matrix, rows, cols, cols, d.data, type,
                                      CUSPARSE_ORDER_ROW),
              "cusparseCreateDnMat", location);
  void *rowOffsets = allocate((rows + 1) * index, stream, location);
  cusparseSpMatDescr_t csr;
  checkSparse(api.cusparseCreateCsr(&csr, rows, cols, 0, rowOffsets, nullptr,
                                    nullptr, indexType, indexType,
                                    CUSPARSE_INDEX_BASE_ZERO, type),
              "cusparseCreateCsr", location);
  const cusparseDenseToSparseAlg_t alg = CUSPARSE_DENSETOSPARSE_ALG_DEFAULT;
  size_t size = 0;
  checkSparse(
      api.cusparseDenseToSparse_bufferSize(api.handle, matrix, csr, alg, &size),
      "cusparseDenseToSparse_bufferSize", location);
  void *work = allocate(size, stream, location);
  {
    profile::ScopedDeviceOp timed(reinterpret_cast<CUstream>(stream),
                                  profile::OpKind::Library,
                                  "cusparseDenseToSparse_analysis");
    checkSparse(
        api.cusparseDenseToSparse_analysis(api.handle, matrix, csr, alg, work),
        "cusparseDenseToSparse_analysis", location);
  }
  // The count is the host's to know: the arrays' sizes depend on it.
  arrayrt_stream_synchronize(stream);
  int64_t r = 0, c = 0, nnz = 0;
  checkSparse(api.cusparseSpMatGetSize(csr, &r, &c, &nnz),
              "cusparseSpMatGetSize", location);
  void *colIndices = allocate(nnz * index, stream, location);
  void *values = allocate(nnz * elementSize(dtype), stream, location);
  checkSparse(api.cusparseCsrSetPointers(csr, rowOffsets, colIndices, values),
              "cusparseCsrSetPointers", location);
  {
    profile::ScopedDeviceOp timed(reinterpret_cast<CUstream>(stream),
                                  profile::OpKind::Library,
                                  "cusparseDenseToSparse_convert");
    checkSparse(
        api.cusparseDenseToSparse_convert(api.handle, matrix, csr, alg, work),
        "cusparseDenseToSparse_convert", location);
  }
  arrayrt_free(work, stream);
  api.cusparseDestroySpMat(csr);
  api.cusparseDestroyDnMat(matrix);
  return ownedHandle(rows, cols, nnz, rowOffsets, colIndices, values,
                     index_bits, dtype, stream, location);
}

extern "C" arrayrt_csr_t
arrayrt_csr_from_arrays(int64_t indptr_rank, void *indptr, int64_t indices_rank,
                        void *indices, int64_t data_rank, void *data,
                        int64_t rows, int64_t cols, int32_t index_bits,
                        int32_t dtype, const char *location,
                        arrayrt_stream_t stream) {
  const char *op = "array.csr_matrix";
  Where w(location);
  valueType(dtype, location);
  if (index_bits != 32 && index_bits != 64)
    fatal("%s%sCSR indices are 32 or 64 bits, not %d", w.text, w.sep,
          index_bits);
  size_t index = index_bits / 8;
  Array p = readArray(indptr_rank, indptr, index, 1, op, "indptr", location);
  Array i = readArray(indices_rank, indices, index, 1, op, "indices", location);
  Array v =
      readArray(data_rank, data, elementSize(dtype), 1, op, "data", location);
  if (rows < 0 || p.sizes[0] != rows + 1)
    fatal("%s%s%s: indptr has %lld elements; it must have rows + 1 (at least "
          "one)",
          w.text, w.sep, op, static_cast<long long>(p.sizes[0]));
  if (cols < 0)
    fatal("%s%s%s: the number of columns must not be negative, found %lld",
          w.text, w.sep, op, static_cast<long long>(cols));
  if (i.sizes[0] != v.sizes[0])
    fatal("%s%s%s: indices and data must have one size, found %lld and %lld",
          w.text, w.sep, op, static_cast<long long>(i.sizes[0]),
          static_cast<long long>(v.sizes[0]));
  int64_t nnz = v.sizes[0];
  if (cols == 0 && nnz != 0)
    fatal("%s%s%s: a matrix with no columns has no entries, found %lld", w.text,
          w.sep, op, static_cast<long long>(nnz));
  if (index_bits == 32 && nnz > INT32_MAX)
    fatal("%s%s%s: %lld entries need 64-bit indices (posWidth = crdWidth = "
          "64)",
          w.text, w.sep, op, static_cast<long long>(nnz));
  // Every row's offsets, as the CPU target checks them (reported after the
  // ends, as SciPy checks those first), and the ends, in one kernel and
  // one copy back. The longest row serves arrayrt_spmv's choice
  // (SpmvKernel.h).
  const RowStats rowStats =
      rows > 0 ? measureRows(rows, p.data, index_bits, stream, location)
               : RowStats{};
  // indptr's first and last elements, as SciPy checks them by default;
  // copied back one at a time without the kernels.
  int64_t ends[2] = {rowStats.first, rowStats.last};
  for (int k = 0; k < 2 && !rowStats.measured; ++k) {
    const char *element = p.data + (k == 0 ? 0 : rows) * index;
    int32_t narrow = 0;
    void *target = index == 4 ? static_cast<void *>(&narrow) : &ends[k];
    arrayrt_memcpy(target, element, index, stream);
    arrayrt_stream_synchronize(stream);
    if (index == 4)
      ends[k] = narrow;
  }
  if (ends[0] != 0)
    fatal("%s%s%s: indptr[0] must be 0, found %lld", w.text, w.sep, op,
          static_cast<long long>(ends[0]));
  if (ends[1] != nnz)
    fatal("%s%s%s: indptr[rows] must be the number of entries (the size of "
          "data and indices), %lld, found %lld",
          w.text, w.sep, op, static_cast<long long>(nnz),
          static_cast<long long>(ends[1]));
  checkRowStats(rowStats, op, location);
  arrayrt_csr_t a = arrayrt_csr_create(rows, cols, nnz, p.data, i.data,
                                       v.data, index_bits, dtype, location);
  a->longestRow = rowStats.longest;
  return a;
}

namespace {
arrayrt_csr_t loadMtx(const char *path, int32_t index_bits, int32_t dtype,
                      const char *location, arrayrt_stream_t stream) {
  const char *op = "array.load_mtx";
  Where w(location);
  valueType(dtype, location);
  if (index_bits != 32 && index_bits != 64)
    fatal("%s%sCSR indices are 32 or 64 bits, not %d", w.text, w.sep,
          index_bits);
  int64_t shape[3];
  arrayrt_mtx_shape(path, shape, location);
  int64_t rows = shape[0], cols = shape[1], nnz = shape[2];
  if (index_bits == 32 && nnz > INT32_MAX)
    fatal("%s%s%s: '%s' has %lld entries, which need 64-bit indices "
          "(posWidth = crdWidth = 64)",
          w.text, w.sep, op, path, static_cast<long long>(nnz));
  // Column indices (and the offsets) are stored as 32-bit integers.
  if (index_bits == 32 && (rows > INT32_MAX || cols > INT32_MAX))
    fatal("%s%s%s: '%s' is a %lld x %lld matrix, whose indices need 64 bits "
          "(posWidth = crdWidth = 64)",
          w.text, w.sep, op, path, static_cast<long long>(rows),
          static_cast<long long>(cols));
  // The entries, sorted by row then column, into host descriptors.
  std::vector<int64_t> coordinates(2 * nnz + 2);
  int64_t data = reinterpret_cast<int64_t>(coordinates.data());
  int64_t coordinatesDescriptor[7] = {data, data, 0, nnz, 2, 2, 1};
  arrayrt_load_mtx(path, ARRAYRT_MTX_COORDINATES, 2, coordinatesDescriptor,
                   ARRAYRT_DTYPE_I64, location);
  size_t element = elementSize(dtype);
  std::vector<char> values(nnz * element + element);
  int64_t valuesDescriptor[5] = {reinterpret_cast<int64_t>(values.data()),
                                 reinterpret_cast<int64_t>(values.data()), 0,
                                 nnz, 1};
  arrayrt_load_mtx(path, ARRAYRT_MTX_VALUES, 1, valuesDescriptor, dtype,
                   location);
  size_t index = index_bits / 8;
  std::vector<char> rowOffsets((rows + 1) * index), colIndices(nnz * index + 1);
  auto store = [&](std::vector<char> &array, int64_t k, int64_t value) {
    if (index == 4) {
      int32_t narrow = static_cast<int32_t>(value);
      std::memcpy(array.data() + k * 4, &narrow, 4);
    } else {
      std::memcpy(array.data() + k * 8, &value, 8);
    }
  };
  int64_t row = 0;
  store(rowOffsets, 0, 0);
  for (int64_t k = 0; k < nnz; ++k) {
    while (row < coordinates[2 * k])
      store(rowOffsets, ++row, k);
    store(colIndices, k, coordinates[2 * k + 1]);
  }
  while (row < rows)
    store(rowOffsets, ++row, nnz);
  void *deviceOffsets = allocate(rowOffsets.size(), stream, location);
  void *deviceIndices = allocate(nnz * index, stream, location);
  void *deviceValues = allocate(nnz * element, stream, location);
  // Copies from pageable memory: the host arrays may go when they return.
  arrayrt_memcpy(deviceOffsets, rowOffsets.data(), rowOffsets.size(), stream);
  arrayrt_memcpy(deviceIndices, colIndices.data(), nnz * index, stream);
  arrayrt_memcpy(deviceValues, values.data(), nnz * element, stream);
  return ownedHandle(rows, cols, nnz, deviceOffsets, deviceIndices,
                     deviceValues, index_bits, dtype, stream, location);
}
} // namespace

extern "C" arrayrt_csr_t arrayrt_csr_load_mtx(const char *path,
                                              int32_t index_bits, int32_t dtype,
                                              const char *location,
                                              arrayrt_stream_t stream) {
  arrayrt_csr_t result = nullptr;
  // The host arrays it builds (offsets, indices, values) may not fit.
  arrayrt::exitOnFailure(
      [&] {
        return arrayrt::locationPrefix(location) + "array.load_mtx: '" +
               (path ? path : "(null)") + "': ";
      },
      [&] { result = loadMtx(path, index_bits, dtype, location, stream); });
  return result;
}

extern "C" arrayrt_csr_t arrayrt_csr_spgemm(arrayrt_csr_t a, arrayrt_csr_t b,
                                            const char *location,
                                            arrayrt_stream_t stream) {
  const char *op = "array.spgemm";
  Where w(location);
  if (a->cols != b->rows)
    fatal("%s%s%s: A has %lld columns but B has %lld rows", w.text, w.sep, op,
          static_cast<long long>(a->cols), static_cast<long long>(b->rows));
  if (a->type != b->type || a->indexBits != b->indexBits)
    fatal("%s%s%s: A and B must have one element type and index width", w.text,
          w.sep, op);
  // No rows, no columns, or a sum over nothing: no entries.
  if (isEmpty(a) || isEmpty(b))
    return noEntries(a->rows, b->cols, a->indexBits, dtypeOf(a), stream,
                     location);
  // arrayrt's kernels where they take the product (SpgemmKernel.h).
  if (arrayrt_csr_t c = spgemmWithKernels(a, b, op, location, stream))
    return c;
  const CusparseApi &api = cusparse();
  setStream(stream, location);
  size_t index = a->indexBits / 8;
  cusparseIndexType_t indexType =
      a->indexBits == 32 ? CUSPARSE_INDEX_32I : CUSPARSE_INDEX_64I;
  int64_t rows = a->rows, cols = b->cols;
  void *rowOffsets = allocate((rows + 1) * index, stream, location);
  cusparseSpMatDescr_t c;
  checkSparse(api.cusparseCreateCsr(&c, rows, cols, 0, rowOffsets, nullptr,
                                    nullptr, indexType, indexType,
                                    CUSPARSE_INDEX_BASE_ZERO, a->type),
              "cusparseCreateCsr", location);
  // A @ A: B gets a descriptor of its own over the same arrays.
  cusparseSpMatDescr_t bMatrix = b->matrix;
  if (a == b)
    checkSparse(api.cusparseCreateCsr(&bMatrix, b->rows, b->cols, b->nnz,
                                      b->rowOffsets, b->colIndices, b->values,
                                      indexType, indexType,
                                      CUSPARSE_INDEX_BASE_ZERO, b->type),
                "cusparseCreateCsr", location);
  cusparseSpGEMMDescr_t descr;
  checkSparse(api.cusparseSpGEMM_createDescr(&descr),
              "cusparseSpGEMM_createDescr", location);
  float one32 = 1, zero32 = 0;
  double one64 = 1, zero64 = 0;
  const cudaDataType compute = computeType(a);
  bool f32 = compute == CUDA_R_32F;
  const void *alpha = f32 ? static_cast<const void *>(&one32) : &one64;
  const void *beta = f32 ? static_cast<const void *>(&zero32) : &zero64;
  const cusparseOperation_t none = CUSPARSE_OPERATION_NON_TRANSPOSE;
  const cusparseSpGEMMAlg_t alg = CUSPARSE_SPGEMM_DEFAULT;
  // Each step twice: its work buffer's size, then the step.
  size_t size1 = 0, size2 = 0;
  checkSparse(api.cusparseSpGEMM_workEstimation(
                  api.handle, none, none, alpha, a->matrix, bMatrix, beta, c,
                  compute, alg, descr, &size1, nullptr),
              "cusparseSpGEMM_workEstimation", location);
  void *work1 = allocate(size1, stream, location);
  {
    profile::ScopedDeviceOp timed(reinterpret_cast<CUstream>(stream),
                                  profile::OpKind::Library,
                                  "cusparseSpGEMM_workEstimation");
    checkSparse(api.cusparseSpGEMM_workEstimation(
                    api.handle, none, none, alpha, a->matrix, bMatrix, beta, c,
                    compute, alg, descr, &size1, work1),
                "cusparseSpGEMM_workEstimation", location);
  }
  checkSparse(api.cusparseSpGEMM_compute(api.handle, none, none, alpha,
                                         a->matrix, bMatrix, beta, c, compute,
                                         alg, descr, &size2, nullptr),
              "cusparseSpGEMM_compute", location);
  void *work2 = allocate(size2, stream, location);
  {
    profile::ScopedDeviceOp timed(reinterpret_cast<CUstream>(stream),
                                  profile::OpKind::Library,
                                  "cusparseSpGEMM_compute");
    checkSparse(api.cusparseSpGEMM_compute(api.handle, none, none, alpha,
                                           a->matrix, bMatrix, beta, c, compute,
                                           alg, descr, &size2, work2),
                "cusparseSpGEMM_compute", location);
  }
  // The count is the host's to know: the arrays' sizes depend on it.
  arrayrt_stream_synchronize(stream);
  int64_t r = 0, k = 0, nnz = 0;
  checkSparse(api.cusparseSpMatGetSize(c, &r, &k, &nnz), "cusparseSpMatGetSize",
              location);
  checkProductFits(nnz, a->indexBits, op, location);
  void *colIndices = allocate(nnz * index, stream, location);
  void *values = allocate(nnz * a->elementSize, stream, location);
  checkSparse(api.cusparseCsrSetPointers(c, rowOffsets, colIndices, values),
              "cusparseCsrSetPointers", location);
  {
    profile::ScopedDeviceOp timed(reinterpret_cast<CUstream>(stream),
                                  profile::OpKind::Library,
                                  "cusparseSpGEMM_copy");
    checkSparse(api.cusparseSpGEMM_copy(api.handle, none, none, alpha,
                                        a->matrix, bMatrix, beta, c, compute,
                                        alg, descr),
                "cusparseSpGEMM_copy", location);
  }
  arrayrt_free(work1, stream);
  arrayrt_free(work2, stream);
  api.cusparseSpGEMM_destroyDescr(descr);
  api.cusparseDestroySpMat(c);
  if (bMatrix != b->matrix)
    api.cusparseDestroySpMat(bMatrix);
  return ownedHandle(rows, cols, nnz, rowOffsets, colIndices, values,
                     a->indexBits, dtypeOf(a), stream, location);
}

extern "C" int64_t arrayrt_csr_nnz(arrayrt_csr_t a) { return a->nnz; }

extern "C" void arrayrt_csr_spmv(arrayrt_csr_t a, int64_t x_rank, void *x,
                                 int64_t y_rank, void *y, double alpha,
                                 double beta, int32_t dtype,
                                 const char *location,
                                 arrayrt_stream_t stream) {
  const char *op = "array.spmv";
  checkDtype(a, dtype, op, location);
  Array xa = readArray(x_rank, x, a->elementSize, 1, op, "x", location);
  Array ya = readArray(y_rank, y, a->elementSize, 1, op, "y", location);
  Where w(location);
  if (xa.sizes[0] != a->cols || ya.sizes[0] != a->rows)
    fatal("%s%s%s: a %lld x %lld matrix times a vector of %lld elements into "
          "one of %lld",
          w.text, w.sep, op, static_cast<long long>(a->rows),
          static_cast<long long>(a->cols), static_cast<long long>(xa.sizes[0]),
          static_cast<long long>(ya.sizes[0]));
  if (a->cols == 0)
    return scaleOutput(a, ya.data, a->rows, beta, stream, op, location);
  if (a->rows == 0)
    return;
  arrayrt_spmv(a, xa.data, ya.data, alpha, beta, stream, location);
}

extern "C" void arrayrt_csr_spmm(arrayrt_csr_t a, int64_t b_rank, void *b,
                                 int64_t c_rank, void *c, double alpha,
                                 double beta, int32_t dtype,
                                 const char *location,
                                 arrayrt_stream_t stream) {
  const char *op = "array.spmm";
  checkDtype(a, dtype, op, location);
  Array ba = readArray(b_rank, b, a->elementSize, 2, op, "B", location);
  Array ca = readArray(c_rank, c, a->elementSize, 2, op, "C", location);
  Where w(location);
  if (ba.sizes[0] != a->cols || ca.sizes[0] != a->rows ||
      ba.sizes[1] != ca.sizes[1])
    fatal("%s%s%s: a %lld x %lld matrix times a %lld x %lld matrix into a "
          "%lld x %lld one",
          w.text, w.sep, op, static_cast<long long>(a->rows),
          static_cast<long long>(a->cols), static_cast<long long>(ba.sizes[0]),
          static_cast<long long>(ba.sizes[1]),
          static_cast<long long>(ca.sizes[0]),
          static_cast<long long>(ca.sizes[1]));
  if (ba.sizes[1] == 0 || a->rows == 0)
    return; // Nothing to compute: C has no elements.
  if (a->cols == 0)
    return scaleOutput(a, ca.data, a->rows * ba.sizes[1], beta, stream, op,
                       location);
  arrayrt_spmm(a, ba.data, ba.sizes[1], ca.data, alpha, beta, stream, location);
}

extern "C" void arrayrt_csr_to_dense(arrayrt_csr_t a, int64_t rank, void *dense,
                                     int32_t dtype, const char *location,
                                     arrayrt_stream_t stream) {
  const char *op = "array.to_dense";
  checkDtype(a, dtype, op, location);
  Array d =
      readArray(rank, dense, a->elementSize, 2, op, "the result", location);
  Where w(location);
  if (d.sizes[0] != a->rows || d.sizes[1] != a->cols)
    fatal("%s%s%s: a %lld x %lld matrix into a %lld x %lld result", w.text,
          w.sep, op, static_cast<long long>(a->rows),
          static_cast<long long>(a->cols), static_cast<long long>(d.sizes[0]),
          static_cast<long long>(d.sizes[1]));
  if (isEmpty(a))
    return; // No elements to write.
  const CusparseApi &api = cusparse();
  setStream(stream, location);
  cusparseDnMatDescr_t matrix;
  checkSparse(api.cusparseCreateDnMat(&matrix, a->rows, a->cols, a->cols,
                                      d.data, a->type, CUSPARSE_ORDER_ROW),
              "cusparseCreateDnMat", location);
  const cusparseSparseToDenseAlg_t alg = CUSPARSE_SPARSETODENSE_ALG_DEFAULT;
  size_t size = 0;
  checkSparse(api.cusparseSparseToDense_bufferSize(api.handle, a->matrix,
                                                   matrix, alg, &size),
              "cusparseSparseToDense_bufferSize", location);
  void *work = allocate(size, stream, location);
  {
    profile::ScopedDeviceOp timed(
        reinterpret_cast<CUstream>(stream), profile::OpKind::Library,
        "cusparseSparseToDense", nullptr, nullptr, nullptr,
        a->nnz * (a->elementSize + a->indexBits / 8) +
            a->rows * a->cols * a->elementSize);
    checkSparse(
        api.cusparseSparseToDense(api.handle, a->matrix, matrix, alg, work),
        "cusparseSparseToDense", location);
  }
  arrayrt_free(work, stream);
  api.cusparseDestroyDnMat(matrix);
}

extern "C" void arrayrt_csr_release(arrayrt_csr_t a, arrayrt_stream_t stream) {
  if (!a)
    return;
  // What the handle owns goes back to the pool after the work queued on
  // the op's stream, which its last product is part of.
  a->ownedStream = stream;
  arrayrt_csr_destroy(a);
}
