//===- ArrayToLinalg.h - array to linalg conversion -------------*- C++ -*-===//

#ifndef ARRAYC_CONVERSION_ARRAYTOLINALG_ARRAYTOLINALG_H
#define ARRAYC_CONVERSION_ARRAYTOLINALG_ARRAYTOLINALG_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace array {

#define GEN_PASS_DECL_CONVERTARRAYTOLINALG
#include "arrayc/Conversion/Passes.h.inc"

/// Adds the patterns that lower array ops on tensors to linalg.
void populateArrayToLinalgPatterns(RewritePatternSet &patterns);

} // namespace array
} // namespace mlir

#endif // ARRAYC_CONVERSION_ARRAYTOLINALG_ARRAYTOLINALG_H
