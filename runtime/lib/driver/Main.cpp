//===- Main.cpp - The C main of programs compiled by arrayc ---------------===//
//
// The only member of libarrayrt_main.a, which arrayc links into every
// executable. It is kept out of libarrayrt.a so that programs with their own
// main (the unit tests with gtest_main, arrayrt-device-info) can link the
// runtime.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

/// The program's func.func @main(), renamed by arrayc.
extern "C" void arrayc_program_main(void);

int main(int argc, char **argv) {
  return arrayrt_run_program(arrayc_program_main, argc, argv);
}
