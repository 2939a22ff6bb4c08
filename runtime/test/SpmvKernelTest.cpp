//===- SpmvKernelTest.cpp - arrayrt_spmv's kernel or cuSPARSE -------------===//
//
// Runs against the fake driver (no GPU), which computes the runtime's row
// statistics kernel on the host and names every kernel launched: which
// way arrayrt_spmv takes (SpmvKernel.h) for each ARRAYRT_SPMV, row length
// and alignment, and its errors. cuSPARSE is pointed at a missing library,
// so a product that reaches it exits saying it could not be loaded.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "FakeDriverHooks.h"

#include "driver/EmbeddedKernels.h"
#include "sparse/Cusparse.h"
#include "sparse/SpmvKernel.h"

#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace {

using arrayrt::kernelsEmbedded;
using arrayrt::sparse::kSpmvKernelFewest;
using arrayrt::sparse::kSpmvKernelLongestRow;
using arrayrt::sparse::kSpmvKernelMost;
using arrayrt::sparse::kSpmvKernelSmall;

using arrayrt::test::kUseFakeDriver;

/// The kernels the fake driver launched so far.
std::string launched() {
  void *handle = dlopen(ARRAYRT_TEST_FAKE_DRIVER, RTLD_NOW | RTLD_NOLOAD);
  auto names = reinterpret_cast<const char *(*)()>(
      handle ? dlsym(handle, "fakeCudaLaunchedKernels") : nullptr);
  return names ? names() : "(no fake driver)";
}

/// A float32 CSR matrix with 32-bit indices whose rows have `lengths`
/// entries, in "device" memory (host memory, for the fake driver), as a
/// handle without a cuSPARSE descriptor: the kernel's way needs none.
struct Matrix {
  explicit Matrix(const std::vector<int> &lengths) {
    indptr.push_back(0);
    for (int length : lengths)
      indptr.push_back(indptr.back() + length);
    indices.assign(indptr.back() + 8, 0);
    values.assign(indptr.back() + 8, 1.0f);
    a.rows = static_cast<int64_t>(lengths.size());
    a.cols = 4;
    a.nnz = indptr.back();
    a.type = CUDA_R_32F;
    a.elementSize = 4;
    a.indexBits = 32;
    a.rowOffsets = indptr.data();
    a.colIndices = indices.data(); // std::vector's storage: 16-byte aligned
    a.values = values.data();
  }
  std::vector<int> indptr, indices;
  std::vector<float> values;
  arrayrt_csr a;
};

/// In a death test's child: `products` products of `m`, then the kernels
/// they launched on stderr and exit 0 (or the runtime's error and exit 1).
[[noreturn]] void runProducts(Matrix &m, const char *spmv, int products) {
  setenv("ARRAYRT_CUSPARSE_LIB", "/nonexistent/libcusparse.so.12", 1);
  if (spmv)
    setenv("ARRAYRT_SPMV", spmv, 1);
  arrayrt_cuda_available(nullptr); // loads the fake driver
  const std::string before = launched();
  float x[4] = {}, y[64] = {};
  for (int k = 0; k < products; ++k)
    arrayrt_spmv(&m.a, x, y, 1.0, 0.0, nullptr, "p.mlir:4:5");
  std::string now = launched().substr(before.size());
  if (!now.empty() && now[0] == ' ')
    now.erase(0, 1);
  std::fprintf(stderr, "launched: %s\n", now.c_str());
  std::exit(0);
}

const char *kCusparseMissing = "arrayrt: error: cuSPARSE could not be loaded";

TEST(SpmvKernelTest, ShortRowsRunTheKernelAfterMeasuringThemOnce) {
  ASSERT_TRUE(kUseFakeDriver);
  if (!kernelsEmbedded())
    GTEST_SKIP() << "arrayrt was built without nvcc: no SpMV kernel";
  // 56 entries in 4 rows: 14 per row on average, in the band.
  Matrix m({8, 0, 16, kSpmvKernelLongestRow});
  EXPECT_EXIT(runProducts(m, nullptr, 2), testing::ExitedWithCode(0),
              "^launched: arrayrt_csr_row_stats_i32 arrayrt_csr_spmv_f32_i32 "
              "arrayrt_csr_spmv_f32_i32\n$");
}

TEST(SpmvKernelTest, ALongRowGoesToCusparse) {
  if (!kernelsEmbedded())
    GTEST_SKIP() << "arrayrt was built without nvcc: no SpMV kernel";
  Matrix m({8, kSpmvKernelLongestRow + 1, 8});
  EXPECT_EXIT(runProducts(m, "auto", 1), testing::ExitedWithCode(1),
              kCusparseMissing);
}

