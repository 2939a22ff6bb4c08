//===- Contraction.h - matmul and dot shape rules ---------------*- C++ -*-===//
//
// NumPy's matmul and dot rules in one place: the result shape, and the
// iteration space the lowering builds (outer dimensions, then the
// contracted one) with each operand's map into it. The verifiers and the
// lowering both use it.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_CONTRACTION_H
#define ARRAYC_DIALECT_ARRAY_IR_CONTRACTION_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

namespace mlir::array {

struct ContractionPlan {
  /// The result shape (dynamic where a source dimension is).
  SmallVector<int64_t> resultShape;
  /// Loops: one per result dimension, in order, then the contracted one.
  int64_t numLoops = 0;
  /// The operands' maps from the loops to their elements.
  AffineMap lhsMap, rhsMap;
  /// The contracted dimension of each operand.
  int64_t lhsContracted = 0, rhsContracted = 0;
  /// For each result dimension, the operand (0: lhs, 1: rhs) and dimension
  /// its size is read from.
  SmallVector<std::pair<unsigned, int64_t>> resultSizeSources;
};

/// Plans `lhs @ rhs` (matmul rules, `isDot` false) or `dot(lhs, rhs)`.
/// Fails, reporting through `emitError`, on ranks or sizes that do not fit.
FailureOr<ContractionPlan>
planContraction(bool isDot, RankedTensorType lhs, RankedTensorType rhs,
                function_ref<InFlightDiagnostic()> emitError);

} // namespace mlir::array

#endif // ARRAYC_DIALECT_ARRAY_IR_CONTRACTION_H
