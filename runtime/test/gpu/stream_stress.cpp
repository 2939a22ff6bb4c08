//===- stream_stress.cpp - Many streams allocating and freeing at once ----===//
//
// THREADS host threads (default 16), each with its own stream, allocate
// buffers of mixed sizes (256 B to 6 MiB) from the pool, fill them (memset,
// copies from pageable host memory, through the pinned staging pool at 1 MiB
// and more, and a kernel c = a + b), copy them back and check every byte.
// Some buffers live across rounds and are checked again later (a block handed
// out twice while live would be overwritten); some are freed on a shared
// stream after an event orders it behind the owner's work. At the end every
// buffer is freed and the pool must report nothing in use. Run it under
// `compute-sanitizer --tool memcheck`. Prints `stream-stress: OK` and exits
// 0, or says what went wrong and exits 1. Needs an sm_90 GPU.
//
//   arrayrt-stream-stress [THREADS] [ROUNDS]
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "AddKernel.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

// c[i] = a[i] + b[i] over n uint32 words (integer adds: exact).
const std::string kPtx = addKernelPtx("u32");

std::atomic<bool> failed{false};
std::mutex printMutex;

void fail(unsigned thread, const char *what, size_t index, uint32_t got,
          uint32_t expected) {
  std::lock_guard<std::mutex> lock(printMutex);
  if (!failed.exchange(true))
    std::printf("stream-stress: FAILED: thread %u: %s: word %zu is %08x, "
                "expected %08x\n",
                thread, what, index, got, expected);
}

struct Buffer {
  uint32_t *device = nullptr;
  size_t words = 0;
  uint32_t seed = 0; // word i holds seed + i (a memset: seed).
  bool constant = false;
};

uint32_t expected(const Buffer &b, size_t i) {
  return b.constant ? b.seed : b.seed + static_cast<uint32_t>(i);
}

bool check(unsigned thread, const char *what, const Buffer &b,
           arrayrt_stream_t stream, std::vector<uint32_t> &host) {
  host.assign(b.words, 0);
  arrayrt_memcpy(host.data(), b.device, b.words * 4, stream);
  arrayrt_stream_synchronize(stream);
  for (size_t i = 0; i < b.words; ++i)
    if (host[i] != expected(b, i)) {
      fail(thread, what, i, host[i], expected(b, i));
      return false;
    }
  return true;
}

size_t randomWords(std::mt19937 &rng) {
  // Mostly small, some at or above the 1 MiB staging threshold.
  std::uniform_int_distribution<int> kind(0, 9);
  int k = kind(rng);
  if (k < 5)
    return std::uniform_int_distribution<size_t>(64, 4096)(rng);
  if (k < 8)
    return std::uniform_int_distribution<size_t>(4096, 200000)(rng);
  return std::uniform_int_distribution<size_t>(262144, 1572864)(rng);
}

