//===- ProfileTest.cpp - Device timing against the fake driver ------------===//
//
// Every test of this binary runs the runtime against libarrayrt-fake-cuda
// (FakeDriver.cpp), whose simulated clock makes each measured time exact:
// a kernel takes grid_x microseconds, a copy 1 us per 1000 bytes, a memset
// 1 us per 1000 elements, and fakeCudaAdvance adds a gap.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"
#include "arrayrt/mlir_gpu_abi.h"

#include "FakeDriverHooks.h"

#include "profile/Profile.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

namespace profile = arrayrt::profile;

using arrayrt::test::fakeDriverHook;

/// The fake driver's test hooks, from the copy the runtime loaded.
struct FakeHooks {
  void (*advance)(double us);
  long (*liveEvents)();
};

const FakeHooks &hooks() {
  static const FakeHooks result = {
      fakeDriverHook<void (*)(double)>("fakeCudaAdvance"),
      fakeDriverHook<long (*)()>("fakeCudaLiveEvents")};
  return result;
}

arrayrt_function_t kernel(const char *name) {
  static const char image[] = "fake image";
  static arrayrt_module_t module = arrayrt_module_load(image, sizeof(image));
  return arrayrt_module_get_function(module, name);
}

/// A kernel as compiled code gets it (mgpuModuleGetFunction's handle).
void *compiledKernel(const char *name) {
  static char image[] = "fake image";
  static void *module = mgpuModuleLoad(image, sizeof(image));
  return mgpuModuleGetFunction(module, name);
}

/// A kernel that runs `us` microseconds on the fake device.
void launch(const char *name, uint32_t us, arrayrt_stream_t stream) {
  arrayrt_launch_kernel(kernel(name), us, 1, 1, 128, 1, 1, 0, stream, nullptr);
}

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(Profile, InactiveRecordsNothing) {
  const FakeHooks &fake = hooks();
  arrayrt_stream_t stream = arrayrt_stream_create();
  launch("k", 100, stream);
  void *buffer = arrayrt_alloc(4096, stream);
  arrayrt_memset32(buffer, 7, 1024, stream);
  arrayrt_free(buffer, stream);
  EXPECT_FALSE(profile::active());
  // The memory pool's events (recorded when blocks are freed) go with its
  // cache; no timing event may be left.
  arrayrt_pool_free_all_cached();
  EXPECT_EQ(fake.liveEvents(), 0);
  EXPECT_FALSE(profile::deviceUsed());
  arrayrt_stream_destroy(stream);
}

TEST(Profile, IterationSeparatesDeviceTimeSpanAndTransfers) {
  const FakeHooks &fake = hooks();
  arrayrt_stream_t stream = arrayrt_stream_create();
  std::vector<char> host(100000, 1);
  void *a = arrayrt_alloc(100000, stream);
  void *b = arrayrt_alloc(100000, stream);

  profile::start();
  profile::beginIteration();
  arrayrt_memcpy(a, host.data(), 100000, stream); // HtoD, 100 us.
  fake.advance(1000);                             // Host work: not timed.
  launch("first", 200, stream);
  fake.advance(50);
  launch("second", 300, stream);
  arrayrt_memset32(b, 0, 1000, stream);          // 1 us.
  arrayrt_memcpy(b, a, 2000, stream);            // DtoD, 2 us.
  arrayrt_memcpy(host.data(), b, 10000, stream); // DtoH, 10 us.
  launch("first", 200, stream);
  profile::IterationTimes times = profile::endIteration(/*accumulate=*/true);

  EXPECT_NEAR(times.deviceMs, 0.703, 1e-6);
  EXPECT_NEAR(times.transferMs, 0.110, 1e-6);
  // First kernel's start to last kernel's end, the 50 us gap and the DtoH
  // copy included.
  EXPECT_NEAR(times.spanMs,
              0.200 + 0.050 + 0.300 + 0.001 + 0.002 + 0.010 + 0.200, 1e-6);
  EXPECT_EQ(times.operations, 7u);

  std::vector<profile::OpTotals> totals = profile::totals();
  ASSERT_EQ(totals.size(), 6u);
  EXPECT_EQ(totals[0].name, "first");
  EXPECT_EQ(totals[0].kind, profile::OpKind::Kernel);
  EXPECT_EQ(totals[0].calls, 2u);
  EXPECT_NEAR(totals[0].totalMs, 0.4, 1e-6);
  EXPECT_EQ(totals[1].name, "second");
  EXPECT_EQ(totals[2].name, "copy HtoD");
  EXPECT_EQ(totals[2].kind, profile::OpKind::CopyHostToDevice);
  EXPECT_EQ(totals[3].name, "copy DtoH");
  EXPECT_EQ(totals[3].kind, profile::OpKind::CopyDeviceToHost);
  EXPECT_EQ(totals[4].name, "copy DtoD");
  EXPECT_EQ(totals[4].kind, profile::OpKind::CopyDeviceToDevice);
  EXPECT_EQ(totals[5].name, "memset 32-bit");
  EXPECT_EQ(totals[5].kind, profile::OpKind::Memset);
  EXPECT_TRUE(profile::deviceUsed());

  profile::stop();
  EXPECT_EQ(fake.liveEvents(), 0);
  arrayrt_free(a, stream);
  arrayrt_free(b, stream);
  arrayrt_stream_destroy(stream);
  // Later tests in this process count live events: drop the pool's.
  arrayrt_pool_free_all_cached();
}

