//===- MatmulToBlas.cpp - matmul + epilogue to arrayrt.blas_matmul --------===//
//
// Works on array ops (before convert-array-to-linalg), where a bias add, a
// ReLU and GELU's tanh form are still recognizable as the ops the program
// wrote. Each product is the root of a match that walks forward through
// the ops that consume it, folding what cuBLASLt's epilogues compute.
//
//===----------------------------------------------------------------------===//

#include "ScalarConstants.h"
#include "arrayc/Conversion/ArrayToLibrary/ArrayToLibrary.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUMATMULTOBLAS
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using namespace mlir::array;

namespace {

/// Whether `value` is a scalar constant equal to `expected` rounded to its
/// float type (0.7978845608 is 0.796875 in bfloat16), or within 1e-6 of it
/// (a constant written with fewer digits).
bool isConstant(Value value, double expected) {
  FloatAttr attr = scalarConstantAttr(value);
  if (!attr)
    return false;
  APFloat rounded(expected);
  bool lost = false;
  rounded.convert(attr.getValue().getSemantics(), APFloat::rmNearestTiesToEven,
                  &lost);
  if (rounded.bitwiseIsEqual(attr.getValue()))
    return true;
  double c = attr.getValueAsDouble();
  return std::abs(c - expected) <= 1e-6 * std::abs(expected);
}

/// The binary op of type OpTy defining `value` with one operand `x`
/// (either side): the other operand, else null.
template <typename OpTy> Value otherOperand(Value value, Value x, OpTy &op) {
  op = value.getDefiningOp<OpTy>();
  if (!op)
    return Value();
  if (op.getLhs() == x)
    return op.getRhs();
  if (op.getRhs() == x)
    return op.getLhs();
  return Value();
}

/// Matches GELU's tanh form of `x`, recording its ops; returns the op
/// producing the activation or null.
class GeluTanhMatcher {
public:
  explicit GeluTanhMatcher(Value x) : x(x) {}

  /// The final op, or null. `ops` then holds every op of the pattern.
  Operation *match() {
    for (Operation *user : x.getUsers()) {
      ops.clear();
      if (user->getNumResults() != 1)
        continue;
      if (Operation *root = matchRoot(user->getResult(0)))
        if (Operation *last = matchOuter(root))
          if (isClosed(last))
            return last;
    }
    return nullptr;
  }

  llvm::SmallPtrSet<Operation *, 16> ops;

private:
  Value x;
  static constexpr double kSqrt2OverPi = 0.7978845608028654;
  static constexpr double kCubic = 0.044715;

  /// `value` = x * c (either order); records the op.
  bool isScaled(Value value, Value of, double c) {
    MulOp mul;
    Value other = otherOperand(value, of, mul);
    if (!other || !isConstant(other, c))
      return false;
    ops.insert(mul);
    return true;
  }

  /// `value` = x^3 as x * (x * x), (x * x) * x or power(x, 3).
  bool isCube(Value value) {
    if (auto power = value.getDefiningOp<PowerOp>())
      if (power.getLhs() == x && isConstant(power.getRhs(), 3.0)) {
        ops.insert(power);
        return true;
      }
    MulOp mul;
    Value square = otherOperand(value, x, mul);
    if (!square)
      return false;
    MulOp inner = square.getDefiningOp<MulOp>();
    if (!inner || inner.getLhs() != x || inner.getRhs() != x)
      return false;
    ops.insert(mul);
    ops.insert(inner);
    return true;
  }

  /// `value` = 1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3)).
  bool isOnePlusTanh(Value value) {
    auto add = value.getDefiningOp<AddOp>();
    if (!add)
      return false;
    Value t = isConstant(add.getRhs(), 1.0)   ? add.getLhs()
              : isConstant(add.getLhs(), 1.0) ? add.getRhs()
                                              : Value();
    auto tanh = t ? t.getDefiningOp<TanhOp>() : TanhOp();
    if (!tanh)
      return false;
    // The tanh argument: k * inner, inner = x + c * x^3.
    auto scaled = tanh.getOperand().getDefiningOp<MulOp>();
    if (!scaled)
      return false;
    Value inner = isConstant(scaled.getRhs(), kSqrt2OverPi)   ? scaled.getLhs()
                  : isConstant(scaled.getLhs(), kSqrt2OverPi) ? scaled.getRhs()
                                                              : Value();
    AddOp sum;
    Value cubic = inner ? otherOperand(inner, x, sum) : Value();
    if (!cubic)
      return false;
    auto cubicMul = cubic.getDefiningOp<MulOp>();
    if (!cubicMul)
      return false;
    Value cube = isConstant(cubicMul.getRhs(), kCubic)   ? cubicMul.getLhs()
                 : isConstant(cubicMul.getLhs(), kCubic) ? cubicMul.getRhs()
                                                         : Value();
    if (!cube || !isCube(cube))
      return false;
    ops.insert(add);
    ops.insert(tanh);
    ops.insert(scaled);
    ops.insert(sum);
    ops.insert(cubicMul);
    return true;
  }

