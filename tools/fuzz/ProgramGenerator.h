//===- ProgramGenerator.h - Array programs from fuzzer bytes ----*- C++ -*-===//
//
// The pipeline fuzzers' structured mode (ARRAYC_FUZZ_STRUCTURED=1): the
// input's bytes choose a `func.func @main()` of array ops from a small
// grammar that tracks each value's shape and element type, so that most
// programs verify and reach the passes (random text rarely does). The
// choices lean towards valid programs but sometimes break a rule on
// purpose (a mismatched type, an out-of-range axis).
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_TOOLS_FUZZ_PROGRAMGENERATOR_H
#define ARRAYC_TOOLS_FUZZ_PROGRAMGENERATOR_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace arrayc::fuzz {

/// The program the bytes choose (MLIR text).
std::string generateProgram(const uint8_t *data, size_t size);

/// Whether ARRAYC_FUZZ_STRUCTURED asks for the structured mode.
bool structuredMode();

} // namespace arrayc::fuzz

#endif // ARRAYC_TOOLS_FUZZ_PROGRAMGENERATOR_H
