//===- SourceChecks.h - Checks of program text before parsing --*- C++ -*-===//
//
// MLIR 22's parser crashes on some inputs and reports others unclearly.
// These checks run over the text before it does, and report at the exact
// place, as the parser's own errors are:
//
// - nesting of brackets ({ ( [ <) deeper than a limit: the recursive
//   parser, verifier and passes overflow the stack (nested regions crash
//   the parser between 3,000 and 6,000 levels on an 8 MiB stack);
// - `array<index: ...>`: dense arrays of index elements crash the parser;
// - a negative size in a shaped type (`tensor<-1xf32>`), which the parser
//   reports as "expected non-function type".
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_SUPPORT_SOURCECHECKS_H
#define ARRAYC_SUPPORT_SOURCECHECKS_H

#include "mlir/Support/LLVM.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;

namespace array {

/// The deepest bracket nesting arrayc accepts.
constexpr unsigned kMaxNestingDepth = 1000;

/// Checks the text of `sourceMgr`'s buffer `bufferId`; reports the first
/// problem as an error at its location in `context` and fails.
LogicalResult checkSourceText(const llvm::SourceMgr &sourceMgr,
                              unsigned bufferId, MLIRContext *context,
                              unsigned maxDepth = kMaxNestingDepth);

} // namespace array
} // namespace mlir

#endif // ARRAYC_SUPPORT_SOURCECHECKS_H
