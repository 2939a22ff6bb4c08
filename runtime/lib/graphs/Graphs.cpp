//===- Graphs.cpp - Loop bodies replayed as CUDA graphs -------------------===//

#include "graphs/Graphs.h"
#include "graphs/WhileLoops.h"

#include "arrayrt/arrayrt.h"

#include "driver/Driver.h"
#include "driver/Error.h"
#include "driver/Launch.h"
#include "profile/Bench.h"
#include "profile/Profile.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace arrayrt::graphs {

namespace detail {
thread_local Recorder *recording = nullptr;
} // namespace detail

namespace {

/// Executable graphs a region keeps (a loop whose buffers rotate through a
/// few addresses has one key per address pattern).
constexpr size_t kMaxGraphs = 8;
/// Runs in a row that end unrecorded before a region stops recording.
constexpr unsigned kConsecutiveBreaksToDisable = 3;
/// The most parameters asked of cuFuncGetParamInfo for a kernel launched
/// through arrayrt_launch_kernel, which does not say how many it has.
constexpr size_t kMaxProbedParameters = 1024;

/// The graph entry points (CUDA 12.4 drivers and later, for
/// cuFuncGetParamInfo), resolved once; without one of them there are no
/// graphs.
struct GraphApi {
  decltype(&::cuStreamBeginCapture) beginCapture = nullptr;
  decltype(&::cuStreamEndCapture) endCapture = nullptr;
  decltype(&::cuGraphInstantiateWithFlags) instantiate = nullptr;
  decltype(&::cuGraphExecUpdate) update = nullptr;
  decltype(&::cuGraphLaunch) launch = nullptr;
  decltype(&::cuGraphDestroy) destroy = nullptr;
  decltype(&::cuGraphExecDestroy) destroyExec = nullptr;
  decltype(&::cuFuncGetParamInfo) paramInfo = nullptr;
};

const GraphApi *graphApi() {
  static const GraphApi *api = []() -> const GraphApi * {
    static GraphApi found;
    bool complete = true;
    complete &=
        resolveDriverSymbol(found.beginCapture, "cuStreamBeginCapture_v2");
    complete &= resolveDriverSymbol(found.endCapture, "cuStreamEndCapture");
    complete &=
        resolveDriverSymbol(found.instantiate, "cuGraphInstantiateWithFlags");
    complete &= resolveDriverSymbol(found.update, "cuGraphExecUpdate_v2");
    complete &= resolveDriverSymbol(found.launch, "cuGraphLaunch");
    complete &= resolveDriverSymbol(found.destroy, "cuGraphDestroy");
    complete &= resolveDriverSymbol(found.destroyExec, "cuGraphExecDestroy");
    complete &= resolveDriverSymbol(found.paramInfo, "cuFuncGetParamInfo");
    return complete ? &found : nullptr;
  }();
  return api;
}

enum class Mode { Off, On, Verbose };

Mode readMode() {
  Mode mode = Mode::On;
  if (const char *value = std::getenv("ARRAYRT_GRAPHS"); value && *value) {
    if (!std::strcmp(value, "0"))
      mode = Mode::Off;
    else if (!std::strcmp(value, "2"))
      mode = Mode::Verbose;
    else if (std::strcmp(value, "1"))
      fatal("ARRAYRT_GRAPHS must be 0 (off), 1 (on, the default) or 2 (on, "
            "with each region's counts at exit), but is '%s'",
            value);
  }
  // Per-operation profiling times every kernel on its own, which a replayed
  // graph would not do. (A malformed variable is reported by the program's
  // start, before any region.)
  bench::Config config;
  if (bench::parseConfig(bench::readEnvironment(), config).empty() &&
      (config.profile || !config.trace.empty() || config.nvtx))
    mode = Mode::Off;
  return mode;
}

Mode mode() {
  static const Mode value = readMode();
  return value;
}

struct Entry {
  std::string key;
  CUgraphExec exec = nullptr;
  uint64_t lastUse = 0;
};

/// What a region did, for ARRAYRT_GRAPHS=2.
struct Counts {
  uint64_t runs = 0, replays = 0, captures = 0, updates = 0, unrecorded = 0;
  uint64_t deviceLoops = 0; // While regions: loops launched on the device.
};

struct Region {
  std::string label; // "graph <name>": the row of a replay under ARRAYRT_BENCH
  std::mutex mutex;  // The members below.
  std::vector<Entry> graphs;
  uint64_t clock = 0;
  unsigned consecutiveBreaks = 0;
  bool disabled = false;
  // A while loop's iteration whose loop could not be made a conditional
  // graph (arrayrt_graph_while_end): replayed as an ordinary region since.
  bool noDeviceLoop = false;
  bool whileLoop = false; // Ended by arrayrt_graph_while_end.
  Counts counts;
};

struct Regions {
  std::mutex mutex;
  // By the address of the name compiled code passes: one region per site.
  std::unordered_map<const char *, std::unique_ptr<Region>> byName;
};

Regions &regions() {
  static Regions *instance = new Regions; // Outlives exit-time reports.
  return *instance;
}

void printCounts() {
  Regions &all = regions();
  std::lock_guard<std::mutex> lock(all.mutex);
  for (auto &[name, region] : all.byName) {
    std::lock_guard<std::mutex> regionLock(region->mutex);
    const Counts &c = region->counts;
    std::fprintf(
        stderr,
        "arrayrt: %s: %llu runs, %llu replayed, %llu captured "
        "(%llu into an existing graph), %llu not recorded%s%s\n",
        region->label.c_str(), (unsigned long long)c.runs,
        (unsigned long long)c.replays, (unsigned long long)c.captures,
        (unsigned long long)c.updates, (unsigned long long)c.unrecorded,
        region->whileLoop
            ? (", " + std::to_string(c.deviceLoops) + " device loops").c_str()
            : "",
        region->disabled ? "; recording stopped" : "");
  }
}

Region &regionFor(const char *name) {
  Regions &all = regions();
  std::lock_guard<std::mutex> lock(all.mutex);
  std::unique_ptr<Region> &region = all.byName[name];
  if (!region) {
    if (all.byName.size() == 1 && mode() == Mode::Verbose)
      std::atexit(printCounts);
    region = std::make_unique<Region>();
    region->label = std::string("graph ") + name;
  }
  return *region;
}

/// The parameter sizes of `function` (`count` of them, or as many as the
/// driver knows when `count` is negative), cached; null when the driver
/// cannot say.
struct ParameterSizes {
  std::mutex mutex;
  std::unordered_map<CUfunction, std::vector<uint32_t>> known;
};

ParameterSizes &parameterSizeCache() {
  static ParameterSizes *instance = new ParameterSizes;
  return *instance;
}

const std::vector<uint32_t> *parameterSizes(CUfunction function, long count) {
  ParameterSizes &cache = parameterSizeCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  auto &known = cache.known;
  if (auto it = known.find(function); it != known.end())
    return count < 0 || it->second.size() == static_cast<size_t>(count)
               ? &it->second
               : nullptr;
  const GraphApi *api = graphApi();
  std::vector<uint32_t> sizes;
  size_t limit = count < 0 ? kMaxProbedParameters + 1 : size_t(count);
  for (size_t i = 0; i < limit; ++i) {
    size_t offset = 0, size = 0;
    if (api->paramInfo(function, i, &offset, &size) != CUDA_SUCCESS) {
      if (count >= 0)
        return nullptr;
      break;
    }
    sizes.push_back(static_cast<uint32_t>(size));
  }
  if (sizes.size() > kMaxProbedParameters)
    return nullptr;
  return &(known[function] = std::move(sizes));
}

template <typename T> void append(std::string &key, const T &value) {
  key.append(reinterpret_cast<const char *>(&value), sizeof value);
}

} // namespace

