//===- Profile.cpp - Device timing of every queued operation --------------===//

#include "profile/Profile.h"

#include "profile/HostProfile.h"

#include "driver/Driver.h"
#include "driver/Error.h"

#include <nvtx3/nvToolsExt.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_map>

namespace arrayrt::profile {

namespace detail {

std::atomic<bool> active{false};

struct Pending {
  CUevent start = nullptr;
  CUevent end = nullptr; // Null until the operation is queued.
  uint32_t row = 0;      // Index into State::rows.
  bool isTransfer = false;
  bool timed = false; // False: only an NVTX range to close.
  OpKind kind = OpKind::Kernel;
  uint64_t seq = 0; // Order of queueing, for ranges.
  uint64_t bytes = 0;
  uint64_t usedBytes = 0; // Allocations: the pool's bytes in use after.
  CUstream stream = nullptr;
  const char *label = nullptr;
};

/// Returned for operations that only have an NVTX range.
Pending nvtxOnly;

} // namespace detail

namespace {

using detail::Pending;

/// Operations still waiting to be read before the oldest ones are read
/// (waiting for them) to bound the number of live events.
constexpr size_t kMaxPending = 4096;

/// Timing-only entry points, resolved once profiling meets its first
/// operation. cuEventElapsedTime_v2 (CUDA 12.8) is preferred where the
/// driver has it; both take the same arguments.
struct TimingApi {
  decltype(&::cuEventElapsedTime) elapsed = nullptr;
  decltype(&::cuPointerGetAttribute) pointerGetAttribute = nullptr;
  // Preferred: it answers "not a CUDA pointer" for pageable host memory
  // without an error status, which compute-sanitizer would report.
  decltype(&::cuPointerGetAttributes) pointerGetAttributes = nullptr;
  decltype(&::cuFuncGetName) funcGetName = nullptr;     // Optional (12.3).
  decltype(&::cuFuncGetModule) funcGetModule = nullptr; // Optional (11.0).
};

struct RowTimes {
  uint64_t calls = 0;
  double ms = 0;
  uint64_t bytes = 0;
  uint64_t callsWithBytes = 0;
};

/// A named range: the operations queued between its push and pop (by
/// sequence number); its device span is their first start to last end.
struct Range {
  const char *name;
  uint32_t row;
  uint32_t depth;
  uint64_t firstSeq;
  uint64_t endSeq = UINT64_MAX; // Past its last operation; open: UINT64_MAX.
  double firstStartUs = 0, lastEndUs = 0; // From the trace origin.
  bool anyOp = false;
  std::chrono::steady_clock::time_point hostStart, hostEnd;
};

struct State {
  std::mutex mutex;
  TimingApi timing;
  bool resolved = false;
  bool everTimed = false;
  bool timingOn = false;
  bool nvtxOn = false;
  bool traceOn = false;
  uint64_t nextSeq = 0;      // Sequence number of the next operation queued.
  uint64_t readSeq = 0;      // Operations before this one have been read.
  std::vector<Range> ranges; // Open, or closed with operations unread.
  uint32_t rangeDepth = 0;

  // The trace: an origin event recorded with the first operation and kept
  // until stop(), the host time it was recorded at, and what was read.
  CUevent traceOrigin = nullptr;
  std::chrono::steady_clock::time_point traceOriginHost;
  std::vector<TraceEvent> traceEvents;
  std::map<CUstream, uint32_t> tracks;
  std::vector<CUevent> freeEvents;
  size_t eventCount = 0;
  std::vector<std::unique_ptr<Pending>> freePending;
  std::deque<Pending *> pending;

  // One row per distinct operation name.
  std::vector<OpTotals> rows;
  std::unordered_map<std::string, uint32_t> rowByName;
  struct KernelRow {
    uint32_t row;
    CUmodule module; // Null if the driver cannot tell.
  };
  // Kernel rows by function and the label of the op that launched it.
  std::map<std::pair<CUfunction, const char *>, KernelRow> rowByFunction;

