//===- BroadcastUtils.cpp - Broadcasting in linalg form -------------------===//

#include "Patterns.h"

#include "arrayc/Dialect/Array/IR/SourceLocation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

/// `file:line:col: ` for messages that reach the user at run time.
std::string array::detail::formatLocation(Location loc) {
  std::string text = formatSourceLocation(loc);
  return text.empty() ? text : text + ": ";
}

/// Returns the sizes of the result's dynamic dimensions, read off the
/// operands, and emits run-time checks where sizes that cannot broadcast
/// (dynamic against dynamic, or dynamic against a static size) must agree.
SmallVector<Value> array::detail::materializeBroadcastSizes(OpBuilder &b,
                                                           Operation *op) {
  Location loc = op->getLoc();
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  int64_t rank = resultType.getRank();
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t resultSize = resultType.getDimSize(dim);
    Value expected;
    if (!ShapedType::isDynamic(resultSize))
      expected = arith::ConstantIndexOp::create(b, loc, resultSize);
    for (Value operand : op->getOperands()) {
      auto type = cast<RankedTensorType>(operand.getType());
      int64_t operandDim = dim - (rank - type.getRank());
      if (operandDim < 0 || !type.isDynamicDim(operandDim))
        continue;
      Value size = tensor::DimOp::create(b, loc, operand, operandDim);
      if (!expected) {
        expected = size;
        continue;
      }
      Value equal = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          size, expected);
      std::string message =
          formatLocation(loc) + op->getName().getStringRef().str() +
          ": operand sizes differ at run time in dimension " +
          std::to_string(dim) +
          " (a dynamic dimension must equal the sizes it meets; it is not "
          "broadcast)";
      cf::AssertOp::create(b, loc, equal, message);
    }
    if (ShapedType::isDynamic(resultSize))
      dynamicSizes.push_back(expected);
  }
  return dynamicSizes;
}

AffineMap array::detail::broadcastMap(RankedTensorType operandType,
                                      RankedTensorType resultType,
                                      MLIRContext *context) {
  SmallVector<AffineExpr> exprs;
  int64_t rank = resultType.getRank();
  int64_t offset = rank - operandType.getRank();
  for (int64_t dim = 0; dim < operandType.getRank(); ++dim) {
    if (operandType.getDimSize(dim) == 1 &&
        resultType.getDimSize(dim + offset) != 1)
      exprs.push_back(getAffineConstantExpr(0, context));
    else
      exprs.push_back(getAffineDimExpr(dim + offset, context));
  }
  return AffineMap::get(rank, 0, exprs, context);
}

void array::detail::replaceWithIndexedGeneric(
    PatternRewriter &rewriter, Operation *op, Value init,
    function_ref<Value(OpBuilder &, Location, ArrayRef<Value>)> body) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  int64_t rank = type.getRank();
  SmallVector<AffineMap> maps = {
      AffineMap::getMultiDimIdentityMap(rank, rewriter.getContext())};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, op->getLoc(), type, ValueRange(), init, maps, iterators,
      [&](OpBuilder &b, Location nloc, ValueRange) {
        SmallVector<Value> ivs;
        for (int64_t dim = 0; dim < rank; ++dim)
          ivs.push_back(linalg::IndexOp::create(b, nloc, dim));
        linalg::YieldOp::create(b, nloc, body(b, nloc, ivs));
      });
  rewriter.replaceOp(op, generic.getResults());
}

/// Applies `fn` to the elements of same-shaped `inputs`, giving a tensor of
/// `resultType` elements.
Value array::detail::mapElements(OpBuilder &b, Location loc, ValueRange inputs,
                  Type resultType,
                  function_ref<Value(OpBuilder &, Location, ValueRange)> fn) {
  auto type = cast<RankedTensorType>(inputs.front().getType());
  int64_t rank = type.getRank();
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(tensor::DimOp::create(b, loc, inputs[0], dim));
  Value init = tensor::EmptyOp::create(b, loc, type.getShape(), resultType,
                                       dynamicSizes);
  SmallVector<AffineMap> maps(inputs.size() + 1,
                              AffineMap::getMultiDimIdentityMap(
                                  rank, b.getContext()));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, init, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        linalg::YieldOp::create(nb, nloc, fn(nb, nloc, args.drop_back()));
      });
  return generic.getResult(0);
}