/// One recorded operation.
struct Step {
  enum Kind : uint8_t { Kernel, Call };
  Kind kind = Kernel;
  // Kernels: the launch, its parameters' bytes in the recorder's key at
  // the recorder's paramOffsets[firstParam, firstParam + paramCount).
  CUfunction function = nullptr;
  uint32_t grid[3] = {}, block[3] = {}, cluster[3] = {};
  bool clustered = false;
  unsigned mode = kPlainLaunch; // LaunchMode bits (Launch.h).
  uint32_t sharedMemBytes = 0;
  uint32_t firstParam = 0, paramCount = 0;
  // Calls.
  const char *name = nullptr;
  IssueFunction issue;
};

class Recorder {
public:
  unsigned depth = 0;        // Nested arrayrt_graph_begin calls.
  Region *region = nullptr;  // Null: the run is not recorded.
  CUstream stream = nullptr; // The region's stream.
  bool broken = false;       // An operation was not recorded.
  std::vector<Step> steps;
  std::string key; // The steps' keys, kernel parameters included.
  std::vector<uint32_t> paramOffsets;
  std::vector<void *> params; // Scratch: a kernel's parameter pointers.

  void clear() {
    region = nullptr;
    broken = false;
    steps.clear();
    key.clear();
    paramOffsets.clear();
  }

