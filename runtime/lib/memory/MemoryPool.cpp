//===- MemoryPool.cpp - A caching, stream-aware device memory pool --------===//

#include "memory/MemoryPool.h"

#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace arrayrt {

MemoryPool::MemoryPool(PoolBackend &backend, uint64_t limitBytes)
    : backend(backend) {
  counters.limitBytes = limitBytes;
}

MemoryPool::~MemoryPool() {
  // Live blocks are leaked on purpose (their owner may still use them), and
  // so are the segments that hold them.
  releaseCached();
  for (Block *block : freeBlocks)
    delete block;
  for (auto &entry : liveBlocks)
    delete entry.second;
  auto destroy = [&](StreamOrder *order) {
    for (auto &event : order->events)
      backend.releaseEvent(event.first);
    delete order;
  };
  for (auto &entry : orders)
    destroy(entry.second);
  for (StreamOrder *order : retiredOrders)
    destroy(order);
}

size_t MemoryPool::roundUp(size_t bytes) {
  if (bytes > SIZE_MAX - (kRoundBytes - 1))
    return 0;
  return (bytes + kRoundBytes - 1) / kRoundBytes * kRoundBytes;
}

size_t MemoryPool::segmentSize(size_t rounded) {
  if (rounded <= kSmallRequestBytes)
    return kSmallSegmentBytes;
  if (rounded > SIZE_MAX - (kLargeSegmentRoundBytes - 1))
    return 0;
  return (rounded + kLargeSegmentRoundBytes - 1) / kLargeSegmentRoundBytes *
         kLargeSegmentRoundBytes;
}

MemoryPool::StreamOrder *MemoryPool::orderFor(PoolStream stream) {
  StreamOrder *&order = orders[stream];
  if (!order) {
    order = new StreamOrder;
    order->stream = stream;
  }
  return order;
}

void MemoryPool::tag(Block *block, PoolStream stream) {
  block->stream = stream;
  block->order = orderFor(stream);
  ++block->order->taggedBlocks;
  block->epoch = ++freeEpoch;
}

void MemoryPool::untag(Block *block) {
  StreamOrder *order = block->order;
  block->stream = kAnyStream;
  block->order = nullptr;
  block->epoch = 0;
  if (order) {
    --order->taggedBlocks;
    reclaimIfUnused(order);
  }
}

void MemoryPool::reclaimIfUnused(StreamOrder *order) {
  if (!order->retired || order->taggedBlocks)
    return;
  for (auto &event : order->events)
    backend.releaseEvent(event.first);
  retiredOrders.erase(order);
  delete order;
}

void MemoryPool::poll(StreamOrder *order) {
  while (!order->events.empty() &&
         backend.eventCompleted(order->events.front().first)) {
    order->completedEpoch = order->events.front().second;
    backend.releaseEvent(order->events.front().first);
    order->events.pop_front();
  }
}

void MemoryPool::requestEvent(StreamOrder *order, uint64_t epoch) {
  // A retired stream got its last event when it was destroyed.
  if (order->retired ||
      (!order->events.empty() && order->events.back().second >= epoch))
    return;
  // Recorded now, it follows every free made so far on the stream.
  order->events.emplace_back(backend.recordEvent(order->stream), freeEpoch);
}

void MemoryPool::waitFor(StreamOrder *order, uint64_t epoch) {
  if (order->completedEpoch >= epoch)
    return;
  requestEvent(order, epoch);
  while (order->completedEpoch < epoch && !order->events.empty()) {
    auto [event, covered] = order->events.front();
    backend.synchronizeEvent(event);
    backend.releaseEvent(event);
    order->events.pop_front();
    order->completedEpoch = covered;
  }
}

bool MemoryPool::settled(Block *block) {
  StreamOrder *order = block->order;
  if (!order)
    return true;
  if (order->completedEpoch < block->epoch)
    poll(order);
  if (order->completedEpoch < block->epoch)
    return false;
  untag(block);
  return true;
}

bool MemoryPool::usableOn(Block *block, PoolStream stream) {
  if (block->stream == stream || settled(block))
    return true;
  // An idle stream completes a new event at once.
  requestEvent(block->order, block->epoch);
  return settled(block);
}

MemoryPool::Block *MemoryPool::findFreeBlock(size_t rounded,
                                             PoolStream stream) {
  Block key{nullptr, rounded};
  for (auto it = freeBlocks.lower_bound(&key); it != freeBlocks.end(); ++it)
    if (usableOn(*it, stream))
      return *it;
  return nullptr;
}

