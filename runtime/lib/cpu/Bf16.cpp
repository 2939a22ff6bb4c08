//===- Bf16.cpp - float to bfloat16, for code LLVM compiles for the CPU ---===//
//
// LLVM's x86-64 and AArch64 backends compute bf16 arithmetic in float and
// round each result back with a call to compiler-rt's __truncsfbf2, which
// libgcc (what arrayc links) lacks. Programs link libarrayrt.a first, so
// this definition serves them: round to nearest even, NaN kept quiet, as
// compiler-rt does. bf16 travels in the low 16 bits of a vector register,
// as _Float16 does; _Float16 is the type GCC 12 can return that way.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstring>

#if defined(__x86_64__) || defined(__aarch64__)
extern "C" _Float16 __truncsfbf2(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  const bool nan = (bits & 0x7fffffffu) > 0x7f800000u;
  const uint32_t even = bits + 0x7fffu + ((bits >> 16) & 1u);
  const auto rounded =
      static_cast<uint16_t>(nan ? (bits >> 16) | 0x40u : even >> 16);
  _Float16 result;
  std::memcpy(&result, &rounded, sizeof result);
  return result;
}
#endif
