/*===- arrayrt/blas.h - Matrix products (cuBLASLt) ----------------*- C -*-===*\
|*                                                                            *|
|* arrayrt_matmul: dense products through cuBLASLt, loaded at run time. Its   *|
|* epilogue and flag values are in arrayrt/types.h.                           *|
|*                                                                            *|
|* Part of the C ABI of arrayrt.h, which includes every part and says how     *|
|* errors, threads and NULL streams behave for all of them.                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ARRAYRT_BLAS_H
#define ARRAYRT_BLAS_H

#include "arrayrt/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===
 * Matrix products (cuBLASLt)
 *
 * The first call dlopens cuBLASLt ("libcublasLt.so.13", else
 * "libcublasLt.so.12", else either in /usr/local/cuda/lib64;
 * ARRAYRT_CUBLASLT_LIB names another), creates one
 * cublasLt handle and one non-blocking stream for all products, and takes
 * a 32 MiB workspace from the memory pool. Each distinct problem (dtype,
 * sizes, leading dimensions, batch strides, transposes, epilogue, flags,
 * pointer alignments) gets its matmul and layout descriptors and up to 16
 * algorithms from cuBLASLt's heuristic once; its first call times each of
 * them (one untimed run, then back-to-back runs for about 2 ms, 3 to 50 of
 * them, on its own operands; with beta != 0 into a scratch output) and
 * every call uses the fastest (ARRAYRT_MATMUL_AUTOTUNE=0: the heuristic's
 * first, untimed).
 *===----------------------------------------------------------------------===*/

/* out = epilogue(alpha * op(lhs) @ op(rhs) + beta * out), with NumPy's
 * matmul rules for the batch dimensions, on the GPU with cublasLtMatmul.
 *
 * Operands are MLIR strided memref descriptors of device memory (as for
 * printing: `(rank, descriptor)` of an unranked memref, rank >= 2). op(lhs)
 * is [..., M, K] and op(rhs) [..., K, N]: lhs itself, or, with the TRANSPOSE
 * flag, lhs with its last two dimensions swapped (likewise rhs); `out` is
 * [..., M, N]. Each matrix may be row-major or column-major in memory (a
 * unit stride in either of its last two dimensions: transposed views need
 * no copy); `out` must be row-major. The batch dimensions of an operand
 * either equal out's (and flatten to one stride) or hold a single matrix,
 * which every batch uses (stride 0). `bias` (bias_rank 0 and NULL: none;
 * required by the *_BIAS epilogues) is a contiguous vector of N elements
 * (any leading dimensions of size 1). `dtype` is ARRAYRT_DTYPE_F16, _BF16,
 * _F32 or _F64, the element type of every operand; float16 and bfloat16
 * accumulate in float32, float32 in float32 (TF32 tensor cores only with
 * ARRAYRT_MATMUL_TF32), float64 in float64. `location` (an op's
 * `file:line:col`, or NULL) starts every error message, e.g.
 *   arrayrt: error: prog.mlir:4:8: cublasLtMatmul failed:
 *   CUBLAS_STATUS_INVALID_VALUE (an invalid value was used as an argument)
 * (one line); shapes that disagree, layouts cuBLASLt cannot read, or no
 * cuBLASLt library are errors too.
 *
 * `out` is read only when beta is not 0 (cuBLASLt's C, the same matrix as
 * D); the epilogue applies after adding beta * out and the bias.
 *
 * The product is queued on `stream`, after the work queued there before,
 * and the call returns without waiting for it (compiled code passes the
 * stream the op belongs on, and orders other streams after it with events
 * like any kernel). With a NULL `stream` it goes on the runtime's own
 * stream and the call returns once the product has completed. The first
 * call for a problem shape waits for its stream while it times the
 * candidate algorithms (ARRAYRT_MATMUL_AUTOTUNE=0: no timing). */
void arrayrt_matmul(int64_t lhs_rank, void *lhs, int64_t rhs_rank, void *rhs,
                    int64_t bias_rank, void *bias, int64_t out_rank, void *out,
                    int32_t dtype, int32_t epilogue, int32_t flags,
                    double alpha, double beta, const char *location,
                    arrayrt_stream_t stream);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ARRAYRT_BLAS_H */
