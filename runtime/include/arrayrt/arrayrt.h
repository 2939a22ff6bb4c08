/*===- arrayrt.h - The Arrayc runtime's C ABI ---------------------*- C -*-===*\
|*                                                                            *|
|* Programs compiled by arrayc link this runtime statically. It loads the     *|
|* CUDA driver (libcuda.so.1) with dlopen on first use, so it links no CUDA   *|
|* library and programs built for the CPU never need a GPU.                   *|
|*                                                                            *|
|* Errors: every CUDA status is checked. On failure the runtime prints one    *|
|* line, `arrayrt: error: <location>: <call> failed: <CUDA_ERROR_NAME>        *|
|* (<description>)`, to stderr, flushes stdout, and exits with status 1.      *|
|* <location> is the source location of the array op being run (see          *|
|* arrayrt_set_op; for an error a later call reports, such as a kernel fault  *|
|* surfacing at a synchronization, the last op queued before it); without one *|
|* the line starts at <call>. No entry point returns an error code, and none  *|
|* continues after an error.                                                  *|
|*                                                                            *|
|* Driver loading: the first GPU entry point dlopens libcuda.so.1, calls      *|
|* cuInit, retains device 0's primary context and makes it current in the     *|
|* calling thread (every later calling thread makes it current once). If any  *|
|* step fails it prints `arrayrt: error: cannot run on the GPU: <reason>` and *|
|* exits 1. The environment variable ARRAYRT_CUDA_DRIVER_LIB, when set, names *|
|* the library to dlopen instead of libcuda.so.1 (tests use it to simulate a  *|
|* machine without a driver).                                                 *|
|*                                                                            *|
|* Threads: all entry points are thread-safe; initialization happens once.   *|
|* They may be called from static constructors and destructors.              *|
|*                                                                            *|
|* Streams: a NULL stream argument means the legacy default stream.          *|
|* Device pointers are plain `void *`: the driver's unified addressing tells  *|
|* host and device memory apart in copies.                                    *|
\*===----------------------------------------------------------------------===*/

#ifndef ARRAYRT_ARRAYRT_H
#define ARRAYRT_ARRAYRT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opaque handles; each is the driver's own handle (CUmodule, ...). */
typedef struct arrayrt_module *arrayrt_module_t;
typedef struct arrayrt_function *arrayrt_function_t;
typedef struct arrayrt_stream *arrayrt_stream_t;
typedef struct arrayrt_event *arrayrt_event_t;

/*===----------------------------------------------------------------------===
 * Devices
 *===----------------------------------------------------------------------===*/

/* Properties of one GPU, as arrayrt_device_get_properties fills them. */
typedef struct arrayrt_device_properties {
  char name[256];               /* NUL-terminated marketing name. */
  int compute_capability_major; /* 9 for sm_90. */
  int compute_capability_minor; /* 0 for sm_90. */
  int multiprocessor_count;     /* Streaming multiprocessors. */
  uint64_t total_memory_bytes;  /* Global memory. */
} arrayrt_device_properties_t;

/* Initializes the driver if needed and reports whether GPU entry points can
 * work, without exiting. Returns 1 if so. Otherwise returns 0 and, if `reason`
 * is not NULL, sets *reason to the static message (the same text the other
 * entry points would print) explaining why. */
int arrayrt_cuda_available(const char **reason);

/* Number of visible CUDA devices (at least 1 once initialization succeeded). */
int arrayrt_device_count(void);

/* Fills *props for device `device` (0 <= device < arrayrt_device_count()). */
void arrayrt_device_get_properties(int device,
                                   arrayrt_device_properties_t *props);

/* Number of streaming multiprocessors of the current device, read once
 * (compiled code sizes its grids with it). */
int64_t arrayrt_multiprocessor_count(void);

/* Selects the device later calls use. Only device 0 is supported; any other
 * value is an error, since the runtime keeps a single context. */
void arrayrt_set_device(int device);

/*===----------------------------------------------------------------------===
 * Modules and kernels
 *===----------------------------------------------------------------------===*/

