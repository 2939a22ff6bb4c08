//===- LargeBlocks.cpp - Large host blocks, kept for reuse ----------------===//

#include "cpu/LargeBlocks.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>
#include <unordered_map>

namespace arrayrt::cpu {
namespace {

size_t roundUp(size_t size) {
  return (size + kLargeBlockAlignment - 1) & ~(kLargeBlockAlignment - 1);
}

class Cache {
public:
  Cache() {
    const char *setting = std::getenv("ARRAYRT_HOST_CACHE");
    enabled = !setting || std::strcmp(setting, "0") != 0;
    // A quarter of the machine's memory, at most 4 GiB.
    long pages = sysconf(_SC_PHYS_PAGES), pageBytes = sysconf(_SC_PAGESIZE);
    size_t physical = pages > 0 && pageBytes > 0
                          ? size_t(pages) * size_t(pageBytes)
                          : size_t(4) << 30;
    limit = std::min(physical / 4, size_t(4) << 30);
  }

  void *allocate(size_t size) {
    size = roundUp(size);
    {
      std::lock_guard<std::mutex> lock(mutex);
      // The smallest kept block that fits, if it wastes at most a quarter.
      auto it = kept.lower_bound(size);
      if (it != kept.end() && it->first <= size + size / 4) {
        void *ptr = it->second;
        live[ptr] = it->first;
        keptBytes -= it->first;
        kept.erase(it);
        return ptr;
      }
    }
    void *ptr = fresh(size);
    if (!ptr) {
      trim();
      ptr = fresh(size);
      if (!ptr)
        return nullptr;
    }
    std::lock_guard<std::mutex> lock(mutex);
    live[ptr] = size;
    return ptr;
  }

  bool release(void *ptr) {
    size_t size;
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = live.find(ptr);
      if (it == live.end())
        return false;
      size = it->second;
      live.erase(it);
      if (enabled && keptBytes + size <= limit) {
        kept.emplace(size, ptr);
        keptBytes += size;
        return true;
      }
    }
    std::free(ptr);
    return true;
  }

  void trim() {
    std::multimap<size_t, void *> blocks;
    {
      std::lock_guard<std::mutex> lock(mutex);
      blocks.swap(kept);
      keptBytes = 0;
    }
    for (auto &[size, ptr] : blocks)
      std::free(ptr);
  }

private:
  static void *fresh(size_t size) {
    void *ptr = nullptr;
    if (posix_memalign(&ptr, kLargeBlockAlignment, size) != 0)
      return nullptr;
    // Advice only: without huge pages the memory is the same.
    madvise(ptr, size, MADV_HUGEPAGE);
    return ptr;
  }

  std::mutex mutex;
  std::unordered_map<void *, size_t> live;
  std::multimap<size_t, void *> kept;
  size_t keptBytes = 0;
  size_t limit = 0;
  bool enabled = true;
};

Cache &cache() {
  // Never destroyed: blocks may be freed by static destructors.
  static Cache *instance = new Cache();
  return *instance;
}

} // namespace

void *allocateLarge(size_t size) { return cache().allocate(size); }

bool releaseLarge(void *ptr) { return ptr && cache().release(ptr); }

void trimLarge() { cache().trim(); }

} // namespace arrayrt::cpu