void worker(unsigned thread, unsigned rounds, arrayrt_function_t add,
            arrayrt_stream_t shared, std::mutex &sharedMutex) {
  std::mt19937 rng(1234 + thread);
  arrayrt_stream_t stream = arrayrt_stream_create();
  std::vector<Buffer> kept;
  std::vector<uint32_t> host, readBack;
  for (unsigned round = 0; round < rounds && !failed; ++round) {
    // a: a pattern copied from pageable host memory; b: a memset.
    Buffer a, b, c;
    a.words = b.words = c.words = randomWords(rng);
    a.seed = (thread << 24) ^ (round << 8);
    b.seed = 0x01010101u * (1 + (round % 200));
    b.constant = true;
    a.device = static_cast<uint32_t *>(arrayrt_alloc(a.words * 4, stream));
    b.device = static_cast<uint32_t *>(arrayrt_alloc(b.words * 4, stream));
    c.device = static_cast<uint32_t *>(arrayrt_alloc(c.words * 4, stream));
    host.resize(a.words);
    for (size_t i = 0; i < a.words; ++i)
      host[i] = a.seed + static_cast<uint32_t>(i);
    arrayrt_memcpy(a.device, host.data(), a.words * 4, stream);
    // The host may reuse its buffer at once: the copy was staged.
    std::fill(host.begin(), host.end(), 0xdeadbeefu);
    arrayrt_memset32(b.device, b.seed, b.words, stream);
    uint32_t n = static_cast<uint32_t>(c.words);
    void *params[] = {&a.device, &b.device, &c.device, &n};
    arrayrt_launch_kernel(add, (n + 255) / 256, 1, 1, 256, 1, 1, 0, stream,
                          params);
    c.seed = a.seed + b.seed;
    if (!check(thread, "a + b", c, stream, readBack) ||
        !check(thread, "copied pattern", a, stream, readBack))
      break;
    arrayrt_free(b.device, stream);
    // Keep some buffers; free others on the shared stream, ordered after
    // this stream's work by an event.
    if (rng() % 3 == 0) {
      kept.push_back(a);
    } else if (rng() % 2 == 0) {
      std::lock_guard<std::mutex> lock(sharedMutex);
      arrayrt_stream_wait_stream(shared, stream);
      arrayrt_free(a.device, shared);
    } else {
      arrayrt_free(a.device, stream);
    }
    arrayrt_free(c.device, stream);
    // Check and free an old buffer now and then.
    if (kept.size() > 8 || (!kept.empty() && rng() % 4 == 0)) {
      size_t pick = rng() % kept.size();
      if (!check(thread, "kept buffer", kept[pick], stream, readBack))
        break;
      arrayrt_free(kept[pick].device, stream);
      kept.erase(kept.begin() + static_cast<long>(pick));
    }
  }
  for (Buffer &b : kept) {
    if (!failed)
      check(thread, "kept buffer at the end", b, stream, readBack);
    arrayrt_free(b.device, stream);
  }
  arrayrt_stream_synchronize(stream);
  arrayrt_stream_destroy(stream);
}

} // namespace

int main(int argc, char **argv) {
  unsigned threads = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 16;
  unsigned rounds = argc > 2 ? static_cast<unsigned>(std::atoi(argv[2])) : 100;
  const char *reason = nullptr;
  if (!arrayrt_cuda_available(&reason)) {
    std::printf("stream-stress: no usable GPU: %s\n", reason);
    return 1;
  }
  arrayrt_module_t module =
      arrayrt_module_load_jit(kPtx.c_str(), kPtx.size() + 1, /*opt_level=*/2);
  arrayrt_function_t add = arrayrt_module_get_function(module, "add_u32");
  arrayrt_stream_t shared = arrayrt_stream_create();
  std::mutex sharedMutex;
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back(worker, t, rounds, add, shared, std::ref(sharedMutex));
  for (std::thread &t : pool)
    t.join();
  arrayrt_stream_synchronize(shared);
  arrayrt_stream_destroy(shared);

  arrayrt_pool_stats_t stats;
  arrayrt_pool_get_stats(&stats);
  arrayrt_pinned_stats_t pinned;
  arrayrt_pinned_pool_get_stats(&pinned);
  std::printf("stream-stress: %u threads x %u rounds; pool: %llu "
              "allocations, peak %llu bytes, %llu in use at the end; pinned "
              "staging: %llu blocks (%llu bytes), %llu reuses\n",
              threads, rounds,
              static_cast<unsigned long long>(stats.allocation_count),
              static_cast<unsigned long long>(stats.peak_used_bytes),
              static_cast<unsigned long long>(stats.used_bytes),
              static_cast<unsigned long long>(pinned.blocks),
              static_cast<unsigned long long>(pinned.reserved_bytes),
              static_cast<unsigned long long>(pinned.reuses));
  if (failed)
    return 1;
  if (stats.used_bytes != 0) {
    std::printf("stream-stress: FAILED: %llu bytes still in use\n",
                static_cast<unsigned long long>(stats.used_bytes));
    return 1;
  }
  arrayrt_pool_free_all_cached();
  arrayrt_module_unload(module);
  std::printf("stream-stress: OK\n");
  return 0;
}