/* Loads a module from an image in memory (fatbin, cubin, or NUL-terminated
 * PTX) with cuModuleLoadData. `size` is the image size in bytes; it is
 * informational, as the driver reads the size from the image. The caller keeps
 * ownership of `image`; the module is released by arrayrt_module_unload. */
arrayrt_module_t arrayrt_module_load(const void *image, size_t size);

/* Like arrayrt_module_load, but JIT-compiles PTX with cuModuleLoadDataEx at
 * optimization level `opt_level` (0-4). A compile failure prints the
 * driver's JIT log before exiting. */
arrayrt_module_t arrayrt_module_load_jit(const void *ptx, size_t size,
                                         int opt_level);

/* Unloads `module` (NULL is a no-op). Called after the driver has shut down
 * at process exit, it does nothing, since the driver freed everything. */
void arrayrt_module_unload(arrayrt_module_t module);

/* Returns kernel `name` of `module`; it lives as long as the module. A
 * missing name is an error. */
arrayrt_function_t arrayrt_module_get_function(arrayrt_module_t module,
                                               const char *name);

/* Queues `function` on `stream` with cuLaunchKernel. `params` points to one
 * pointer per kernel parameter, each pointing to the argument's value; the
 * values are copied before the call returns. `shared_mem_bytes` is dynamic
 * shared memory; amounts above the default 48 KiB are opted into. */
void arrayrt_launch_kernel(arrayrt_function_t function, uint32_t grid_x,
                           uint32_t grid_y, uint32_t grid_z, uint32_t block_x,
                           uint32_t block_y, uint32_t block_z,
                           uint32_t shared_mem_bytes, arrayrt_stream_t stream,
                           void **params);

/* Like arrayrt_launch_kernel, with thread block clusters of
 * cluster_x*cluster_y*cluster_z blocks (sm_90+), via cuLaunchKernelEx.
 * Clusters above the portable size of 8 are opted into. */
void arrayrt_launch_cluster_kernel(arrayrt_function_t function,
                                   uint32_t cluster_x, uint32_t cluster_y,
                                   uint32_t cluster_z, uint32_t grid_x,
                                   uint32_t grid_y, uint32_t grid_z,
                                   uint32_t block_x, uint32_t block_y,
                                   uint32_t block_z, uint32_t shared_mem_bytes,
                                   arrayrt_stream_t stream, void **params);

/*===----------------------------------------------------------------------===
 * Streams and events
 *===----------------------------------------------------------------------===*/

/* Creates a stream that does not synchronize with the legacy default
 * stream (CU_STREAM_NON_BLOCKING). Release it with arrayrt_stream_destroy. */
arrayrt_stream_t arrayrt_stream_create(void);

/* Blocks until all work queued on `stream` has finished. */
void arrayrt_stream_synchronize(arrayrt_stream_t stream);

/* Destroys `stream`; work already queued still completes. */
void arrayrt_stream_destroy(arrayrt_stream_t stream);

/* The program's default stream: one non-blocking stream, created on first
 * use and never destroyed. Compiled code queues every GPU op outside an
 * array.on_stream region on it. */
arrayrt_stream_t arrayrt_default_stream(void);

/* Makes work queued on `waiter` from now on wait for the work queued on
 * `stream` so far (an event recorded on `stream`, without a host wait). A
 * no-op when both are the same stream. */
void arrayrt_stream_wait_stream(arrayrt_stream_t waiter,
                                arrayrt_stream_t stream);

/* Makes later work on `stream` wait for `event`'s last record. */
void arrayrt_stream_wait_event(arrayrt_stream_t stream, arrayrt_event_t event);

/* Creates an event without timing (cheaper to record and wait on). Release
 * it with arrayrt_event_destroy. */
arrayrt_event_t arrayrt_event_create(void);

/* Records `event` at the current end of `stream`. */
void arrayrt_event_record(arrayrt_event_t event, arrayrt_stream_t stream);

/* Blocks until the work before `event`'s last record has finished. */
void arrayrt_event_synchronize(arrayrt_event_t event);

