//===- BlasTest.cpp - arrayrt_matmul's planning, without a GPU ------------===//
//
// The row-major to column-major mapping of planGemm (transposes as flags,
// transposed views, broadcast batches, the one-product fold), the cache key
// and alignment, and the errors arrayrt_matmul reports before it needs
// cuBLASLt.
//
//===----------------------------------------------------------------------===//

#include "blas/Blas.h"

#include "arrayrt/arrayrt.h"

#include <gtest/gtest.h>

#include <vector>

using namespace arrayrt::blas;

namespace {

/// A row-major operand of `sizes` (strides computed), or with `strides`.
struct Array {
  std::vector<int64_t> sizes, strides;
  Array(std::vector<int64_t> s, std::vector<int64_t> st = {})
      : sizes(std::move(s)), strides(std::move(st)) {
    if (strides.empty()) {
      strides.assign(sizes.size(), 1);
      for (int64_t i = static_cast<int64_t>(sizes.size()) - 2; i >= 0; --i)
        strides[i] = strides[i + 1] * sizes[i + 1];
    }
  }
  Operand operand() const {
    return {static_cast<int64_t>(sizes.size()), sizes.data(), strides.data()};
  }
};

std::string plan(const Array &lhs, const Array &rhs, const Array &out,
                 GemmPlan &p, bool tl = false, bool tr = false) {
  return planGemm(lhs.operand(), rhs.operand(), out.operand(), tl, tr, p);
}

TEST(BlasPlan, RowMajorIsTheSwappedColumnMajorProduct) {
  GemmPlan p;
  ASSERT_EQ(plan({{64, 32}}, {{32, 16}}, {{64, 16}}, p), "");
  // D^T (16 x 64) = rhs^T (16 x 32) lhs^T (32 x 64), nothing transposed.
  EXPECT_EQ(p.m, 16);
  EXPECT_EQ(p.n, 64);
  EXPECT_EQ(p.k, 32);
  EXPECT_EQ(p.batch, 1);
  EXPECT_FALSE(p.transA);
  EXPECT_FALSE(p.transB);
  EXPECT_EQ(p.lda, 16);
  EXPECT_EQ(p.ldb, 32);
  EXPECT_EQ(p.ldd, 16);
}

TEST(BlasPlan, TransposeFlagsBecomeOperations) {
  GemmPlan p;
  // lhs holds [K, M] = [32, 64], rhs holds [N, K] = [16, 32].
  ASSERT_EQ(plan({{32, 64}}, {{16, 32}}, {{64, 16}}, p, true, true), "");
  EXPECT_EQ(p.m, 16);
  EXPECT_EQ(p.n, 64);
  EXPECT_EQ(p.k, 32);
  EXPECT_TRUE(p.transA);
  EXPECT_TRUE(p.transB);
  EXPECT_EQ(p.lda, 32);
  EXPECT_EQ(p.ldb, 64);
}

TEST(BlasPlan, ColumnMajorViewsNeedNoCopy) {
  GemmPlan p;
  // A [64, 32] view with strides [1, 64] (the transpose of a [32, 64]
  // buffer) and a padded row-major rhs (leading dimension 20).
  ASSERT_EQ(plan({{64, 32}, {1, 64}}, {{32, 16}, {20, 1}}, {{64, 16}}, p), "");
  EXPECT_TRUE(p.transB);
  EXPECT_EQ(p.ldb, 64);
  EXPECT_FALSE(p.transA);
  EXPECT_EQ(p.lda, 20);
}

TEST(BlasPlan, StridedBatches) {
  GemmPlan p;
  ASSERT_EQ(plan({{8, 64, 32}}, {{8, 32, 16}}, {{8, 64, 16}}, p), "");
  EXPECT_EQ(p.batch, 8);
  EXPECT_EQ(p.strideA, 32 * 16);
  EXPECT_EQ(p.strideB, 64 * 32);
  EXPECT_EQ(p.strideD, 64 * 16);
}

TEST(BlasPlan, BroadcastLhsHasStrideZero) {
  GemmPlan p;
  ASSERT_EQ(plan({{1, 64, 32}}, {{2, 4, 32, 16}}, {{2, 4, 64, 16}}, p), "");
  EXPECT_EQ(p.batch, 8);
  EXPECT_EQ(p.strideB, 0);
  EXPECT_EQ(p.strideA, 32 * 16);
}

TEST(BlasPlan, SharedRhsFoldsTheBatchIntoRows) {
  GemmPlan p;
  ASSERT_EQ(plan({{8, 64, 32}}, {{32, 16}}, {{8, 64, 16}}, p), "");
  EXPECT_EQ(p.batch, 1);
  EXPECT_EQ(p.n, 8 * 64);
  EXPECT_EQ(p.m, 16);
  // Not when lhs is transposed: its batches do not follow each other.
  ASSERT_EQ(plan({{8, 32, 64}}, {{32, 16}}, {{8, 64, 16}}, p, true), "");
  EXPECT_EQ(p.batch, 8);
  EXPECT_EQ(p.strideA, 0);
}

TEST(BlasPlan, EmptyMatricesTakeAnyStrides) {
  GemmPlan p;
  // [4, 0] @ [0, 2]: a dynamic inner dimension of size 0, with the strides
  // a zero-size buffer gets ([0, 1]); the product is 4 x 2 zeros.
  ASSERT_EQ(plan({{4, 0}, {0, 1}}, {{0, 2}, {2, 1}}, {{4, 2}}, p), "");
  EXPECT_EQ(p.k, 0);
  EXPECT_EQ(p.m, 2);
  EXPECT_EQ(p.n, 4);
  // [0, 3] @ [3, 2]: no rows.
  ASSERT_EQ(plan({{0, 3}, {0, 1}}, {{3, 2}}, {{0, 2}, {0, 1}}, p), "");
  EXPECT_EQ(p.n, 0);
  // A batch of products over k = 0: the empty operands' batch strides are
  // 0 (12 x 0 elements apart), which cuBLASLt would refuse; the result is
  // 12 matrices of zeros (found by random_programs.py on the H200).
  ASSERT_EQ(plan({{1, 12, 12, 0}}, {{1, 12, 0, 5}}, {{1, 12, 12, 5}}, p), "");
  EXPECT_EQ(p.k, 0);
}
TEST(BlasPlan, Errors) {
  GemmPlan p;
  EXPECT_EQ(plan({{64, 32}}, {{31, 16}}, {{64, 16}}, p),
            "the contracted dimensions differ: 32 (lhs [64, 32]) and 31 "
            "(rhs [31, 16])");
  EXPECT_EQ(plan({{64, 32}}, {{32, 16}}, {{64, 15}}, p),
            "the result [64, 15] is not 64 x 16");
  EXPECT_EQ(plan({{64, 32}, {64, 2}}, {{32, 16}}, {{64, 16}}, p),
            "lhs [64, 32] with strides [64, 2] has no unit stride in its "
            "last two dimensions");
  EXPECT_EQ(plan({{2, 1, 64, 32}}, {{1, 3, 32, 16}}, {{2, 3, 64, 16}}, p),
            "the batch dimensions of rhs [1, 3, 32, 16] broadcast only partly "
            "to the result's [2, 3, 64, 16]; cuBLASLt needs all or none");
  EXPECT_EQ(plan({{64, 32}}, {{32, 16}}, {{64, 16}, {1, 64}}, p),
            "the result [64, 16] with strides [1, 64] is not row-major");
}

TEST(BlasCache, KeyOrdersEveryField) {
  GemmKey a, b;
  EXPECT_EQ(a, b);
  b.plan.ldb = 2;
  EXPECT_TRUE(a < b || b < a);
  b = a;
  b.alignD = 16;
  EXPECT_FALSE(a == b);
  b = a;
  b.epilogue = ARRAYRT_MATMUL_GELU_BIAS;
  EXPECT_FALSE(a == b);
}

TEST(BlasCache, PointerAlignment) {
  EXPECT_EQ(pointerAlignment(0x1000), 256u);
  EXPECT_EQ(pointerAlignment(0x1010), 16u);
  EXPECT_EQ(pointerAlignment(0x1002), 2u);
  EXPECT_EQ(pointerAlignment(0x1001), 1u);
}

/// MLIR's ranked descriptor of a rank-2 buffer.
struct Descriptor2 {
  void *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
};

TEST(BlasDeathTest, ShapeErrorsNameTheLocation) {
  Descriptor2 lhs = {nullptr, nullptr, 0, {4, 3}, {3, 1}};
  Descriptor2 rhs = {nullptr, nullptr, 0, {2, 5}, {5, 1}};
  Descriptor2 out = {nullptr, nullptr, 0, {4, 5}, {5, 1}};
  EXPECT_EXIT(arrayrt_matmul(2, &lhs, 2, &rhs, 0, nullptr, 2, &out,
                             ARRAYRT_DTYPE_F32, ARRAYRT_MATMUL_DEFAULT, 0, 1.0,
                             0.0, "prog.mlir:3:8", nullptr),
              testing::ExitedWithCode(1),
              "arrayrt: error: prog.mlir:3:8: matmul: the contracted "
              "dimensions differ: 3 \\(lhs \\[4, 3\\]\\) and 2");
  EXPECT_EXIT(arrayrt_matmul(2, &lhs, 2, &rhs, 0, nullptr, 2, &out,
                             ARRAYRT_DTYPE_I32, ARRAYRT_MATMUL_DEFAULT, 0, 1.0,
                             0.0, nullptr, nullptr),
              testing::ExitedWithCode(1),
              "arrayrt: error: matmul: cuBLASLt products take float16, "
              "bfloat16, float32 or float64 elements, not dtype 3");
  EXPECT_EXIT(arrayrt_matmul(2, &lhs, 2, &rhs, 0, nullptr, 2, &out,
                             ARRAYRT_DTYPE_F32, ARRAYRT_MATMUL_RELU_BIAS, 0,
                             1.0, 0.0, nullptr, nullptr),
              testing::ExitedWithCode(1), "epilogue 4 needs a bias vector");
}

TEST(BlasDeathTest, MissingLibraryIsNamed) {
  float data[16] = {};
  Descriptor2 m = {data, data, 0, {2, 2}, {2, 1}};
  setenv("ARRAYRT_CUBLASLT_LIB", "libarrayrt-no-such-cublaslt.so", 1);
  EXPECT_EXIT(arrayrt_matmul(2, &m, 2, &m, 0, nullptr, 2, &m, ARRAYRT_DTYPE_F32,
                             ARRAYRT_MATMUL_DEFAULT, 0, 1.0, 0.0, "p.mlir:1:2",
                             nullptr),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:1:2: matmul: cannot load cuBLASLt "
              "\\(libarrayrt-no-such-cublaslt.so\\)");
  unsetenv("ARRAYRT_CUBLASLT_LIB");
}

} // namespace
