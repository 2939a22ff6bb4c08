//===- LargeBlocks.h - Large host blocks, kept for reuse ---------*- C++
//-*-===//
//
// Host arrays of 4 MiB and more (the CPU target's buffers): 2 MiB aligned
// and backed by transparent huge pages where the kernel gives them (as
// NumPy's are), and kept when freed, up to a bound, for the next
// allocation of about the same size. glibc returns such blocks to the
// kernel at once (they are above its mmap threshold), so without the cache
// every new array of a loop or of the next run of @main pays the kernel's
// zeroing of fresh pages again: in a 2^24-element elementwise program
// that was a third of the time. ARRAYRT_HOST_CACHE=0 turns the cache off.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_CPU_LARGEBLOCKS_H
#define ARRAYRT_LIB_CPU_LARGEBLOCKS_H

#include <cstddef>

namespace arrayrt::cpu {

/// Blocks from this size on come from here.
constexpr size_t kLargeBlockBytes = size_t(4) << 20;

/// Their alignment (a transparent huge page's size).
constexpr size_t kLargeBlockAlignment = size_t(2) << 20;

/// A block of at least `size` (>= kLargeBlockBytes) bytes, aligned to
/// kLargeBlockAlignment;
/// nullptr when the machine has no memory for it (with the cache emptied
/// first).
void *allocateLarge(size_t size);

/// Keeps or frees `ptr` when it came from allocateLarge, and says so.
bool releaseLarge(void *ptr);

/// Frees every kept block.
void trimLarge();

} // namespace arrayrt::cpu

#endif // ARRAYRT_LIB_CPU_LARGEBLOCKS_H
