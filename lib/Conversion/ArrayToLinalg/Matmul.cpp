//===- Matmul.cpp - matmul and dot to linalg.generic ----------------------===//
//
// One linalg.generic over the result dimensions and the contracted one, with
// the operand maps from Contraction.h (batch broadcasting included). The
// CPU target lowers it to loops; the CUDA target maps it like any other
// linalg op (one thread per result element) until the cuBLAS path exists.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Array/IR/Contraction.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::array;
using namespace mlir::array::detail;

namespace {

template <typename SourceOp, bool IsDot>
struct ProductLowering : OpRewritePattern<SourceOp> {
  using OpRewritePattern<SourceOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(SourceOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value lhs = op.getLhs(), rhs = op.getRhs();
    auto lhsType = cast<RankedTensorType>(lhs.getType());
    auto rhsType = cast<RankedTensorType>(rhs.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    FailureOr<ContractionPlan> plan = planContraction(
        IsDot, lhsType, rhsType, [&] { return op.emitOpError(); });
    if (failed(plan))
      return failure();

    // The contracted sizes must agree; check where one is dynamic.
    int64_t kLhs = lhsType.getDimSize(plan->lhsContracted);
    int64_t kRhs = rhsType.getDimSize(plan->rhsContracted);
    if (ShapedType::isDynamic(kLhs) || ShapedType::isDynamic(kRhs)) {
      Value a = tensor::DimOp::create(rewriter, loc, lhs, plan->lhsContracted);
      Value b = tensor::DimOp::create(rewriter, loc, rhs, plan->rhsContracted);
      Value equal = arith::CmpIOp::create(rewriter, loc,
                                          arith::CmpIPredicate::eq, a, b);
      cf::AssertOp::create(
          rewriter, loc, equal,
          formatLocation(loc) + op->getName().getStringRef().str() +
              ": the contracted dimensions differ in size at run time");
    }

    SmallVector<Value> dynamicSizes;
    for (auto [size, source] :
         llvm::zip(plan->resultShape, plan->resultSizeSources))
      if (ShapedType::isDynamic(size))
        dynamicSizes.push_back(tensor::DimOp::create(
            rewriter, loc, source.first == 0 ? lhs : rhs, source.second));

    Type elementType = resultType.getElementType();
    auto floatType = dyn_cast<FloatType>(elementType);
    Type acc = floatType && floatType.getWidth() == 16
                   ? Type(rewriter.getF32Type())
                   : elementType;
    Value empty = tensor::EmptyOp::create(rewriter, loc, plan->resultShape,
                                          acc, dynamicSizes);
    Value zero = scalarConstant(rewriter, loc, acc, 0);
    Value init = linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);

    int64_t rank = plan->resultShape.size();
    // The result dimensions are the first `rank` loops (getMajorSubMap
    // would give a null map for a 0-d result).
    SmallVector<AffineExpr> outExprs;
    for (int64_t loop = 0; loop < rank; ++loop)
      outExprs.push_back(rewriter.getAffineDimExpr(loop));
    AffineMap outMap = AffineMap::get(plan->numLoops, 0, outExprs,
                                      rewriter.getContext());
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.push_back(utils::IteratorType::reduction);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, init.getType(), ValueRange{lhs, rhs}, init,
        ArrayRef<AffineMap>{plan->lhsMap, plan->rhsMap, outMap}, iterators,
        [&](OpBuilder &b, Location nloc, ValueRange args) {
          Value x = castScalar(b, nloc, args[0], acc);
          Value y = castScalar(b, nloc, args[1], acc);
          Value sum;
          if (isa<FloatType>(acc))
            sum = arith::AddFOp::create(
                b, nloc, args[2], arith::MulFOp::create(b, nloc, x, y));
          else if (acc.isInteger(1))
            sum = arith::OrIOp::create(b, nloc, args[2],
                                       arith::AndIOp::create(b, nloc, x, y));
          else
            sum = fromSignless(
                b, nloc,
                arith::AddIOp::create(
                    b, nloc, toSignless(b, nloc, args[2]),
                    arith::MulIOp::create(b, nloc, toSignless(b, nloc, x),
                                          toSignless(b, nloc, y))),
                acc);
          linalg::YieldOp::create(b, nloc, sum);
        });
    Value result = generic.getResult(0);
    if (acc != elementType)
      result = mapElements(rewriter, loc, result, elementType,
                           [&](OpBuilder &b, Location nloc, ValueRange args) {
                             return castScalar(b, nloc, args[0], elementType);
                           });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void array::populateMatmulToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<ProductLowering<MatmulOp, false>, ProductLowering<DotOp, true>>(
      patterns.getContext());
}
