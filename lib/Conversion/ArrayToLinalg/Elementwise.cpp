//===- Elementwise.cpp - Elementwise array ops to linalg.generic ----------===//

#include "Patterns.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::array;
using namespace mlir::array::detail;

namespace {

/// Lowers any elementwise array op to one `linalg.generic` over the result
/// shape: operands broadcast through their indexing maps, the body is the
/// op's own scalar computation (ElementwiseOpInterface::buildScalar).
struct ElementwiseToGeneric
    : OpInterfaceRewritePattern<ElementwiseOpInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(ElementwiseOpInterface op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    int64_t rank = resultType.getRank();
    MLIRContext *context = op.getContext();

    SmallVector<Value> dynamicSizes =
        materializeBroadcastSizes(rewriter, op.getOperation());
    Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                         resultType.getElementType(),
                                         dynamicSizes);

    SmallVector<AffineMap> maps;
    for (Value operand : op->getOperands())
      maps.push_back(broadcastMap(cast<RankedTensorType>(operand.getType()),
                                  resultType, context));
    maps.push_back(AffineMap::getMultiDimIdentityMap(rank, context));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);

    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, op->getOperands(), init, maps, iterators,
        [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
          Value result = op.buildScalar(b, nestedLoc, args.drop_back(),
                                        resultType.getElementType());
          linalg::YieldOp::create(b, nestedLoc, result);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void array::populateElementwiseToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<ElementwiseToGeneric>(patterns.getContext());
}