TEST(Profile, IterationsNotAccumulatedAreNotInTotals) {
  hooks();
  profile::start();
  profile::beginIteration();
  launch("warm", 10, nullptr);
  EXPECT_NEAR(profile::endIteration(false).deviceMs, 0.010, 1e-6);
  profile::beginIteration();
  launch("warm", 20, nullptr);
  EXPECT_NEAR(profile::endIteration(true).deviceMs, 0.020, 1e-6);
  std::vector<profile::OpTotals> totals = profile::totals();
  ASSERT_EQ(totals.size(), 1u);
  EXPECT_EQ(totals[0].calls, 1u);
  EXPECT_NEAR(totals[0].totalMs, 0.020, 1e-6);
  profile::stop();
}

TEST(Profile, EventsArePooledAcrossIterationsAndLongIterations) {
  const FakeHooks &fake = hooks();
  profile::start();
  long afterFirst = 0;
  for (int i = 0; i < 20; ++i) {
    profile::beginIteration();
    for (int k = 0; k < 3; ++k)
      launch("k", 5, nullptr);
    EXPECT_NEAR(profile::endIteration(true).deviceMs, 0.015, 1e-6);
    if (i == 0)
      afterFirst = fake.liveEvents();
  }
  EXPECT_EQ(afterFirst, 6);
  // Plus the first iteration's first event, the trace's time origin, kept
  // until stop().
  EXPECT_EQ(fake.liveEvents(), afterFirst + 1);

  // One long iteration: the oldest operations are read as it goes, so the
  // events in use stay bounded.
  profile::beginIteration();
  for (int k = 0; k < 20000; ++k)
    launch("many", 1, nullptr);
  profile::IterationTimes times = profile::endIteration(true);
  EXPECT_NEAR(times.deviceMs, 20.0, 1e-3);
  EXPECT_NEAR(times.spanMs, 20.0, 1e-3);
  EXPECT_EQ(times.operations, 20000u);
  EXPECT_LE(fake.liveEvents(), 2 * 4096 + 2);
  profile::stop();
  EXPECT_EQ(fake.liveEvents(), 0);
}

TEST(Profile, SameNameInTwoModulesGetsTwoRows) {
  hooks();
  static const char image[] = "another fake image";
  arrayrt_module_t other = arrayrt_module_load(image, sizeof(image));
  arrayrt_function_t first = kernel("main_kernel");
  arrayrt_function_t second = arrayrt_module_get_function(other, "main_kernel");
  profile::start();
  profile::beginIteration();
  arrayrt_launch_kernel(first, 10, 1, 1, 1, 1, 1, 0, nullptr, nullptr);
  arrayrt_launch_kernel(second, 30, 1, 1, 1, 1, 1, 0, nullptr, nullptr);
  arrayrt_launch_kernel(first, 10, 1, 1, 1, 1, 1, 0, nullptr, nullptr);
  profile::endIteration(true);
  std::vector<profile::OpTotals> totals = profile::totals();
  ASSERT_EQ(totals.size(), 2u);
  EXPECT_EQ(totals[0].name, "main_kernel#2");
  EXPECT_NEAR(totals[0].totalMs, 0.030, 1e-6);
  EXPECT_EQ(totals[1].name, "main_kernel");
  EXPECT_EQ(totals[1].calls, 2u);
  profile::stop();
  arrayrt_module_unload(other);
}

