//===- alloc_bench.cpp - arrayrt's device allocators on a real GPU --------===//
//
// Measures each ARRAYRT_ALLOCATOR (pool, async, direct = cuMemAlloc and
// cuMemFree per buffer) in a child process of its own, since the allocator
// is chosen once per process:
//
//   - ns per malloc+free pair of 1 MiB on one stream (and of 256 B);
//   - fragmentation: 10^6 operations (allocations of mixed sizes, 512 B to
//     8 MiB log-uniform, and frees of random live buffers, up to 2000 live),
//     reporting the peak of the bytes the program had live, the peak of the
//     bytes the allocator reserved from the device, and their ratio.
//
// Each measurement prints one line starting with `alloc-bench:`. Usage:
// arrayrt-alloc-bench [pool|async|direct]... (default: all three). Needs a
// GPU, so it is not a CTest test.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double nsPerPair(size_t size, int pairs, arrayrt_stream_t stream) {
  for (int i = 0; i < 100; ++i) // Warm-up: the pool's first segment.
    arrayrt_free(arrayrt_alloc(size, stream), stream);
  arrayrt_stream_synchronize(stream);
  auto start = Clock::now();
  for (int i = 0; i < pairs; ++i)
    arrayrt_free(arrayrt_alloc(size, stream), stream);
  arrayrt_stream_synchronize(stream);
  std::chrono::duration<double, std::nano> elapsed = Clock::now() - start;
  return elapsed.count() / pairs;
}

void fragmentation(const char *mode, arrayrt_stream_t stream) {
  constexpr long kOps = 1000000;
  constexpr size_t kMaxLive = 2000;
  std::mt19937_64 random(42);
  std::uniform_real_distribution<double> logSize(std::log2(512.0),
                                                 std::log2(8.0 * 1024 * 1024));
  std::vector<std::pair<void *, size_t>> live;
  size_t liveBytes = 0, peakLive = 0;
  auto start = Clock::now();
  for (long op = 0; op < kOps; ++op) {
    bool allocate = live.empty() || (live.size() < kMaxLive && random() % 2);
    if (allocate) {
      size_t size = static_cast<size_t>(std::exp2(logSize(random)));
      live.emplace_back(arrayrt_alloc(size, stream), size);
      liveBytes += size;
      if (liveBytes > peakLive)
        peakLive = liveBytes;
    } else {
      size_t i = random() % live.size();
      arrayrt_free(live[i].first, stream);
      liveBytes -= live[i].second;
      live[i] = live.back();
      live.pop_back();
    }
  }
  arrayrt_stream_synchronize(stream);
  std::chrono::duration<double, std::nano> elapsed = Clock::now() - start;
  arrayrt_pool_stats_t stats;
  arrayrt_pool_get_stats(&stats);
  for (auto &entry : live)
    arrayrt_free(entry.first, stream);
  if (stats.peak_reserved_bytes)
    std::printf("alloc-bench: allocator=%s fragmentation ops=%ld "
                "ns_per_op=%.1f peak_live_bytes=%zu peak_reserved_bytes=%llu "
                "reserved_over_live=%.3f\n",
                mode, kOps, elapsed.count() / kOps, peakLive,
                static_cast<unsigned long long>(stats.peak_reserved_bytes),
                double(stats.peak_reserved_bytes) / double(peakLive));
  else // direct: the driver's own bookkeeping is not visible.
    std::printf("alloc-bench: allocator=%s fragmentation ops=%ld "
                "ns_per_op=%.1f peak_live_bytes=%zu peak_reserved_bytes=n/a\n",
                mode, kOps, elapsed.count() / kOps, peakLive);
}

int runMode(const char *mode) {
  setenv("ARRAYRT_ALLOCATOR", mode, 1);
  const char *reason = nullptr;
  if (!arrayrt_cuda_available(&reason)) {
    std::printf("alloc-bench: allocator=%s skipped: %s\n", mode, reason);
    return 1;
  }
  arrayrt_stream_t stream = arrayrt_stream_create();
  const int pairs = 20000;
  std::printf("alloc-bench: allocator=%s op=malloc+free size=1MiB pairs=%d "
              "ns_per_pair=%.1f\n",
              mode, pairs, nsPerPair(1 << 20, pairs, stream));
  std::printf("alloc-bench: allocator=%s op=malloc+free size=256B pairs=%d "
              "ns_per_pair=%.1f\n",
              mode, pairs, nsPerPair(256, pairs, stream));
  std::fflush(stdout);
  fragmentation(mode, stream);
  arrayrt_stream_destroy(stream);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<const char *> modes;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "pool") && std::strcmp(argv[i], "async") &&
        std::strcmp(argv[i], "direct")) {
      std::fprintf(stderr, "usage: %s [pool|async|direct]...\n", argv[0]);
      return 2;
    }
    modes.push_back(argv[i]);
  }
  if (modes.empty())
    modes = {"pool", "async", "direct"};
  int status = 0;
  // One child per allocator; the parent never initializes CUDA, so forking
  // is safe.
  for (const char *mode : modes) {
    std::fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
      int result = runMode(mode);
      std::fflush(stdout);
      _exit(result);
    }
    int childStatus = 0;
    if (child < 0 || waitpid(child, &childStatus, 0) < 0 ||
        !WIFEXITED(childStatus) || WEXITSTATUS(childStatus) != 0) {
      std::printf("alloc-bench: allocator=%s FAILED\n", mode);
      status = 1;
    }
  }
  return status;
}
