//===- SparseDerived.cpp - CSR handles computed from another --------------===//
//
// arrayrt_csr_transpose (cuSPARSE csr2csc), arrayrt_csr_sddmm (cuSPARSE
// SDDMM), arrayrt_csr_add (cuSPARSE csrgeam2) and arrayrt_csr_scale (a
// kernel of the runtime over the values; csrgeam2 where the runtime has
// none): each makes a new handle that owns its arrays, from pool memory,
// on the op's stream, after checking its operands by name. csr2csc and
// csrgeam2 take 32-bit indices, csrgeam2 float and double values only:
// matrices with 64-bit indices or 16-bit values are converted to that form
// and the result back (ValueKernels.h), which needs the sizes to fit an int.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "sparse/Cusparse.h"
#include "sparse/SparseArgs.h"
#include "sparse/ValueKernels.h"

#include <climits>
#include <vector>

using namespace arrayrt;
using namespace arrayrt::sparse;

namespace {

/// A CSR matrix as cuSPARSE's legacy routines take it: 32-bit indices, and
/// for csrgeam2 float or double values. Its arrays are the handle's, or
/// converted copies that `owned` lists (freed by release()).
struct Legacy {
  int rows = 0, cols = 0, nnz = 0;
  const int *rowOffsets = nullptr, *colIndices = nullptr;
  const void *values = nullptr;
  cudaDataType type = CUDA_R_32F;
  std::vector<void *> owned;