TEST(Profile, OpLabelsNameRowsAndBytesGiveBandwidth) {
  hooks();
  arrayrt_stream_t stream = arrayrt_stream_create();
  profile::start();
  for (int i = 0; i < 2; ++i) {
    profile::beginIteration();
    arrayrt_set_op("array.exp @ p.mlir:3:8", "p.mlir:3:8", 8000000);
    launch("labelled", 100, stream); // 8 MB in 100 us: 80 GB/s.
    launch("labelled", 100, stream); // No bytes said for this one.
    profile::endIteration(/*accumulate=*/true);
  }
  arrayrt_set_op(nullptr, nullptr, 0);
  std::vector<profile::OpTotals> totals = profile::totals();
  profile::stop();
  arrayrt_stream_destroy(stream);
  ASSERT_EQ(totals.size(), 1u);
  EXPECT_EQ(totals[0].name, "array.exp @ p.mlir:3:8");
  EXPECT_EQ(totals[0].calls, 4u);
  EXPECT_EQ(totals[0].bytes, 16000000u);
  EXPECT_EQ(totals[0].callsWithBytes, 2u);
  EXPECT_LT(profile::gigabytesPerSecond(totals[0]), 0); // Not all said.
  totals[0].callsWithBytes = totals[0].calls;
  // The fake driver's times are floats, as the real one's.
  EXPECT_NEAR(profile::gigabytesPerSecond(totals[0]), 40.0, 1e-5);
}

TEST(Profile, TraceHasATrackPerStreamAllocationsAndRanges) {
  const FakeHooks &fake = hooks();
  arrayrt_stream_t s1 = arrayrt_stream_create();
  arrayrt_stream_t s2 = nullptr; // The fake driver's streams share a handle.
  profile::start(/*trace=*/true);
  profile::beginIteration();
  arrayrt_set_op("array.log @ q.mlir:3:8", "q.mlir:3:8", 4000000);
  launch("first", 100, s1); // 0-100 us.
  arrayrt_set_op(nullptr, nullptr, 0);
  arrayrt_range_push("step");
  launch("second", 50, s2);               // 100-150 us.
  void *buffer = arrayrt_alloc(4096, s2); // At 150 us.
  arrayrt_memset32(buffer, 0, 1000, s2);  // 150-151 us.
  arrayrt_range_pop();
  arrayrt_free(buffer, s2); // At 151 us.
  profile::endIteration(/*accumulate=*/true);
  std::vector<profile::OpTotals> totals = profile::totals();
  std::string json = profile::traceJson();
  profile::stop();
  arrayrt_stream_destroy(s1);
  arrayrt_pool_free_all_cached();
  EXPECT_EQ(fake.liveEvents(), 0);

  auto has = [&](const std::string &text) {
    EXPECT_NE(json.find(text), std::string::npos) << text << "\nin\n" << json;
  };
  has("{\"displayTimeUnit\": \"ms\", \"traceEvents\": [\n");
  has("{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 0, "
      "\"args\": {\"name\": \"program ranges\"}}");
  has("{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 1, "
      "\"args\": {\"name\": \"stream 1 (0x");
  has("{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 2, "
      "\"args\": {\"name\": \"stream 2 (default)\"}}");
  has("{\"name\": \"array.log @ q.mlir:3:8\", \"cat\": \"kernel\", \"ph\": "
      "\"X\", \"pid\": 1, \"tid\": 1, \"ts\": 0.000, \"dur\": 100.000, "
      "\"args\": {\"bytes\": 4000000, \"GB/s\": 40.0}}");
  has("{\"name\": \"second\", \"cat\": \"kernel\", \"ph\": \"X\", \"pid\": "
      "1, \"tid\": 2, \"ts\": 100.000, \"dur\": 50.000, \"args\": {}}");
  has("{\"name\": \"alloc\", \"cat\": \"allocation\", \"ph\": \"i\", "
      "\"pid\": 1, \"tid\": 2, \"ts\": 150.000, \"s\": \"t\", \"args\": "
      "{\"bytes\": 4096, \"in use after\": 4096}}");
  has("{\"name\": \"device memory in use\", \"ph\": \"C\", \"pid\": 1, "
      "\"ts\": 150.000, \"args\": {\"bytes\": 4096}}");
  has("{\"name\": \"memset 32-bit\", \"cat\": \"memset\", \"ph\": \"X\", "
      "\"pid\": 1, \"tid\": 2, \"ts\": 150.000, \"dur\": 1.000, \"args\": "
      "{\"bytes\": 4000, \"GB/s\": 4.0}}");
  has("{\"name\": \"free\", \"cat\": \"allocation\", \"ph\": \"i\", "
      "\"pid\": 1, \"tid\": 2, \"ts\": 151.000, \"s\": \"t\", \"args\": "
      "{\"in use after\": 0}}");
  has("{\"name\": \"step\", \"cat\": \"range\", \"ph\": \"X\", \"pid\": 1, "
      "\"tid\": 0, \"ts\": 100.000, \"dur\": 51.000, \"args\": {\"detail\": "
      "\"depth 0\"}}");
  has("\n]}\n");

  // The range is a row of its own, not device time.
  bool foundRange = false;
  for (const profile::OpTotals &op : totals)
    if (op.name == "step") {
      foundRange = true;
      EXPECT_EQ(op.kind, profile::OpKind::Range);
      EXPECT_EQ(op.calls, 1u);
      EXPECT_NEAR(op.totalMs, 0.051, 1e-9);
    }
  EXPECT_TRUE(foundRange);
}

