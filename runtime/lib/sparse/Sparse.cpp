//===- Sparse.cpp - Sparse matrix products through cuSPARSE ---------------===//
//
// cuSPARSE's generic API (SpMV, SpMM on CSR), loaded with dlopen like the
// driver: the runtime links no CUDA library. One cuSPARSE handle per
// process, set to the op's stream on each call; each CSR matrix handle
// caches its descriptor, the dense descriptors of its last operands and its
// work buffer (from the memory pool), so a loop of products on one matrix
// creates nothing after its first iteration. SpMV runs the runtime's own
// kernel instead where it is faster (SpmvKernel.h).
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "driver/Driver.h"
#include "driver/Error.h"
#include "graphs/Graphs.h"
#include "sparse/Cusparse.h"
#include "sparse/SparseArgs.h"
#include "sparse/SpmvKernel.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <mutex>
#include <string>

namespace arrayrt::sparse {

/// Loads cuSPARSE once: ARRAYRT_CUSPARSE_LIB, else libcusparse.so.12 from
/// the loader's path, else the toolkit's. Exits naming what was tried.
const CusparseApi &cusparse() {
  static CusparseApi api;
  static std::once_flag once;
  std::call_once(once, [] {
    driver(); // A current context first: cusparseCreate uses it.
    const char *override = std::getenv("ARRAYRT_CUSPARSE_LIB");
    std::string tried;
    void *library = nullptr;
    for (const char *name :
         {override && *override ? override : "libcusparse.so.12",
          "/usr/local/cuda/lib64/libcusparse.so.12"}) {
      library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
      if (library)
        break;
      tried += std::string(tried.empty() ? "" : "; ") + dlerror();
      if (override && *override)
        break;
    }
    if (!library)
      fatal("cuSPARSE could not be loaded (%s); set ARRAYRT_CUSPARSE_LIB to "
            "libcusparse.so.12's path",
            tried.c_str());
#define ARRAYRT_RESOLVE(name)                                                  \
  api.name = reinterpret_cast<decltype(api.name)>(dlsym(library, #name));      \
  if (!api.name)                                                               \
    fatal("the cuSPARSE library lacks %s (cuSPARSE 12 or later is needed)",    \
          #name);
    ARRAYRT_CUSPARSE_FUNCTIONS(ARRAYRT_RESOLVE)
#undef ARRAYRT_RESOLVE
    api.spmvPreprocess = reinterpret_cast<decltype(api.spmvPreprocess)>(
        dlsym(library, "cusparseSpMV_preprocess"));
    cusparseStatus_t status = api.cusparseCreate(&api.handle);
    if (status != CUSPARSE_STATUS_SUCCESS)
      fatal("cusparseCreate failed: %s", api.cusparseGetErrorString(status));
  });
  return api;
}

/// Exits with `[location: ]<call> failed: <cuSPARSE's message>` unless
/// `status` is success.
void checkSparse(cusparseStatus_t status, const char *call,
                 const char *location) {
  if (status == CUSPARSE_STATUS_SUCCESS)
    return;
  fatal("%s%s%s failed: %s", location ? location : "", location ? ": " : "",
        call, cusparse().cusparseGetErrorString(status));
}

cudaDataType valueType(int32_t dtype, const char *location) {
  if (dtype == ARRAYRT_DTYPE_F32)
    return CUDA_R_32F;
  if (dtype == ARRAYRT_DTYPE_F64)
    return CUDA_R_64F;
  if (dtype == ARRAYRT_DTYPE_F16)
    return CUDA_R_16F;
  if (dtype == ARRAYRT_DTYPE_BF16)
    return CUDA_R_16BF;
  fatal("%s%ssparse matrices hold float16, bfloat16, float32 or float64 "
        "values, not dtype %d",
        location ? location : "", location ? ": " : "", dtype);
}

} // namespace arrayrt::sparse

using namespace arrayrt;
using namespace arrayrt::sparse;

namespace {

/// Replaces `work` with a buffer of `size` bytes for `stream`.
void *allocateWork(arrayrt_csr::Work &work, size_t size,
                   arrayrt_stream_t stream, const char *location) {
  if (work.data)
    arrayrt_free(work.data, work.stream);
  work.data = allocate(size, stream, location);
  work.stream = stream;
  return work.data;
}

/// Points a product's dense descriptors at its operand `in` and its result
/// `out`: created by `create(&descriptor, length, data)` on the matrix's
/// first product (lengths `inLength` and `outLength`), re-pointed by
/// `setValues` on later ones, so that a loop of products creates nothing.
/// Returns whether it created them.
template <typename Descriptor, typename Create, typename SetValues>
bool pointDense(Descriptor &in, Descriptor &out, const void *inData,
                void *outData, int64_t inLength, int64_t outLength,
                Create create, const char *createCall, SetValues setValues,
                const char *setCall, const char *location) {
  if (!in) {
    checkSparse(create(&in, inLength, const_cast<void *>(inData)), createCall,
                location);
    checkSparse(create(&out, outLength, outData), createCall, location);
    return true;
  }
  checkSparse(setValues(in, const_cast<void *>(inData)), setCall, location);
  checkSparse(setValues(out, outData), setCall, location);
  return false;
}

/// The least memory a product with `n` dense columns moves, for the
/// profile's GB/s: the matrix once, B (or x) once, C (or y) written and,
/// with a nonzero beta, read.
uint64_t productBytes(const arrayrt_csr *a, int64_t n, bool readsC) {
  uint64_t index = a->indexBits / 8;
  uint64_t matrix = a->nnz * (index + a->elementSize) + (a->rows + 1) * index;
  uint64_t dense = (a->cols + a->rows * (readsC ? 2 : 1)) * n * a->elementSize;
  return matrix + dense;
}

} // namespace

extern "C" arrayrt_csr_t arrayrt_csr_create(int64_t rows, int64_t cols,
                                            int64_t nnz, void *row_offsets,
                                            void *col_indices, void *values,
                                            int32_t index_bits, int32_t dtype,
                                            const char *location) {
  checkIndexBits(index_bits, location);
  cudaDataType type = valueType(dtype, location);
  auto *a = new arrayrt_csr;
  a->rows = rows;
  a->cols = cols;
  a->nnz = nnz;
  a->type = type;
  a->elementSize = elementSize(dtype);
  a->indexBits = index_bits;
  a->rowOffsets = row_offsets;
  a->colIndices = col_indices;
  a->values = values;
  // cuSPARSE takes no matrix without rows or columns: such a handle has no
  // descriptor, and the arrayrt_csr_* operations do without it.
  if (rows == 0 || cols == 0)
    return a;
  const CusparseApi &api = cusparse();
  cusparseIndexType_t index =
      index_bits == 32 ? CUSPARSE_INDEX_32I : CUSPARSE_INDEX_64I;
  checkSparse(api.cusparseCreateCsr(&a->matrix, rows, cols, nnz, row_offsets,
                                    col_indices, values, index, index,
                                    CUSPARSE_INDEX_BASE_ZERO, a->type),
              "cusparseCreateCsr", location);
  return a;
}

extern "C" void arrayrt_csr_destroy(arrayrt_csr_t a) {
  if (!a)
    return;
  // Recorded products of a graph region may still use the handle.
  arrayrt::graphs::flush();
  // A matrix without rows or columns never had a descriptor.
  if (a->matrix) {
    const CusparseApi &api = cusparse();
    if (a->x)
      api.cusparseDestroyDnVec(a->x);
    if (a->y)
      api.cusparseDestroyDnVec(a->y);
    if (a->b)
      api.cusparseDestroyDnMat(a->b);
    if (a->c)
      api.cusparseDestroyDnMat(a->c);
    api.cusparseDestroySpMat(a->matrix);
  }
  for (arrayrt_csr::Work *work : {&a->spmvWork, &a->spmmWork})
    if (work->data)
      arrayrt_free(work->data, work->stream);
  for (void *array : a->owned)
    arrayrt_free(array, a->ownedStream);
  delete a;
}

namespace {

uint64_t bitsOf(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

/// The operands of one cusparseSpMV: the matrix, the vectors (set on the
/// matrix's dense descriptors by point()) and the scalars.
struct SpmvCall {
  arrayrt_csr *a;
  const void *x;
  void *y;
  Scalars scalars;
  cusparseSpMVAlg_t alg;
  const char *location;

  /// Queues the handle's work on `stream` and points the descriptors at the
  /// vectors.
  void point(const CusparseApi &api, arrayrt_stream_t stream) const {
    setStream(stream, location);
    pointDense(
        a->x, a->y, x, y, a->cols, a->rows,
        [&](cusparseDnVecDescr_t *vector, int64_t length, void *data) {
          return api.cusparseCreateDnVec(vector, length, data, a->type);
        },
        "cusparseCreateDnVec", api.cusparseDnVecSetValues,
        "cusparseDnVecSetValues", location);
  }

  /// `function` (cusparseSpMV, its _preprocess or _bufferSize: the same
  /// arguments) on them, with `last` (the work buffer, or the size's
  /// address).
  template <typename Function, typename Last>
  cusparseStatus_t operator()(const CusparseApi &api, Function function,
                              Last last) const {
    const cudaDataType compute = computeType(a);
    return function(api.handle, CUSPARSE_OPERATION_NON_TRANSPOSE,
                    scalars.alpha(compute), a->matrix, a->x,
                    scalars.beta(compute), a->y, compute, alg, last);
  }
};

} // namespace

extern "C" void arrayrt_spmv(arrayrt_csr_t a, const void *x, void *y,
                             double alpha, double beta, arrayrt_stream_t stream,
                             const char *location) {
  const uint64_t bytes = productBytes(a, 1, beta != 0.0);
  if (spmvWithKernel(a, x, y, alpha, beta, stream, bytes, location))
    return;
  const CusparseApi &api = cusparse();
  const SpmvChoice &choice = spmvChoice();
  const SpmvCall call{a, x, y, Scalars(alpha, beta), choice.alg, location};
  const bool analyse =
      api.spmvPreprocess && !a->spmvAnalysed &&
      (choice.analysis == SpmvAnalysis::First ||
       (choice.analysis == SpmvAnalysis::Second && a->spmvCalls >= 1));
  // Inside a graph region, once the work buffer and the analysis exist, the
  // product is recorded, keyed by every pointer and value it uses.
  if (a->spmvPrepared && !analyse)
    if (graphs::Recorder *recorder =
            graphs::recorderFor(reinterpret_cast<CUstream>(stream))) {
      ++a->spmvCalls;
      const uint64_t key[] = {reinterpret_cast<uintptr_t>(a),
                              reinterpret_cast<uintptr_t>(a->matrix),
                              reinterpret_cast<uintptr_t>(x),
                              reinterpret_cast<uintptr_t>(y),
                              reinterpret_cast<uintptr_t>(a->spmvWork.data),
                              bitsOf(alpha),
                              bitsOf(beta)};
      graphs::recordCall(
          *recorder, "cusparseSpMV", key, sizeof key,
          [call](CUstream target, bool strict) {
            const CusparseApi &api = cusparse();
            call.point(api, reinterpret_cast<arrayrt_stream_t>(target));
            cusparseStatus_t status =
                call(api, api.cusparseSpMV, call.a->spmvWork.data);
            if (strict)
              checkSparse(status, "cusparseSpMV", call.location);
            return status == CUSPARSE_STATUS_SUCCESS;
          });
      return;
    }
  call.point(api, stream);
  if (!a->spmvPrepared) {
    size_t size = 0;
    checkSparse(call(api, api.cusparseSpMV_bufferSize, &size),
                "cusparseSpMV_bufferSize", location);
    allocateWork(a->spmvWork, size, stream, location);
    a->spmvPrepared = true;
  }
  if (analyse) {
    timedCall("cusparseSpMV_preprocess", stream, location,
              [&] { return call(api, api.spmvPreprocess, a->spmvWork.data); });
    a->spmvAnalysed = true;
  }
  ++a->spmvCalls;
  timedCall(
      "cusparseSpMV", stream, location,
      [&] { return call(api, api.cusparseSpMV, a->spmvWork.data); }, bytes);
}

extern "C" void arrayrt_spmm(arrayrt_csr_t a, const void *b, int64_t n, void *c,
                             double alpha, double beta, arrayrt_stream_t stream,
                             const char *location) {
  const CusparseApi &api = cusparse();
  setStream(stream, location);
  if (a->b && a->denseColumns != n) {
    api.cusparseDestroyDnMat(a->b);
    api.cusparseDestroyDnMat(a->c);
    a->b = a->c = nullptr;
    a->spmmPrepared = false;
  }
  // Row-major (C order) B and C, as the compiler lays out arrays.
  if (pointDense(
          a->b, a->c, b, c, a->cols, a->rows,
          [&](cusparseDnMatDescr_t *matrix, int64_t rows, void *data) {
            return api.cusparseCreateDnMat(matrix, rows, n, n, data, a->type,
                                           CUSPARSE_ORDER_ROW);
          },
          "cusparseCreateDnMat", api.cusparseDnMatSetValues,
          "cusparseDnMatSetValues", location))
    a->denseColumns = n;
  const Scalars s(alpha, beta);
  const cudaDataType compute = computeType(a);
  const cusparseOperation_t op = CUSPARSE_OPERATION_NON_TRANSPOSE;
  // cusparseSpMM_preprocess and cusparseSpMM take the same arguments.
  auto product = [&](auto function, void *work) {
    return function(api.handle, op, op, s.alpha(compute), a->matrix, a->b,
                    s.beta(compute), a->c, compute, a->spmmAlg, work);
  };
  if (!a->spmmPrepared) {
    // ALG2 is cuSPARSE's CSR algorithm for row-major dense matrices; the
    // default where it declines the operands.
    size_t size = 0;
    a->spmmAlg = CUSPARSE_SPMM_CSR_ALG2;
    cusparseStatus_t status = api.cusparseSpMM_bufferSize(
        api.handle, op, op, s.alpha(compute), a->matrix, a->b, s.beta(compute),
        a->c, compute, a->spmmAlg, &size);
    if (status == CUSPARSE_STATUS_NOT_SUPPORTED) {
      a->spmmAlg = CUSPARSE_SPMM_ALG_DEFAULT;
      status = api.cusparseSpMM_bufferSize(api.handle, op, op, s.alpha(compute),
                                           a->matrix, a->b, s.beta(compute),
                                           a->c, compute, a->spmmAlg, &size);
    }
    checkSparse(status, "cusparseSpMM_bufferSize", location);
    void *work = allocateWork(a->spmmWork, size, stream, location);
    timedCall("cusparseSpMM_preprocess", stream, location,
              [&] { return product(api.cusparseSpMM_preprocess, work); });
    a->spmmPrepared = true;
  }
  timedCall(
      "cusparseSpMM", stream, location,
      [&] { return product(api.cusparseSpMM, a->spmmWork.data); },
      productBytes(a, n, beta != 0.0));
}
