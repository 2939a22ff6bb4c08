//===- FuseElementwise.cpp - Fuse elementwise linalg ops, shared ones too -===//
//
// Upstream's elementwise fusion (linalg-fuse-elementwise-ops) fuses a
// producer only into its single user, so a value that two elementwise ops
// read (`h = x * 0.5` in both forms of GELU, say) is written to memory and
// read back. This pass uses the same patterns with a cost rule that also
// fuses such a shared producer into every elementwise user when its
// computation is short: each user recomputes it, and the producer goes
// once no user is left.
//
// The patterns are upstream's (populateElementwiseOpsFusionPatterns) but
// for two differences: splat constants of unsigned integers fold too, and
// the initial value of a reduction stays even when the body no longer reads
// it. Upstream's RemoveOutsDependency replaces it by tensor.empty; where
// the reduced extent is 0 at run time, the result is then uninitialized
// (`any` of a nonzero fill over an empty axis: `out | true` folds to `true`).
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYFUSEELEMENTWISE
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// The number of ops of `producer`'s body that `result` depends on (the
/// work a user recomputes when the result is fused into it).
int64_t recomputeCost(linalg::GenericOp producer, OpResult result) {
  auto yield = cast<linalg::YieldOp>(producer.getBlock()->getTerminator());
  SmallVector<Value> worklist = {yield.getValues()[result.getResultNumber()]};
  DenseSet<Operation *> seen;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val().getDefiningOp();
    if (!op || op->getBlock() != producer.getBlock() ||
        !seen.insert(op).second)
      continue;
    llvm::append_range(worklist, op->getOperands());
  }
  return seen.size();
}

/// Whether `op` is a linalg.generic with parallel loops only.
bool isParallelGeneric(Operation *op) {
  auto generic = dyn_cast_if_present<linalg::GenericOp>(op);
  return generic && generic.getNumReductionLoops() == 0;
}

/// True when the bodies of `producer` and `consumer` together hold more
/// than `limit` ops (counted up to the limit only).
bool exceedsBodySize(Operation *producer, Operation *consumer, int64_t limit) {
  int64_t count = 0;
  for (Operation *op : {producer, consumer})
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block) {
          (void)nested;
          if (++count > limit)
            return true;
        }
  return false;
}

/// Fuse the producer of `fused` into its user when the fused body stays
/// within `maxFused` ops and the producer has no other user (upstream's
/// rule), or the value is read only as an input of elementwise generics and
/// recomputing it costs at most `maxOps` ops.
bool shouldFuse(OpOperand *fused, int64_t maxOps, int64_t maxFused) {
  Operation *producer = fused->get().getDefiningOp();
  if (!producer ||
      exceedsBodySize(producer, fused->getOwner(), maxFused))
    return false;
  // A producer that reads its own output (the reduction of a 0-d array,
  // whose body accumulates into its init) keeps that output in the fused
  // op; where the consumer broadcasts the result, the accumulation would
  // run once per element (sum, prod, mean, var of a 0-d array added to a
  // vector gave [2, 4, 8, 16, 32]). Upstream's pattern fuses it anyway.
  if (auto generic = dyn_cast<linalg::GenericOp>(producer))
    for (OpOperand &init : generic.getDpsInitsMutable())
      if (generic.payloadUsesValueFromOperand(&init))
        return false;
  if (producer->hasOneUse())
    return true;
  auto generic = dyn_cast<linalg::GenericOp>(producer);
  if (!isParallelGeneric(generic))
    return false;
  auto result = cast<OpResult>(fused->get());
  for (OpOperand &use : result.getUses()) {
    auto user = dyn_cast<linalg::GenericOp>(use.getOwner());
    if (!isParallelGeneric(user) || !user.isDpsInput(&use))
      return false;
  }
  return recomputeCost(generic, result) <= maxOps;
}

/// Fuses the producer of an operand into the generic that reads it, where
/// linalg allows it and `shouldFuse` agrees (upstream's FuseElementwiseOps
/// with our cost rule).
struct FuseProducer : OpRewritePattern<linalg::GenericOp> {
  FuseProducer(MLIRContext *context, linalg::ControlFusionFn control)
      : OpRewritePattern(context), control(std::move(control)) {}

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    for (OpOperand &operand : op->getOpOperands()) {
      if (!linalg::areElementwiseOpsFusable(&operand) || !control(&operand))
        continue;
      FailureOr<linalg::ElementwiseOpFusionResult> fused =
          linalg::fuseElementwiseOps(rewriter, &operand);
      if (failed(fused))
        continue;
      // The consumer's users read the fused op; the producer's other users
      // keep reading the producer (each fuses it in turn, or it stays), and
      // the fused op's copies of the producer's results go unused.
      for (auto [original, replacement] : fused->replacements)
        if (original.getDefiningOp() == op)
          rewriter.replaceAllUsesWith(original, replacement);
      rewriter.eraseOp(op);
      return success();
    }
    return failure();
  }

  linalg::ControlFusionFn control;
};

/// Replaces the reads of a linalg.fill result inside a generic by the fill
/// value (upstream's FoldFillWithGenericOp).
struct FoldFillIntoGeneric : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics())
      return failure();
    bool folded = false;
    Block &body = op.getRegion().front();
    for (OpOperand *input : op.getDpsInputOperands()) {
      auto fill = input->get().getDefiningOp<linalg::FillOp>();
      if (!fill || !op.payloadUsesValueFromOperand(input))
        continue;
      Value value = fill.value();
      Type element = getElementTypeOrSelf(fill.result().getType());
      if (value.getType() != element) {
        // linalg.fill converts its value as a signless cast does.
        if (!element.isSignlessIntOrFloat() ||
            !value.getType().isSignlessIntOrFloat())
          continue;
        value = convertScalarToDtype(rewriter, fill.getLoc(), value, element,
                                     /*isUnsignedCast=*/false);
      }
      rewriter.replaceAllUsesWith(body.getArgument(input->getOperandNumber()),
                                  value);
      folded = true;
    }
    return success(folded);
  }
};