/* Destroys `event`. */
void arrayrt_event_destroy(arrayrt_event_t event);

/*===----------------------------------------------------------------------===
 * Memory
 *===----------------------------------------------------------------------===*/

/* Device memory comes from the allocator ARRAYRT_ALLOCATOR names, chosen
 * at the first allocation:
 *
 *   pool    (default) a caching pool after CuPy's: cuMemAlloc segments (2 MiB
 *           for requests up to 1 MiB, larger ones rounded up to 2 MiB),
 *           carved into blocks of multiples of 512 bytes (best fit, split,
 *           neighbours merged when freed). Freed blocks stay cached. A block
 *           freed on stream S is reused at once by allocations on S, and by
 *           other streams only once the event recorded on S at the free has
 *           completed (so freeing never waits).
 *   async   CUDA's stream-ordered allocator (cuMemAllocFromPoolAsync /
 *           cuMemFreeAsync) on a memory pool of the runtime's own that keeps
 *           freed memory.
 *   direct  cuMemAlloc per allocation; arrayrt_free waits for its stream
 *           and calls cuMemFree. No statistics, no limit.
 *
 * ARRAYRT_GPU_MEMORY_LIMIT caps the memory the pool reserves (async: the
 * memory in use): a byte count, optionally with a K, M, G, T (or KiB, MiB,
 * GiB, TiB) binary suffix, or a percentage of the device's memory ("80%").
 * When memory runs out (the driver fails or the limit would be exceeded)
 * the pool releases its cached free segments and retries; if that fails too
 * the program exits with one line naming the source location (when known,
 * see arrayrt_set_op_location), the requested size and the pool's state:
 *   arrayrt: error: prog.mlir:3:8: out of GPU memory: cannot allocate
 *   <size>: <why>; the pool has <used> in use (<n> allocations) and <cached>
 *   cached after releasing its free segments, limit <limit>
 * (one line). A bad ARRAYRT_ALLOCATOR or ARRAYRT_GPU_MEMORY_LIMIT is an
 * error. Managed memory (arrayrt_alloc_managed) never goes through the pool.
 */

/* Allocates `size` bytes of device memory from the allocator above, ready
 * for work queued on `stream` (for other streams, once they are ordered
 * after `stream`'s work at this call). Size 0 returns NULL without touching
 * the driver. */
void *arrayrt_alloc(size_t size, arrayrt_stream_t stream);

/* Like arrayrt_alloc; `location` (an op's `file:line:col`, or NULL) starts
 * the out-of-memory message. */
void *arrayrt_alloc_at(size_t size, arrayrt_stream_t stream,
                       const char *location);

/* Sets the calling thread's current op location, which arrayrt_alloc's
 * out-of-memory message and CUDA error messages name (NULL: none), and
 * clears its label and byte count: arrayrt_set_op(NULL, location, 0). The
 * string must outlive its use as the current location. */
void arrayrt_set_op_location(const char *location);

/* Compiled code calls this before the device work of each array op (a
 * kernel launch, an allocation, a copy, a memset): the calling thread runs
 * that op until the next call.
 *   label     "array.exp @ prog.mlir:12:5": names the op's NVTX ranges, its
 *             rows in the ARRAYRT_PROFILE table and its trace events (NULL:
 *             the kernel's own name);
 *   location  "prog.mlir:12:5": starts error messages (NULL: none);
 *   bytes     the memory the op's next kernel reads and writes (0:
 *             unknown), from which the profile reports achieved GB/s; it
 *             applies to one kernel launch.
 * The strings must live as long as the program (compiled code passes
 * constants). Costs a few stores. */
void arrayrt_set_op(const char *label, const char *location, uint64_t bytes);

/* Open and close a named range of the program (array.profile_range): an
 * NVTX range (when NVTX is on, see below), and, when profiling or tracing,
 * a row of the profile table and an event of the trace whose time is the
 * device span of the work queued inside (first start to last end; host
 * time when nothing was queued). Ranges nest; `name` must live as long as
 * the program. With every hook off, each is one test of a flag. */
