//===- arrayrt-npy-fuzzer.cpp - libFuzzer target of the .npy reader -------===//
//
// Each input is a .npy file. What the reader accepts (npy::probe, then
// npy::readShape for the rank and dtype found) is loaded into a C-order
// buffer and into a Fortran-order (column-major) one, which must hold the
// same elements; booleans must be 0 or 1. Both buffers are then saved
// (npy::writeArray, the strided path for the second) and must give the
// same bytes, which must load again into the same elements. Malformed
// files are arrayrt::Failure exceptions, caught here.
//
//===----------------------------------------------------------------------===//

#include "FuzzInput.h"
#include "arrayrt/arrayrt.h"
#include "driver/Error.h"
#include "io/Npy.h"

#include <cstring>
#include <string>
#include <vector>

#include <sys/stat.h>

namespace {

using namespace arrayrt;

using fuzz::cStrides;
using fuzz::descriptor;

std::vector<int64_t> fortranStrides(const std::vector<int64_t> &shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t i = 1; i < shape.size(); ++i)
    strides[i] = strides[i - 1] * shape[i - 1];
  return strides;
}

/// The bytes of the file open as `fd`.
std::string contents(int fd) {
  struct stat status;
  ARRAYRT_FUZZ_CHECK(::fstat(fd, &status) == 0);
  std::string bytes(static_cast<size_t>(status.st_size), '\0');
  ARRAYRT_FUZZ_CHECK(::pread(fd, bytes.data(), bytes.size(), 0) ==
                     static_cast<ssize_t>(bytes.size()));
  return bytes;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static fuzz::MemoryFile input("arrayrt-npy-fuzz-input");
  static fuzz::MemoryFile output("arrayrt-npy-fuzz-output");
  const char *path = input.set(data, size);
  const char *location = "fuzz.mlir:1:1";
  npy::Probe probe;
  std::vector<int64_t> shape;
  try {
    probe = npy::probe(path, nullptr, location);
    shape.resize(static_cast<size_t>(probe.rank));
    npy::readShape(path, nullptr, probe.rank, shape.data(), probe.dtype,
                   location);
  } catch (const Failure &) {
    return 0;
  }
  // The reader checked the element count against the file's size.
  const npy::DtypeInfo *info = npy::dtypeInfo(probe.dtype);
  ARRAYRT_FUZZ_CHECK(info && info->descr);
  // The data is in the file.
  const uint64_t count = fuzz::checkedElementCount(shape, info->size),
                 bytes = count * info->size;
  ARRAYRT_FUZZ_CHECK(bytes <= size);

  std::vector<char> cOrder(bytes + 1), fOrder(bytes + 1);
  std::vector<int64_t> cDesc =
      descriptor(cOrder.data(), shape, cStrides(shape));
  std::vector<int64_t> fDesc =
      descriptor(fOrder.data(), shape, fortranStrides(shape));
  try {
    npy::readArray(path, nullptr, probe.rank, cDesc.data(), probe.dtype,
                   location);
    npy::readArray(path, nullptr, probe.rank, fDesc.data(), probe.dtype,
                   location);
  } catch (const Failure &) {
    // readShape accepted the file: only a failed read could stop it now.
    __builtin_trap();
  }
  if (probe.dtype == ARRAYRT_DTYPE_I1)
    for (uint64_t i = 0; i < count; ++i)
      ARRAYRT_FUZZ_CHECK(cOrder[i] == 0 || cOrder[i] == 1);
  // Element k of the C-order buffer is at its Fortran-order offset.
  std::vector<int64_t> index(shape.size(), 0);
  std::vector<int64_t> fStrides = fortranStrides(shape);
  for (uint64_t k = 0; k < count; ++k) {
    int64_t at = 0;
    for (size_t i = 0; i < shape.size(); ++i)
      at += index[i] * fStrides[i];
    ARRAYRT_FUZZ_CHECK(std::memcmp(&cOrder[k * info->size],
                                   &fOrder[at * info->size], info->size) == 0);
    for (size_t i = shape.size(); i-- > 0;) {
      if (++index[i] < shape[i])
        break;
      index[i] = 0;
    }
  }

  // Saved from either layout: the same file, which loads back the same.
  std::string saved[2];
  for (int layout = 0; layout < 2; ++layout) {
    output.clear();
    try {
      npy::writeArray(output.path.c_str(), probe.rank,
                      layout == 0 ? cDesc.data() : fDesc.data(), probe.dtype,
                      location);
    } catch (const Failure &) {
      __builtin_trap();
    }
    saved[layout] = contents(output.fd);
  }
  ARRAYRT_FUZZ_CHECK(saved[0] == saved[1]);
  std::vector<char> again(bytes + 1);
  std::vector<int64_t> againDesc =
      descriptor(again.data(), shape, cStrides(shape));
  try {
    npy::readArray(output.path.c_str(), nullptr, probe.rank, againDesc.data(),
                   probe.dtype, location);
  } catch (const Failure &) {
    __builtin_trap();
  }
  ARRAYRT_FUZZ_CHECK(std::memcmp(again.data(), cOrder.data(), bytes) == 0);
  return 0;
}