void *MemoryPool::takeCached(Block *block) {
  block->state = BlockState::Live;
  block->stream = kAnyStream;
  counters.usedBytes += block->size;
  if (counters.usedBytes > counters.peakUsedBytes)
    counters.peakUsedBytes = counters.usedBytes;
  ++counters.allocationCount;
  ++counters.liveAllocations;
  return block->ptr;
}

void *MemoryPool::takeBlock(Block *block, size_t rounded) {
  freeBlocks.erase(block);
  if (block->size > rounded) {
    // The rest stays free, with the tag of the block it was part of.
    auto *rest = new Block{block->ptr + rounded, block->size - rounded};
    rest->stream = block->stream;
    rest->order = block->order;
    rest->epoch = block->epoch;
    if (rest->order)
      ++rest->order->taggedBlocks;
    rest->prev = block;
    rest->next = block->next;
    if (block->next)
      block->next->prev = rest;
    block->next = rest;
    block->size = rounded;
    freeBlocks.insert(rest);
  }
  untag(block);
  liveBlocks.emplace(block->ptr, block);
  return takeCached(block);
}

MemoryPool::Block *MemoryPool::growLocked(size_t rounded,
                                          std::string &backendError,
                                          bool &limitReached) {
  size_t size = segmentSize(rounded);
  uint64_t limit = counters.limitBytes;
  if (limit && counters.reservedBytes + size > limit) {
    // A smaller segment may still fit under the limit.
    size = rounded;
    if (counters.reservedBytes + size > limit) {
      limitReached = true;
      return nullptr;
    }
  }
  void *memory = backend.allocateSegment(size, backendError);
  if (!memory)
    return nullptr;
  auto *block = new Block{static_cast<char *>(memory), size};
  freeBlocks.insert(block);
  counters.reservedBytes += size;
  ++counters.segmentCount;
  if (counters.reservedBytes > counters.peakReservedBytes)
    counters.peakReservedBytes = counters.reservedBytes;
  return block;
}

void *MemoryPool::allocate(size_t bytes, PoolStream stream, std::string &error,
                           const char *location) {
  size_t rounded = roundUp(bytes);
  std::lock_guard<std::mutex> lock(mutex);
  if (rounded == 0 || segmentSize(rounded) == 0) {
    formatFailure(bytes, rounded, location, "the size is too large", false,
                  error);
    return nullptr;
  }
  if (fastCachedBlocks) {
    CacheSlot *slot = findCacheSlot(stream, rounded);
    if (Block *block = slot->head) {
      slot->head = block->nextCached;
      block->nextCached = nullptr;
      --fastCachedBlocks;
      return takeCached(block);
    }
    // A miss: best fit needs every free block, merged.
    flushFastCache();
  }
  if (Block *block = findFreeBlock(rounded, stream))
    return takeBlock(block, rounded);
  std::string backendError;
  bool limitReached = false;
  if (Block *block = growLocked(rounded, backendError, limitReached))
    return takeBlock(block, rounded);
  // Out of memory: give the cache back and try once more.
  releaseCachedLocked();
  if (Block *block = findFreeBlock(rounded, stream))
    return takeBlock(block, rounded);
  backendError.clear();
  limitReached = false;
  if (Block *block = growLocked(rounded, backendError, limitReached))
    return takeBlock(block, rounded);
  formatFailure(bytes, rounded, location, backendError, limitReached, error);
  return nullptr;
}

MemoryPool::Block *MemoryPool::mergeInto(Block *left, Block *right) {
  left->size += right->size;
  left->next = right->next;
  if (right->next)
    right->next->prev = left;
  delete right;
  return left;
}

bool MemoryPool::free(void *ptr, PoolStream stream) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = liveBlocks.find(ptr);
  if (it == liveBlocks.end() || it->second->state != BlockState::Live)
    return false;
  Block *block = it->second;
  counters.usedBytes -= block->size;
  --counters.liveAllocations;
  block->state = BlockState::Cached;
  block->stream = stream;
  CacheSlot *slot = findCacheSlot(stream, block->size);
  if (!slot->size) {
    // Keys stay until a flush; bound them as the blocks are bound.
    if (fastCacheKeys == kMaxFastCachedBlocks) {
      flushFastCache();
      slot = findCacheSlot(stream, block->size);
    }
    ++fastCacheKeys;
  }
  slot->stream = stream;
  slot->size = block->size;
  block->nextCached = slot->head;
  slot->head = block;
  if (++fastCachedBlocks > kMaxFastCachedBlocks)
    flushFastCache();
  return true;
}