  /// The product of x (or 0.5 * x) with the tanh factor (or half of it),
  /// starting from a user `value` of x; null if it is not.
  Operation *matchRoot(Value value) {
    auto mul = value.getDefiningOp<MulOp>();
    if (!mul)
      return nullptr;
    // 0.5 * x, then the product with (1 + tanh(...)).
    if (isScaled(value, x, 0.5)) {
      if (!value.hasOneUse())
        return nullptr;
      MulOp outer;
      Value factor =
          otherOperand(*value.user_begin()->getResults().begin(), value, outer);
      if (!factor || !isOnePlusTanh(factor))
        return nullptr;
      ops.insert(outer);
      return outer;
    }
    // x * (1 + tanh(...)) or x * (0.5 * (1 + tanh(...))).
    Value factor = mul.getLhs() == x ? mul.getRhs() : mul.getLhs();
    if (isOnePlusTanh(factor)) {
      ops.insert(mul);
      return mul;
    }
    auto half = factor.getDefiningOp<MulOp>();
    if (!half)
      return nullptr;
    Value onePlus = isConstant(half.getRhs(), 0.5)   ? half.getLhs()
                    : isConstant(half.getLhs(), 0.5) ? half.getRhs()
                                                     : Value();
    if (!onePlus || !isOnePlusTanh(onePlus))
      return nullptr;
    ops.insert(half);
    ops.insert(mul);
    // Marks the product as complete: no outer 0.5 needed.
    complete = true;
    return mul;
  }

  /// x * (1 + tanh(...)) still needs a factor 0.5 after it.
  Operation *matchOuter(Operation *root) {
    bool halved = complete || llvm::any_of(ops, [&](Operation *op) {
                    auto mul = dyn_cast<MulOp>(op);
                    return mul && (mul.getLhs() == x || mul.getRhs() == x) &&
                           (isConstant(mul.getLhs(), 0.5) ||
                            isConstant(mul.getRhs(), 0.5));
                  });
    complete = false;
    if (halved)
      return root;
    Value product = root->getResult(0);
    if (!product.hasOneUse())
      return nullptr;
    Operation *user = *product.user_begin();
    if (!isScaled(user->getResult(0), product, 0.5))
      return nullptr;
    return user;
  }

  /// Every user of x and of the pattern's intermediate values is in the
  /// pattern, so it can go once `last` is replaced.
  bool isClosed(Operation *last) {
    for (Operation *user : x.getUsers())
      if (!ops.contains(user))
        return false;
    for (Operation *op : ops)
      if (op != last)
        for (Operation *user : op->getResult(0).getUsers())
          if (!ops.contains(user))
            return false;
    return true;
  }

