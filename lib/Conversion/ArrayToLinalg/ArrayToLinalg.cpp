//===- ArrayToLinalg.cpp - Lower array ops on tensors to linalg -----------===//

#include "arrayc/Conversion/ArrayToLinalg/ArrayToLinalg.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::array {
#define GEN_PASS_DEF_CONVERTARRAYTOLINALG
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using namespace mlir::array;

/// `file:line:col: ` for messages that reach the user at run time.
static std::string formatLocation(Location loc) {
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return (fileLoc.getFilename().str() + ":" +
            std::to_string(fileLoc.getLine()) + ":" +
            std::to_string(fileLoc.getColumn()) + ": ");
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::string text = formatLocation(inner); !text.empty())
        return text;
  if (auto named = dyn_cast<NameLoc>(loc))
    return formatLocation(named.getChildLoc());
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return formatLocation(callSite.getCallee());
  return "";
}

/// Returns the sizes of the result's dynamic dimensions, read off the
/// operands, and emits run-time checks where sizes that cannot broadcast
/// (dynamic against dynamic, or dynamic against a static size) must agree.
static SmallVector<Value> materializeBroadcastSizes(OpBuilder &b,
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

/// The map from the result's iteration space to an operand's elements:
/// trailing-aligned, with static size-1 dimensions pinned to index 0.
static AffineMap broadcastMap(RankedTensorType operandType, int64_t rank,
                              MLIRContext *context) {
  SmallVector<AffineExpr> exprs;
  int64_t offset = rank - operandType.getRank();
  for (int64_t dim = 0; dim < operandType.getRank(); ++dim) {
    if (operandType.getDimSize(dim) == 1)
      exprs.push_back(getAffineConstantExpr(0, context));
    else
      exprs.push_back(getAffineDimExpr(dim + offset, context));
  }
  return AffineMap::get(rank, 0, exprs, context);
}

/// `FloatOp` or `IntOp` on `args`, by the element type.
template <typename FloatOp, typename IntOp>
static Value createArith(OpBuilder &b, Location loc, ValueRange args) {
  if (isa<FloatType>(args.front().getType()))
    return FloatOp::create(b, loc, args).getResult();
  return IntOp::create(b, loc, args).getResult();
}

/// The scalar computation of an elementwise array op.
static Value buildScalarOp(OpBuilder &b, Location loc, Operation *op,
                           ValueRange args) {
  return TypeSwitch<Operation *, Value>(op)
      .Case([&](AddOp) {
        return createArith<arith::AddFOp, arith::AddIOp>(b, loc, args);
      })
      .Case([&](SubOp) {
        return createArith<arith::SubFOp, arith::SubIOp>(b, loc, args);
      })
      .Case([&](MulOp) {
        return createArith<arith::MulFOp, arith::MulIOp>(b, loc, args);
      })
      .Case([&](DivOp) {
        return arith::DivFOp::create(b, loc, args[0], args[1]).getResult();
      })
      .Case([&](MaximumOp) {
        // arith.maximumf propagates NaN, as numpy.maximum does.
        return createArith<arith::MaximumFOp, arith::MaxSIOp>(b, loc, args);
      })
      .Case([&](NegOp) -> Value {
        Type type = args.front().getType();
        if (isa<FloatType>(type))
          return arith::NegFOp::create(b, loc, args[0]);
        Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
        return arith::SubIOp::create(b, loc, zero, args[0]);
      })
      .Case([&](ExpOp) {
        return math::ExpOp::create(b, loc, args[0]).getResult();
      });
}

namespace {

/// Lowers an elementwise array op to one `linalg.generic` over the result
/// shape, broadcasting operands through their indexing maps.
template <typename SourceOp>
struct ElementwiseToGeneric : OpRewritePattern<SourceOp> {
  using OpRewritePattern<SourceOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(SourceOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
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
                                  rank, context));
    maps.push_back(AffineMap::getMultiDimIdentityMap(rank, context));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);

    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, op->getOperands(), init, maps, iterators,
        [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
          Value result = buildScalarOp(b, nestedLoc, op.getOperation(),
                                       args.drop_back());
          linalg::YieldOp::create(b, nestedLoc, result);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

struct FullToFill : OpRewritePattern<FullOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(FullOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                         type.getElementType(),
                                         op.getDynamicSizes());
    Value value = arith::ConstantOp::create(rewriter, loc, op.getValue());
    rewriter.replaceOpWithNewOp<linalg::FillOp>(op, value, init);
    return success();
  }
};

struct ConstantToArith : OpRewritePattern<ConstantOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConstantOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, cast<TypedAttr>(op.getValue()));
    return success();
  }
};

struct ConvertArrayToLinalgPass
    : array::impl::ConvertArrayToLinalgBase<ConvertArrayToLinalgPass> {
  void runOnOperation() override {
    ConversionTarget target(getContext());
    target.addLegalDialect<arith::ArithDialect, cf::ControlFlowDialect,
                           linalg::LinalgDialect, math::MathDialect,
                           tensor::TensorDialect>();
    target.addIllegalDialect<ArrayDialect>();
    target.addLegalOp<PrintOp>();

    RewritePatternSet patterns(&getContext());
    populateArrayToLinalgPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void array::populateArrayToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<ElementwiseToGeneric<AddOp>, ElementwiseToGeneric<SubOp>,
               ElementwiseToGeneric<MulOp>, ElementwiseToGeneric<DivOp>,
               ElementwiseToGeneric<MaximumOp>, ElementwiseToGeneric<NegOp>,
               ElementwiseToGeneric<ExpOp>, FullToFill, ConstantToArith>(
      patterns.getContext());
}
