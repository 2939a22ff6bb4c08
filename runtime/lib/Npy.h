//===- Npy.h - NumPy .npy file format ---------------------------*- C++ -*-===//
//
// The pieces of the .npy entry points that tests check on their own (the
// dtype table and the header NumPy writes) and that the device forms
// (NpyDevice.cpp) share (the memref descriptor's fields).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_NPY_H
#define ARRAYRT_LIB_NPY_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace arrayrt {
namespace npy {

/// How one arrayrt_dtype_t is stored in a .npy file.
struct DtypeInfo {
  const char *descr; ///< NumPy's dtype.str; nullptr when there is none (bf16).
  size_t size;       ///< Bytes per element.
  const char *name;  ///< The dtype's name in Arrayc (f32, i1, ...).
};

/// The table entry of an arrayrt_dtype_t code, or nullptr for an invalid
/// code.
const DtypeInfo *dtypeInfo(int32_t dtype);

/// Everything np.save writes before the data of a C-order array of `descr`
/// and `shape[rank]`: magic, version, header length and the padded header,
/// a multiple of 64 bytes long.
std::string formatHeader(const char *descr, int64_t rank, const int64_t *shape);

/// The fields of the MLIR strided memref descriptor the entry points take.
struct Memref {
  char *aligned;
  int64_t offset;
  const int64_t *sizes;
  const int64_t *strides; // In elements.
};

/// Reads the descriptor {allocated, aligned, offset, sizes[rank],
/// strides[rank]} behind `descriptor`.
Memref readDescriptor(int64_t rank, void *descriptor);

} // namespace npy
} // namespace arrayrt

#endif // ARRAYRT_LIB_NPY_H
