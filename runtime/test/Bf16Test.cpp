//===- Bf16Test.cpp - The runtime's __truncsfbf2 --------------------------===//

#include <cstdint>
#include <cstring>
#include <gtest/gtest.h>
#include <limits>

#if defined(__x86_64__) || defined(__aarch64__)
extern "C" _Float16 __truncsfbf2(float value);

namespace {

/// The bfloat16 bits __truncsfbf2 returns for the float with `bits`.
uint16_t truncated(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof value);
  _Float16 result = __truncsfbf2(value);
  uint16_t out;
  std::memcpy(&out, &result, sizeof out);
  return out;
}

TEST(Bf16Test, ExactValuesKeepTheirHighHalf) {
  EXPECT_EQ(truncated(0x3f800000u), 0x3f80u); // 1
  EXPECT_EQ(truncated(0xc0400000u), 0xc040u); // -3
  EXPECT_EQ(truncated(0x80000000u), 0x8000u); // -0
  EXPECT_EQ(truncated(0x7f800000u), 0x7f80u); // inf
}

TEST(Bf16Test, RoundsToNearestEven) {
  EXPECT_EQ(truncated(0x3f807fffu), 0x3f80u); // below the half: down
  EXPECT_EQ(truncated(0x3f808001u), 0x3f81u); // above: up
  EXPECT_EQ(truncated(0x3f808000u), 0x3f80u); // a tie, to the even 0x3f80
  EXPECT_EQ(truncated(0x3f818000u), 0x3f82u); // a tie, to the even 0x3f82
  EXPECT_EQ(truncated(0x7f7fffffu), 0x7f80u); // the largest float: inf
  EXPECT_EQ(truncated(0x00000001u), 0x0000u); // the least subnormal: 0
}

TEST(Bf16Test, NaNsStayNaNsAndBecomeQuiet) {
  EXPECT_EQ(truncated(0x7fc00000u), 0x7fc0u);
  // A signalling NaN whose payload is all in the low half would round to
  // infinity without the quiet bit.
  EXPECT_EQ(truncated(0x7f800001u), 0x7fc0u);
  EXPECT_EQ(truncated(0xffffffffu), 0xffffu);
}

} // namespace
#endif