  /// Queues step `step` on `target`, timed as it would be without a region
  /// when `timed` (not under capture, where a failing call returns an error
  /// instead of stopping the program). Returns the status; `*call` (when
  /// not null) names the driver entry point of a kernel step.
  CUresult issue(Step &step, CUstream target, bool timed,
                 const char **call = nullptr) {
    if (step.kind == Step::Call)
      return step.issue(target, /*strict=*/timed) ? CUDA_SUCCESS
                                                  : CUDA_ERROR_UNKNOWN;
    params.clear();
    for (uint32_t i = 0; i < step.paramCount; ++i)
      params.push_back(key.data() + paramOffsets[step.firstParam + i]);
    const DriverApi &api = loadedDriver();
    std::unique_ptr<profile::ScopedDeviceOp> timing;
    if (timed)
      timing = std::make_unique<profile::ScopedDeviceOp>(
          target, profile::OpKind::Kernel, nullptr, step.function);
    return issueKernel(api, step.function, step.grid, step.block,
                       step.clustered ? step.cluster : nullptr,
                       step.sharedMemBytes, target, params.data(), step.mode,
                       call);
  }

  /// Queues every step on `target` under capture (untimed, errors returned:
  /// the first failure).
  CUresult issueCaptured(CUstream target) {
    for (Step &step : steps)
      if (CUresult status = issue(step, target, /*timed=*/false))
        return status;
    return CUDA_SUCCESS;
  }

  /// Queues every step on the region's stream, as if there were no region.
  void issueAll() {
    for (Step &step : steps) {
      const char *call = step.name;
      check(issue(step, stream, /*timed=*/true, &call), call);
    }
    steps.clear();
  }
};

namespace {

Recorder &threadRecorder() {
  thread_local Recorder recorder;
  return recorder;
}

/// The calling thread's stream for captures.
CUstream captureStream() {
  thread_local CUstream stream = nullptr;
  if (!stream)
    check(loadedDriver().cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING),
          "cuStreamCreate");
  return stream;
}

/// The steps of `recorder` as a new graph in `graph`, captured on a private
/// stream.
CUresult capture(const GraphApi &api, Recorder &recorder, CUgraph &graph) {
  CUstream stream = captureStream();
  if (CUresult status =
          api.beginCapture(stream, CU_STREAM_CAPTURE_MODE_RELAXED))
    return status;
  CUresult failed = recorder.issueCaptured(stream);
  // The capture ends even after a failure (which invalidated it).
  CUresult ended = api.endCapture(stream, &graph);
  if (failed && ended == CUDA_SUCCESS) {
    api.destroy(graph);
    graph = nullptr;
  }
  return failed ? failed : ended;
}

