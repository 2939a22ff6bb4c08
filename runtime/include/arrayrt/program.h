/*===- arrayrt/program.h - Ops, ranges, program entry -------------*- C -*-===*\
|*                                                                            *|
|* What compiled code calls around its ops: the current op (its label,        *|
|* location and bytes), named ranges, the program's entry point with its      *|
|* benchmarking and profiling modes (ARRAYRT_BENCH, ARRAYRT_PROFILE,          *|
|* ARRAYRT_TRACE, ARRAYRT_NVTX), and failed run-time checks.                  *|
|*                                                                            *|
|* Part of the C ABI of arrayrt.h, which includes every part and says how     *|
|* errors, threads and NULL streams behave for all of them.                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ARRAYRT_PROGRAM_H
#define ARRAYRT_PROGRAM_H

#include "arrayrt/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===
 * The current op and named ranges
 *===----------------------------------------------------------------------===*/

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

/* Compiled CPU code brackets the host work of each array op (a loop nest,
 * a runtime call such as a print, a .npy file's load or a BLAS product)
 * with these (array-cpu-profile-spans); `name` is the op's label, "array.exp
 * @ prog.mlir:12:5", and must live as long as the program. Each thread has
 * its own stack of open spans, so threads (OpenMP workers) may open and
 * close spans at the same time; an end without an open span is ignored.
 * Under ARRAYRT_PROFILE or ARRAYRT_TRACE (see below) a span that closes
 * adds its host time (steady clock) to its name's row of the table when it
 * is the outermost one open on its thread, and, when tracing, becomes an
 * event of its thread's track. Otherwise each is one test of a flag. */
void arrayrt_host_span_begin(const char *name);
void arrayrt_host_span_end(void);

/*===----------------------------------------------------------------------===
 * Graph regions
 *===----------------------------------------------------------------------===*/

/* Compiled code brackets the body of a host loop with these (one run of
 * the body between them; `region` is a constant naming the loop, "main:
 * scf.for at cg.mlir:27:5", whose address identifies it). Between them the
 * device operations queued on `stream` are recorded instead of queued, and
 * arrayrt_graph_end launches them as one CUDA graph: captured and
 * instantiated the first time their kernels, parameters and pointers are
 * seen, replayed with one cuGraphLaunch when they are seen again (a
 * region keeps 8 such graphs, then updates the least recently used).
 * Anything that cannot be recorded (a copy to the host, a synchronization,
 * another stream) first queues what was recorded; a region whose runs end
 * that way three times in a row is not recorded again. Regions nest: an
 * inner one is part of the outer one's run.
 *   ARRAYRT_GRAPHS=0  off: every operation is queued as it comes
 *   ARRAYRT_GRAPHS=1  on (the default; off while ARRAYRT_PROFILE=1,
 *                     ARRAYRT_TRACE or NVTX ranges time every kernel)
 *   ARRAYRT_GRAPHS=2  on, and each region's counts (runs, replays,
 *                     captures) on stderr at exit
 * Under ARRAYRT_BENCH a replay is one timed operation, "graph <region>". */
void arrayrt_graph_begin(const char *region, arrayrt_stream_t stream);
void arrayrt_graph_end(const char *region, arrayrt_stream_t stream);

/* Ends a region that is one iteration of a while loop whose test the
 * iteration writes to the device byte at `test` (an i1 buffer), after its
 * host has seen the test pass: the iteration and every further one run on
 * the device, as one CUDA graph whose conditional WHILE node repeats them
 * while the byte is nonzero (a kernel of the runtime sets the node's
 * condition at the end of each iteration; CUDA 12.4 drivers and later).
 * Returns 1 when it launched that, and the loop is over for the host; 0
 * when the iteration was queued as by arrayrt_graph_end (graphs off, the
 * recording broken, conditional graphs unavailable) and the host reads the
 * test itself. ARRAYRT_GRAPHS=2 counts the device loops. */
int32_t arrayrt_graph_while_end(const char *region, arrayrt_stream_t stream,
                                uint64_t test);

/*===----------------------------------------------------------------------===
 * Program entry, benchmarking and profiling
 *
 * arrayc emits, for the program's `func.func @main`, its signature table
 * and packed entry point as the global arrayc_program (arrayrt/abi.h), and
 * links libarrayrt_main.a, whose `main` calls
 * arrayrt_run_main(&arrayc_program, argc, argv). That takes @main's
 * arguments from the command line (a @main without arguments takes none),
 * reads and checks them, and runs @main as arrayrt_run_program runs a
 * program: once, or as the environment asks:
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
 *                           array op that launched them, then transfers;
 *                           then the host spans by name (calls, total and
 *                           mean host time, share of the program thread's
 *                           time in spans: the time of each op of a CPU
 *                           program), those of other threads apart; then
 *                           ranges
 *   ARRAYRT_TRACE=path      write a Chrome trace (JSON; open it in Perfetto
 *                           or chrome://tracing) of every kernel, memset,
 *                           copy, allocation and range, device times from
 *                           CUDA events, one track per stream (process 1),
 *                           and of every host span, one track per thread
 *                           (process 2)
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
 * program prints or saves repeats every run; @main's arguments are read once
 * before the first run (neither timed nor profiled), and its results are
 * written or printed once, after the last run (each run frees the previous
 * run's). The JSON report:
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

/* A program without arguments or results. */
typedef void (*arrayrt_program_t)(void);

/* Runs `program` as described above and returns main's exit status (0);
 * errors exit with status 1. The command line is not read (argv[0] names
 * the program in the report); arrayrt_run_main runs an executable's @main,
 * with or without arguments, through the same loop. */
int arrayrt_run_program(arrayrt_program_t program, int argc, char **argv);

/*===----------------------------------------------------------------------===
 * Run-time checks
 *===----------------------------------------------------------------------===*/

/* Called by compiled code when a run-time check fails (for example two
 * dynamic dimensions that must be equal are not). Prints
 * `arrayrt: error: <message>` (the message starts with the array op's source
 * location) and exits with status 1. Never returns. */
void arrayrt_check_failed(const char *message);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ARRAYRT_PROGRAM_H */
