//===- MtxTest.cpp - Matrix Market files ----------------------------------===//
//
// Reads the fixtures in mtx/ (general real with a duplicate, symmetric
// integer, pattern) and checks that malformed files stop the program with
// the file and the line.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace {

std::string fixture(const char *name) {
  return std::string(ARRAYRT_TEST_MTX_DIR) + "/" + name;
}

/// A rank-1 or rank-2 memref descriptor over `data`.
struct Descriptor {
  void *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
};

struct Entries {
  int64_t rows, cols;
  std::vector<int64_t> coordinates;
  std::vector<double> values;
};

Entries read(const std::string &path) {
  int64_t sizes[3];
  arrayrt_mtx_shape(path.c_str(), sizes, "t.mlir:1:1");
  Entries e{sizes[0], sizes[1], std::vector<int64_t>(2 * sizes[2]),
            std::vector<double>(sizes[2])};
  Descriptor c{
      e.coordinates.data(), e.coordinates.data(), 0, {sizes[2], 2}, {2, 1}};
  arrayrt_load_mtx(path.c_str(), ARRAYRT_MTX_COORDINATES, 2, &c,
                   ARRAYRT_DTYPE_I64, "t.mlir:1:1");
  Descriptor v{e.values.data(), e.values.data(), 0, {sizes[2], 0}, {1, 0}};
  arrayrt_load_mtx(path.c_str(), ARRAYRT_MTX_VALUES, 1, &v, ARRAYRT_DTYPE_F64,
                   "t.mlir:1:1");
  return e;
}

TEST(MtxTest, GeneralRealSortedWithDuplicatesSummed) {
  Entries e = read(fixture("general.mtx"));
  EXPECT_EQ(e.rows, 3);
  EXPECT_EQ(e.cols, 4);
  EXPECT_EQ(e.coordinates, (std::vector<int64_t>{0, 0, 1, 1, 2, 3}));
  EXPECT_EQ(e.values, (std::vector<double>{1.75, 3, -20}));
}

TEST(MtxTest, SymmetricIntegerMirrorsTheLowerTriangle) {
  Entries e = read(fixture("symmetric.mtx"));
  EXPECT_EQ(e.coordinates,
            (std::vector<int64_t>{0, 0, 0, 2, 1, 2, 2, 0, 2, 1}));
  EXPECT_EQ(e.values, (std::vector<double>{7, -2, 4, -2, 4}));
}

TEST(MtxTest, PatternEntriesAreOne) {
  Entries e = read(fixture("pattern.mtx"));
  EXPECT_EQ(e.rows, 2);
  EXPECT_EQ(e.cols, 3);
  EXPECT_EQ(e.coordinates, (std::vector<int64_t>{0, 1, 1, 2}));
  EXPECT_EQ(e.values, (std::vector<double>{1, 1}));
}

/// Writes `text` to a fresh file and returns its path.
std::string write(const char *name, const char *text) {
  std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

void expectError(const char *name, const char *text, const std::string &what) {
  std::string path = write(name, text);
  EXPECT_EXIT(
      {
        int64_t sizes[3];
        arrayrt_mtx_shape(path.c_str(), sizes, "p.mlir:2:3");
      },
      testing::ExitedWithCode(1),
      "arrayrt: error: p.mlir:2:3: cannot load '.*" + std::string(name) +
          "': " + what);
  std::remove(path.c_str());
}

TEST(MtxTest, MalformedFilesNameTheLine) {
  expectError("banner.mtx", "hello\n1 1 1\n",
              "line 1: expected the banner '%%MatrixMarket matrix coordinate "
              "<field> <symmetry>', found 'hello'");
  expectError("array.mtx", "%%MatrixMarket matrix array real general\n",
              "line 1: only the 'coordinate' format is supported, found "
              "'array'");
  expectError("complex.mtx",
              "%%MatrixMarket matrix coordinate complex "
              "general\n",
              "line 1: the field must be real, integer or pattern, found "
              "'complex'");
  expectError("skew.mtx",
              "%%MatrixMarket matrix coordinate real "
              "skew-symmetric\n",
              "line 1: the symmetry must be general or symmetric, found "
              "'skew-symmetric'");
  expectError("size.mtx",
              "%%MatrixMarket matrix coordinate real general\n"
              "% c\n3 x 1\n",
              "line 3: expected the size line 'rows columns entries'");
  expectError("fields.mtx",
              "%%MatrixMarket matrix coordinate real general\n"
              "3 3 2\n1 1 1.0\n2 2\n",
              "line 4: expected 3 fields \\(row, column, value\\), found 2");
  expectError("range.mtx",
              "%%MatrixMarket matrix coordinate real general\n"
              "3 3 1\n4 1 1.0\n",
              "line 3: row 4 is outside 1..3");
  expectError("value.mtx",
              "%%MatrixMarket matrix coordinate integer "
              "general\n3 3 1\n1 1 1.5\n",
              "line 3: the value '1.5' is not an integer");
  expectError("upper.mtx",
              "%%MatrixMarket matrix coordinate real "
              "symmetric\n3 3 1\n1 2 1.0\n",
              "line 3: a symmetric file lists the lower triangle only, "
              "found \\(1, 2\\)");
  // Found by arrayrt-mtx-fuzzer: the mirror of (3, 2) in a 4 x 2 matrix
  // is (2, 3), outside it (fuzz/corpus/arrayrt-mtx-fuzzer/
  // regression-symmetric-not-square.mtx).
  expectError("nonsquare.mtx",
              "%%MatrixMarket matrix coordinate pattern symmetric\n%\n"
              "4 2 3\n2 1\n3 2\n3 2\n",
              "line 3: a symmetric matrix must be square, found 4 x 2");
  expectError("short.mtx",
              "%%MatrixMarket matrix coordinate real general\n"
              "3 3 3\n1 1 1.0\n",
              "line 3: expected 3 entries, found 1 \\(the file ends at line "
              "3\\)");
  expectError("long.mtx",
              "%%MatrixMarket matrix coordinate real general\n"
              "3 3 1\n1 1 1.0\n2 2 2.0\n",
              "line 4: more entries than the 1 the size line declares");
  EXPECT_EXIT(
      {
        int64_t sizes[3];
        arrayrt_mtx_shape("/nonexistent/a.mtx", sizes, nullptr);
      },
      testing::ExitedWithCode(1),
      "arrayrt: error: cannot load '/nonexistent/a.mtx': No such file or "
      "directory");
}

} // namespace