/// An executable graph for `graph` in `region`: a new one while the region
/// has fewer than kMaxGraphs, else its least recently used one, updated.
CUresult place(const GraphApi &api, Region &region, CUgraph graph,
               Entry *&placed) {
  if (region.graphs.size() < kMaxGraphs) {
    CUgraphExec exec = nullptr;
    if (CUresult status = api.instantiate(&exec, graph, 0))
      return status;
    placed = &region.graphs.emplace_back();
    placed->exec = exec;
    return CUDA_SUCCESS;
  }
  Entry *oldest = &region.graphs.front();
  for (Entry &entry : region.graphs)
    if (entry.lastUse < oldest->lastUse)
      oldest = &entry;
  placed = oldest;
  CUgraphExecUpdateResultInfo info = {};
  if (api.update(oldest->exec, graph, &info) == CUDA_SUCCESS) {
    ++region.counts.updates;
    return CUDA_SUCCESS;
  }
  api.destroyExec(oldest->exec);
  oldest->exec = nullptr;
  oldest->key.clear();
  if (CUresult status = api.instantiate(&oldest->exec, graph, 0)) {
    region.graphs.erase(region.graphs.begin() + (oldest - &region.graphs[0]));
    return status;
  }
  return CUDA_SUCCESS;
}

/// What makes a new graph for a region's entry.
using BuildGraph = std::function<CUresult(CUgraph &graph)>;

/// The region's executable graph for `key`: a known one (`known` set), else
/// the graph `build` makes, placed in the region. On a driver error, null,
/// and `why` names it (unless `build` did).
CUgraphExec graphFor(const GraphApi &api, Region &region,
                     const std::string &key, const BuildGraph &build,
                     bool &known, const char *&why) {
  for (Entry &entry : region.graphs)
    if (entry.key == key) {
      known = true;
      entry.lastUse = ++region.clock;
      return entry.exec;
    }
  known = false;
  CUgraph graph = nullptr;
  if (build(graph)) {
    if (!why)
      why = "the capture failed";
    return nullptr;
  }
  Entry *entry = nullptr;
  CUresult placed = place(api, region, graph, entry);
  api.destroy(graph);
  if (placed) {
    why = "the instantiation failed";
    return nullptr;
  }
  entry->key = key;
  entry->lastUse = ++region.clock;
  ++region.counts.captures;
  return entry->exec;
}

/// Launches `exec` on the recorder's stream, one timed operation under
/// ARRAYRT_BENCH; whether the driver took it.
bool launchGraph(const GraphApi &api, Recorder &recorder, CUgraphExec exec) {
  profile::ScopedDeviceOp timed(recorder.stream, profile::OpKind::Graph,
                                recorder.region->label.c_str());
  return api.launch(exec, recorder.stream) == CUDA_SUCCESS;
}

/// Launches the graph of `recorder`'s run, capturing it first when its key
/// is new to the region. When the driver fails at graphs, the steps are
/// queued one by one and the region records nothing more.
void replay(Recorder &recorder) {
  const GraphApi &api = *graphApi();
  Region &region = *recorder.region;
  std::lock_guard<std::mutex> lock(region.mutex);
  region.consecutiveBreaks = 0;
  bool known = false;
  const char *why = nullptr;
  if (CUgraphExec exec = graphFor(
          api, region, recorder.key,
          [&](CUgraph &graph) { return capture(api, recorder, graph); }, known,
          why)) {
    if (known)
      ++region.counts.replays;
    if (launchGraph(api, recorder, exec))
      return;
    why = "cuGraphLaunch failed";
  }
  region.disabled = true;
  if (mode() == Mode::Verbose)
    std::fprintf(stderr,
                 "arrayrt: %s: %s; its operations are queued one by "
                 "one from now on\n",
                 region.label.c_str(), why);
  recorder.issueAll();
}