MemoryPool::CacheSlot *MemoryPool::findCacheSlot(PoolStream stream,
                                                 size_t size) {
  uint64_t hash = (uint64_t(stream) ^ (size >> 9)) * 0x9e3779b97f4a7c15u;
  size_t index = hash >> 57; // kFastCacheSlots is 128.
  static_assert(kFastCacheSlots == 128, "the hash keeps 7 bits");
  // The slot of the key, or the empty slot where it would go.
  while (fastCache[index].size &&
         (fastCache[index].size != size || fastCache[index].stream != stream))
    index = (index + 1) % kFastCacheSlots;
  return &fastCache[index];
}

void MemoryPool::flushFastCache() {
  for (CacheSlot &slot : fastCache) {
    for (Block *block = slot.head; block;) {
      Block *next = block->nextCached;
      block->nextCached = nullptr;
      liveBlocks.erase(block->ptr);
      releaseToFreeBlocks(block, block->stream);
      block = next;
    }
    slot = CacheSlot();
  }
  fastCachedBlocks = 0;
  fastCacheKeys = 0;
}

void MemoryPool::releaseToFreeBlocks(Block *block, PoolStream stream) {
  block->state = BlockState::Free;
  tag(block, stream);
  // A free neighbour merges if it was freed on the same stream (a later
  // event on that stream covers both, and the merged block keeps this
  // block's later epoch) or any stream may use it.
  auto mergeable = [&](Block *neighbour) {
    if (!neighbour || neighbour->state != BlockState::Free)
      return false;
    if (neighbour->order != block->order && !settled(neighbour))
      return false;
    freeBlocks.erase(neighbour);
    untag(neighbour);
    return true;
  };
  if (mergeable(block->prev)) {
    // The left block survives, with this block's tag (and its count).
    Block *left = block->prev;
    left->stream = block->stream;
    left->order = block->order;
    left->epoch = block->epoch;
    left->state = BlockState::Free;
    block = mergeInto(left, block);
  }
  if (mergeable(block->next))
    mergeInto(block, block->next);
  freeBlocks.insert(block);
}

bool MemoryPool::owns(void *ptr) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = liveBlocks.find(ptr);
  return it != liveBlocks.end() && it->second->state == BlockState::Live;
}

void MemoryPool::streamDestroyed(PoolStream stream) {
  std::lock_guard<std::mutex> lock(mutex);
  flushFastCache();
  auto it = orders.find(stream);
  if (it == orders.end())
    return;
  StreamOrder *order = it->second;
  orders.erase(it);
  if (order->taggedBlocks) // Its last event covers all its frees.
    requestEvent(order, freeEpoch);
  order->retired = true;
  retiredOrders.insert(order);
  for (Block *block : freeBlocks)
    if (block->order == order)
      block->stream = kRetiredStream;
  reclaimIfUnused(order);
}

size_t MemoryPool::releaseCachedLocked() {
  flushFastCache();
  std::vector<Block *> heads;
  for (Block *block : freeBlocks)
    if (!block->prev)
      heads.push_back(block);
  size_t released = 0;
  for (Block *head : heads) {
    bool allFree = true;
    for (Block *block = head; block; block = block->next)
      allFree = allFree && block->state == BlockState::Free;
    if (!allFree)
      continue;
    size_t size = 0;
    for (Block *block = head; block;) {
      Block *next = block->next;
      if (block->order)
        waitFor(block->order, block->epoch);
      untag(block);
      freeBlocks.erase(block);
      size += block->size;
      if (block != head)
        delete block;
      block = next;
    }
    backend.freeSegment(head->ptr, size);
    delete head;
    counters.reservedBytes -= size;
    --counters.segmentCount;
    released += size;
  }
  return released;
}

size_t MemoryPool::releaseCached() {
  std::lock_guard<std::mutex> lock(mutex);
  return releaseCachedLocked();
}

PoolStats MemoryPool::stats() {
  std::lock_guard<std::mutex> lock(mutex);
  PoolStats result = counters;
  result.cachedBytes = counters.reservedBytes - counters.usedBytes;
  return result;
}

void MemoryPool::setLimit(uint64_t limitBytes) {
  std::lock_guard<std::mutex> lock(mutex);
  counters.limitBytes = limitBytes;
}

