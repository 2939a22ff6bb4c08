/*===- arrayrt/sparse.h - Sparse matrices (cuSPARSE) --------------*- C -*-===*\
|*                                                                            *|
|* CSR matrices in device memory and their products through cuSPARSE, loaded  *|
|* at run time, and the arrayrt_csr_* calls of compiled programs. The handle  *|
|* type, arrayrt_csr_t, is in arrayrt/types.h.                                *|
|*                                                                            *|
|* Part of the C ABI of arrayrt.h, which includes every part and says how     *|
|* errors, threads and NULL streams behave for all of them.                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ARRAYRT_SPARSE_H
#define ARRAYRT_SPARSE_H

#include "arrayrt/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===
 * Sparse matrix products (cuSPARSE's generic API)
 *
 * cuSPARSE is loaded at run time like the driver: ARRAYRT_CUSPARSE_LIB, else
 * libcusparse.so.12 (the loader's path, then /usr/local/cuda/lib64). A
 * failed cuSPARSE call exits with one line naming the call, cuSPARSE's
 * message and, when given, the op's `file:line:col`:
 *   arrayrt: error: prog.mlir:9:8: cusparseSpMV failed: <message>
 *===----------------------------------------------------------------------===*/

/* A CSR matrix in device memory: `rows + 1` row offsets and `nnz` column
 * indices (`index_bits` 32 or 64, zero-based) and `nnz` values of `dtype`
 * (ARRAYRT_DTYPE_F32 or ARRAYRT_DTYPE_F64). The arrays stay the caller's
 * and must outlive the handle. The handle keeps the cuSPARSE descriptor,
 * the dense descriptors of its last SpMV and SpMM operands and their work
 * buffers (from the memory pool): products after the first create
 * nothing. */
arrayrt_csr_t arrayrt_csr_create(int64_t rows, int64_t cols, int64_t nnz,
                                 void *row_offsets, void *col_indices,
                                 void *values, int32_t index_bits,
                                 int32_t dtype, const char *location);
void arrayrt_csr_destroy(arrayrt_csr_t matrix);

/* y = alpha * (A @ x) + beta * y on `stream`; x has `cols` and y `rows`
 * elements of A's dtype, in device memory. y is not read when beta is 0. */
void arrayrt_spmv(arrayrt_csr_t a, const void *x, void *y, double alpha,
                  double beta, arrayrt_stream_t stream, const char *location);

/* C = alpha * (A @ B) + beta * C on `stream`, B (`cols` x n) and C
 * (`rows` x n) row-major (C order) in device memory. */
void arrayrt_spmm(arrayrt_csr_t a, const void *b, int64_t n, void *c,
                  double alpha, double beta, arrayrt_stream_t stream,
                  const char *location);

/* CSR matrices of compiled programs (array-gpu-sparse's ops). Buffers are
 * `(rank, descriptor)` pairs of MLIR memref descriptors in device memory,
 * contiguous and row-major; `dtype` is ARRAYRT_DTYPE_F32 or
 * ARRAYRT_DTYPE_F64 and `index_bits` 32 or 64. Each checks its operands'
 * ranks and sizes before any GPU work and stops with the op's location on
 * a mismatch, as in
 *   arrayrt: error: prog.mlir:5:8: array.spmv: a 4 x 6 matrix times a
 *   vector of 5 elements into one of 4
 * A matrix may have no rows or no columns (its handle has no cuSPARSE
 * descriptor; every operation computes such results itself). Work is queued on
 * `stream`; the creations wait for it where the host needs a count. */

/* The nonzeros of a dense matrix (cuSPARSE DenseToSparse): the host waits
 * for their count; the arrays come from the pool and the handle owns them. */
arrayrt_csr_t arrayrt_csr_from_dense(int64_t rank, void *dense,
                                     int32_t index_bits, int32_t dtype,
                                     const char *location,
                                     arrayrt_stream_t stream);

/* A CSR matrix over `indptr` (rows + 1 offsets), `indices` and `data`
 * (borrowed: they must outlive the handle), after reading back indptr[0]
 * (must be 0) and indptr[rows] (must equal data's size). */
