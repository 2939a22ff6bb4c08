//===- PrintTest.cpp - arrayrt_print_* against NumPy's output -------------===//
//
// The golden strings in PrintGolden.inc come from NumPy itself
// (gen_print_golden.py); each case rebuilds the same strided view here.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"
#include "io/Format.h"

#include <gtest/gtest.h>

#include <cstring>
#include <ostream>
#include <string>
#include <vector>

namespace {

using arrayrt::Dtype;

struct PrintCase {
  const char *name;
  Dtype dtype;
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;
  int64_t offset;
  std::vector<uint64_t> bits; // One per element of the underlying buffer.
  const char *expected;
};

// Names the case in test output instead of dumping its bytes.
void PrintTo(const PrintCase &c, std::ostream *os) { *os << c.name; }

const std::vector<PrintCase> &goldenCases() {
  static const std::vector<PrintCase> cases = {
#include "PrintGolden.inc"
  };
  return cases;
}

/// A buffer and an MLIR memref descriptor viewing it.
struct Memref {
  std::vector<unsigned char> data;
  std::vector<int64_t> descriptor;
};

Memref makeMemref(const PrintCase &c) {
  Memref m;
  size_t size = arrayrt::elementSize(c.dtype);
  m.data.resize(c.bits.size() * size);
  for (size_t i = 0; i < c.bits.size(); ++i)
    std::memcpy(&m.data[i * size], &c.bits[i], size); // Little endian.
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(m.data.data()));
  m.descriptor = {base, base, c.offset};
  m.descriptor.insert(m.descriptor.end(), c.sizes.begin(), c.sizes.end());
  m.descriptor.insert(m.descriptor.end(), c.strides.begin(), c.strides.end());
  return m;
}

class GoldenPrintTest : public testing::TestWithParam<PrintCase> {};

TEST_P(GoldenPrintTest, MatchesNumPy) {
  const PrintCase &c = GetParam();
  Memref m = makeMemref(c);
  EXPECT_EQ(arrayrt::formatMemref(c.dtype, c.sizes.size(), m.descriptor.data()),
            c.expected);
}

INSTANTIATE_TEST_SUITE_P(NumPy, GoldenPrintTest,
                         testing::ValuesIn(goldenCases()),
                         [](const testing::TestParamInfo<PrintCase> &info) {
                           return std::string(info.param.name);
                         });

TEST(PrintTest, EmptyArrayPrintsBrackets) {
  std::vector<double> data(1);
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(data.data()));
  int64_t descriptor[] = {base, base, 0, /*sizes=*/2, 0, /*strides=*/0, 1};
  EXPECT_EQ(arrayrt::formatMemref(Dtype::F64, 2, descriptor), "[]");
}

TEST(PrintTest, PrintsLineAndFlushes) {
  int32_t data[] = {1, -2, 3};
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(data));
  int64_t descriptor[] = {base, base, 0, /*sizes=*/3, /*strides=*/1};
  testing::internal::CaptureStdout();
  arrayrt_print_i32(1, descriptor);
  arrayrt_print_i32(0, descriptor);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "[ 1 -2  3]\n1\n");
}

} // namespace
