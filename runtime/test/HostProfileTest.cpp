//===- HostProfileTest.cpp - Host spans, per thread -----------------------===//

#include "arrayrt/program.h"

#include "profile/HostProfile.h"
#include "profile/Profile.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using arrayrt::hostprofile::SpanTotals;
namespace hostprofile = arrayrt::hostprofile;
namespace profile = arrayrt::profile;

void sleepUs(int us) {
  std::this_thread::sleep_for(std::chrono::microseconds(us));
}

const SpanTotals *find(const std::vector<SpanTotals> &rows,
                       const std::string &name, bool other) {
  for (const SpanTotals &row : rows)
    if (row.name == name && row.otherThreads == other)
      return &row;
  return nullptr;
}

/// A value of the trace's line, as in `"tid": 3` (-1 when absent).
long field(const std::string &line, const std::string &key) {
  std::string pattern = "\"" + key + "\": ";
  size_t at = line.find(pattern);
  if (at == std::string::npos)
    return -1;
  return std::stol(line.substr(at + pattern.size()));
}

/// The trace's events named `name` (one per line), as (pid, tid) pairs.
std::vector<std::pair<long, long>> tracksOf(const std::string &json,
                                            const std::string &name) {
  std::vector<std::pair<long, long>> result;
  std::istringstream lines(json);
  std::string line;
  while (std::getline(lines, line))
    if (line.find("{\"name\": \"" + name + "\", \"cat\": \"host\"") == 0)
      result.emplace_back(field(line, "pid"), field(line, "tid"));
  return result;
}

/// Two threads held together until both have opened their span.
struct Rendezvous {
  std::mutex mutex;
  std::condition_variable arrived;
  int count = 0;
  void wait(int total) {
    std::unique_lock<std::mutex> lock(mutex);
    ++count;
    arrived.notify_all();
    arrived.wait(lock, [&] { return count >= total; });
  }
};

TEST(HostProfile, OffSpansRecordNothing) {
  hostprofile::stop();
  EXPECT_FALSE(hostprofile::active());
  arrayrt_host_span_begin("ignored");
  arrayrt_host_span_end();
  hostprofile::start(/*trace=*/false);
  // Begun before start(): its end is ignored too.
  arrayrt_host_span_end();
  hostprofile::endIteration(/*accumulate=*/true);
  EXPECT_TRUE(hostprofile::totals().empty());
  hostprofile::stop();
}

TEST(HostProfile, OutermostSpansMakeTheRows) {
  hostprofile::start(/*trace=*/false);
  for (int i = 0; i < 3; ++i) {
    arrayrt_host_span_begin("array.exp @ p.mlir:3:8");
    arrayrt_host_span_begin("inner"); // Part of the outer span's time.
    sleepUs(200);
    arrayrt_host_span_end();
    arrayrt_host_span_end();
  }
  arrayrt_host_span_end(); // Unbalanced: ignored.
  hostprofile::endIteration(/*accumulate=*/true);
  // Not accumulated: forgotten.
  arrayrt_host_span_begin("warm-up");
  arrayrt_host_span_end();
  hostprofile::endIteration(/*accumulate=*/false);
  std::vector<SpanTotals> rows = hostprofile::totals();
  hostprofile::stop();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].name, "array.exp @ p.mlir:3:8");
  EXPECT_FALSE(rows[0].otherThreads);
  EXPECT_EQ(rows[0].calls, 3u);
  EXPECT_GE(rows[0].totalMs, 0.6);
}

