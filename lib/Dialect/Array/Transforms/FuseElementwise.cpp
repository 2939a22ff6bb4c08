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
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
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

/// Folds a splat constant of unsigned (or signed) integers that a generic
/// reads into its body, as upstream's FoldScalarOrSplatConstant does for
/// the others: arith.constant takes signless integers only, so the scalar
/// is a signless constant cast to the element type. Runs first (benefit 2),
/// so that upstream's pattern, which would build an invalid constant
/// (`arith.constant 5 : ui64`), never sees these.
struct FoldSignedSplatConstant : OpRewritePattern<linalg::GenericOp> {
  FoldSignedSplatConstant(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics())
      return failure();
    for (OpOperand *input : op.getDpsInputOperands()) {
      DenseElementsAttr splat;
      if (!matchPattern(input->get(), m_Constant(&splat)) ||
          !splat.isSplat())
        continue;
      auto type = dyn_cast<IntegerType>(splat.getElementType());
      if (!type || type.isSignless() || !boundsRemain(op, input))
        continue;
      fold(op, input->getOperandNumber(), type,
           splat.getSplatValue<APInt>(), rewriter);
      return success();
    }
    return failure();
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

  static void fold(linalg::GenericOp op, unsigned folded, IntegerType type,
                   const APInt &value, PatternRewriter &rewriter) {
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
    auto signless = rewriter.getIntegerType(type.getWidth());
    Value scalar = arith::ConstantOp::create(
        rewriter, loc, rewriter.getIntegerAttr(signless, value));
    Value cast =
        UnrealizedConversionCastOp::create(rewriter, loc, type, scalar)
            .getResult(0);
    rewriter.replaceAllUsesWith(body.getArgument(folded), cast);
    body.eraseArgument(folded);
    rewriter.replaceOp(op, fused.getResults());
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
    patterns.add<FoldSignedSplatConstant>(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, fuse);
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
