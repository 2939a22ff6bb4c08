//===- PinnedPoolTest.cpp - The pinned staging pool's logic ---------------===//
//
// PinnedPool against host memory and events the test completes by hand: a
// block comes back only after the copy that read it has finished.
//
//===----------------------------------------------------------------------===//

#include "memory/PinnedPool.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>

using arrayrt::PinnedPool;

namespace {

constexpr size_t KiB = 1024;

/// Events are counters: record() stamps the stream's current count, and the
/// event has completed once the test advanced that stream past it.
class HostBackend final : public arrayrt::PinnedBackend {
public:
  void *allocate(size_t size) override {
    if (failAllocations || liveBytes + size > capacity)
      return nullptr;
    ++allocations;
    liveBytes += size;
    void *ptr = std::malloc(size);
    sizes[ptr] = size;
    return ptr;
  }
  void release(void *block) override {
    liveBytes -= sizes.at(block);
    sizes.erase(block);
    std::free(block);
  }
  void *createEvent() override {
    ++liveEvents;
    return new Event;
  }
  void destroyEvent(void *event) override {
    --liveEvents;
    delete static_cast<Event *>(event);
  }
  void record(void *event, void *stream) override {
    auto *e = static_cast<Event *>(event);
    e->stream = stream;
    e->ticket = ++queued[stream];
  }
  bool completed(void *event) override {
    auto *e = static_cast<Event *>(event);
    return finished[e->stream] >= e->ticket;
  }

  /// Every copy queued on `stream` so far has finished.
  void finish(void *stream) { finished[stream] = queued[stream]; }

