//===- Bench.cpp - Benchmark and profile modes of a program ---------------===//

#include "profile/Bench.h"

#include "arrayrt/arrayrt.h"

#include "driver/Error.h"
#include "io/OutputFile.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>

namespace arrayrt::bench {
namespace {

constexpr unsigned long kMaxIterations = 1000000;

/// A whole number in [0, kMaxIterations] written with digits only.
bool parseCount(const char *text, unsigned &value) {
  if (!*text)
    return false;
  unsigned long result = 0;
  for (const char *c = text; *c; ++c) {
    if (*c < '0' || *c > '9')
      return false;
    result = result * 10 + static_cast<unsigned long>(*c - '0');
    if (result > kMaxIterations)
      return false;
  }
  value = static_cast<unsigned>(result);
  return true;
}

std::string number(double value) { return formatString("%.6f", value); }

void hostRow(std::string &out, const hostprofile::SpanTotals &op,
             const std::string &share) {
  double meanUs = op.calls ? op.totalMs * 1000 / op.calls : 0;
  out += formatString("%7s %12.3f %9llu %12.3f  %s\n", share.c_str(),
                      op.totalMs, static_cast<unsigned long long>(op.calls),
                      meanUs, op.name.c_str());
}

/// The table's host part: the program thread's spans with their shares of
/// its time in spans, then the other threads'.
void formatHostRows(std::string &out,
                    const std::vector<hostprofile::SpanTotals> &host,
                    unsigned iterations, double wallMs) {
  double programMs = 0;
  bool anyProgram = false, anyOther = false;
  for (const hostprofile::SpanTotals &op : host) {
    (op.otherThreads ? anyOther : anyProgram) = true;
    if (!op.otherThreads)
      programMs += op.totalMs;
  }
  if (anyProgram) {
    out += "host time by op, on the thread that ran the program:\n";
    out += formatString("%7s %12s %9s %12s  %s\n", "share", "total ms", "calls",
                        "mean us", "name");
    for (const hostprofile::SpanTotals &op : host)
      if (!op.otherThreads)
        hostRow(out, op,
                programMs > 0
                    ? formatString("%.1f%%", 100 * op.totalMs / programMs)
                    : std::string("-"));
    out += formatString("host time in ops: %.3f ms in all, %.3f ms per run",
                        programMs, iterations ? programMs / iterations : 0.0);
    if (wallMs > 0)
      out += formatString(" (%.1f%% of the runs' wall time)",
                          100 * programMs / wallMs);
    out += "\n";
  }
  if (anyOther) {
    out += "host time by op on other threads (summed over the threads):\n";
    for (const hostprofile::SpanTotals &op : host)
      if (op.otherThreads)
        hostRow(out, op, "-");
  }
}

void appendArray(std::string &out, const char *key,
                 const std::vector<double> &values) {
  out += formatString(",\n  \"%s\": [", key);
  for (size_t i = 0; i < values.size(); ++i) {
    if (i)
      out += ", ";
    out += number(values[i]);
  }
  out += "]";
}

} // namespace

Environment readEnvironment() {
  Environment env;
  env.bench = std::getenv("ARRAYRT_BENCH");
  env.warmup = std::getenv("ARRAYRT_BENCH_WARMUP");
  env.output = std::getenv("ARRAYRT_BENCH_OUT");
  env.maxSeconds = std::getenv("ARRAYRT_BENCH_MAX_SECONDS");
  env.profile = std::getenv("ARRAYRT_PROFILE");
  env.trace = std::getenv("ARRAYRT_TRACE");
  env.nvtx = std::getenv("ARRAYRT_NVTX");
  env.nvtxInjection = std::getenv("NVTX_INJECTION64_PATH");
  return env;
}

std::string parseConfig(const Environment &env, Config &config) {
  config = Config();
  if (env.bench && *env.bench && !parseCount(env.bench, config.iterations))
    return formatString("ARRAYRT_BENCH must be the number of timed iterations, "
                        "a whole number from 0 (off) to %lu, but is '%s'",
                        kMaxIterations, env.bench);
  if (env.warmup && *env.warmup && !parseCount(env.warmup, config.warmup))
    return formatString("ARRAYRT_BENCH_WARMUP must be the number of untimed "
                        "iterations, a whole number from 0 to %lu, but is '%s'",
                        kMaxIterations, env.warmup);
  if (env.output)
    config.output = env.output;
  if (env.maxSeconds && *env.maxSeconds) {
    char *end = nullptr;
    errno = 0;
    double value = std::strtod(env.maxSeconds, &end);
    bool digitsOnly = std::strspn(env.maxSeconds, "0123456789.") ==
                      std::strlen(env.maxSeconds);
    if (!digitsOnly || *end || errno || !(value > 0) || value > 1e9)
      return formatString("ARRAYRT_BENCH_MAX_SECONDS must be a positive number "
                          "of seconds, but is '%s'",
                          env.maxSeconds);
    config.maxSeconds = value;
  }
  if (env.profile && *env.profile) {
    if (!std::strcmp(env.profile, "1"))
      config.profile = true;
    else if (std::strcmp(env.profile, "0"))
      return formatString("ARRAYRT_PROFILE must be 1 (on) or 0 (off), but is "
                          "'%s'",
                          env.profile);
  }
  if (env.trace)
    config.trace = env.trace;
  config.nvtx = env.nvtxInjection && *env.nvtxInjection;
  if (env.nvtx && *env.nvtx) {
    if (!std::strcmp(env.nvtx, "1") || !std::strcmp(env.nvtx, "0"))
      config.nvtx = *env.nvtx == '1';
    else
      return formatString("ARRAYRT_NVTX must be 1 (on) or 0 (off), but is '%s'",
                          env.nvtx);
  }
  return {};
}

bool keepRunning(const Config &config, bool warmup, unsigned done,
                 double elapsedSeconds) {
  unsigned wanted = warmup ? config.warmup : config.iterations;
  if (done >= wanted)
    return false;
  if (config.maxSeconds <= 0 || done == 0)
    return true;
  return elapsedSeconds < (warmup ? config.maxSeconds / 4 : config.maxSeconds);
}

Summary summarize(std::vector<double> samples) {
  Summary summary;
  if (samples.empty())
    return summary;
  std::sort(samples.begin(), samples.end());
  size_t n = samples.size();
  summary.median =
      n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  summary.min = samples.front();
  summary.max = samples.back();
  double total = 0;
  for (double sample : samples)
    total += sample;
  summary.mean = total / static_cast<double>(n);
  return summary;
}

std::string jsonString(const std::string &text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      if (c < 0x20)
        out += formatString("\\u%04x", c);
      else
        out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string formatJson(const Report &report) {
  Summary summary = summarize(report.samplesMs);
  std::string out = "{\n";
  out += "  \"program\": " + jsonString(report.program);
  out += ",\n  \"timer\": " + jsonString(report.timer);
  out += formatString(",\n  \"warmup\": %u", report.warmup);
  out += formatString(",\n  \"iterations\": %zu", report.samplesMs.size());
  out += formatString(",\n  \"requested_iterations\": %u",
                      report.requestedIterations);
  out += ",\n  \"median_ms\": " + number(summary.median);
  out += ",\n  \"min_ms\": " + number(summary.min);
  out += ",\n  \"mean_ms\": " + number(summary.mean);
  out += ",\n  \"max_ms\": " + number(summary.max);
  appendArray(out, "samples_ms", report.samplesMs);
  if (report.timer == "cuda-events") {
    appendArray(out, "span_ms", report.spanMs);
    appendArray(out, "transfer_ms", report.transferMs);
  }
  appendArray(out, "host_ms", report.hostMs);
  out += ",\n  \"operations\": [";
  for (size_t i = 0; i < report.operations.size(); ++i) {
    const profile::OpTotals &op = report.operations[i];
    out += i ? ",\n    " : "\n    ";
    out += "{\"name\": " + jsonString(op.name) +
           ", \"kind\": " + jsonString(profile::kindName(op.kind)) +
           formatString(", \"calls\": %llu",
                        static_cast<unsigned long long>(op.calls)) +
           ", \"total_ms\": " + number(op.totalMs) + "}";
  }
  out += report.operations.empty() ? "]" : "\n  ]";
  out += "\n}\n";
  return out;
}

std::string formatProfile(const std::vector<profile::OpTotals> &operations,
                          unsigned iterations, unsigned warmup,
                          const std::vector<hostprofile::SpanTotals> &host,
                          double wallMs) {
  using profile::OpKind;
  std::string out = formatString("arrayrt profile: %u run%s of the program",
                                 iterations, iterations == 1 ? "" : "s");
  if (warmup)
    out += formatString(" (%u warm-up run%s not counted)", warmup,
                        warmup == 1 ? "" : "s");
  auto isDevice = [](const profile::OpTotals &op) {
    return !profile::isTransfer(op.kind) && op.kind != OpKind::Range;
  };
  bool anyDevice = std::any_of(
      operations.begin(), operations.end(),
      [&](const profile::OpTotals &op) { return op.kind != OpKind::Range; });
  const char *hostClock = ", host times from the steady clock";
  if (anyDevice)
    out += formatString(", device times from CUDA events%s\n",
                        host.empty() ? "" : hostClock);
  else if (!host.empty())
    out += formatString("%s (nothing was queued on a GPU)\n", hostClock);
  else
    out += ": no device operations (nothing was queued on a GPU)\n";
  double deviceMs = 0, transferMs = 0;
  for (const profile::OpTotals &op : operations)
    if (op.kind != OpKind::Range)
      (profile::isTransfer(op.kind) ? transferMs : deviceMs) += op.totalMs;
  auto row = [&](const profile::OpTotals &op, const std::string &share) {
    double meanUs = op.calls ? op.totalMs * 1000 / op.calls : 0;
    double bandwidth = profile::gigabytesPerSecond(op);
    std::string rate =
        bandwidth >= 0 ? formatString("%.1f", bandwidth) : std::string("-");
    out += formatString("%7s %12.3f %9llu %12.3f %9s  %s\n", share.c_str(),
                        op.totalMs, static_cast<unsigned long long>(op.calls),
                        meanUs, rate.c_str(), op.name.c_str());
  };
  if (anyDevice) {
    out += formatString("%7s %12s %9s %12s %9s  %s\n", "share", "total ms",
                        "calls", "mean us", "GB/s", "name");
    for (const profile::OpTotals &op : operations)
      if (isDevice(op))
        row(op, deviceMs > 0
                    ? formatString("%.1f%%", 100 * op.totalMs / deviceMs)
                    : std::string("-"));
    out += formatString("device time: %.3f ms in all, %.3f ms per run\n",
                        deviceMs, iterations ? deviceMs / iterations : 0.0);
  }
  if (std::any_of(operations.begin(), operations.end(),
                  [](const profile::OpTotals &op) {
                    return profile::isTransfer(op.kind);
                  })) {
    for (const profile::OpTotals &op : operations)
      if (profile::isTransfer(op.kind))
        row(op, "-");
    out += formatString("host<->device transfers (not device time): %.3f ms in "
                        "all, %.3f ms per run\n",
                        transferMs, iterations ? transferMs / iterations : 0.0);
  }
  formatHostRows(out, host, iterations, wallMs);
  if (std::any_of(operations.begin(), operations.end(),
                  [](const profile::OpTotals &op) {
                    return op.kind == OpKind::Range;
                  })) {
    out += "ranges (first start to last end of the device work queued "
           "inside; host time without any):\n";
    for (const profile::OpTotals &op : operations)
      if (op.kind == OpKind::Range)
        row(op, "-");
  }
  return out;
}

} // namespace arrayrt::bench

namespace {

using namespace arrayrt;

/// A file the run writes at its end (the JSON report, the trace), opened
/// before the program runs so that an unwritable path fails at once rather
/// than after the runs. A regular file is written through a temporary that
/// replaces it when complete, and removed if the program fails; devices,
/// FIFOs and /dev/stdout are written directly (OutputFile.h). No path:
/// stderr.
class RunOutput {
public:
  /// `what` as `the trace (ARRAYRT_TRACE)`.
  RunOutput(const std::string &path, const char *what, const char *variable)
      : path(path), what(what), variable(variable) {
    std::string error;
    if (!path.empty() && !file.open(path, error))
      fail();
  }

