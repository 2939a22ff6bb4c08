//===- MemoryPoolTest.cpp - The device memory pool on host memory ---------===//
//
// MemoryPool (lib/memory/MemoryPool.h) against HostBackend, whose segments are
// host memory and whose events complete only when the test says so.
//
//===----------------------------------------------------------------------===//

#include "memory/MemoryPool.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <set>
#include <thread>
#include <vector>

namespace {

using arrayrt::MemoryPool;
using arrayrt::PoolEvent;
using arrayrt::PoolStats;
using arrayrt::PoolStream;

constexpr size_t KiB = 1024, MiB = 1024 * 1024;

/// Called under the pool's mutex only, so it needs no lock of its own.
class HostBackend final : public arrayrt::PoolBackend {
public:
  size_t capacity = 0; // 0: unlimited.
  size_t liveBytes = 0;
  int segmentAllocations = 0, segmentFrees = 0, synchronizations = 0;
  int eventsRecorded = 0;
  bool autoComplete = false; // Events complete as soon as recorded.

  void *allocateSegment(size_t bytes, std::string &error) override {
    if (capacity && liveBytes + bytes > capacity) {
      error = "host backend is full";
      return nullptr;
    }
    void *memory = std::aligned_alloc(MemoryPool::kRoundBytes, bytes);
    liveBytes += bytes;
    ++segmentAllocations;
    return memory;
  }
  void freeSegment(void *segment, size_t bytes) override {
    std::free(segment);
    liveBytes -= bytes;
    ++segmentFrees;
  }
  PoolEvent recordEvent(PoolStream stream) override {
    PoolEvent event = nextEvent++;
    events[event] = {stream, autoComplete};
    ++eventsRecorded;
    return event;
  }
  bool eventCompleted(PoolEvent event) override {
    return events.at(event).completed;
  }
  void synchronizeEvent(PoolEvent event) override {
    ++synchronizations;
    events.at(event).completed = true;
  }
  void releaseEvent(PoolEvent event) override {
    EXPECT_EQ(events.erase(event), 1u) << "event released twice";
  }

