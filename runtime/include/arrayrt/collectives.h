/*===- arrayrt/collectives.h - Collectives of sharded programs ----*- C -*-===*\
|*                                                                            *|
|* What a program compiled from sharded arrays (upstream MLIR's `shard`       *|
|* dialect, lowered by arrayc's array-shard-to-arrayrt) calls to talk to the  *|
|* other processes of its grid: one process per grid position, started by     *|
|* `mpirun -np N` (or `srun`), N the number of positions in the grid. The     *|
|* CPU target's collectives are MPI's, the CUDA target's NCCL's (the         *|
|* `_device` forms below); these entry points live in                        *|
|* libarrayrt_mpi.a, which arrayc links (with the MPI library it was          *|
|* configured with) only into programs that call them.                        *|
|*                                                                            *|
|* Buffers are MLIR memref descriptors (`rank`, `descriptor`, as in io.h) of  *|
|* host memory, contiguous. `processes` is the grid's size: the first call    *|
|* initializes MPI and every call checks that the world has that many         *|
|* processes, stopping the program with a message naming `location` (the     *|
|* op's `file:line:col`, or NULL) otherwise. Errors stop the program with     *|
|* exit status 1; mpirun then ends the other processes.                       *|
|*                                                                            *|
|* Part of the C ABI of arrayrt.h.                                            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ARRAYRT_COLLECTIVES_H
#define ARRAYRT_COLLECTIVES_H

#include "arrayrt/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How arrayrt_all_reduce combines the processes' elements. */
typedef enum arrayrt_reduction_t {
  ARRAYRT_REDUCTION_SUM = 0,
  ARRAYRT_REDUCTION_PRODUCT = 1,
  ARRAYRT_REDUCTION_MIN = 2,
  ARRAYRT_REDUCTION_MAX = 3,
  ARRAYRT_REDUCTION_AND = 4, /* bitwise, logical for bool */
  ARRAYRT_REDUCTION_OR = 5,
  ARRAYRT_REDUCTION_XOR = 6
} arrayrt_reduction_t;

/* This process's position in the grid of `processes` (its MPI rank in
 * MPI_COMM_WORLD). */
int64_t arrayrt_process_index(int64_t processes, const char *location);

/* Combines the buffer element by element over all processes, in place:
 * afterwards every process holds the same result. float16 and bfloat16
 * have no MPI type: the program stops with an error for them. */
void arrayrt_all_reduce(int64_t rank, void *descriptor, arrayrt_dtype_t dtype,
                        int32_t reduction, int64_t processes,
                        const char *location);

/* Every process's `input` (all of the same shape) into `output`, whose
 * first dimension has one entry per process, in process order:
 * output[p] = input of process p. */
void arrayrt_all_gather(int64_t input_rank, void *input, int64_t output_rank,
                        void *output, arrayrt_dtype_t dtype,
                        int64_t processes, const char *location);

/* The device forms (the CUDA target): NCCL's ncclAllReduce (in place) and
 * ncclAllGather on device buffers, queued on `stream`. One NCCL
 * communicator for the program, one rank per MPI process, each on its own
 * GPU (the runtime takes the process's local rank modulo the GPUs it
 * sees, or ARRAYRT_DEVICE), made on the first collective with NCCL's id
 * broadcast from process 0 over MPI. NCCL (libnccl.so.2, or
 * ARRAYRT_NCCL_LIB) is loaded then. NCCL has no bitwise reductions and
 * no 16-bit integers: those stop the program with an error. */
void arrayrt_all_reduce_device(int64_t rank, void *descriptor,
                               arrayrt_dtype_t dtype, int32_t reduction,
                               int64_t processes, arrayrt_stream_t stream,
                               const char *location);
void arrayrt_all_gather_device(int64_t input_rank, void *input,
                               int64_t output_rank, void *output,
                               arrayrt_dtype_t dtype, int64_t processes,
                               arrayrt_stream_t stream, const char *location);

#ifdef __cplusplus
}
#endif

#endif /* ARRAYRT_COLLECTIVES_H */