/// Rows of `length` entries, just enough of them for more than
/// kSpmvKernelSmall entries in all.
std::vector<int> largeMatrix(int64_t length) {
  return std::vector<int>(kSpmvKernelSmall / length + 1,
                          static_cast<int>(length));
}

TEST(SpmvKernelTest, AveragesOutsideTheBandGoToCusparse) {
  Matrix few(largeMatrix(kSpmvKernelFewest - 1));
  EXPECT_EXIT(runProducts(few, nullptr, 1), testing::ExitedWithCode(1),
              kCusparseMissing);
  Matrix many(largeMatrix(kSpmvKernelMost + 1));
  EXPECT_EXIT(runProducts(many, nullptr, 1), testing::ExitedWithCode(1),
              kCusparseMissing);
  // At the band's edge (16 entries in 2 rows): measured, then the kernel.
  Matrix edge({2 * kSpmvKernelFewest, 0});
  if (kernelsEmbedded()) {
    EXPECT_EXIT(runProducts(edge, nullptr, 1), testing::ExitedWithCode(0),
                "^launched: arrayrt_csr_row_stats_i32 "
                "arrayrt_csr_spmv_f32_i32\n$");
  }
}

TEST(SpmvKernelTest, SmallMatricesRunTheKernelWhateverTheirAverage) {
  if (!kernelsEmbedded())
    GTEST_SKIP() << "arrayrt was built without nvcc: no SpMV kernel";
  // 5 and 17 entries per row, at most kSpmvKernelSmall in all: measured,
  // then the kernel.
  for (int length : {int64_t{5}, kSpmvKernelMost + 1}) {
    Matrix m(std::vector<int>(4, static_cast<int>(length)));
    EXPECT_EXIT(runProducts(m, nullptr, 1), testing::ExitedWithCode(0),
                "^launched: arrayrt_csr_row_stats_i32 "
                "arrayrt_csr_spmv_f32_i32\n$")
        << length << " per row";
  }
}

TEST(SpmvKernelTest, KernelChoiceTakesLongRowsWithoutMeasuring) {
  if (!kernelsEmbedded())
    GTEST_SKIP() << "arrayrt was built without nvcc: no SpMV kernel";
  Matrix m({3, kSpmvKernelLongestRow + 1, 2});
  EXPECT_EXIT(runProducts(m, "kernel", 1), testing::ExitedWithCode(0),
              "^launched: arrayrt_csr_spmv_f32_i32\n$");
}

TEST(SpmvKernelTest, CusparseChoiceNeverRunsTheKernel) {
  Matrix m({3, 1, 2});
  EXPECT_EXIT(runProducts(m, "cusparse", 1), testing::ExitedWithCode(1),
              kCusparseMissing);
}

TEST(SpmvKernelTest, UnalignedValuesGoToCusparse) {
  Matrix m({3, 1, 2});
  m.a.values = m.values.data() + 1; // 4 bytes past a 16-byte boundary
  EXPECT_EXIT(runProducts(m, "kernel", 1), testing::ExitedWithCode(1),
              kCusparseMissing);
}

TEST(SpmvKernelTest, DecreasingRowOffsetsAreAnError) {
  if (!kernelsEmbedded())
    GTEST_SKIP() << "arrayrt was built without nvcc: no SpMV kernel";
  Matrix m({10, 10, 10});
  m.indptr = {0, 20, 10, 30}; // row 1 ends before it starts
  m.a.rowOffsets = m.indptr.data();
  EXPECT_EXIT(runProducts(m, nullptr, 1), testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:4:5: array.spmv: indptr must be "
              "nondecreasing, but indptr\\[1\\] > indptr\\[2\\]");
}

TEST(SpmvKernelTest, GpusWithoutCodeForTheKernelUseCusparse) {
  // 14 entries per row on average: the kernel's band, had it loaded.
  Matrix m({8, 0, 16, kSpmvKernelLongestRow});
  EXPECT_EXIT(
      {
        setenv("FAKE_CUDA_NO_BINARY_FOR_GPU", "1", 1);
        runProducts(m, nullptr, 1);
      },
      testing::ExitedWithCode(1), kCusparseMissing);
}

TEST(SpmvKernelTest, UnknownChoicesAreErrors) {
  Matrix m({1});
  EXPECT_EXIT(runProducts(m, "fast", 1), testing::ExitedWithCode(1),
              "arrayrt: error: ARRAYRT_SPMV must be auto, kernel, cusparse or "
              "alg2, not 'fast'");
  EXPECT_EXIT(
      {
        setenv("ARRAYRT_SPMV_PREPROCESS", "yes", 1);
        runProducts(m, nullptr, 1);
      },
      testing::ExitedWithCode(1),
      "arrayrt: error: ARRAYRT_SPMV_PREPROCESS must be 0 or 1, not 'yes'");
}

} // namespace