  // The current iteration.
  CUevent origin = nullptr; // The iteration's first start event.
  std::vector<RowTimes> iterationRows;
  IterationTimes iteration;
  double firstStart = 0, lastEnd = 0; // Relative to origin.
  bool anyDeviceOp = false;
};

// Created on first use (operations may be queued from global constructors)
// and never destroyed: MLIR's global destructors unload modules, which calls
// forgetModule, after the destructors of function-local statics have run.
State &state() {
  static State *instance = new State;
  return *instance;
}

void resolveTiming(State &s) {
  if (s.resolved)
    return;
  auto lookup = [](const char *name) { return driverSymbol(name); };
  void *elapsed = lookup("cuEventElapsedTime_v2");
  if (!elapsed)
    elapsed = lookup("cuEventElapsedTime");
  void *pointer = lookup("cuPointerGetAttribute");
  if (!elapsed || !pointer)
    fatal("device timing needs cuEventElapsedTime and cuPointerGetAttribute, "
          "which the CUDA driver does not provide");
  s.timing.elapsed = reinterpret_cast<decltype(s.timing.elapsed)>(elapsed);
  s.timing.pointerGetAttribute =
      reinterpret_cast<decltype(s.timing.pointerGetAttribute)>(pointer);
  s.timing.pointerGetAttributes =
      reinterpret_cast<decltype(s.timing.pointerGetAttributes)>(
          lookup("cuPointerGetAttributes"));
  s.timing.funcGetName =
      reinterpret_cast<decltype(s.timing.funcGetName)>(lookup("cuFuncGetName"));
  s.timing.funcGetModule = reinterpret_cast<decltype(s.timing.funcGetModule)>(
      lookup("cuFuncGetModule"));
  s.resolved = true;
}

uint32_t rowFor(State &s, const std::string &name, OpKind kind) {
  auto [it, inserted] =
      s.rowByName.try_emplace(name, static_cast<uint32_t>(s.rows.size()));
  if (inserted) {
    OpTotals row;
    row.name = name;
    row.kind = kind;
    s.rows.push_back(std::move(row));
    s.iterationRows.emplace_back();
  }
  return it->second;
}

uint32_t rowForKernel(State &s, CUfunction function, const char *label) {
  auto key = std::make_pair(function, label);
  auto it = s.rowByFunction.find(key);
  if (it != s.rowByFunction.end())
    return it->second.row;
  const char *name = nullptr;
  if (!s.timing.funcGetName ||
      s.timing.funcGetName(&name, function) != CUDA_SUCCESS || !name) {
    static char fallback[64];
    std::snprintf(fallback, sizeof(fallback), "kernel@%p",
                  static_cast<void *>(function));
    name = fallback;
  }
  // The array op's label names the row when compiled code gave one.
  // Kernels of different modules can share a name (MLIR outlines every
  // kernel of a program as @main_kernel of its own gpu.module), and an op
  // can launch several kernels: the second one is "name#2", and so on.
  std::string base = label && *label ? label : name;
  std::string unique = base;
  for (unsigned n = 2; s.rowByName.count(unique); ++n)
    unique = base + "#" + std::to_string(n);
  uint32_t row = rowFor(s, unique, OpKind::Kernel);
  CUmodule module = nullptr;
  if (!s.timing.funcGetModule ||
      s.timing.funcGetModule(&module, function) != CUDA_SUCCESS)
    module = nullptr;
  s.rowByFunction.emplace(key, State::KernelRow{row, module});
  return row;
}

bool inDeviceMemory(const State &s, const void *ptr) {
  unsigned type = 0;
  auto address = reinterpret_cast<CUdeviceptr>(ptr);
  if (s.timing.pointerGetAttributes) {
    CUpointer_attribute attribute = CU_POINTER_ATTRIBUTE_MEMORY_TYPE;
    void *data = &type;
    // Memory unknown to the driver leaves `type` 0.
    if (s.timing.pointerGetAttributes(1, &attribute, &data, address) !=
        CUDA_SUCCESS)
      return false;
  } else if (s.timing.pointerGetAttribute(&type,
                                          CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                          address) != CUDA_SUCCESS) {
    // Pageable host memory is unknown to the driver: that is an error here.
    return false;
  }
  return type == CU_MEMORYTYPE_DEVICE || type == CU_MEMORYTYPE_ARRAY;
}

OpKind classifyCopy(const State &s, const void *dst, const void *src) {
  bool fromDevice = inDeviceMemory(s, src), toDevice = inDeviceMemory(s, dst);
  if (fromDevice)
    return toDevice ? OpKind::CopyDeviceToDevice : OpKind::CopyDeviceToHost;
  return toDevice ? OpKind::CopyHostToDevice : OpKind::CopyHostToHost;
}

const char *displayName(OpKind kind) {
  switch (kind) {
  case OpKind::CopyDeviceToDevice:
    return "copy DtoD";
  case OpKind::CopyHostToDevice:
    return "copy HtoD";
  case OpKind::CopyDeviceToHost:
    return "copy DtoH";
  case OpKind::CopyHostToHost:
    return "copy HtoH";
  default:
    return kindName(kind);
  }
}

CUevent takeEvent(State &s, const DriverApi &api) {
  if (!s.freeEvents.empty()) {
    CUevent event = s.freeEvents.back();
    s.freeEvents.pop_back();
    return event;
  }
  CUevent event = nullptr;
  check(api.cuEventCreate(&event, CU_EVENT_DEFAULT), "cuEventCreate");
  ++s.eventCount;
  return event;
}

float elapsedMs(const State &s, CUevent from, CUevent to) {
  float ms = 0;
  check(s.timing.elapsed(&ms, from, to), "cuEventElapsedTime");
  return ms;
}

uint32_t trackFor(State &s, CUstream stream) {
  auto [it, inserted] =
      s.tracks.try_emplace(stream, static_cast<uint32_t>(s.tracks.size() + 1));
  return it->second;
}

/// Ranges whose operations have all been read get their row's time and a
/// trace event.
void finishRanges(State &s) {
  auto done = [&](const Range &range) {
    return range.endSeq != UINT64_MAX && range.endSeq <= s.readSeq;
  };
  for (const Range &range : s.ranges) {
    if (!done(range))
      continue;
    double ms = range.anyOp ? (range.lastEndUs - range.firstStartUs) / 1000
                            : std::chrono::duration<double, std::milli>(
                                  range.hostEnd - range.hostStart)
                                  .count();
    RowTimes &row = s.iterationRows[range.row];
    ++row.calls;
    row.ms += ms;
    if (s.traceOn && range.anyOp) {
      TraceEvent event;
      event.name = range.name;
      event.kind = OpKind::Range;
      event.track = 0;
      event.startUs = range.firstStartUs;
      event.durationUs = range.lastEndUs - range.firstStartUs;
      event.detail = "depth " + std::to_string(range.depth);
      s.traceEvents.push_back(std::move(event));
    }
  }
  s.ranges.erase(std::remove_if(s.ranges.begin(), s.ranges.end(), done),
                 s.ranges.end());
}

/// Reads the times of the oldest pending operation, which must have been
/// queued, and returns its events to the pool (except the origins).
void readOldest(State &s, const DriverApi &api) {
  Pending *op = s.pending.front();
  s.pending.pop_front();
  check(api.cuEventSynchronize(op->end), "cuEventSynchronize");
  double ms = op->end == op->start ? 0 : elapsedMs(s, op->start, op->end);
  IterationTimes &it = s.iteration;
  bool isAllocation = op->kind == OpKind::Allocation;
  if (!isAllocation)
    ++it.operations;
  if (op->isTransfer) {
    it.transferMs += ms;
  } else if (!isAllocation) {
    it.deviceMs += ms;
    // The origin may sit on another stream, still running.
    check(api.cuEventSynchronize(s.origin), "cuEventSynchronize");
    double begin = elapsedMs(s, s.origin, op->start);
    double end = elapsedMs(s, s.origin, op->end);
    if (!s.anyDeviceOp || begin < s.firstStart)
      s.firstStart = begin;
    if (!s.anyDeviceOp || end > s.lastEnd)
      s.lastEnd = end;
    s.anyDeviceOp = true;
  }
  if (!isAllocation) {
    RowTimes &row = s.iterationRows[op->row];
    ++row.calls;
    row.ms += ms;
    if (op->bytes) {
      row.bytes += op->bytes;
      ++row.callsWithBytes;
    }
  }
  if (s.traceOn || !s.ranges.empty()) {
    check(api.cuEventSynchronize(s.traceOrigin), "cuEventSynchronize");
    double startUs = elapsedMs(s, s.traceOrigin, op->start) * 1000;
    double endUs = startUs + ms * 1000;
    if (!isAllocation)
      for (Range &range : s.ranges) {
        if (op->seq < range.firstSeq || op->seq >= range.endSeq)
          continue;
        if (!range.anyOp || startUs < range.firstStartUs)
          range.firstStartUs = startUs;
        if (!range.anyOp || endUs > range.lastEndUs)
          range.lastEndUs = endUs;
        range.anyOp = true;
      }
    if (s.traceOn) {
      TraceEvent event;
      event.name =
          isAllocation ? (op->bytes ? "alloc" : "free") : s.rows[op->row].name;
      event.kind = op->kind;
      event.track = trackFor(s, op->stream);
      event.startUs = startUs;
      event.durationUs = ms * 1000;
      event.bytes = op->bytes;
      event.usedBytes = op->usedBytes;
      if (op->label && !isAllocation && op->kind != OpKind::Kernel)
        event.detail = op->label;
      s.traceEvents.push_back(std::move(event));
    }
  }
  s.readSeq = op->seq + 1;
  if (op->start != s.origin && op->start != s.traceOrigin)
    s.freeEvents.push_back(op->start);
  if (op->end != op->start)
    s.freeEvents.push_back(op->end);
  s.freePending.emplace_back(op);
  finishRanges(s);
}

Pending *takePending(State &s) {
  std::unique_ptr<Pending> op;
  if (s.freePending.empty()) {
    op = std::make_unique<Pending>();
  } else {
    op = std::move(s.freePending.back());
    s.freePending.pop_back();
  }
  *op = Pending();
  return op.release();
}

/// Records the start of an operation on `stream` (the origins with the
/// first one) and queues it.
void recordStart(State &s, const DriverApi &api, Pending *op, CUstream stream) {
  // Read the oldest operations (waiting for them) rather than let the
  // number of live events grow with the length of the program.
  while (s.pending.size() >= kMaxPending && s.pending.front()->end)
    readOldest(s, api);
  op->start = takeEvent(s, api);
  op->stream = stream;
  op->timed = true;
  op->seq = s.nextSeq++;
  check(api.cuEventRecord(op->start, stream), "cuEventRecord");
  if (!s.origin)
    s.origin = op->start;
  if (!s.traceOrigin) {
    s.traceOrigin = op->start;
    s.traceOriginHost = std::chrono::steady_clock::now();
  }
  s.everTimed = true;
  s.pending.push_back(op);
}

} // namespace

namespace detail {

Pending *begin(CUstream stream, OpKind kind, const char *name,
               CUfunction function, const void *dst, const void *src,
               uint64_t bytes) {
  CurrentOp &current = currentOp();
  const char *label = current.label;
  if (kind == OpKind::Kernel) {
    bytes = current.bytes;
    current.bytes = 0; // Said for the next kernel only.
  }
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.nvtxOn)
    nvtxRangePushA(label ? label : name ? name : kindName(kind));
  if (!s.timingOn)
    return &nvtxOnly;
  const DriverApi &api = driver();
  resolveTiming(s);
  if (kind == OpKind::Copy)
    kind = classifyCopy(s, dst, src);
  uint32_t row = kind == OpKind::Kernel
                     ? rowForKernel(s, function, label)
                     : rowFor(s, name ? name : displayName(kind), kind);
  Pending *op = takePending(s);
  op->row = row;
  op->kind = kind;
  op->isTransfer = isTransfer(kind);
  op->bytes = bytes;
  op->label = label;
  recordStart(s, api, op, stream);
  return op;
}

void end(Pending *op, CUstream stream) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.nvtxOn)
    nvtxRangePop();
  if (op == &nvtxOnly)
    return;
  CUevent event = takeEvent(s, driver());
  check(driver().cuEventRecord(event, stream), "cuEventRecord");
  op->end = event;
}

} // namespace detail

