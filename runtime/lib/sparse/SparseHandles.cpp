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
#include "sparse/Cusparse.h"
#include "sparse/SparseArgs.h"
#include "sparse/SpgemmKernel.h"
#include "sparse/SpmvKernel.h"
#include "sparse/ValueKernels.h"

#include <cstring>
#include <vector>

using namespace arrayrt;
using namespace arrayrt::sparse;

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
  checkIndexBits(index_bits, location);
  if (rows == 0 || cols == 0)
    return noEntries(rows, cols, index_bits, dtype, stream, location);
  const CusparseApi &api = cusparse();
  setStream(stream, location);
  // cuSPARSE's conversion of 16-bit values drops NaN and infinities, which
  // are entries (NumPy's `d != 0`): 16-bit matrices convert in float32,
  // their values narrowed back after (cuSPARSE's alone in a runtime built
  // without the value kernels).
  const bool narrow =
      (type == CUDA_R_16F || type == CUDA_R_16BF) && valueKernelsAvailable();
  void *values = d.data;
  cudaDataType computeType = type;
  if (narrow) {
    values = allocate(static_cast<size_t>(rows * cols) * 4, stream, location);
    convertArray(d.data, elementOf(type), values, Element::F32, rows * cols,
                 stream, op, location);
    computeType = CUDA_R_32F;
  }
  cusparseDnMatDescr_t matrix;
  checkSparse(api.cusparseCreateDnMat(&matrix, rows, cols, cols, values,
                                      computeType, CUSPARSE_ORDER_ROW),
              "cusparseCreateDnMat", location);
  CsrResult csr =
      csrResult(rows, cols, index_bits, computeType, stream, location);
  const cusparseDenseToSparseAlg_t alg = CUSPARSE_DENSETOSPARSE_ALG_DEFAULT;
  size_t size = 0;
  checkSparse(api.cusparseDenseToSparse_bufferSize(api.handle, matrix,
                                                   csr.matrix, alg, &size),
              "cusparseDenseToSparse_bufferSize", location);
  void *work = allocate(size, stream, location);
  timedCall("cusparseDenseToSparse_analysis", stream, location, [&] {
    return api.cusparseDenseToSparse_analysis(api.handle, matrix, csr.matrix,
                                              alg, work);
  });
  countEntries(csr, stream, location);
  allocateEntries(csr, narrow ? 4 : elementSize(dtype), stream, location);
  timedCall("cusparseDenseToSparse_convert", stream, location, [&] {
    return api.cusparseDenseToSparse_convert(api.handle, matrix, csr.matrix,
                                             alg, work);
  });
  arrayrt_free(work, stream);
  api.cusparseDestroySpMat(csr.matrix);
  api.cusparseDestroyDnMat(matrix);
  if (narrow) {
    void *wide = csr.values;
    csr.values = allocate(static_cast<size_t>(csr.nnz) * 2, stream, location);
    if (csr.nnz > 0)
      convertArray(wide, Element::F32, csr.values, elementOf(type), csr.nnz,
                   stream, op, location);
    arrayrt_free(wide, stream);
    arrayrt_free(values, stream);
  }
  return ownedHandle(rows, cols, csr.nnz, csr.rowOffsets, csr.colIndices,
                     csr.values, index_bits, dtype, stream, location);
}

