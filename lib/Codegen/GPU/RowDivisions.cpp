//===- RowDivisions.cpp - Quotients by a per-row value ---------*- C++ -*-===//
//
// A float32 division on an NVIDIA GPU is a reciprocal approximation, four
// FMAs and a range check per element; a softmax's row of quotients by its
// sum made the wide-row kernels compute-bound. A row kernel's quotients by
// one value multiply by its reciprocal instead (see divideByRowValues).
//
//===----------------------------------------------------------------------===//

#include "GpuUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/CSE.h"

using namespace mlir;

namespace mlir::array::gpu_utils {

namespace {

/// Whether the divisions by `s` (in `root`) should multiply by its
/// reciprocal: several of them share it, or the one division is in a loop
/// that `s` is defined outside of. Not constants: a quotient by a constant
/// (a mean's by the count) is exact, as in every other kernel.
bool sharedDivisor(Value s, ArrayRef<arith::DivFOp> divisions,
                   Operation *root) {
  if (matchPattern(s, m_Constant()))
    return false;
  if (divisions.size() > 1)
    return true;
  auto loop = divisions[0]->getParentOfType<LoopLikeOpInterface>();
  return loop && root->isProperAncestor(loop) &&
         !loop->isAncestor(s.getParentRegion()->getParentOp());
}

/// For quotients x / s as (x * scale) * r, at `b`'s insertion point:
/// scale, a power of two (2^K, K = (emax + 1) / 2), 1 or its inverse, and
/// r = 1 / (s * scale), which brings s into the normal range when it is
/// subnormal (scale 2^K) or beyond 2^(emax - 1), whose reciprocal would be
/// subnormal (scale 2^-K). x * scale is then exact wherever the quotient is
/// representable (it overflows only where the quotient does, and is
/// subnormal only where the quotient is 0), so the quotient is rounded
/// twice: r and the product, within 2 ulps. Zeros, infinities and NaN in x
/// or s give what x / s gives.
std::pair<Value, Value> scaledReciprocal(OpBuilder &b, Location loc, Value s) {
  auto type = cast<FloatType>(s.getType());
  const llvm::fltSemantics &semantics = type.getFloatSemantics();
  auto power = [&](int exponent) -> Value {
    APFloat value = scalbn(APFloat::getOne(semantics), exponent,
                           APFloat::rmNearestTiesToEven);
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
  };
  int emin = APFloat::semanticsMinExponent(semantics);
  int emax = APFloat::semanticsMaxExponent(semantics);
  int k = (emax + 1) / 2;
  Value magnitude = math::AbsFOp::create(b, loc, s);
  Value tiny = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                     magnitude, power(emin));
  Value huge = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                     magnitude, power(emax - 1));
  Value scale = arith::SelectOp::create(
      b, loc, tiny, power(k),
      arith::SelectOp::create(b, loc, huge, power(-k), power(0)));
  Value one = arith::ConstantOp::create(b, loc, b.getFloatAttr(type, 1.0));
  Value r = arith::DivFOp::create(b, loc, one,
                                  arith::MulFOp::create(b, loc, s, scale));
  return {scale, r};
}

} // namespace

void divideByRowValues(Operation *root) {
  // Each row's values of the divisor are one SSA value once the copies
  // that every column's clone of an op body made are merged.
  IRRewriter rewriter(root->getContext());
  DominanceInfo dominance(root);
  eliminateCommonSubExpressions(rewriter, dominance, root);

  llvm::MapVector<Value, SmallVector<arith::DivFOp>> byDivisor;
  root->walk([&](arith::DivFOp div) {
    auto type = dyn_cast<FloatType>(div.getType());
    if (type && (type.isF32() || type.isF64()) &&
        !bitEnumContainsAny(div.getFastmath(), arith::FastMathFlags::arcp))
      byDivisor[div.getRhs()].push_back(div);
  });
  for (auto &[s, divisions] : byDivisor) {
    if (!sharedDivisor(s, divisions, root))
      continue;
    OpBuilder b(root->getContext());
    if (Operation *def = s.getDefiningOp(); def && root->isAncestor(def))
      b.setInsertionPointAfter(def);
    else if (auto arg = dyn_cast<BlockArgument>(s);
             arg && root->isAncestor(arg.getOwner()->getParentOp()))
      b.setInsertionPointToStart(arg.getOwner());
    else
      b.setInsertionPointToStart(&root->getRegion(0).front());
    auto [scale, r] = scaledReciprocal(b, s.getLoc(), s);
    for (arith::DivFOp div : divisions) {
      OpBuilder at(div);
      Value scaled = arith::MulFOp::create(at, div.getLoc(), div.getLhs(),
                                           scale, div.getFastmathAttr());
      div.replaceAllUsesWith(arith::MulFOp::create(at, div.getLoc(), scaled, r,
                                                   div.getFastmathAttr())
                                 .getResult());
      div.erase();
    }
  }
}

} // namespace mlir::array::gpu_utils
