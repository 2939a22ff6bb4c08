//===- SparseFile.h - Sparse matrix files read on the host ------*- C++ -*-===//
//
// The entries of a sparse matrix file as array.load_mtx and
// array.load_sparse read them: Matrix Market text (Mtx.cpp) or a SciPy
// scipy.sparse.save_npz archive (SparseNpz.cpp), sorted by row and column
// with duplicates summed, as SciPy's tocsr() leaves them.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_SPARSEFILE_H
#define ARRAYRT_LIB_SPARSEFILE_H

#include <cstdint>
#include <string>
#include <vector>

namespace arrayrt::sparse_file {

struct Entries {
  std::string path;
  int64_t rows = 0, cols = 0;
  std::vector<int64_t> row, col; // 0-based
  std::vector<double> value;
};

/// `entries` sorted by (row, column), duplicates summed.
Entries sortAndSum(const Entries &entries);

/// Exits with `[location: ]cannot load 'path': <what>`.
[[noreturn]] void fail(const char *path, const char *location,
                       const std::string &what);

/// Whether `path` starts like a zip archive (an .npz file).
bool isZip(const char *path);

/// The matrix of a scipy.sparse.save_npz archive: `format` csr, csc or
/// coo, `shape`, `data` and `indices`/`indptr` or `row`/`col`, checked
/// (sizes, offsets, bounds); errors name the member at fault.
Entries readScipyNpz(const char *path, const char *location);

} // namespace arrayrt::sparse_file

#endif // ARRAYRT_LIB_SPARSEFILE_H