  void release(arrayrt_stream_t stream) {
    for (void *p : owned)
      arrayrt_free(p, stream);
    owned.clear();
  }
};

/// Exits unless `a`'s sizes fit the int that `routine` takes.
void checkFitsInt(const arrayrt_csr *a, const char *op, const char *routine,
                  const char *location) {
  if (a->rows <= INT_MAX && a->cols <= INT_MAX && a->nnz <= INT_MAX)
    return;
  failOp(op, location,
         "a %s matrix of %lld entries is too large for cuSPARSE's %s, which "
         "takes 32-bit sizes and indices",
         shapeText(a).c_str(), static_cast<long long>(a->nnz), routine);
}

/// `a` in legacy form: 64-bit indices narrowed, and with `floatValues`
/// 16-bit values widened to float, into pool copies.
Legacy legacyForm(const arrayrt_csr *a, bool floatValues, const char *op,
                  const char *routine, const char *location,
                  arrayrt_stream_t stream) {
  checkFitsInt(a, op, routine, location);
  Legacy l;
  l.rows = static_cast<int>(a->rows);
  l.cols = static_cast<int>(a->cols);
  l.nnz = static_cast<int>(a->nnz);
  l.type = a->type;
  l.rowOffsets = static_cast<const int *>(a->rowOffsets);
  l.colIndices = static_cast<const int *>(a->colIndices);
  l.values = a->values;
  if (a->indexBits == 64) {
    requireValueKernels(op, "converts 64-bit indices for cuSPARSE", location);
    auto narrowed = [&](const void *wide, int64_t n) {
      void *copy = allocate(n * sizeof(int), stream, location);
      convertArray(wide, Element::I64, copy, Element::I32, n, stream, op,
                   location);
      l.owned.push_back(copy);
      return static_cast<const int *>(copy);
    };
    l.rowOffsets = narrowed(a->rowOffsets, a->rows + 1);
    l.colIndices = narrowed(a->colIndices, a->nnz);
  }
  if (floatValues && a->elementSize == 2) {
    requireValueKernels(op, "converts 16-bit values for cuSPARSE", location);
    void *copy = allocate(a->nnz * sizeof(float), stream, location);
    convertArray(a->values, elementOf(a->type), copy, Element::F32, a->nnz,
                 stream, op, location);
    l.owned.push_back(copy);
    l.values = copy;
    l.type = CUDA_R_32F;
  }
  return l;
}

/// A handle owning a legacy routine's result (`rows + 1` offsets, `nnz`
/// columns and values of `type`, pool memory), its indices widened to
/// `indexBits` and its values narrowed to `dtype` where they differ (the
/// legacy arrays freed).
arrayrt_csr_t fromLegacy(int64_t rows, int64_t cols, int64_t nnz,
                         int *rowOffsets, int *colIndices, void *values,
                         cudaDataType type, int32_t indexBits, int32_t dtype,
                         const char *op, const char *location,
                         arrayrt_stream_t stream) {
  void *offsets = rowOffsets, *columns = colIndices;
  if (indexBits == 64) {
    auto widened = [&](void *narrow, int64_t n) {
      void *copy = allocate(n * sizeof(int64_t), stream, location);
      convertArray(narrow, Element::I32, copy, Element::I64, n, stream, op,
                   location);
      arrayrt_free(narrow, stream);
      return copy;
    };
    offsets = widened(rowOffsets, rows + 1);
    columns = widened(colIndices, nnz);
  }
  const cudaDataType wanted = valueType(dtype, location);
  if (wanted != type) {
    void *copy = allocate(nnz * elementSize(dtype), stream, location);
    convertArray(values, Element::F32, copy, elementOf(wanted), nnz, stream,
                 op, location);
    arrayrt_free(values, stream);
    values = copy;
  }
  return ownedHandle(rows, cols, nnz, offsets, columns, values, indexBits,
                     dtype, stream, location);
}

/// Pool arrays for a matrix with `a`'s pattern: its row offsets and column
/// indices copied, its values left for the caller to write.
struct Pattern {
  void *rowOffsets, *colIndices, *values;
};
Pattern copyPattern(const arrayrt_csr *a, arrayrt_stream_t stream,
                    const char *location) {
  const size_t index = a->indexBits / 8;
  Pattern p;
  p.rowOffsets = allocate((a->rows + 1) * index, stream, location);
  p.colIndices = allocate(a->nnz * index, stream, location);
  p.values = allocate(a->nnz * a->elementSize, stream, location);
  arrayrt_memcpy(p.rowOffsets, a->rowOffsets, (a->rows + 1) * index, stream);
  arrayrt_memcpy(p.colIndices, a->colIndices, a->nnz * index, stream);
  return p;
}

/// csrgeam2's entry points for values of type T.
template <typename T>
struct Geam;
template <>
struct Geam<float> {
  static constexpr auto bufferSize =
      &CusparseApi::cusparseScsrgeam2_bufferSizeExt;
  static constexpr auto compute = &CusparseApi::cusparseScsrgeam2;
};
template <>
struct Geam<double> {
  static constexpr auto bufferSize =
      &CusparseApi::cusparseDcsrgeam2_bufferSizeExt;
  static constexpr auto compute = &CusparseApi::cusparseDcsrgeam2;
};

/// alpha * A + beta * B through csrgeam2, for values of type T; B null is
/// the empty matrix of A's size (alpha * A exactly, no 0 * inf). Returns
/// the result's arrays (pool memory) through the out-parameters.
template <typename T>
void geam(const Legacy &a, T alpha, const Legacy *b, T beta, int **rowC,
          int **colC, void **valC, int *nnzC, const char *location,
          arrayrt_stream_t stream) {
  const CusparseApi &api = cusparse();
  setStream(stream, location);
  const int m = a.rows, n = a.cols, nnzA = a.nnz, nnzB = b ? b->nnz : 0;
  void *emptyOffsets = nullptr;
  if (!b) {
    emptyOffsets = allocate((a.rows + 1) * sizeof(int), stream, location);
    arrayrt_memset32(emptyOffsets, 0, a.rows + 1, stream);
  }
  const int *rowA = a.rowOffsets, *colA = a.colIndices;
  const auto *valA = static_cast<const T *>(a.values);
  const int *rowB = b ? b->rowOffsets : static_cast<int *>(emptyOffsets);
  const int *colB = b ? b->colIndices : static_cast<int *>(emptyOffsets);
  const auto *valB = static_cast<const T *>(b ? b->values : a.values);
  cusparseMatDescr_t descr;
  checkSparse(api.cusparseCreateMatDescr(&descr), "cusparseCreateMatDescr",
              location);
  *rowC = static_cast<int *>(
      allocate((a.rows + 1) * sizeof(int), stream, location));
  size_t size = 0;
  checkSparse((api.*Geam<T>::bufferSize)(
                  api.handle, m, n, &alpha, descr, nnzA, valA, rowA, colA,
                  &beta, descr, nnzB, valB, rowB, colB, descr, nullptr, *rowC,
                  nullptr, &size),
              "cusparseXcsrgeam2_bufferSizeExt", location);
  void *work = allocate(size, stream, location);
  // The count is the host's to know (host pointer mode): csrgeam2Nnz
  // returns when it is.
  checkSparse(api.cusparseXcsrgeam2Nnz(api.handle, m, n, descr, nnzA, rowA,
                                       colA, descr, nnzB, rowB, colB, descr,
                                       *rowC, nnzC, work),
              "cusparseXcsrgeam2Nnz", location);
  *colC = static_cast<int *>(
      allocate(size_t(*nnzC) * sizeof(int), stream, location));
  *valC = allocate(size_t(*nnzC) * sizeof(T), stream, location);
  timedCall("cusparsecsrgeam2", stream, location, [&] {
    return (api.*Geam<T>::compute)(api.handle, m, n, &alpha, descr, nnzA, valA,
                                   rowA, colA, &beta, descr, nnzB, valB, rowB,
                                   colB, descr, static_cast<T *>(*valC), *rowC,
                                   *colC, work);
  });
  arrayrt_free(work, stream);
  if (emptyOffsets)
    arrayrt_free(emptyOffsets, stream);
  api.cusparseDestroyMatDescr(descr);
}

/// alpha * A + beta * B (B may be null) into a new handle with A's index
/// width and value type: A and B in legacy form, csrgeam2 in float (for
/// float and 16-bit values) or double, the result converted back.
arrayrt_csr_t geam(const arrayrt_csr *a, double alpha, const arrayrt_csr *b,
                   double beta, const char *op, const char *location,
                   arrayrt_stream_t stream) {
  Legacy la = legacyForm(a, true, op, "csrgeam2", location, stream);
  Legacy lb;
  if (b)
    lb = legacyForm(b, true, op, "csrgeam2", location, stream);
  int *rowC = nullptr, *colC = nullptr;
  void *valC = nullptr;
  int nnzC = 0;
  if (la.type == CUDA_R_32F)
    geam<float>(la, static_cast<float>(alpha), b ? &lb : nullptr,
                static_cast<float>(beta), &rowC, &colC, &valC, &nnzC, location,
                stream);
  else
    geam<double>(la, alpha, b ? &lb : nullptr, beta, &rowC, &colC, &valC,
                 &nnzC, location, stream);
  la.release(stream);
  lb.release(stream);
  return fromLegacy(a->rows, a->cols, nnzC, rowC, colC, valC, la.type,
                    a->indexBits, dtypeOf(a), op, location, stream);
}

} // namespace