/// Spans of two std::threads land on two tracks of their own, while the
/// program thread's open span stays open on its own stack.
TEST(HostProfile, ThreadsHaveTracksAndStacksOfTheirOwn) {
  profile::start(/*trace=*/true);
  hostprofile::start(/*trace=*/true);
  arrayrt_host_span_begin("program");
  Rendezvous both;
  auto work = [&] {
    arrayrt_host_span_begin("worker");
    both.wait(2); // Both threads' spans are open at once.
    arrayrt_host_span_begin("worker inner");
    sleepUs(100);
    arrayrt_host_span_end();
    arrayrt_host_span_end();
    arrayrt_host_span_end(); // Unbalanced on this thread: ignored.
  };
  std::thread first(work), second(work);
  first.join();
  second.join();
  arrayrt_host_span_end();
  hostprofile::endIteration(/*accumulate=*/true);
  std::vector<SpanTotals> rows = hostprofile::totals();
  std::string json = profile::traceJson();
  profile::stop();
  hostprofile::stop();

  // The program thread's span lasted as long as the workers' together.
  const SpanTotals *program = find(rows, "program", /*other=*/false);
  const SpanTotals *worker = find(rows, "worker", /*other=*/true);
  ASSERT_NE(program, nullptr);
  ASSERT_NE(worker, nullptr);
  EXPECT_EQ(program->calls, 1u);
  EXPECT_EQ(worker->calls, 2u);
  EXPECT_GE(worker->totalMs, 0.2);
  EXPECT_GE(program->totalMs, worker->totalMs / 2);
  EXPECT_EQ(find(rows, "worker inner", true), nullptr);
  EXPECT_EQ(rows.size(), 2u);

  // The host process only: no device operation, no "program ranges".
  EXPECT_EQ(json.find("arrayrt (GPU time)"), std::string::npos) << json;
  EXPECT_NE(json.find("{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": "
                      "2, \"tid\": 0, \"args\": {\"name\": \"arrayrt (host "
                      "time)\"}}"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 2, "
                      "\"tid\": 1, \"args\": {\"name\": \"program thread "
                      "(tid "),
            std::string::npos)
      << json;
  std::vector<std::pair<long, long>> programTracks = tracksOf(json, "program");
  ASSERT_EQ(programTracks.size(), 1u) << json;
  EXPECT_EQ(programTracks[0], std::make_pair(2L, 1L));
  std::set<long> workerTids, innerTids;
  for (auto [pid, tid] : tracksOf(json, "worker")) {
    EXPECT_EQ(pid, 2);
    workerTids.insert(tid);
  }
  for (auto [pid, tid] : tracksOf(json, "worker inner"))
    innerTids.insert(tid);
  EXPECT_EQ(workerTids, (std::set<long>{2, 3})) << json;
  EXPECT_EQ(innerTids, workerTids) << json;
  EXPECT_NE(json.find("\"thread_name\", \"ph\": \"M\", \"pid\": 2, \"tid\": "
                      "2, \"args\": {\"name\": \"thread 2 (tid "),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"thread_name\", \"ph\": \"M\", \"pid\": 2, \"tid\": "
                      "3, \"args\": {\"name\": \"thread 3 (tid "),
            std::string::npos)
      << json;

  // Every span is a complete event whose time lies in the program's span.
  std::istringstream lines(json);
  std::string line;
  int spans = 0;
  double programEnd = -1;
  std::vector<std::pair<double, double>> others;
  while (std::getline(lines, line)) {
    if (line.find("\"cat\": \"host\"") == std::string::npos)
      continue;
    ++spans;
    EXPECT_NE(line.find("\"ph\": \"X\""), std::string::npos) << line;
    double ts = std::stod(line.substr(line.find("\"ts\": ") + 6));
    double dur = std::stod(line.substr(line.find("\"dur\": ") + 7));
    EXPECT_GE(ts, 0) << line;
    EXPECT_GE(dur, 0) << line;
    if (line.find("\"name\": \"program\"") != std::string::npos) {
      EXPECT_EQ(ts, 0) << line; // The first span is the trace's origin.
      programEnd = ts + dur;
    } else {
      others.emplace_back(ts, ts + dur);
    }
  }
  EXPECT_EQ(spans, 5);
  for (auto [begin, end] : others)
    EXPECT_LE(end, programEnd + 0.002); // %.3f rounds each.
}

} // namespace
