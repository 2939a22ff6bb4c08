//===- Profile.h - Device timing of every queued operation ------*- C++ -*-===//
//
// While profiling is active, every device operation the runtime queues (a
// kernel launch, a memset, a copy, and later library calls) is bracketed by
// a pair of timing events recorded on its stream. The events come from a
// pool and go back to it once read, so a program queueing millions of
// operations needs only a bounded number of them.
//
// Inactive, each hook costs one relaxed load of a global flag and a
// not-taken branch: no event, no lock, no driver call.
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
};

/// "kernel", "memset", "copy-dtod", "copy-htod", "copy-dtoh", "copy-htoh",
/// "library".
const char *kindName(OpKind kind);

/// True for copies that cross between host and device memory (or stay on
/// the host).
bool isTransfer(OpKind kind);

namespace detail {
extern std::atomic<bool> active;
struct Pending;
Pending *begin(CUstream stream, OpKind kind, const char *name,
               CUfunction function, const void *dst, const void *src);
void end(Pending *op, CUstream stream);
} // namespace detail

/// Whether operations are being timed.
inline bool active() { return detail::active.load(std::memory_order_relaxed); }

/// Times the device operation queued on `stream` during its lifetime. For
/// kernels pass the function (its name is looked up when profiling); for
/// copies pass kind Copy and the pointers (the direction is looked up);
/// otherwise a static `name` ("memset 32-bit", a library routine).
class ScopedDeviceOp {
public:
  ScopedDeviceOp(CUstream stream, OpKind kind, const char *name,
                 CUfunction function = nullptr, const void *dst = nullptr,
                 const void *src = nullptr)
      : stream(stream) {
    if (__builtin_expect(active(), 0))
      op = detail::begin(stream, kind, name, function, dst, src);
  }
  ~ScopedDeviceOp() {
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
  double totalMs = 0;
};

/// Turns timing on and clears totals() and deviceUsed(). Needs no GPU: the
/// driver is touched only by operations.
void start();

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