void noteAllocation(CUstream stream, uint64_t bytes, uint64_t usedBytes) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.traceOn)
    return;
  const DriverApi &api = driver();
  resolveTiming(s);
  Pending *op = takePending(s);
  op->kind = OpKind::Allocation;
  op->bytes = bytes;
  op->usedBytes = usedBytes;
  op->label = currentOp().location;
  recordStart(s, api, op, stream);
  op->end = op->start;
}

void pushRange(const char *name) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.nvtxOn)
    nvtxRangePushA(name);
  if (!s.timingOn)
    return;
  Range range;
  range.name = name;
  range.row = rowFor(s, name, OpKind::Range);
  range.depth = s.rangeDepth++;
  range.firstSeq = s.nextSeq;
  range.hostStart = std::chrono::steady_clock::now();
  s.ranges.push_back(range);
}

void popRange() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.nvtxOn)
    nvtxRangePop();
  if (!s.timingOn)
    return;
  // The innermost open range.
  for (auto it = s.ranges.rbegin(); it != s.ranges.rend(); ++it) {
    if (it->endSeq != UINT64_MAX)
      continue;
    it->endSeq = s.nextSeq;
    it->hostEnd = std::chrono::steady_clock::now();
    --s.rangeDepth;
    break;
  }
  finishRanges(s);
}

