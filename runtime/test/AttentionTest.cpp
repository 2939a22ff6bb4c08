//===- AttentionTest.cpp - arrayrt_attention without a GPU ----------------===//
//
// The mapping of planAttention onto cuDNN's [b, h, s, d] tensors (ranks 2
// to 5, k given transposed, the layout and size errors), and, against the
// fake driver (whose device memory is host memory), what arrayrt_attention
// does before it needs cuDNN: argument errors, a missing library, and the
// NaN rows of Sk = 0.
//
//===----------------------------------------------------------------------===//

#include "dnn/Attention.h"

#include "arrayrt/arrayrt.h"

#include "FakeDriverHooks.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <vector>

using namespace arrayrt::dnn;

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

std::string plan(const Array &q, const Array &k, const Array &v,
                 const Array &out, AttentionPlan &p, bool kT = false) {
  return planAttention(q.operand(), k.operand(), v.operand(), out.operand(), kT,
                       p);
}

void expectTensor(const Tensor4 &t, std::vector<int64_t> dims,
                  std::vector<int64_t> strides) {
  EXPECT_EQ(std::vector<int64_t>(t.dims, t.dims + 4), dims);
  EXPECT_EQ(std::vector<int64_t>(t.strides, t.strides + 4), strides);
}

TEST(AttentionPlan, Rank4IsBatchAndHeads) {
  AttentionPlan p;
  ASSERT_EQ(plan({{2, 4, 128, 64}}, {{2, 4, 96, 64}}, {{2, 4, 96, 32}},
                 {{2, 4, 128, 32}}, p),
            "");
  EXPECT_EQ(p.work, AttentionWork::Compute);
  EXPECT_EQ(p.b, 2);
  EXPECT_EQ(p.h, 4);
  EXPECT_EQ(p.sq, 128);
  EXPECT_EQ(p.sk, 96);
  EXPECT_EQ(p.d, 64);
  EXPECT_EQ(p.dv, 32);
  expectTensor(p.q, {2, 4, 128, 64}, {32768, 8192, 64, 1});
  // K^T: k's last two dimensions and strides swapped.
  expectTensor(p.kt, {2, 4, 64, 96}, {24576, 6144, 1, 64});
  expectTensor(p.v, {2, 4, 96, 32}, {12288, 3072, 32, 1});
  expectTensor(p.o, {2, 4, 128, 32}, {16384, 4096, 32, 1});
}

TEST(AttentionPlan, KTransposedKeepsItsStrides) {
  AttentionPlan p;
  // A transposed view of a row-major K [96, 64]: strides [1, 64].
  ASSERT_EQ(plan({{2, 4, 128, 64}}, {{2, 4, 64, 96}, {24576, 6144, 1, 64}},
                 {{2, 4, 96, 64}}, {{2, 4, 128, 64}}, p, true),
            "");
  EXPECT_EQ(p.sk, 96);
  expectTensor(p.kt, {2, 4, 64, 96}, {24576, 6144, 1, 64});
  // A packed [D, Sk] k^T: D is not contiguous, which cuDNN cannot take.
  EXPECT_EQ(plan({{2, 4, 128, 64}}, {{2, 4, 64, 96}}, {{2, 4, 96, 64}},
                 {{2, 4, 128, 64}}, p, true),
            "k [2, 4, 64, 96] (given transposed, [..., D, Sk]) with strides "
            "[24576, 6144, 96, 1] has no unit stride along D, which cuDNN's "
            "attention needs (a transposed view of a row-major [..., Sk, D] "
            "k has one)");
}

TEST(AttentionPlan, Rank3IsHeadsOfOneBatch) {
  AttentionPlan p;
  ASSERT_EQ(plan({{8, 16, 64}}, {{8, 32, 64}}, {{8, 32, 64}}, {{8, 16, 64}}, p),
            "");
  EXPECT_EQ(p.b, 1);
  EXPECT_EQ(p.h, 8);
  expectTensor(p.q, {1, 8, 16, 64}, {8192, 1024, 64, 1});
  expectTensor(p.kt, {1, 8, 64, 32}, {16384, 2048, 1, 64});
}

