//===- AllocatorTest.cpp - arrayrt_alloc's allocators, fake driver --------===//
//
// The pool, async and direct allocators through the C ABI, against
// libarrayrt-fake-cuda (FakeDriver.cpp). The allocator is chosen once per
// process, so tests that choose one run in a child process (EXPECT_EXIT);
// the others use the default pool.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "FakeDriverHooks.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

using arrayrt::test::fakeDriverHook;

constexpr size_t MiB = 1024 * 1024;

struct FakeHooks {
  void (*setMemoryCapacity)(size_t bytes);
  long (*allocationCalls)();
  size_t (*liveBytes)();
  long (*liveEvents)();
};

const FakeHooks &hooks() {
  static const FakeHooks result = {
      fakeDriverHook<void (*)(size_t)>("fakeCudaSetMemoryCapacity"),
      fakeDriverHook<long (*)()>("fakeCudaAllocationCalls"),
      fakeDriverHook<size_t (*)()>("fakeCudaLiveBytes"),
      fakeDriverHook<long (*)()>("fakeCudaLiveEvents")};
  return result;
}

class Allocator : public ::testing::Test {
protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

TEST_F(Allocator, PoolCachesAndReusesMemory) {
  const FakeHooks &fake = hooks();
  arrayrt_pool_free_all_cached();
  long callsBefore = fake.allocationCalls();
  arrayrt_stream_t stream = arrayrt_stream_create();
  void *a = arrayrt_alloc(4096, stream);
  std::vector<char> in(4096, 7), out(4096, 0);
  arrayrt_memcpy(a, in.data(), in.size(), stream);
  arrayrt_memcpy(out.data(), a, out.size(), stream);
  EXPECT_EQ(in, out);
  arrayrt_free(a, stream);
  void *b = arrayrt_alloc(4000, stream);
  EXPECT_EQ(b, a);
  void *c = arrayrt_alloc(100, nullptr);
  EXPECT_EQ(static_cast<char *>(c), static_cast<char *>(a) + 4096);
  EXPECT_EQ(fake.allocationCalls() - callsBefore, 1); // One 2 MiB segment.

  arrayrt_pool_stats_t stats;
  arrayrt_pool_get_stats(&stats);
  EXPECT_EQ(stats.used_bytes, 4096u + 512);
  EXPECT_EQ(stats.reserved_bytes, 2 * MiB);
  EXPECT_EQ(stats.cached_bytes, 2 * MiB - 4096 - 512);
  EXPECT_EQ(stats.live_allocations, 2u);
  EXPECT_EQ(stats.limit_bytes, 0u);

  arrayrt_free(b, stream);
  arrayrt_free(c, nullptr);
  arrayrt_stream_destroy(stream);
  arrayrt_pool_free_all_cached();
  arrayrt_pool_get_stats(&stats);
  EXPECT_EQ(stats.reserved_bytes, 0u);
  EXPECT_EQ(fake.liveBytes(), 0u);
  EXPECT_EQ(fake.liveEvents(), 0);
}

TEST_F(Allocator, ManagedMemoryBypassesThePool) {
  const FakeHooks &fake = hooks();
  long callsBefore = fake.allocationCalls();
  void *managed = arrayrt_alloc_managed(1000);
  EXPECT_EQ(fake.allocationCalls() - callsBefore, 1);
  arrayrt_free(managed, nullptr);
  arrayrt_pool_stats_t stats;
  arrayrt_pool_get_stats(&stats);
  EXPECT_EQ(stats.live_allocations, 0u);
}

TEST_F(Allocator, OutOfMemoryNamesSizeStateAndLocation) {
  EXPECT_EXIT(
      {
        hooks().setMemoryCapacity(3 * MiB);
        arrayrt_alloc(3 * MiB / 2, nullptr);
        arrayrt_set_op_location("prog.mlir:3:8");
        arrayrt_alloc(3 * MiB / 2, nullptr);
      },
      ::testing::ExitedWithCode(1),
      "^arrayrt: error: prog.mlir:3:8: out of GPU memory: cannot allocate "
      "1572864 bytes \\(1.50 MiB\\): the device allocation failed: "
      "cuMemAlloc failed: CUDA_ERROR_FAKE \\(error from the fake driver\\); "
      "the pool has 1572864 bytes \\(1.50 MiB\\) in use \\(1 allocations\\) "
      "and 524288 bytes \\(512.00 KiB\\) cached after releasing its free "
      "segments, limit none\n$");
}

TEST_F(Allocator, OutOfMemoryReleasesCachedSegmentsFirst) {
  EXPECT_EXIT(
      {
        const FakeHooks &fake = hooks();
        fake.setMemoryCapacity(4 * MiB);
        void *a = arrayrt_alloc(3 * MiB / 2, nullptr);
        arrayrt_free(a, nullptr);
        void *b = arrayrt_alloc_at(5 * MiB / 2, nullptr, "prog.mlir:1:1");
        arrayrt_pool_stats_t stats;
        arrayrt_pool_get_stats(&stats);
        // The cached 2 MiB segment went back to make room for 4 MiB.
        std::exit(b && stats.reserved_bytes == 4 * MiB &&
                          fake.liveBytes() == 4 * MiB
                      ? 0
                      : 2);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(Allocator, LimitFromTheEnvironment) {
  EXPECT_EXIT(
      {
        setenv("ARRAYRT_GPU_MEMORY_LIMIT", "3M", 1);
        hooks();
        arrayrt_alloc(2 * MiB, nullptr);
        arrayrt_alloc_at(2 * MiB, nullptr, "prog.mlir:7:1");
      },
      ::testing::ExitedWithCode(1),
      "^arrayrt: error: prog.mlir:7:1: out of GPU memory: cannot allocate "
      "2097152 bytes \\(2.00 MiB\\): it would exceed the memory limit of "
      "3145728 bytes \\(3.00 MiB\\) \\(ARRAYRT_GPU_MEMORY_LIMIT\\); the pool "
      "has 2097152 bytes \\(2.00 MiB\\) in use \\(1 allocations\\) and 0 "
      "bytes cached after releasing its free segments, limit 3145728 bytes "
      "\\(3.00 MiB\\)\n$");
}

TEST_F(Allocator, PercentLimitOfTheDevice) {
  EXPECT_EXIT(
      {
        setenv("ARRAYRT_GPU_MEMORY_LIMIT", "25%", 1);
        hooks();
        arrayrt_free(arrayrt_alloc(100, nullptr), nullptr);
        arrayrt_pool_stats_t stats;
        arrayrt_pool_get_stats(&stats);
        // The fake device has 1 GiB.
        std::exit(stats.limit_bytes == 256 * MiB ? 0 : 2);
      },
      ::testing::ExitedWithCode(0), "");
}

/// Expects the first allocation with the environment variable `name` set
/// to `value` to exit with `message`.
void expectBadSetting(const char *name, const char *value,
                      const char *message) {
  EXPECT_EXIT(
      {
        setenv(name, value, 1);
        hooks();
        arrayrt_alloc(100, nullptr);
      },
      ::testing::ExitedWithCode(1), message);
}

TEST_F(Allocator, BadSettings) {
  expectBadSetting("ARRAYRT_GPU_MEMORY_LIMIT", "80 percent",
                   "^arrayrt: error: ARRAYRT_GPU_MEMORY_LIMIT is '80 percent': "
                   "unknown suffix");
  expectBadSetting("ARRAYRT_ALLOCATOR", "cupy",
                   "^arrayrt: error: ARRAYRT_ALLOCATOR is 'cupy'; expected "
                   "pool, async or direct\n$");
}

TEST_F(Allocator, AsyncAllocator) {
  EXPECT_EXIT(
      {
        setenv("ARRAYRT_ALLOCATOR", "async", 1);
        const FakeHooks &fake = hooks();
        arrayrt_stream_t stream = arrayrt_stream_create();
        void *a = arrayrt_alloc(1000, stream);
        void *b = arrayrt_alloc(3000, stream);
        arrayrt_pool_stats_t stats;
        arrayrt_pool_get_stats(&stats);
        bool ok = a && b && stats.used_bytes == 4000 &&
                  stats.reserved_bytes == 4000 && stats.live_allocations == 2;
        arrayrt_free(a, stream);
        arrayrt_free(b, stream);
        arrayrt_pool_get_stats(&stats);
        ok = ok && stats.used_bytes == 0 && stats.allocation_count == 2 &&
             stats.peak_used_bytes == 4000 && fake.liveBytes() == 0;
        arrayrt_pool_free_all_cached();
        arrayrt_stream_destroy(stream);
        std::exit(ok ? 0 : 2);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(Allocator, AsyncAllocatorLimit) {
  EXPECT_EXIT(
      {
        setenv("ARRAYRT_ALLOCATOR", "async", 1);
        setenv("ARRAYRT_GPU_MEMORY_LIMIT", "1KiB", 1);
        hooks();
        arrayrt_alloc(1000, nullptr);
        arrayrt_alloc(1000, nullptr);
      },
      ::testing::ExitedWithCode(1),
      "^arrayrt: error: out of GPU memory: cannot allocate 1000 bytes: it "
      "would exceed the memory limit of 1024 bytes \\(1.00 KiB\\) "
      "\\(ARRAYRT_GPU_MEMORY_LIMIT\\); the async allocator has 1000 bytes in "
      "use \\(1 allocations\\), limit 1024 bytes \\(1.00 KiB\\)\n$");
}

TEST_F(Allocator, DirectAllocator) {
  EXPECT_EXIT(
      {
        setenv("ARRAYRT_ALLOCATOR", "direct", 1);
        const FakeHooks &fake = hooks();
        long before = fake.allocationCalls();
        void *a = arrayrt_alloc(100, nullptr);
        arrayrt_free(a, nullptr);
        void *b = arrayrt_alloc(100, nullptr);
        arrayrt_free(b, nullptr);
        arrayrt_pool_stats_t stats;
        arrayrt_pool_get_stats(&stats);
        std::exit(fake.allocationCalls() - before == 2 &&
                          fake.liveBytes() == 0 && stats.allocation_count == 0
                      ? 0
                      : 2);
      },
      ::testing::ExitedWithCode(0), "");
}

} // namespace

namespace {

TEST_F(Allocator, PageableToDeviceCopiesGoThroughThePinnedPool) {
  hooks();
  arrayrt_stream_t stream = arrayrt_stream_create();
  std::vector<float> host(3 * MiB);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = static_cast<float>(i);
  size_t bytes = host.size() * sizeof(float);
  auto *device = static_cast<float *>(arrayrt_alloc(bytes, stream));
  arrayrt_pinned_stats_t before;
  arrayrt_pinned_pool_get_stats(&before);
  arrayrt_memcpy(device, host.data(), bytes, stream);
  arrayrt_pinned_stats_t after;
  arrayrt_pinned_pool_get_stats(&after);
  // 12 MiB in pieces of at most 8 MiB; the fake driver completes each copy
  // at once, so the second piece reuses the first block.
  EXPECT_EQ(after.allocations - before.allocations + after.reuses -
                before.reuses,
            2u);
  EXPECT_EQ(after.in_use_bytes, 0u);
  EXPECT_EQ(after.pending_bytes, 0u);
  EXPECT_EQ(std::memcmp(device, host.data(), bytes), 0);

  // Device to device and device to host copies are not staged.
  std::vector<float> back(host.size());
  arrayrt_memcpy(back.data(), device, bytes, stream);
  arrayrt_pinned_stats_t last;
  arrayrt_pinned_pool_get_stats(&last);
  EXPECT_EQ(last.allocations + last.reuses, after.allocations + after.reuses);
  EXPECT_EQ(back, host);
  arrayrt_pinned_pool_free_cached();
  arrayrt_pinned_pool_get_stats(&last);
  EXPECT_EQ(last.reserved_bytes, 0u);
  arrayrt_free(device, stream);
  arrayrt_stream_destroy(stream);
}

} // namespace

TEST_F(Allocator, PoisonFillsEveryAllocation) {
  // ARRAYRT_POISON_MEMORY: new allocations (and reused ones) start as 0xFF
  // bytes; without it, the pool hands back what the last user left.
  EXPECT_EXIT(
      {
        setenv("ARRAYRT_POISON_MEMORY", "1", 1);
        auto *a = static_cast<unsigned char *>(arrayrt_alloc(256, nullptr));
        std::memset(a, 0, 256);
        arrayrt_free(a, nullptr);
        auto *b = static_cast<unsigned char *>(arrayrt_alloc(256, nullptr));
        arrayrt_stream_synchronize(nullptr);
        bool filled = true;
        for (int i = 0; i < 256; ++i)
          filled = filled && b[i] == 0xFF;
        std::exit(filled && a == b ? 0 : 2);
      },
      ::testing::ExitedWithCode(0), "");
  EXPECT_EXIT(
      {
        setenv("ARRAYRT_POISON_MEMORY", "0", 1);
        auto *a = static_cast<unsigned char *>(arrayrt_alloc(256, nullptr));
        std::memset(a, 7, 256);
        arrayrt_free(a, nullptr);
        auto *b = static_cast<unsigned char *>(arrayrt_alloc(256, nullptr));
        arrayrt_stream_synchronize(nullptr);
        std::exit(a == b && b[0] == 7 && b[255] == 7 ? 0 : 2);
      },
      ::testing::ExitedWithCode(0), "");
}
