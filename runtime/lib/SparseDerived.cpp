//===- SparseDerived.cpp - CSR handles computed from another --------------===//
//
// arrayrt_csr_transpose (cuSPARSE csr2csc), arrayrt_csr_sddmm (cuSPARSE
// SDDMM), arrayrt_csr_add and arrayrt_csr_scale (cuSPARSE csrgeam2): each
// makes a new handle that owns its arrays, from pool memory, on the op's
// stream, after checking its operands by name.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "Cusparse.h"
#include "Error.h"
#include "Profile.h"
#include "SparseArgs.h"

#include <climits>
#include <cstring>

using namespace arrayrt;
using namespace arrayrt::sparse;

namespace {

/// Exits unless `a` has 32-bit indices and sizes that fit an int, as
/// cuSPARSE's legacy routines (csr2csc, csrgeam2) need.
void check32(const arrayrt_csr *a, const char *op, const char *what,
             const char *location) {
  Where w(location);
  if (a->indexBits != 32)
    fatal("%s%s%s: the CUDA target %s matrices with 32-bit indices only "
          "(cuSPARSE's %s), found %d-bit ones",
          w.text, w.sep, op, what,
          std::strcmp(what, "transposes") == 0 ? "csr2csc" : "csrgeam2",
          a->indexBits);
  if (a->rows > INT_MAX || a->cols > INT_MAX || a->nnz > INT_MAX)
    fatal("%s%s%s: a %lld x %lld matrix of %lld entries is too large for "
          "32-bit indices",
          w.text, w.sep, op, static_cast<long long>(a->rows),
          static_cast<long long>(a->cols), static_cast<long long>(a->nnz));
}

/// Exits unless `a` holds float32 or float64 values, all csrgeam2 takes.
void checkGeamValues(const arrayrt_csr *a, const char *op, const char *what,
                     const char *location) {
  if (a->elementSize != 2)
    return;
  Where w(location);
  fatal("%s%s%s: the CUDA target %s matrices of float32 or float64 values "
        "only (cuSPARSE's csrgeam2), found %s ones",
        w.text, w.sep, op, what,
        a->type == CUDA_R_16F ? "float16" : "bfloat16");
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

/// alpha * A + beta * B through csrgeam2 into a new handle, for values of
/// type T; B null is the empty matrix of A's size (alpha * A exactly, no
/// 0 * inf).
template <typename T>
arrayrt_csr_t geam(const arrayrt_csr *a, T alpha, const arrayrt_csr *b, T beta,
                   const char *location, arrayrt_stream_t stream) {
  const CusparseApi &api = cusparse();
  setStream(stream, location);
  int m = static_cast<int>(a->rows), n = static_cast<int>(a->cols);
  int nnzA = static_cast<int>(a->nnz), nnzB = b ? static_cast<int>(b->nnz) : 0;
  void *emptyOffsets = nullptr;
  if (!b) {
    emptyOffsets = allocate((a->rows + 1) * sizeof(int), stream, location);
    arrayrt_memset32(emptyOffsets, 0, a->rows + 1, stream);
  }
  auto *rowA = static_cast<const int *>(a->rowOffsets);
  auto *colA = static_cast<const int *>(a->colIndices);
  auto *valA = static_cast<const T *>(a->values);
  auto *rowB = static_cast<const int *>(b ? b->rowOffsets : emptyOffsets);
  auto *colB = static_cast<const int *>(b ? b->colIndices : emptyOffsets);
  auto *valB = static_cast<const T *>(b ? b->values : a->values);
  cusparseMatDescr_t descr;
  checkSparse(api.cusparseCreateMatDescr(&descr), "cusparseCreateMatDescr",
              location);
  auto *rowC = static_cast<int *>(
      allocate((a->rows + 1) * sizeof(int), stream, location));
  size_t size = 0;
  checkSparse((api.*Geam<T>::bufferSize)(
                  api.handle, m, n, &alpha, descr, nnzA, valA, rowA, colA,
                  &beta, descr, nnzB, valB, rowB, colB, descr, nullptr, rowC,
                  nullptr, &size),
              "cusparseXcsrgeam2_bufferSizeExt", location);
  void *work = allocate(size, stream, location);
  // The count is the host's to know (host pointer mode): csrgeam2Nnz
  // returns when it is.
  int nnzC = 0;
  checkSparse(api.cusparseXcsrgeam2Nnz(api.handle, m, n, descr, nnzA, rowA,
                                       colA, descr, nnzB, rowB, colB, descr,
                                       rowC, &nnzC, work),
              "cusparseXcsrgeam2Nnz", location);
  auto *colC = static_cast<int *>(
      allocate(size_t(nnzC) * sizeof(int), stream, location));
  auto *valC =
      static_cast<T *>(allocate(size_t(nnzC) * sizeof(T), stream, location));
  {
    profile::ScopedDeviceOp timed(reinterpret_cast<CUstream>(stream),
                                  profile::OpKind::Library, "cusparsecsrgeam2");
    checkSparse((api.*Geam<T>::compute)(api.handle, m, n, &alpha, descr, nnzA,
                                        valA, rowA, colA, &beta, descr, nnzB,
                                        valB, rowB, colB, descr, valC, rowC,
                                        colC, work),
                "cusparsecsrgeam2", location);
  }
  arrayrt_free(work, stream);
  if (emptyOffsets)
    arrayrt_free(emptyOffsets, stream);
  api.cusparseDestroyMatDescr(descr);
  return ownedHandle(a->rows, a->cols, nnzC, rowC, colC, valC, 32, dtypeOf(a),
                     stream, location);
}

/// geam<float> or geam<double>, by A's element type.
arrayrt_csr_t geam(const arrayrt_csr *a, double alpha, const arrayrt_csr *b,
                   double beta, const char *location, arrayrt_stream_t stream) {
  if (a->type == CUDA_R_32F)
    return geam<float>(a, static_cast<float>(alpha), b,
                       static_cast<float>(beta), location, stream);
  return geam<double>(a, alpha, b, beta, location, stream);
}

} // namespace

extern "C" arrayrt_csr_t arrayrt_csr_transpose(arrayrt_csr_t a,
                                               const char *location,
                                               arrayrt_stream_t stream) {
  const char *op = "array.sparse_transpose";
  check32(a, op, "transposes", location);
  const CusparseApi &api = cusparse();
  setStream(stream, location);
  int rows = static_cast<int>(a->rows), cols = static_cast<int>(a->cols);
  int nnz = static_cast<int>(a->nnz);
  // The transpose's row offsets are A's column offsets: cols + 1 of them.
  void *rowOffsets = allocate((a->cols + 1) * sizeof(int), stream, location);
  void *colIndices = allocate(a->nnz * sizeof(int), stream, location);
  void *values = allocate(a->nnz * a->elementSize, stream, location);
  auto *rowA = static_cast<const int *>(a->rowOffsets);
  auto *colA = static_cast<const int *>(a->colIndices);
  auto *rowT = static_cast<int *>(rowOffsets);
  auto *colT = static_cast<int *>(colIndices);
  const cusparseAction_t action = CUSPARSE_ACTION_NUMERIC;
  const cusparseIndexBase_t base = CUSPARSE_INDEX_BASE_ZERO;
  const cusparseCsr2CscAlg_t alg = CUSPARSE_CSR2CSC_ALG1;
  size_t size = 0;
  checkSparse(api.cusparseCsr2cscEx2_bufferSize(
                  api.handle, rows, cols, nnz, a->values, rowA, colA, values,
                  rowT, colT, a->type, action, base, alg, &size),
              "cusparseCsr2cscEx2_bufferSize", location);
  void *work = allocate(size, stream, location);
  {
    profile::ScopedDeviceOp timed(reinterpret_cast<CUstream>(stream),
                                  profile::OpKind::Library,
                                  "cusparseCsr2cscEx2");
    checkSparse(api.cusparseCsr2cscEx2(api.handle, rows, cols, nnz, a->values,
                                       rowA, colA, values, rowT, colT, a->type,
                                       action, base, alg, work),
                "cusparseCsr2cscEx2", location);
  }
  arrayrt_free(work, stream);
  return ownedHandle(a->cols, a->rows, a->nnz, rowOffsets, colIndices, values,
                     32, dtypeOf(a), stream, location);
}

extern "C" arrayrt_csr_t arrayrt_csr_sddmm(arrayrt_csr_t s, int64_t a_rank,
                                           void *a, int64_t b_rank, void *b,
                                           double alpha, double beta,
                                           int32_t dtype, const char *location,
                                           arrayrt_stream_t stream) {
  const char *op = "array.sddmm";
  checkDtype(s, dtype, op, location);
  Array aa = readArray(a_rank, a, s->elementSize, 2, op, "A", location);
  Array ba = readArray(b_rank, b, s->elementSize, 2, op, "B", location);
  Where w(location);
  if (aa.sizes[0] != s->rows || ba.sizes[1] != s->cols ||
      aa.sizes[1] != ba.sizes[0])
    fatal("%s%s%s: a %lld x %lld matrix times a %lld x %lld matrix sampled "
          "at a %lld x %lld pattern",
          w.text, w.sep, op, static_cast<long long>(aa.sizes[0]),
          static_cast<long long>(aa.sizes[1]),
          static_cast<long long>(ba.sizes[0]),
          static_cast<long long>(ba.sizes[1]), static_cast<long long>(s->rows),
          static_cast<long long>(s->cols));
  const CusparseApi &api = cusparse();
  setStream(stream, location);
  // The result: S's pattern copied, its values S's (beta != 0) or zeros.
  size_t index = s->indexBits / 8;
  size_t valueBytes = s->nnz * s->elementSize;
  void *rowOffsets = allocate((s->rows + 1) * index, stream, location);
  void *colIndices = allocate(s->nnz * index, stream, location);
  void *values = allocate(valueBytes, stream, location);
  arrayrt_memcpy(rowOffsets, s->rowOffsets, (s->rows + 1) * index, stream);
  arrayrt_memcpy(colIndices, s->colIndices, s->nnz * index, stream);
  if (beta != 0.0)
    arrayrt_memcpy(values, s->values, valueBytes, stream);
  else
    arrayrt_memset8(values, 0, valueBytes, stream);
  arrayrt_csr_t c =
      ownedHandle(s->rows, s->cols, s->nnz, rowOffsets, colIndices, values,
                  s->indexBits, dtype, stream, location);
  int64_t k = aa.sizes[1];
  cusparseDnMatDescr_t left, right;
  checkSparse(api.cusparseCreateDnMat(&left, s->rows, k, k, aa.data, s->type,
                                      CUSPARSE_ORDER_ROW),
              "cusparseCreateDnMat", location);
  checkSparse(api.cusparseCreateDnMat(&right, k, s->cols, s->cols, ba.data,
                                      s->type, CUSPARSE_ORDER_ROW),
              "cusparseCreateDnMat", location);
  float alpha32 = static_cast<float>(alpha), beta32 = static_cast<float>(beta);
  const cudaDataType compute = computeType(s);
  bool f32 = compute == CUDA_R_32F;
  const void *alphaPtr = f32 ? static_cast<const void *>(&alpha32) : &alpha;
  const void *betaPtr = f32 ? static_cast<const void *>(&beta32) : &beta;
  const cusparseOperation_t none = CUSPARSE_OPERATION_NON_TRANSPOSE;
  const cusparseSDDMMAlg_t alg = CUSPARSE_SDDMM_ALG_DEFAULT;
  size_t size = 0;
  checkSparse(api.cusparseSDDMM_bufferSize(api.handle, none, none, alphaPtr,
                                           left, right, betaPtr, c->matrix,
                                           compute, alg, &size),
              "cusparseSDDMM_bufferSize", location);
  void *work = allocate(size, stream, location);
  {
    profile::ScopedDeviceOp timed(reinterpret_cast<CUstream>(stream),
                                  profile::OpKind::Library, "cusparseSDDMM");
    checkSparse(api.cusparseSDDMM(api.handle, none, none, alphaPtr, left,
                                  right, betaPtr, c->matrix, compute, alg,
                                  work),
                "cusparseSDDMM", location);
  }
  arrayrt_free(work, stream);
  api.cusparseDestroyDnMat(left);
  api.cusparseDestroyDnMat(right);
  return c;
}

extern "C" arrayrt_csr_t arrayrt_csr_add(arrayrt_csr_t a, arrayrt_csr_t b,
                                         const char *location,
                                         arrayrt_stream_t stream) {
  const char *op = "array.sparse_add";
  Where w(location);
  if (a->rows != b->rows || a->cols != b->cols)
    fatal("%s%s%s: a %lld x %lld matrix plus a %lld x %lld one", w.text, w.sep,
          op, static_cast<long long>(a->rows), static_cast<long long>(a->cols),
          static_cast<long long>(b->rows), static_cast<long long>(b->cols));
  if (a->type != b->type)
    fatal("%s%s%s: the operands' element types differ", w.text, w.sep, op);
  check32(a, op, "adds", location);
  check32(b, op, "adds", location);
  checkGeamValues(a, op, "adds", location);
  return geam(a, 1.0, b, 1.0, location, stream);
}

extern "C" arrayrt_csr_t arrayrt_csr_scale(arrayrt_csr_t a, double alpha,
                                           const char *location,
                                           arrayrt_stream_t stream) {
  const char *op = "array.sparse_scale";
  check32(a, op, "scales", location);
  checkGeamValues(a, op, "scales", location);
  return geam(a, alpha, nullptr, 0.0, location, stream);
}