void arrayrt_range_push(const char *name);
void arrayrt_range_pop(void);

/* Counters of the pool (or the async allocator), all zero before the first
 * allocation and with ARRAYRT_ALLOCATOR=direct. Bytes unless named
 * otherwise. */
typedef struct arrayrt_pool_stats {
  uint64_t used_bytes;          /* In live allocations (pool: rounded). */
  uint64_t cached_bytes;        /* Reserved but not in use. */
  uint64_t reserved_bytes;      /* Held from the driver. */
  uint64_t peak_used_bytes;     /* Highest used_bytes so far. */
  uint64_t peak_reserved_bytes; /* Highest reserved_bytes so far. */
  uint64_t allocation_count;    /* Allocations made so far. */
  uint64_t live_allocations;    /* Allocations not yet freed. */
  uint64_t limit_bytes;         /* ARRAYRT_GPU_MEMORY_LIMIT; 0: none. */
} arrayrt_pool_stats_t;

/* Fills *stats. Never initializes the driver. */
void arrayrt_pool_get_stats(arrayrt_pool_stats_t *stats);

/* Returns the pool's completely free segments to the driver (after the
 * work that last used them), and its cached events (async: synchronizes the
 * context and trims its pool to what is in use), and the pinned staging
 * blocks no queued copy reads (arrayrt_pinned_pool_free_cached). A no-op
 * before the first allocation. */
void arrayrt_pool_free_all_cached(void);

/* The pinned host staging pool: page-locked blocks (cuMemHostAlloc,
 * multiples of 64 KiB) that host-to-device copies from pageable memory go
 * through. A block is reused only after the event recorded behind the copy
 * that read it has completed. */
typedef struct arrayrt_pinned_stats {
  uint64_t reserved_bytes; /* Blocks held, in use or cached. */
  uint64_t in_use_bytes;   /* Being filled by the host. */
  uint64_t pending_bytes;  /* Waiting for the copy that reads them. */
  uint64_t blocks;
  uint64_t allocations;    /* Blocks allocated from the driver. */
  uint64_t reuses;         /* Requests served by a cached block. */
} arrayrt_pinned_stats_t;

/* Reads the pinned pool's counters. */
void arrayrt_pinned_pool_get_stats(arrayrt_pinned_stats_t *stats);

/* Frees the pinned blocks no queued copy still reads. */
void arrayrt_pinned_pool_free_cached(void);

/* Allocates `size` bytes of managed memory (cuMemAllocManaged, attached
 * globally), usable from host and device. Size 0 returns NULL without
 * touching the driver. */
void *arrayrt_alloc_managed(size_t size);

/* Frees memory from arrayrt_alloc or arrayrt_alloc_managed; work queued on
 * `stream` may still use it. Device memory goes back to the pool (or the
 * async allocator) in stream order, without waiting; with
 * ARRAYRT_ALLOCATOR=direct, and for managed memory, it first waits for
 * `stream` (if not NULL). NULL `ptr` is a no-op that does not touch the
 * driver. */
void arrayrt_free(void *ptr, arrayrt_stream_t stream);

/* Queues a copy of `size` bytes from `src` to `dst` on `stream`; either may
 * be host or device memory. A copy of 1 MiB or more from pageable host
 * memory to device memory goes through the pinned staging pool (in pieces
 * of at most 8 MiB):
 * the host copies `src` into a page-locked block and queues the DMA from it,
 * so `src` may be reused when the call returns and the DMA overlaps work on
 * other streams. Copies to pageable host memory complete before the call
 * returns (driver semantics); otherwise synchronize the stream before
 * reading the result. Size 0 does nothing and does not touch the driver. */
void arrayrt_memcpy(void *dst, const void *src, size_t size,
                    arrayrt_stream_t stream);

/* Queue a fill of `count` 8-, 16- or 32-bit elements at device memory `dst`
 * with `value` on `stream`. Count 0 does nothing and does not touch the
 * driver. */
void arrayrt_memset8(void *dst, uint8_t value, size_t count,
                     arrayrt_stream_t stream);
