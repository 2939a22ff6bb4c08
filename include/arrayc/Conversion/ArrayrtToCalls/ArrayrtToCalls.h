//===- ArrayrtToCalls.h - arrayrt ops to runtime calls ----------*- C++ -*-===//

#ifndef ARRAYC_CONVERSION_ARRAYRTTOCALLS_ARRAYRTTOCALLS_H
#define ARRAYC_CONVERSION_ARRAYRTTOCALLS_ARRAYRTTOCALLS_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace array {

#define GEN_PASS_DECL_CONVERTARRAYRTTOCALLS
#define GEN_PASS_DECL_ARRAYCHECKALLOCATIONS
#define GEN_PASS_DECL_ARRAYLOOPSTACK
#define GEN_PASS_DECL_ARRAYGRAPHREGIONS
#define GEN_PASS_DECL_ARRAYGRAPHWHILE
#include "arrayc/Conversion/Passes.h.inc"

} // namespace array

namespace arrayrt {
/// Adds the patterns that lower arrayrt ops on buffers (and cf.assert) to
/// calls of the runtime.
void populateArrayrtToCallsPatterns(RewritePatternSet &patterns);
} // namespace arrayrt
} // namespace mlir

#endif // ARRAYC_CONVERSION_ARRAYRTTOCALLS_ARRAYRTTOCALLS_H
