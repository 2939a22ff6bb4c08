//===- MemrefCopyTest.cpp - memrefCopy on strided views -------------------===//

#include "arrayrt/arrayrt.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

namespace {

/// A ranked descriptor of rank R over `data` (as MLIR lays it out).
template <int R> struct Descriptor {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[R];
  int64_t strides[R];
};

template <int R>
arrayrt_unranked_memref_t unranked(Descriptor<R> &descriptor) {
  return {R, &descriptor};
}

TEST(MemrefCopyTest, TransposedSourceIntoContiguousTarget) {
  // source: a 2x3x4 array viewed as its transpose (4x3x2).
  std::vector<float> data(24);
  std::iota(data.begin(), data.end(), 0.0f);
  std::vector<float> out(24, -1.0f);
  Descriptor<3> from{data.data(), data.data(), 0, {4, 3, 2}, {1, 4, 12}};
  Descriptor<3> to{out.data(), out.data(), 0, {4, 3, 2}, {6, 2, 1}};
  auto a = unranked(from), b = unranked(to);
  memrefCopy(sizeof(float), &a, &b);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 2; ++k)
        EXPECT_EQ(out[i * 6 + j * 2 + k], data[k * 12 + j * 4 + i]);
}

TEST(MemrefCopyTest, OffsetsNegativeAndZeroStrides) {
  // source: row 1 of a 3x4 array, reversed (offset 7, stride -1),
  // broadcast over 2 rows (stride 0); target: columns 1..4 of a 2x6 array.
  std::vector<float> data(12);
  std::iota(data.begin(), data.end(), 0.0f);
  std::vector<float> out(12, -1.0f);
  Descriptor<2> from{data.data(), data.data(), 7, {2, 4}, {0, -1}};
  Descriptor<2> to{out.data(), out.data(), 1, {2, 4}, {6, 1}};
  auto a = unranked(from), b = unranked(to);
  memrefCopy(sizeof(float), &a, &b);
  std::vector<float> expected = {-1, 7, 6, 5, 4, -1, -1, 7, 6, 5, 4, -1};
  EXPECT_EQ(out, expected);
}

TEST(MemrefCopyTest, RankZeroAndEmpty) {
  float x = 3.5f, y = 0.0f;
  Descriptor<0> from{&x, &x, 0, {}, {}}, to{&y, &y, 0, {}, {}};
  arrayrt_unranked_memref_t a{0, &from}, b{0, &to};
  memrefCopy(sizeof(float), &a, &b);
  EXPECT_EQ(y, 3.5f);
  // A view with a zero size touches nothing (null data included).
  Descriptor<2> empty{nullptr, nullptr, 0, {0, 5}, {5, 1}};
  Descriptor<2> empty2{nullptr, nullptr, 0, {0, 5}, {1, 0}};
  auto c = unranked(empty), d = unranked(empty2);
  memrefCopy(sizeof(float), &c, &d);
}

} // namespace