TEST(Profile, RangesWithoutDeviceWorkTakeHostTime) {
  hooks();
  profile::start();
  profile::beginIteration();
  arrayrt_range_push("host only");
  arrayrt_range_pop();
  arrayrt_range_pop(); // Unbalanced: ignored.
  profile::endIteration(/*accumulate=*/true);
  std::vector<profile::OpTotals> totals = profile::totals();
  profile::stop();
  ASSERT_EQ(totals.size(), 1u);
  EXPECT_EQ(totals[0].name, "host only");
  EXPECT_EQ(totals[0].calls, 1u);
  EXPECT_GE(totals[0].totalMs, 0);
}

TEST(Profile, HooksOffRangesAndOpsCostNothing) {
  const FakeHooks &fake = hooks();
  long events = fake.liveEvents();
  EXPECT_FALSE(profile::active());
  arrayrt_range_push("ignored");
  arrayrt_set_op("array.exp @ p.mlir:3:8", "p.mlir:3:8", 100);
  arrayrt_range_pop();
  arrayrt_set_op(nullptr, nullptr, 0);
  EXPECT_EQ(fake.liveEvents(), events);
}

TEST(Profile, ChromeTraceEscapesNames) {
  std::vector<profile::TraceTrack> tracks = {{1, "stream \"1\""}};
  profile::TraceEvent event;
  event.name = "a\\b\n";
  event.track = 1;
  event.startUs = 1.5;
  event.durationUs = 2.25;
  std::string json = profile::formatChromeTrace(tracks, {event});
  EXPECT_EQ(json,
            "{\"displayTimeUnit\": \"ms\", \"traceEvents\": [\n"
            "{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": "
            "0, \"args\": {\"name\": \"arrayrt (GPU time)\"}},\n"
            "{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": "
            "1, \"args\": {\"name\": \"stream \\\"1\\\"\"}},\n"
            "{\"name\": \"thread_sort_index\", \"ph\": \"M\", \"pid\": 1, "
            "\"tid\": 1, \"args\": {\"sort_index\": 1}},\n"
            "{\"name\": \"a\\\\b\\u000a\", \"cat\": \"kernel\", \"ph\": \"X\", "
            "\"pid\": 1, \"tid\": 1, \"ts\": 1.500, \"dur\": 2.250, \"args\": "
            "{}}\n]}\n");
}

TEST(Profile, ErrorsNameTheOpLocation) {
  hooks();
  EXPECT_EXIT(
      {
        arrayrt_set_op("array.add @ p.mlir:7:3", "p.mlir:7:3", 0);
        int local = 0;
        arrayrt_free(&local, nullptr); // Not device memory: cuMemFree fails.
      },
      ::testing::ExitedWithCode(1),
      "^arrayrt: error: p.mlir:7:3: cuMemFree failed: CUDA_ERROR_FAKE "
      "\\(error from the fake driver\\)\n$");
}

TEST(Profile, ClusterLaunchesAreTimed) {
  hooks();
  profile::start();
  profile::beginIteration();
  arrayrt_launch_cluster_kernel(kernel("clustered"), 2, 1, 1, 40, 1, 1, 128, 1,
                                1, 0, nullptr, nullptr);
  EXPECT_NEAR(profile::endIteration(true).deviceMs, 0.040, 1e-6);
  ASSERT_EQ(profile::totals().size(), 1u);
  EXPECT_EQ(profile::totals()[0].name, "clustered");
  profile::stop();
}

TEST(Profile, ClusterKernelsGetTheClustersThatFit) {
  hooks();
  profile::start();
  // The fake device holds 128 / 8 = 16 clusters of 8 at once: a grid of
  // 128 clusters is launched as 16 (128 blocks, 128 us on the fake clock),
  // a grid of 4 clusters as is.
  for (auto [grid, launched] : {std::pair<intptr_t, double>{1024, 128},
                                std::pair<intptr_t, double>{32, 32}}) {
    profile::beginIteration();
    mgpuLaunchClusterKernel(compiledKernel("rows"), 8, 1, 1, grid, 1, 1, 512, 1,
                            1, 0, nullptr, nullptr, nullptr, 0);
    EXPECT_NEAR(profile::endIteration(true).deviceMs, launched / 1000, 1e-6)
        << "grid " << grid;
  }
  profile::stop();
}

