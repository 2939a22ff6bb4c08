//===- Allocator.cpp - Device memory allocators ---------------------------===//

#include "memory/Allocator.h"

#include "driver/Driver.h"
#include "driver/Error.h"
#include "memory/MemoryPool.h"
#include "memory/PinnedPool.h"
#include "profile/Profile.h"

#include "arrayrt/arrayrt.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace arrayrt {
namespace {

std::string describeStatus(CUresult status, const char *call) {
  char text[512];
  return std::string(call) + " failed: " + describe(status, text, sizeof(text));
}

/// The current device's memory, in bytes (read once).
uint64_t deviceMemory() {
  static uint64_t total = [] {
    size_t bytes = 0;
    // A query: what a graph region recorded stays recorded.
    check(loadedDriver().cuDeviceTotalMem_v2(&bytes, currentDevice()),
          "cuDeviceTotalMem");
    return static_cast<uint64_t>(bytes);
  }();
  return total;
}

/// Why a request of `bytes` can never succeed, or "": larger than the
/// device's memory. Such requests are refused without asking the driver,
/// whose failure compute-sanitizer would report as an error of its own.
std::string impossibleRequest(uint64_t bytes) {
  uint64_t total = deviceMemory();
  if (bytes <= total)
    return "";
  return "it is larger than the device's memory, " + formatBytes(total);
}

/// MemoryPool's backend on the driver: segments from cuMemAlloc, events
/// without timing, recycled.
class CudaPoolBackend final : public PoolBackend {
public:
  void *allocateSegment(size_t bytes, std::string &error) override {
    error = impossibleRequest(bytes);
    if (!error.empty())
      return nullptr;
    CUdeviceptr ptr = 0;
    // Not driver(): new memory touches nothing a graph region recorded, so
    // the recording goes on (graphs/Graphs.h).
    if (CUresult status = loadedDriver().cuMemAlloc_v2(&ptr, bytes)) {
      error = describeStatus(status, "cuMemAlloc");
      return nullptr;
    }
    return reinterpret_cast<void *>(ptr);
  }

  void freeSegment(void *segment, size_t) override {
    check(driver().cuMemFree_v2(reinterpret_cast<CUdeviceptr>(segment)),
          "cuMemFree");
  }

  PoolEvent recordEvent(PoolStream stream) override {
    const DriverApi &api = driver();
    CUevent event = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!spare.empty()) {
        event = spare.back();
        spare.pop_back();
      }
    }
    if (!event)
      event = createUntimedEvent();
    check(api.cuEventRecord(event, reinterpret_cast<CUstream>(stream)),
          "cuEventRecord");
    return reinterpret_cast<PoolEvent>(event);
  }

  bool eventCompleted(PoolEvent event) override {
    return queryEvent(reinterpret_cast<CUevent>(event));
  }

  void synchronizeEvent(PoolEvent event) override {
    check(driver().cuEventSynchronize(reinterpret_cast<CUevent>(event)),
          "cuEventSynchronize");
  }

  void releaseEvent(PoolEvent event) override {
    std::lock_guard<std::mutex> lock(mutex);
    spare.push_back(reinterpret_cast<CUevent>(event));
  }

  /// Destroys the recycled events.
  void destroySpareEvents() {
    std::vector<CUevent> events;
    {
      std::lock_guard<std::mutex> lock(mutex);
      events.swap(spare);
    }
    for (CUevent event : events)
      check(driver().cuEventDestroy_v2(event), "cuEventDestroy");
  }

private:
  std::mutex mutex;
  std::vector<CUevent> spare;
};