/// Launches the rest of the while loop whose iteration `recorder` recorded
/// (its test at `test`) as one conditional graph, built the first time its
/// key is seen; whether it did. A region whose loop cannot be built is
/// replayed as an ordinary one from then on.
bool launchDeviceLoop(Recorder &recorder, uint64_t test) {
  const GraphApi &api = *graphApi();
  Region &region = *recorder.region;
  std::lock_guard<std::mutex> lock(region.mutex);
  if (region.noDeviceLoop)
    return false;
  region.consecutiveBreaks = 0;
  std::string key = recorder.key;
  key += 'W';
  append(key, test);
  bool known = false;
  const char *why = nullptr;
  CUgraphExec exec = graphFor(
      api, region, key,
      [&](CUgraph &graph) {
        CUresult built = buildWhileGraph(
            captureStream(),
            [&](CUstream stream) { return recorder.issueCaptured(stream); },
            test, graph);
        if (built == CUDA_ERROR_NOT_SUPPORTED)
          why = "the driver cannot run graph loops";
        return built;
      },
      known, why);
  if (exec) {
    if (launchGraph(api, recorder, exec)) {
      ++region.counts.deviceLoops;
      return true;
    }
    why = "cuGraphLaunch failed";
  }
  region.noDeviceLoop = true;
  if (mode() == Mode::Verbose)
    std::fprintf(stderr,
                 "arrayrt: %s: not run on the device (%s); each iteration "
                 "is replayed on its own from now on\n",
                 region.label.c_str(), why);
  return false;
}

} // namespace

void detail::flushRecording() {
  Recorder *recorder = recording;
  recording = nullptr;
  recorder->broken = true;
  recorder->issueAll();
}

Recorder *recorderFor(CUstream stream) {
  Recorder *recorder = detail::recording;
  if (!recorder)
    return nullptr;
  if (recorder->stream == stream)
    return recorder;
  detail::flushRecording();
  return nullptr;
}

void abandon() {
  Recorder &recorder = threadRecorder();
  detail::recording = nullptr;
  recorder.depth = 0;
  recorder.clear();
}

namespace {

/// The parameter count of `function` from cuFuncGetParamInfo, or -1 when
/// the driver cannot say.
long parameterCount(CUfunction function) {
  const std::vector<uint32_t> *sizes = parameterSizes(function, -1);
  return sizes ? static_cast<long>(sizes->size()) : -1;
}

bool recordKernel(Recorder &recorder, CUfunction function,
                  const uint32_t grid[3], const uint32_t block[3],
                  const uint32_t *cluster, uint32_t sharedMemBytes,
                  void **params, size_t paramCount, unsigned mode) {
  const std::vector<uint32_t> *sizes =
      parameterSizes(function, static_cast<long>(paramCount));
  if (!sizes)
    return false;
  Step &step = recorder.steps.emplace_back();
  step.kind = Step::Kernel;
  step.function = function;
  std::string &key = recorder.key;
  key += 'K';
  append(key, function);
  for (int i = 0; i < 3; ++i) {
    step.grid[i] = grid[i];
    step.block[i] = block[i];
    step.cluster[i] = cluster ? cluster[i] : 1;
    append(key, step.grid[i]);
    append(key, step.block[i]);
    append(key, step.cluster[i]);
  }
  step.clustered = cluster != nullptr;
  step.mode = mode;
  append(key, mode);
  step.sharedMemBytes = sharedMemBytes;
  append(key, sharedMemBytes);
  step.firstParam = static_cast<uint32_t>(recorder.paramOffsets.size());
  step.paramCount = static_cast<uint32_t>(paramCount);
  for (size_t i = 0; i < paramCount; ++i) {
    recorder.paramOffsets.push_back(static_cast<uint32_t>(key.size()));
    key.append(static_cast<const char *>(params[i]), (*sizes)[i]);
  }
  return true;
}

} // namespace

