//===- Format.h - NumPy-compatible text formatting of arrays ----*- C++ -*-===//
//
// Formats a strided host array exactly as NumPy's `str(a)` does with default
// print options. Kept apart from Print.cpp so that tests can compare strings
// without capturing stdout.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_FORMAT_H
#define ARRAYRT_LIB_FORMAT_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace arrayrt {

/// Element types of the print ABI. `I1` is a bool stored one byte per element;
/// `BF16` is bfloat16, printed as ml_dtypes does.
enum class Dtype {
  I1,
  I8,
  I16,
  I32,
  I64,
  UI8,
  UI16,
  UI32,
  UI64,
  F16,
  BF16,
  F32,
  F64
};

/// Size in bytes of one element of `dtype`.
size_t elementSize(Dtype dtype);

/// Formats the array that `descriptor` (an MLIR strided memref descriptor of
/// rank `rank`: allocated, aligned, offset, sizes[rank], strides[rank]) views,
/// without a trailing newline, as NumPy's `str()` would.
std::string formatMemref(Dtype dtype, int64_t rank, const void *descriptor);

} // namespace arrayrt

#endif // ARRAYRT_LIB_FORMAT_H