TEST(AttentionPlan, Rank2IsOneHead) {
  AttentionPlan p;
  ASSERT_EQ(plan({{16, 64}}, {{32, 64}}, {{32, 128}}, {{16, 128}}, p), "");
  EXPECT_EQ(p.b, 1);
  EXPECT_EQ(p.h, 1);
  expectTensor(p.q, {1, 1, 16, 64}, {1024, 1024, 64, 1});
  expectTensor(p.v, {1, 1, 32, 128}, {4096, 4096, 128, 1});
  expectTensor(p.o, {1, 1, 16, 128}, {2048, 2048, 128, 1});
}

TEST(AttentionPlan, Rank5FoldsLeadingBatchDimensions) {
  AttentionPlan p;
  ASSERT_EQ(plan({{2, 3, 4, 16, 64}}, {{2, 3, 4, 16, 64}}, {{2, 3, 4, 16, 64}},
                 {{2, 3, 4, 16, 64}}, p),
            "");
  EXPECT_EQ(p.b, 6);
  EXPECT_EQ(p.h, 4);
  expectTensor(p.q, {6, 4, 16, 64}, {4096, 1024, 64, 1});
  // Size-1 batch dimensions take any stride.
  ASSERT_EQ(plan({{1, 3, 4, 16, 64}, {7, 4096, 1024, 64, 1}},
                 {{1, 3, 4, 16, 64}}, {{1, 3, 4, 16, 64}}, {{1, 3, 4, 16, 64}},
                 p),
            "");
  expectTensor(p.q, {3, 4, 16, 64}, {4096, 1024, 64, 1});
}

TEST(AttentionPlan, Rank5BatchesThatDoNotFlattenAreAnError) {
  AttentionPlan p;
  // A [2, 3] slice of a [2, 5] batch: dimension 0's stride is 5 * 4096.
  std::string why =
      plan({{2, 3, 4, 16, 64}, {20480, 4096, 1024, 64, 1}}, {{2, 3, 4, 16, 64}},
           {{2, 3, 4, 16, 64}}, {{2, 3, 4, 16, 64}}, p);
  EXPECT_EQ(why, "the batch dimensions of q [2, 3, 4, 16, 64] (strides "
                 "[20480, 4096, 1024, 64, 1]) do not flatten to one stride "
                 "apart from the last; cuDNN takes two batch dimensions");
}

TEST(AttentionPlan, LastStrideMustBeOne) {
  AttentionPlan p;
  EXPECT_EQ(plan({{16, 64}, {1, 16}}, {{32, 64}}, {{32, 64}}, {{16, 64}}, p),
            "q [16, 64] with strides [1, 16] has no unit stride in its last "
            "dimension");
  EXPECT_EQ(plan({{16, 64}}, {{32, 64}, {1, 32}}, {{32, 64}}, {{16, 64}}, p),
            "k [32, 64] with strides [1, 32] has no unit stride in its last "
            "dimension");
  EXPECT_EQ(plan({{16, 64}}, {{32, 64}}, {{32, 64}}, {{16, 64}, {1, 16}}, p),
            "the result [16, 64] with strides [1, 16] is not row-major (its "
            "last stride is not 1)");
}

TEST(AttentionPlan, HeadDimensionsAreCudnns) {
  AttentionPlan p;
  EXPECT_EQ(plan({{16, 60}}, {{32, 60}}, {{32, 64}}, {{16, 64}}, p),
            "the head dimension D of q and k is 60; cuDNN needs a multiple of "
            "8 from 8 to 256");
  EXPECT_EQ(plan({{16, 512}}, {{32, 512}}, {{32, 64}}, {{16, 64}}, p),
            "the head dimension D of q and k is 512; cuDNN needs a multiple "
            "of 8 from 8 to 256");
  EXPECT_EQ(plan({{16, 64}}, {{32, 64}}, {{32, 12}}, {{16, 12}}, p),
            "the head dimension Dv of v and the result is 12; cuDNN needs a "
            "multiple of 8 up to 256");
  EXPECT_EQ(plan({{16, 64}}, {{32, 64}}, {{32, 264}}, {{16, 264}}, p),
            "the head dimension Dv of v and the result is 264; cuDNN needs a "
            "multiple of 8 up to 256");
}