void arrayrt_memset16(void *dst, uint16_t value, size_t count,
                      arrayrt_stream_t stream);
void arrayrt_memset32(void *dst, uint32_t value, size_t count,
                      arrayrt_stream_t stream);

/* Page-locks `size` bytes of host memory at `ptr` (cuMemHostRegister) so
 * copies to and from it are asynchronous and faster. Size 0 is a no-op. */
void arrayrt_host_register(void *ptr, size_t size);

/* Undoes arrayrt_host_register for the range starting at `ptr`. */
void arrayrt_host_unregister(void *ptr);

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
  ARRAYRT_MATMUL_TF32 = 4 /* float32 inputs rounded to TF32 on tensor cores */
};

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

/*===----------------------------------------------------------------------===
 * Program entry, benchmarking and profiling
 *
 * arrayc compiles the program's `func.func @main()` to the C function
 * arrayc_program_main and links libarrayrt_main.a, whose `main` calls
 * arrayrt_run_program(arrayc_program_main, argc, argv). That runs the
 * program once, or as the environment asks:
 *
 *   ARRAYRT_BENCH=N         run the program W+N times and time the last N
 *                           (0 or unset: run once, untimed)
 *   ARRAYRT_BENCH_WARMUP=W  untimed warm-up runs first (default 3)
 *   ARRAYRT_BENCH_OUT=path  write the JSON report to `path` (default: stderr)
 *   ARRAYRT_BENCH_MAX_SECONDS=S  stop early when runs are slow: warm-up ends
 *                           once the runs took S/4 seconds of wall time,
 *                           timing once they took S (each after one run)
 *   ARRAYRT_PROFILE=1       at exit, print to stderr a table of the device
 *                           operations by name (calls, total and mean time,
 *                           share of the device time, achieved GB/s where
 *                           the bytes are known), kernels named after the
 *                           array op that launched them, then transfers
 *                           and ranges
 *   ARRAYRT_TRACE=path      write a Chrome trace (JSON; open it in Perfetto
 *                           or chrome://tracing) of every kernel, memset,
 *                           copy, allocation and range, device times from
 *                           CUDA events, one track per stream
 *   ARRAYRT_NVTX=1|0        NVTX ranges named after each op (its label)
 *                           around its driver calls, and for each range;
 *                           default on when NVTX_INJECTION64_PATH is set
 *                           (Nsight Systems and Nsight Compute set it)
 *
 * A bad value is an error (exit status 1). The report and the trace are
 * written as array.save_npy writes (arrayrt_save_npy): a regular file is
 * replaced only when complete, through a temporary created before the
 * program runs (so an unwritable path fails at once) and removed if it
 * fails; a device or a pipe is written in place. While timing, the runtime
 * records a pair of CUDA timing events around every device operation it
 * queues: each kernel launch, memset and copy (and library call). One
 * iteration's device time is the sum of the durations of its operations
 * other than host<->device transfers (reported separately), so gaps between
 * kernels, host work and transfers are not counted; the report also gives
 * each iteration's span (first device operation's start to last one's end)
 * and wall time. A program that queued no device work (--target=cpu) is
 * timed with the host's steady clock around each whole run instead. What the
 * program prints or saves repeats every run. The JSON report:
 *
 *   {"program": argv[0], "timer": "cuda-events" | "host-clock",
 *    "warmup": warm-up runs made, "iterations": timed runs made,
 *    "requested_iterations": N,
 *    "median_ms", "min_ms", "mean_ms", "max_ms": over samples_ms,
 *    "samples_ms": [N per-run device times (host-clock: wall times)],
 *    "span_ms": [N], "transfer_ms": [N]   (cuda-events only),
 *    "host_ms": [N per-run wall times],
 *    "operations": [{"name", "kind", "calls", "total_ms"}, ...]
 *                  (over the timed runs, by decreasing total time; kind is
 *                   kernel, memset, copy-dtod, copy-htod, copy-dtoh,
 *                   copy-htoh or library; distinct kernels with the same
 *                   name, such as the @main_kernel of each gpu.module, are
 *                   name, name#2, ... in the order of their first launch)}
 *
 * With profiling, tracing and NVTX off, each device operation costs one
 * extra test of a flag.
 *===----------------------------------------------------------------------===*/