void forgetModule(CUmodule module) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  for (auto it = s.rowByFunction.begin(); it != s.rowByFunction.end();) {
    if (it->second.module == module || !it->second.module)
      it = s.rowByFunction.erase(it);
    else
      ++it;
  }
}

const char *kindName(OpKind kind) {
  switch (kind) {
  case OpKind::Kernel:
    return "kernel";
  case OpKind::Memset:
    return "memset";
  case OpKind::Copy:
    return "copy";
  case OpKind::CopyDeviceToDevice:
    return "copy-dtod";
  case OpKind::CopyHostToDevice:
    return "copy-htod";
  case OpKind::CopyDeviceToHost:
    return "copy-dtoh";
  case OpKind::CopyHostToHost:
    return "copy-htoh";
  case OpKind::Library:
    return "library";
  case OpKind::Graph:
    return "graph";
  case OpKind::Range:
    return "range";
  case OpKind::Allocation:
    return "allocation";
  case OpKind::HostSpan:
    return "host";
  }
  return "unknown";
}

bool isTransfer(OpKind kind) {
  return kind == OpKind::CopyHostToDevice || kind == OpKind::CopyDeviceToHost ||
         kind == OpKind::CopyHostToHost;
}

void start(bool trace) {
  State &s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    for (OpTotals &row : s.rows) {
      row.calls = 0;
      row.totalMs = 0;
      row.bytes = 0;
      row.callsWithBytes = 0;
    }
    s.everTimed = false;
    s.timingOn = true;
    s.traceOn = trace;
    s.traceEvents.clear();
    s.tracks.clear();
  }
  detail::active.store(true, std::memory_order_relaxed);
}

