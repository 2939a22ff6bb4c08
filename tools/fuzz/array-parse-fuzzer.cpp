//===- array-parse-fuzzer.cpp - Parse, verify, print and parse again ------===//
//
// The input is MLIR text, parsed and verified as array-opt does. It must
// never crash (a diagnostic is fine). What parses is printed, and the
// printed form must parse and verify again and print the same: the array
// dialect's parsers, printers and verifiers must agree.
//
//===----------------------------------------------------------------------===//

#include "FuzzTarget.h"

#include "llvm/Support/raw_ostream.h"

using namespace arrayc::fuzz;

static std::string print(mlir::ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string program;
  llvm::StringRef input = inputProgram(data, size, program);
  if (input.empty())
    return 0;
  FuzzContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module = context.parse(input);
  if (!module)
    return 0;
  std::string printed = print(*module);
  context.clearErrors();
  mlir::OwningOpRef<mlir::ModuleOp> again = context.parse(printed);
  if (!again) {
    context.bug("the printed module does not parse and verify again", input,
                "==== printed:\n" + printed);
    return 0;
  }
  std::string reprinted = print(*again);
  if (reprinted != printed)
    context.bug("printing the parsed print differs", input,
                "==== printed:\n" + printed + "\n==== and then:\n" +
                    reprinted);
  return 0;
}