/* The program's entry point as arrayc compiles it. */
typedef void (*arrayrt_program_t)(void);

/* Runs `program` as described above and returns main's exit status (0);
 * errors exit with status 1. */
int arrayrt_run_program(arrayrt_program_t program, int argc, char **argv);

/*===----------------------------------------------------------------------===
 * Run-time checks
 *===----------------------------------------------------------------------===*/

/* Called by compiled code when a run-time check fails (for example two
 * dynamic dimensions that must be equal are not). Prints
 * `arrayrt: error: <message>` (the message starts with the array op's source
 * location) and exits with status 1. Never returns. */
void arrayrt_check_failed(const char *message);

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

/* An unranked memref as MLIR passes it: the rank and a pointer to the
 * ranked descriptor
 *   { T *allocated; T *aligned; int64_t offset;
 *     int64_t sizes[rank]; int64_t strides[rank]; }. */
typedef struct {
  int64_t rank;
  void *descriptor;
} arrayrt_unranked_memref_t;

/* memref.copy between host buffers that are not both contiguous, as
 * finalize-memref-to-llvm calls it (upstream defines it in
 * libmlir_c_runner_utils, which compiled programs do not link): copies
 * every element of `source` to the same index of `target` (same shape;
 * any strides, zero and negative included). */
void memrefCopy(int64_t element_bytes, const arrayrt_unranked_memref_t *source,
                const arrayrt_unranked_memref_t *target);

/*===----------------------------------------------------------------------===
 * Printing
 *===----------------------------------------------------------------------===*/

/* arrayrt_print_<T>(rank, descriptor) prints the array that `descriptor`
 * describes to stdout exactly as NumPy's `print(a)` does with default print
 * options (str(a), not repr), followed by a newline, and flushes stdout.
 * `descriptor` points to an MLIR strided memref descriptor:
 *   { T *allocated; T *aligned; int64_t offset;
 *     int64_t sizes[rank]; int64_t strides[rank]; }
 * with offset and strides in elements (strides may be 0 or negative), as
 * MLIR passes an unranked `memref<*xT>` to an external function. The data
 * must be in host memory. The runtime reads it and never takes ownership.
 * i1 is a bool stored one byte per element (0 or 1); bf16 prints as
 * ml_dtypes' bfloat16 does. */
void arrayrt_print_i1(int64_t rank, void *descriptor);
void arrayrt_print_i8(int64_t rank, void *descriptor);
void arrayrt_print_i16(int64_t rank, void *descriptor);
void arrayrt_print_i32(int64_t rank, void *descriptor);
void arrayrt_print_i64(int64_t rank, void *descriptor);
void arrayrt_print_ui8(int64_t rank, void *descriptor);
void arrayrt_print_ui16(int64_t rank, void *descriptor);
void arrayrt_print_ui32(int64_t rank, void *descriptor);
void arrayrt_print_ui64(int64_t rank, void *descriptor);
void arrayrt_print_f16(int64_t rank, void *descriptor);
void arrayrt_print_bf16(int64_t rank, void *descriptor);
void arrayrt_print_f32(int64_t rank, void *descriptor);
void arrayrt_print_f64(int64_t rank, void *descriptor);

/*===----------------------------------------------------------------------===
 * Matrix Market files (array.load_mtx)
 *
 * `%%MatrixMarket matrix coordinate <real|integer|pattern>
 * <general|symmetric>` files. The entries are read as 0-based (row, column)
 * pairs sorted by row then column, duplicates summed (as SciPy's tocsr()
 * does), a symmetric file's lower triangle mirrored; pattern entries are 1.
 * The last file read is kept, so the three calls of one array.load_mtx
 * parse it once. A zip archive (recognized by its first bytes) is read as
 * scipy.sparse.save_npz wrote it (array.load_sparse); a path ending in .npz
 * that is not one is an error saying so. A file that cannot be read or is
 * malformed stops the program with one line naming the op's location, the
 * file and the line:
 *   arrayrt: error: prog.mlir:3:8: cannot load 'a.mtx': line 7: row 9 is
 *   outside 1..8
 * So does a size line whose entries could not be sorted in host memory,
 * and (arrayrt_mtx_shape) a matrix whose row or column offsets, 8 bytes
 * each, would not fit in host memory.
 *===----------------------------------------------------------------------===*/