void enableNvtx() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.nvtxOn = true;
  detail::active.store(true, std::memory_order_relaxed);
}

void beginIteration() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.iteration = IterationTimes();
  s.anyDeviceOp = false;
  s.firstStart = s.lastEnd = 0;
  for (RowTimes &row : s.iterationRows)
    row = RowTimes();
}

IterationTimes endIteration(bool accumulate) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.pending.empty()) {
    const DriverApi &api = driver();
    while (!s.pending.empty()) {
      if (!s.pending.front()->end)
        fatal("internal error: a timed device operation was still being "
              "queued when the iteration ended");
      readOldest(s, api);
    }
  }
  if (s.origin) {
    if (s.origin != s.traceOrigin) // That one is kept until stop().
      s.freeEvents.push_back(s.origin);
    s.origin = nullptr;
  }
  finishRanges(s);
  IterationTimes result = s.iteration;
  result.spanMs = s.anyDeviceOp ? s.lastEnd - s.firstStart : 0;
  if (accumulate) {
    for (size_t i = 0; i < s.rows.size(); ++i) {
      s.rows[i].calls += s.iterationRows[i].calls;
      s.rows[i].totalMs += s.iterationRows[i].ms;
      s.rows[i].bytes += s.iterationRows[i].bytes;
      s.rows[i].callsWithBytes += s.iterationRows[i].callsWithBytes;
    }
  }
  for (RowTimes &row : s.iterationRows)
    row = RowTimes();
  return result;
}

