//===- HostProfile.cpp - Host time of the spans of compiled code ----------===//

#include "profile/HostProfile.h"

#include "arrayrt/program.h"

#include "driver/Error.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <unordered_map>

namespace arrayrt::hostprofile {

namespace detail {
std::atomic<bool> active{false};
} // namespace detail

namespace {

using Clock = std::chrono::steady_clock;

struct OpenSpan {
  const char *name;
  Clock::time_point start;
};

struct ClosedSpan {
  const char *name;
  Clock::time_point start, end;
};

struct RowTimes {
  uint64_t calls = 0;
  Clock::duration time{};
};

/// What one thread recorded. Its owner takes the mutex for each begin and
/// end (uncontended but for the moments the totals or the trace are read).
/// Kept, with what it recorded, after its thread exits.
struct ThreadSpans {
  std::mutex mutex;
  long osTid = static_cast<long>(::syscall(SYS_gettid));
  std::vector<OpenSpan> stack;
  /// The outermost spans closed since the last endIteration, by name (the
  /// compiled code's constants: one pointer per name).
  std::unordered_map<const char *, RowTimes> rows;
  std::vector<ClosedSpan> traced;
};

struct State {
  std::mutex mutex; // Guards the fields below; taken before a thread's.
  std::vector<ThreadSpans *> threads;
  ThreadSpans *program = nullptr; // The thread that called start().
  // Accumulated rows: the program thread's and the other threads'.
  std::map<std::string, RowTimes> programRows, otherRows;
};

// Never destroyed: worker threads may close spans while the process exits.
State &state() {
  static State *instance = new State;
  return *instance;
}

std::atomic<bool> tracing{false};

thread_local ThreadSpans *current = nullptr;

ThreadSpans &threadSpans() {
  if (!current) {
    auto *spans = new ThreadSpans;
    State &s = state();
    std::lock_guard<std::mutex> lock(s.mutex);
    s.threads.push_back(spans);
    current = spans;
  }
  return *current;
}

double milliseconds(Clock::duration time) {
  return std::chrono::duration<double, std::milli>(time).count();
}

void appendRows(std::vector<SpanTotals> &out,
                const std::map<std::string, RowTimes> &rows, bool other) {
  size_t first = out.size();
  for (const auto &[name, row] : rows)
    out.push_back({name, other, row.calls, milliseconds(row.time)});
  std::stable_sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                   [](const SpanTotals &a, const SpanTotals &b) {
                     return a.totalMs > b.totalMs;
                   });
}

} // namespace

void detail::begin(const char *name) {
  ThreadSpans &t = threadSpans();
  std::lock_guard<std::mutex> lock(t.mutex);
  t.stack.push_back({name ? name : "", Clock::now()});
}

void detail::end() {
  Clock::time_point now = Clock::now();
  ThreadSpans *t = current;
  if (!t)
    return;
  std::lock_guard<std::mutex> lock(t->mutex);
  // Unbalanced, or begun before start(): ignored.
  if (t->stack.empty())
    return;
  OpenSpan span = t->stack.back();
  t->stack.pop_back();
  if (t->stack.empty()) {
    RowTimes &row = t->rows[span.name];
    ++row.calls;
    row.time += now - span.start;
  }
  if (tracing.load(std::memory_order_relaxed))
    t->traced.push_back({span.name, span.start, now});
}

void start(bool trace) {
  State &s = state();
  ThreadSpans *program = &threadSpans();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    s.program = program;
    s.programRows.clear();
    s.otherRows.clear();
    for (ThreadSpans *t : s.threads) {
      std::lock_guard<std::mutex> threadLock(t->mutex);
      t->stack.clear();
      t->rows.clear();
      t->traced.clear();
    }
    tracing.store(trace, std::memory_order_relaxed);
  }
  detail::active.store(true, std::memory_order_relaxed);
}

void endIteration(bool accumulate) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  for (ThreadSpans *t : s.threads) {
    std::lock_guard<std::mutex> threadLock(t->mutex);
    if (accumulate) {
      auto &rows = t == s.program ? s.programRows : s.otherRows;
      for (const auto &[name, times] : t->rows) {
        RowTimes &row = rows[name];
        row.calls += times.calls;
        row.time += times.time;
      }
    }
    t->rows.clear();
  }
}

std::vector<SpanTotals> totals() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  std::vector<SpanTotals> result;
  appendRows(result, s.programRows, /*other=*/false);
  appendRows(result, s.otherRows, /*other=*/true);
  return result;
}

std::optional<Clock::time_point> firstTracedStart() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  std::optional<Clock::time_point> first;
  for (ThreadSpans *t : s.threads) {
    std::lock_guard<std::mutex> threadLock(t->mutex);
    for (const ClosedSpan &span : t->traced)
      if (!first || span.start < *first)
        first = span.start;
  }
  return first;
}

void appendTrace(Clock::time_point origin,
                 std::vector<profile::TraceTrack> &tracks,
                 std::vector<profile::TraceEvent> &events) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  // The program thread is track 1; the others follow in the order of their
  // first span.
  std::vector<ThreadSpans *> threads = s.threads;
  std::stable_partition(threads.begin(), threads.end(),
                        [&](ThreadSpans *t) { return t == s.program; });
  uint32_t next = 1;
  for (ThreadSpans *t : threads) {
    std::lock_guard<std::mutex> threadLock(t->mutex);
    if (t->traced.empty())
      continue;
    uint32_t track = next++;
    bool program = t == s.program;
    profile::TraceTrack entry;
    entry.id = track;
    entry.pid = kTracePid;
    entry.name = program ? formatString("program thread (tid %ld)", t->osTid)
                         : formatString("thread %u (tid %ld)", track, t->osTid);
    tracks.push_back(std::move(entry));
    // Closed inner spans come before their outer ones: by start instead.
    std::stable_sort(t->traced.begin(), t->traced.end(),
                     [](const ClosedSpan &a, const ClosedSpan &b) {
                       return a.start < b.start;
                     });
    for (const ClosedSpan &span : t->traced) {
      profile::TraceEvent event;
      event.name = span.name;
      event.kind = profile::OpKind::HostSpan;
      event.pid = kTracePid;
      event.track = track;
      event.startUs =
          std::chrono::duration<double, std::micro>(span.start - origin)
              .count();
      event.durationUs =
          std::chrono::duration<double, std::micro>(span.end - span.start)
              .count();
      events.push_back(std::move(event));
    }
  }
}

void stop() {
  detail::active.store(false, std::memory_order_relaxed);
  tracing.store(false, std::memory_order_relaxed);
}

} // namespace arrayrt::hostprofile

extern "C" void arrayrt_host_span_begin(const char *name) {
  if (__builtin_expect(arrayrt::hostprofile::active(), 0))
    arrayrt::hostprofile::detail::begin(name);
}

extern "C" void arrayrt_host_span_end(void) {
  if (__builtin_expect(arrayrt::hostprofile::active(), 0))
    arrayrt::hostprofile::detail::end();
}