/* Writes rows, columns and the number of entries (after mirroring and
 * summing duplicates) to sizes[0..2]. */
void arrayrt_mtx_shape(const char *path, int64_t *sizes,
                       const char *location);

enum { ARRAYRT_MTX_COORDINATES = 0, ARRAYRT_MTX_VALUES = 1 };

/* Fills the contiguous buffer `descriptor` (an MLIR memref descriptor of
 * `rank`) with the entries' coordinates (part ARRAYRT_MTX_COORDINATES: an
 * int64 nnz x 2 buffer of (row, column)) or values (ARRAYRT_MTX_VALUES: nnz
 * elements of `dtype`, ARRAYRT_DTYPE_F32 or ARRAYRT_DTYPE_F64). */
void arrayrt_load_mtx(const char *path, int32_t part, int64_t rank,
                      void *descriptor, int32_t dtype, const char *location);

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
typedef struct arrayrt_csr *arrayrt_csr_t;
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

/*===----------------------------------------------------------------------===
 * NumPy .npy files
 *
 * The arrays are host-memory MLIR strided memref descriptors as for printing
 * (offset and strides in elements; strides may be 0 or negative). `dtype` is
 * an arrayrt_dtype_t code. `location` is the array op's `file:line:col`, or
 * NULL; when present it starts every error message, as in
 *   arrayrt: error: prog.mlir:3:8: cannot load 'x.npy': <what is wrong>
 * Every error (an I/O failure, a file that is not a supported .npy file, a
 * dtype or shape other than the expected one) prints one such line naming
 * the file and exits with status 1.
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
  ARRAYRT_DTYPE_BF16 = 10, /* none: every .npy entry point rejects bf16 */
  ARRAYRT_DTYPE_F32 = 11,  /* '<f4' */
  ARRAYRT_DTYPE_F64 = 12   /* '<f8' */
} arrayrt_dtype_t;

/* Writes the array `descriptor` views to `path` as a C-order, little-endian
 * .npy file, byte for byte what NumPy 1.24's np.save writes for the same
 * array in C order (format 1.0, or 2.0 when the header exceeds 64 KiB; where
 * the view is Fortran-contiguous, np.save would write Fortran order). A
 * regular file (or a new path; a symbolic link is followed to its target)
 * gets the data through a temporary file next to it
 * (`<path>.tmp-<pid>-<n>`), which is renamed over it only when complete
 * (written and closed; like np.save, not forced to disk with fsync), so a
 * failure leaves `path` as it was and no temporary behind, also when the
 * program ends on an error or a terminating signal during the save. Devices
 * (/dev/null, /dev/full), FIFOs and /dev/stdout are written in place and
 * never replaced. Every write error names the path (runtime/README.md,
 * "Reading and writing files"). i1 elements are written
 * as 0 or 1 (any nonzero byte is true). */
void arrayrt_save_npy(const char *path, int64_t rank, void *descriptor,
                      int32_t dtype, const char *location);

/* Reads only the header of the .npy file `path`, checks that it holds a
 * C-order, rank-`rank` array of `dtype` whose data the file holds and that
 * fits in host memory (RAM and swap, ulimit -v and -d, the cgroup's limit;
 * the message names the size and the limit), and writes its `rank` sizes to
 * `shape`, so that compiled code can allocate before arrayrt_load_npy. */
void arrayrt_npy_shape(const char *path, int64_t rank, int64_t *shape,
                       int32_t dtype, const char *location);

