//===- Broadcast.h - NumPy broadcasting rules -------------------*- C++ -*-===//
//
// The one place that defines how array operand shapes broadcast. Verifiers
// and lowerings both use it, so they cannot disagree.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_BROADCAST_H
#define ARRAYC_DIALECT_ARRAY_IR_BROADCAST_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace mlir::array {

/// Formats a shape as NumPy does, with `?` for dynamic sizes: `[4, ?, 3]`.
std::string formatShape(ArrayRef<int64_t> shape);

/// Computes the NumPy broadcast of `shapes`, aligned at their trailing
/// dimension. A dimension of static size 1 stretches; a dynamic dimension
/// never stretches and, when it meets a static size N > 1, takes N (equality
/// is then checked at run time). On failure, returns std::nullopt and, when
/// `error` is given, sets it to a message naming the shapes and the first
/// result dimension where they disagree. (A string, not a diagnostic: an
/// InFlightDiagnostic prints its op, which costs as much as printing the
/// whole function, and verifiers call this for every valid op too.)
std::optional<SmallVector<int64_t>>
broadcastShapes(ArrayRef<ArrayRef<int64_t>> shapes,
                std::string *error = nullptr);

/// Verifies an elementwise op (ElementwiseOpInterface): its ranked-tensor
/// operands broadcast to its result shape, and its result element type is
/// the one the op's type rule gives.
LogicalResult verifyElementwiseOp(Operation *op);

} // namespace mlir::array

#endif // ARRAYC_DIALECT_ARRAY_IR_BROADCAST_H
