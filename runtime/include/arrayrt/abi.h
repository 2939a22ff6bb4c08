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
 *                       it), or FILE.npz, its member named after the
 *                       argument; a scalar or 0-d argument: a number of its
 *                       dtype (an integer in the dtype's range; a float,
 *                       inf, -inf or nan, rounded to nearest even; true,
 *                       false, 1 or 0 for i1), or, when it ends in .npy or
 *                       .npz or holds .npz:, a file of a 0-d array
 *     -o FILE           where the next result goes (.npy), one per result
 *     --outdir DIR      results go to DIR/<name>.npy (result0.npy, ...);
 *                       DIR is created when missing
 *     -h, --help        print @main's signature and these options to stdout
 *                       and return 0 without running anything
 *     --                only arguments follow
 *
 * Options may come anywhere before `--`; an ARG that starts with '-' and
 * reads as a number (-3, -inf) is an argument. A @main without arguments
 * takes none. Every argument is read and checked against the signature
 * (dtype exactly, rank, static sizes) before any work, and the results'
 * files are created (through temporaries, as arrayrt_save_npy writes) before
 * @main runs; a command line that asks what cannot be done (an unknown
 * option, the wrong count of arguments, a bad number, an argument's file
 * that cannot be read or does not match, an output that cannot be created)
 * exits with status 2 and one line, such as
 *   arrayrt: error: argument 1 'x' (x.npy): expected tensor<?x4xf32>,
 *   found float64 array of shape (3, 4)
 * Tensor arguments are loaded into device memory for an ARRAYRT_ABI_CUDA
 * @main, host memory otherwise. Results without a destination are printed
 * to stdout as NumPy prints them, in order. ARRAYRT_BENCH and the profiling
 * modes (arrayrt_run_program) run @main repeatedly on the same arguments;
 * the results are written once, after the last run. Failures after the
 * checks (out of memory, a run-time check, a write error) exit with status
 * 1, as every runtime error. Returns main's exit status (0). */
int arrayrt_run_main(const arrayrt_abi_function_t *main, int argc,
                     char **argv);

/*===----------------------------------------------------------------------===
 * Libraries: calls on DLPack tensors
 *===----------------------------------------------------------------------===*/

/* Error codes of arrayrt_abi_call (and of every generated C function). */
typedef enum arrayrt_abi_status {
  ARRAYRT_ABI_OK = 0,
  /* The caller's fault, found before the function runs: an argument or
   * result tensor that does not match the signature (dtype, rank, a static
   * size, device, layout) or is NULL, a NULL scalar pointer or result slot,
   * an unknown result mode. Also a result tensor (RESULTS_INTO) whose
   * dynamic sizes turn out, after the run, to differ from the result's. */
  ARRAYRT_ABI_INVALID_ARGUMENT = 1,
  /* An error while the function runs: a failed run-time check
   * (arrayrt_check_failed), a CUDA error, out of GPU or host memory, no
   * usable GPU or driver, a file the function reads. Anything the runtime
   * reports with `arrayrt: error:` outside a call. */
  ARRAYRT_ABI_RUNTIME_ERROR = 2,
  /* Anything else: a module table this runtime cannot read (NULL, another
   * ARRAYRT_ABI_VERSION, an index out of range, an unknown dtype), a result
   * from compiled code that is not the contiguous tensor its signature
   * says, an unexpected C++ exception. */
  ARRAYRT_ABI_INTERNAL_ERROR = 3
} arrayrt_abi_status_t;

/* How arrayrt_abi_call returns results. Results are contiguous row-major.
 */
typedef enum arrayrt_abi_result_mode {
  /* results[j] is a `DLManagedTensor **` that receives a new tensor whose
   * memory comes from the runtime's pool (the host allocator on the CPU
   * target): kDLCUDA device 0 (kDLCPU on the CPU target), byte_offset 0,
   * strides always given for ndim > 0; a 0-d tensor has NULL shape and
   * strides, and an empty one NULL data (as DLPack asks). Its deleter, which
   * any thread may call, frees the memory in stream order on the call's
   * stream (which must still exist then, or be NULL); an error there exits
   * as other runtime errors outside a call do. On failure every *results[j]
   * is NULL. */
  ARRAYRT_ABI_RESULTS_NEW = 0,
  /* results[j] is a `DLTensor *` the caller allocated, of the result's
   * dtype and shape, on the same device as the arguments, contiguous: the
   * result is written into it (on the call's stream). On the cuda target a
   * result the function allocates itself is computed directly in the
   * tensor when that tensor has the result's shape, starts 256-byte
   * aligned and overlaps no argument and no other result tensor
   * (arrayrt_abi_result_alloc); any other result is computed in a pool
   * block, copied into the tensor and freed in stream order. Checked like
   * an argument before the run, and its shape against the result's after
   * it: a mismatch is an error. After a failed call the result tensors'
   * contents are unspecified (one computed in place may have been
   * written). The destination may be an argument (in place; then it is
   * copied). */
  ARRAYRT_ABI_RESULTS_INTO = 1
} arrayrt_abi_result_mode_t;

