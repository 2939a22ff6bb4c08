//===- Profile.h - Device timing of every queued operation ------*- C++ -*-===//
//
// While profiling is active, every device operation the runtime queues (a
// kernel launch, a memset, a copy, and later library calls) is bracketed by
// a pair of timing events recorded on its stream. The events come from a
// pool and go back to it once read, so a program queueing millions of
// operations needs only a bounded number of them.
//
// The same hooks serve the Chrome trace (ARRAYRT_TRACE: every timed
// operation, allocation and range with its device time, one track per
// stream) and NVTX ranges named after the array op (when a profiler such as
// Nsight Systems is attached): compiled code names the op it is running
// with arrayrt_set_op, and programs mark their own ranges with
// arrayrt_range_push/pop.
//
// Inactive, each hook costs one relaxed load of a global flag and a
// not-taken branch: no event, no lock, no driver call, no NVTX call.
//
// Timing is per iteration (one run of the program's entry point):
// beginIteration() forgets nothing that was accumulated, endIteration()
// waits for the iteration's operations and returns their times.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_PROFILE_H
#define ARRAYRT_LIB_PROFILE_H

#include <cuda.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace arrayrt::profile {

/// What a timed operation is. Transfers between host and device are timed
/// but kept apart from the device time: a benchmark's inputs arrive from,
/// and its results go to, the host.
enum class OpKind : uint8_t {
  Kernel,
  Memset,
  Copy, // Classified into one of the four below when recorded.
  CopyDeviceToDevice,
  CopyHostToDevice,
  CopyDeviceToHost,
  CopyHostToHost,
  Library,
  Graph,      // A CUDA graph's launch: a region's run replayed (graphs/).
  Range,      // A named range of the program (arrayrt_range_push/pop).
  Allocation, // arrayrt_alloc/arrayrt_free, traced only.
  HostSpan,   // Host work of compiled code (HostProfile.h), traced here.
};

/// "kernel", "memset", "copy-dtod", "copy-htod", "copy-dtoh", "copy-htoh",
/// "library", "graph", "range", "allocation", "host".
const char *kindName(OpKind kind);

/// True for copies that cross between host and device memory (or stay on
/// the host).
bool isTransfer(OpKind kind);

namespace detail {
extern std::atomic<bool> active;
struct Pending;
Pending *begin(CUstream stream, OpKind kind, const char *name,
               CUfunction function, const void *dst, const void *src,
               uint64_t bytes);
void end(Pending *op, CUstream stream);
} // namespace detail

/// Whether any hook (timing, trace, NVTX) is on.
inline bool active() { return detail::active.load(std::memory_order_relaxed); }

/// Times the device operation queued on `stream` during its lifetime. For
/// kernels pass the function (its name is looked up when profiling; the
/// current op's label and byte count, from arrayrt_set_op, name the row and
/// give its bandwidth); for copies pass kind Copy and the pointers (the
/// direction is looked up); otherwise a static `name` ("memset 32-bit", a
/// library routine). `bytes`: the memory a copy or memset writes (and a
/// copy reads), a library call's traffic where known.
class ScopedDeviceOp {
public:
  ScopedDeviceOp(CUstream stream, OpKind kind, const char *name,
                 CUfunction function = nullptr, const void *dst = nullptr,
                 const void *src = nullptr, uint64_t bytes = 0)
      : stream(stream) {
    if (__builtin_expect(active(), 0))
      op = detail::begin(stream, kind, name, function, dst, src, bytes);
  }
  // A failing record throws inside a library call (arrayrt_abi_call turns
  // it into an error code), so the destructor may throw.
  ~ScopedDeviceOp() noexcept(false) {
    if (__builtin_expect(op != nullptr, 0))
      detail::end(op, stream);
  }
  ScopedDeviceOp(const ScopedDeviceOp &) = delete;
  ScopedDeviceOp &operator=(const ScopedDeviceOp &) = delete;

private:
  CUstream stream;
  detail::Pending *op = nullptr;
};

