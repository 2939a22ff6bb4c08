//===- NpyDevice.cpp - .npy files straight to and from device memory ------===//
//
// The CUDA target loads and saves device arrays through page-locked host
// blocks of the pinned pool: the file is read straight into the block (no
// pageable copy in between) and one DMA of the whole array goes to the
// device, queued on the op's stream, so the kernels queued behind it start as
// soon as it lands. Saving copies the array into a block, waits for that
// stream only, and writes the file from the block. Where no pinned memory is
// left, both fall back to a pageable host buffer.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "driver/Driver.h"
#include "driver/Error.h"
#include "io/Npy.h"
#include "memory/HostMemoryLimit.h"
#include "memory/Memref.h"
#include "memory/PinnedPool.h"
#include "profile/Profile.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

using arrayrt::check;
using arrayrt::driver;
using arrayrt::toCu;
using arrayrt::profile::OpKind;
using arrayrt::profile::ScopedDeviceOp;

namespace {

/// A device array (contiguous, as the compiler passes it) and a host
/// descriptor of the same shape for a staging buffer.
struct Staged {
  char *device = nullptr; ///< The array's first element.
  size_t bytes = 0;
  /// allocated, aligned, offset, sizes[rank], strides[rank]: an MLIR
  /// strided memref descriptor for arrayrt_load_npy / arrayrt_save_npy,
  /// whose pointers are set once the buffer is there.
  std::vector<int64_t> descriptor;

  void setHost(void *host) {
    descriptor[0] = reinterpret_cast<int64_t>(host);
    descriptor[1] = reinterpret_cast<int64_t>(host);
  }
};

std::string failurePrefix(const char *verb, const char *path,
                          const char *location) {
  return arrayrt::locationPrefix(location) + "cannot " + verb + " '" +
         (path ? path : "(null)") + "': ";
}

[[noreturn]] void failStaging(const char *verb, const char *path,
                              const char *location, const std::string &what) {
  throw arrayrt::Failure(failurePrefix(verb, path, location) + what);
}

Staged stage(const char *verb, const char *path, int64_t rank, void *descriptor,
             int32_t dtype, const char *location) {
  const arrayrt::npy::DtypeInfo *info = arrayrt::npy::dtypeInfo(dtype);
  if (!descriptor || rank < 0 || !info)
    failStaging(verb, path, location, "invalid arguments");
  arrayrt::Memref array = arrayrt::readMemref(rank, descriptor);
  const int64_t *sizes = array.sizes, *strides = array.strides;

  Staged staged;
  staged.descriptor.assign(3 + 2 * rank, 0);
  // The product of the nonzero sizes must fit with the element size (as
  // the .npy reader and NumPy ask, empty arrays too); then every partial
  // product below does.
  int64_t nonzero = static_cast<int64_t>(info->size);
  for (int64_t i = 0; i < rank; ++i) {
    if (sizes[i] < 0)
      failStaging(verb, path, location, "invalid device descriptor");
    if (sizes[i] != 0 && __builtin_mul_overflow(nonzero, sizes[i], &nonzero))
      failStaging(verb, path, location, "the array is too large");
  }
  int64_t count = 1;
  for (int64_t i = rank - 1; i >= 0; --i) {
    if (sizes[i] != 1 && strides[i] != count)
      failStaging(verb, path, location,
                  "the device array is not contiguous (C order)");
    staged.descriptor[3 + i] = sizes[i];
    staged.descriptor[3 + rank + i] = sizes[i] == 1 ? 1 : strides[i];
    count *= sizes[i];
  }
  staged.bytes = static_cast<size_t>(count) * info->size;
  staged.device = array.origin(info->size);
  if (staged.bytes > 0 && reinterpret_cast<uintptr_t>(array.aligned) == 0)
    failStaging(verb, path, location,
                "invalid device descriptor: the data pointer is NULL");
  return staged;
}

/// A host buffer for `bytes` bytes on their way to or from the device: a
/// block of the pinned pool, else pageable memory.
struct HostBuffer {
  void *data = nullptr;
  bool pinned = false;

