//===- SparseTest.cpp - cuSPARSE loading and argument errors --------------===//
//
// Runs against the fake driver (no GPU): the errors arrayrt's sparse entry
// points report before any cuSPARSE call can run.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "FakeDriverHooks.h"

#include "driver/EmbeddedKernels.h"
#include "sparse/Cusparse.h"
#include "sparse/SpmvKernel.h"

#include <cstdlib>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace {

using arrayrt::test::kUseFakeDriver;

TEST(SparseTest, MissingCusparseNamesTheLibraryAndTheVariable) {
  ASSERT_TRUE(kUseFakeDriver);
  EXPECT_EXIT(
      {
        setenv("ARRAYRT_CUSPARSE_LIB", "/nonexistent/libcusparse.so.12", 1);
        arrayrt_csr_create(2, 2, 0, nullptr, nullptr, nullptr, 32,
                           ARRAYRT_DTYPE_F32, "p.mlir:1:2");
      },
      testing::ExitedWithCode(1),
      "arrayrt: error: cuSPARSE could not be loaded "
      "\\(/nonexistent/libcusparse.so.12: cannot open shared object file.*\\); "
      "set ARRAYRT_CUSPARSE_LIB to libcusparse.so.12's path");
}

TEST(SparseTest, IndexWidthIsCheckedWithTheLocation) {
  EXPECT_EXIT(arrayrt_csr_create(2, 2, 0, nullptr, nullptr, nullptr, 16,
                                 ARRAYRT_DTYPE_F32, "p.mlir:3:4"),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:3:4: CSR indices are 32 or 64 bits, "
              "not 16");
}

TEST(SparseTest, ValueTypeIsCheckedWithTheLocation) {
  EXPECT_EXIT(arrayrt_csr_create(2, 2, 0, nullptr, nullptr, nullptr, 32,
                                 ARRAYRT_DTYPE_I32, "p.mlir:5:6"),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:5:6: sparse matrices hold float16, "
              "bfloat16, float32 or float64 values, not dtype 3");
}

/// A rank-1 descriptor {allocated, aligned, offset, size, stride} over
/// host memory (the checks below stop before any GPU work reads it).
struct Vector1D {
  Vector1D(void *data, int64_t size, int64_t stride = 1)
      : words{reinterpret_cast<int64_t>(data), reinterpret_cast<int64_t>(data),
              0, size, stride} {}
  int64_t words[5];
};