/// CUDA's stream-ordered allocator on a memory pool of the runtime's own
/// that keeps freed memory (release threshold: unlimited).
class AsyncAllocator {
public:
  explicit AsyncAllocator(uint64_t limit) {
    counters.limitBytes = limit;
    CUmemPoolProps props;
    std::memset(&props, 0, sizeof(props));
    props.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
    props.handleTypes = CU_MEM_HANDLE_TYPE_NONE;
    props.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    props.location.id = currentDevice();
    const DriverApi &api = driver();
    check(api.cuMemPoolCreate(&pool, &props), "cuMemPoolCreate");
    cuuint64_t threshold = UINT64_MAX;
    check(api.cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
                                    &threshold),
          "cuMemPoolSetAttribute");
  }

  void *allocate(size_t size, CUstream stream, const char *location) {
    std::lock_guard<std::mutex> lock(mutex);
    const DriverApi &api = driver();
    std::string why = impossibleRequest(size);
    if (counters.limitBytes &&
        counters.usedBytes + size > counters.limitBytes) {
      why = "it would exceed the memory limit of " +
            formatBytes(counters.limitBytes) + " (ARRAYRT_GPU_MEMORY_LIMIT)";
    } else if (why.empty()) {
      CUdeviceptr ptr = 0;
      CUresult status = api.cuMemAllocFromPoolAsync(&ptr, size, pool, stream);
      if (status != CUDA_SUCCESS) {
        // Give the pool's unused memory back to the device and retry.
        trimLocked();
        status = api.cuMemAllocFromPoolAsync(&ptr, size, pool, stream);
      }
      if (status == CUDA_SUCCESS) {
        live.emplace(reinterpret_cast<void *>(ptr), size);
        counters.usedBytes += size;
        if (counters.usedBytes > counters.peakUsedBytes)
          counters.peakUsedBytes = counters.usedBytes;
        ++counters.allocationCount;
        ++counters.liveAllocations;
        return reinterpret_cast<void *>(ptr);
      }
      why = "the device allocation failed: " +
            describeStatus(status, "cuMemAllocFromPoolAsync");
    }
    std::string prefix =
        location && *location ? std::string(location) + ": " : std::string();
    fatal("%sout of GPU memory: cannot allocate %s: %s; the async allocator "
          "has %s in use (%llu allocations), limit %s",
          prefix.c_str(), formatBytes(size).c_str(), why.c_str(),
          formatBytes(counters.usedBytes).c_str(),
          static_cast<unsigned long long>(counters.liveAllocations),
          counters.limitBytes ? formatBytes(counters.limitBytes).c_str()
                              : "none");
  }

  bool free(void *ptr, CUstream stream) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = live.find(ptr);
    if (it == live.end())
      return false;
    counters.usedBytes -= it->second;
    --counters.liveAllocations;
    live.erase(it);
    check(driver().cuMemFreeAsync(reinterpret_cast<CUdeviceptr>(ptr), stream),
          "cuMemFreeAsync");
    return true;
  }

  void trim() {
    std::lock_guard<std::mutex> lock(mutex);
    trimLocked();
  }

  PoolStats stats() {
    std::lock_guard<std::mutex> lock(mutex);
    PoolStats result = counters;
    cuuint64_t reserved = 0, high = 0;
    const DriverApi &api = driver();
    check(api.cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT,
                                    &reserved),
          "cuMemPoolGetAttribute");
    check(api.cuMemPoolGetAttribute(pool, CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH,
                                    &high),
          "cuMemPoolGetAttribute");
    result.reservedBytes = reserved;
    result.peakReservedBytes = high;
    result.cachedBytes =
        reserved > result.usedBytes ? reserved - result.usedBytes : 0;
    return result;
  }

private:
  void trimLocked() {
    // Memory freed on a stream returns to the pool only when that stream
    // reaches the free.
    const DriverApi &api = driver();
    check(api.cuCtxSynchronize(), "cuCtxSynchronize");
    check(api.cuMemPoolTrimTo(pool, 0), "cuMemPoolTrimTo");
  }

  std::mutex mutex;
  CUmemoryPool pool = nullptr;
  std::unordered_map<void *, size_t> live;
  PoolStats counters;
};

enum class Mode { Pool, Async, Direct };

struct Allocators {
  Mode mode = Mode::Pool;
  CudaPoolBackend *backend = nullptr;
  MemoryPool *pool = nullptr;
  AsyncAllocator *async = nullptr;
  /// ARRAYRT_POISON_MEMORY: every device allocation starts as 0xFF bytes
  /// (NaN in every float type, -1 in signed integers), so that a result
  /// that depends on memory nobody wrote differs from NumPy's.
  bool poison = false;
};

// Set once, never destroyed: global destructors (MLIR's unload modules) may
// still run after main.
std::atomic<Allocators *> allocatorsPtr{nullptr};

Allocators &allocators() {
  static std::once_flag flag;
  std::call_once(flag, [] {
    auto *result = new Allocators;
    const char *mode = std::getenv("ARRAYRT_ALLOCATOR");
    if (!mode || !*mode || std::strcmp(mode, "pool") == 0)
      result->mode = Mode::Pool;
    else if (std::strcmp(mode, "async") == 0)
      result->mode = Mode::Async;
    else if (std::strcmp(mode, "direct") == 0)
      result->mode = Mode::Direct;
    else
      fatal("ARRAYRT_ALLOCATOR is '%s'; expected pool, async or direct", mode);
    uint64_t limit = 0;
    const char *limitText = std::getenv("ARRAYRT_GPU_MEMORY_LIMIT");
    if (limitText && *limitText) {
      size_t total = 0;
      if (std::strchr(limitText, '%'))
        check(driver().cuDeviceTotalMem_v2(&total, currentDevice()),
              "cuDeviceTotalMem");
      std::string error;
      if (!parseMemoryLimit(limitText, total, limit, error))
        fatal("%s", error.c_str());
    }
    const char *poison = std::getenv("ARRAYRT_POISON_MEMORY");
    result->poison = poison && *poison && std::strcmp(poison, "0") != 0;
    if (result->mode == Mode::Pool) {
      result->backend = new CudaPoolBackend;
      result->pool = new MemoryPool(*result->backend, limit);
    } else if (result->mode == Mode::Async) {
      result->async = new AsyncAllocator(limit);
    }
    allocatorsPtr.store(result, std::memory_order_release);
  });
  return *allocatorsPtr.load(std::memory_order_acquire);
}

