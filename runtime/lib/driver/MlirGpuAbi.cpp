//===- MlirGpuAbi.cpp - The mgpu* entry points MLIR's gpu-to-llvm calls ---===//
//
// Names and signatures match upstream MLIR 22's CudaRuntimeWrappers.cpp, as
// the host code `gpu-to-llvm` generates calls them; each forwards to the
// arrayrt_ entry point with the same meaning.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "driver/Error.h"
#include "driver/Launch.h"
#include "memory/Memref.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

namespace {

arrayrt_stream_t stream(void *ptr) {
  return static_cast<arrayrt_stream_t>(ptr);
}
arrayrt_event_t event(void *ptr) { return static_cast<arrayrt_event_t>(ptr); }

/// MLIR passes launch dimensions as index values; CUDA takes 32-bit ones.
uint32_t dimension(intptr_t value, const char *what) {
  if (value < 1 || value > UINT32_MAX)
    arrayrt::fatal("kernel launch %s is %lld; it must be in [1, 2^32)", what,
                   static_cast<long long>(value));
  return static_cast<uint32_t>(value);
}

/// A grid without blocks has no work: an array with a dimension of size 0
/// at run time. CUDA rejects such a launch, so it is not made.
bool emptyGrid(intptr_t x, intptr_t y, intptr_t z) {
  return x == 0 || y == 0 || z == 0;
}

uint32_t sharedMemory(int32_t bytes) {
  if (bytes < 0)
    arrayrt::fatal("kernel launch dynamic shared memory size is %d bytes",
                   bytes);
  return static_cast<uint32_t>(bytes);
}

void rejectExtra(void **extra) {
  if (extra)
    arrayrt::fatal("kernel launches with 'extra' parameters are not "
                   "supported");
}

/// The host range a contiguous memref covers, from its descriptor
/// {allocated, aligned, offset, sizes[rank], strides[rank]}.
struct HostRange {
  void *begin;
  size_t bytes;
};

HostRange contiguousRange(int64_t rank, void *descriptor,
                          int64_t elementSizeBytes, const char *caller) {
  const arrayrt::Memref memref = arrayrt::readMemref(rank, descriptor);
  const int64_t *sizes = memref.sizes, *strides = memref.strides;
  int64_t expected = 1;
  for (int64_t i = rank - 1; i >= 0; --i) {
    // Registering the range a strided memref spans would pin memory it does
    // not own, so only dense ones are accepted, as upstream MLIR requires.
    if (sizes[i] > 1 && strides[i] != expected)
      arrayrt::fatal("%s: only contiguous memrefs are supported, but "
                     "dimension %lld has stride %lld instead of %lld",
                     caller, static_cast<long long>(i),
                     static_cast<long long>(strides[i]),
                     static_cast<long long>(expected));
    expected *= sizes[i];
  }
  return {memref.origin(elementSizeBytes),
          static_cast<size_t>(expected * elementSizeBytes)};
}

/// What mgpuModuleGetFunction returns and mgpuLaunchKernel takes: a kernel
/// and how it is launched (arrayrt::LaunchMode): with programmatic stream
/// serialization when it waits for its predecessor (its module was marked
/// by array-gpu-programmatic-launch), cooperatively when it meets at grid
/// barriers (marked by array-gpu-grid-barriers).
struct Kernel {
  const char *name; // compared by address first, then by contents
  CUfunction function;
  unsigned mode;
};

const Kernel &kernel(void *handle) { return *static_cast<Kernel *>(handle); }

/// A gpu.binary, loaded by its first mgpuModuleGetFunction. A failed load
/// (an error code inside a library call) is tried again by the next one.
/// The host code calls mgpuModuleGetFunction before every launch, with the
/// kernel's name as a constant, and a program's kernels share one module
/// (array-gpu-merge-modules): each function is looked up once, and later
/// lookups compare the name's address with those of a fixed table that
/// readers scan without a lock (kFastFunctions entries, published in order;
/// names beyond them, or passed at another address, take the lock).
struct LazyModule {
  struct Fast {
    const char *name;
    Kernel *kernel;
  };
  static constexpr size_t kFastFunctions = 64;

  void *data;
  uint64_t size;
  bool jit;
  int32_t optLevel;
  std::mutex mutex;
  std::atomic<arrayrt_module_t> loaded{nullptr};
  bool programmatic = false;                      // Set with `loaded`.
  std::vector<std::unique_ptr<Kernel>> functions; // under `mutex`
  // fast[0, published): written once each, under `mutex`, before
  // `published` moves past them.
  Fast fast[kFastFunctions] = {};
  std::atomic<size_t> published{0};

