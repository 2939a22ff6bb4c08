//===- Allocator.h - Device memory allocators --------------------*- C++
//-*-===//
//
// The allocator arrayrt_alloc and arrayrt_free use, chosen once by
// ARRAYRT_ALLOCATOR: `pool` (default; MemoryPool over cuMemAlloc), `async`
// (CUDA's stream-ordered allocator, cuMemAllocFromPoolAsync on a pool of the
// runtime's own) or `direct` (cuMemAlloc/cuMemFree per buffer).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_ALLOCATOR_H
#define ARRAYRT_LIB_ALLOCATOR_H

#include <cuda.h>

#include <cstddef>

namespace arrayrt {

/// Device memory for `size` (> 0) bytes; exits with a message naming
/// `location` (if not null) when there is none.
void *allocateDevice(size_t size, CUstream stream, const char *location);

/// Frees memory from allocateDevice; returns false (doing nothing) if `ptr`
/// did not come from it (managed memory, for instance).
bool freeDevice(void *ptr, CUstream stream);

/// Called when `stream` is destroyed; touches nothing unless an allocator
/// exists.
void allocatorStreamDestroyed(CUstream stream);

} // namespace arrayrt

#endif // ARRAYRT_LIB_ALLOCATOR_H