std::vector<OpTotals> totals() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  std::vector<OpTotals> result;
  for (const OpTotals &row : s.rows)
    if (row.calls)
      result.push_back(row);
  std::stable_sort(result.begin(), result.end(),
                   [](const OpTotals &a, const OpTotals &b) {
                     return a.totalMs > b.totalMs;
                   });
  return result;
}

bool deviceUsed() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.everTimed;
}

void stop() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.timingOn = false;
  s.traceOn = false;
  s.ranges.clear();
  s.rangeDepth = 0;
  detail::active.store(s.nvtxOn, std::memory_order_relaxed);
  if (s.eventCount == 0)
    return;
  const DriverApi &api = driver();
  if (!s.pending.empty())
    fatal("internal error: timing stopped with operations still pending");
  if (s.origin && s.origin != s.traceOrigin)
    s.freeEvents.push_back(s.origin);
  s.origin = nullptr;
  if (s.traceOrigin)
    s.freeEvents.push_back(s.traceOrigin);
  s.traceOrigin = nullptr;
  if (s.freeEvents.size() != s.eventCount)
    fatal("internal error: %zu of %zu timing events were not returned",
          s.eventCount - s.freeEvents.size(), s.eventCount);
  for (CUevent event : s.freeEvents)
    check(api.cuEventDestroy_v2(event), "cuEventDestroy");
  s.freeEvents.clear();
  s.eventCount = 0;
}

double gigabytesPerSecond(const OpTotals &op) {
  if (!op.calls || op.callsWithBytes != op.calls || !(op.totalMs > 0))
    return -1;
  return static_cast<double>(op.bytes) / (op.totalMs * 1e6);
}

std::string traceJson() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  std::vector<TraceTrack> tracks;
  std::vector<TraceEvent> events = s.traceEvents;
  std::optional<std::chrono::steady_clock::time_point> hostFirst =
      hostprofile::firstTracedStart();
  if (hostFirst) {
    // One clock for both: the host's, from the earliest event.
    std::chrono::steady_clock::time_point origin = *hostFirst;
    if (s.traceOrigin && s.traceOriginHost < origin)
      origin = s.traceOriginHost;
    if (s.traceOrigin) {
      double shiftUs =
          std::chrono::duration<double, std::micro>(s.traceOriginHost - origin)
              .count();
      for (TraceEvent &event : events)
        event.startUs += shiftUs;
    }
    hostprofile::appendTrace(origin, tracks, events);
  }
  if (!hostFirst || !s.traceEvents.empty())
    tracks.push_back({0, "program ranges"});
  for (auto &[stream, id] : s.tracks) {
    char name[64];
    if (stream)
      std::snprintf(name, sizeof(name), "stream %u (%p)", id,
                    static_cast<void *>(stream));
    else
      std::snprintf(name, sizeof(name), "stream %u (default)", id);
    tracks.push_back({id, name});
  }
  std::sort(tracks.begin(), tracks.end(),
            [](const TraceTrack &a, const TraceTrack &b) {
              return std::make_pair(a.pid, a.id) < std::make_pair(b.pid, b.id);
            });
  return formatChromeTrace(tracks, events);
}

