//===- Image.cpp - Launches of kernels in embedded device images ----------===//
//
// A user's kernel (array.cuda_kernel) is compiled when its program is and
// embedded in it as a device image. Compiled code launches it through
// arrayrt_launch_image with a slot of its own, which caches the kernel
// after the first launch: one lookup per launch site and process.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "driver/Error.h"

#include <climits>
#include <map>
#include <mutex>

namespace {

/// The modules of the images launched so far, by image address (an image
/// is a constant of compiled code that outlives the launches).
arrayrt_module_t moduleOf(const void *image, uint64_t bytes) {
  static std::mutex mutex;
  static std::map<const void *, arrayrt_module_t> modules;
  std::lock_guard<std::mutex> lock(mutex);
  arrayrt_module_t &module = modules[image];
  if (!module)
    module = arrayrt_module_load(image, bytes);
  return module;
}

uint32_t gridSize(int64_t size, const char *symbol, const char *axis) {
  if (size < 0 || size > INT32_MAX)
    arrayrt::fatal("kernel %s: grid size %s is %lld, expected 0 to %d", symbol,
                   axis, static_cast<long long>(size), INT32_MAX);
  return static_cast<uint32_t>(size);
}

uint32_t blockSize(int64_t size, const char *symbol, const char *axis) {
  if (size < 1 || size > 1024)
    arrayrt::fatal("kernel %s: block size %s is %lld, expected 1 to 1024",
                   symbol, axis, static_cast<long long>(size));
  return static_cast<uint32_t>(size);
}

} // namespace

extern "C" void arrayrt_launch_image(void **slot, const void *image,
                                     uint64_t image_bytes, const char *symbol,
                                     int64_t grid_x, int64_t grid_y,
                                     int64_t grid_z, int64_t block_x,
                                     int64_t block_y, int64_t block_z,
                                     int64_t shared_mem_bytes,
                                     arrayrt_stream_t stream, void **params) {
  uint32_t gx = gridSize(grid_x, symbol, "x");
  uint32_t gy = gridSize(grid_y, symbol, "y");
  uint32_t gz = gridSize(grid_z, symbol, "z");
  uint32_t bx = blockSize(block_x, symbol, "x");
  uint32_t by = blockSize(block_y, symbol, "y");
  uint32_t bz = blockSize(block_z, symbol, "z");
  if (shared_mem_bytes < 0 || shared_mem_bytes > UINT32_MAX)
    arrayrt::fatal("kernel %s: %lld bytes of dynamic shared memory", symbol,
                   static_cast<long long>(shared_mem_bytes));
  // An empty array's threads: nothing to launch (CUDA rejects the grid).
  if (gx == 0 || gy == 0 || gz == 0)
    return;
  void *function = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
  if (!function) {
    function = arrayrt_module_get_function(moduleOf(image, image_bytes),
                                           symbol);
    __atomic_store_n(slot, function, __ATOMIC_RELEASE);
  }
  arrayrt_launch_kernel(static_cast<arrayrt_function_t>(function), gx, gy, gz,
                        bx, by, bz, static_cast<uint32_t>(shared_mem_bytes),
                        stream, params);
}
