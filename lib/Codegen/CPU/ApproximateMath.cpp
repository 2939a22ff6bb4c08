//===- ApproximateMath.cpp - Vectorizable float32 math functions ----------===//

#include "arrayc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSwitch.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYCPUAPPROXIMATEMATH
#include "arrayc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// The functions whose approximations hold over the whole float32 range.
bool approximated(StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"math.exp", "math.expm1", "math.log", "math.log1p"}, true)
      .Cases({"math.log2", "math.tanh", "math.erf", "math.erfc"}, true)
      .Default(false);
}

Value constant(OpBuilder &b, Location loc, double value) {
  return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(value));
}

/// `x` replaced by `scaled` where `small` holds, and what becomes of
/// `op` on that: `result` where it does not, `fixed(result)` where it does.
void rewriteSmall(Operation *op, double limit, double scale,
                  function_ref<Value(OpBuilder &, Value)> fixed) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value x = op->getOperand(0);
  Value small = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x,
                                      constant(b, loc, limit));
  Value scaled = arith::MulFOp::create(b, loc, x, constant(b, loc, scale));
  Value input = arith::SelectOp::create(b, loc, small, scaled, x);
  Operation *clone = b.clone(*op);
  clone->setOperand(0, input);
  Value result = clone->getResult(0);
  Value replacement =
      arith::SelectOp::create(b, loc, small, fixed(b, result), result);
  op->getResult(0).replaceAllUsesWith(replacement);
  op->erase();
}

/// Upstream's approximations lose subnormal numbers: exp results below
/// 2^-126 become 0, and log and log2 of subnormal inputs are those of
/// 2^-126. Such arguments go through normal numbers: exp(x) = exp(x/2)^2,
/// log(x) = log(x * 2^23) - 23 log(2).
void keepSubnormals(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    // Scalars: LLVM vectorizes the loops, after this pass.
    if (isa<math::ExpOp, math::LogOp, math::Log2Op>(op) &&
        op->getOperand(0).getType().isF32())
      ops.push_back(op);
  });
  constexpr double kLn2 = 0.69314718055994530942;
  for (Operation *op : ops) {
    Location loc = op->getLoc();
    if (isa<math::ExpOp>(op)) {
      rewriteSmall(op, -87.0, 0.5, [&](OpBuilder &b, Value e) -> Value {
        return arith::MulFOp::create(b, loc, e, e);
      });
      continue;
    }
    double shift = isa<math::LogOp>(op) ? 23 * kLn2 : 23;
    rewriteSmall(op, 0x1p-126, 0x1p23, [&](OpBuilder &b, Value r) -> Value {
      return arith::SubFOp::create(b, loc, r, constant(b, loc, shift));
    });
  }
}

/// What the approximations use that the baseline x86-64 lacks (an exact
/// `fmaf` is a slow libm call there, and vector `floor` becomes one
/// `floorf` call per element) in plain arithmetic: a multiplication and an
/// addition that LLVM may contract (into an FMA instruction where the CPU
/// has one), and floor(x) = t - (t > x), t = trunc(x) through an integer
/// (x itself from 2^23 on, where every float32 is an integer), the sign of
/// x kept for -0.
void lowerForBaseline(Operation *root, const DenseSet<Operation *> &before) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<math::FmaOp, math::FloorOp>(op) && !before.contains(op) &&
        op->getResult(0).getType().isF32())
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value result;
    if (auto fma = dyn_cast<math::FmaOp>(op)) {
      auto contract = arith::FastMathFlags::contract;
      Value product =
          arith::MulFOp::create(b, loc, fma.getA(), fma.getB(), contract);
      result = arith::AddFOp::create(b, loc, product, fma.getC(), contract);
    } else {
      Value x = op->getOperand(0);
      Type i32 = b.getI32Type();
      Value t = arith::SIToFPOp::create(
          b, loc, x.getType(), arith::FPToSIOp::create(b, loc, i32, x));
      Value above =
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, t, x);
      Value down = arith::SubFOp::create(
          b, loc, t,
          arith::SelectOp::create(b, loc, above, constant(b, loc, 1.0),
                                  constant(b, loc, 0.0)));
      Value small = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                          math::AbsFOp::create(b, loc, x),
                                          constant(b, loc, 0x1p23));
      result = math::CopySignOp::create(
          b, loc, arith::SelectOp::create(b, loc, small, down, x), x);
    }
    op->getResult(0).replaceAllUsesWith(result);
    op->erase();
  }
}

struct ApproximateMath
    : array::impl::ArrayCpuApproximateMathBase<ApproximateMath> {
  void runOnOperation() override {
    keepSubnormals(getOperation());
    DenseSet<Operation *> before;
    getOperation()->walk([&](Operation *op) {
      if (isa<math::FmaOp, math::FloorOp>(op))
        before.insert(op);
    });
    RewritePatternSet patterns(&getContext());
    populateMathF32ExpansionPatterns(patterns, approximated);
    populateMathPolynomialApproximationPatterns(patterns, approximated);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    lowerForBaseline(getOperation(), before);
  }
};

} // namespace
