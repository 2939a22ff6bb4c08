/*===- arrayrt/abi.h - Compiled functions called on the caller's arrays -*- C -*-===*\
|*                                                                            *|
|* How an executable's `func.func @main` takes its arguments from the command *|
|* line, and how a shared library's public functions are called on DLPack    *|
|* tensors. arrayc emits, for every exported function, a signature table     *|
|* (arrayrt_abi_function_t) and a packed entry point; the runtime does the    *|
|* rest: checking arguments against the signature, turning DLTensors into     *|
|* memref descriptors, running on the caller's stream, handing results back.  *|
|* docs/abi.md is the user's description of the library ABI.                  *|
|*                                                                            *|
|* Part of the C ABI of arrayrt.h. Unlike the other entry points, the         *|
|* library calls here (arrayrt_abi_call) return an error code instead of      *|
|* exiting: every runtime error inside the call becomes that code and a       *|
|* message (arrayrt_abi_last_error).                                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ARRAYRT_ABI_H
#define ARRAYRT_ABI_H

#include "arrayrt/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===
 * What arrayc emits per exported function
 *===----------------------------------------------------------------------===*/

/* The version of the layout of the tables below; arrayc writes it into
 * every arrayrt_abi_module_t and the runtime refuses another. */
#define ARRAYRT_ABI_VERSION 1

/* One argument or result of an exported function. */
typedef struct arrayrt_abi_value {
  const char *name;     /* the argument's SSA name in the source ("x"), else
                           "arg<i>"; "result<i>" for results */
  int32_t dtype;        /* arrayrt_dtype_t */
  int32_t rank;         /* ARRAYRT_ABI_SCALAR: a scalar passed by value;
                           else a tensor of this rank */
  const int64_t *shape; /* `rank` sizes, ARRAYRT_ABI_DYNAMIC where the
                           signature has `?`; NULL when rank <= 0 */
} arrayrt_abi_value_t;

enum { ARRAYRT_ABI_SCALAR = -1 };
#define ARRAYRT_ABI_DYNAMIC ((int64_t)-1)

/* A ranked memref descriptor as compiled code passes it, for rank r, is
 *   struct { void *allocated; void *aligned; int64_t offset;
 *            int64_t sizes[r]; int64_t strides[r]; }
 * (sizes and strides in elements): `allocated` is what the allocator
 * returned (what a free takes), `aligned + offset` the first element. */

/* The packed entry point arrayc emits for an exported function. args[i]
 * points at argument i: a tensor's memref descriptor (row-major contiguous
 * strides), or a scalar's value (a 1-byte bool, an int of the dtype's
 * width, a float, a double; f16 and bf16 as their 16 bits). results[j]
 * points at storage for result j's memref descriptor, which the call fills;
 * its buffer (`allocated`) belongs to the caller, who frees it with
 * arrayrt_free on a cuda target, _mlir_memref_to_llvm_free on a cpu one. */
typedef void (*arrayrt_abi_packed_t)(void **args, void **results);

/* Flags of arrayrt_abi_function_t. */
enum {
  /* Tensors live in GPU memory (the cuda target); else in host memory. */
  ARRAYRT_ABI_CUDA = 1,
  /* The function returns with its GPU work queued on the default stream
   * (arrayrt_default_stream, the caller's stream inside arrayrt_abi_call),
   * not finished: exported library functions. Without it (an executable's
   * @main) the function has finished its device work when it returns. */
  ARRAYRT_ABI_STREAM_ORDERED = 2
};

/* An exported function: its signature and its packed entry point. */
typedef struct arrayrt_abi_function {
  const char *name;     /* the func.func's symbol name */
  const char *location; /* its source location, "prog.mlir:12:1" */
  int32_t flags;        /* ARRAYRT_ABI_* */
  int32_t num_args;
  int32_t num_results;
  const arrayrt_abi_value_t *args;
  const arrayrt_abi_value_t *results;
  arrayrt_abi_packed_t packed;
} arrayrt_abi_function_t;

/* All exported functions of a shared library, in the order of the source. */
typedef struct arrayrt_abi_module {
  int32_t abi_version; /* ARRAYRT_ABI_VERSION */
  int32_t num_functions;
  const arrayrt_abi_function_t *functions;
  const char *prefix; /* the C names' prefix: <prefix>_<function> */
} arrayrt_abi_module_t;