namespace {

void appendJsonString(std::string &out, const std::string &text) {
  out += '"';
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
      out += escaped;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

const char *category(OpKind kind) {
  switch (kind) {
  case OpKind::CopyDeviceToDevice:
  case OpKind::CopyHostToDevice:
  case OpKind::CopyDeviceToHost:
  case OpKind::CopyHostToHost:
  case OpKind::Copy:
    return "copy";
  default:
    return kindName(kind);
  }
}

} // namespace

std::string formatChromeTrace(const std::vector<TraceTrack> &tracks,
                              const std::vector<TraceEvent> &events) {
  std::string out = "{\"displayTimeUnit\": \"ms\", \"traceEvents\": [\n";
  std::set<uint32_t> pids;
  for (const TraceTrack &track : tracks)
    pids.insert(track.pid);
  if (pids.empty())
    pids.insert(1);
  const char *between = "";
  for (uint32_t pid : pids) {
    out += formatString("%s{\"name\": \"process_name\", \"ph\": \"M\", "
                        "\"pid\": %u, \"tid\": 0, \"args\": {\"name\": "
                        "\"arrayrt (%s time)\"}}",
                        between, pid,
                        pid == hostprofile::kTracePid ? "host" : "GPU");
    between = ",\n";
  }
  for (const TraceTrack &track : tracks) {
    out += formatString(",\n{\"name\": \"thread_name\", \"ph\": \"M\", "
                        "\"pid\": %u, \"tid\": %u, \"args\": {\"name\": ",
                        track.pid, track.id);
    appendJsonString(out, track.name);
    out += formatString("}},\n{\"name\": \"thread_sort_index\", \"ph\": "
                        "\"M\", \"pid\": %u, \"tid\": %u, \"args\": "
                        "{\"sort_index\": %u}}",
                        track.pid, track.id, track.id);
  }
  for (const TraceEvent &event : events) {
    bool allocation = event.kind == OpKind::Allocation;
    out += ",\n{\"name\": ";
    appendJsonString(out, event.name);
    out += formatString(", \"cat\": \"%s\", \"ph\": \"%s\", \"pid\": %u, "
                        "\"tid\": %u, \"ts\": %.3f",
                        category(event.kind), allocation ? "i" : "X", event.pid,
                        event.track, event.startUs);
    if (allocation)
      out += ", \"s\": \"t\"";
    else
      out += formatString(", \"dur\": %.3f", event.durationUs);
    out += ", \"args\": {";
    const char *separator = "";
    if (event.bytes) {
      out += formatString("\"bytes\": %" PRIu64, event.bytes);
      separator = ", ";
      if (!allocation && event.durationUs > 0)
        out += formatString(", \"GB/s\": %.1f",
                            event.bytes / (event.durationUs * 1e3));
    }
    if (allocation) {
      out += formatString("%s\"in use after\": %" PRIu64, separator,
                          event.usedBytes);
      separator = ", ";
    }
    if (!event.detail.empty()) {
      out += separator;
      out += "\"detail\": ";
      appendJsonString(out, event.detail);
    }
    out += "}}";
    if (allocation)
      out += formatString(",\n{\"name\": \"device memory in use\", \"ph\": "
                          "\"C\", \"pid\": 1, \"ts\": %.3f, \"args\": "
                          "{\"bytes\": %" PRIu64 "}}",
                          event.startUs, event.usedBytes);
  }
  out += "\n]}\n";
  return out;
}

} // namespace arrayrt::profile

extern "C" void arrayrt_range_push(const char *name) {
  if (__builtin_expect(arrayrt::profile::active(), 0))
    arrayrt::profile::pushRange(name ? name : "");
}

extern "C" void arrayrt_range_pop(void) {
  if (__builtin_expect(arrayrt::profile::active(), 0))
    arrayrt::profile::popRange();
}