  /// Throws Failure (`<errorPrefix><what is wrong>`) when there is none.
  HostBuffer(size_t bytes, const std::string &errorPrefix) {
    if (bytes == 0)
      return;
    std::string tooLarge = arrayrt::exceedsHostMemory(bytes);
    if (!tooLarge.empty())
      throw arrayrt::Failure(
          errorPrefix +
          "the array does not fit in a host staging buffer: its " + tooLarge);
    data = arrayrt::pinnedPool().acquire(bytes);
    pinned = data != nullptr;
    if (!pinned && !(data = std::malloc(bytes)))
      throw arrayrt::Failure(errorPrefix +
                             "out of host memory for a staging buffer of " +
                             arrayrt::formatByteCount(bytes));
  }
  HostBuffer(const HostBuffer &) = delete;
  HostBuffer &operator=(const HostBuffer &) = delete;
  /// Gives the buffer back at once: no queued copy reads it.
  ~HostBuffer() {
    if (pinned)
      arrayrt::pinnedPool().releaseNow(data);
    else
      std::free(data);
  }
  /// Gives the buffer back once the work queued on `stream` so far (the copy
  /// that reads it) has finished.
  void releaseAfter(arrayrt_stream_t stream) {
    if (pinned)
      arrayrt::pinnedPool().releaseAfter(data, stream);
    else
      std::free(data);
    data = nullptr;
    pinned = false;
  }
};

/// Fills a staging block with `read(hostDescriptor)` (which checks the file
/// against the shape and dtype) and queues its copy to the device.
template <typename Read>
void loadToDevice(const char *path, int64_t rank, void *descriptor,
                  int32_t dtype, arrayrt_stream_t stream, const char *location,
                  Read read) {
  Staged staged = stage("load", path, rank, descriptor, dtype, location);
  arrayrt::npy::uploadThroughHost(
      staged.device, staged.bytes, stream,
      [&](void *host) {
        staged.setHost(host);
        read(staged.descriptor.data());
      },
      failurePrefix("load", path, location));
}

} // namespace

void arrayrt::npy::uploadThroughHost(
    void *device, size_t bytes, arrayrt_stream_t stream,
    const std::function<void(void *host)> &fill,
    const std::string &errorPrefix) {
  HostBuffer host(bytes, errorPrefix);
  fill(host.data);
  if (bytes == 0)
    return;
  if (!host.pinned) {
    // arrayrt_memcpy stages pageable data itself; the buffer is free after
    // it.
    arrayrt_memcpy(device, host.data, bytes, stream);
    host.releaseAfter(stream);
    return;
  }
  {
    ScopedDeviceOp timed(toCu(stream), OpKind::Copy, nullptr, nullptr, device,
                         host.data, bytes);
    check(driver().cuMemcpyAsync(toCu(device), toCu(host.data), bytes,
                                 toCu(stream)),
          "cuMemcpyAsync");
  }
  host.releaseAfter(stream);
}

namespace {
/// Runs a device entry point's `body`; what it throws (std::bad_alloc from
/// a descriptor of absurd rank) ends the program with the file's name.
template <typename Body>
void run(const char *verb, const char *path, const char *location,
         Body &&body) {
  arrayrt::exitOnFailure(
      [&] {
        return arrayrt::locationPrefix(location) + "cannot " + verb + " '" +
               (path ? path : "(null)") + "': ";
      },
      body);
}
} // namespace

extern "C" void arrayrt_load_npy_device(const char *path, int64_t rank,
                                        void *descriptor, int32_t dtype,
                                        arrayrt_stream_t stream,
                                        const char *location) {
  run("load", path, location, [&] {
    loadToDevice(path, rank, descriptor, dtype, stream, location,
                 [&](void *host) {
                   arrayrt_load_npy(path, rank, host, dtype, location);
                 });
  });
}

extern "C" void arrayrt_load_npy_part_device(const char *path, int64_t rank,
                                             void *descriptor, int32_t dtype,
                                             const int64_t *whole_shape,
                                             const int64_t *offsets,
                                             arrayrt_stream_t stream,
                                             const char *location) {
  run("load", path, location, [&] {
    loadToDevice(path, rank, descriptor, dtype, stream, location,
                 [&](void *host) {
                   arrayrt_load_npy_part(path, rank, host, dtype, whole_shape,
                                         offsets, location);
                 });
  });
}

extern "C" void arrayrt_load_npz_device(const char *path, const char *member,
                                        int64_t rank, void *descriptor,
                                        int32_t dtype, arrayrt_stream_t stream,
                                        const char *location) {
  run("load", path, location, [&] {
    loadToDevice(path, rank, descriptor, dtype, stream, location,
                 [&](void *host) {
                   arrayrt_load_npz(path, member, rank, host, dtype, location);
                 });
  });
}

extern "C" void arrayrt_save_npy_device(const char *path, int64_t rank,
                                        void *descriptor, int32_t dtype,
                                        arrayrt_stream_t stream,
                                        const char *location) {
  run("save", path, location, [&] {
    Staged staged = stage("save", path, rank, descriptor, dtype, location);
    HostBuffer host(staged.bytes, failurePrefix("save", path, location));
    staged.setHost(host.data);
    if (staged.bytes > 0) {
      {
        ScopedDeviceOp timed(toCu(stream), OpKind::Copy, nullptr, nullptr,
                             host.data, staged.device, staged.bytes);
        check(driver().cuMemcpyAsync(toCu(host.data), toCu(staged.device),
                                     staged.bytes, toCu(stream)),
              "cuMemcpyAsync");
      }
      check(driver().cuStreamSynchronize(toCu(stream)), "cuStreamSynchronize");
    }
    arrayrt_save_npy(path, rank, staged.descriptor.data(), dtype, location);
  });
}
