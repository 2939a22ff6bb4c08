//===- Cusparse.h - cuSPARSE loaded at run time, CSR handles ----*- C++ -*-===//
//
// The cuSPARSE entry points the runtime uses (dlopen'ed by Sparse.cpp) and
// the CSR matrix behind an arrayrt_csr_t, shared by Sparse.cpp (creation,
// products) and SparseHandles.cpp (what compiled programs call).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_CUSPARSE_H
#define ARRAYRT_LIB_CUSPARSE_H

#include "arrayrt/arrayrt.h"

#include <cstdint>
#include <cusparse.h>

namespace arrayrt::sparse {

#define ARRAYRT_CUSPARSE_FUNCTIONS(X)                                          \
  X(cusparseCreate)                                                            \
  X(cusparseSetStream)                                                         \
  X(cusparseGetErrorString)                                                    \
  X(cusparseCreateCsr)                                                         \
  X(cusparseCsrSetPointers)                                                    \
  X(cusparseSpMatGetSize)                                                      \
  X(cusparseDestroySpMat)                                                      \
  X(cusparseCreateDnVec)                                                       \
  X(cusparseDnVecSetValues)                                                    \
  X(cusparseDestroyDnVec)                                                      \
  X(cusparseCreateDnMat)                                                       \
  X(cusparseDnMatSetValues)                                                    \
  X(cusparseDestroyDnMat)                                                      \
  X(cusparseSpMV_bufferSize)                                                   \
  X(cusparseSpMV)                                                              \
  X(cusparseSpMM_bufferSize)                                                   \
  X(cusparseSpMM_preprocess)                                                   \
  X(cusparseSpMM)                                                              \
  X(cusparseDenseToSparse_bufferSize)                                          \
  X(cusparseDenseToSparse_analysis)                                            \
  X(cusparseDenseToSparse_convert)                                             \
  X(cusparseSparseToDense_bufferSize)                                          \
  X(cusparseSparseToDense)                                                     \
  X(cusparseSpGEMM_createDescr)                                                \
  X(cusparseSpGEMM_destroyDescr)                                               \
  X(cusparseSpGEMM_workEstimation)                                             \
  X(cusparseSpGEMM_compute)                                                    \
  X(cusparseSpGEMM_copy)                                                       \
  X(cusparseCsr2cscEx2_bufferSize)                                             \
  X(cusparseCsr2cscEx2)                                                        \
  X(cusparseSDDMM_bufferSize)                                                  \
  X(cusparseSDDMM)                                                             \
  X(cusparseCreateMatDescr)                                                    \
  X(cusparseDestroyMatDescr)                                                   \
  X(cusparseScsrgeam2_bufferSizeExt)                                           \
  X(cusparseDcsrgeam2_bufferSizeExt)                                           \
  X(cusparseXcsrgeam2Nnz)                                                      \
  X(cusparseScsrgeam2)                                                         \
  X(cusparseDcsrgeam2)

struct CusparseApi {
#define ARRAYRT_DECLARE_POINTER(name) decltype(&::name) name = nullptr;
  ARRAYRT_CUSPARSE_FUNCTIONS(ARRAYRT_DECLARE_POINTER)
#undef ARRAYRT_DECLARE_POINTER
  // cusparseSpMV_preprocess (cuSPARSE 12.4 and later), when present.
  decltype(&::cusparseSpMV_preprocess) spmvPreprocess = nullptr;
  cusparseHandle_t handle = nullptr;
};

/// Loads cuSPARSE once: ARRAYRT_CUSPARSE_LIB, else libcusparse.so.12 from
/// the loader's path, else the toolkit's. Exits naming what was tried.
const CusparseApi &cusparse();

/// Exits with `[location: ]<call> failed: <cuSPARSE's message>` unless
/// `status` is success.
void checkSparse(cusparseStatus_t status, const char *call,
                 const char *location);

/// CUDA_R_32F or CUDA_R_64F for ARRAYRT_DTYPE_F32/F64; exits otherwise.
cudaDataType valueType(int32_t dtype, const char *location);

} // namespace arrayrt::sparse

struct arrayrt_csr {
  int64_t rows, cols, nnz;
  cudaDataType type;
  size_t elementSize;
  int32_t indexBits;
  cusparseSpMatDescr_t matrix = nullptr;
  // The three arrays in device memory.
  void *rowOffsets = nullptr, *colIndices = nullptr, *values = nullptr;
  // The dense operands of the last product, re-pointed by SetValues.
  cusparseDnVecDescr_t x = nullptr, y = nullptr;
  cusparseDnMatDescr_t b = nullptr, c = nullptr;
  int64_t denseColumns = -1; // n of b and c
  bool spmvPrepared = false, spmmPrepared = false;
  // Whether SpMV's analysis (cusparseSpMV_preprocess) has run, and how many
  // SpMV products the matrix had.
  bool spmvAnalysed = false;
  int64_t spmvCalls = 0;
  // The longest row's length, measured by the first SpMV that considers
  // arrayrt's own kernel (SpmvKernel.h); -1 until then.
  int64_t longestRow = -1;
  cusparseSpMMAlg_t spmmAlg = CUSPARSE_SPMM_ALG_DEFAULT;
  // Work buffers from the pool, one per product: SpMV's holds what
  // cusparseSpMV_preprocess analysed, SpMM's what cusparseSpMM_preprocess
  // did, for every later call.
  struct Work {
    void *data = nullptr;
    arrayrt_stream_t stream = nullptr;
  } spmvWork, spmmWork;
  // Row offsets, column indices and values from the pool when the handle
  // owns them (arrayrt_csr_from_dense, arrayrt_csr_load_mtx), freed on
  // `ownedStream` by its release; null when borrowed.
  void *owned[3] = {nullptr, nullptr, nullptr};
  arrayrt_stream_t ownedStream = nullptr;
};

/// The type cuSPARSE computes a matrix's products in: its values' type, or
/// float for f16 and bf16 values (the only compute type cuSPARSE takes
/// for them).
inline cudaDataType computeType(const arrayrt_csr *a) {
  return a->type == CUDA_R_16F || a->type == CUDA_R_16BF ? CUDA_R_32F
                                                         : a->type;
}

#endif // ARRAYRT_LIB_CUSPARSE_H
