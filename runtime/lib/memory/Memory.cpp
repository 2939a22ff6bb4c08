//===- Memory.cpp - Device memory and copies ------------------------------===//
//
// Zero-sized requests return before touching the driver, so programs whose
// arrays are all empty run without a GPU.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "driver/Driver.h"
#include "graphs/Graphs.h"
#include "memory/Allocator.h"
#include "memory/PinnedPool.h"
#include "profile/Profile.h"

using arrayrt::check;
using arrayrt::driver;
using arrayrt::loadedDriver;
using arrayrt::toCu;
using arrayrt::profile::OpKind;
namespace graphs = arrayrt::graphs;
using arrayrt::profile::ScopedDeviceOp;

extern "C" void *arrayrt_alloc(size_t size, arrayrt_stream_t stream) {
  if (size == 0)
    return nullptr;
  return arrayrt::allocateDevice(size, toCu(stream), nullptr);
}

extern "C" void *arrayrt_alloc_managed(size_t size) {
  if (size == 0)
    return nullptr;
  CUdeviceptr ptr = 0;
  check(driver().cuMemAllocManaged(&ptr, size, CU_MEM_ATTACH_GLOBAL),
        "cuMemAllocManaged");
  return reinterpret_cast<void *>(ptr);
}

extern "C" void arrayrt_free(void *ptr, arrayrt_stream_t stream) {
  if (!ptr)
    return;
  // The pool and the async allocator order the free on `stream` themselves.
  if (arrayrt::freeDevice(ptr, toCu(stream)))
    return;
  // Managed memory, or any memory with ARRAYRT_ALLOCATOR=direct.
  const arrayrt::DriverApi &api = driver();
  // Streams are non-blocking, so nothing else guarantees that kernels queued
  // on `stream` are done with the memory when it is freed.
  if (stream)
    check(api.cuStreamSynchronize(toCu(stream)), "cuStreamSynchronize");
  check(api.cuMemFree_v2(toCu(ptr)), "cuMemFree");
}

namespace {
/// CU_MEMORYTYPE_* of `ptr`, or 0 for memory the driver does not know
/// (pageable host memory). cuPointerGetAttributes, unlike
/// cuPointerGetAttribute, reports that without an error status, which
/// compute-sanitizer would list.
unsigned memoryType(const void *ptr) {
  CUpointer_attribute attribute = CU_POINTER_ATTRIBUTE_MEMORY_TYPE;
  unsigned type = 0;
  void *data = &type;
  check(loadedDriver().cuPointerGetAttributes(1, &attribute, &data, toCu(ptr)),
        "cuPointerGetAttributes");
  return type;
}

/// Records the copy when the calling thread records a graph region on
/// `stream` and both sides are device memory; false when it is to be
/// queued now (after what was recorded, when a region was being recorded).
bool recordedCopy(void *dst, const void *src, size_t size,
                  arrayrt_stream_t stream) {
  graphs::Recorder *recorder = graphs::recorderFor(toCu(stream));
  if (!recorder)
    return false;
  if (memoryType(src) != CU_MEMORYTYPE_DEVICE ||
      memoryType(dst) != CU_MEMORYTYPE_DEVICE) {
    graphs::flush();
    return false;
  }
  const uint64_t key[3] = {reinterpret_cast<uintptr_t>(dst),
                           reinterpret_cast<uintptr_t>(src), size};
  graphs::recordCall(*recorder, "cuMemcpyAsync", &key, sizeof key,
                     [dst, src, size](CUstream target, bool strict) {
                       CUresult status = loadedDriver().cuMemcpyAsync(
                           toCu(dst), toCu(src), size, target);
                       if (strict)
                         check(status, "cuMemcpyAsync");
                       return status == CUDA_SUCCESS;
                     });
  return true;
}
} // namespace

extern "C" void arrayrt_memcpy(void *dst, const void *src, size_t size,
                               arrayrt_stream_t stream) {
  if (size == 0 || recordedCopy(dst, src, size, stream))
    return;
  ScopedDeviceOp timed(toCu(stream), OpKind::Copy, nullptr, nullptr, dst, src,
                       size);
  if (size >= arrayrt::kMinStagedCopy && memoryType(src) == 0 &&
      memoryType(dst) == CU_MEMORYTYPE_DEVICE) {
    arrayrt::copyHostToDeviceStaged(dst, src, size, stream);
    return;
  }
  check(driver().cuMemcpyAsync(toCu(dst), toCu(src), size, toCu(stream)),
        "cuMemcpyAsync");
}

namespace {
/// Queues a fill of `count` elements of type T with `value` through the
/// driver's `fill` (cuMemsetD8Async, ...), timed as `label`; count 0
/// touches nothing.
template <typename T, typename Fill>
void memsetAsync(Fill arrayrt::DriverApi::*fill, const char *call,
                 const char *label, void *dst, T value, size_t count,
                 arrayrt_stream_t stream) {
  if (count == 0)
    return;
  if (graphs::Recorder *recorder = graphs::recorderFor(toCu(stream))) {
    const uint64_t key[3] = {reinterpret_cast<uintptr_t>(dst), uint64_t{value},
                             count};
    graphs::recordCall(
        *recorder, call, &key, sizeof key,
        [fill, call, dst, value, count](CUstream target, bool strict) {
          CUresult status =
              (loadedDriver().*fill)(toCu(dst), value, count, target);
          if (strict)
            check(status, call);
          return status == CUDA_SUCCESS;
        });
    return;
  }
  ScopedDeviceOp timed(toCu(stream), OpKind::Memset, label, nullptr, nullptr,
                       nullptr, count * sizeof(T));
  check((driver().*fill)(toCu(dst), value, count, toCu(stream)), call);
}
} // namespace

extern "C" void arrayrt_memset8(void *dst, uint8_t value, size_t count,
                                arrayrt_stream_t stream) {
  memsetAsync(&arrayrt::DriverApi::cuMemsetD8Async, "cuMemsetD8Async",
              "memset 8-bit", dst, value, count, stream);
}

extern "C" void arrayrt_memset16(void *dst, uint16_t value, size_t count,
                                 arrayrt_stream_t stream) {
  memsetAsync(&arrayrt::DriverApi::cuMemsetD16Async, "cuMemsetD16Async",
              "memset 16-bit", dst, value, count, stream);
}

extern "C" void arrayrt_memset32(void *dst, uint32_t value, size_t count,
                                 arrayrt_stream_t stream) {
  memsetAsync(&arrayrt::DriverApi::cuMemsetD32Async, "cuMemsetD32Async",
              "memset 32-bit", dst, value, count, stream);
}

extern "C" void arrayrt_host_register(void *ptr, size_t size) {
  if (size == 0)
    return;
  check(driver().cuMemHostRegister_v2(ptr, size, 0), "cuMemHostRegister");
}

extern "C" void arrayrt_host_unregister(void *ptr) {
  check(driver().cuMemHostUnregister(ptr), "cuMemHostUnregister");
}