arrayrt_csr_t arrayrt_csr_from_arrays(int64_t indptr_rank, void *indptr,
                                      int64_t indices_rank, void *indices,
                                      int64_t data_rank, void *data,
                                      int64_t rows, int64_t cols,
                                      int32_t index_bits, int32_t dtype,
                                      const char *location,
                                      arrayrt_stream_t stream);

/* A Matrix Market file read on the host (see arrayrt_load_mtx), its CSR
 * arrays copied to device memory the handle owns. */
arrayrt_csr_t arrayrt_csr_load_mtx(const char *path, int32_t index_bits,
                                   int32_t dtype, const char *location,
                                   arrayrt_stream_t stream);

/* A @ B (cuSPARSE SpGEMM: entries wherever some product contributes, a
 * sum that cancels to 0.0 kept) into a new handle that owns its arrays;
 * the host waits for the result's count. A's columns must be B's rows,
 * with one dtype and index width. */
arrayrt_csr_t arrayrt_csr_spgemm(arrayrt_csr_t a, arrayrt_csr_t b,
                                 const char *location, arrayrt_stream_t stream);

/* A's transpose (cuSPARSE csr2csc: the CSC arrays of A are the CSR arrays
 * of its transpose) into a new handle that owns its arrays; 32-bit indices
 * (cuSPARSE's csr2csc takes no others). */
arrayrt_csr_t arrayrt_csr_transpose(arrayrt_csr_t a, const char *location,
                                    arrayrt_stream_t stream);

/* The sampled product (cuSPARSE SDDMM) into a new handle with S's pattern
 * (its row offsets and column indices copied): the value at each stored
 * (i, j) is alpha * (A @ B)[i, j] + beta * S[i, j]. A is rows x K and B
 * K x cols, row-major, of S's dtype; S's values are read only when beta is
 * not 0. */
arrayrt_csr_t arrayrt_csr_sddmm(arrayrt_csr_t s, int64_t a_rank, void *a,
                                int64_t b_rank, void *b, double alpha,
                                double beta, int32_t dtype,
                                const char *location, arrayrt_stream_t stream);

/* A + B and alpha * A (cuSPARSE csrgeam2; for the scaling, B is an empty
 * matrix) into new handles that own their arrays: the union of the stored
 * coordinates, a sum that cancels to 0.0 kept. One size, element type and
 * 32-bit indices (csrgeam2 takes no others); the host waits for the
 * result's count. */
arrayrt_csr_t arrayrt_csr_add(arrayrt_csr_t a, arrayrt_csr_t b,
                              const char *location, arrayrt_stream_t stream);
arrayrt_csr_t arrayrt_csr_scale(arrayrt_csr_t a, double alpha,
                                const char *location, arrayrt_stream_t stream);

/* The number of stored elements (known on the host). */
int64_t arrayrt_csr_nnz(arrayrt_csr_t a);

/* y = alpha * (A @ x) + beta * y and C = alpha * (A @ B) + beta * C
 * through arrayrt_spmv / arrayrt_spmm, after checking the sizes. */
void arrayrt_csr_spmv(arrayrt_csr_t a, int64_t x_rank, void *x, int64_t y_rank,
                      void *y, double alpha, double beta, int32_t dtype,
                      const char *location, arrayrt_stream_t stream);
void arrayrt_csr_spmm(arrayrt_csr_t a, int64_t b_rank, void *b, int64_t c_rank,
                      void *c, double alpha, double beta, int32_t dtype,
                      const char *location, arrayrt_stream_t stream);

/* Writes every element of the rows x cols matrix `dense` (cuSPARSE
 * SparseToDense). */
void arrayrt_csr_to_dense(arrayrt_csr_t a, int64_t rank, void *dense,
                          int32_t dtype, const char *location,
                          arrayrt_stream_t stream);

/* arrayrt_csr_destroy, freeing what the handle owns after the work queued
 * on `stream`. NULL is a no-op. */
void arrayrt_csr_release(arrayrt_csr_t a, arrayrt_stream_t stream);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ARRAYRT_SPARSE_H */