bool recordLaunch(CUstream stream, CUfunction function, const uint32_t grid[3],
                  const uint32_t block[3], const uint32_t *cluster,
                  uint32_t sharedMemBytes, void **params, long paramCount,
                  unsigned mode) {
  Recorder *recorder = recorderFor(stream);
  if (!recorder)
    return false;
  if (paramCount < 0)
    paramCount = parameterCount(function);
  if (paramCount >= 0 &&
      recordKernel(*recorder, function, grid, block, cluster, sharedMemBytes,
                   params, static_cast<size_t>(paramCount), mode))
    return true;
  flush();
  return false;
}

void recordCall(Recorder &recorder, const char *name, const void *key,
                size_t keyBytes, IssueFunction issue) {
  Step &step = recorder.steps.emplace_back();
  step.kind = Step::Call;
  step.name = name;
  step.issue = std::move(issue);
  recorder.key += 'C';
  append(recorder.key, name);
  append(recorder.key, keyBytes);
  recorder.key.append(static_cast<const char *>(key), keyBytes);
}

void forgetAll() {
  {
    ParameterSizes &cache = parameterSizeCache();
    std::lock_guard<std::mutex> lock(cache.mutex);
    cache.known.clear();
  }
  Regions &all = regions();
  std::lock_guard<std::mutex> lock(all.mutex);
  if (all.byName.empty())
    return;
  // At exit the driver may be gone: what it answers does not matter.
  const GraphApi *api = graphApi();
  for (auto &[name, region] : all.byName) {
    std::lock_guard<std::mutex> regionLock(region->mutex);
    for (Entry &entry : region->graphs)
      if (api && entry.exec)
        api->destroyExec(entry.exec);
    region->graphs.clear();
  }
}

} // namespace arrayrt::graphs

using namespace arrayrt::graphs;

extern "C" void arrayrt_graph_begin(const char *region,
                                    arrayrt_stream_t stream) {
  if (mode() == Mode::Off)
    return;
  Recorder &recorder = threadRecorder();
  if (recorder.depth++ > 0)
    return; // Inside an outer region's run: part of it.
  recorder.clear();
  if (!graphApi())
    return;
  Region &state = regionFor(region);
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    ++state.counts.runs;
    if (state.disabled)
      return;
  }
  recorder.region = &state;
  recorder.stream = reinterpret_cast<CUstream>(stream);
  detail::recording = &recorder;
}

namespace {

/// Ends the calling thread's run of a region: `test` is null for a loop
/// body, the device address of the loop's test for a while loop's
/// iteration. Whether the rest of the while loop was launched on the
/// device.
bool endRun(const uint64_t *test) {
  if (mode() == Mode::Off)
    return false;
  Recorder &recorder = threadRecorder();
  if (recorder.depth == 0 || --recorder.depth > 0)
    return false;
  detail::recording = nullptr;
  if (!recorder.region)
    return false;
  bool deviceLoop = false;
  if (test) {
    std::lock_guard<std::mutex> lock(recorder.region->mutex);
    recorder.region->whileLoop = true;
  }
  if (recorder.broken) {
    Region &region = *recorder.region;
    std::lock_guard<std::mutex> lock(region.mutex);
    ++region.counts.unrecorded;
    if (++region.consecutiveBreaks >= kConsecutiveBreaksToDisable)
      region.disabled = true;
  } else if (!recorder.steps.empty()) {
    deviceLoop = test && launchDeviceLoop(recorder, *test);
    if (!deviceLoop)
      replay(recorder);
  }
  recorder.clear();
  return deviceLoop;
}

} // namespace

extern "C" void arrayrt_graph_end(const char * /*region*/,
                                  arrayrt_stream_t /*stream*/) {
  endRun(nullptr);
}

extern "C" int32_t arrayrt_graph_while_end(const char * /*region*/,
                                           arrayrt_stream_t /*stream*/,
                                           uint64_t test) {
  return endRun(&test) ? 1 : 0;
}
