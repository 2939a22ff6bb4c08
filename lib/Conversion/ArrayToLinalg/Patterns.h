//===- Patterns.h - array to linalg patterns, by op group -------*- C++ -*-===//
//
// Internal to the conversion: each op group's patterns live in their own
// file and are added by populateArrayToLinalgPatterns.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_LIB_CONVERSION_ARRAYTOLINALG_PATTERNS_H
#define ARRAYC_LIB_CONVERSION_ARRAYTOLINALG_PATTERNS_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::array {
namespace detail {

/// `file:line:col: ` of `loc` for messages that reach the user at run time,
/// or "" when it has none.
std::string formatLocation(Location loc);

/// The sizes of the dynamic dimensions of `op`'s (single, ranked tensor)
/// result, read off its operands under NumPy broadcasting, with run-time
/// checks where sizes that cannot broadcast must agree.
SmallVector<Value> materializeBroadcastSizes(OpBuilder &b, Operation *op);

/// The map from the iteration space of `resultType` to an operand's
/// elements: trailing-aligned, static size-1 dimensions that broadcast
/// pinned to 0 (a size-1 dimension of a size-1 result dimension keeps its
/// loop index, so that the map stays a plain projection, as the GPU row
/// planner reads rows).
AffineMap broadcastMap(RankedTensorType operandType,
                       RankedTensorType resultType, MLIRContext *context);

/// Applies `fn` to the elements of same-shaped tensors `inputs`, giving a
/// tensor of `resultType` elements (one all-parallel linalg.generic).
Value mapElements(OpBuilder &b, Location loc, ValueRange inputs,
                  Type resultType,
                  function_ref<Value(OpBuilder &, Location, ValueRange)> fn);

/// Replaces `op` (one ranked tensor result, written into `init`) with an
/// all-parallel linalg.generic whose element at indices `ivs` is
/// `body(ivs)`: creation ops compute elements from their indices, joins
/// gather them with tensor.extract.
void replaceWithIndexedGeneric(
    PatternRewriter &rewriter, Operation *op, Value init,
    function_ref<Value(OpBuilder &, Location, ArrayRef<Value>)> body);

} // namespace detail

void populateElementwiseToLinalgPatterns(RewritePatternSet &patterns);
void populateMatmulToLinalgPatterns(RewritePatternSet &patterns);
void populateCreationToLinalgPatterns(RewritePatternSet &patterns);
void populateReductionToLinalgPatterns(RewritePatternSet &patterns);
void populateShapeToLinalgPatterns(RewritePatternSet &patterns);
void populateSparseToLinalgPatterns(RewritePatternSet &patterns);

} // namespace mlir::array

#endif // ARRAYC_LIB_CONVERSION_ARRAYTOLINALG_PATTERNS_H