TEST(AttentionPlan, ShapesMustAgree) {
  AttentionPlan p;
  EXPECT_EQ(plan({{2, 16, 64}}, {{3, 32, 64}}, {{2, 32, 64}}, {{2, 16, 64}}, p),
            "the batch dimensions of q [2, 16, 64], k [3, 32, 64], v "
            "[2, 32, 64] and the result [2, 16, 64] differ");
  EXPECT_EQ(plan({{16, 64}}, {{32, 64}}, {{32, 64}}, {{2, 16, 64}}, p),
            "q, k, v and the result have ranks 2, 2, 2 and 3; they need the "
            "same rank, at least 2");
  EXPECT_EQ(plan({{16, 64}}, {{32, 32}}, {{32, 64}}, {{16, 64}}, p),
            "q [16, 64] has D = 64 but k [32, 32] has 32");
  EXPECT_EQ(plan({{16, 64}}, {{32, 64}}, {{24, 64}}, {{16, 64}}, p),
            "k [32, 64] has Sk = 32 but v [24, 64] has 24 rows");
  EXPECT_EQ(plan({{16, 64}}, {{32, 64}}, {{32, 64}}, {{16, 32}}, p),
            "the result [16, 32] is not 16 x 64 (Sq x Dv)");
  EXPECT_EQ(plan({{16, 64}}, {{64, 32}}, {{24, 64}}, {{16, 64}}, p, true),
            "k [64, 32] (given transposed, [..., D, Sk]) has Sk = 32 but v "
            "[24, 64] has 24 rows");
}

TEST(AttentionPlan, EmptyProblemsNeedNoCudnn) {
  AttentionPlan p;
  // No output elements: nothing to do, whatever D is.
  ASSERT_EQ(plan({{0, 16, 3}}, {{0, 32, 3}}, {{0, 32, 64}}, {{0, 16, 64}}, p),
            "");
  EXPECT_EQ(p.work, AttentionWork::Nothing);
  ASSERT_EQ(plan({{0, 3}}, {{32, 3}}, {{32, 64}}, {{0, 64}}, p), "");
  EXPECT_EQ(p.work, AttentionWork::Nothing);
  // Sk = 0: rows of NaN.
  ASSERT_EQ(plan({{2, 16, 64}}, {{2, 0, 64}}, {{2, 0, 32}}, {{2, 16, 32}}, p),
            "");
  EXPECT_EQ(p.work, AttentionWork::FillNaN);
  expectTensor(p.o, {1, 2, 16, 32}, {1024, 512, 32, 1});
}

TEST(AttentionPlan, KeysTellProblemsApart) {
  AttentionPlan a, b;
  ASSERT_EQ(plan({{2, 4, 128, 64}}, {{2, 4, 128, 64}}, {{2, 4, 128, 64}},
                 {{2, 4, 128, 64}}, a),
            "");
  // The same sizes, q's rows padded to 128 elements.
  ASSERT_EQ(plan({{2, 4, 128, 64}, {65536, 16384, 128, 1}}, {{2, 4, 128, 64}},
                 {{2, 4, 128, 64}}, {{2, 4, 128, 64}}, b),
            "");
  AttentionKey ka, kb;
  ka.plan = a;
  kb.plan = b;
  EXPECT_TRUE(ka < kb || kb < ka);
  kb.plan = a;
  EXPECT_FALSE(ka < kb || kb < ka);
  kb.causal = true;
  EXPECT_TRUE(ka < kb || kb < ka);
}

/// A rank-2 memref descriptor of float16 data.
struct Descriptor2 {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizes[2];
  int64_t strides[2];
};

