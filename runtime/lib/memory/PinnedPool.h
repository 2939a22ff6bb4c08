//===- PinnedPool.h - A cache of page-locked host staging buffers -*- C++
//-*-===//
//
// Host-to-device copies from pageable memory go through page-locked
// (pinned) staging blocks so that they are truly asynchronous: the host
// copies the data into a block and queues a DMA from it on the stream. A
// block is handed out again only once the event recorded after the copy that
// used it has completed. The core is independent of CUDA (the backend
// allocates blocks and records and polls events), so the unit tests drive it
// with host memory and events they complete by hand.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_PINNEDPOOL_H
#define ARRAYRT_LIB_PINNEDPOOL_H

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace arrayrt {

/// What PinnedPool needs from CUDA: pinned memory and events.
class PinnedBackend {
public:
  virtual ~PinnedBackend() = default;
  /// `size` bytes of page-locked host memory, or nullptr.
  virtual void *allocate(size_t size) = 0;
  virtual void release(void *block) = 0;
  virtual void *createEvent() = 0;
  virtual void destroyEvent(void *event) = 0;
  /// Records `event` at the current end of `stream`.
  virtual void record(void *event, void *stream) = 0;
  /// True once the work before `event`'s record has finished.
  virtual bool completed(void *event) = 0;
};

struct PinnedPoolStats {
  uint64_t reservedBytes = 0; ///< Blocks held, in use or cached.
  uint64_t inUseBytes = 0;    ///< Handed out, not yet given back.
  uint64_t pendingBytes = 0;  ///< Given back, waiting for their copy.
  uint64_t blocks = 0;
  uint64_t allocations = 0; ///< Blocks the backend allocated.
  uint64_t reuses = 0;      ///< Requests served from the cache.
};

class PinnedPool {
public:
  /// Blocks are multiples of kGranularity bytes (64 KiB), and a cached
  /// block serves a request only if it is at most twice the rounded size.
  static constexpr size_t kGranularity = size_t(64) << 10;

  explicit PinnedPool(PinnedBackend &backend) : backend(backend) {}
  ~PinnedPool();
  PinnedPool(const PinnedPool &) = delete;
  PinnedPool &operator=(const PinnedPool &) = delete;

  /// A block of at least `size` bytes that no queued copy uses: the smallest
  /// fitting cached block whose last copy has completed, else a new one.
  /// Returns nullptr if the backend has no memory.
  void *acquire(size_t size);

  /// Gives `block` back once the work queued on `stream` so far (the copy
  /// that reads it) has finished: an event is recorded on `stream` now.
  void releaseAfter(void *block, void *stream);

  /// Gives `block` back for immediate reuse (no copy was queued from it).
  void releaseNow(void *block);

  /// Frees the cached blocks whose copies have completed, and the cached
  /// events; returns how many bytes went back to the backend.
  uint64_t trim();

  PinnedPoolStats stats();

private:
  struct Block {
    void *ptr;
    size_t size;
    void *event; ///< Recorded after the block's last copy; null if idle.
    bool inUse;
  };

  Block *find(void *ptr);
  /// Marks blocks whose events completed as idle (events go to the cache).
  void poll();
  /// Frees the idle blocks (neither in use nor waiting for a copy); returns
  /// their bytes.
  uint64_t releaseIdleBlocks();

  PinnedBackend &backend;
  std::mutex mutex;
  std::vector<Block> blocks;
  std::vector<void *> spareEvents;
  PinnedPoolStats counters;
};

/// Rounds `size` up to a whole number of granules (at least one).
size_t roundPinnedSize(size_t size);

/// Smaller copies from pageable memory are left to the driver, which stages
/// them in its own pinned buffer before cuMemcpyAsync returns; the pool pays
/// off where the copy should overlap other work.
constexpr size_t kMinStagedCopy = size_t(1) << 20;

/// The process's pool over cuMemHostAlloc, created on first use.
PinnedPool &pinnedPool();

/// Queues a copy of `size` bytes from pageable host memory `src` to device
/// memory `dst` on `stream` through a pinned staging block; `src` may be
/// reused as soon as this returns.
void copyHostToDeviceStaged(void *dst, const void *src, size_t size,
                            void *stream);

} // namespace arrayrt

#endif // ARRAYRT_LIB_PINNEDPOOL_H
