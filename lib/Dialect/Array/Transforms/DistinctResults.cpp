//===- DistinctResults.cpp - A buffer of its own for each function result -===//
//
// One-shot bufferization with function boundaries treats a call's results
// that are not equivalent to its arguments as new buffers of their own.
// A function returning one tensor (or views of it) at several positions
// breaks that: each later such result is copied here, before bufferization.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYDISTINCTRESULTS
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// The tensor `value` views: through casts, reshapes and slices, whose
/// buffers are views of their source's.
Value viewedTensor(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<tensor::CastOp, tensor::ExpandShapeOp, tensor::CollapseShapeOp,
             tensor::ReshapeOp, tensor::ExtractSliceOp>(def))
      break;
    value = def->getOperand(0);
  }
  return value;
}

/// A copy of `value` into a new tensor of its shape.
Value copyOf(OpBuilder &b, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      sizes.push_back(tensor::DimOp::create(b, loc, value, dim));
  Value empty = tensor::EmptyOp::create(b, loc, type.getShape(),
                                        type.getElementType(), sizes);
  return linalg::CopyOp::create(b, loc, value, empty).getResult(0);
}

struct ArrayDistinctResultsPass
    : array::impl::ArrayDistinctResultsBase<ArrayDistinctResultsPass> {
  void runOnOperation() override {
    getOperation().walk([](func::ReturnOp ret) {
      llvm::SmallPtrSet<Value, 4> returned;
      OpBuilder b(ret);
      for (OpOperand &operand : ret->getOpOperands()) {
        if (!isa<RankedTensorType>(operand.get().getType()))
          continue;
        if (returned.insert(viewedTensor(operand.get())).second)
          continue;
        operand.set(copyOf(b, ret.getLoc(), operand.get()));
      }
    });
  }
};

} // namespace