/// The times of one iteration, in milliseconds.
struct IterationTimes {
  /// Sum of the durations of the non-transfer operations: the device time.
  double deviceMs = 0;
  /// First non-transfer start to last non-transfer end, across streams
  /// (includes gaps between operations); 0 without such operations.
  double spanMs = 0;
  /// Sum of the durations of the host<->device transfers.
  double transferMs = 0;
  /// Operations timed, transfers included.
  uint64_t operations = 0;
};

/// Accumulated times of one kind of operation (one kernel, say).
struct OpTotals {
  std::string name;
  OpKind kind = OpKind::Kernel;
  uint64_t calls = 0;
  double totalMs = 0; // Ranges: the device span, or host time without one.
  uint64_t bytes = 0; // Memory moved by the calls that said how much.
  uint64_t callsWithBytes = 0;
};

/// Achieved bandwidth of `op` in GB/s (10^9 bytes per second), or a
/// negative number when some call did not say how many bytes it moved.
double gigabytesPerSecond(const OpTotals &op);

/// One entry of the Chrome trace.
struct TraceEvent {
  std::string name; // The row's name: the op's label, "copy HtoD", ...
  OpKind kind = OpKind::Kernel;
  uint32_t pid = 1;       // 1: device time; hostprofile::kTracePid: host.
  uint32_t track = 0;     // 0: the program's ranges; 1, 2...: streams.
  double startUs = 0;     // From the first traced operation's start.
  double durationUs = 0;  // 0 for allocations.
  uint64_t bytes = 0;     // 0: unknown (allocations: 0 for a free).
  uint64_t usedBytes = 0; // Allocations: the pool's bytes in use after.
  std::string detail;     // The kernel's name.
};

/// A track of the trace, "stream 1 (0x...)".
struct TraceTrack {
  uint32_t id = 0;
  std::string name;
  uint32_t pid = 1;
};

/// The Chrome trace JSON (object format, "traceEvents"): a process per pid
/// of the tracks ("arrayrt (GPU time)" for 1, also without tracks;
/// "arrayrt (host time)" for host spans), a thread per track with its name,
/// an "X" (complete) event per operation, range and host span with ts and
/// dur in microseconds, allocations as "i" (instant) events on their stream
/// plus a "device memory in use" counter.
std::string formatChromeTrace(const std::vector<TraceTrack> &tracks,
                              const std::vector<TraceEvent> &events);

/// Turns timing on and clears totals() and deviceUsed(). Needs no GPU: the
/// driver is touched only by operations. With `trace`, every operation is
/// also kept for traceJson().
void start(bool trace = false);

/// Turns NVTX ranges on (one per device operation, named after the current
/// op's label, and arrayrt_range_push/pop), with or without timing.
void enableNvtx();

/// An allocation (`bytes` > 0) or free (`bytes` = 0) on `stream`; the
/// pool's bytes in use after it. Traced only.
void noteAllocation(CUstream stream, uint64_t bytes, uint64_t usedBytes);

/// A named range of the program opens or closes (arrayrt_range_push/pop).
void pushRange(const char *name);
void popRange();

/// The Chrome trace (JSON object format) of everything timed since
/// start(true), with the host spans traced since hostprofile::start(true):
/// times from the earliest of the first device operation and the first
/// span, device times placed on the host clock by the host time at which
/// the first operation's start event was recorded. Without host spans, the
/// trace of the device alone; without device operations or ranges, the
/// host spans alone. Call after the last endIteration().
std::string traceJson();

/// Starts an iteration.
void beginIteration();

/// Waits for the operations queued since beginIteration() and returns their
/// times; when `accumulate`, adds them to totals().
IterationTimes endIteration(bool accumulate);

/// Per-operation totals over the accumulated iterations, by decreasing
/// total time.
std::vector<OpTotals> totals();

/// Whether any device operation was timed since start().
bool deviceUsed();

/// Forgets the kernels of `module`, about to be unloaded, whose handles the
/// driver may give to other kernels later.
void forgetModule(CUmodule module);

/// Turns timing off and destroys the pooled events.
void stop();

} // namespace arrayrt::profile

#endif // ARRAYRT_LIB_PROFILE_H