extern "C" arrayrt_csr_t
arrayrt_csr_from_arrays(int64_t indptr_rank, void *indptr, int64_t indices_rank,
                        void *indices, int64_t data_rank, void *data,
                        int64_t rows, int64_t cols, int32_t index_bits,
                        int32_t dtype, const char *location,
                        arrayrt_stream_t stream) {
  const char *op = "array.csr_matrix";
  valueType(dtype, location);
  checkIndexBits(index_bits, location);
  size_t index = index_bits / 8;
  Array p = readArray(indptr_rank, indptr, index, 1, op, "indptr", location);
  Array i = readArray(indices_rank, indices, index, 1, op, "indices", location);
  Array v =
      readArray(data_rank, data, elementSize(dtype), 1, op, "data", location);
  if (rows < 0 || p.sizes[0] != rows + 1)
    failOp(op, location,
           "indptr has %lld elements; it must have rows + 1 (at least "
           "one)",
           static_cast<long long>(p.sizes[0]));
  if (cols < 0)
    failOp(op, location,
           "the number of columns must not be negative, found %lld",
           static_cast<long long>(cols));
  if (i.sizes[0] != v.sizes[0])
    failOp(op, location,
           "indices and data must have one size, found %lld and %lld",
           static_cast<long long>(i.sizes[0]),
           static_cast<long long>(v.sizes[0]));
  int64_t nnz = v.sizes[0];
  if (cols == 0 && nnz != 0)
    failOp(op, location, "a matrix with no columns has no entries, found %lld",
           static_cast<long long>(nnz));
  if (index_bits == 32 && nnz > INT32_MAX)
    failOp(op, location,
           "%lld entries need 64-bit indices (posWidth = crdWidth = "
           "64)",
           static_cast<long long>(nnz));
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
    failOp(op, location, "indptr[0] must be 0, found %lld",
           static_cast<long long>(ends[0]));
  if (ends[1] != nnz)
    failOp(op, location,
           "indptr[rows] must be the number of entries (the size of "
           "data and indices), %lld, found %lld",
           static_cast<long long>(nnz), static_cast<long long>(ends[1]));
  checkRowStats(rowStats, op, location);
  arrayrt_csr_t a = arrayrt_csr_create(rows, cols, nnz, p.data, i.data, v.data,
                                       index_bits, dtype, location);
  a->longestRow = rowStats.longest;
  return a;
}

