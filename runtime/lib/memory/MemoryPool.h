//===- MemoryPool.h - A caching, stream-aware device memory pool -*- C++
//-*-===//
//
// The pool behind arrayrt_alloc/arrayrt_free (ARRAYRT_ALLOCATOR=pool), after
// CuPy's MemoryPool. It knows nothing of CUDA: a PoolBackend provides big
// segments of memory and events (a "this stream has reached this point"
// marker that can be queried), so the unit tests run it on host memory.
//
// - Requests are rounded up to kRoundBytes (512 B).
// - Free blocks sit in one set ordered by (size, address); an allocation
//   takes the smallest free block it may use (best fit) and splits off the
//   rest, which stays free.
// - A freed block is merged with its free neighbours in the same segment.
// - Segments come from the backend: kSmallSegmentBytes (2 MiB) for requests
//   up to kSmallRequestBytes (1 MiB), larger requests rounded up to
//   kLargeSegmentRoundBytes (2 MiB).
// - Stream ordering: a block freed on stream S is reusable at once by
//   allocations on S (stream order protects it); for any other stream, only
//   once an event recorded on S after the free has completed. After S is
//   destroyed (streamDestroyed), only the event counts.
// - Events are recorded lazily: a free records none. Only when a block
//   freed on S is wanted by another stream (or its segment is released) is
//   one event recorded on S, and it covers every block freed on S before
//   it. The pool numbers frees in order (epochs); an event on S knows the
//   last epoch it covers, so one completed event settles all of them.
// - Fast path: a freed block first goes to a small cache keyed by (stream,
//   size), unmerged, and an allocation of exactly that size on that stream
//   takes it back: the steady state of a program (the same sizes allocated
//   and freed on one stream) is two short critical sections. Any other
//   allocation first flushes the cache into the free blocks (merging
//   neighbours), so best fit, merging and the memory reserved are exactly
//   what they would be without it; so do streamDestroyed, releaseCached,
//   and a cache holding more than kMaxFastCachedBlocks blocks or keys.
// All members are thread-safe (one mutex).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_MEMORYPOOL_H
#define ARRAYRT_LIB_MEMORYPOOL_H

#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace arrayrt {

/// A stream, as the backend understands it (CUstream for CUDA). 0 is a valid
/// stream (the legacy default stream).
using PoolStream = uintptr_t;
/// An event from PoolBackend::recordEvent; 0 is never a valid event.
using PoolEvent = uintptr_t;

/// Where the pool's memory and events come from.
class PoolBackend {
public:
  virtual ~PoolBackend() = default;
  /// Returns `bytes` bytes of memory, or nullptr with `error` set to why not.
  virtual void *allocateSegment(size_t bytes, std::string &error) = 0;
  /// Returns a segment from allocateSegment (no work may still use it).
  virtual void freeSegment(void *segment, size_t bytes) = 0;
  /// Records an event at the current end of `stream`.
  virtual PoolEvent recordEvent(PoolStream stream) = 0;
  /// Whether the work before `event` has finished.
  virtual bool eventCompleted(PoolEvent event) = 0;
  /// Waits until the work before `event` has finished.
  virtual void synchronizeEvent(PoolEvent event) = 0;
  /// Gives back an event from recordEvent.
  virtual void releaseEvent(PoolEvent event) = 0;
};

/// The pool's counters, in bytes unless named otherwise.
struct PoolStats {
  uint64_t usedBytes = 0;         // In live blocks (rounded sizes).
  uint64_t cachedBytes = 0;       // Reserved and not in live blocks.
  uint64_t reservedBytes = 0;     // In segments from the backend.
  uint64_t peakUsedBytes = 0;     // Highest usedBytes so far.
  uint64_t peakReservedBytes = 0; // Highest reservedBytes so far.
  uint64_t allocationCount = 0;   // Successful allocations so far.
  uint64_t liveAllocations = 0;   // Blocks allocated and not yet freed.
  uint64_t segmentCount = 0;      // Segments held.
  uint64_t limitBytes = 0;        // 0: no limit.
};

class MemoryPool {
public:
  static constexpr size_t kRoundBytes = 512;
  static constexpr size_t kSmallRequestBytes = size_t{1} << 20;
  static constexpr size_t kSmallSegmentBytes = size_t{2} << 20;
  static constexpr size_t kLargeSegmentRoundBytes = size_t{2} << 20;

  /// The pool does not own `backend`, which must outlive it.
  explicit MemoryPool(PoolBackend &backend, uint64_t limitBytes = 0);
  ~MemoryPool();
  MemoryPool(const MemoryPool &) = delete;
  MemoryPool &operator=(const MemoryPool &) = delete;

  /// `bytes` rounded up to kRoundBytes (0 if that overflows).
  static size_t roundUp(size_t bytes);
  /// The segment size the pool asks the backend for to serve a block of
  /// `rounded` bytes (0 if that overflows).
  static size_t segmentSize(size_t rounded);

  /// Returns memory for `bytes` (> 0) bytes, usable by work on `stream`, or
  /// nullptr with `error` set to a message naming the request, the pool's
  /// state and, if not null, `location` (an op's source location).
  void *allocate(size_t bytes, PoolStream stream, std::string &error,
                 const char *location = nullptr);