  bool complete = false;
};

/// Whether `transpose` swaps the last two dimensions and keeps the others.
bool swapsLastTwo(TransposeOp transpose) {
  auto type = cast<RankedTensorType>(transpose.getOperand().getType());
  int64_t rank = type.getRank();
  if (rank < 2)
    return false;
  SmallVector<int64_t> perm;
  if (auto given = transpose.getPermutation()) {
    for (int64_t p : *given)
      perm.push_back(p < 0 ? p + rank : p);
  } else {
    for (int64_t i = rank - 1; i >= 0; --i)
      perm.push_back(i);
  }
  for (int64_t i = 0; i < rank - 2; ++i)
    if (perm[i] != i)
      return false;
  return perm[rank - 2] == rank - 1 && perm[rank - 1] == rank - 2;
}

/// The batch dimensions of `operand` (right-aligned against the result's)
/// are all 1 or all equal to the result's; dynamic sizes are checked at run
/// time.
bool batchBroadcastsWhole(RankedTensorType operand, RankedTensorType result) {
  int64_t batchRank = operand.getRank() - 2;
  int64_t offset = result.getRank() - 2 - batchRank;
  bool allOnes = true, allMatch = true;
  for (int64_t i = 0; i < batchRank; ++i) {
    int64_t size = operand.getDimSize(i);
    int64_t want = result.getDimSize(i + offset);
    allOnes &= size == 1;
    allMatch &= ShapedType::isDynamic(size) || ShapedType::isDynamic(want)
                    ? !(size == 1 && want != 1)
                    : size == want;
  }
  return allOnes || allMatch;
}

/// For `user` = value + C, C + value (beta 1), value - C (beta -1) or
/// C - value (beta 1, alpha negated), with C a matrix of the result's type:
/// C, with `alpha` and `beta` updated; else null. (No bias may have been
/// added before: it would need negating too.)
Value addedMatrix(Operation *user, Value value, RankedTensorType resultType,
                  double &alpha, double &beta) {
  Value other;
  double sign = 1.0, productSign = 1.0;
  if (auto add = dyn_cast<AddOp>(user)) {
    other = add.getLhs() == value ? add.getRhs() : add.getLhs();
  } else if (auto sub = dyn_cast<SubOp>(user)) {
    bool first = sub.getLhs() == value;
    other = first ? sub.getRhs() : sub.getLhs();
    (first ? sign : productSign) = -1.0;
  }
  if (!other || other == value || other.getType() != resultType)
    return Value();
  alpha *= productSign;
  beta = sign;
  return other;
}

template <typename ProductOp>
struct ProductToBlas : OpRewritePattern<ProductOp> {
  ProductToBlas(MLIRContext *context, bool tf32, bool host)
      : OpRewritePattern<ProductOp>(context), tf32(tf32), host(host) {}

