//===- Npy.h - NumPy .npy file format ---------------------------*- C++ -*-===//
//
// The pieces of the .npy entry points that tests check on their own (the
// dtype table and the header NumPy writes), that the device forms
// (NpyDevice.cpp) share (the dtype table), that the scipy.sparse reader
// (SparseNpz.cpp) uses (the header reader), and the entry points' work in a
// form that throws arrayrt::Failure instead of exiting, which the fuzz targets
// (runtime/fuzz) call.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_NPY_H
#define ARRAYRT_LIB_NPY_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

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

/// What a .npy header says.
struct Header {
  std::string descr;       ///< 'descr' when it is a string ('<f4', '|S3').
  bool structured = false; ///< 'descr' is a list (a structured dtype).
  std::string descrSource; ///< 'descr' as written in the header.
  bool fortranOrder = false;
  std::vector<int64_t> shape; ///< Non-negative sizes.
  uint64_t dataOffset = 0;    ///< Where the data starts in the file.
};

/// Reads the header of the .npy file open as `fd` (at its start) whose size
/// is `fileSize` bytes (-1 when unknown: a pipe): magic string, version,
/// header length and the header's dict, with its three keys of the right
/// kinds. The header length is checked against `fileSize` before anything
/// of that size is allocated. Returns false with `error` saying what is
/// wrong (`malformed header: expected ':' at offset 12`).
bool readHeader(int fd, int64_t fileSize, Header &header, std::string &error);

/// arrayrt_npy_shape (`member` null) or arrayrt_npz_shape, arrayrt_load_npy
/// or arrayrt_load_npz, and arrayrt_save_npy, throwing arrayrt::Failure
/// (the whole message) instead of exiting. Other exceptions (std::bad_alloc)
/// pass through.
void readShape(const char *path, const char *member, int64_t rank,
               int64_t *shape, int32_t dtype, const char *location);
void readArray(const char *path, const char *member, int64_t rank,
               void *descriptor, int32_t dtype, const char *location);
void writeArray(const char *path, int64_t rank, void *descriptor, int32_t dtype,
                const char *location);

/// The rank and dtype code of the array in the .npy file `path` (or its
/// member `member`), where readShape would accept them; throws Failure
/// otherwise.
struct Probe {
  int64_t rank;
  int32_t dtype;
};
Probe probe(const char *path, const char *member, const char *location);

} // namespace npy
} // namespace arrayrt

#endif // ARRAYRT_LIB_NPY_H
