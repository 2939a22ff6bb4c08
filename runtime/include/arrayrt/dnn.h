/*===- arrayrt/dnn.h - Fused attention (cuDNN) --------------------*- C -*-===*\
|*                                                                            *|
|* arrayrt_attention: scaled dot-product attention fused into one cuDNN       *|
|* graph, loaded at run time. Its flag values are in arrayrt/types.h.         *|
|*                                                                            *|
|* Part of the C ABI of arrayrt.h, which includes every part and says how     *|
|* errors, threads and NULL streams behave for all of them.                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ARRAYRT_DNN_H
#define ARRAYRT_DNN_H

#include "arrayrt/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===
 * Attention (cuDNN)
 *
 * The first call dlopens cuDNN 9 ("libcudnn.so.9", else
 * /usr/local/cuda/lib64/libcudnn.so.9; ARRAYRT_CUDNN_LIB names another)
 * and creates one cuDNN handle and one non-blocking stream for all calls.
 * Each distinct problem (dtype, flags, sizes and strides of the four
 * operands) gets its cuDNN operation graph and up to 8 execution plans from
 * cuDNN's heuristic (mode A) once; its first call times each plan (one
 * untimed run, then back-to-back runs for about 2 ms, 3 to 50 of them, on
 * its own operands) and every call uses the fastest
 * (ARRAYRT_ATTENTION_AUTOTUNE=0: the heuristic's first that cuDNN could
 * build, untimed). Workspaces come from the memory pool, one per stream,
 * kept and grown to the largest plan run on it.
 *===----------------------------------------------------------------------===*/

/* out = softmax(mask(scale * q @ k^T)) @ v, the softmax along the last
 * axis, for every matrix of the batch, on the GPU with cuDNN's fused
 * attention (cudnnBackendExecute).
 *
 * Operands are MLIR strided memref descriptors of device memory (as for
 * arrayrt_matmul: `(rank, descriptor)` of an unranked memref), all four of
 * the same rank (at least 2) and the same batch dimensions (all but the
 * last two): q is [..., Sq, D], k is [..., Sk, D] (with
 * ARRAYRT_ATTENTION_K_TRANSPOSED: [..., D, Sk], k^T itself), v is
 * [..., Sk, Dv] and out [..., Sq, Dv]. The last dimension of q, v and out,
 * and k's D dimension (with K_TRANSPOSED too: k^T as a transposed view of
 * a row-major k, not a packed [..., D, Sk] array), must have unit stride;
 * up to two batch dimensions take any strides, more must flatten to one
 * stride apart from the last. D and Dv are multiples of 8, at most 256; every
 * operand starts at a 16-byte aligned address. `dtype` is ARRAYRT_DTYPE_F16
 * or ARRAYRT_DTYPE_BF16, the element type of all four; products accumulate
 * and the softmax is computed in float32. With ARRAYRT_ATTENTION_CAUSAL the
 * score of query row i and key column j is -inf before the softmax when
 * j > i (the diagonal starts at the top left, also when Sq != Sk).
 *
 * With Sk = 0 each output row is the softmax of an empty row, NaN (as in
 * NumPy), and cuDNN is not called; with no output elements nothing is done.
 *
 * `location` (an op's `file:line:col`, or NULL) starts every error
 * message, e.g.
 *   arrayrt: error: prog.mlir:4:8: attention: cudnnBackendFinalize
 *   (operation graph) failed: CUDNN_STATUS_NOT_SUPPORTED (<cuDNN's text>)
 * (one line); shapes that disagree, layouts or sizes cuDNN cannot take, no
 * engine for the problem, or no cuDNN library are errors too.
 *
 * The attention is queued on `stream`, after the work queued there before,
 * and the call returns without waiting for it. With a NULL `stream` it
 * goes on the runtime's own stream and the call returns once it has
 * completed. The first call for a problem waits for its stream while it
 * times the candidate plans (ARRAYRT_ATTENTION_AUTOTUNE=0: no timing). */
void arrayrt_attention(int64_t q_rank, void *q, int64_t k_rank, void *k,
                       int64_t v_rank, void *v, int64_t out_rank, void *out,
                       int32_t dtype, int32_t flags, double scale,
                       const char *location, arrayrt_stream_t stream);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ARRAYRT_DNN_H */