  /// The work queued on `stream` so far has finished.
  void complete(PoolStream stream) {
    for (auto &entry : events)
      if (entry.second.stream == stream)
        entry.second.completed = true;
  }
  size_t liveEvents() const { return events.size(); }

private:
  struct EventState {
    PoolStream stream;
    bool completed;
  };
  std::map<PoolEvent, EventState> events;
  PoolEvent nextEvent = 1;
};

constexpr PoolStream S1 = 0x100, S2 = 0x200, S3 = 0x300;

char *alloc(MemoryPool &pool, size_t bytes, PoolStream stream) {
  std::string error;
  void *ptr = pool.allocate(bytes, stream, error);
  EXPECT_NE(ptr, nullptr) << error;
  return static_cast<char *>(ptr);
}

TEST(MemoryPool, RoundsTo512AndSizesSegments) {
  EXPECT_EQ(MemoryPool::roundUp(1), 512u);
  EXPECT_EQ(MemoryPool::roundUp(512), 512u);
  EXPECT_EQ(MemoryPool::roundUp(513), 1024u);
  EXPECT_EQ(MemoryPool::roundUp(SIZE_MAX), 0u);
  EXPECT_EQ(MemoryPool::segmentSize(512), 2 * MiB);
  EXPECT_EQ(MemoryPool::segmentSize(1 * MiB), 2 * MiB);
  EXPECT_EQ(MemoryPool::segmentSize(1 * MiB + 512), 2 * MiB);
  EXPECT_EQ(MemoryPool::segmentSize(3 * MiB), 4 * MiB);
  EXPECT_EQ(MemoryPool::segmentSize(4 * MiB), 4 * MiB);

  HostBackend backend;
  MemoryPool pool(backend);
  alloc(pool, 1, S1);
  PoolStats stats = pool.stats();
  EXPECT_EQ(stats.usedBytes, 512u);
  EXPECT_EQ(stats.reservedBytes, 2 * MiB);
  EXPECT_EQ(stats.cachedBytes, 2 * MiB - 512);
  EXPECT_EQ(stats.segmentCount, 1u);
  alloc(pool, 3 * MiB, S1);
  EXPECT_EQ(pool.stats().reservedBytes, 6 * MiB);
  EXPECT_EQ(backend.segmentAllocations, 2);
}

TEST(MemoryPool, SplitsSegments) {
  HostBackend backend;
  MemoryPool pool(backend);
  char *a = alloc(pool, 1000, S1);
  char *b = alloc(pool, 1000, S1);
  char *c = alloc(pool, 5000, S1);
  EXPECT_EQ(b, a + 1024);
  EXPECT_EQ(c, b + 1024);
  EXPECT_EQ(backend.segmentAllocations, 1);
  EXPECT_EQ(pool.stats().usedBytes, 1024u + 1024 + 5120);
}

TEST(MemoryPool, MergesFreeNeighbours) {
  HostBackend backend;
  MemoryPool pool(backend);
  char *a = alloc(pool, 1 * MiB / 2, S1);
  char *b = alloc(pool, 1 * MiB / 2, S1);
  char *c = alloc(pool, 1 * MiB / 2, S1);
  char *d = alloc(pool, 1 * MiB / 2, S1); // Fills the 2 MiB segment.
  EXPECT_TRUE(pool.free(a, S1));
  EXPECT_TRUE(pool.free(c, S1));
  EXPECT_TRUE(pool.free(b, S1)); // Joins a, b and c.
  // 1.5 MiB contiguous from the same segment, without a new one.
  EXPECT_EQ(alloc(pool, 3 * MiB / 2, S1), a);
  EXPECT_EQ(backend.segmentAllocations, 1);
  EXPECT_TRUE(pool.free(a, S1));
  EXPECT_TRUE(pool.free(d, S1)); // The whole segment is one block again.
  EXPECT_EQ(alloc(pool, 2 * MiB, S1), a);
  EXPECT_EQ(backend.segmentAllocations, 1);
  // Frees on one stream, and their merging, need no event.
  pool.free(a, S1);
  EXPECT_EQ(backend.eventsRecorded, 0);
}

TEST(MemoryPool, MergesAcrossStreamsOnlyAfterTheEvent) {
  HostBackend backend;
  MemoryPool pool(backend);
  char *a = alloc(pool, 1 * MiB, S1);
  char *b = alloc(pool, 1 * MiB, S1);
  pool.free(a, S1);
  pool.free(b, S2); // a's event is pending: not merged.
  EXPECT_NE(alloc(pool, 2 * MiB, S2), a);
  EXPECT_EQ(backend.segmentAllocations, 2);

  HostBackend backend2;
  MemoryPool pool2(backend2);
  a = alloc(pool2, 1 * MiB, S1);
  b = alloc(pool2, 1 * MiB, S1);
  pool2.free(a, S1);
  // S2 wants a: an event is recorded on S1, too late for this request.
  char *c = alloc(pool2, 1 * MiB, S2);
  EXPECT_NE(c, a);
  EXPECT_EQ(backend2.eventsRecorded, 1);
  backend2.complete(S1);
  pool2.free(b, S2); // a is free for any stream now: merged.
  EXPECT_EQ(alloc(pool2, 2 * MiB, S2), a);
  EXPECT_EQ(backend2.segmentAllocations, 2);
}

TEST(MemoryPool, ChoosesTheBestFit) {
  HostBackend backend;
  MemoryPool pool(backend);
  char *x4 = alloc(pool, 4 * KiB, S1);
  alloc(pool, 512, S1);
  char *x1 = alloc(pool, 1 * KiB, S1);
  alloc(pool, 512, S1);
  char *x2 = alloc(pool, 2 * KiB, S1);
  alloc(pool, 512, S1);
  pool.free(x4, S1);
  pool.free(x1, S1);
  pool.free(x2, S1);
  EXPECT_EQ(alloc(pool, 1500, S1), x2);
  EXPECT_EQ(alloc(pool, 1000, S1), x1);
  EXPECT_EQ(alloc(pool, 3000, S1), x4);
  EXPECT_EQ(alloc(pool, 1024, S1), x4 + 3072); // The rest of x4.
  EXPECT_EQ(backend.segmentAllocations, 1);
}

TEST(MemoryPool, ReusesPerStream) {
  HostBackend backend;
  MemoryPool pool(backend);
  const size_t size = 3 * MiB / 2;
  char *a = alloc(pool, size, S1);
  pool.free(a, S1);
  // Same stream: at once, although S1's work may still use a.
  EXPECT_EQ(alloc(pool, size, S1), a);
  pool.free(a, S1);
  // Another stream: not while the event recorded at the free is pending.
  char *b = alloc(pool, size, S2);
  EXPECT_NE(b, a);
  EXPECT_EQ(backend.segmentAllocations, 2);
  backend.complete(S1);
  EXPECT_EQ(alloc(pool, size, S2), a);
  EXPECT_EQ(backend.segmentAllocations, 2);
}

TEST(MemoryPool, DestroyedStreamsWaitForTheirEvents) {
  HostBackend backend;
  MemoryPool pool(backend);
  const size_t size = 3 * MiB / 2;
  char *a = alloc(pool, size, S3);
  pool.free(a, S3);
  pool.streamDestroyed(S3);
  // A new stream with the old handle is not ordered after the old work.
  char *b = alloc(pool, size, S3);
  EXPECT_NE(b, a);
  backend.complete(S3);
  EXPECT_EQ(alloc(pool, size, S3), a);
}

TEST(MemoryPool, LimitUsesSmallerSegments) {
  HostBackend backend;
  MemoryPool pool(backend, /*limitBytes=*/1 * MiB);
  alloc(pool, 1000, S1);
  EXPECT_EQ(pool.stats().reservedBytes, 1024u); // Not 2 MiB.
  EXPECT_EQ(pool.stats().limitBytes, 1 * MiB);
}

TEST(MemoryPool, LimitReleasesCachedThenFails) {
  HostBackend backend;
  MemoryPool pool(backend, /*limitBytes=*/4 * MiB);
  const size_t size = 3 * MiB / 2;
  char *a = alloc(pool, size, S1);
  alloc(pool, size, S1);
  std::string error;
  EXPECT_EQ(pool.allocate(size, S1, error, "prog.mlir:3:8"), nullptr);
  EXPECT_EQ(error,
            "prog.mlir:3:8: out of GPU memory: cannot allocate 1572864 bytes "
            "(1.50 MiB): it would exceed the memory limit of 4194304 bytes "
            "(4.00 MiB) (ARRAYRT_GPU_MEMORY_LIMIT); the pool has 3145728 "
            "bytes (3.00 MiB) in use (2 allocations) and 1048576 bytes (1.00 "
            "MiB) cached after releasing its free segments, limit 4194304 "
            "bytes (4.00 MiB)");
  // a's segment is cached once a is freed; it is released (after waiting
  // for a's event) to make room for a new 2 MiB segment.
  pool.free(a, S1);
  EXPECT_NE(alloc(pool, 2 * MiB, S2), nullptr);
  EXPECT_EQ(backend.segmentFrees, 1);
  EXPECT_EQ(backend.synchronizations, 1);
  EXPECT_EQ(pool.stats().reservedBytes, 4 * MiB);
}

TEST(MemoryPool, BackendFailureReleasesCachedThenFails) {
  HostBackend backend;
  backend.capacity = 4 * MiB;
  MemoryPool pool(backend);
  char *a = alloc(pool, 3 * MiB / 2, S1);
  pool.free(a, S1);
  backend.complete(S1);
  // 4 MiB does not fit next to the cached 2 MiB segment; releasing it helps.
  char *big = alloc(pool, 4 * MiB, S1);
  EXPECT_EQ(backend.segmentFrees, 1);
  std::string error;
  EXPECT_EQ(pool.allocate(100, S1, error), nullptr);
  EXPECT_EQ(error, "out of GPU memory: cannot allocate 100 bytes: the device "
                   "allocation failed: host backend is full; the pool has "
                   "4194304 bytes (4.00 MiB) in use (1 allocations) and 0 "
                   "bytes cached after releasing its free segments, limit "
                   "none");
  EXPECT_TRUE(pool.free(big, S1));
  EXPECT_EQ(pool.allocate(SIZE_MAX - 10, S1, error), nullptr);
  EXPECT_NE(error.find("the size is too large"), std::string::npos) << error;
}

TEST(MemoryPool, CountsAndFreesAllCached) {
  HostBackend backend;
  MemoryPool pool(backend);
  char *a = alloc(pool, 4 * MiB, S1); // A 4 MiB segment.
  char *b = alloc(pool, 1000, S1);    // A 2 MiB segment.
  char *c = alloc(pool, 1000, S2);    // The same one.
  PoolStats stats = pool.stats();
  EXPECT_EQ(stats.usedBytes, 4 * MiB + 2048);
  EXPECT_EQ(stats.peakUsedBytes, 4 * MiB + 2048);
  EXPECT_EQ(stats.reservedBytes, 6 * MiB);
  EXPECT_EQ(stats.allocationCount, 3u);
  EXPECT_EQ(stats.liveAllocations, 3u);
  pool.free(a, S1);
  pool.free(b, S1);
  stats = pool.stats();
  EXPECT_EQ(stats.usedBytes, 1024u);
  EXPECT_EQ(stats.peakUsedBytes, 4 * MiB + 2048);
  EXPECT_EQ(stats.cachedBytes, 6 * MiB - 1024);
  EXPECT_EQ(stats.liveAllocations, 1u);
  // Only a's segment is entirely free; its pending event is waited for.
  EXPECT_EQ(pool.releaseCached(), 4 * MiB);
  EXPECT_EQ(backend.synchronizations, 1);
  stats = pool.stats();
  EXPECT_EQ(stats.reservedBytes, 2 * MiB);
  EXPECT_EQ(stats.peakReservedBytes, 6 * MiB);
  EXPECT_EQ(stats.segmentCount, 1u);
  pool.free(c, S2);
  EXPECT_EQ(pool.releaseCached(), 2 * MiB);
  EXPECT_EQ(pool.stats().reservedBytes, 0u);
  EXPECT_EQ(backend.liveBytes, 0u);
  EXPECT_EQ(backend.liveEvents(), 0u);
  EXPECT_EQ(pool.stats().allocationCount, 3u);
}

TEST(MemoryPool, SameStreamPairsRecordNoEvents) {
  HostBackend backend;
  MemoryPool pool(backend);
  char *first = alloc(pool, 1 * MiB, S1);
  pool.free(first, S1);
  for (int i = 0; i < 1000; ++i) {
    char *a = alloc(pool, 1 * MiB, S1);
    char *b = alloc(pool, 256, S1);
    EXPECT_EQ(a, first);
    pool.free(b, S1);
    pool.free(a, S1);
  }
  EXPECT_EQ(backend.eventsRecorded, 0);
  EXPECT_EQ(backend.segmentAllocations, 1);
  PoolStats stats = pool.stats();
  EXPECT_EQ(stats.usedBytes, 0u);
  EXPECT_EQ(stats.allocationCount, 2001u);
}

TEST(MemoryPool, OneLazyEventCoversEveryEarlierFree) {
  HostBackend backend;
  MemoryPool pool(backend);
  std::vector<char *> blocks;
  for (int i = 0; i < 8; ++i)
    blocks.push_back(alloc(pool, 200 * KiB, S1));
  for (char *block : blocks)
    pool.free(block, S1);
  // S2 finds them all pending on S1: one event, on S1, not one per block.
  char *b = alloc(pool, 1 * MiB, S2);
  EXPECT_EQ(backend.eventsRecorded, 1);
  EXPECT_EQ(backend.segmentAllocations, 2);
  backend.complete(S1);
  // One completed event settles every block freed before it.
  for (int i = 0; i < 8; ++i)
    EXPECT_NE(alloc(pool, 200 * KiB, S2), nullptr);
  EXPECT_EQ(backend.segmentAllocations, 2);
  EXPECT_EQ(backend.eventsRecorded, 1);
  EXPECT_EQ(backend.liveEvents(), 0u);
  pool.free(b, S2);
}

TEST(MemoryPool, AFreeAfterTheLazyEventWaitsForTheNextOne) {
  HostBackend backend;
  MemoryPool pool(backend);
  const size_t size = 3 * MiB / 2;
  char *a = alloc(pool, size, S1);
  char *b = alloc(pool, size, S1);
  pool.free(a, S1);
  char *c = alloc(pool, size, S2); // Records an event covering a only.
  EXPECT_EQ(backend.eventsRecorded, 1);
  pool.free(b, S1);                // After that event.
  backend.complete(S1);            // Finishes the event, not b's free.
  char *d = alloc(pool, size, S2); // Gets a.
  EXPECT_EQ(d, a);
  char *e = alloc(pool, size, S2); // Not b: its event is still pending.
  EXPECT_NE(e, b);
  EXPECT_EQ(backend.eventsRecorded, 2);
  backend.complete(S1);
  pool.free(e, S2);
  pool.free(c, S2);
  EXPECT_EQ(alloc(pool, size, S3), b);
}

TEST(MemoryPool, CachedFreesNeverMakeThePoolGrow) {
  HostBackend backend;
  MemoryPool pool(backend);
  // Four quarters of one segment freed on S1 sit in the fast cache,
  // unmerged; a whole-segment request on S1 flushes and merges them first.
  char *a = alloc(pool, 512 * KiB, S1);
  std::vector<char *> rest = {alloc(pool, 512 * KiB, S1),
                              alloc(pool, 512 * KiB, S1),
                              alloc(pool, 512 * KiB, S1)};
  pool.free(a, S1);
  for (char *block : rest)
    pool.free(block, S1);
  EXPECT_EQ(alloc(pool, 2 * MiB, S1), a);
  EXPECT_EQ(backend.segmentAllocations, 1);
  EXPECT_EQ(pool.stats().peakReservedBytes, 2 * MiB);
}

TEST(MemoryPool, FastCacheIsBounded) {
  HostBackend backend;
  backend.autoComplete = true;
  MemoryPool pool(backend);
  std::vector<char *> blocks;
  for (size_t i = 0; i < MemoryPool::kMaxFastCachedBlocks + 1; ++i)
    blocks.push_back(alloc(pool, 16 * KiB, S1));
  for (char *block : blocks)
    pool.free(block, S1);
  // The last free overflowed the cache, which merged everything back into
  // one free segment: the best fit for a small request on another stream
  // is its start (without the flush it would be the segment's unused end).
  EXPECT_EQ(alloc(pool, 512, S2), blocks.front());
  EXPECT_EQ(backend.segmentAllocations, 1);
}

TEST(MemoryPool, RetiredStreamsAreForgottenOnceSettled) {
  HostBackend backend;
  MemoryPool pool(backend);
  for (PoolStream stream = 0x1000; stream < 0x1000 + 100; ++stream) {
    pool.free(alloc(pool, 4 * KiB, stream), stream);
    pool.streamDestroyed(stream);
    backend.complete(stream);
  }
  EXPECT_EQ(backend.eventsRecorded, 100);
  // Each retired stream's event is read and released when its blocks are
  // next looked at.
  EXPECT_NE(alloc(pool, 2 * MiB, S1), nullptr);
  EXPECT_EQ(backend.liveEvents(), 0u);
  EXPECT_EQ(backend.segmentAllocations, 1);
}

TEST(MemoryPool, RejectsForeignPointers) {
  HostBackend backend;
  MemoryPool pool(backend);
  char *a = alloc(pool, 100, S1);
  EXPECT_TRUE(pool.owns(a));
  EXPECT_FALSE(pool.free(a + 512, S1));
  int local = 0;
  EXPECT_FALSE(pool.free(&local, S1));
  EXPECT_TRUE(pool.free(a, S1));
  EXPECT_FALSE(pool.free(a, S1)); // Twice.
  EXPECT_FALSE(pool.owns(a));
}

TEST(MemoryPool, ConcurrentAllocAndFree) {
  HostBackend backend;
  backend.autoComplete = true; // So blocks move between streams.
  MemoryPool pool(backend);
  constexpr int kThreads = 8, kSteps = 3000;
  std::vector<std::thread> threads;
  std::vector<int> failures(kThreads, 0);
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      std::mt19937 random(t);
      PoolStream stream = 0x1000 * (t + 1);
      std::vector<std::pair<char *, size_t>> live;
      for (int step = 0; step < kSteps; ++step) {
        if (live.size() < 16 && (live.empty() || random() % 2)) {
          size_t size = 1 + random() % (300 * KiB);
          std::string error;
          auto *ptr = static_cast<char *>(pool.allocate(size, stream, error));
          if (!ptr) {
            ++failures[t];
            continue;
          }
          std::memset(ptr, t + 1, size);
          live.emplace_back(ptr, size);
        } else {
          size_t i = random() % live.size();
          auto [ptr, size] = live[i];
          // Another thread writing into this block would show here.
          for (size_t j = 0; j < size; j += 97)
            if (ptr[j] != static_cast<char>(t + 1)) {
              ++failures[t];
              break;
            }
          if (!pool.free(ptr, stream))
            ++failures[t];
          live[i] = live.back();
          live.pop_back();
        }
      }
      for (auto [ptr, size] : live)
        pool.free(ptr, stream);
    });
  for (std::thread &thread : threads)
    thread.join();
  for (int t = 0; t < kThreads; ++t)
    EXPECT_EQ(failures[t], 0) << "thread " << t;
  PoolStats stats = pool.stats();
  EXPECT_EQ(stats.usedBytes, 0u);
  EXPECT_EQ(stats.liveAllocations, 0u);
  EXPECT_GT(stats.allocationCount, static_cast<uint64_t>(kThreads));
  EXPECT_EQ(pool.releaseCached(), stats.reservedBytes);
  EXPECT_EQ(backend.liveBytes, 0u);
}