  LazyModule(void *data, uint64_t size, bool jit, int32_t optLevel)
      : data(data), size(size), jit(jit), optLevel(optLevel) {}

  Kernel *function(const char *name) {
    size_t count = published.load(std::memory_order_acquire);
    for (size_t i = 0; i < count; ++i)
      if (fast[i].name == name)
        return fast[i].kernel;
    arrayrt_module_t module = get();
    std::lock_guard<std::mutex> lock(mutex);
    Kernel *found = nullptr;
    for (const std::unique_ptr<Kernel> &known : functions)
      if (known->name == name || !std::strcmp(known->name, name))
        found = known.get();
    if (!found) {
      unsigned mode =
          programmatic ? arrayrt::kProgrammaticLaunch : arrayrt::kPlainLaunch;
      if (arrayrt::meetsAtGridBarriers(name))
        mode |= arrayrt::kCooperativeLaunch;
      functions.push_back(std::make_unique<Kernel>(
          Kernel{name,
                 reinterpret_cast<CUfunction>(
                     arrayrt_module_get_function(module, name)),
                 mode}));
      found = functions.back().get();
    }
    // This address of the name goes into the lock-free table.
    size_t next = published.load(std::memory_order_relaxed);
    for (size_t i = 0; i < next; ++i)
      if (fast[i].name == name)
        return found; // Another thread published it meanwhile.
    if (next < kFastFunctions) {
      fast[next] = {name, found};
      published.store(next + 1, std::memory_order_release);
    }
    return found;
  }

  arrayrt_module_t get() {
    // Once loaded, a launch reads one atomic.
    if (arrayrt_module_t module = loaded.load(std::memory_order_acquire))
      return module;
    std::lock_guard<std::mutex> lock(mutex);
    if (!loaded.load(std::memory_order_relaxed)) {
      arrayrt_module_t module =
          jit ? arrayrt_module_load_jit(data, size, optLevel)
              : arrayrt_module_load(data, size);
      programmatic =
          arrayrt::waitsForPredecessor(reinterpret_cast<CUmodule>(module));
      loaded.store(module, std::memory_order_release);
    }
    return loaded.load(std::memory_order_relaxed);
  }
};

} // namespace