  /// Frees `ptr`, which work queued on `stream` may still use. Returns false
  /// (doing nothing) if `ptr` is not a live block of this pool.
  bool free(void *ptr, PoolStream stream);

  /// Whether `ptr` is a live block of this pool.
  bool owns(void *ptr);

  /// `stream` no longer exists: its free blocks wait for their events.
  void streamDestroyed(PoolStream stream);

  /// Returns every completely free segment to the backend (waiting for the
  /// work that last used it). Returns the bytes released.
  size_t releaseCached();

  PoolStats stats();
  void setLimit(uint64_t limitBytes);

  /// The most freed blocks the fast cache holds before it is flushed.
  static constexpr size_t kMaxFastCachedBlocks = 64;

  /// A free block's stream tag once its free is known to be finished: any
  /// stream may use it. Tag of blocks whose stream was destroyed.
  static constexpr PoolStream kAnyStream = ~PoolStream{0};
  static constexpr PoolStream kRetiredStream = ~PoolStream{1};

private:
  /// What the pool knows about how far one stream has got: the events
  /// recorded on it (lazily) and the last epoch known finished.
  struct StreamOrder {
    PoolStream stream;
    bool retired = false;        // The stream was destroyed.
    uint64_t completedEpoch = 0; // Frees up to this epoch are finished.
    std::deque<std::pair<PoolEvent, uint64_t>> events; // Oldest first,
                                                       // with the epoch each
                                                       // covers.
    size_t taggedBlocks = 0; // Free blocks that refer to it.
  };
  enum class BlockState : uint8_t { Free, Live, Cached };
  struct Block {
    char *ptr;
    size_t size;
    Block *prev = nullptr; // Neighbours in the segment, in address order.
    Block *next = nullptr;
    BlockState state = BlockState::Free;
    // Free and cached blocks: where it was freed (kAnyStream once settled).
    PoolStream stream = kAnyStream;
    StreamOrder *order = nullptr; // Free blocks tagged with a stream.
    uint64_t epoch = 0;           // Free blocks: when they were freed.
    Block *nextCached = nullptr;  // Cached blocks: the next of their key.
  };
  struct BySizeThenAddress {
    bool operator()(const Block *a, const Block *b) const {
      return a->size != b->size ? a->size < b->size : a->ptr < b->ptr;
    }
  };
  /// The fast cache: an open-addressed table of (stream, size) keys, each
  /// with a list of cached blocks. A key stays until the next flush; there
  /// are never more than kMaxFastCachedBlocks, so half the slots at least
  /// stay empty.
  struct CacheSlot {
    PoolStream stream = 0;
    size_t size = 0; // 0: an empty slot.
    Block *head = nullptr;
  };
  static constexpr size_t kFastCacheSlots = 2 * kMaxFastCachedBlocks;
  CacheSlot *findCacheSlot(PoolStream stream, size_t size);

  void *takeCached(Block *block);
  Block *findFreeBlock(size_t rounded, PoolStream stream);
  bool usableOn(Block *block, PoolStream stream);
  bool settled(Block *block);
  void poll(StreamOrder *order);
  void requestEvent(StreamOrder *order, uint64_t epoch);
  void waitFor(StreamOrder *order, uint64_t epoch);
  StreamOrder *orderFor(PoolStream stream);
  void tag(Block *block, PoolStream stream);
  void untag(Block *block);
  void reclaimIfUnused(StreamOrder *order);
  void *takeBlock(Block *block, size_t rounded);
  Block *growLocked(size_t rounded, std::string &backendError,
                    bool &limitReached);
  void releaseToFreeBlocks(Block *block, PoolStream stream);
  void flushFastCache();
  Block *mergeInto(Block *left, Block *right);
  size_t releaseCachedLocked();
  void formatFailure(size_t bytes, size_t rounded, const char *location,
                     const std::string &backendError, bool limitReached,
                     std::string &error);

  PoolBackend &backend;
  std::mutex mutex;
  std::set<Block *, BySizeThenAddress> freeBlocks;
  // Live and cached blocks by address.
  std::unordered_map<void *, Block *> liveBlocks;
  CacheSlot fastCache[kFastCacheSlots];
  size_t fastCachedBlocks = 0;
  size_t fastCacheKeys = 0; // Slots in use.
  std::unordered_map<PoolStream, StreamOrder *> orders;
  std::unordered_set<StreamOrder *> retiredOrders;
  uint64_t freeEpoch = 0; // Frees moved into freeBlocks so far.
  PoolStats counters;
};

/// Parses the memory limit `text` of the environment variable `variable`
/// (ARRAYRT_GPU_MEMORY_LIMIT, ARRAYRT_HOST_MEMORY_LIMIT): a byte count
/// (optionally with a K/M/G/T binary suffix, KiB, MiB... accepted too) or a
/// percentage of `totalBytes` ("80%", "12.5%"). Returns false with `error`
/// set on bad input.
bool parseMemoryLimit(const char *text, uint64_t totalBytes, uint64_t &bytes,
                      std::string &error,
                      const char *variable = "ARRAYRT_GPU_MEMORY_LIMIT");

/// "1536 bytes (1.50 KiB)".
std::string formatBytes(uint64_t bytes);

} // namespace arrayrt

#endif // ARRAYRT_LIB_MEMORYPOOL_H
