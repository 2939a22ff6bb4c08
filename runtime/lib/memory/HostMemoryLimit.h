//===- HostMemoryLimit.h - How much host memory may be taken ---*- C++ -*-===//
//
// The file readers check the sizes a file declares (a .npy shape, a Matrix
// Market size line, a zip member) against the host memory the process can
// have before anything of that size is allocated, by the runtime or by the
// compiled program that allocates what the runtime says it needs: a buffer
// larger than the limit cannot be allocated (malloc fails, or the kernel's
// OOM killer ends the process), and the program should stop with a message
// naming the file, the size and the limit instead.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_HOSTMEMORYLIMIT_H
#define ARRAYRT_LIB_HOSTMEMORYLIMIT_H

#include <cstdint>
#include <string>

namespace arrayrt {

/// The smallest of the limits on the process's memory: this machine's RAM
/// and swap, the address-space and data limits (ulimit -v, ulimit -d) and
/// the cgroup's memory limit, as `bytes` and what it is (`this machine's
/// memory (RAM and swap)`).
struct HostMemoryLimit {
  uint64_t bytes = UINT64_MAX;
  std::string what;
};
HostMemoryLimit hostMemoryLimit();

/// Empty if a buffer of `bytes` can fit in host memory; otherwise
/// `<bytes> exceed <the limit>`, as in `4000000000 bytes (3.73 GiB) exceed
/// the address-space limit (ulimit -v) of 2048000000 bytes (1.91 GiB)`.
std::string exceedsHostMemory(uint64_t bytes);

/// "1536 bytes (1.50 KiB)".
std::string formatByteCount(uint64_t bytes);

} // namespace arrayrt

#endif // ARRAYRT_LIB_HOSTMEMORYLIMIT_H