int programRuns = 0;

void program() {
  ++programRuns;
  arrayrt_stream_t stream = arrayrt_stream_create();
  launch("main_kernel", 250, stream);
  launch("main_kernel_0", 50, stream);
  arrayrt_stream_synchronize(stream);
  arrayrt_stream_destroy(stream);
}

/// Runs `program` as main does (argv[0] "prog", no arguments), counting its
/// runs in programRuns; expects exit status 0.
void runProgram() {
  char name[] = "prog";
  char *argv[] = {name, nullptr};
  programRuns = 0;
  EXPECT_EQ(arrayrt_run_program(program, 1, argv), 0);
}

TEST(Bench, RunProgramWritesJson) {
  const FakeHooks &fake = hooks();
  std::string path =
      testing::TempDir() + "bench-" + std::to_string(getpid()) + ".json";
  setenv("ARRAYRT_BENCH", "4", 1);
  setenv("ARRAYRT_BENCH_WARMUP", "2", 1);
  setenv("ARRAYRT_BENCH_OUT", path.c_str(), 1);
  runProgram();
  EXPECT_EQ(programRuns, 6);
  EXPECT_EQ(fake.liveEvents(), 0);
  EXPECT_FALSE(profile::active());
  std::string json = readFile(path);
  std::remove(path.c_str());
  EXPECT_NE(json.find("\"timer\": \"cuda-events\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"warmup\": 2,\n  \"iterations\": 4,"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"median_ms\": 0.300000"), std::string::npos) << json;
  EXPECT_NE(json.find("\"samples_ms\": [0.300000, 0.300000, 0.300000, "
                      "0.300000]"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"transfer_ms\": [0.000000, 0.000000, 0.000000, "
                      "0.000000]"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("{\"name\": \"main_kernel\", \"kind\": \"kernel\", "
                      "\"calls\": 4, \"total_ms\": 1.000000}"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("{\"name\": \"main_kernel_0\", \"kind\": \"kernel\", "
                      "\"calls\": 4, \"total_ms\": 0.200000}"),
            std::string::npos)
      << json;
}

TEST(Bench, MaxSecondsStopsEarly) {
  hooks();
  std::string path =
      testing::TempDir() + "bench-max-" + std::to_string(getpid()) + ".json";
  setenv("ARRAYRT_BENCH", "25", 1);
  setenv("ARRAYRT_BENCH_WARMUP", "3", 1);
  setenv("ARRAYRT_BENCH_MAX_SECONDS", "0.000001", 1);
  setenv("ARRAYRT_BENCH_OUT", path.c_str(), 1);
  runProgram();
  unsetenv("ARRAYRT_BENCH_MAX_SECONDS");
  EXPECT_EQ(programRuns, 2);
  std::string json = readFile(path);
  std::remove(path.c_str());
  EXPECT_NE(json.find("\"warmup\": 1,\n  \"iterations\": 1,\n  "
                      "\"requested_iterations\": 25,"),
            std::string::npos)
      << json;
}

TEST(Bench, ProfileOnlyRunsOnceAndPrintsTable) {
  hooks();
  unsetenv("ARRAYRT_BENCH");
  setenv("ARRAYRT_PROFILE", "1", 1);
  testing::internal::CaptureStderr();
  runProgram();
  std::string table = testing::internal::GetCapturedStderr();
  EXPECT_EQ(programRuns, 1);
  EXPECT_EQ(table,
            "arrayrt profile: 1 run of the program, device times from CUDA "
            "events\n"
            "  share     total ms     calls      mean us      GB/s  name\n"
            "  83.3%        0.250         1      250.000         -  "
            "main_kernel\n"
            "  16.7%        0.050         1       50.000         -  "
            "main_kernel_0\n"
            "device time: 0.300 ms in all, 0.300 ms per run\n");
}

TEST(Bench, OffRunsOnceUntimed) {
  const FakeHooks &fake = hooks();
  unsetenv("ARRAYRT_BENCH");
  unsetenv("ARRAYRT_PROFILE");
  testing::internal::CaptureStderr();
  runProgram();
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(programRuns, 1);
  EXPECT_EQ(fake.liveEvents(), 0);
}

} // namespace

TEST(Device, MultiprocessorCountComesFromTheDriver) {
  // The fake driver reports an H100/H200's 132 SMs.
  EXPECT_EQ(arrayrt_multiprocessor_count(), 132);
  EXPECT_EQ(arrayrt_multiprocessor_count(), 132);
}
