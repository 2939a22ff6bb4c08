//===- ArrayToRuntime.h - array to arrayrt calls ----------------*- C++ -*-===//

#ifndef ARRAYC_CONVERSION_ARRAYTORUNTIME_ARRAYTORUNTIME_H
#define ARRAYC_CONVERSION_ARRAYTORUNTIME_ARRAYTORUNTIME_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace array {

#define GEN_PASS_DECL_CONVERTARRAYTORUNTIME
#define GEN_PASS_DECL_ARRAYCHECKALLOCATIONS
#include "arrayc/Conversion/Passes.h.inc"

/// Adds the patterns that lower array ops on buffers to arrayrt calls.
void populateArrayToRuntimePatterns(RewritePatternSet &patterns);

} // namespace array
} // namespace mlir

#endif // ARRAYC_CONVERSION_ARRAYTORUNTIME_ARRAYTORUNTIME_H
