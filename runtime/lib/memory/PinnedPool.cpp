//===- PinnedPool.cpp - A cache of page-locked host staging buffers -------===//

#include "memory/PinnedPool.h"

#include "arrayrt/arrayrt.h"

#include "driver/Driver.h"
#include "driver/Error.h"

#include <algorithm>
#include <cstring>

namespace arrayrt {

size_t roundPinnedSize(size_t size) {
  size_t granules =
      (size + PinnedPool::kGranularity - 1) / PinnedPool::kGranularity;
  return std::max<size_t>(granules, 1) * PinnedPool::kGranularity;
}

PinnedPool::~PinnedPool() {
  for (Block &block : blocks) {
    if (block.event)
      backend.destroyEvent(block.event);
    backend.release(block.ptr);
  }
  for (void *event : spareEvents)
    backend.destroyEvent(event);
}

PinnedPool::Block *PinnedPool::find(void *ptr) {
  for (Block &block : blocks)
    if (block.ptr == ptr)
      return &block;
  return nullptr;
}

void PinnedPool::poll() {
  for (Block &block : blocks) {
    if (!block.event || !backend.completed(block.event))
      continue;
    spareEvents.push_back(block.event);
    block.event = nullptr;
    counters.pendingBytes -= block.size;
  }
}

void *PinnedPool::acquire(size_t size) {
  size_t rounded = roundPinnedSize(size);
  std::lock_guard<std::mutex> lock(mutex);
  poll();
  Block *best = nullptr;
  for (Block &block : blocks) {
    if (block.inUse || block.event || block.size < rounded ||
        block.size > 2 * rounded)
      continue;
    if (!best || block.size < best->size)
      best = &block;
  }
  if (best) {
    best->inUse = true;
    counters.inUseBytes += best->size;
    ++counters.reuses;
    return best->ptr;
  }
  void *ptr = backend.allocate(rounded);
  if (!ptr) {
    // Blocks that are idle but of the wrong size go back, then try again.
    releaseIdleBlocks();
    ptr = backend.allocate(rounded);
    if (!ptr)
      return nullptr;
  }
  blocks.push_back({ptr, rounded, nullptr, true});
  counters.reservedBytes += rounded;
  counters.inUseBytes += rounded;
  ++counters.allocations;
  return ptr;
}

void PinnedPool::releaseAfter(void *ptr, void *stream) {
  std::lock_guard<std::mutex> lock(mutex);
  Block *block = find(ptr);
  if (!block || !block->inUse)
    fatal("pinned staging block %p released twice or never acquired", ptr);
  void *event;
  if (spareEvents.empty()) {
    event = backend.createEvent();
  } else {
    event = spareEvents.back();
    spareEvents.pop_back();
  }
  backend.record(event, stream);
  block->event = event;
  block->inUse = false;
  counters.inUseBytes -= block->size;
  counters.pendingBytes += block->size;
}

void PinnedPool::releaseNow(void *ptr) {
  std::lock_guard<std::mutex> lock(mutex);
  Block *block = find(ptr);
  if (!block || !block->inUse)
    fatal("pinned staging block %p released twice or never acquired", ptr);
  block->inUse = false;
  counters.inUseBytes -= block->size;
}

uint64_t PinnedPool::releaseIdleBlocks() {
  uint64_t freed = 0;
  for (auto it = blocks.begin(); it != blocks.end();) {
    if (it->inUse || it->event) {
      ++it;
      continue;
    }
    backend.release(it->ptr);
    freed += it->size;
    it = blocks.erase(it);
  }
  counters.reservedBytes -= freed;
  return freed;
}

uint64_t PinnedPool::trim() {
  std::lock_guard<std::mutex> lock(mutex);
  poll();
  uint64_t freed = releaseIdleBlocks();
  for (void *event : spareEvents)
    backend.destroyEvent(event);
  spareEvents.clear();
  return freed;
}

PinnedPoolStats PinnedPool::stats() {
  std::lock_guard<std::mutex> lock(mutex);
  poll();
  PinnedPoolStats result = counters;
  result.blocks = blocks.size();
  return result;
}

namespace {

class CudaPinnedBackend final : public PinnedBackend {
public:
  void *allocate(size_t size) override {
    void *ptr = nullptr;
    if (driver().cuMemHostAlloc(&ptr, size, 0) != CUDA_SUCCESS)
      return nullptr;
    return ptr;
  }
  void release(void *block) override {
    check(driver().cuMemFreeHost(block), "cuMemFreeHost");
  }
  void *createEvent() override { return createUntimedEvent(); }
  void destroyEvent(void *event) override {
    check(driver().cuEventDestroy_v2(static_cast<CUevent>(event)),
          "cuEventDestroy");
  }
  void record(void *event, void *stream) override {
    check(driver().cuEventRecord(static_cast<CUevent>(event),
                                 static_cast<CUstream>(stream)),
          "cuEventRecord");
  }
  bool completed(void *event) override {
    return queryEvent(static_cast<CUevent>(event));
  }
};

/// Copies larger than this are staged in pieces, so that the host's copy
/// into one block overlaps the DMA from the previous one.
constexpr size_t kStagingChunk = size_t(8) << 20;

} // namespace

PinnedPool &pinnedPool() {
  // Never destroyed: copies may still be queued when static destructors run.
  static PinnedPool *pool = new PinnedPool(*new CudaPinnedBackend);
  return *pool;
}

void copyHostToDeviceStaged(void *dst, const void *src, size_t size,
                            void *stream) {
  PinnedPool &pool = pinnedPool();
  auto *out = static_cast<char *>(dst);
  auto *in = static_cast<const char *>(src);
  for (size_t done = 0; done < size;) {
    size_t piece = std::min(size - done, kStagingChunk);
    void *block = pool.acquire(piece);
    if (!block) {
      // No pinned memory left: the driver stages pageable copies itself.
      check(driver().cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(out + done),
                                   reinterpret_cast<CUdeviceptr>(in + done),
                                   size - done, static_cast<CUstream>(stream)),
            "cuMemcpyAsync");
      return;
    }
    std::memcpy(block, in + done, piece);
    check(driver().cuMemcpyHtoDAsync_v2(
              reinterpret_cast<CUdeviceptr>(out + done), block, piece,
              static_cast<CUstream>(stream)),
          "cuMemcpyHtoDAsync");
    pool.releaseAfter(block, stream);
    done += piece;
  }
}

} // namespace arrayrt

extern "C" void arrayrt_pinned_pool_get_stats(arrayrt_pinned_stats_t *out) {
  arrayrt::PinnedPoolStats stats = arrayrt::pinnedPool().stats();
  out->reserved_bytes = stats.reservedBytes;
  out->in_use_bytes = stats.inUseBytes;
  out->pending_bytes = stats.pendingBytes;
  out->blocks = stats.blocks;
  out->allocations = stats.allocations;
  out->reuses = stats.reuses;
}

extern "C" void arrayrt_pinned_pool_free_cached(void) {
  arrayrt::pinnedPool().trim();
}