  void write(const std::string &text) {
    std::fflush(stdout);
    if (path.empty()) {
      bool ok = std::fputs(text.c_str(), stderr) >= 0;
      if (std::fflush(stderr) != 0 || !ok)
        fatal("cannot write %s to stderr (%s): %s", what, variable,
              std::strerror(errno));
      return;
    }
    std::string error;
    if (!file.write(text.data(), text.size(), error) || !file.commit(error))
      fail();
  }

private:
  /// `cannot write the trace to 'p' (ARRAYRT_TRACE): <errno's message>`,
  /// and what failed when it was not the write of `p` itself (a temporary
  /// file's creation or rename).
  [[noreturn]] void fail() {
    std::string action = file.errorAction();
    std::string plain = "cannot write '" + path + "'";
    std::string detail = action == plain ? "" : " (" + action + ")";
    int number = file.errorNumber();
    file.abandon();
    fatal("cannot write %s to '%s' (%s): %s%s", what, path.c_str(), variable,
          std::strerror(number), detail.c_str());
  }

  std::string path;
  const char *what, *variable;
  io::OutputFile file;
};

} // namespace

int arrayrt::bench::runProgram(const std::function<void()> &program, int argc,
                               char **argv,
                               const std::function<void()> &prepare) {
  bench::Config config;
  std::string error = bench::parseConfig(bench::readEnvironment(), config);
  if (!error.empty())
    fatal("%s", error.c_str());
  if (config.nvtx)
    profile::enableNvtx();
  bool tracing = !config.trace.empty();
  // Host spans are timed for the table and the trace, never for a
  // benchmark alone.
  bool hostSpans = config.profile || tracing;
  if (config.iterations == 0 && !config.profile && !tracing) {
    if (prepare)
      prepare();
    program();
    return 0;
  }

  bool benchmark = config.iterations != 0;
  std::unique_ptr<RunOutput> reportFile, traceFile;
  if (benchmark)
    reportFile = std::make_unique<RunOutput>(
        config.output, "the benchmark report", "ARRAYRT_BENCH_OUT");
  if (tracing)
    traceFile =
        std::make_unique<RunOutput>(config.trace, "the trace", "ARRAYRT_TRACE");
  if (prepare)
    prepare();
  profile::start(tracing);
  if (hostSpans)
    hostprofile::start(tracing);
  bench::Report report;
  report.program = argc > 0 && argv[0] ? argv[0] : "";
  report.requestedIterations = config.iterations;
  auto begin = std::chrono::steady_clock::now();
  auto secondsSince = [](std::chrono::steady_clock::time_point from) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         from)
        .count();
  };
  auto run = [&](bool counted) {
    profile::beginIteration();
    auto start = std::chrono::steady_clock::now();
    program();
    profile::IterationTimes times = profile::endIteration(counted);
    double wallMs = secondsSince(start) * 1000;
    if (hostSpans)
      hostprofile::endIteration(counted);
    if (!counted)
      return;
    report.samplesMs.push_back(times.deviceMs);
    report.spanMs.push_back(times.spanMs);
    report.transferMs.push_back(times.transferMs);
    report.hostMs.push_back(wallMs);
  };
  if (!benchmark) {
    run(/*counted=*/true);
  } else {
    while (bench::keepRunning(config, /*warmup=*/true, report.warmup,
                              secondsSince(begin))) {
      run(/*counted=*/false);
      ++report.warmup;
    }
    while (bench::keepRunning(config, /*warmup=*/false,
                              static_cast<unsigned>(report.samplesMs.size()),
                              secondsSince(begin)))
      run(/*counted=*/true);
  }
  report.operations = profile::totals();
  std::vector<hostprofile::SpanTotals> host;
  if (hostSpans)
    host = hostprofile::totals();
  bool device = profile::deviceUsed();
  std::string trace = tracing ? profile::traceJson() : std::string();
  profile::stop();
  hostprofile::stop();
  if (tracing)
    traceFile->write(trace);
  report.timer = device ? "cuda-events" : "host-clock";
  if (!device)
    report.samplesMs = report.hostMs;

  if (benchmark)
    reportFile->write(bench::formatJson(report));
  if (config.profile) {
    double wallMs = 0;
    for (double ms : report.hostMs)
      wallMs += ms;
    std::fflush(stdout);
    std::fputs(
        bench::formatProfile(report.operations,
                             static_cast<unsigned>(report.samplesMs.size()),
                             report.warmup, host, wallMs)
            .c_str(),
        stderr);
    std::fflush(stderr);
  }
  return 0;
}

