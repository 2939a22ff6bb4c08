//===- ReductionOps.cpp - array reductions and scans ----------------------===//

#include "arrayc/Dialect/Array/IR/ArrayOps.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::array;

/// Normalizes `axes` of an operand of `rank` (negative axes count from the
/// end), reporting out-of-range and repeated axes.
static FailureOr<SmallVector<int64_t>>
normalizeAxes(Operation *op, std::optional<ArrayRef<int64_t>> axes,
              int64_t rank) {
  SmallVector<int64_t> dims;
  if (!axes) {
    for (int64_t dim = 0; dim < rank; ++dim)
      dims.push_back(dim);
    return dims;
  }
  for (int64_t axis : *axes) {
    if (axis < -rank || axis >= rank)
      return op->emitOpError("axis ")
             << axis << " is out of range for an operand of rank " << rank;
    int64_t dim = axis < 0 ? axis + rank : axis;
    if (llvm::is_contained(dims, dim))
      return op->emitOpError("axis ") << axis << " is repeated";
    dims.push_back(dim);
  }
  llvm::sort(dims);
  return dims;
}

/// The shape left after reducing `dims` of `shape`.
static SmallVector<int64_t> reducedShape(ArrayRef<int64_t> shape,
                                         ArrayRef<int64_t> dims,
                                         bool keepdims) {
  SmallVector<int64_t> result;
  for (auto [dim, size] : llvm::enumerate(shape)) {
    if (!llvm::is_contained(dims, static_cast<int64_t>(dim)))
      result.push_back(size);
    else if (keepdims)
      result.push_back(1);
  }
  return result;
}

/// Checks a reduction's result shape and element type.
static LogicalResult verifyReductionResult(Operation *op,
                                           ArrayRef<int64_t> dims,
                                           bool keepdims, Type expected) {
  auto operandType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  SmallVector<int64_t> shape =
      reducedShape(operandType.getShape(), dims, keepdims);
  if (ArrayRef<int64_t>(shape) != resultType.getShape())
    return op->emitOpError("result shape ")
           << formatShape(resultType.getShape()) << " should be "
           << formatShape(shape) << " (operand shape "
           << formatShape(operandType.getShape()) << " reduced over "
           << formatShape(dims) << (keepdims ? " with keepdims)" : ")");
  if (resultType.getElementType() != expected)
    return op->emitOpError("result element type ")
           << resultType.getElementType() << " should be " << expected << " ("
           << numpyName(expected) << ") for an operand of "
           << numpyName(operandType.getElementType());
  return success();
}

/// The result element type a reduction op gives for `elementType`.
static Type reductionResultType(Operation *op, Type elementType) {
  if (isa<SumOp, ProdOp>(op))
    return sumResultType(elementType);
  if (isa<MeanOp, VarOp, StdOp>(op))
    return meanResultType(elementType);
  if (isa<AnyOp, AllOp>(op))
    return IntegerType::get(op->getContext(), 1);
  if (isa<LogSumExpOp>(op))
    return floatResultType(elementType);
  return elementType;
}

#define ARRAY_REDUCTION_OP_METHODS(Op)                                         \
  SmallVector<int64_t> Op::getReducedDims() {                                  \
    return *normalizeAxes(getOperation(), getAxes(),                           \
                          getOperand().getType().getRank());                   \
  }                                                                            \
  LogicalResult Op::verify() {                                                 \
    FailureOr<SmallVector<int64_t>> dims = normalizeAxes(                      \
        getOperation(), getAxes(), getOperand().getType().getRank());          \
    if (failed(dims))                                                          \
      return failure();                                                        \
    return verifyReductionResult(                                              \
        getOperation(), *dims, getKeepdims(),                                  \
        reductionResultType(getOperation(),                                    \
                            getOperand().getType().getElementType()));         \
  }

ARRAY_REDUCTION_OP_METHODS(SumOp)
ARRAY_REDUCTION_OP_METHODS(ProdOp)
ARRAY_REDUCTION_OP_METHODS(MaxOp)
ARRAY_REDUCTION_OP_METHODS(MinOp)
ARRAY_REDUCTION_OP_METHODS(MeanOp)
ARRAY_REDUCTION_OP_METHODS(VarOp)
ARRAY_REDUCTION_OP_METHODS(StdOp)
ARRAY_REDUCTION_OP_METHODS(AnyOp)
ARRAY_REDUCTION_OP_METHODS(AllOp)
ARRAY_REDUCTION_OP_METHODS(LogSumExpOp)

