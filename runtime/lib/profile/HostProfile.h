//===- HostProfile.h - Host time of the spans of compiled code --*- C++ -*-===//
//
// CPU executables bracket the work of each array op (a loop nest, a runtime
// call such as a print or a BLAS product) with arrayrt_host_span_begin(name)
// and arrayrt_host_span_end() (array-cpu-profile-spans). While host
// profiling is on (ARRAYRT_PROFILE or ARRAYRT_TRACE), each thread keeps its
// own stack of open spans: a span that closes adds its steady-clock time to
// its name's row when it is the outermost one open on its thread (an inner
// span's time is part of the outer one's), and, when tracing, is kept as an
// event of its thread's track, nested ones included. Spans on threads other
// than the one that started profiling (OpenMP workers, other callers of a
// library) have rows of their own.
//
// Off, each entry point costs one relaxed load of a global flag and a
// not-taken branch.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_PROFILE_HOSTPROFILE_H
#define ARRAYRT_LIB_PROFILE_HOSTPROFILE_H

#include "profile/Profile.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arrayrt::hostprofile {

namespace detail {
extern std::atomic<bool> active;
void begin(const char *name);
void end();
} // namespace detail

/// Whether host spans are timed.
inline bool active() { return detail::active.load(std::memory_order_relaxed); }

/// The Chrome trace's process of host spans (the device's is 1).
constexpr uint32_t kTracePid = 2;

/// Accumulated host time of the spans of one name on one side.
struct SpanTotals {
  std::string name;
  /// Spans of threads other than the one that called start(), which may
  /// run at the same time as the program thread's.
  bool otherThreads = false;
  uint64_t calls = 0;
  double totalMs = 0;
};

/// Turns host spans on and forgets every span so far; the calling thread
/// is the program's. With `trace`, every span is also kept for the trace.
void start(bool trace);

/// Ends an iteration (a run of the program): when `accumulate`, adds the
/// spans closed since the last call to totals(), else forgets them.
void endIteration(bool accumulate);

/// The accumulated rows: the program thread's, then the other threads',
/// each by decreasing total time.
std::vector<SpanTotals> totals();

/// The start of the first traced span, if any.
std::optional<std::chrono::steady_clock::time_point> firstTracedStart();

/// Appends the traced spans to a Chrome trace: a track (pid kTracePid) per
/// thread that closed one, the program thread's first, and an event per
/// span with its start from `origin`.
void appendTrace(std::chrono::steady_clock::time_point origin,
                 std::vector<profile::TraceTrack> &tracks,
                 std::vector<profile::TraceEvent> &events);

/// Turns host spans off (what was recorded stays until the next start()).
void stop();

} // namespace arrayrt::hostprofile

#endif // ARRAYRT_LIB_PROFILE_HOSTPROFILE_H
