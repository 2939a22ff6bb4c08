//===- arrayrt-mtx-fuzzer.cpp - libFuzzer target of the .mtx reader -------===//
//
// Each input is Matrix Market text, read from memory with its size
// (sparse_file::readMatrixMarket, what array.load_mtx runs on a file that
// is not a zip archive). An accepted file's entries must be sorted,
// unique and within the matrix, no more than the size line declares (twice
// that for a symmetric file), and the shape check (checkFitsInMemory) must
// either pass or throw. Malformed files are arrayrt::Failure exceptions,
// caught here.
//
//===----------------------------------------------------------------------===//

#include "FuzzInput.h"
#include "driver/Error.h"
#include "io/SparseFile.h"

#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace arrayrt;
  std::istringstream in(
      std::string(reinterpret_cast<const char *>(data), size));
  sparse_file::Entries e;
  try {
    e = sparse_file::readMatrixMarket(in, static_cast<int64_t>(size),
                                      "fuzz.mtx", "fuzz.mlir:1:1");
  } catch (const Failure &) {
    return 0;
  }
  ARRAYRT_FUZZ_CHECK(e.rows >= 0 && e.cols >= 0);
  ARRAYRT_FUZZ_CHECK(e.row.size() == e.col.size() &&
                     e.row.size() == e.value.size());
  // Each entry takes at least 3 bytes of text; mirrored, two entries.
  ARRAYRT_FUZZ_CHECK(e.row.size() <= 2 * (size / 3 + 1));
  for (size_t k = 0; k < e.row.size(); ++k) {
    ARRAYRT_FUZZ_CHECK(e.row[k] >= 0 && e.row[k] < e.rows);
    ARRAYRT_FUZZ_CHECK(e.col[k] >= 0 && e.col[k] < e.cols);
    if (k > 0)
      ARRAYRT_FUZZ_CHECK(e.row[k - 1] < e.row[k] ||
                         (e.row[k - 1] == e.row[k] && e.col[k - 1] < e.col[k]));
  }
  try {
    sparse_file::checkFitsInMemory(e, nullptr);
  } catch (const Failure &) {
  }
  return 0;
}