namespace {
arrayrt_csr_t loadMtx(const char *path, int32_t index_bits, int32_t dtype,
                      const char *location, arrayrt_stream_t stream) {
  const char *op = "array.load_mtx";
  valueType(dtype, location);
  checkIndexBits(index_bits, location);
  int64_t shape[3];
  arrayrt_mtx_shape(path, shape, location);
  int64_t rows = shape[0], cols = shape[1], nnz = shape[2];
  if (index_bits == 32 && nnz > INT32_MAX)
    failOp(op, location,
           "'%s' has %lld entries, which need 64-bit indices "
           "(posWidth = crdWidth = 64)",
           path, static_cast<long long>(nnz));
  // Column indices (and the offsets) are stored as 32-bit integers.
  if (index_bits == 32 && (rows > INT32_MAX || cols > INT32_MAX))
    failOp(op, location,
           "'%s' is a %s matrix, whose indices need 64 bits (posWidth = "
           "crdWidth = 64)",
           path, shapeText(rows, cols).c_str());
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
  if (a->cols != b->rows)
    failOp(op, location, "A has %lld columns but B has %lld rows",
           static_cast<long long>(a->cols), static_cast<long long>(b->rows));
  if (a->type != b->type || a->indexBits != b->indexBits)
    failOp(op, location, "A and B must have one element type and index width");
  // No rows, no columns, or a sum over nothing: no entries.
  if (isEmpty(a) || isEmpty(b))
    return noEntries(a, a->rows, b->cols, stream, location);
  // arrayrt's kernels where they take the product (SpgemmKernel.h).
  if (arrayrt_csr_t c = spgemmWithKernels(a, b, op, location, stream))
    return c;
  const CusparseApi &api = cusparse();
  setStream(stream, location);
  cusparseIndexType_t indexType =
      a->indexBits == 32 ? CUSPARSE_INDEX_32I : CUSPARSE_INDEX_64I;
  int64_t rows = a->rows, cols = b->cols;
  CsrResult c = csrResult(rows, cols, a->indexBits, a->type, stream, location);
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
  const Scalars scalars(1.0, 0.0);
  const cudaDataType compute = computeType(a);
  const void *alpha = scalars.alpha(compute);
  const void *beta = scalars.beta(compute);
  const cusparseOperation_t none = CUSPARSE_OPERATION_NON_TRANSPOSE;
  const cusparseSpGEMMAlg_t alg = CUSPARSE_SPGEMM_DEFAULT;
  // Each step twice: its work buffer's size (no buffer), then the step.
  auto workEstimation = [&](size_t *size, void *work) {
    return api.cusparseSpGEMM_workEstimation(api.handle, none, none, alpha,
                                             a->matrix, bMatrix, beta, c.matrix,
                                             compute, alg, descr, size, work);
  };
  auto computeStep = [&](size_t *size, void *work) {
    return api.cusparseSpGEMM_compute(api.handle, none, none, alpha, a->matrix,
                                      bMatrix, beta, c.matrix, compute, alg,
                                      descr, size, work);
  };
  size_t size1 = 0, size2 = 0;
  checkSparse(workEstimation(&size1, nullptr), "cusparseSpGEMM_workEstimation",
              location);
  void *work1 = allocate(size1, stream, location);
  timedCall("cusparseSpGEMM_workEstimation", stream, location,
            [&] { return workEstimation(&size1, work1); });
  checkSparse(computeStep(&size2, nullptr), "cusparseSpGEMM_compute", location);
  void *work2 = allocate(size2, stream, location);
  timedCall("cusparseSpGEMM_compute", stream, location,
            [&] { return computeStep(&size2, work2); });
  countEntries(c, stream, location);
  checkProductFits(c.nnz, a->indexBits, op, location);
  allocateEntries(c, a->elementSize, stream, location);
  timedCall("cusparseSpGEMM_copy", stream, location, [&] {
    return api.cusparseSpGEMM_copy(api.handle, none, none, alpha, a->matrix,
                                   bMatrix, beta, c.matrix, compute, alg,
                                   descr);
  });
  arrayrt_free(work1, stream);
  arrayrt_free(work2, stream);
  api.cusparseSpGEMM_destroyDescr(descr);
  api.cusparseDestroySpMat(c.matrix);
  if (bMatrix != b->matrix)
    api.cusparseDestroySpMat(bMatrix);
  return ownedHandle(rows, cols, c.nnz, c.rowOffsets, c.colIndices, c.values,
                     a->indexBits, dtypeOf(a), stream, location);
}

extern "C" int64_t arrayrt_csr_nnz(arrayrt_csr_t a) { return a->nnz; }

extern "C" void arrayrt_csr_spmv(arrayrt_csr_t a, int64_t x_rank, void *x,
                                 int64_t y_rank, void *y, double alpha,
                                 double beta, int32_t dtype,
                                 const char *location,
                                 arrayrt_stream_t stream) {
  const char *op = "array.spmv";
  const DenseOperands operands(a, dtype, op, location);
  Array xa = operands.read(x_rank, x, 1, "x");
  Array ya = operands.read(y_rank, y, 1, "y");
  if (xa.sizes[0] != a->cols || ya.sizes[0] != a->rows)
    failOp(op, location,
           "a %s matrix times a vector of %lld elements into one of %lld",
           shapeText(a).c_str(), static_cast<long long>(xa.sizes[0]),
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
  const DenseOperands operands(a, dtype, op, location);
  Array ba = operands.read(b_rank, b, 2, "B");
  Array ca = operands.read(c_rank, c, 2, "C");
  if (ba.sizes[0] != a->cols || ca.sizes[0] != a->rows ||
      ba.sizes[1] != ca.sizes[1])
    failOp(op, location, "a %s matrix times a %s matrix into a %s one",
           shapeText(a).c_str(), shapeText(ba).c_str(), shapeText(ca).c_str());
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
  Array d =
      DenseOperands(a, dtype, op, location).read(rank, dense, 2, "the result");
  if (d.sizes[0] != a->rows || d.sizes[1] != a->cols)
    failOp(op, location, "a %s matrix into a %s result", shapeText(a).c_str(),
           shapeText(d).c_str());
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
  timedCall(
      "cusparseSparseToDense", stream, location,
      [&] {
        return api.cusparseSparseToDense(api.handle, a->matrix, matrix, alg,
                                         work);
      },
      a->nnz * (a->elementSize + a->indexBits / 8) +
          a->rows * a->cols * a->elementSize);
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