extern "C" arrayrt_csr_t arrayrt_csr_transpose(arrayrt_csr_t a,
                                               const char *location,
                                               arrayrt_stream_t stream) {
  const char *op = "array.sparse_transpose";
  if (isEmpty(a))
    return noEntries(a, a->cols, a->rows, stream, location);
  // csr2csc takes every value type the handles hold (16-bit ones too).
  Legacy l = legacyForm(a, false, op, "csr2csc", location, stream);
  const CusparseApi &api = cusparse();
  setStream(stream, location);
  // The transpose's row offsets are A's column offsets: cols + 1 of them.
  auto *rowT = static_cast<int *>(
      allocate((a->cols + 1) * sizeof(int), stream, location));
  auto *colT =
      static_cast<int *>(allocate(a->nnz * sizeof(int), stream, location));
  void *values = allocate(a->nnz * a->elementSize, stream, location);
  const cusparseAction_t action = CUSPARSE_ACTION_NUMERIC;
  const cusparseIndexBase_t base = CUSPARSE_INDEX_BASE_ZERO;
  const cusparseCsr2CscAlg_t alg = CUSPARSE_CSR2CSC_ALG1;
  size_t size = 0;
  checkSparse(api.cusparseCsr2cscEx2_bufferSize(
                  api.handle, l.rows, l.cols, l.nnz, l.values, l.rowOffsets,
                  l.colIndices, values, rowT, colT, l.type, action, base, alg,
                  &size),
              "cusparseCsr2cscEx2_bufferSize", location);
  void *work = allocate(size, stream, location);
  timedCall("cusparseCsr2cscEx2", stream, location, [&] {
    return api.cusparseCsr2cscEx2(api.handle, l.rows, l.cols, l.nnz, l.values,
                                  l.rowOffsets, l.colIndices, values, rowT,
                                  colT, l.type, action, base, alg, work);
  });
  arrayrt_free(work, stream);
  l.release(stream);
  return fromLegacy(a->cols, a->rows, a->nnz, rowT, colT, values, a->type,
                    a->indexBits, dtypeOf(a), op, location, stream);
}

