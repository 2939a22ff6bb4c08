//===- arrayrt-npz-fuzzer.cpp - libFuzzer target of the .npz readers ------===//
//
// Each input is a zip archive. Every member the central directory lists
// (up to 8) is extracted (zip::extractMember: stored or deflated, sizes and
// CRC-32 checked) and read as a .npy file into a buffer of the shape it
// declares (npy::probe, readShape, readArray); then the archive is read as
// a scipy.sparse.save_npz matrix (sparse_file::readScipyNpz), whose entries
// must be sorted, unique and within the matrix. Malformed archives and
// members are arrayrt::Failure exceptions, caught here.
//
//===----------------------------------------------------------------------===//

#include "FuzzInput.h"
#include "arrayrt/arrayrt.h"
#include "driver/Error.h"
#include "io/Npy.h"
#include "io/SparseFile.h"
#include "io/Zip.h"

#include <string>
#include <vector>

namespace {

using namespace arrayrt;

void readMember(const char *path, const std::string &name) {
  const char *location = "fuzz.mlir:1:1";
  npy::Probe probe = npy::probe(path, name.c_str(), location);
  std::vector<int64_t> shape(static_cast<size_t>(probe.rank));
  npy::readShape(path, name.c_str(), probe.rank, shape.data(), probe.dtype,
                 location);
  const npy::DtypeInfo *info = npy::dtypeInfo(probe.dtype);
  const uint64_t bytes =
      fuzz::checkedElementCount(shape, info->size) * info->size;
  // A member is never larger than what the reader's memory check allows;
  // its data fits in it.
  ARRAYRT_FUZZ_CHECK(bytes < (uint64_t(1) << 32));
  std::vector<char> buffer(bytes + 1);
  std::vector<int64_t> d =
      fuzz::descriptor(buffer.data(), shape, fuzz::cStrides(shape));
  npy::readArray(path, name.c_str(), probe.rank, d.data(), probe.dtype,
                 location);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static fuzz::MemoryFile input("arrayrt-npz-fuzz-input");
  const char *path = input.set(data, size);
  std::vector<std::string> names;
  std::string error;
  if (zip::listMembers(path, names, error)) {
    for (size_t i = 0; i < names.size() && i < 8; ++i) {
      try {
        readMember(path, names[i]);
      } catch (const Failure &) {
      }
    }
  }
  try {
    sparse_file::Entries e = sparse_file::readScipyNpz(path, "fuzz.mlir:1:1");
    ARRAYRT_FUZZ_CHECK(e.rows >= 0 && e.cols >= 0);
    ARRAYRT_FUZZ_CHECK(e.row.size() == e.col.size() &&
                       e.row.size() == e.value.size());
    for (size_t k = 0; k < e.row.size(); ++k) {
      ARRAYRT_FUZZ_CHECK(e.row[k] >= 0 && e.row[k] < e.rows);
      ARRAYRT_FUZZ_CHECK(e.col[k] >= 0 && e.col[k] < e.cols);
      if (k > 0)
        ARRAYRT_FUZZ_CHECK(
            e.row[k - 1] < e.row[k] ||
            (e.row[k - 1] == e.row[k] && e.col[k - 1] < e.col[k]));
    }
    try {
      sparse_file::checkFitsInMemory(e, nullptr);
    } catch (const Failure &) {
    }
  } catch (const Failure &) {
  }
  return 0;
}
