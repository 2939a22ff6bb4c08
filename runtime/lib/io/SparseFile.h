//===- SparseFile.h - Sparse matrix files read on the host ------*- C++ -*-===//
//
// The entries of a sparse matrix file as array.load_mtx and
// array.load_sparse read them: Matrix Market text (Mtx.cpp) or a SciPy
// scipy.sparse.save_npz archive (SparseNpz.cpp), sorted by row and column
// with duplicates summed, as SciPy's tocsr() leaves them. The readers throw
// arrayrt::Failure (`[location: ]cannot load 'path': <what>`), which the
// entry points (arrayrt_mtx_shape, arrayrt_load_mtx) report and the fuzz
// targets observe.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_SPARSEFILE_H
#define ARRAYRT_LIB_SPARSEFILE_H

#include <cstdint>
#include <istream>
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

/// Throws the Failure `[location: ]cannot load 'path': <what>`.
[[noreturn]] void fail(const char *path, const char *location,
                       const std::string &what);

/// The matrix in the file `path`: a zip archive (recognized by its first
/// bytes) as scipy.sparse.save_npz writes it, else Matrix Market text. A
/// path ending in `.npz` that is not a zip archive is an error saying so.
Entries readMatrixFile(const char *path, const char *location);

/// The matrix of Matrix Market text read from `in`, `fileSize` bytes long
/// (-1: unknown), named `path` in messages. Every entry count the size line
/// declares is checked against the bytes left and the host memory before
/// anything of its size is allocated.
Entries readMatrixMarket(std::istream &in, int64_t fileSize, const char *path,
                         const char *location);

/// The matrix of a scipy.sparse.save_npz archive: `format` csr, csc or
/// coo, `shape`, `data` and `indices`/`indptr` or `row`/`col`, checked
/// (sizes, offsets, bounds); errors name the member at fault.
Entries readScipyNpz(const char *path, const char *location);

/// Checks that a program can hold the matrix: the row offsets of a CSR
/// matrix or the column offsets of a CSC one (8 bytes per row or column
/// and one more) must fit in host memory. Throws Failure otherwise.
void checkFitsInMemory(const Entries &entries, const char *location);

} // namespace arrayrt::sparse_file

#endif // ARRAYRT_LIB_SPARSEFILE_H