  struct Event {
    void *stream = nullptr;
    long ticket = 0;
  };
  std::map<void *, size_t> sizes;
  std::map<void *, long> queued, finished;
  size_t liveBytes = 0, capacity = SIZE_MAX;
  long allocations = 0, liveEvents = 0;
  bool failAllocations = false;
};

void *const streamA = reinterpret_cast<void *>(0x1);
void *const streamB = reinterpret_cast<void *>(0x2);

TEST(PinnedPool, RoundsToGranules) {
  EXPECT_EQ(arrayrt::roundPinnedSize(0), 64 * KiB);
  EXPECT_EQ(arrayrt::roundPinnedSize(1), 64 * KiB);
  EXPECT_EQ(arrayrt::roundPinnedSize(64 * KiB), 64 * KiB);
  EXPECT_EQ(arrayrt::roundPinnedSize(64 * KiB + 1), 128 * KiB);
}

TEST(PinnedPool, BlockIsReusedOnlyAfterItsCopyCompleted) {
  HostBackend backend;
  {
    PinnedPool pool(backend);
    void *first = pool.acquire(100 * KiB);
    ASSERT_NE(first, nullptr);
    pool.releaseAfter(first, streamA);
    EXPECT_EQ(pool.stats().pendingBytes, 128 * KiB);

    // The copy reading `first` is still queued: a new block.
    void *second = pool.acquire(100 * KiB);
    EXPECT_NE(second, first);
    EXPECT_EQ(backend.allocations, 2);
    pool.releaseNow(second);

    backend.finish(streamA);
    EXPECT_EQ(pool.stats().pendingBytes, 0u);
    // Both are idle now; each is reused without allocating.
    void *third = pool.acquire(128 * KiB);
    void *fourth = pool.acquire(65 * KiB);
    EXPECT_TRUE((third == first && fourth == second) ||
                (third == second && fourth == first));
    EXPECT_EQ(backend.allocations, 2);
    arrayrt::PinnedPoolStats stats = pool.stats();
    EXPECT_EQ(stats.reservedBytes, 256 * KiB);
    EXPECT_EQ(stats.inUseBytes, 256 * KiB);
    EXPECT_EQ(stats.reuses, 2u);
    EXPECT_EQ(stats.blocks, 2u);
    pool.releaseNow(third);
    pool.releaseNow(fourth);
  }
  EXPECT_EQ(backend.liveBytes, 0u);
  EXPECT_EQ(backend.liveEvents, 0);
}

TEST(PinnedPool, WaitsForTheRightStream) {
  HostBackend backend;
  PinnedPool pool(backend);
  void *a = pool.acquire(KiB);
  void *b = pool.acquire(KiB);
  pool.releaseAfter(a, streamA);
  pool.releaseAfter(b, streamB);
  backend.finish(streamB);
  EXPECT_EQ(pool.acquire(KiB), b);
  EXPECT_EQ(backend.allocations, 2);
  // A second record on A: finishing A's later work frees `a` too.
  pool.releaseAfter(b, streamA);
  backend.finish(streamA);
  void *x = pool.acquire(KiB);
  void *y = pool.acquire(KiB);
  EXPECT_TRUE((x == a && y == b) || (x == b && y == a));
  EXPECT_EQ(backend.allocations, 2);
  pool.releaseNow(x);
  pool.releaseNow(y);
}

TEST(PinnedPool, BestFitWithinTwiceTheSize) {
  HostBackend backend;
  PinnedPool pool(backend);
  void *small = pool.acquire(64 * KiB);
  void *medium = pool.acquire(192 * KiB);
  void *large = pool.acquire(1024 * KiB);
  pool.releaseNow(small);
  pool.releaseNow(medium);
  pool.releaseNow(large);
  // 128 KiB: `medium` (192) is the smallest that fits; `small` is too small.
  EXPECT_EQ(pool.acquire(100 * KiB), medium);
  // 256 KiB: `large` is more than twice that, so a new block.
  void *fresh = pool.acquire(256 * KiB);
  EXPECT_NE(fresh, large);
  EXPECT_EQ(backend.allocations, 4);
  pool.releaseNow(medium);
  pool.releaseNow(fresh);
}

TEST(PinnedPool, TrimKeepsBlocksThatCopiesStillRead) {
  HostBackend backend;
  PinnedPool pool(backend);
  void *idle = pool.acquire(KiB);
  void *pending = pool.acquire(KiB);
  void *used = pool.acquire(KiB);
  pool.releaseNow(idle);
  pool.releaseAfter(pending, streamA);
  EXPECT_EQ(pool.trim(), 64 * KiB);
  EXPECT_EQ(backend.liveBytes, 128 * KiB);
  backend.finish(streamA);
  EXPECT_EQ(pool.trim(), 64 * KiB);
  EXPECT_EQ(backend.liveBytes, 64 * KiB);
  pool.releaseNow(used);
  EXPECT_EQ(pool.stats().reservedBytes, 64 * KiB);
}

TEST(PinnedPool, OutOfMemoryReleasesIdleBlocksAndRetries) {
  HostBackend backend;
  backend.capacity = 320 * KiB;
  PinnedPool pool(backend);
  void *a = pool.acquire(192 * KiB);
  pool.releaseNow(a);
  // 64 KiB: `a` is more than twice that, so a block of its own.
  void *b = pool.acquire(64 * KiB);
  EXPECT_NE(b, a);
  pool.releaseAfter(b, streamA);
  // 256 KiB does not fit beside both; the idle `a` goes back, not `b`,
  // whose copy is still queued.
  void *c = pool.acquire(256 * KiB);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(pool.stats().reservedBytes, 320 * KiB);
  EXPECT_EQ(pool.stats().pendingBytes, 64 * KiB);
  // Nothing idle is left to release: the request fails without a block.
  EXPECT_EQ(pool.acquire(64 * KiB), nullptr);
  pool.releaseNow(c);
}

TEST(PinnedPoolDeathTest, DoubleReleaseIsAnError) {
  HostBackend backend;
  PinnedPool pool(backend);
  void *a = pool.acquire(KiB);
  pool.releaseNow(a);
  EXPECT_DEATH(pool.releaseNow(a), "released twice or never acquired");
}

} // namespace
