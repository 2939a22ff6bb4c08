//===- Bench.h - Benchmark and profile modes of a program -------*- C++ -*-===//
//
// arrayrt_run_program (arrayrt.h) runs a compiled program once, or, as the
// environment asks, repeatedly with its device operations timed:
//
//   ARRAYRT_BENCH=N          time N iterations (0 or unset: run once)
//   ARRAYRT_BENCH_WARMUP=W   untimed iterations first (default 3)
//   ARRAYRT_BENCH_OUT=path   write the JSON report there (default stderr)
//   ARRAYRT_BENCH_MAX_SECONDS=S  stop early once the runs took S seconds
//   ARRAYRT_PROFILE=1        print a table per operation name to stderr
//                            (device operations, host spans: HostProfile.h)
//   ARRAYRT_TRACE=path       write a Chrome trace of the run(s) there
//   ARRAYRT_NVTX=1|0         NVTX ranges per op (default: when a profiler
//                            that reads them, such as Nsight Systems, is
//                            attached: NVTX_INJECTION64_PATH is set)
//
// arrayrt_run_main (arrayrt/abi.h) runs @main through the same loop
// (runProgram), with its arguments read before the first run.
//
// The pieces are separate functions so that unit tests reach them without a
// program or a GPU.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_BENCH_H
#define ARRAYRT_LIB_BENCH_H

#include "profile/HostProfile.h"
#include "profile/Profile.h"

#include <functional>
#include <string>
#include <vector>

namespace arrayrt::bench {

/// What arrayrt_run_program does with a program: reads the environment,
/// opens the report and trace files (errors exit with status 1), runs
/// `prepare` once when given, then `program` once or as the environment
/// asks, timing, profiling and tracing each run, and writes the report, the
/// trace and the profile. arrayrt_run_main reads @main's arguments in
/// `prepare`: after the environment's checks, and outside every timing.
/// `argv[0]` names the program in the report. Returns 0.
int runProgram(const std::function<void()> &program, int argc, char **argv,
               const std::function<void()> &prepare = nullptr);

struct Config {
  unsigned iterations = 0; // Timed iterations; 0: benchmark mode off.
  unsigned warmup = 3;
  std::string output;    // Empty: stderr.
  double maxSeconds = 0; // 0: no limit.
  bool profile = false;
  std::string trace; // Empty: no trace.
  bool nvtx = false;
};

/// The values of the environment variables (null when unset).
struct Environment {
  const char *bench = nullptr;
  const char *warmup = nullptr;
  const char *output = nullptr;
  const char *maxSeconds = nullptr;
  const char *profile = nullptr;
  const char *trace = nullptr;
  const char *nvtx = nullptr;
  const char *nvtxInjection = nullptr; // NVTX_INJECTION64_PATH.
};

/// Reads the process environment.
Environment readEnvironment();

/// Whether to make another warm-up (or timed) run after `done` of them, with
/// `elapsedSeconds` of wall time spent since the first run: up to
/// config.warmup (config.iterations) runs, but under ARRAYRT_BENCH_MAX_SECONDS
/// warm-up stops once the runs took a quarter of the limit, and timing once
/// they took all of it, each after at least one run.
bool keepRunning(const Config &config, bool warmup, unsigned done,
                 double elapsedSeconds);

/// Parses `env` into `config`. Returns an empty string, or the message of
/// the first invalid value (naming the variable, what it must be and what it
/// is).
std::string parseConfig(const Environment &env, Config &config);

struct Summary {
  double median = 0, min = 0, mean = 0, max = 0;
};

/// Median (the mean of the middle two for an even count), minimum, mean and
/// maximum; all zero for no samples.
Summary summarize(std::vector<double> samples);

/// What one benchmark run measured, in milliseconds per timed iteration.
struct Report {
  std::string program;
  /// "cuda-events" when the program queued device work (samples are device
  /// time), "host-clock" otherwise (samples are wall time).
  std::string timer;
  unsigned warmup = 0;              // Warm-up runs made.
  unsigned requestedIterations = 0; // ARRAYRT_BENCH.
  std::vector<double> samplesMs;    // The headline: device or wall time.
  std::vector<double> spanMs;       // cuda-events only.
  std::vector<double> transferMs;   // cuda-events only.
  std::vector<double> hostMs;       // Wall time of each iteration.
  std::vector<profile::OpTotals> operations; // Over the timed iterations.
};

/// The report as one JSON object followed by a newline.
std::string formatJson(const Report &report);

/// `text` as a JSON string literal, quotes included.
std::string jsonString(const std::string &text);

/// The ARRAYRT_PROFILE table for the device `operations` and the `host`
/// spans accumulated over `iterations` runs of the program, `warmup` more
/// not counted; `wallMs`: the wall time of the counted runs (0: unknown).
std::string formatProfile(const std::vector<profile::OpTotals> &operations,
                          unsigned iterations, unsigned warmup,
                          const std::vector<hostprofile::SpanTotals> &host = {},
                          double wallMs = 0);

/// In a shared library (arrayrt_abi_call), once per process: reads
/// ARRAYRT_PROFILE, ARRAYRT_TRACE and ARRAYRT_NVTX as runProgram does and,
/// when profiling or tracing, times every device operation and host span of
/// every call from then on (the calling thread is the program thread) and
/// prints the table (stderr) and writes the trace at exit.
/// ARRAYRT_BENCH does not apply to libraries. A bad value is a fatal error
/// (an error code inside a call).
void startLibraryProfiling();

} // namespace arrayrt::bench

#endif // ARRAYRT_LIB_BENCH_H