extern "C" arrayrt_csr_t arrayrt_csr_sddmm(arrayrt_csr_t s, int64_t a_rank,
                                           void *a, int64_t b_rank, void *b,
                                           double alpha, double beta,
                                           int32_t dtype, const char *location,
                                           arrayrt_stream_t stream) {
  const char *op = "array.sddmm";
  const DenseOperands operands(s, dtype, op, location);
  Array aa = operands.read(a_rank, a, 2, "A");
  Array ba = operands.read(b_rank, b, 2, "B");
  if (aa.sizes[0] != s->rows || ba.sizes[1] != s->cols ||
      aa.sizes[1] != ba.sizes[0])
    failOp(op, location,
           "a %s matrix times a %s matrix sampled at a %s pattern",
           shapeText(aa).c_str(), shapeText(ba).c_str(), shapeText(s).c_str());
  if (isEmpty(s))
    return noEntries(s->rows, s->cols, s->indexBits, dtype, stream, location);
  const CusparseApi &api = cusparse();
  setStream(stream, location);
  // The result: S's pattern copied, its values S's (beta != 0) or zeros.
  const Pattern p = copyPattern(s, stream, location);
  const size_t valueBytes = s->nnz * s->elementSize;
  if (beta != 0.0)
    arrayrt_memcpy(p.values, s->values, valueBytes, stream);
  else
    arrayrt_memset8(p.values, 0, valueBytes, stream);
  arrayrt_csr_t c =
      ownedHandle(s->rows, s->cols, s->nnz, p.rowOffsets, p.colIndices,
                  p.values, s->indexBits, dtype, stream, location);
  int64_t k = aa.sizes[1];
  cusparseDnMatDescr_t left, right;
  checkSparse(api.cusparseCreateDnMat(&left, s->rows, k, k, aa.data, s->type,
                                      CUSPARSE_ORDER_ROW),
              "cusparseCreateDnMat", location);
  checkSparse(api.cusparseCreateDnMat(&right, k, s->cols, s->cols, ba.data,
                                      s->type, CUSPARSE_ORDER_ROW),
              "cusparseCreateDnMat", location);
  const Scalars scalars(alpha, beta);
  const cudaDataType compute = computeType(s);
  const void *alphaPtr = scalars.alpha(compute);
  const void *betaPtr = scalars.beta(compute);
  const cusparseOperation_t none = CUSPARSE_OPERATION_NON_TRANSPOSE;
  const cusparseSDDMMAlg_t alg = CUSPARSE_SDDMM_ALG_DEFAULT;
  size_t size = 0;
  checkSparse(api.cusparseSDDMM_bufferSize(api.handle, none, none, alphaPtr,
                                           left, right, betaPtr, c->matrix,
                                           compute, alg, &size),
              "cusparseSDDMM_bufferSize", location);
  void *work = allocate(size, stream, location);
  timedCall("cusparseSDDMM", stream, location, [&] {
    return api.cusparseSDDMM(api.handle, none, none, alphaPtr, left, right,
                             betaPtr, c->matrix, compute, alg, work);
  });
  arrayrt_free(work, stream);
  api.cusparseDestroyDnMat(left);
  api.cusparseDestroyDnMat(right);
  return c;
}

extern "C" arrayrt_csr_t arrayrt_csr_add(arrayrt_csr_t a, arrayrt_csr_t b,
                                         const char *location,
                                         arrayrt_stream_t stream) {
  const char *op = "array.sparse_add";
  if (a->rows != b->rows || a->cols != b->cols)
    failOp(op, location, "a %s matrix plus a %s one", shapeText(a).c_str(),
           shapeText(b).c_str());
  if (a->type != b->type || a->indexBits != b->indexBits)
    failOp(op, location, "the operands' element types or index widths differ");
  if (isEmpty(a))
    return noEntries(a, a->rows, a->cols, stream, location);
  return geam(a, 1.0, b, 1.0, op, location, stream);
}

extern "C" arrayrt_csr_t arrayrt_csr_scale(arrayrt_csr_t a, double alpha,
                                           const char *location,
                                           arrayrt_stream_t stream) {
  const char *op = "array.sparse_scale";
  if (isEmpty(a))
    return noEntries(a, a->rows, a->cols, stream, location);
  // Without the runtime's kernels, csrgeam2 with an empty second matrix
  // (which needs them too for 64-bit indices or 16-bit values).
  if (!valueKernelsAvailable())
    return geam(a, alpha, nullptr, 0.0, op, location, stream);
  // A's pattern copied, its values scaled.
  const Pattern p = copyPattern(a, stream, location);
  scaleValues(a->values, p.values, a->nnz, a->type, alpha, stream, op,
              location);
  return ownedHandle(a->rows, a->cols, a->nnz, p.rowOffsets, p.colIndices,
                     p.values, a->indexBits, dtypeOf(a), stream, location);
}