/*===----------------------------------------------------------------------===
 * Executables: @main with arguments and results
 *===----------------------------------------------------------------------===*/

/* The C main of an executable (libarrayrt_main.a) calls this with @main's
 * table. The command line gives @main's arguments in order and says where
 * its results go:
 *
 *   prog [options] ARG...
 *     ARG               a tensor argument: a .npy file, or FILE.npz:NAME,
 *                       the member NAME of an .npz archive (NAME.npy inside
 *                       it); a scalar or 0-d argument: a number (also
 *                       true/false, inf, nan), or a .npy/.npz file
 *     -o FILE           where the next result goes (.npy), one per result
 *     --outdir DIR      results go to DIR/<name>.npy (result0.npy, ...)
 *     -h, --help        print @main's signature and these options
 *     --                only arguments follow
 *
 * Every argument is read and checked against the signature (dtype exactly,
 * rank, static sizes) before any work; a mismatch exits with status 2 and one line naming the argument,
 * what was expected and what was found. Results without a destination are
 * printed to stdout as NumPy prints them. ARRAYRT_BENCH and the profiling
 * modes (arrayrt_run_program) run @main repeatedly on the same arguments;
 * the results are written once, after the last run. Returns main's exit
 * status. */
int arrayrt_run_main(const arrayrt_abi_function_t *main, int argc,
                     char **argv);

/*===----------------------------------------------------------------------===
 * Libraries: calls on DLPack tensors
 *===----------------------------------------------------------------------===*/

/* Error codes of arrayrt_abi_call (and of every generated C function). */
typedef enum arrayrt_abi_status {
  ARRAYRT_ABI_OK = 0,
  ARRAYRT_ABI_INVALID_ARGUMENT = 1, /* an argument or result tensor does not
                                       match the signature (or is NULL) */
  ARRAYRT_ABI_RUNTIME_ERROR = 2,    /* a run-time check, a CUDA error, out of
                                       memory, a file the function reads */
  ARRAYRT_ABI_INTERNAL_ERROR = 3    /* anything else */
} arrayrt_abi_status_t;

/* How arrayrt_abi_call returns results. */
typedef enum arrayrt_abi_result_mode {
  /* results[j] is a `DLManagedTensor **` that receives a new tensor whose
   * memory comes from the runtime's pool (the host allocator on the CPU
   * target); its deleter frees it in stream order on the call's stream. */
  ARRAYRT_ABI_RESULTS_NEW = 0,
  /* results[j] is a `DLTensor *` the caller allocated, of the result's
   * dtype and shape, on the same device as the arguments, contiguous: the
   * result is written into it (on the call's stream). */
  ARRAYRT_ABI_RESULTS_INTO = 1
} arrayrt_abi_result_mode_t;

/* Calls `module->functions[index]`. args[i] is a `const DLTensor *` for a
 * tensor argument (data used in place: on the GPU for a cuda module, kDLCUDA
 * or kDLCUDAManaged; host memory for a cpu module, kDLCPU or kDLCUDAHost),
 * or points at a scalar argument's value as arrayrt_abi_packed_t says.
 * `stream` (a CUstream/cudaStream_t; NULL is the legacy default stream) is
 * where all the call's GPU work is queued; the call does not wait for it.
 * Returns ARRAYRT_ABI_OK, or an error code with the message for
 * arrayrt_abi_last_error. Thread-safe; each thread has its own last error. */
int32_t arrayrt_abi_call(const arrayrt_abi_module_t *module, int32_t index,
                         void *const *args, void *const *results,
                         int32_t mode, void *stream);

/* The message of this thread's last failed call, "" if none. Valid until
 * the thread's next call. */
const char *arrayrt_abi_last_error(void);

/* Makes work queued on `waiter` from now on wait for the work queued on
 * `stream` so far, without a host wait (for DLPack's stream handshake).
 * Returns an arrayrt_abi_status_t. */
int32_t arrayrt_abi_stream_wait(void *waiter, void *stream);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ARRAYRT_ABI_H */