#undef ARRAY_REDUCTION_OP_METHODS

/// argmax/argmin: one axis (or the flattened array), int64 indices.
static LogicalResult verifyArgReduction(Operation *op,
                                        std::optional<int64_t> axis,
                                        bool keepdims) {
  auto operandType = cast<RankedTensorType>(op->getOperand(0).getType());
  std::optional<SmallVector<int64_t>> axes;
  if (axis)
    axes = SmallVector<int64_t>{*axis};
  FailureOr<SmallVector<int64_t>> dims = normalizeAxes(
      op, axes ? std::optional<ArrayRef<int64_t>>(*axes) : std::nullopt,
      operandType.getRank());
  if (failed(dims))
    return failure();
  return verifyReductionResult(op, *dims, keepdims,
                               IntegerType::get(op->getContext(), 64));
}

LogicalResult ArgMaxOp::verify() {
  return verifyArgReduction(getOperation(), getAxis(), getKeepdims());
}

LogicalResult ArgMinOp::verify() {
  return verifyArgReduction(getOperation(), getAxis(), getKeepdims());
}

/// cumsum/cumprod: a valid axis, the operand's shape, sum's result type.
static LogicalResult verifyScan(Operation *op, int64_t axis) {
  auto operandType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  int64_t rank = operandType.getRank();
  if (axis < -rank || axis >= rank)
    return op->emitOpError("axis ")
           << axis << " is out of range for an operand of rank " << rank;
  if (resultType.getShape() != operandType.getShape())
    return op->emitOpError("result shape ")
           << formatShape(resultType.getShape())
           << " should be the operand shape "
           << formatShape(operandType.getShape());
  Type expected = sumResultType(operandType.getElementType());
  if (resultType.getElementType() != expected)
    return op->emitOpError("result element type ")
           << resultType.getElementType() << " should be " << expected << " ("
           << numpyName(expected) << ") for an operand of "
           << numpyName(operandType.getElementType());
  return success();
}

LogicalResult CumSumOp::verify() { return verifyScan(getOperation(), getAxis()); }

LogicalResult CumProdOp::verify() {
  return verifyScan(getOperation(), getAxis());
}

//===----------------------------------------------------------------------===//
// array.reduce
//===----------------------------------------------------------------------===//

SmallVector<int64_t> ReduceOp::getReducedDims() {
  return *normalizeAxes(getOperation(), getAxes(),
                        getOperand().getType().getRank());
}

LogicalResult ReduceOp::verifyRegions() {
  // The regions compute on signless integers: an unsigned element arrives
  // as the signless integer of its width.
  Type element = signlessType(getOperand().getType().getElementType());
  Type acc = getIdentity().getType();
  FailureOr<SmallVector<int64_t>> dims =
      normalizeAxes(getOperation(), getAxes(), getOperand().getType().getRank());
  if (failed(dims))
    return failure();
  if (failed(detail::verifyScalarRegion(*this, getMap(), "map", {element})) ||
      failed(detail::verifyScalarRegion(*this, getCombine(), "combine",
                                        {acc, acc})))
    return failure();
  auto yieldType = [](Region &region) {
    return cast<YieldOp>(region.front().getTerminator()).getValue().getType();
  };
  if (yieldType(getMap()) != acc)
    return emitOpError("the map region yields ")
           << yieldType(getMap()) << " but the accumulator (identity) type is "
           << acc;
  if (yieldType(getCombine()) != acc)
    return emitOpError("the combine region yields ")
           << yieldType(getCombine())
           << " but the accumulator (identity) type is " << acc;
  Type result = acc;
  if (!getPost().empty()) {
    if (failed(detail::verifyScalarRegion(*this, getPost(), "post", {acc})))
      return failure();
    result = yieldType(getPost());
  }
  result = regionResultType(result, getType().getElementType());
  return verifyReductionResult(getOperation(), *dims, getKeepdims(), result);
}
