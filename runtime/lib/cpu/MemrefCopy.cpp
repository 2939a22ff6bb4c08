//===- MemrefCopy.cpp - Strided host copies of compiled programs ----------===//
//
// finalize-memref-to-llvm lowers a memref.copy between buffers that are not
// both contiguous (a strided view, a fully dynamic layout such as an scf.if
// result) to a call of `memrefCopy`, which upstream defines in
// libmlir_c_runner_utils. Compiled programs link only arrayrt, so arrayrt
// defines it, with the same ABI: the element size and two unranked
// descriptors, each pointing to a ranked one laid out as
// {allocated, aligned, offset, sizes[rank], strides[rank]}.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "memory/Memref.h"

#include <cstring>
#include <vector>

namespace {

/// One ranked descriptor, read through its unranked wrapper.
struct View {
  char *data = nullptr; // aligned pointer plus the offset
  const int64_t *sizes = nullptr;
  const int64_t *strides = nullptr;

  View(const arrayrt_unranked_memref_t *memref, int64_t elementBytes) {
    const arrayrt::Memref ranked =
        arrayrt::readMemref(memref->rank, memref->descriptor);
    data = ranked.origin(elementBytes);
    sizes = ranked.sizes;
    strides = ranked.strides;
  }
};

} // namespace

extern "C" void memrefCopy(int64_t element_bytes,
                           const arrayrt_unranked_memref_t *source,
                           const arrayrt_unranked_memref_t *target) {
  int64_t rank = source->rank;
  View from(source, element_bytes), to(target, element_bytes);
  for (int64_t d = 0; d < rank; ++d)
    if (from.sizes[d] == 0)
      return;
  if (rank == 0) {
    std::memmove(to.data, from.data, element_bytes);
    return;
  }
  // Rows along the innermost dimension: one memmove each where both sides
  // are contiguous there, else element by element.
  int64_t inner = rank - 1;
  bool contiguous = from.strides[inner] == 1 && to.strides[inner] == 1;
  std::vector<int64_t> index(rank, 0);
  char *src = from.data, *dst = to.data;
  while (true) {
    if (contiguous) {
      std::memmove(dst, src, from.sizes[inner] * element_bytes);
    } else {
      for (int64_t i = 0; i < from.sizes[inner]; ++i)
        std::memmove(dst + i * to.strides[inner] * element_bytes,
                     src + i * from.strides[inner] * element_bytes,
                     element_bytes);
    }
    // The next row: the odometer over the outer dimensions.
    int64_t d = inner - 1;
    for (; d >= 0; --d) {
      src += from.strides[d] * element_bytes;
      dst += to.strides[d] * element_bytes;
      if (++index[d] < from.sizes[d])
        break;
      src -= from.sizes[d] * from.strides[d] * element_bytes;
      dst -= to.sizes[d] * to.strides[d] * element_bytes;
      index[d] = 0;
    }
    if (d < 0)
      return;
  }
}
