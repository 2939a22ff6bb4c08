/*===- arrayrt/types.h - Types shared by the C ABI ----------------*- C -*-===*\
|*                                                                            *|
|* The opaque handles, the element type codes (arrayrt_dtype_t) and the other *|
|* enumerations whose values compiled code passes as constants. Their values  *|
|* are part of the ABI and never change; the compiler includes this header to *|
|* take them. Plain C: it includes only <stdbool.h>, <stddef.h> and           *|
|* <stdint.h>.                                                                *|
|*                                                                            *|
|* Part of the C ABI of arrayrt.h, which includes every part and says how     *|
|* errors, threads and NULL streams behave for all of them.                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ARRAYRT_TYPES_H
#define ARRAYRT_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===
 * Handles
 *===----------------------------------------------------------------------===*/

/* Opaque handles; each is the driver's own handle (CUmodule, ...). */
typedef struct arrayrt_module *arrayrt_module_t;
typedef struct arrayrt_function *arrayrt_function_t;
typedef struct arrayrt_stream *arrayrt_stream_t;
typedef struct arrayrt_event *arrayrt_event_t;

/* A CSR matrix of the sparse entry points (arrayrt/sparse.h says what the
 * handle holds). */
typedef struct arrayrt_csr *arrayrt_csr_t;

/*===----------------------------------------------------------------------===
 * Element types
 *===----------------------------------------------------------------------===*/

/* Element types of the .npy entry points, with the descr each is stored as.
 * The values are part of the ABI: compiled code passes them as constants. */
typedef enum arrayrt_dtype {
  ARRAYRT_DTYPE_I1 = 0,    /* bool, one byte 0 or 1: '|b1' */
  ARRAYRT_DTYPE_I8 = 1,    /* '|i1' */
  ARRAYRT_DTYPE_I16 = 2,   /* '<i2' */
  ARRAYRT_DTYPE_I32 = 3,   /* '<i4' */
  ARRAYRT_DTYPE_I64 = 4,   /* '<i8' */
  ARRAYRT_DTYPE_UI8 = 5,   /* '|u1' */
  ARRAYRT_DTYPE_UI16 = 6,  /* '<u2' */
  ARRAYRT_DTYPE_UI32 = 7,  /* '<u4' */
  ARRAYRT_DTYPE_UI64 = 8,  /* '<u8' */
  ARRAYRT_DTYPE_F16 = 9,   /* '<f2' */
  ARRAYRT_DTYPE_BF16 = 10, /* '<V2', as np.save writes ml_dtypes.bfloat16
                              (NumPy sees a 2-byte void: view the array
                              np.load returns as ml_dtypes.bfloat16); '|V2'
                              reads too */
  ARRAYRT_DTYPE_F32 = 11,  /* '<f4' */
  ARRAYRT_DTYPE_F64 = 12   /* '<f8' */
} arrayrt_dtype_t;

/*===----------------------------------------------------------------------===
 * Matrix products (arrayrt_matmul, arrayrt/blas.h)
 *===----------------------------------------------------------------------===*/

/* The epilogue applied to alpha * lhs @ rhs (+ beta * out) before it is
 * stored. Values are part of the ABI: compiled code passes them as
 * constants. The *_BIAS forms first add a bias vector along the last
 * dimension of `out` (broadcast over its rows and batches). GELU is the tanh
 * approximation, 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), as
 * cuBLASLt computes it. */
typedef enum arrayrt_matmul_epilogue {
  ARRAYRT_MATMUL_DEFAULT = 0,
  ARRAYRT_MATMUL_RELU = 1,
  ARRAYRT_MATMUL_GELU = 2,
  ARRAYRT_MATMUL_BIAS = 3,
  ARRAYRT_MATMUL_RELU_BIAS = 4,
  ARRAYRT_MATMUL_GELU_BIAS = 5
} arrayrt_matmul_epilogue_t;

/* Flags of arrayrt_matmul (or-ed). */
enum {
  ARRAYRT_MATMUL_TRANSPOSE_LHS = 1, /* lhs holds [..., K, M] */
  ARRAYRT_MATMUL_TRANSPOSE_RHS = 2, /* rhs holds [..., N, K] */
  ARRAYRT_MATMUL_TF32 = 4, /* float32 inputs rounded to TF32 on tensor cores */
  ARRAYRT_MATMUL_HOST = 8  /* host memory, the CPU's BLAS (the CPU target) */
};

/*===----------------------------------------------------------------------===
 * Attention (arrayrt_attention, arrayrt/dnn.h)
 *===----------------------------------------------------------------------===*/

/* Flags of arrayrt_attention (or-ed). */
enum {
  ARRAYRT_ATTENTION_CAUSAL = 1, /* score (i, j) kept only where j <= i */
  ARRAYRT_ATTENTION_K_TRANSPOSED = 2 /* k holds [..., D, Sk], k^T itself */
};

/*===----------------------------------------------------------------------===
 * Matrix Market files (arrayrt_load_mtx, arrayrt/io.h)
 *===----------------------------------------------------------------------===*/

/* The part of the entries arrayrt_load_mtx writes. */
enum { ARRAYRT_MTX_COORDINATES = 0, ARRAYRT_MTX_VALUES = 1 };

/*===----------------------------------------------------------------------===
 * Memref descriptors
 *===----------------------------------------------------------------------===*/

/* An unranked memref as MLIR passes it: the rank and a pointer to the
 * ranked descriptor
 *   { T *allocated; T *aligned; int64_t offset;
 *     int64_t sizes[rank]; int64_t strides[rank]; }. */
typedef struct {
  int64_t rank;
  void *descriptor;
} arrayrt_unranked_memref_t;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ARRAYRT_TYPES_H */
