// Does compute-sanitizer's initcheck see what cuBLASLt and cuSPARSE write?
//
//   nvcc -O2 -o vendor_writes scripts/initcheck/vendor_writes.cu \
//       -lcublasLt -lcusparse
//   compute-sanitizer --tool initcheck ./vendor_writes CASE
//
// CASE: kernel, cublaslt, cusparse, spmm, spmm-poison.
//
// Each case writes a fresh cudaMalloc buffer on the device, checks the
// values on the host (exit 1 if they are wrong), and copies it to the host:
// an initcheck report on that copy means the tool did not see the write.
// `kernel` (a plain kernel writes it) is the control. The same pattern as
// Arrayc's programs: a product or a dense-to-CSR conversion by the library,
// then a device-to-host copy or a kernel of arrayrt's reading the result.
#include <cublasLt.h>
#include <cuda_runtime.h>
#include <cusparse.h>

#include <cmath>
#include <cstdio>
#include <cstring>

#define CHECK(call)                                                            \
  do {                                                                         \
    long long status_ = static_cast<long long>(call);                          \
    if (status_ != 0) {                                                        \
      std::fprintf(stderr, "%s failed: %lld\n", #call, status_);               \
      return 2;                                                                \
    }                                                                          \
  } while (0)

__global__ void fill(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = float(i);
}

static int kernelCase() {
  float *d = nullptr, host[4];
  CHECK(cudaMalloc(&d, sizeof host));
  fill<<<1, 32>>>(d, 4);
  CHECK(cudaMemcpy(host, d, sizeof host, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 4; ++i)
    if (host[i] != float(i))
      return 1;
  std::printf("kernel: ok\n");
  return 0;
}

// D (2 x 2) = A (2 x 3) @ B (3 x 2), column-major, f32, beta = 0.
static int cublasLtCase() {
  const float a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {1, 0, 1, 0, 1, 1};
  float *da, *db, *dd, host[4];
  CHECK(cudaMalloc(&da, sizeof a));
  CHECK(cudaMalloc(&db, sizeof b));
  CHECK(cudaMalloc(&dd, sizeof host));
  CHECK(cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice));
  cublasLtHandle_t lt;
  CHECK(cublasLtCreate(&lt));
  cublasLtMatmulDesc_t op;
  CHECK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasLtMatrixLayout_t la, lb, ld;
  CHECK(cublasLtMatrixLayoutCreate(&la, CUDA_R_32F, 2, 3, 2));
  CHECK(cublasLtMatrixLayoutCreate(&lb, CUDA_R_32F, 3, 2, 3));
  CHECK(cublasLtMatrixLayoutCreate(&ld, CUDA_R_32F, 2, 2, 2));
  const float alpha = 1, beta = 0;
  CHECK(cublasLtMatmul(lt, op, &alpha, da, la, db, lb, &beta, dd, ld, dd, ld,
                       nullptr, nullptr, 0, 0));
  CHECK(cudaMemcpy(host, dd, sizeof host, cudaMemcpyDeviceToHost));
  // Column-major: D = [[1+5, 3+5], [2+6, 4+6]].
  const float want[4] = {6, 8, 8, 10};
  for (int i = 0; i < 4; ++i)
    if (host[i] != want[i])
      return 1;
  std::printf("cublaslt: ok\n");
  return 0;
}

// The CSR form of a 3 x 3 matrix with 4 entries, as arrayrt builds it.
static int cusparseCase() {
  const float dense[9] = {1, 0, 2, 0, 0, 3, 4, 0, 0};
  float *dm;
  int *offsets;
  CHECK(cudaMalloc(&dm, sizeof dense));
  CHECK(cudaMemcpy(dm, dense, sizeof dense, cudaMemcpyHostToDevice));
  CHECK(cudaMalloc(&offsets, 4 * sizeof(int)));
  cusparseHandle_t handle;
  CHECK(cusparseCreate(&handle));
  cusparseDnMatDescr_t matrix;
  CHECK(cusparseCreateDnMat(&matrix, 3, 3, 3, dm, CUDA_R_32F,
                            CUSPARSE_ORDER_ROW));
  cusparseSpMatDescr_t csr;
  CHECK(cusparseCreateCsr(&csr, 3, 3, 0, offsets, nullptr, nullptr,
                          CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                          CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  size_t size = 0;
  CHECK(cusparseDenseToSparse_bufferSize(
      handle, matrix, csr, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, &size));
  void *work;
  CHECK(cudaMalloc(&work, size ? size : 16));
  CHECK(cusparseDenseToSparse_analysis(
      handle, matrix, csr, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, work));
  int64_t rows, cols, nnz;
  CHECK(cusparseSpMatGetSize(csr, &rows, &cols, &nnz));
  int *indices;
  float *values;
  CHECK(cudaMalloc(&indices, nnz * sizeof(int)));
  CHECK(cudaMalloc(&values, nnz * sizeof(float)));
  CHECK(cusparseCsrSetPointers(csr, offsets, indices, values));
  CHECK(cusparseDenseToSparse_convert(
      handle, matrix, csr, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, work));
  int hostOffsets[4], hostIndices[4];
  float hostValues[4];
  CHECK(cudaMemcpy(hostOffsets, offsets, sizeof hostOffsets,
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hostIndices, indices, sizeof hostIndices,
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hostValues, values, sizeof hostValues,
                   cudaMemcpyDeviceToHost));
  const int wantOffsets[4] = {0, 2, 3, 4}, wantIndices[4] = {0, 2, 2, 0};
  const float wantValues[4] = {1, 2, 3, 4};
  if (nnz != 4 || std::memcmp(hostOffsets, wantOffsets, sizeof wantOffsets) ||
      std::memcmp(hostIndices, wantIndices, sizeof wantIndices) ||
      std::memcmp(hostValues, wantValues, sizeof wantValues))
    return 1;
  std::printf("cusparse: ok\n");
  return 0;
}

// What arrayrt does for array.spmm: the 5 x 4 matrix of
// test/Integration/sparse-csr.mlir (its row 1 has no entries) to CSR, then
// C = A @ B with CSR ALG2 on row-major B and C, beta = 0, on a stream of
// its own. With `poison`, C starts as 0xFF bytes (NaN): an element that
// SpMM does not write stays NaN.
static int spmmCase(bool poison) {
  const float dense[20] = {1, 0, 2, 0, 0, 0, 0, 0, 0, 3,
                           0, -4, 5, 0, 0, 6.5, 0, -7, 8, 0};
  float b[12];
  for (int i = 0; i < 12; ++i)
    b[i] = float(i) - 5;
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  float *dm, *db, *dc;
  int *offsets;
  CHECK(cudaMalloc(&dm, sizeof dense));
  CHECK(cudaMalloc(&db, sizeof b));
  CHECK(cudaMalloc(&dc, 15 * sizeof(float)));
  CHECK(cudaMemcpy(dm, dense, sizeof dense, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice));
  if (poison)
    CHECK(cudaMemset(dc, 0xFF, 15 * sizeof(float)));
  CHECK(cudaMalloc(&offsets, 6 * sizeof(int)));
  cusparseHandle_t handle;
  CHECK(cusparseCreate(&handle));
  CHECK(cusparseSetStream(handle, stream));
  cusparseDnMatDescr_t matrix, bm, cm;
  CHECK(cusparseCreateDnMat(&matrix, 5, 4, 4, dm, CUDA_R_32F,
                            CUSPARSE_ORDER_ROW));
  cusparseSpMatDescr_t csr;
  CHECK(cusparseCreateCsr(&csr, 5, 4, 0, offsets, nullptr, nullptr,
                          CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                          CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  size_t size = 0;
  CHECK(cusparseDenseToSparse_bufferSize(
      handle, matrix, csr, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, &size));
  void *work;
  CHECK(cudaMalloc(&work, size ? size : 16));
  CHECK(cusparseDenseToSparse_analysis(
      handle, matrix, csr, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, work));
  CHECK(cudaStreamSynchronize(stream));
  int64_t rows, cols, nnz;
  CHECK(cusparseSpMatGetSize(csr, &rows, &cols, &nnz));
  int *indices;
  float *values;
  CHECK(cudaMalloc(&indices, nnz * sizeof(int)));
  CHECK(cudaMalloc(&values, nnz * sizeof(float)));
  CHECK(cusparseCsrSetPointers(csr, offsets, indices, values));
  CHECK(cusparseDenseToSparse_convert(
      handle, matrix, csr, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, work));
  CHECK(cusparseCreateDnMat(&bm, 4, 3, 3, db, CUDA_R_32F, CUSPARSE_ORDER_ROW));
  CHECK(cusparseCreateDnMat(&cm, 5, 3, 3, dc, CUDA_R_32F, CUSPARSE_ORDER_ROW));
  const float alpha = 1, beta = 0;
  const auto op = CUSPARSE_OPERATION_NON_TRANSPOSE;
  CHECK(cusparseSpMM_bufferSize(handle, op, op, &alpha, csr, bm, &beta, cm,
                                CUDA_R_32F, CUSPARSE_SPMM_CSR_ALG2, &size));
  void *spmmWork;
  CHECK(cudaMalloc(&spmmWork, size ? size : 16));
  CHECK(cusparseSpMM_preprocess(handle, op, op, &alpha, csr, bm, &beta, cm,
                                CUDA_R_32F, CUSPARSE_SPMM_CSR_ALG2, spmmWork));
  CHECK(cusparseSpMM(handle, op, op, &alpha, csr, bm, &beta, cm, CUDA_R_32F,
                     CUSPARSE_SPMM_CSR_ALG2, spmmWork));
  float c[15];
  CHECK(cudaMemcpyAsync(c, dc, sizeof c, cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  int wrong = 0;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 3; ++j) {
      float want = 0;
      for (int k = 0; k < 4; ++k)
        want += dense[i * 4 + k] * b[k * 3 + j];
      if (!(c[i * 3 + j] == want)) {
        std::printf("spmm: C[%d][%d] = %g, expected %g\n", i, j, c[i * 3 + j],
                    want);
        ++wrong;
      }
    }
  std::printf("spmm%s: nnz %lld, %s\n", poison ? " (poisoned C)" : "",
              static_cast<long long>(nnz), wrong ? "WRONG" : "ok");
  return wrong ? 1 : 0;
}

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "";
  if (!std::strcmp(which, "kernel"))
    return kernelCase();
  if (!std::strcmp(which, "cublaslt"))
    return cublasLtCase();
  if (!std::strcmp(which, "cusparse"))
    return cusparseCase();
  if (!std::strcmp(which, "spmm"))
    return spmmCase(false);
  if (!std::strcmp(which, "spmm-poison"))
    return spmmCase(true);
  std::fprintf(stderr, "usage: %s kernel|cublaslt|cusparse|spmm|spmm-poison\n",
               argv[0]);
  return 2;
}