/// The bytes in use after an allocation or free, for the trace.
uint64_t usedBytes(Allocators &a) {
  if (a.pool)
    return a.pool->stats().usedBytes;
  if (a.async)
    return a.async->stats().usedBytes;
  return 0;
}

void *allocateDeviceUntraced(Allocators &a, size_t size, CUstream stream,
                             const char *location) {
  if (a.pool) {
    std::string error;
    void *ptr = a.pool->allocate(size, reinterpret_cast<PoolStream>(stream),
                                 error, location);
    if (!ptr)
      fatal("%s", error.c_str());
    return ptr;
  }
  if (a.async)
    return a.async->allocate(size, stream, location);
  CUdeviceptr ptr = 0;
  std::string why = impossibleRequest(size);
  CUresult status = CUDA_SUCCESS;
  if (why.empty() && (status = driver().cuMemAlloc_v2(&ptr, size)))
    why = describeStatus(status, "cuMemAlloc");
  if (!why.empty()) {
    std::string prefix =
        location && *location ? std::string(location) + ": " : std::string();
    fatal("%sout of GPU memory: cannot allocate %s: %s", prefix.c_str(),
          formatBytes(size).c_str(), why.c_str());
  }
  return reinterpret_cast<void *>(ptr);
}

} // namespace

void *allocateDevice(size_t size, CUstream stream, const char *location) {
  Allocators &a = allocators();
  if (!location)
    location = currentOp().location;
  void *ptr = allocateDeviceUntraced(a, size, stream, location);
  if (a.poison && size)
    check(driver().cuMemsetD8Async(reinterpret_cast<CUdeviceptr>(ptr), 0xFF,
                                   size, stream),
          "cuMemsetD8Async");
  if (__builtin_expect(profile::active(), 0))
    profile::noteAllocation(stream, size, usedBytes(a));
  return ptr;
}

bool freeDevice(void *ptr, CUstream stream) {
  Allocators &a = allocators();
  bool freed = false;
  if (a.pool)
    freed = a.pool->free(ptr, reinterpret_cast<PoolStream>(stream));
  else if (a.async)
    freed = a.async->free(ptr, stream);
  if (freed && __builtin_expect(profile::active(), 0))
    profile::noteAllocation(stream, 0, usedBytes(a));
  return freed;
}

void allocatorStreamDestroyed(CUstream stream) {
  Allocators *a = allocatorsPtr.load(std::memory_order_acquire);
  if (a && a->pool)
    a->pool->streamDestroyed(reinterpret_cast<PoolStream>(stream));
}

} // namespace arrayrt

using namespace arrayrt;

extern "C" void *arrayrt_alloc_at(size_t size, arrayrt_stream_t stream,
                                  const char *location) {
  if (size == 0)
    return nullptr;
  return allocateDevice(size, reinterpret_cast<CUstream>(stream), location);
}

extern "C" void arrayrt_pool_get_stats(arrayrt_pool_stats_t *out) {
  std::memset(out, 0, sizeof(*out));
  Allocators *a = allocatorsPtr.load(std::memory_order_acquire);
  if (!a || a->mode == Mode::Direct)
    return;
  PoolStats s = a->pool ? a->pool->stats() : a->async->stats();
  out->used_bytes = s.usedBytes;
  out->cached_bytes = s.cachedBytes;
  out->reserved_bytes = s.reservedBytes;
  out->peak_used_bytes = s.peakUsedBytes;
  out->peak_reserved_bytes = s.peakReservedBytes;
  out->allocation_count = s.allocationCount;
  out->live_allocations = s.liveAllocations;
  out->limit_bytes = s.limitBytes;
}

extern "C" void arrayrt_pool_free_all_cached(void) {
  // The pinned staging blocks are cached memory too.
  pinnedPool().trim();
  Allocators *a = allocatorsPtr.load(std::memory_order_acquire);
  if (!a)
    return;
  if (a->pool) {
    a->pool->releaseCached();
    a->backend->destroySpareEvents();
  } else if (a->async) {
    a->async->trim();
  }
}
