//===- HostMemoryLimit.cpp - How much host memory a buffer may take ------===//

#include "memory/HostMemoryLimit.h"

#include "driver/Error.h"
#include "memory/MemoryPool.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include <sys/resource.h>
#include <sys/sysinfo.h>

namespace arrayrt {
namespace {

/// The number in the first line of `path` (a cgroup limit file), or
/// UINT64_MAX when it cannot be read or says "max".
uint64_t readLimitFile(const char *path) {
  std::ifstream in(path);
  std::string text;
  if (!in || !std::getline(in, text) || text.empty() || text == "max")
    return UINT64_MAX;
  char *end = nullptr;
  unsigned long long value = std::strtoull(text.c_str(), &end, 10);
  if (end == text.c_str() || (*end && *end != '\n'))
    return UINT64_MAX;
  return value;
}

void lower(HostMemoryLimit &limit, uint64_t bytes, const char *what) {
  if (bytes < limit.bytes) {
    limit.bytes = bytes;
    limit.what = what;
  }
}

} // namespace

HostMemoryLimit hostMemoryLimit() {
  // The machine's memory and the cgroup's limit are read once; the
  // process's own limits (which a program may lower) every time.
  static const HostMemoryLimit machine = [] {
    HostMemoryLimit limit;
    uint64_t ram = UINT64_MAX;
    struct sysinfo info;
    if (::sysinfo(&info) == 0) {
      uint64_t unit = info.mem_unit ? info.mem_unit : 1;
      ram = static_cast<uint64_t>(info.totalram) * unit;
      uint64_t total = ram + static_cast<uint64_t>(info.totalswap) * unit;
      if (total > 0)
        lower(limit, total, "this machine's memory (RAM and swap)");
    }
    // The container's cgroup: version 2, then version 1 (whose "no limit"
    // is a huge page-aligned number, above any machine's memory).
    lower(limit, readLimitFile("/sys/fs/cgroup/memory.max"),
          "the cgroup's memory limit (memory.max)");
    lower(limit, readLimitFile("/sys/fs/cgroup/memory/memory.limit_in_bytes"),
          "the cgroup's memory limit (memory.limit_in_bytes)");
    // The user's own limit, a byte count or a share of RAM.
    if (const char *text = std::getenv("ARRAYRT_HOST_MEMORY_LIMIT")) {
      uint64_t bytes = 0;
      std::string error;
      if (!parseMemoryLimit(text, ram, bytes, error,
                            "ARRAYRT_HOST_MEMORY_LIMIT"))
        fatal("%s", error.c_str());
      limit.bytes = bytes;
      limit.what = "ARRAYRT_HOST_MEMORY_LIMIT";
    }
    return limit;
  }();
  HostMemoryLimit limit = machine;
  struct rlimit rl;
  if (::getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
    lower(limit, rl.rlim_cur, "the address-space limit (ulimit -v)");
  if (::getrlimit(RLIMIT_DATA, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
    lower(limit, rl.rlim_cur, "the data-segment limit (ulimit -d)");
  return limit;
}

std::string exceedsHostMemory(uint64_t bytes) {
  HostMemoryLimit limit = hostMemoryLimit();
  if (bytes <= limit.bytes)
    return std::string();
  return formatByteCount(bytes) + " exceed " + limit.what + " of " +
         formatByteCount(limit.bytes);
}

std::string formatByteCount(uint64_t bytes) { return formatBytes(bytes); }

} // namespace arrayrt
