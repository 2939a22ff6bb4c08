//===- GraphsTest.cpp - Graph regions against the fake driver -------------===//
//
// The fake driver runs captured graphs (kernels as their names in the
// launch list, copies and memsets on host memory), so these tests see what
// a region's runs queue, in which order, and how many graphs it took.
//
//===----------------------------------------------------------------------===//

#include "graphs/Graphs.h"
#include "FakeDriverHooks.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

using namespace arrayrt::test;

namespace {

struct GraphCounts {
  long captures = 0, instantiations = 0, updates = 0, launches = 0;
};

GraphCounts graphCounts() {
  auto hook = fakeDriverHook<void (*)(long *)>("fakeCudaGraphCounts");
  long counts[4] = {};
  if (hook)
    hook(counts);
  return {counts[0], counts[1], counts[2], counts[3]};
}

GraphCounts since(const GraphCounts &before) {
  GraphCounts now = graphCounts();
  return {now.captures - before.captures,
          now.instantiations - before.instantiations,
          now.updates - before.updates, now.launches - before.launches};
}

std::string launched() {
  auto hook = fakeDriverHook<const char *(*)()>("fakeCudaLaunchedKernels");
  return hook ? hook() : "";
}

/// The kernels launched since `before` (a launch list read earlier).
std::string launchedSince(const std::string &before) {
  std::string now = launched();
  return now.substr(std::min(now.size(), before.size() + !before.empty()));
}

/// A kernel of a fake module whose two parameters (a pointer, an int64)
/// the fake driver knows the sizes of.
void *kernel(const char *name) {
  auto setSizes = fakeDriverHook<void (*)(const char *, int, const size_t *)>(
      "fakeCudaSetParamSizes");
  const size_t sizes[] = {8, 8};
  setSizes(name, 2, sizes);
  static const char image[] = "a gpu.binary with graph kernels";
  static void *module =
      mgpuModuleLoad(const_cast<char *>(image), sizeof(image));
  return mgpuModuleGetFunction(module, name);
}

/// Launches `function(pointer, value)` as compiled code does.
void launch(void *function, void *pointer, int64_t value) {
  void *params[] = {&pointer, &value};
  mgpuLaunchKernel(function, 4, 1, 1, 128, 1, 1, 0, arrayrt_default_stream(),
                   params, nullptr, 2);
}

TEST(GraphsTest, KnownRunsReplayOneGraph) {
  static const char region[] = "test: the same run ten times";
  arrayrt_stream_t stream = arrayrt_default_stream();
  void *a = kernel("graph_kernel_a"), *b = kernel("graph_kernel_b");
  auto *src = static_cast<float *>(arrayrt_alloc(64 * sizeof(float), stream));
  auto *dst = static_cast<float *>(arrayrt_alloc(64 * sizeof(float), stream));
  GraphCounts before = graphCounts();
  std::string list = launched();
  for (int run = 0; run < 10; ++run) {
    arrayrt_memset32(src, 0, 64, stream); // Zeros, then the copy reads them.
    arrayrt_graph_begin(region, stream);
    launch(a, src, 7);
    arrayrt_memset32(src, 0x3f800000u, 64, stream); // 1.0f
    arrayrt_memcpy(dst, src, 64 * sizeof(float), stream);
    launch(b, dst, 7);
    // Nothing ran yet: the run is recorded.
    EXPECT_EQ(src[0], 0.0f);
    arrayrt_graph_end(region, stream);
    // The graph ran the run's operations, in order.
    EXPECT_EQ(src[63], 1.0f);
    EXPECT_EQ(dst[0], 1.0f);
    dst[0] = 0.0f;
  }
  GraphCounts counts = since(before);
  EXPECT_EQ(counts.captures, 1);
  EXPECT_EQ(counts.instantiations, 1);
  EXPECT_EQ(counts.updates, 0);
  EXPECT_EQ(counts.launches, 10);
  std::string ten;
  for (int run = 0; run < 10; ++run)
    ten += std::string(run ? " " : "") + "graph_kernel_a graph_kernel_b";
  EXPECT_EQ(launchedSince(list), ten);
  arrayrt_free(src, stream);
  arrayrt_free(dst, stream);
}

/// A kernel of a module whose binary carries array-gpu-programmatic-launch's
/// mark: its kernels wait for their predecessor.
void *waitingKernel(const char *name) {
  auto setSizes = fakeDriverHook<void (*)(const char *, int, const size_t *)>(
      "fakeCudaSetParamSizes");
  const size_t sizes[] = {8, 8};
  setSizes(name, 2, sizes);
  static char image[] = "a gpu.binary whose kernels wait";
  static void *module = [] {
    void *loaded = mgpuModuleLoad(image, sizeof(image));
    // The module loads with its first kernel lookup.
    setenv("FAKE_CUDA_GLOBALS", "arrayrt_programmatic_launch", 1);
    mgpuModuleGetFunction(loaded, "graph_kernel_waits");
    unsetenv("FAKE_CUDA_GLOBALS");
    return loaded;
  }();
  return mgpuModuleGetFunction(module, name);
}

TEST(GraphsTest, MarkedModulesKernelsLaunchProgrammatically) {
  static const char region[] = "test: kernels that wait";
  auto programmatic =
      fakeDriverHook<long (*)()>("fakeCudaProgrammaticLaunches");
  arrayrt_stream_t stream = arrayrt_default_stream();
  void *waits = waitingKernel("graph_kernel_waits");
  void *plain = kernel("graph_kernel_a");
  std::vector<char> buffer(8);
  // Outside a region: the marked module's kernel with the attribute, the
  // other module's without.
  long before = programmatic();
  launch(waits, buffer.data(), 1);
  launch(plain, buffer.data(), 1);
  EXPECT_EQ(programmatic() - before, 1);
  // Recorded and replayed: the graph's capture keeps the attribute (one
  // capture of the run, then replays that launch nothing themselves).
  before = programmatic();
  std::string list = launched();
  for (int run = 0; run < 3; ++run) {
    arrayrt_graph_begin(region, stream);
    launch(plain, buffer.data(), 2);
    launch(waits, buffer.data(), 2);
    arrayrt_graph_end(region, stream);
  }
  EXPECT_EQ(programmatic() - before, 1);
  EXPECT_EQ(launchedSince(list),
            "graph_kernel_a graph_kernel_waits graph_kernel_a "
            "graph_kernel_waits graph_kernel_a graph_kernel_waits");
}

/// Launches `function(pointer, value)` on a grid of `blocks` blocks.
void launchGrid(void *function, void *pointer, int64_t value, intptr_t blocks) {
  void *params[] = {&pointer, &value};
  mgpuLaunchKernel(function, blocks, 1, 1, 128, 1, 1, 0,
                   arrayrt_default_stream(), params, nullptr, 2);
}

TEST(GraphsTest, KernelsWithGridBarriersLaunchCooperativelyOnResidentBlocks) {
  static const char region[] = "test: a persistent kernel in a loop";
  auto cooperative =
      fakeDriverHook<long (*)(unsigned *)>("fakeCudaCooperativeLaunches");
  auto programmatic =
      fakeDriverHook<long (*)()>("fakeCudaProgrammaticLaunches");
  auto setSizes = fakeDriverHook<void (*)(const char *, int, const size_t *)>(
      "fakeCudaSetParamSizes");
  const size_t sizes[] = {8, 8};
  setSizes("graph_kernel_barriers" ARRAYRT_COOPERATIVE_KERNEL_SUFFIX, 2, sizes);
  setSizes("graph_kernel_phases", 2, sizes);
  static char image[] = "a gpu.binary with a persistent kernel";
  void *module = mgpuModuleLoad(image, sizeof(image));
  // The module's kernels wait for their predecessor; the one named so
  // meets at grid barriers.
  setenv("FAKE_CUDA_GLOBALS", "arrayrt_programmatic_launch", 1);
  void *barriers = mgpuModuleGetFunction(
      module, "graph_kernel_barriers" ARRAYRT_COOPERATIVE_KERNEL_SUFFIX);
  void *phases = mgpuModuleGetFunction(module, "graph_kernel_phases");
  unsetenv("FAKE_CUDA_GLOBALS");
  std::vector<char> buffer(8);
  unsigned grid = 0;
  long cooperativeBefore = cooperative(nullptr);
  long programmaticBefore = programmatic();
  // More blocks than fit (the fake driver: 2 per multiprocessor, 132 of
  // them): the resident ones share out the grid.
  launchGrid(barriers, buffer.data(), 1, 65535);
  EXPECT_EQ(cooperative(&grid) - cooperativeBefore, 1);
  EXPECT_EQ(grid, 264u);
  launchGrid(barriers, buffer.data(), 1, 12);
  EXPECT_EQ(cooperative(&grid) - cooperativeBefore, 2);
  EXPECT_EQ(grid, 12u);
  // Cooperative launches are not programmatic; the module's other kernel
  // is, and not cooperative.
  EXPECT_EQ(programmatic() - programmaticBefore, 0);
  launchGrid(phases, buffer.data(), 1, 65535);
  EXPECT_EQ(programmatic() - programmaticBefore, 1);
  EXPECT_EQ(cooperative(nullptr) - cooperativeBefore, 2);
  // Recorded in a graph region and replayed: captured once, cooperatively.
  cooperativeBefore = cooperative(nullptr);
  for (int run = 0; run < 3; ++run) {
    arrayrt_graph_begin(region, arrayrt_default_stream());
    launchGrid(phases, buffer.data(), 2, 4);
    launchGrid(barriers, buffer.data(), 2, 65535);
    arrayrt_graph_end(region, arrayrt_default_stream());
  }
  EXPECT_EQ(cooperative(&grid) - cooperativeBefore, 1);
  EXPECT_EQ(grid, 264u);
  mgpuModuleUnload(module);
}

TEST(GraphsTest, EachKeyHasItsGraphUpToEightThenTheyAreUpdated) {
  static const char region[] = "test: rotating buffers";
  arrayrt_stream_t stream = arrayrt_default_stream();
  void *a = kernel("graph_kernel_a");
  std::vector<char> buffers(16);
  GraphCounts before = graphCounts();
  // Two pointers in turn: two graphs, replayed.
  for (int run = 0; run < 10; ++run) {
    arrayrt_graph_begin(region, stream);
    launch(a, &buffers[run % 2], 1);
    launch(a, &buffers[run % 2], 2);
    arrayrt_graph_end(region, stream);
  }
  GraphCounts counts = since(before);
  EXPECT_EQ(counts.captures, 2);
  EXPECT_EQ(counts.instantiations, 2);
  EXPECT_EQ(counts.launches, 10);
  // Ten new keys: six more graphs, then the least recently used two are
  // updated.
  before = graphCounts();
  for (int run = 2; run < 12; ++run) {
    arrayrt_graph_begin(region, stream);
    launch(a, &buffers[run], 1);
    launch(a, &buffers[run], 2);
    arrayrt_graph_end(region, stream);
  }
  counts = since(before);
  EXPECT_EQ(counts.captures, 10);
  EXPECT_EQ(counts.instantiations, 6);
  EXPECT_EQ(counts.updates, 4);
  EXPECT_EQ(counts.launches, 10);
}

TEST(GraphsTest, AnUnrecordableOperationIssuesTheRunInOrder) {
  static const char region[] = "test: a copy to the host";
  arrayrt_stream_t stream = arrayrt_default_stream();
  void *a = kernel("graph_kernel_a");
  auto *device = static_cast<float *>(arrayrt_alloc(sizeof(float), stream));
  GraphCounts before = graphCounts();
  std::string list = launched();
  for (int run = 0; run < 5; ++run) {
    float host = 0.0f;
    arrayrt_graph_begin(region, stream);
    launch(a, device, 1);
    arrayrt_memset32(device, 0x40000000u, 1, stream); // 2.0f
    // A copy to the host: what was recorded runs first, then the copy.
    arrayrt_memcpy(&host, device, sizeof host, stream);
    arrayrt_stream_synchronize(stream);
    EXPECT_EQ(host, 2.0f);
    launch(a, device, 2); // Queued directly: the run is no longer recorded.
    arrayrt_graph_end(region, stream);
  }
  // Three such runs in a row, and the region stops recording.
  GraphCounts counts = since(before);
  EXPECT_EQ(counts.captures, 0);
  EXPECT_EQ(counts.launches, 0);
  EXPECT_EQ(launchedSince(list),
            "graph_kernel_a graph_kernel_a graph_kernel_a graph_kernel_a "
            "graph_kernel_a graph_kernel_a graph_kernel_a graph_kernel_a "
            "graph_kernel_a graph_kernel_a");
  arrayrt_free(device, stream);
}

TEST(GraphsTest, KernelsWithUnknownParameterSizesAreLaunchedDirectly) {
  static const char region[] = "test: unknown parameters";
  arrayrt_stream_t stream = arrayrt_default_stream();
  static const char image[] = "a gpu.binary without parameter sizes";
  void *module = mgpuModuleLoad(const_cast<char *>(image), sizeof(image));
  void *unknown = mgpuModuleGetFunction(module, "graph_kernel_unknown");
  GraphCounts before = graphCounts();
  std::string list = launched();
  arrayrt_graph_begin(region, stream);
  launch(unknown, nullptr, 1);
  EXPECT_EQ(launchedSince(list), "graph_kernel_unknown");
  arrayrt_graph_end(region, stream);
  EXPECT_EQ(since(before).captures, 0);
  mgpuModuleUnload(module);
}

TEST(GraphsTest, AnInnerRegionIsPartOfTheOuterRun) {
  static const char outer[] = "test: outer loop", inner[] = "test: inner";
  arrayrt_stream_t stream = arrayrt_default_stream();
  void *a = kernel("graph_kernel_a");
  char buffer = 0;
  GraphCounts before = graphCounts();
  for (int run = 0; run < 3; ++run) {
    arrayrt_graph_begin(outer, stream);
    for (int step = 0; step < 4; ++step) {
      arrayrt_graph_begin(inner, stream);
      launch(a, &buffer, step);
      arrayrt_graph_end(inner, stream);
    }
    arrayrt_graph_end(outer, stream);
  }
  GraphCounts counts = since(before);
  EXPECT_EQ(counts.captures, 1);
  EXPECT_EQ(counts.launches, 3);
}

TEST(GraphsTest, AFailingInstantiationFallsBackToDirectLaunches) {
  static const char region[] = "test: instantiation fails";
  arrayrt_stream_t stream = arrayrt_default_stream();
  void *a = kernel("graph_kernel_a");
  auto fail = fakeDriverHook<void (*)(int)>("fakeCudaFailGraphInstantiation");
  auto *device = static_cast<float *>(arrayrt_alloc(sizeof(float), stream));
  fail(1);
  std::string list = launched();
  GraphCounts before = graphCounts();
  for (int run = 0; run < 3; ++run) {
    *device = 0.0f;
    arrayrt_graph_begin(region, stream);
    launch(a, device, 1);
    arrayrt_memset32(device, 0x3f800000u, 1, stream);
    arrayrt_graph_end(region, stream);
    EXPECT_EQ(*device, 1.0f);
  }
  fail(0);
  // One capture failed to instantiate; its run and the later ones were
  // queued directly.
  GraphCounts counts = since(before);
  EXPECT_EQ(counts.captures, 1);
  EXPECT_EQ(counts.launches, 0);
  EXPECT_EQ(launchedSince(list),
            "graph_kernel_a graph_kernel_a graph_kernel_a");
  arrayrt_free(device, stream);
}

TEST(GraphsTest, ACallThatFailsUnderCaptureIsQueuedDirectly) {
  static const char region[] = "test: a library call fails under capture";
  arrayrt_stream_t stream = arrayrt_default_stream();
  void *a = kernel("graph_kernel_a");
  char buffer = 0;
  int strictRuns = 0, captureTries = 0;
  GraphCounts before = graphCounts();
  std::string list = launched();
  arrayrt_graph_begin(region, stream);
  launch(a, &buffer, 1);
  auto *recorder =
      arrayrt::graphs::recorderFor(reinterpret_cast<CUstream>(stream));
  ASSERT_NE(recorder, nullptr);
  const uint64_t key = 42;
  arrayrt::graphs::recordCall(*recorder, "a library call", &key, sizeof key,
                              [&](CUstream, bool strict) {
                                if (!strict) {
                                  ++captureTries;
                                  return false;
                                }
                                ++strictRuns;
                                return true;
                              });
  arrayrt_graph_end(region, stream);
  // The capture failed: the run's operations were queued directly ...
  EXPECT_EQ(captureTries, 1);
  EXPECT_EQ(strictRuns, 1);
  EXPECT_EQ(since(before).launches, 0);
  EXPECT_EQ(launchedSince(list), "graph_kernel_a");
  // ... and the region records nothing more.
  arrayrt_graph_begin(region, stream);
  EXPECT_EQ(arrayrt::graphs::recorderFor(reinterpret_cast<CUstream>(stream)),
            nullptr);
  launch(a, &buffer, 1);
  arrayrt_graph_end(region, stream);
  EXPECT_EQ(since(before).captures, 1);
  EXPECT_EQ(launchedSince(list), "graph_kernel_a graph_kernel_a");
}

/// One iteration of a while loop as compiled code records it: a kernel,
/// then the test, the first byte of `schedule`, shifted in from the next
/// (through `scratch`): the loop runs while the schedule has ones.
void whileIteration(void *kernel, unsigned char *schedule,
                    unsigned char *scratch, arrayrt_stream_t stream) {
  launch(kernel, schedule, 1);
  arrayrt_memcpy(scratch, schedule + 1, 3, stream);
  arrayrt_memcpy(schedule, scratch, 3, stream);
}

TEST(GraphsTest, AWhileIterationRunsTheRestOfTheLoopOnTheDevice) {
  static const char region[] = "test: a while loop";
  arrayrt_stream_t stream = arrayrt_default_stream();
  void *a = kernel("graph_kernel_a");
  auto *schedule = static_cast<unsigned char *>(arrayrt_alloc(4, stream));
  auto *scratch = static_cast<unsigned char *>(arrayrt_alloc(4, stream));
  for (int run = 0; run < 2; ++run) {
    const unsigned char tests[4] = {1, 1, 0, 0};
    std::memcpy(schedule, tests, 4);
    GraphCounts before = graphCounts();
    std::string list = launched();
    arrayrt_graph_begin(region, stream);
    whileIteration(a, schedule, scratch, stream);
    EXPECT_EQ(schedule[1], 1); // Recorded, not run.
    EXPECT_EQ(arrayrt_graph_while_end(region, stream,
                                      reinterpret_cast<uintptr_t>(schedule)),
              1);
    // The recorded iteration (test 1), then one more (test 0): the launch
    // list shows both; the second loop replays the first one's graph.
    EXPECT_EQ(launchedSince(list), "graph_kernel_a graph_kernel_a");
    EXPECT_EQ(schedule[0], 0);
    GraphCounts counts = since(before);
    EXPECT_EQ(counts.captures, run == 0 ? 1 : 0);
    EXPECT_EQ(counts.instantiations, run == 0 ? 1 : 0);
    EXPECT_EQ(counts.launches, 1);
  }
  arrayrt_free(schedule, stream);
  arrayrt_free(scratch, stream);
}

TEST(GraphsTest, AWhileIterationThatCannotBeAGraphRunsOnceAndSaysSo) {
  static const char region[] = "test: a while loop without graphs";
  arrayrt_stream_t stream = arrayrt_default_stream();
  void *a = kernel("graph_kernel_a");
  auto *schedule = static_cast<unsigned char *>(arrayrt_alloc(4, stream));
  auto *scratch = static_cast<unsigned char *>(arrayrt_alloc(4, stream));
  const unsigned char tests[4] = {1, 1, 0, 0};
  std::memcpy(schedule, tests, 4);
  auto failInstantiation =
      fakeDriverHook<void (*)(int)>("fakeCudaFailGraphInstantiation");
  failInstantiation(1);
  std::string list = launched();
  // The host loop goes on with the iteration queued as it came.
  for (int iteration = 0; iteration < 2; ++iteration) {
    arrayrt_graph_begin(region, stream);
    whileIteration(a, schedule, scratch, stream);
    EXPECT_EQ(arrayrt_graph_while_end(region, stream,
                                      reinterpret_cast<uintptr_t>(schedule)),
              0);
    EXPECT_EQ(schedule[0], iteration == 0 ? 1 : 0);
  }
  failInstantiation(0);
  EXPECT_EQ(launchedSince(list), "graph_kernel_a graph_kernel_a");
  arrayrt_free(schedule, stream);
  arrayrt_free(scratch, stream);
}

TEST(GraphsTest, ANewPoolSegmentDoesNotBreakTheRecording) {
  static const char region[] = "test: a run that grows the pool";
  arrayrt_stream_t stream = arrayrt_default_stream();
  void *a = kernel("graph_kernel_a");
  GraphCounts before = graphCounts();
  std::string list = launched();
  arrayrt_graph_begin(region, stream);
  launch(a, nullptr, 1);
  // 96 MiB: more than any segment the pool has, a cuMemAlloc of its own.
  void *big = arrayrt_alloc(96u << 20, stream);
  launch(a, big, 2);
  arrayrt_free(big, stream);
  EXPECT_EQ(launchedSince(list), ""); // Still recorded.
  arrayrt_graph_end(region, stream);
  EXPECT_EQ(launchedSince(list), "graph_kernel_a graph_kernel_a");
  EXPECT_EQ(since(before).captures, 1);
  EXPECT_EQ(since(before).launches, 1);
}

} // namespace
