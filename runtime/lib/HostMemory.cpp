//===- HostMemory.cpp - Host allocations of compiled programs -------------===//
//
// The CPU target's buffers come from here (MLIR's generic memref allocation
// functions), so that an allocation the machine cannot make stops the
// program with the op, the size and the limit instead of a null pointer
// and a crash; compiled code reports invalid sizes through
// arrayrt_bad_allocation before it gets this far.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "Error.h"
#include "MemoryPool.h"

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <sys/sysinfo.h>

namespace {

/// The machine's memory and swap, in bytes.
uint64_t machineMemory(uint64_t *ramOnly) {
  struct sysinfo info;
  if (sysinfo(&info) != 0) {
    *ramOnly = UINT64_MAX;
    return UINT64_MAX;
  }
  uint64_t unit = info.mem_unit ? info.mem_unit : 1;
  *ramOnly = static_cast<uint64_t>(info.totalram) * unit;
  return *ramOnly + static_cast<uint64_t>(info.totalswap) * unit;
}

struct HostLimit {
  uint64_t bytes = UINT64_MAX;
  std::string why; // "the machine's memory and swap", or the variable.
};

const HostLimit &hostLimit() {
  static HostLimit limit;
  static std::once_flag once;
  std::call_once(once, [] {
    uint64_t ram = 0;
    limit.bytes = machineMemory(&ram);
    limit.why = "the machine's memory and swap";
    if (const char *text = std::getenv("ARRAYRT_HOST_MEMORY_LIMIT")) {
      std::string error;
      uint64_t bytes = 0;
      if (!arrayrt::parseMemoryLimit(text, ram, bytes, error,
                                     "ARRAYRT_HOST_MEMORY_LIMIT"))
        arrayrt::fatal("%s", error.c_str());
      limit.bytes = bytes;
      limit.why = "ARRAYRT_HOST_MEMORY_LIMIT";
    }
  });
  return limit;
}

/// "prog.mlir:3:8: array.full: " for the label "array.full @
/// prog.mlir:3:8", the location alone for a label without op names, ""
/// for none: how runtime errors start.
std::string labelPrefix(const char *label) {
  if (!label || !*label)
    return "";
  std::string text = label;
  size_t at = text.find(" @ ");
  if (at == std::string::npos)
    return text + ": ";
  return text.substr(at + 3) + ": " + text.substr(0, at) + ": ";
}

std::string opPrefix() {
  const arrayrt::CurrentOp &op = arrayrt::currentOp();
  if (op.label)
    return labelPrefix(op.label);
  return labelPrefix(op.location);
}

[[noreturn]] void outOfHostMemory(size_t size, const char *reason) {
  const HostLimit &limit = hostLimit();
  arrayrt::fatal("%sout of host memory: cannot allocate %s%s%s; the limit "
                 "is %s (%s)",
                 opPrefix().c_str(), arrayrt::formatBytes(size).c_str(),
                 reason ? ": " : "", reason ? reason : "",
                 limit.bytes == UINT64_MAX
                     ? "unknown"
                     : arrayrt::formatBytes(limit.bytes).c_str(),
                 limit.why.c_str());
}

void *allocate(size_t size, size_t alignment) {
  if (size > hostLimit().bytes)
    outOfHostMemory(size, nullptr);
  void *ptr = nullptr;
  if (alignment > alignof(std::max_align_t)) {
    int status = posix_memalign(&ptr, alignment, size ? size : 1);
    if (status != 0)
      outOfHostMemory(size, std::strerror(status));
    return ptr;
  }
  ptr = std::malloc(size ? size : 1);
  if (!ptr)
    outOfHostMemory(size, std::strerror(errno ? errno : ENOMEM));
  return ptr;
}

} // namespace

extern "C" void arrayrt_bad_allocation(const char *label, const char *element,
                                       int64_t element_bytes, int64_t rank,
                                       const int64_t *sizes) {
  std::string shape = "[";
  const char *reason = nullptr;
  std::string negative;
  for (int64_t i = 0; i < rank; ++i) {
    shape += (i ? ", " : "") + std::to_string(sizes[i]);
    if (sizes[i] < 0 && negative.empty())
      negative = "dimension " + std::to_string(i) + " is " +
                 std::to_string(sizes[i]) + ", a negative size";
  }
  shape += "]";
  std::string overflow;
  if (negative.empty()) {
    // The product in long double, for the message only.
    long double bytes = static_cast<long double>(element_bytes);
    for (int64_t i = 0; i < rank; ++i)
      bytes *= static_cast<long double>(sizes[i]);
    char text[64];
    std::snprintf(text, sizeof(text), "%.3Lg", bytes);
    overflow = std::string("it would take ") + text +
               " bytes, more than a 64-bit size can hold";
    reason = overflow.c_str();
  } else {
    reason = negative.c_str();
  }
  arrayrt::fatal("%scannot allocate an array of shape %s of %s (%lld "
                 "bytes each): %s",
                 labelPrefix(label).c_str(), shape.c_str(),
                 element ? element : "?", static_cast<long long>(element_bytes),
                 reason);
}

extern "C" void *_mlir_memref_to_llvm_alloc(size_t size) {
  return allocate(size, 0);
}

extern "C" void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment,
                                                    size_t size) {
  return allocate(size, alignment);
}

extern "C" void _mlir_memref_to_llvm_free(void *ptr) { std::free(ptr); }
