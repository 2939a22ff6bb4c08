//===- Npy.h - NumPy .npy file format ---------------------------*- C++ -*-===//
//
// The pieces of the .npy entry points that tests check on their own (the
// dtype table and the header NumPy writes), that the device forms
// (NpyDevice.cpp) share (the dtype table), that the scipy.sparse reader
// (SparseNpz.cpp) uses (the header reader), and the entry points' work in a
// form that throws arrayrt::Failure instead of exiting, which the fuzz targets
// (runtime/fuzz) and arrayrt_run_main (abi/RunMain.cpp) call.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_NPY_H
#define ARRAYRT_LIB_NPY_H

#include "arrayrt/types.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace arrayrt {
namespace io {
class OutputFile;
} // namespace io

namespace npy {

/// How one arrayrt_dtype_t is stored in a .npy file.
struct DtypeInfo {
  /// NumPy's dtype.str: what np.save writes and the reader accepts. bf16 is
  /// '<V2', what np.save writes for ml_dtypes.bfloat16 (a 2-byte void to
  /// NumPy); the reader takes '|V2' (np.dtype('V2')) too.
  const char *descr;
  size_t size;       ///< Bytes per element.
  const char *name;  ///< The dtype's name in Arrayc (f32, i1, ...).
  const char *numpy; ///< NumPy's name of the dtype (float32, bool, ...).
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
/// The part of the .npy file `path`'s array at `offsets` of the sizes
/// `descriptor` gives (arrayrt_load_npy_part).
void readArrayPart(const char *path, int64_t rank, void *descriptor,
                   int32_t dtype, const int64_t *whole, const int64_t *offsets,
                   const char *location);
void writeArray(const char *path, int64_t rank, void *descriptor, int32_t dtype,
                const char *location);

/// writeArray into `file`, which the caller opened on `path` beforehand
/// (arrayrt_run_main opens its results' files before @main runs, so that an
/// unwritable path fails at once), and commits it. On failure the file is
/// left to the caller to abandon.
void writeArray(io::OutputFile &file, const char *path, int64_t rank,
                void *descriptor, int32_t dtype, const char *location);

/// A .npy file, or the member `member` of an .npz archive, open for reading
/// with its header read and checked (a dtype arrayrt reads, C order, the
/// data all there when the file's size is known) but not its data: a caller
/// checks the array and allocates for it before read(), from one read of
/// the file (one extraction of an archive member). Errors throw Failure as
/// readArray does: `[<location>: ]cannot load 'x.npy': <what is wrong>`.
class Source {
public:
  Source(const char *path, const char *member, const char *location);
  ~Source();
  Source(const Source &) = delete;
  Source &operator=(const Source &) = delete;

  int32_t dtype() const;                     ///< An arrayrt_dtype_t code.
  const std::vector<int64_t> &shape() const; ///< Its rank is the array's.
  int64_t dataBytes() const;                 ///< The elements' bytes.

  /// Reads the elements into the host array `descriptor` (an MLIR memref
  /// descriptor of the file's rank; each size -1 or the file's, any
  /// strides), as readArray does. Once only.
  void read(void *descriptor);

private:
  struct State;
  std::unique_ptr<State> state;
};

/// The rank and dtype code of the array in the .npy file `path` (or its
/// member `member`), where readShape would accept them; throws Failure
/// otherwise.
struct Probe {
  int64_t rank;
  int32_t dtype;
};
Probe probe(const char *path, const char *member, const char *location);

/// How arrayrt_load_npy_device moves an array to the GPU (NpyDevice.cpp):
/// `fill(host)` writes `bytes` bytes into a host buffer, whose copy to the
/// device memory `device` is then queued on `stream`. The buffer is a block
/// of the pinned pool, reused once the copy has completed, else pageable
/// memory. When no buffer can be had (`bytes` exceed the host's memory, or
/// malloc fails) throws Failure, `<errorPrefix>` followed by what is wrong.
/// With `bytes` 0, fill(nullptr) runs and nothing is queued.
void uploadThroughHost(void *device, size_t bytes, arrayrt_stream_t stream,
                       const std::function<void(void *host)> &fill,
                       const std::string &errorPrefix);

} // namespace npy
} // namespace arrayrt

#endif // ARRAYRT_LIB_NPY_H
