/*===- arrayrt/host_memory.h - Host memory of programs ------------*- C -*-===*\
|*                                                                            *|
|* The allocation functions of MLIR's generic memref lowering, which the CPU  *|
|* target's buffers use, the error of an allocation whose sizes are invalid,  *|
|* and memrefCopy, the strided host copy.                                     *|
|*                                                                            *|
|* Part of the C ABI of arrayrt.h, which includes every part and says how     *|
|* errors, threads and NULL streams behave for all of them.                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ARRAYRT_HOST_MEMORY_H
#define ARRAYRT_HOST_MEMORY_H

#include "arrayrt/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===
 * Host memory of compiled programs
 *===----------------------------------------------------------------------===*/

/* Compiled code calls this when an allocation's run-time sizes are invalid
 * (array-check-allocations): a size is negative, or the byte count,
 * element_bytes times every size, does not fit in a signed 64-bit integer.
 *   label      "array.full @ prog.mlir:3:8" (NULL: none);
 *   element    the element type's name ("float32");
 *   sizes      the `rank` sizes of the shape.
 * Prints `arrayrt: error: <location>: <op>: cannot allocate an array of
 * shape [<sizes>] of <element> (<n> bytes each): <reason>` and exits with
 * status 1. Never returns. */
void arrayrt_bad_allocation(const char *label, const char *element,
                            int64_t element_bytes, int64_t rank,
                            const int64_t *sizes);

/* The allocation functions of MLIR's generic memref lowering
 * (finalize-memref-to-llvm{use-generic-functions}), which the CPU target's
 * buffers use: malloc and free, except that a request larger than the
 * limit, or that malloc cannot satisfy, stops the program with the op
 * (arrayrt_set_op, which compiled code calls before each host allocation),
 * the size and the limit:
 *   arrayrt: error: <location>: <op>: out of host memory: cannot
 *   allocate <size>; the limit is <limit> (this machine's memory (RAM and
 *   swap))
 * The limit is the smallest of the machine's RAM and swap, the cgroup's
 * memory limit and ulimit -v / -d, or ARRAYRT_HOST_MEMORY_LIMIT when set
 * (bytes with an optional K/M/G/T suffix, or a percentage of the machine's
 * RAM, as ARRAYRT_GPU_MEMORY_LIMIT); the file readers check the sizes a
 * file declares against the same limit. */
void *_mlir_memref_to_llvm_alloc(size_t size);
void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size);
void _mlir_memref_to_llvm_free(void *ptr);

/* memref.copy between host buffers that are not both contiguous, as
 * finalize-memref-to-llvm calls it (upstream defines it in
 * libmlir_c_runner_utils, which compiled programs do not link): copies
 * every element of `source` to the same index of `target` (same shape;
 * any strides, zero and negative included). */
void memrefCopy(int64_t element_bytes, const arrayrt_unranked_memref_t *source,
                const arrayrt_unranked_memref_t *target);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ARRAYRT_HOST_MEMORY_H */
