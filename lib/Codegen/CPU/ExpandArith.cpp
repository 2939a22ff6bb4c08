//===- ExpandArith.cpp - arith ops the x86 code generator lacks -----------===//

#include "arrayc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYCPUEXPANDARITH
#include "arrayc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

bool leftToLlvm(Type type) {
  Type element = getElementTypeOrSelf(type);
  return element.isF32() || element.isF64();
}

/// maximumf/minimumf (NaN if either operand is) and maxnumf/minnumf (the
/// other operand if one is NaN) of float16 and bfloat16 as a compare and
/// selects.
template <typename OpTy, arith::CmpFPredicate Greater, bool PropagateNaN>
struct ExpandMinMax : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (leftToLlvm(op.getType()))
      return failure();
    Location loc = op.getLoc();
    Value lhs = op.getLhs(), rhs = op.getRhs();
    Value pick = arith::CmpFOp::create(rewriter, loc, Greater, lhs, rhs);
    Value chosen = arith::SelectOp::create(rewriter, loc, pick, lhs, rhs);
    if (PropagateNaN) {
      // An unordered compare picked lhs when either was NaN; rhs NaN too.
      Value rhsNaN = arith::CmpFOp::create(rewriter, loc,
                                           arith::CmpFPredicate::UNO, rhs, rhs);
      rewriter.replaceOpWithNewOp<arith::SelectOp>(op, rhsNaN, rhs, chosen);
      return success();
    }
    // An ordered compare picked rhs when either was NaN; lhs when rhs is.
    Value rhsNaN = arith::CmpFOp::create(rewriter, loc,
                                         arith::CmpFPredicate::UNO, rhs, rhs);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, rhsNaN, lhs, chosen);
    return success();
  }
};

struct ExpandArith : array::impl::ArrayCpuExpandArithBase<ExpandArith> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateExpandBFloat16Patterns(patterns);
    patterns
        .add<ExpandMinMax<arith::MaximumFOp, arith::CmpFPredicate::UGT, true>,
             ExpandMinMax<arith::MinimumFOp, arith::CmpFPredicate::ULT, true>,
             ExpandMinMax<arith::MaxNumFOp, arith::CmpFPredicate::OGT, false>,
             ExpandMinMax<arith::MinNumFOp, arith::CmpFPredicate::OLT, false>>(
            &getContext());
    // No folding: this runs amid the conversion to LLVM, whose
    // unrealized casts folding would undo.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace
