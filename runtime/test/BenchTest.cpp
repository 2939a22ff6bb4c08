//===- BenchTest.cpp - ARRAYRT_BENCH settings, statistics and reports -----===//
//
// The parts of the benchmark mode that need neither a program nor a GPU:
// reading the environment, the statistics, the JSON report and the
// ARRAYRT_PROFILE table. ProfileTest.cpp runs the mode itself against the
// fake driver.
//
//===----------------------------------------------------------------------===//

#include "profile/Bench.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using arrayrt::bench::Config;
using arrayrt::bench::Environment;
using arrayrt::bench::parseConfig;
using arrayrt::profile::OpKind;
using arrayrt::profile::OpTotals;

Environment withBench(const char *bench, const char *warmup = nullptr) {
  Environment env;
  env.bench = bench;
  env.warmup = warmup;
  return env;
}

TEST(BenchConfig, DefaultsWhenUnset) {
  Config config;
  config.iterations = 7;
  EXPECT_EQ(parseConfig(Environment(), config), "");
  EXPECT_EQ(config.iterations, 0u);
  EXPECT_EQ(config.warmup, 3u);
  EXPECT_EQ(config.output, "");
  EXPECT_FALSE(config.profile);
}

TEST(BenchConfig, EmptyAndZeroMeanOff) {
  Config config;
  EXPECT_EQ(parseConfig(withBench(""), config), "");
  EXPECT_EQ(config.iterations, 0u);
  EXPECT_EQ(parseConfig(withBench("0"), config), "");
  EXPECT_EQ(config.iterations, 0u);
}

TEST(BenchConfig, ReadsEveryVariable) {
  Environment env;
  env.bench = "25";
  env.warmup = "0";
  env.output = "out/bench.json";
  env.profile = "1";
  Config config;
  ASSERT_EQ(parseConfig(env, config), "");
  EXPECT_EQ(config.iterations, 25u);
  EXPECT_EQ(config.warmup, 0u);
  EXPECT_EQ(config.output, "out/bench.json");
  EXPECT_TRUE(config.profile);
  env.profile = "0";
  ASSERT_EQ(parseConfig(env, config), "");
  EXPECT_FALSE(config.profile);
  ASSERT_EQ(parseConfig(withBench("1000000", "1000000"), config), "");
  EXPECT_EQ(config.iterations, 1000000u);
  EXPECT_EQ(config.warmup, 1000000u);
}

TEST(BenchConfig, RejectsWhatIsNotACount) {
  for (const char *bad : {"abc", "-1", "+3", "1.5", " 3", "3 ", "0x10",
                          "1000001", "99999999999999999999999"}) {
    Config config;
    EXPECT_EQ(parseConfig(withBench(bad), config),
              std::string("ARRAYRT_BENCH must be the number of timed "
                          "iterations, a whole number from 0 (off) to "
                          "1000000, but is '") +
                  bad + "'")
        << bad;
  }
  Config config;
  EXPECT_EQ(parseConfig(withBench("5", "two"), config),
            "ARRAYRT_BENCH_WARMUP must be the number of untimed iterations, "
            "a whole number from 0 to 1000000, but is 'two'");
  Environment env;
  env.profile = "yes";
  EXPECT_EQ(parseConfig(env, config),
            "ARRAYRT_PROFILE must be 1 (on) or 0 (off), but is 'yes'");
}

TEST(BenchConfig, MaxSeconds) {
  Environment env = withBench("5");
  Config config;
  for (const char *good : {"2.5", "10", "0.001"}) {
    env.maxSeconds = good;
    ASSERT_EQ(parseConfig(env, config), "") << good;
    EXPECT_DOUBLE_EQ(config.maxSeconds, std::stod(good));
  }
  for (const char *bad : {"0", "-1", "1e3", "inf", "nan", "5s", "", " 1"}) {
    env.maxSeconds = bad;
    std::string error = parseConfig(env, config);
    if (!*bad) {
      EXPECT_EQ(error, "");
      EXPECT_DOUBLE_EQ(config.maxSeconds, 0);
      continue;
    }
    EXPECT_EQ(error, std::string("ARRAYRT_BENCH_MAX_SECONDS must be a "
                                 "positive number of seconds, but is '") +
                         bad + "'")
        << bad;
  }
}

TEST(BenchConfig, KeepRunningCountsAndLimit) {
  using arrayrt::bench::keepRunning;
  Config config;
  config.iterations = 4;
  config.warmup = 2;
  EXPECT_TRUE(keepRunning(config, true, 1, 1e6));
  EXPECT_FALSE(keepRunning(config, true, 2, 0));
  EXPECT_TRUE(keepRunning(config, false, 3, 1e6));
  EXPECT_FALSE(keepRunning(config, false, 4, 0));
  config.maxSeconds = 8;
  // Always one run of each, then warm-up up to 2 s, timing up to 8 s.
  EXPECT_TRUE(keepRunning(config, true, 0, 100));
  EXPECT_TRUE(keepRunning(config, true, 1, 1.9));
  EXPECT_FALSE(keepRunning(config, true, 1, 2.0));
  EXPECT_TRUE(keepRunning(config, false, 0, 100));
  EXPECT_TRUE(keepRunning(config, false, 2, 7.9));
  EXPECT_FALSE(keepRunning(config, false, 2, 8.0));
  EXPECT_FALSE(keepRunning(config, false, 4, 1));
}

TEST(BenchSummary, MedianMinMeanMax) {
  auto odd = arrayrt::bench::summarize({3, 1, 2, 10, 4});
  EXPECT_DOUBLE_EQ(odd.median, 3);
  EXPECT_DOUBLE_EQ(odd.min, 1);
  EXPECT_DOUBLE_EQ(odd.mean, 4);
  EXPECT_DOUBLE_EQ(odd.max, 10);
  auto even = arrayrt::bench::summarize({4, 1, 3, 2});
  EXPECT_DOUBLE_EQ(even.median, 2.5);
  EXPECT_DOUBLE_EQ(even.mean, 2.5);
  auto none = arrayrt::bench::summarize({});
  EXPECT_DOUBLE_EQ(none.median, 0);
  EXPECT_DOUBLE_EQ(none.max, 0);
}

TEST(BenchJson, EscapesStrings) {
  EXPECT_EQ(arrayrt::bench::jsonString("plain"), "\"plain\"");
  EXPECT_EQ(arrayrt::bench::jsonString("a\"b\\c\nd\te\x01"),
            "\"a\\\"b\\\\c\\nd\\te\\u0001\"");
}

TEST(BenchJson, DeviceReport) {
  arrayrt::bench::Report report;
  report.program = "./soft\"max";
  report.timer = "cuda-events";
  report.warmup = 3;
  report.requestedIterations = 5;
  report.samplesMs = {2.0, 1.0, 4.0};
  report.spanMs = {2.5, 1.5, 4.5};
  report.transferMs = {10, 10, 10.25};
  report.hostMs = {30, 31, 32};
  OpTotals kernel;
  kernel.name = "main_kernel";
  kernel.kind = OpKind::Kernel;
  kernel.calls = 3;
  kernel.totalMs = 6.5;
  OpTotals copy;
  copy.name = "copy HtoD";
  copy.kind = OpKind::CopyHostToDevice;
  copy.calls = 3;
  copy.totalMs = 30.25;
  report.operations = {copy, kernel};
  EXPECT_EQ(arrayrt::bench::formatJson(report),
            R"({
  "program": "./soft\"max",
  "timer": "cuda-events",
  "warmup": 3,
  "iterations": 3,
  "requested_iterations": 5,
  "median_ms": 2.000000,
  "min_ms": 1.000000,
  "mean_ms": 2.333333,
  "max_ms": 4.000000,
  "samples_ms": [2.000000, 1.000000, 4.000000],
  "span_ms": [2.500000, 1.500000, 4.500000],
  "transfer_ms": [10.000000, 10.000000, 10.250000],
  "host_ms": [30.000000, 31.000000, 32.000000],
  "operations": [
    {"name": "copy HtoD", "kind": "copy-htod", "calls": 3, "total_ms": 30.250000},
    {"name": "main_kernel", "kind": "kernel", "calls": 3, "total_ms": 6.500000}
  ]
}
)");
}

TEST(BenchJson, HostReportHasNoDeviceFields) {
  arrayrt::bench::Report report;
  report.program = "prog";
  report.timer = "host-clock";
  report.warmup = 0;
  report.requestedIterations = 1;
  report.samplesMs = {1.5};
  report.hostMs = {1.5};
  EXPECT_EQ(arrayrt::bench::formatJson(report),
            R"({
  "program": "prog",
  "timer": "host-clock",
  "warmup": 0,
  "iterations": 1,
  "requested_iterations": 1,
  "median_ms": 1.500000,
  "min_ms": 1.500000,
  "mean_ms": 1.500000,
  "max_ms": 1.500000,
  "samples_ms": [1.500000],
  "host_ms": [1.500000],
  "operations": []
}
)");
}

TEST(BenchProfile, TableSharesAndTransfers) {
  OpTotals a{"array.exp @ p.mlir:3:8", OpKind::Kernel, 10, 7.5};
  a.bytes = 30000000000; // 30 GB in 7.5 ms: 4000 GB/s.
  a.callsWithBytes = 10;
  OpTotals b{"main_kernel_0", OpKind::Kernel, 20, 2.0};
  b.bytes = 1000; // Not every call said: no bandwidth.
  b.callsWithBytes = 19;
  OpTotals m{"memset 32-bit", OpKind::Memset, 10, 0.5};
  OpTotals h{"copy HtoD", OpKind::CopyHostToDevice, 10, 40};
  h.bytes = 2000000000;
  h.callsWithBytes = 10;
  OpTotals r{"step", OpKind::Range, 10, 12.25};
  EXPECT_EQ(arrayrt::bench::formatProfile({r, h, a, b, m}, 10, 3),
            "arrayrt profile: 10 runs of the program (3 warm-up runs not "
            "counted), device times from CUDA events\n"
            "  share     total ms     calls      mean us      GB/s  name\n"
            "  75.0%        7.500        10      750.000    4000.0  "
            "array.exp @ p.mlir:3:8\n"
            "  20.0%        2.000        20      100.000         -  "
            "main_kernel_0\n"
            "   5.0%        0.500        10       50.000         -  "
            "memset 32-bit\n"
            "device time: 10.000 ms in all, 1.000 ms per run\n"
            "      -       40.000        10     4000.000      50.0  copy HtoD\n"
            "host<->device transfers (not device time): 40.000 ms in all, "
            "4.000 ms per run\n"
            "ranges (first start to last end of the device work queued "
            "inside; host time without any):\n"
            "      -       12.250        10     1225.000         -  step\n");
}

TEST(BenchProfile, RangesWithoutDeviceWork) {
  OpTotals r{"cpu step", OpKind::Range, 1, 0.5};
  EXPECT_EQ(arrayrt::bench::formatProfile({r}, 1, 0),
            "arrayrt profile: 1 run of the program: no device operations "
            "(nothing was queued on a GPU)\n"
            "ranges (first start to last end of the device work queued "
            "inside; host time without any):\n"
            "      -        0.500         1      500.000         -  "
            "cpu step\n");
}

TEST(BenchProfile, NoDeviceOperations) {
  EXPECT_EQ(arrayrt::bench::formatProfile({}, 1, 0),
            "arrayrt profile: 1 run of the program: no device operations "
            "(nothing was queued on a GPU)\n");
}

/// A CPU program's ops: the host time of the program thread's spans, with
/// their shares of it and its share of the runs' wall time, then the other
/// threads' spans.
TEST(BenchProfile, HostSpans) {
  using arrayrt::hostprofile::SpanTotals;
  SpanTotals e{"array.exp @ p.mlir:3:8", false, 10, 7.5};
  SpanTotals p{"array.print @ p.mlir:4:3", false, 10, 2.5};
  SpanTotals w{"array.exp @ p.mlir:3:8", true, 40, 20};
  OpTotals r{"step", OpKind::Range, 10, 12.25};
  EXPECT_EQ(arrayrt::bench::formatProfile({r}, 10, 3, {e, p, w}, 12.5),
            "arrayrt profile: 10 runs of the program (3 warm-up runs not "
            "counted), host times from the steady clock (nothing was queued "
            "on a GPU)\n"
            "host time by op, on the thread that ran the program:\n"
            "  share     total ms     calls      mean us  name\n"
            "  75.0%        7.500        10      750.000  "
            "array.exp @ p.mlir:3:8\n"
            "  25.0%        2.500        10      250.000  "
            "array.print @ p.mlir:4:3\n"
            "host time in ops: 10.000 ms in all, 1.000 ms per run (80.0% of "
            "the runs' wall time)\n"
            "host time by op on other threads (summed over the threads):\n"
            "      -       20.000        40      500.000  "
            "array.exp @ p.mlir:3:8\n"
            "ranges (first start to last end of the device work queued "
            "inside; host time without any):\n"
            "      -       12.250        10     1225.000         -  step\n");
  // Device operations first; without the wall time (a library), no share
  // of it.
  OpTotals k{"main_kernel", OpKind::Kernel, 1, 1.0};
  EXPECT_EQ(arrayrt::bench::formatProfile({k}, 1, 0, {p}),
            "arrayrt profile: 1 run of the program, device times from CUDA "
            "events, host times from the steady clock\n"
            "  share     total ms     calls      mean us      GB/s  name\n"
            " 100.0%        1.000         1     1000.000         -  "
            "main_kernel\n"
            "device time: 1.000 ms in all, 1.000 ms per run\n"
            "host time by op, on the thread that ran the program:\n"
            "  share     total ms     calls      mean us  name\n"
            " 100.0%        2.500        10      250.000  "
            "array.print @ p.mlir:4:3\n"
            "host time in ops: 2.500 ms in all, 2.500 ms per run\n");
}

/// runProgram as arrayrt_run_main calls it: `prepare` (which reads @main's
/// arguments) once, after the environment is read and before the first run.
TEST(BenchRunProgram, PreparesOnceBeforeTheRuns) {
  std::vector<std::string> calls;
  char name[] = "./prog";
  char *argv[] = {name, nullptr};
  auto program = [&] { calls.push_back("run"); };
  auto prepare = [&] { calls.push_back("prepare"); };
  for (const char *variable :
       {"ARRAYRT_BENCH", "ARRAYRT_BENCH_WARMUP", "ARRAYRT_BENCH_OUT",
        "ARRAYRT_BENCH_MAX_SECONDS", "ARRAYRT_PROFILE", "ARRAYRT_TRACE"})
    unsetenv(variable);
  EXPECT_EQ(arrayrt::bench::runProgram(program, 1, argv, prepare), 0);
  EXPECT_EQ(calls, (std::vector<std::string>{"prepare", "run"}));

  calls.clear();
  std::string report = testing::TempDir() + "arrayrt-bench-prepare.json";
  setenv("ARRAYRT_BENCH", "2", 1);
  setenv("ARRAYRT_BENCH_WARMUP", "1", 1);
  setenv("ARRAYRT_BENCH_OUT", report.c_str(), 1);
  EXPECT_EQ(arrayrt::bench::runProgram(program, 1, argv, prepare), 0);
  unsetenv("ARRAYRT_BENCH");
  unsetenv("ARRAYRT_BENCH_WARMUP");
  unsetenv("ARRAYRT_BENCH_OUT");
  std::remove(report.c_str());
  EXPECT_EQ(calls, (std::vector<std::string>{"prepare", "run", "run", "run"}));

  // Without `prepare`, as arrayrt_run_program runs a program.
  calls.clear();
  EXPECT_EQ(arrayrt::bench::runProgram(program, 1, argv), 0);
  EXPECT_EQ(calls, std::vector<std::string>{"run"});
}

} // namespace
