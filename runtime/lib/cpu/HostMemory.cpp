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

#include "cpu/LargeBlocks.h"
#include "driver/Error.h"
#include "memory/HostMemoryLimit.h"
#include "memory/MemoryPool.h"

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

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
  arrayrt::HostMemoryLimit limit = arrayrt::hostMemoryLimit();
  arrayrt::fatal("%sout of host memory: cannot allocate %s%s%s; the limit "
                 "is %s (%s)",
                 opPrefix().c_str(), arrayrt::formatBytes(size).c_str(),
                 reason ? ": " : "", reason ? reason : "",
                 limit.bytes == UINT64_MAX
                     ? "unknown"
                     : arrayrt::formatBytes(limit.bytes).c_str(),
                 limit.what.empty() ? "none known" : limit.what.c_str());
}

void *allocate(size_t size, size_t alignment) {
  // Read once: compiled programs do not change their limits.
  static const uint64_t limit = arrayrt::hostMemoryLimit().bytes;
  if (size > limit)
    outOfHostMemory(size, nullptr);
  void *ptr = nullptr;
  // Large arrays: on huge pages, and kept for reuse (LargeBlocks.h).
  if (size >= arrayrt::cpu::kLargeBlockBytes &&
      alignment <= arrayrt::cpu::kLargeBlockAlignment) {
    ptr = arrayrt::cpu::allocateLarge(size);
    if (!ptr)
      outOfHostMemory(size, std::strerror(ENOMEM));
    return ptr;
  }
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

extern "C" void _mlir_memref_to_llvm_free(void *ptr) {
  if (!arrayrt::cpu::releaseLarge(ptr))
    std::free(ptr);
}