TEST(AttentionDeathTest, MissingLibraryNamesWhatWasTriedAndTheVariable) {
  ASSERT_TRUE(arrayrt::test::kUseFakeDriver);
  alignas(16) static uint16_t data[16 * 64];
  Descriptor2 m = {data, data, 0, {16, 64}, {64, 1}};
  EXPECT_EXIT(
      {
        setenv("ARRAYRT_CUDNN_LIB", "/nonexistent/libcudnn.so.9", 1);
        arrayrt_attention(2, &m, 2, &m, 2, &m, 2, &m, ARRAYRT_DTYPE_F16, 0,
                          0.125, "p.mlir:1:2", nullptr);
      },
      testing::ExitedWithCode(1),
      "arrayrt: error: p.mlir:1:2: attention: cannot load cuDNN 9 \\(tried "
      "/nonexistent/libcudnn.so.9: .*\\); install cuDNN 9 or set "
      "ARRAYRT_CUDNN_LIB to libcudnn.so.9's path");
}

TEST(AttentionDeathTest, ArgumentErrorsNameTheOp) {
  alignas(16) static uint16_t data[2 * 16 * 64];
  Descriptor2 m = {data, data, 0, {16, 64}, {64, 1}};
  Descriptor2 odd = {data, data, 1, {16, 64}, {64, 1}};
  Descriptor2 short_ = {data, data, 0, {16, 32}, {32, 1}};
  EXPECT_EXIT(arrayrt_attention(2, &m, 2, &m, 2, &m, 2, &m, ARRAYRT_DTYPE_F32,
                                0, 1.0, "p.mlir:4:8", nullptr),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:4:8: attention: cuDNN's fused attention "
              "takes float16 or bfloat16 elements, not dtype 11");
  EXPECT_EXIT(arrayrt_attention(2, &m, 2, &m, 2, &m, 2, &m, ARRAYRT_DTYPE_F16,
                                8, 1.0, nullptr, nullptr),
              testing::ExitedWithCode(1),
              "arrayrt: error: attention: unknown flags 8");
  EXPECT_EXIT(arrayrt_attention(2, &m, 2, &short_, 2, &m, 2, &m,
                                ARRAYRT_DTYPE_BF16, 0, 1.0, "p.mlir:4:8",
                                nullptr),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:4:8: attention: q \\[16, 64\\] has D = "
              "64 but k \\[16, 32\\] has 32");
  EXPECT_EXIT(arrayrt_attention(2, &odd, 2, &m, 2, &m, 2, &m, ARRAYRT_DTYPE_F16,
                                0, 1.0, "p.mlir:4:8", nullptr),
              testing::ExitedWithCode(1),
              "arrayrt: error: p.mlir:4:8: attention: q starts at 0x[0-9a-f]+, "
              "which is not 16-byte aligned as cuDNN needs");
}

TEST(AttentionTest, EmptyKeysGiveNaNRowsWithoutCudnn) {
  ASSERT_TRUE(arrayrt::test::kUseFakeDriver);
  // No cuDNN is loaded for Sk = 0: a missing one is no error.
  setenv("ARRAYRT_CUDNN_LIB", "/nonexistent/libcudnn.so.9", 1);
  alignas(16) static uint16_t q[4 * 8], k[8], out[2 * 4 * 8 + 8];
  // Rows of the result 16 elements apart: a padded [4, 8] view.
  Descriptor2 qm = {q, q, 0, {4, 8}, {8, 1}};
  Descriptor2 km = {k, k, 0, {0, 8}, {8, 1}};
  Descriptor2 om = {out, out, 0, {4, 8}, {16, 1}};
  std::fill(std::begin(out), std::end(out), 0);
  arrayrt_attention(2, &qm, 2, &km, 2, &km, 2, &om, ARRAYRT_DTYPE_BF16,
                    ARRAYRT_ATTENTION_CAUSAL, 1.0, nullptr, nullptr);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 16; ++c)
      EXPECT_EQ(out[r * 16 + c], c < 8 ? 0x7fc0 : 0) << r << ", " << c;
  unsetenv("ARRAYRT_CUDNN_LIB");
  EXPECT_EQ(cachedAttentionCount(), 0u);
}

} // namespace