void MemoryPool::formatFailure(size_t bytes, size_t rounded,
                               const char *location,
                               const std::string &backendError,
                               bool limitReached, std::string &error) {
  error.clear();
  if (location && *location)
    error += std::string(location) + ": ";
  error += "out of GPU memory: cannot allocate " + formatBytes(bytes);
  if (rounded == 0 || segmentSize(rounded) == 0) {
    error += ": the size is too large";
    return;
  }
  if (limitReached)
    error += ": it would exceed the memory limit of " +
             formatBytes(counters.limitBytes) + " (ARRAYRT_GPU_MEMORY_LIMIT)";
  else
    error += ": the device allocation failed: " + backendError;
  char counts[64];
  std::snprintf(counts, sizeof(counts), "%" PRIu64, counters.liveAllocations);
  error += "; the pool has " + formatBytes(counters.usedBytes) + " in use (" +
           counts + " allocations) and " +
           formatBytes(counters.reservedBytes - counters.usedBytes) +
           " cached after releasing its free segments, limit " +
           (counters.limitBytes ? formatBytes(counters.limitBytes)
                                : std::string("none"));
}

std::string formatBytes(uint64_t bytes) {
  static const char *const units[] = {"KiB", "MiB", "GiB", "TiB"};
  char text[96];
  int written = std::snprintf(text, sizeof(text), "%" PRIu64 " bytes", bytes);
  if (bytes >= 1024) {
    double value = static_cast<double>(bytes);
    int unit = -1;
    while (value >= 1024 && unit < 3) {
      value /= 1024;
      ++unit;
    }
    std::snprintf(text + written, sizeof(text) - written, " (%.2f %s)", value,
                  units[unit]);
  }
  return text;
}

bool parseMemoryLimit(const char *text, uint64_t totalBytes, uint64_t &bytes,
                      std::string &error, const char *variable) {
  bool host = std::strstr(variable, "HOST") != nullptr;
  auto fail = [&](const char *why) {
    error = std::string(variable) + " is '" + text + "': " + why +
            "; expected a number of bytes (such as 4294967296 or 4GiB) or a "
            "percentage of the " +
            (host ? "machine's" : "device's") + " memory (such as 80%)";
    return false;
  };
  const char *p = text;
  if (!std::isdigit(static_cast<unsigned char>(*p)))
    return fail("it does not start with a digit");
  uint64_t whole = 0;
  for (; std::isdigit(static_cast<unsigned char>(*p)); ++p) {
    if (whole > (UINT64_MAX - 9) / 10)
      return fail("the number is too large");
    whole = whole * 10 + static_cast<uint64_t>(*p - '0');
  }
  double fraction = 0, scale = 0.1;
  bool hasFraction = *p == '.';
  if (hasFraction) {
    ++p;
    if (!std::isdigit(static_cast<unsigned char>(*p)))
      return fail("a digit must follow the decimal point");
    for (; std::isdigit(static_cast<unsigned char>(*p)); ++p, scale /= 10)
      fraction += (*p - '0') * scale;
  }
  if (*p == '%') {
    if (p[1] != '\0')
      return fail("nothing may follow '%'");
    double percent = static_cast<double>(whole) + fraction;
    if (!(percent > 0) || percent > 100)
      return fail("a percentage must be greater than 0 and at most 100");
    bytes =
        static_cast<uint64_t>(static_cast<double>(totalBytes) * percent / 100);
    if (bytes == 0)
      return fail(host ? "that is 0 bytes of this machine's memory"
                       : "that is 0 bytes of this device's memory");
    return true;
  }
  if (hasFraction)
    return fail("a byte count must be a whole number");
  static const struct {
    const char *suffix;
    unsigned shift;
  } suffixes[] = {{"", 0},   {"B", 0},    {"K", 10}, {"KiB", 10},
                  {"M", 20}, {"MiB", 20}, {"G", 30}, {"GiB", 30},
                  {"T", 40}, {"TiB", 40}};
  for (const auto &entry : suffixes) {
    if (std::strcmp(p, entry.suffix) != 0)
      continue;
    if (whole == 0)
      return fail("the limit must be positive");
    if (whole > (UINT64_MAX >> entry.shift))
      return fail("the number is too large");
    bytes = whole << entry.shift;
    return true;
  }
  return fail("unknown suffix (use K, M, G, T, KiB, MiB, GiB, TiB or %)");
}

} // namespace arrayrt