/* Calls `module->functions[index]`. args[i] is a `const DLTensor *` for a
 * tensor argument, or points at a scalar argument's value as
 * arrayrt_abi_packed_t says (passed through). Every argument (and in mode
 * RESULTS_INTO every result tensor) is checked before anything runs:
 *   - dtype exactly, one lane: bool is DLPack's kDLBool (code 6, 8 bits,
 *     what NumPy and PyTorch send), bfloat16 kDLBfloat 16, float16 kDLFloat
 *     16, and so on; ndim is the rank; every static size matches and no
 *     size is negative;
 *   - the device: GPU memory for a cuda module, kDLCUDA on device 0 (the
 *     runtime runs in device 0's primary context) or kDLCUDAManaged; host
 *     memory for a cpu module, kDLCPU or kDLCUDAHost;
 *   - the layout: row-major contiguous, which NULL strides mean; strides of
 *     dimensions of size 1 are ignored, and so are an empty tensor's data
 *     and strides; data + byte_offset (where the tensor starts, used in
 *     place) is aligned to the element size.
 * A mismatch is ARRAYRT_ABI_INVALID_ARGUMENT with a message that names the
 * function and the argument and says what was expected and what was found:
 *   softmax: argument 0 'x': expected a tensor<?x4xf32> (float32, 2-d, ? x
 *   4), found float16 of shape (8, 3) on cuda:0
 * `stream` (a CUstream/cudaStream_t; NULL is the legacy default stream) is
 * where all the call's GPU work is queued (arrayrt_default_stream returns it
 * on this thread while the function runs); the call does not wait for it.
 * A cpu module ignores it. Returns ARRAYRT_ABI_OK, or an error code with the
 * message for arrayrt_abi_last_error; no error inside the call prints or
 * exits. After a runtime error, memory the compiled function had allocated
 * when the error struck is not freed; the results the call made are. A
 * result whose buffer compiled code shares with an argument or another
 * result is copied. Thread-safe; each thread has its own last error. */
int32_t arrayrt_abi_call(const arrayrt_abi_module_t *module, int32_t index,
                         void *const *args, void *const *results, int32_t mode,
                         void *stream);

/* The message of this thread's last failed arrayrt_abi_call or
 * arrayrt_abi_stream_wait, "" if none has failed. A successful call does
 * not clear it: read it only after an error code. Each message starts with
 * the function's name (`arrayrt_abi_call: ` while the function is not
 * known, `arrayrt_abi_stream_wait: `). Valid until the thread's next
 * failed call or its end. */
const char *arrayrt_abi_last_error(void);

/* Makes work queued on `waiter` from now on wait for the work queued on
 * `stream` so far, without a host wait (for DLPack's stream handshake); a
 * no-op when they are the same stream. Returns an arrayrt_abi_status_t
 * (ARRAYRT_ABI_RUNTIME_ERROR on a CUDA error or without a usable driver,
 * with the message for arrayrt_abi_last_error). */
int32_t arrayrt_abi_stream_wait(void *waiter, void *stream);

/* Called by compiled library functions (arrayrt.result_alloc): the buffer
 * for result `result`, `rank` sizes `sizes` of `element_bytes`-byte
 * elements, on `stream`. Inside an arrayrt_abi_call in mode RESULTS_INTO
 * whose result tensor `result` can be written in place (see
 * ARRAYRT_ABI_RESULTS_INTO; `stream` must be the call's stream), that
 * tensor's memory, once per call; otherwise arrayrt_alloc's. */
void *arrayrt_abi_result_alloc(int32_t result, int32_t rank,
                               const int64_t *sizes, int64_t element_bytes,
                               void *stream);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ARRAYRT_ABI_H */
