//===- Profile.cpp - Device timing of every queued operation --------------===//

#include "Profile.h"

#include "Driver.h"
#include "Error.h"

#include <algorithm>
#include <cstdio>
#include <deque>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace arrayrt::profile {

namespace detail {

std::atomic<bool> active{false};

struct Pending {
  CUevent start = nullptr;
  CUevent end = nullptr; // Null until the operation is queued.
  uint32_t row = 0;      // Index into State::rows.
  bool isTransfer = false;
};

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
  decltype(&::cuFuncGetName) funcGetName = nullptr;     // Optional (12.3).
  decltype(&::cuFuncGetModule) funcGetModule = nullptr; // Optional (11.0).
};

struct RowTimes {
  uint64_t calls = 0;
  double ms = 0;
};

struct State {
  std::mutex mutex;
  TimingApi timing;
  bool resolved = false;
  bool everTimed = false;
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
  std::unordered_map<CUfunction, KernelRow> rowByFunction;

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

uint32_t rowForKernel(State &s, CUfunction function) {
  auto it = s.rowByFunction.find(function);
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
  // Kernels of different modules can share a name (MLIR outlines every
  // kernel of a program as @main_kernel of its own gpu.module): the second
  // one launched is "name#2", and so on.
  std::string unique = name;
  for (unsigned n = 2; s.rowByName.count(unique); ++n)
    unique = std::string(name) + "#" + std::to_string(n);
  uint32_t row = rowFor(s, unique, OpKind::Kernel);
  CUmodule module = nullptr;
  if (!s.timing.funcGetModule ||
      s.timing.funcGetModule(&module, function) != CUDA_SUCCESS)
    module = nullptr;
  s.rowByFunction.emplace(function, State::KernelRow{row, module});
  return row;
}

bool inDeviceMemory(const State &s, const void *ptr) {
  unsigned type = 0;
  // Pageable host memory is unknown to the driver: that is an error here.
  if (s.timing.pointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                   reinterpret_cast<CUdeviceptr>(ptr)) !=
      CUDA_SUCCESS)
    return false;
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

/// Reads the times of the oldest pending operation, which must have been
/// queued, and returns its events to the pool (except the origin).
void readOldest(State &s, const DriverApi &api) {
  Pending *op = s.pending.front();
  s.pending.pop_front();
  check(api.cuEventSynchronize(op->end), "cuEventSynchronize");
  double ms = elapsedMs(s, op->start, op->end);
  IterationTimes &it = s.iteration;
  ++it.operations;
  if (op->isTransfer) {
    it.transferMs += ms;
  } else {
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
  RowTimes &row = s.iterationRows[op->row];
  ++row.calls;
  row.ms += ms;
  if (op->start != s.origin)
    s.freeEvents.push_back(op->start);
  s.freeEvents.push_back(op->end);
  s.freePending.emplace_back(op);
}

} // namespace

namespace detail {

Pending *begin(CUstream stream, OpKind kind, const char *name,
               CUfunction function, const void *dst, const void *src) {
  const DriverApi &api = driver();
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  resolveTiming(s);
  if (kind == OpKind::Copy)
    kind = classifyCopy(s, dst, src);
  uint32_t row = kind == OpKind::Kernel
                     ? rowForKernel(s, function)
                     : rowFor(s, name ? name : displayName(kind), kind);
  // Read the oldest operations (waiting for them) rather than let the
  // number of live events grow with the length of the program.
  while (s.pending.size() >= kMaxPending && s.pending.front()->end)
    readOldest(s, api);

  std::unique_ptr<Pending> op;
  if (s.freePending.empty()) {
    op = std::make_unique<Pending>();
  } else {
    op = std::move(s.freePending.back());
    s.freePending.pop_back();
  }
  op->start = takeEvent(s, api);
  op->end = nullptr;
  op->row = row;
  op->isTransfer = isTransfer(kind);
  check(api.cuEventRecord(op->start, stream), "cuEventRecord");
  if (!s.origin)
    s.origin = op->start;
  s.everTimed = true;
  s.pending.push_back(op.get());
  return op.release();
}

void end(Pending *op, CUstream stream) {
  const DriverApi &api = driver();
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  CUevent event = takeEvent(s, api);
  check(api.cuEventRecord(event, stream), "cuEventRecord");
  op->end = event;
}

} // namespace detail

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
  }
  return "unknown";
}

bool isTransfer(OpKind kind) {
  return kind == OpKind::CopyHostToDevice || kind == OpKind::CopyDeviceToHost ||
         kind == OpKind::CopyHostToHost;
}

void start() {
  State &s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    for (OpTotals &row : s.rows) {
      row.calls = 0;
      row.totalMs = 0;
    }
    s.everTimed = false;
  }
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
    s.freeEvents.push_back(s.origin);
    s.origin = nullptr;
  }
  IterationTimes result = s.iteration;
  result.spanMs = s.anyDeviceOp ? s.lastEnd - s.firstStart : 0;
  if (accumulate) {
    for (size_t i = 0; i < s.rows.size(); ++i) {
      s.rows[i].calls += s.iterationRows[i].calls;
      s.rows[i].totalMs += s.iterationRows[i].ms;
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
  detail::active.store(false, std::memory_order_relaxed);
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.eventCount == 0)
    return;
  const DriverApi &api = driver();
  if (!s.pending.empty())
    fatal("internal error: timing stopped with operations still pending");
  if (s.origin) {
    s.freeEvents.push_back(s.origin);
    s.origin = nullptr;
  }
  if (s.freeEvents.size() != s.eventCount)
    fatal("internal error: %zu of %zu timing events were not returned",
          s.eventCount - s.freeEvents.size(), s.eventCount);
  for (CUevent event : s.freeEvents)
    check(api.cuEventDestroy_v2(event), "cuEventDestroy");
  s.freeEvents.clear();
  s.eventCount = 0;
}

} // namespace arrayrt::profile
