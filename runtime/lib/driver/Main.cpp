//===- Main.cpp - The C main of programs compiled by arrayc ---------------===//
//
// The only member of libarrayrt_main.a, which arrayc links into every
// executable. It is kept out of libarrayrt.a so that programs with their own
// main (the unit tests with gtest_main, arrayrt-device-info) can link the
// runtime.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

/// The signature table and packed entry point of the program's
/// func.func @main, which arrayc emits (arrayrt/abi.h).
extern "C" const arrayrt_abi_function_t arrayc_program;

int main(int argc, char **argv) {
  return arrayrt_run_main(&arrayc_program, argc, argv);
}