/// Folds a splat constant (or scalar constant) that a generic reads into
/// its body (upstream's FoldScalarOrSplatConstant, which would build
/// `arith.constant 5 : ui64`: arith.constant takes signless integers
/// only, so an unsigned or signed scalar here is a signless constant cast
/// to the element type).
struct FoldSplatConstant : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics())
      return failure();
    for (OpOperand *input : op.getDpsInputOperands()) {
      TypedAttr scalar = splatValue(input->get());
      if (!scalar || !boundsRemain(op, input))
        continue;
      fold(op, input->getOperandNumber(), scalar, rewriter);
      return success();
    }
    return failure();
  }

  /// The scalar of a splat or scalar constant of integers or floats.
  static TypedAttr splatValue(Value value) {
    DenseElementsAttr splat;
    if (matchPattern(value, m_Constant(&splat)) && splat.isSplat() &&
        splat.getElementType().isIntOrFloat())
      return splat.getSplatValue<TypedAttr>();
    Attribute attr;
    if (matchPattern(value, m_Constant(&attr)) &&
        isa<IntegerAttr, FloatAttr>(attr))
      return cast<TypedAttr>(attr);
    return {};
  }

  /// Whether the loops' bounds still follow from the other operands
  /// without `folded` (a reduction of a constant to a 0-d result reads
  /// its sizes only from the constant).
  static bool boundsRemain(linalg::GenericOp op, OpOperand *folded) {
    SmallVector<AffineMap> maps;
    for (OpOperand &operand : op->getOpOperands())
      if (&operand != folded)
        maps.push_back(op.getMatchingIndexingMap(&operand));
    return static_cast<bool>(
        inversePermutation(concatAffineMaps(maps, op.getContext())));
  }

  static Value materialize(PatternRewriter &rewriter, Location loc,
                           TypedAttr scalar) {
    auto type = dyn_cast<IntegerType>(scalar.getType());
    if (!type || type.isSignless())
      return arith::ConstantOp::create(rewriter, loc, scalar);
    Value signless = arith::ConstantOp::create(
        rewriter, loc,
        rewriter.getIntegerAttr(rewriter.getIntegerType(type.getWidth()),
                                cast<IntegerAttr>(scalar).getValue()));
    return UnrealizedConversionCastOp::create(rewriter, loc, type, signless)
        .getResult(0);
  }

  static void fold(linalg::GenericOp op, unsigned folded, TypedAttr scalar,
                   PatternRewriter &rewriter) {
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (OpOperand *input : op.getDpsInputOperands())
      if (input->getOperandNumber() != folded) {
        inputs.push_back(input->get());
        maps.push_back(op.getMatchingIndexingMap(input));
      }
    for (OpOperand &init : op.getDpsInitsMutable())
      maps.push_back(op.getMatchingIndexingMap(&init));
    Location loc = op.getLoc();
    auto fused = linalg::GenericOp::create(
        rewriter, loc, op.getResultTypes(), inputs, op.getOutputs(), maps,
        op.getIteratorTypesArray());
    fused->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.inlineRegionBefore(op.getRegion(), fused.getRegion(),
                                fused.getRegion().begin());
    Block &body = fused.getRegion().front();
    rewriter.setInsertionPointToStart(&body);
    rewriter.replaceAllUsesWith(body.getArgument(folded),
                                materialize(rewriter, loc, scalar));
    body.eraseArgument(folded);
    rewriter.replaceOp(op, fused.getResults());
  }
};

/// Replaces an init that the body does not read by tensor.empty, so that
/// its producer can go (upstream's RemoveOutsDependency), in generics with
/// parallel loops only: a reduction's init is its result where the reduced
/// extent is 0, read or not.
struct DropUnreadInit : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() != 0)
      return failure();
    bool dropped = false;
    rewriter.startOpModification(op);
    for (OpOperand &init : op.getDpsInitsMutable()) {
      auto type = dyn_cast<RankedTensorType>(init.get().getType());
      if (!type || type.getEncoding() ||
          init.get().getDefiningOp<tensor::EmptyOp>() ||
          op.payloadUsesValueFromOperand(&init))
        continue;
      rewriter.setInsertionPoint(op);
      init.set(tensor::EmptyOp::create(
          rewriter, op.getLoc(),
          tensor::getMixedSizes(rewriter, op.getLoc(), init.get()),
          type.getElementType()));
      dropped = true;
    }
    if (!dropped) {
      rewriter.cancelOpModification(op);
      return failure();
    }
    rewriter.finalizeOpModification(op);
    return success();
  }
};

struct ArrayFuseElementwisePass
    : array::impl::ArrayFuseElementwiseBase<ArrayFuseElementwisePass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    int64_t maxOps = maxRecomputeOps, maxFused = maxFusedOps;
    linalg::ControlFusionFn fuse = [maxOps, maxFused](OpOperand *fused) {
      return shouldFuse(fused, maxOps, maxFused);
    };
    // Everything else as upstream's pass has it (one user only).
    linalg::ControlFusionFn singleUse = [](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      return producer && producer->hasOneUse();
    };
    patterns.add<FuseProducer>(context, fuse);
    patterns.add<FoldFillIntoGeneric, FoldSplatConstant, DropUnreadInit>(
        context);
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, singleUse);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, singleUse);
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};

} // namespace