/// Expects arrayrt_csr_from_arrays over the host arrays `p`, `i` and `v`
/// (f32 values; the checks stop before any GPU work reads them) at
/// p.mlir:7:8 to exit with array.csr_matrix's error `message` (a regular
/// expression).
void expectCsrMatrixError(Vector1D &p, Vector1D &i, Vector1D &v, int64_t rows,
                          int64_t cols, int32_t indexBits,
                          const std::string &message) {
  EXPECT_EXIT(arrayrt_csr_from_arrays(1, p.words, 1, i.words, 1, v.words, rows,
                                      cols, indexBits, ARRAYRT_DTYPE_F32,
                                      "p.mlir:7:8", nullptr),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:7:8: array.csr_matrix: " + message);
}

TEST(SparseTest, CsrFromArraysChecksIndptrAgainstTheRows) {
  int32_t indptr[3] = {0, 1, 2}, indices[2] = {0, 1};
  float data[2] = {1, 2};
  Vector1D p(indptr, 3), i(indices, 2), v(data, 2);
  expectCsrMatrixError(
      p, i, v, 4, 3, 32,
      "indptr has 3 elements; it must have rows \\+ 1 \\(at least one\\)");
}

TEST(SparseTest, CsrFromArraysChecksThatIndptrNeverDecreases) {
  if (!arrayrt::kernelsEmbedded())
    GTEST_SKIP() << "arrayrt was built without nvcc: no row check on the GPU";
  // The ends are right; row 1 ends before it starts.
  int32_t indptr[4] = {0, 3, 1, 4}, indices[4] = {0, 1, 2, 3};
  float data[4] = {1, 2, 3, 4};
  Vector1D p(indptr, 4), i(indices, 4), v(data, 4);
  expectCsrMatrixError(
      p, i, v, 3, 5, 32,
      "indptr must be nondecreasing, but indptr\\[1\\] > indptr\\[2\\]");
}

TEST(SparseTest, CsrFromArraysChecksIndptrsEnds) {
  // With the kernels, indptr's ends come back with the row statistics
  // (one copy); without them, one element at a time. Either way the first
  // end is checked first.
  int32_t indptr[4] = {1, 2, 3, 4}, indices[4] = {0, 1, 2, 3};
  float data[4] = {1, 2, 3, 4};
  Vector1D p(indptr, 4), i(indices, 4), v(data, 4);
  expectCsrMatrixError(p, i, v, 3, 5, 32, "indptr\\[0\\] must be 0, found 1");
  int64_t wide[4] = {0, 1, 2, 5}, wideIndices[4] = {0, 1, 2, 3};
  Vector1D q(wide, 4), j(wideIndices, 4);
  expectCsrMatrixError(q, j, v, 3, 5, 64,
                       "indptr\\[rows\\] must be the number of entries \\(the "
                       "size of data and indices\\), 4, found 5");
}

TEST(SparseTest, CsrFromArraysChecksIndicesAgainstData) {
  int32_t indptr[3] = {0, 1, 2}, indices[2] = {0, 1};
  float data[3] = {1, 2, 3};
  Vector1D p(indptr, 3), i(indices, 2), v(data, 3);
  expectCsrMatrixError(p, i, v, 2, 3, 32,
                       "indices and data must have one size, found 2 and 3");
}

TEST(SparseTest, CsrArraysMustBeContiguous) {
  int32_t indptr[6] = {0, 0, 1, 0, 2, 0}, indices[2] = {0, 1};
  float data[2] = {1, 2};
  Vector1D p(indptr, 3, 2), i(indices, 2), v(data, 2);
  expectCsrMatrixError(p, i, v, 2, 3, 32,
                       "indptr must be a contiguous row-major array");
}

/// A 0 x 3 array to a sparse matrix, transposed (3 x 0), and 3 x 0 times a
/// vector of no elements into y = [5, 5, 5] with beta 0: zeros. Exit
/// status 0 when the sizes, counts and y are right.
int emptyMatrixOperations() {
  float data[1] = {0};
  int64_t dense[7] = {reinterpret_cast<int64_t>(data),
                      reinterpret_cast<int64_t>(data), 0, 0, 3, 3, 1};
  arrayrt_csr_t a = arrayrt_csr_from_dense(2, dense, 32, ARRAYRT_DTYPE_F32,
                                           "p.mlir:9:1", nullptr);
  arrayrt_csr_t t = arrayrt_csr_transpose(a, "p.mlir:9:2", nullptr);
  float y[3] = {5, 5, 5};
  Vector1D x(data, 0), yv(y, 3);
  arrayrt_csr_spmv(t, 1, x.words, 1, yv.words, 1.0, 0.0, ARRAYRT_DTYPE_F32,
                   "p.mlir:9:3", nullptr);
  arrayrt_stream_synchronize(nullptr);
  bool ok = arrayrt_csr_nnz(a) == 0 && arrayrt_csr_nnz(t) == 0 && y[0] == 0 &&
            y[1] == 0 && y[2] == 0;
  arrayrt_csr_release(t, nullptr);
  arrayrt_csr_release(a, nullptr);
  return ok ? 0 : 2;
}

TEST(SparseTest, MatricesWithoutRowsOrColumnsNeedNoCusparse) {
  // cuSPARSE takes no such matrix: the handles have no descriptor, and the
  // operations compute their (empty or zero) results without cuSPARSE,
  // which this test cannot load.
  EXPECT_EXIT(
      {
        setenv("ARRAYRT_CUSPARSE_LIB", "/nonexistent/libcusparse.so.12", 1);
        std::exit(emptyMatrixOperations());
      },
      testing::ExitedWithCode(0), "");
}

TEST(SparseTest, AMatrixWithoutColumnsHasNoEntries) {
  int32_t indptr[3] = {0, 1, 1}, indices[1] = {0};
  float data[1] = {1};
  Vector1D p(indptr, 3), i(indices, 1), v(data, 1);
  expectCsrMatrixError(p, i, v, 2, 0, 32,
                       "a matrix with no columns has no entries, found 1");
}

TEST(SparseTest, CsrLoadMtxNamesTheFile) {
  EXPECT_EXIT(arrayrt_csr_load_mtx("/nonexistent/a.mtx", 32, ARRAYRT_DTYPE_F64,
                                   "p.mlir:2:3", nullptr),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:2:3: cannot load '/nonexistent/a.mtx'");
}

TEST(SparseTest, CsrLoadMtxWith32BitIndicesNeedsSizesThatFit) {
  // 2^31 columns: the column indices would have been truncated.
  std::string path = testing::TempDir() + "arrayrt-wide.mtx";
  {
    std::ofstream out(path);
    out << "%%MatrixMarket matrix coordinate real general\n"
           "2 2147483648 1\n1 2147483648 1.5\n";
  }
  // Machines with less than 16 GiB of RAM and swap stop earlier, at the
  // check that the program can hold the offsets of 2^31 columns.
  EXPECT_EXIT(arrayrt_csr_load_mtx(path.c_str(), 32, ARRAYRT_DTYPE_F64,
                                   "p.mlir:2:3", nullptr),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:2:3: (array.load_mtx: '.*' is a 2 x "
              "2147483648 matrix, whose indices need 64 bits|cannot load "
              "'.*': a 2 x 2147483648 matrix does not fit in host memory)");
  std::remove(path.c_str());
}

/// A handle's fields as a created one has them, without its descriptor:
/// the checks below stop before cuSPARSE would read it.
arrayrt_csr fakeHandle(int64_t rows, int64_t cols, int32_t indexBits) {
  arrayrt_csr a;
  a.rows = rows;
  a.cols = cols;
  a.nnz = 0;
  a.type = CUDA_R_32F;
  a.elementSize = 4;
  a.indexBits = indexBits;
  return a;
}

/// A rank-2 row-major descriptor over host memory.
struct Matrix2D {
  Matrix2D(void *data, int64_t rows, int64_t cols)
      : words{reinterpret_cast<int64_t>(data),
              reinterpret_cast<int64_t>(data),
              0,
              rows,
              cols,
              cols,
              1} {}
  int64_t words[7];
};

TEST(SparseTest, SddmmChecksTheDenseSizesAgainstThePattern) {
  arrayrt_csr s = fakeHandle(4, 6, 32);
  float data[32];
  Matrix2D a(data, 4, 3), b(data, 2, 6);
  EXPECT_EXIT(arrayrt_csr_sddmm(&s, 2, a.words, 2, b.words, 1.0, 0.0,
                                ARRAYRT_DTYPE_F32, "p.mlir:7:8", nullptr),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:7:8: array.sddmm: a 4 x 3 matrix times "
              "a 2 x 6 matrix sampled at a 4 x 6 pattern");
}

TEST(SparseTest, SddmmChecksTheElementType) {
  arrayrt_csr s = fakeHandle(4, 6, 32);
  double data[32];
  Matrix2D a(data, 4, 3), b(data, 3, 6);
  EXPECT_EXIT(arrayrt_csr_sddmm(&s, 2, a.words, 2, b.words, 1.0, 0.0,
                                ARRAYRT_DTYPE_F64, "p.mlir:7:8", nullptr),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:7:8: array.sddmm: the dense operands' "
              "element type differs from the sparse matrix's");
}

TEST(SparseTest, TransposeNeedsSizesThatFitCsr2csc) {
  // 64-bit indices are narrowed for csr2csc, which takes ints.
  arrayrt_csr a = fakeHandle(4, 6, 64);
  a.nnz = 3000000000;
  EXPECT_EXIT(arrayrt_csr_transpose(&a, "p.mlir:9:1", nullptr),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:9:1: array.sparse_transpose: a 4 x 6 "
              "matrix of 3000000000 entries is too large for cuSPARSE's "
              "csr2csc, which takes 32-bit sizes and indices");
}

TEST(SparseTest, SixtyFourBitTransposesNeedTheRuntimesKernels) {
  arrayrt_csr a = fakeHandle(4, 6, 64);
  EXPECT_EXIT(
      {
        setenv("FAKE_CUDA_NO_BINARY_FOR_GPU", "1", 1);
        arrayrt_csr_transpose(&a, "p.mlir:9:1", nullptr);
      },
      testing::ExitedWithCode(1),
      std::string("arrayrt: error: p.mlir:9:1: array.sparse_transpose: the "
                  "CUDA target converts 64-bit indices for cuSPARSE with "
                  "arrayrt's own kernels, which ") +
          (arrayrt::kernelsEmbedded()
               ? "this GPU cannot run \\(they need sm_80 or newer\\)"
               : "this arrayrt was built without \\(no nvcc\\)"));
}

TEST(SparseTest, AddChecksTheSizes) {
  arrayrt_csr a = fakeHandle(4, 6, 32), b = fakeHandle(4, 5, 32);
  EXPECT_EXIT(arrayrt_csr_add(&a, &b, "p.mlir:2:2", nullptr),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:2:2: array.sparse_add: a 4 x 6 matrix "
              "plus a 4 x 5 one");
}

TEST(SparseTest, UnknownSpgemmChoicesAreErrors) {
  arrayrt_csr a = fakeHandle(4, 4, 32);
  EXPECT_EXIT(
      {
        setenv("ARRAYRT_SPGEMM", "fast", 1);
        arrayrt_csr_spgemm(&a, &a, "p.mlir:5:5", nullptr);
      },
      testing::ExitedWithCode(1),
      "arrayrt: error: ARRAYRT_SPGEMM must be auto, kernel or cusparse, not "
      "'fast'");
}

TEST(SparseTest, AddChecksTheIndexWidths) {
  arrayrt_csr a = fakeHandle(4, 6, 32), b = fakeHandle(4, 6, 64);
  EXPECT_EXIT(arrayrt_csr_add(&a, &b, "p.mlir:2:2", nullptr),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:2:2: array.sparse_add: the operands' "
              "element types or index widths differ");
}

TEST(SparseTest, SixteenBitSumsNeedTheRuntimesKernels) {
  arrayrt_csr a = fakeHandle(4, 6, 32);
  a.type = CUDA_R_16BF;
  a.elementSize = 2;
  EXPECT_EXIT(
      {
        setenv("FAKE_CUDA_NO_BINARY_FOR_GPU", "1", 1);
        arrayrt_csr_add(&a, &a, "p.mlir:2:2", nullptr);
      },
      testing::ExitedWithCode(1),
      "arrayrt: error: p.mlir:2:2: array.sparse_add: the CUDA target "
      "converts 16-bit values for cuSPARSE with arrayrt's own kernels");
}

} // namespace