  LogicalResult matchAndRewrite(ProductOp op,
                                PatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(op.getRhs().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    Type element = resultType.getElementType();
    if (lhsType.getElementType() != element ||
        rhsType.getElementType() != element)
      return rewriter.notifyMatchFailure(op, "mixed element types");
    if (!element.isF16() && !element.isBF16() && !element.isF32() &&
        !element.isF64())
      return rewriter.notifyMatchFailure(op, "not a float product");
    if (host && !element.isF32() && !element.isF64())
      return rewriter.notifyMatchFailure(op, "the CPU's BLAS has no f16/bf16 "
                                             "product");
    if (lhsType.getRank() < 2 || rhsType.getRank() < 2)
      return rewriter.notifyMatchFailure(op, "a vector operand");
    if (std::is_same_v<ProductOp, DotOp> &&
        (lhsType.getRank() != 2 || rhsType.getRank() != 2))
      return rewriter.notifyMatchFailure(op, "an N-D dot");
    if (!batchBroadcastsWhole(lhsType, resultType) ||
        !batchBroadcastsWhole(rhsType, resultType))
      return rewriter.notifyMatchFailure(op, "batch dimensions broadcast "
                                             "partly");

    Value lhs = op.getLhs(), rhs = op.getRhs();
    bool transposeLhs = false, transposeRhs = false;
    if (auto t = lhs.getDefiningOp<TransposeOp>(); t && swapsLastTwo(t)) {
      lhs = t.getOperand();
      transposeLhs = true;
    }
    if (auto t = rhs.getDefiningOp<TransposeOp>(); t && swapsLastTwo(t)) {
      rhs = t.getOperand();
      transposeRhs = true;
    }

    // The epilogue, op by op.
    Value value = op.getResult();
    Operation *last = op;
    double alpha = 1.0, beta = 0.0;
    Value bias;
    // A matrix of the result's type added to the product: cuBLASLt's C,
    // read from the init buffer (beta * C).
    Value addend;
    arrayrt::Epilogue activation = arrayrt::Epilogue::none;
    // cuBLASLt's bias and activation epilogues are for f16, bf16 and f32;
    // the CPU's BLAS has none.
    bool epilogues = !element.isF64() && !host;
    int64_t n = resultType.getDimSize(resultType.getRank() - 1);
    while (true) {
      if (epilogues) {
        GeluTanhMatcher gelu(value);
        if (Operation *end = gelu.match()) {
          activation = arrayrt::Epilogue::gelu_tanh;
          last = end;
          value = end->getResult(0);
          break;
        }
      }
      if (!value.hasOneUse())
        break;
      Operation *user = *value.user_begin();
      if (user->getNumResults() != 1 ||
          user->getResult(0).getType() != resultType)
        break;
      if (auto mul = dyn_cast<MulOp>(user); mul && !bias) {
        Value other = mul.getLhs() == value ? mul.getRhs() : mul.getLhs();
        std::optional<double> c = scalarConstant(other);
        if (!c || other == value)
          break;
        alpha *= *c;
        beta *= *c;
      } else if (auto div = dyn_cast<DivOp>(user);
                 div && !bias && div.getLhs() == value) {
        std::optional<double> c = scalarConstant(div.getRhs());
        if (!c || *c == 0.0)
          break;
        alpha /= *c;
        beta /= *c;
      } else if (Value other =
                     !addend && !bias
                         ? addedMatrix(user, value, resultType, alpha, beta)
                         : Value()) {
        addend = other;
      } else if (auto add = dyn_cast<AddOp>(user); add && !bias && epilogues) {
        Value other = add.getLhs() == value ? add.getRhs() : add.getLhs();
        auto otherType = cast<RankedTensorType>(other.getType());
        if (other == value || otherType.getRank() != 1 ||
            otherType.getElementType() != element ||
            otherType.getDimSize(0) != n || ShapedType::isDynamic(n))
          break;
        bias = other;
      } else if (auto max = dyn_cast<MaximumOp>(user); max && epilogues) {
        Value other = max.getLhs() == value ? max.getRhs() : max.getLhs();
        if (other == value || !isConstant(other, 0.0))
          break;
        activation = arrayrt::Epilogue::relu;
        last = user;
        value = user->getResult(0);
        break;
      } else {
        break;
      }
      last = user;
      value = user->getResult(0);
    }

    // A result size that is dynamic comes from the operand it is read from.
    rewriter.setInsertionPoint(last);
    Location loc = op.getLoc();
    SmallVector<Value> dynamicSizes;
    int64_t rank = resultType.getRank();
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (!resultType.isDynamicDim(dim))
        continue;
      Value source;
      int64_t sourceDim;
      if (dim == rank - 2) {
        source = lhs;
        sourceDim = lhsType.getRank() - (transposeLhs ? 1 : 2);
      } else if (dim == rank - 1) {
        source = rhs;
        sourceDim = rhsType.getRank() - (transposeRhs ? 2 : 1);
      } else {
        int64_t lhsDim = dim - (rank - lhsType.getRank());
        bool fromLhs = lhsDim >= 0 && lhsType.getDimSize(lhsDim) != 1;
        source = fromLhs ? lhs : rhs;
        sourceDim = fromLhs ? lhsDim : dim - (rank - rhsType.getRank());
      }
      dynamicSizes.push_back(
          tensor::DimOp::create(rewriter, loc, source, sourceDim));
    }
    Value init =
        addend ? addend
               : tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                         element, dynamicSizes);
    StringAttr precision = op.getPrecisionAttr();
    bool useTf32 = !host && element.isF32() &&
                   (tf32 ? !(precision && precision.getValue() == "highest")
                         : precision && precision.getValue() == "tf32");
    auto blas = arrayrt::BlasMatmulOp::create(
        rewriter, loc, TypeRange{resultType}, lhs, rhs, bias, init,
        transposeLhs, transposeRhs, activation, APFloat(alpha), APFloat(beta),
        useTf32, host, /*stream=*/Value());
    rewriter.replaceOp(last, blas.getResult()[0]);
    return success();
  }

  bool tf32;
  bool host;
};

struct ArrayGpuMatmulToBlasPass
    : array::impl::ArrayGpuMatmulToBlasBase<ArrayGpuMatmulToBlasPass> {
  using ArrayGpuMatmulToBlasBase::ArrayGpuMatmulToBlasBase;

  void runOnOperation() override {
    // A sharded program's products stay linalg ops, which upstream's
    // partitioning splits (a library call has no sharding model).
    if (auto module = getOperation()->getParentOfType<ModuleOp>();
        module && !module.getOps<shard::GridOp>().empty())
      return;
    RewritePatternSet patterns(&getContext());
    patterns.add<ProductToBlas<MatmulOp>, ProductToBlas<DotOp>>(&getContext(),
                                                                tf32, host);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
