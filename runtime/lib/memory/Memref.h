//===- Memref.h - MLIR's memref descriptors ---------------------*- C++ -*-===//
//
// Compiled code passes arrays to the runtime as MLIR's ranked memref
// descriptor
//   { T *allocated; T *aligned; int64_t offset;
//     int64_t sizes[rank]; int64_t strides[rank]; }
// (offset and strides in elements; an unranked memref is the rank and a
// pointer to it). Every entry point that takes one reads it here.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_MEMREF_H
#define ARRAYRT_LIB_MEMREF_H

#include <cstddef>
#include <cstdint>

namespace arrayrt {

/// The fields of a ranked descriptor the runtime uses.
struct Memref {
  char *aligned;
  int64_t offset;
  const int64_t *sizes;
  const int64_t *strides; // In elements.

  /// The address of the element at index 0: `aligned` plus `offset`
  /// elements of `elementSize` bytes.
  char *origin(size_t elementSize) const {
    return aligned + offset * static_cast<int64_t>(elementSize);
  }
};

/// The descriptor of rank `rank` at `descriptor`.
inline Memref readMemref(int64_t rank, const void *descriptor) {
  struct Header {
    void *allocated;
    char *aligned;
    int64_t offset;
  };
  const auto *header = static_cast<const Header *>(descriptor);
  const auto *sizes = reinterpret_cast<const int64_t *>(header + 1);
  return {header->aligned, header->offset, sizes, sizes + rank};
}

} // namespace arrayrt

#endif // ARRAYRT_LIB_MEMREF_H
