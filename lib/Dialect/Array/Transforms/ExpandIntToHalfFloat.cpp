//===- ExpandIntToHalfFloat.cpp - integers to 16-bit floats via f32 -------===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYEXPANDINTTOHALFFLOAT
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// `arith.sitofp`/`arith.uitofp` to f16 or bf16 (scalar or vector): to f32,
/// then `arith.truncf`.
template <typename ConvertOp>
struct ThroughFloat32 : OpRewritePattern<ConvertOp> {
  using OpRewritePattern<ConvertOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    Type element = getElementTypeOrSelf(type);
    if (!element.isF16() && !element.isBF16())
      return failure();
    Type f32 = rewriter.getF32Type();
    Type wide = f32;
    if (auto shaped = dyn_cast<ShapedType>(type))
      wide = shaped.clone(f32);
    Value value = ConvertOp::create(rewriter, op.getLoc(), wide, op.getIn());
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, type, value);
    return success();
  }
};

struct ArrayExpandIntToHalfFloatPass
    : array::impl::ArrayExpandIntToHalfFloatBase<
          ArrayExpandIntToHalfFloatPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ThroughFloat32<arith::SIToFPOp>, ThroughFloat32<arith::UIToFPOp>>(
        &getContext());
    // Only the matched ops change; nothing to fold afterwards.
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    config.enableFolding(false);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};

} // namespace