/* Reads the .npy file `path` into the destination buffer that `descriptor`
 * describes. The file must be format 1.0, 2.0 or 3.0, C order, little-endian
 * (or byte-order-free), of `dtype`, and of rank `rank`; each size of the
 * descriptor must equal the file's, except that -1 accepts any size. The
 * elements are stored through the descriptor's strides using the file's
 * sizes, so the buffer must be large enough for them (a NULL buffer is an
 * error: the program could not allocate it). i1 elements are stored as 0 or
 * 1. Bytes after the array's data are ignored, as NumPy does. */
void arrayrt_load_npy(const char *path, int64_t rank, void *descriptor,
                      int32_t dtype, const char *location);

/* The shape and the data of the array `member` of the .npz archive `path`
 * (np.savez, np.savez_compressed, scipy.sparse.save_npz: a zip of .npy
 * files, stored or deflated, Zip64 fields allowed): the entry named
 * `member`, or `member`.npy as np.load(path)[member] finds it. Otherwise as
 * arrayrt_npy_shape and arrayrt_load_npy; errors name the member and the
 * archive, as in
 *   arrayrt: error: prog.mlir:3:8: cannot load 'w' in 'm.npz': the archive
 *   has no member 'w' (it holds: data.npy, indices.npy, indptr.npy)
 * A damaged archive (CRC-32, sizes, deflate data) is an error too. */
void arrayrt_npz_shape(const char *path, const char *member, int64_t rank,
                       int64_t *shape, int32_t dtype, const char *location);
void arrayrt_load_npz(const char *path, const char *member, int64_t rank,
                      void *descriptor, int32_t dtype, const char *location);

/* The CUDA target's forms of arrayrt_load_npy and arrayrt_save_npy for an
 * array in device memory (`descriptor` describes it; it must be C-order
 * contiguous). Loading reads the file into a page-locked block of the pinned
 * pool and queues one copy of the whole array to the device on `stream`
 * (the block is reused once that copy has completed), so the call returns
 * before the data has arrived and work queued on `stream` after it sees the
 * data. Saving queues the copy from the device on `stream`, waits for
 * `stream` only, and writes the file. Both fall back to a pageable host
 * buffer when no pinned memory is left. Errors as for arrayrt_load_npy. */
void arrayrt_load_npy_device(const char *path, int64_t rank, void *descriptor,
                             int32_t dtype, arrayrt_stream_t stream,
                             const char *location);
void arrayrt_save_npy_device(const char *path, int64_t rank, void *descriptor,
                             int32_t dtype, arrayrt_stream_t stream,
                             const char *location);
/* arrayrt_load_npz into device memory, as arrayrt_load_npy_device. */
void arrayrt_load_npz_device(const char *path, const char *member,
                             int64_t rank, void *descriptor, int32_t dtype,
                             arrayrt_stream_t stream, const char *location);

/*===----------------------------------------------------------------------===
 * MLIR gpu-to-llvm ABI
 *
 * These exist only to match the host code that upstream MLIR 22's
 * `gpu-to-llvm` pass generates (the names and signatures of MLIR's
 * CudaRuntimeWrappers.cpp); each forwards to the arrayrt_ entry point above
 * with the same meaning. Differences: every stream from mgpuStreamCreate is
 * non-blocking, mgpuMemAlloc with isHostShared allocates managed memory, and
 * errors exit as described at the top instead of being printed and ignored.
 * The generated code loads modules from global constructors and creates and
 * destroys a stream per group of GPU operations.
 *===----------------------------------------------------------------------===*/

void *mgpuModuleLoad(void *data, uint64_t size);
void *mgpuModuleLoadJIT(void *data, int32_t optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount);
void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                             intptr_t clusterY, intptr_t clusterZ,
                             intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                             intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                             int32_t smem, void *stream, void **params,
                             void **extra, size_t paramsCount);
void *mgpuStreamCreate(void);
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate(void);
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream);
void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream);
void mgpuSetDefaultDevice(int32_t device);
void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementSizeBytes);
void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t elementSizeBytes);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ARRAYRT_ARRAYRT_H */
