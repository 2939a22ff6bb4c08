//===- MemoryPool.cpp - A caching, stream-aware device memory pool --------===//

#include "MemoryPool.h"

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
  for (Block *block : freeBlocks) {
    if (block->event)
      backend.releaseEvent(block->event);
    delete block;
  }
  for (auto &entry : liveBlocks)
    delete entry.second;
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

void MemoryPool::dropEvent(Block *block) {
  if (block->event)
    backend.releaseEvent(block->event);
  block->event = 0;
  block->stream = kAnyStream;
}

bool MemoryPool::usableOn(Block *block, PoolStream stream) {
  if (block->stream == stream || block->stream == kAnyStream)
    return true;
  if (!backend.eventCompleted(block->event))
    return false;
  dropEvent(block);
  return true;
}

MemoryPool::Block *MemoryPool::findFreeBlock(size_t rounded,
                                             PoolStream stream) {
  Block key{nullptr, rounded};
  for (auto it = freeBlocks.lower_bound(&key); it != freeBlocks.end(); ++it)
    if (usableOn(*it, stream))
      return *it;
  return nullptr;
}

void *MemoryPool::takeBlock(Block *block, size_t rounded) {
  freeBlocks.erase(block);
  if (block->size > rounded) {
    // The rest stays free, with the tag and event of the block it was part
    // of.
    auto *rest = new Block{block->ptr + rounded, block->size - rounded};
    rest->free = true;
    rest->stream = block->stream;
    rest->event = block->event;
    rest->prev = block;
    rest->next = block->next;
    if (block->next)
      block->next->prev = rest;
    block->next = rest;
    block->size = rounded;
    block->event = 0;
    freeBlocks.insert(rest);
  }
  dropEvent(block);
  block->free = false;
  liveBlocks.emplace(block->ptr, block);
  counters.usedBytes += block->size;
  if (counters.usedBytes > counters.peakUsedBytes)
    counters.peakUsedBytes = counters.usedBytes;
  ++counters.allocationCount;
  ++counters.liveAllocations;
  return block->ptr;
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
  block->free = true;
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
  if (it == liveBlocks.end())
    return false;
  Block *block = it->second;
  liveBlocks.erase(it);
  counters.usedBytes -= block->size;
  --counters.liveAllocations;
  block->free = true;
  block->stream = stream;
  block->event = backend.recordEvent(stream);

  // A free neighbour merges if it was freed on the same stream (this
  // block's event, recorded later on that stream, covers both) or any
  // stream may use it.
  auto mergeable = [&](Block *neighbour) {
    if (!neighbour || !neighbour->free)
      return false;
    if (neighbour->stream != stream && neighbour->stream != kAnyStream &&
        !backend.eventCompleted(neighbour->event))
      return false;
    freeBlocks.erase(neighbour);
    if (neighbour->event)
      backend.releaseEvent(neighbour->event);
    neighbour->event = 0;
    return true;
  };
  if (mergeable(block->prev)) {
    Block *left = block->prev;
    left->stream = block->stream;
    left->event = block->event;
    block = mergeInto(left, block);
  }
  if (mergeable(block->next))
    mergeInto(block, block->next);
  freeBlocks.insert(block);
  return true;
}

bool MemoryPool::owns(void *ptr) {
  std::lock_guard<std::mutex> lock(mutex);
  return liveBlocks.count(ptr) != 0;
}

void MemoryPool::streamDestroyed(PoolStream stream) {
  std::lock_guard<std::mutex> lock(mutex);
  for (Block *block : freeBlocks)
    if (block->stream == stream)
      block->stream = kRetiredStream;
}

size_t MemoryPool::releaseCachedLocked() {
  std::vector<Block *> heads;
  for (Block *block : freeBlocks)
    if (!block->prev)
      heads.push_back(block);
  size_t released = 0;
  for (Block *head : heads) {
    bool allFree = true;
    for (Block *block = head; block; block = block->next)
      allFree = allFree && block->free;
    if (!allFree)
      continue;
    size_t size = 0;
    for (Block *block = head; block;) {
      Block *next = block->next;
      if (block->event) {
        backend.synchronizeEvent(block->event);
        backend.releaseEvent(block->event);
      }
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
                      std::string &error) {
  auto fail = [&](const char *why) {
    error = std::string("ARRAYRT_GPU_MEMORY_LIMIT is '") + text + "': " + why +
            "; expected a number of bytes (such as 4294967296 or 4GiB) or a "
            "percentage of the device's memory (such as 80%)";
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
      return fail("that is 0 bytes of this device's memory");
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