namespace {
/// What the library's exit handler reports.
struct LibraryProfile {
  bool table = false;
  std::unique_ptr<RunOutput> traceFile;
};
LibraryProfile *libraryProfile = nullptr;

void reportLibraryProfile() {
  LibraryProfile &report = *libraryProfile;
  // Waits for the operations of every call so far.
  profile::endIteration(/*accumulate=*/true);
  hostprofile::endIteration(/*accumulate=*/true);
  std::vector<profile::OpTotals> operations = profile::totals();
  std::vector<hostprofile::SpanTotals> host = hostprofile::totals();
  std::string trace = report.traceFile ? profile::traceJson() : std::string();
  profile::stop();
  hostprofile::stop();
  if (report.traceFile)
    report.traceFile->write(trace);
  if (report.table) {
    std::fflush(stdout);
    std::fputs(bench::formatProfile(operations, 1, 0, host).c_str(), stderr);
    std::fflush(stderr);
  }
}
} // namespace

void arrayrt::bench::startLibraryProfiling() {
  static std::once_flag once;
  std::call_once(once, [] {
    bench::Config config;
    std::string error = bench::parseConfig(bench::readEnvironment(), config);
    if (!error.empty())
      fatal("%s", error.c_str());
    if (config.nvtx)
      profile::enableNvtx();
    bool tracing = !config.trace.empty();
    if (!config.profile && !tracing)
      return;
    auto *report = new LibraryProfile;
    report->table = config.profile;
    if (tracing)
      report->traceFile = std::make_unique<RunOutput>(config.trace, "the trace",
                                                      "ARRAYRT_TRACE");
    libraryProfile = report;
    profile::start(tracing);
    hostprofile::start(tracing);
    profile::beginIteration();
    std::atexit(reportLibraryProfile);
  });
}

extern "C" int arrayrt_run_program(arrayrt_program_t program, int argc,
                                   char **argv) {
  return arrayrt::bench::runProgram(program, argc, argv);
}