extern "C" {

// gpu-to-llvm loads each gpu.binary from a global constructor. The
// modules are loaded on first use instead: a shared library must not touch
// the driver (or exit on a machine without one) when it is loaded, and an
// executable that launches nothing needs no GPU.
void *mgpuModuleLoad(void *data, uint64_t size) {
  return new LazyModule{data, size, /*jit=*/false, 0};
}

void *mgpuModuleLoadJIT(void *data, int32_t optLevel) {
  // MLIR 22 passes no size: the PTX is a NUL-terminated string.
  return new LazyModule{data, std::strlen(static_cast<char *>(data)) + 1,
                        /*jit=*/true, optLevel};
}

void mgpuModuleUnload(void *module) {
  auto *lazy = static_cast<LazyModule *>(module);
  if (arrayrt_module_t module = lazy->loaded.load())
    arrayrt_module_unload(module);
  delete lazy;
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  return static_cast<LazyModule *>(module)->function(name);
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream_,
                      void **params, void **extra, size_t paramsCount) {
  rejectExtra(extra);
  if (emptyGrid(gridX, gridY, gridZ))
    return;
  uint32_t grid[3] = {dimension(gridX, "grid x"), dimension(gridY, "grid y"),
                      dimension(gridZ, "grid z")};
  const uint32_t block[3] = {dimension(blockX, "block x"),
                             dimension(blockY, "block y"),
                             dimension(blockZ, "block z")};
  const Kernel &k = kernel(function);
  // A kernel with grid barriers shares out the grid it is given among the
  // blocks it launches: no more than can be resident at once.
  if (k.mode & arrayrt::kCooperativeLaunch) {
    if (grid[1] != 1 || grid[2] != 1)
      arrayrt::fatal("kernel '%s' has grid barriers and expects a "
                     "one-dimensional grid, but was given %u x %u x %u blocks",
                     k.name, grid[0], grid[1], grid[2]);
    grid[0] = std::min(grid[0], arrayrt::residentBlocks(
                                    k.function, block[0] * block[1] * block[2],
                                    sharedMemory(smem)));
  }
  arrayrt::launchKernel(k.function, grid, block, sharedMemory(smem),
                        static_cast<CUstream>(stream_), params,
                        static_cast<long>(paramsCount), k.mode);
}

void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                             intptr_t clusterY, intptr_t clusterZ,
                             intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                             intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                             int32_t smem, void *stream_, void **params,
                             void **extra, size_t /*paramsCount*/) {
  // MLIR 22's gpu-to-llvm calls this without its last argument (the
  // declaration it builds ends at `extra`), so the count is whatever the
  // register holds: the parameters are counted from the kernel instead.
  rejectExtra(extra);
  if (emptyGrid(gridX, gridY, gridZ))
    return;
  uint32_t cluster[3] = {dimension(clusterX, "cluster x"),
                         dimension(clusterY, "cluster y"),
                         dimension(clusterZ, "cluster z")};
  uint32_t grid[3] = {dimension(gridX, "grid x"), dimension(gridY, "grid y"),
                      dimension(gridZ, "grid z")};
  uint32_t block[3] = {dimension(blockX, "block x"),
                       dimension(blockY, "block y"),
                       dimension(blockZ, "block z")};
  uint32_t bytes = sharedMemory(smem);
  // arrayc's cluster kernels loop over their work with a stride of the
  // grid: a one-dimensional grid gets at most the clusters that fit on the
  // device at once, each then looping instead of waiting for a relaunch.
  if (cluster[1] == 1 && cluster[2] == 1 && grid[1] == 1 && grid[2] == 1 &&
      block[1] == 1 && block[2] == 1) {
    uint64_t fit =
        uint64_t{arrayrt_max_active_clusters(
            reinterpret_cast<arrayrt_function_t>(kernel(function).function),
            cluster[0], block[0], bytes)} *
        cluster[0];
    if (fit < grid[0])
      grid[0] = static_cast<uint32_t>(fit);
  }
  arrayrt::launchClusterKernel(kernel(function).function, cluster, grid, block,
                               bytes, static_cast<CUstream>(stream_), params,
                               /*paramCount=*/-1, kernel(function).mode);
}

void *mgpuStreamCreate(void) { return arrayrt_stream_create(); }

void mgpuStreamDestroy(void *stream_) {
  arrayrt_stream_destroy(stream(stream_));
}

void mgpuStreamSynchronize(void *stream_) {
  arrayrt_stream_synchronize(stream(stream_));
}

void mgpuStreamWaitEvent(void *stream_, void *event_) {
  arrayrt_stream_wait_event(stream(stream_), event(event_));
}

void *mgpuEventCreate(void) { return arrayrt_event_create(); }

void mgpuEventDestroy(void *event_) { arrayrt_event_destroy(event(event_)); }

void mgpuEventSynchronize(void *event_) {
  arrayrt_event_synchronize(event(event_));
}

void mgpuEventRecord(void *event_, void *stream_) {
  arrayrt_event_record(event(event_), stream(stream_));
}

void *mgpuMemAlloc(uint64_t sizeBytes, void *stream_, bool isHostShared) {
  return isHostShared ? arrayrt_alloc_managed(sizeBytes)
                      : arrayrt_alloc(sizeBytes, stream(stream_));
}

void mgpuMemFree(void *ptr, void *stream_) {
  arrayrt_free(ptr, stream(stream_));
}

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream_) {
  arrayrt_memcpy(dst, src, sizeBytes, stream(stream_));
}

void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream_) {
  arrayrt_memset32(dst, value, count, stream(stream_));
}

void mgpuMemset16(void *dst, unsigned short value, size_t count,
                  void *stream_) {
  arrayrt_memset16(dst, value, count, stream(stream_));
}

void mgpuSetDefaultDevice(int32_t device) { arrayrt_set_device(device); }

void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementSizeBytes) {
  HostRange range = contiguousRange(rank, descriptor, elementSizeBytes,
                                    "mgpuMemHostRegisterMemRef");
  arrayrt_host_register(range.begin, range.bytes);
}

void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t elementSizeBytes) {
  HostRange range = contiguousRange(rank, descriptor, elementSizeBytes,
                                    "mgpuMemHostUnregisterMemRef");
  // Empty memrefs were never registered (see arrayrt_host_register).
  if (range.bytes != 0)
    arrayrt_host_unregister(range.begin);
}

} // extern "C"