TEST(MemoryLimit, Parses) {
  uint64_t bytes = 0;
  std::string error;
  auto parse = [&](const char *text, uint64_t total = 1000) {
    error.clear();
    bytes = 0;
    return arrayrt::parseMemoryLimit(text, total, bytes, error);
  };
  EXPECT_TRUE(parse("1024"));
  EXPECT_EQ(bytes, 1024u);
  EXPECT_TRUE(parse("4GiB"));
  EXPECT_EQ(bytes, uint64_t{4} << 30);
  EXPECT_TRUE(parse("2M"));
  EXPECT_EQ(bytes, uint64_t{2} << 20);
  EXPECT_TRUE(parse("80%"));
  EXPECT_EQ(bytes, 800u);
  EXPECT_TRUE(parse("12.5%"));
  EXPECT_EQ(bytes, 125u);
  EXPECT_TRUE(parse("100%"));
  EXPECT_EQ(bytes, 1000u);

  EXPECT_FALSE(parse("abc"));
  EXPECT_EQ(error, "ARRAYRT_GPU_MEMORY_LIMIT is 'abc': it does not start with "
                   "a digit; expected a number of bytes (such as 4294967296 "
                   "or 4GiB) or a percentage of the device's memory (such as "
                   "80%)");
  struct {
    const char *text;
    const char *why;
  } bad[] = {{"", "does not start with a digit"},
             {"-5", "does not start with a digit"},
             {"0", "must be positive"},
             {"1.5", "must be a whole number"},
             {"1.", "a digit must follow"},
             {"5X", "unknown suffix"},
             {"80 %", "unknown suffix"},
             {"80%x", "nothing may follow '%'"},
             {"101%", "at most 100"},
             {"0%", "greater than 0"},
             {"0.01%", "0 bytes"},
             {"99999999999999999999", "too large"},
             {"20000000T", "too large"}};
  for (const auto &entry : bad) {
    EXPECT_FALSE(parse(entry.text)) << entry.text;
    EXPECT_NE(error.find(entry.why), std::string::npos)
        << entry.text << ": " << error;
  }
}

TEST(MemoryLimit, FormatsBytes) {
  EXPECT_EQ(arrayrt::formatBytes(100), "100 bytes");
  EXPECT_EQ(arrayrt::formatBytes(1536), "1536 bytes (1.50 KiB)");
  EXPECT_EQ(arrayrt::formatBytes(uint64_t{3} << 30),
            "3221225472 bytes (3.00 GiB)");
}

} // namespace
