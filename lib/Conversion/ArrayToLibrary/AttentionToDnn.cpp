//===- AttentionToDnn.cpp - attention blocks to arrayrt.attention ---------===//
//
// Works on array ops, before array-gpu-matmul-to-blas takes the products one
// by one. Each `array.matmul` is tried as the second product of an attention
// block: the match walks back from it through the softmax, the mask and the
// scales to the first product, recording every op; the block is replaced
// only when none of its intermediate values is used outside it.
//
//===----------------------------------------------------------------------===//

#include "ScalarConstants.h"
#include "arrayc/Conversion/ArrayToLibrary/ArrayToLibrary.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUATTENTIONTODNN
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using namespace mlir::array;

namespace {

/// The element type of `value`'s tensor type.
Type elementOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getElementType();
}

/// Whether `value` reduces over exactly the last axis of `operand`, keeping
/// it (`keepdims`), so that it broadcasts back over the row.
template <typename ReductionOp>
ReductionOp lastAxisReduction(Value value, Value operand) {
  auto op = value.getDefiningOp<ReductionOp>();
  if (!op || op.getOperand() != operand || !op.getKeepdims())
    return {};
  int64_t rank = cast<RankedTensorType>(operand.getType()).getRank();
  SmallVector<int64_t> dims = op.getReducedDims();
  if (dims.size() != 1 || dims[0] != rank - 1)
    return {};
  return op;
}

/// Which axis of a rank-`rank` array (right-aligned) `value` counts along:
/// `value` is `array.arange` from 0 by 1, possibly cast, reshaped, expanded
/// or broadcast to an array whose only dimension not of size 1 holds it.
/// -1 if it is not such an index.
int64_t indexAxis(Value value, int64_t rank) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t axis = -1;
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (type.getDimSize(i) == 1)
      continue;
    if (axis != -1 || type.isDynamicDim(i))
      return -1;
    axis = i;
  }
  if (axis == -1)
    return -1;
  int64_t length = type.getDimSize(axis);
  Value source = value;
  while (true) {
    Operation *op = source.getDefiningOp();
    if (!op)
      return -1;
    if (auto arange = dyn_cast<ArangeOp>(op)) {
      auto start = dyn_cast<IntegerAttr>(arange.getStart());
      auto step = dyn_cast<IntegerAttr>(arange.getStep());
      if (!start || !step || start.getInt() != 0 || step.getInt() != 1)
        return -1;
      break;
    }
    if (!isa<ExpandDimsOp, ReshapeOp, BroadcastToOp, AsTypeOp>(op))
      return -1;
    source = op->getOperand(0);
    // Every step keeps one dimension of `length` and 1s around it.
    auto sourceType = cast<RankedTensorType>(source.getType());
    if (sourceType.getNumElements() != length ||
        llvm::count_if(sourceType.getShape(),
                       [](int64_t size) { return size != 1; }) != 1)
      return -1;
    if (auto cast = dyn_cast<AsTypeOp>(op);
        cast && !isa<IntegerType>(elementOf(source)))
      return -1;
  }
  return axis + rank - type.getRank();
}

/// One attention block, matched from its second product.
struct AttentionMatch {
  Value query, key, value;
  double scale = 1.0;
  bool causal = false;
  /// Every op of the block but the second product.
  llvm::SmallPtrSet<Operation *, 16> ops;
};

class AttentionMatcher {
public:
  explicit AttentionMatcher(MatmulOp product) : product(product) {}

  /// The block ending in `product`, or why there is none.
  FailureOr<AttentionMatch> match(std::string &why) {
    if (!matchSoftmax(product.getLhs(), why) || !matchScores(why) ||
        !matchOperands(why))
      return failure();
    for (Operation *op : result.ops)
      for (Operation *user : op->getResult(0).getUsers())
        if (user != product && !result.ops.contains(user)) {
          why = "an intermediate value is used outside the block";
          return failure();
        }
    return result;
  }

private:
  /// `probs` = exp(x - max(x)) / sum(exp(x - max(x))) over the last axis,
  /// possibly cast; leaves x in `scores`.
  bool matchSoftmax(Value probs, std::string &why) {
    if (auto cast = probs.getDefiningOp<AsTypeOp>();
        cast && isa<FloatType>(elementOf(cast.getOperand()))) {
      result.ops.insert(cast);
      probs = cast.getOperand();
    }
    auto div = probs.getDefiningOp<DivOp>();
    auto exp = div ? div.getLhs().getDefiningOp<ExpOp>() : ExpOp();
    auto sum =
        exp ? lastAxisReduction<SumOp>(div.getRhs(), exp.getResult()) : SumOp();
    auto sub = exp ? exp.getOperand().getDefiningOp<SubOp>() : SubOp();
    auto max =
        sub ? lastAxisReduction<MaxOp>(sub.getRhs(), sub.getLhs()) : MaxOp();
    if (!sum || !max) {
      why = "the first operand is not a softmax over the last axis";
      return false;
    }
    result.ops.insert({div, exp, sum, sub, max});
    scores = sub.getLhs();
    return true;
  }

  /// `scores` from the first product through scalar scales, float casts and
  /// at most one causal mask; leaves the product in `first`.
  bool matchScores(std::string &why) {
    Value value = scores;
    while (!(first = value.getDefiningOp<MatmulOp>())) {
      Operation *op = value.getDefiningOp();
      if (auto cast = dyn_cast_or_null<AsTypeOp>(op);
          cast && isa<FloatType>(elementOf(cast.getOperand()))) {
        value = cast.getOperand();
      } else if (auto mul = dyn_cast_or_null<MulOp>(op)) {
        std::optional<double> c = scalarConstant(mul.getRhs());
        Value other = mul.getLhs();
        if (!c) {
          c = scalarConstant(mul.getLhs());
          other = mul.getRhs();
        }
        if (!c || !(*c > 0.0)) {
          why = "the scores are multiplied by something other than a "
                "positive scalar constant";
          return false;
        }
        result.scale *= *c;
        value = other;
      } else if (auto div = dyn_cast_or_null<DivOp>(op)) {
        std::optional<double> c = scalarConstant(div.getRhs());
        if (!c || !(*c > 0.0)) {
          why = "the scores are divided by something other than a "
                "positive scalar constant";
          return false;
        }
        result.scale /= *c;
        value = div.getLhs();
      } else if (auto where = dyn_cast_or_null<WhereOp>(op);
                 where && !result.causal) {
        std::optional<Value> kept = causalBranch(where);
        if (!kept) {
          why = "the scores are masked by something other than a causal "
                "mask";
          return false;
        }
        result.causal = true;
        value = *kept;
      } else {
        why = "the scores do not come from a matmul through scalar scales, "
              "float casts and a causal mask";
        return false;
      }
      result.ops.insert(op);
    }
    result.ops.insert(first);
    return true;
  }

  /// For `where(c, s, -inf)` with c = (i >= j), or `where(c, -inf, s)` with
  /// c = (j > i), i counting the scores' rows and j their columns: s.
  std::optional<Value> causalBranch(WhereOp where) {
    auto isMinusInfinity = [](Value value) {
      std::optional<double> c = scalarConstant(value);
      return c && *c <= -1e30;
    };
    int64_t rank = cast<RankedTensorType>(where.getType()).getRank();
    const int64_t row = rank - 2, col = rank - 1;
    Operation *cond = where.getCond().getDefiningOp();
    if (!cond || cond->getNumOperands() != 2)
      return std::nullopt;
    int64_t lhs = indexAxis(cond->getOperand(0), rank);
    int64_t rhs = indexAxis(cond->getOperand(1), rank);
    // Whether the condition is (i >= j), or else (i < j).
    std::optional<bool> keeps;
    if ((isa<GreaterEqualOp>(cond) && lhs == row && rhs == col) ||
        (isa<LessEqualOp>(cond) && lhs == col && rhs == row))
      keeps = true;
    else if ((isa<GreaterOp>(cond) && lhs == col && rhs == row) ||
             (isa<LessOp>(cond) && lhs == row && rhs == col))
      keeps = false;
    if (!keeps)
      return std::nullopt;
    Value kept = *keeps ? where.getX() : where.getY();
    Value masked = *keeps ? where.getY() : where.getX();
    // The where may widen the scores (an f32 -inf with f16 scores), as a
    // cast would; it must not broadcast them.
    auto keptType = cast<RankedTensorType>(kept.getType());
    if (!isMinusInfinity(masked) ||
        keptType.getShape() !=
            cast<RankedTensorType>(where.getType()).getShape() ||
        !isa<FloatType>(keptType.getElementType()))
      return std::nullopt;
    return kept;
  }

  /// q @ transpose(k) and p @ v over one batch, f16 or bf16, with head
  /// sizes cuDNN takes.
  bool matchOperands(std::string &why) {
    auto transpose = first.getRhs().getDefiningOp<TransposeOp>();
    if (!transpose || !swapsLastTwo(transpose)) {
      why = "the first product's second operand is not a transposed key";
      return false;
    }
    result.query = first.getLhs();
    result.key = transpose.getOperand();
    result.value = product.getRhs();
    auto q = cast<RankedTensorType>(result.query.getType());
    auto k = cast<RankedTensorType>(result.key.getType());
    auto v = cast<RankedTensorType>(result.value.getType());
    auto out = cast<RankedTensorType>(product.getType());
    Type element = q.getElementType();
    if ((!element.isF16() && !element.isBF16()) ||
        k.getElementType() != element || v.getElementType() != element ||
        out.getElementType() != element) {
      why = "q, k, v and the result are not all f16 or all bf16";
      return false;
    }
    int64_t rank = q.getRank();
    if (rank < 2 || k.getRank() != rank || v.getRank() != rank ||
        out.getRank() != rank ||
        q.getShape().drop_back(2) != k.getShape().drop_back(2) ||
        q.getShape().drop_back(2) != v.getShape().drop_back(2)) {
      why = "q, k and v differ in rank or batch dimensions";
      return false;
    }
    for (int64_t size : {q.getDimSize(rank - 1), v.getDimSize(rank - 1)})
      if (ShapedType::isDynamic(size) || size % 8 != 0 || size > 256) {
        why = "a head size is not a static multiple of 8 up to 256";
        return false;
      }
    return true;
  }

  /// Whether `transpose` swaps the last two dimensions only.
  static bool swapsLastTwo(TransposeOp transpose) {
    int64_t rank =
        cast<RankedTensorType>(transpose.getOperand().getType()).getRank();
    SmallVector<int64_t> perm;
    if (auto given = transpose.getPermutation())
      for (int64_t p : *given)
        perm.push_back(p < 0 ? p + rank : p);
    else
      for (int64_t i = rank - 1; i >= 0; --i)
        perm.push_back(i);
    for (int64_t i = 0; i < rank - 2; ++i)
      if (perm[i] != i)
        return false;
    return rank >= 2 && perm[rank - 2] == rank - 1 &&
           perm[rank - 1] == rank - 2;
  }

  MatmulOp product, first;
  Value scores;
  AttentionMatch result;
};

struct AttentionToDnn : OpRewritePattern<MatmulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MatmulOp op,
                                PatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<AttentionMatch> match = AttentionMatcher(op).match(why);
    if (failed(match))
      return rewriter.notifyMatchFailure(op, why);
    auto type = cast<RankedTensorType>(op.getType());
    Location loc = op.getLoc();
    // Dynamic sizes: the batch and Sq from q, Dv from v.
    SmallVector<Value> dynamicSizes;
    int64_t rank = type.getRank();
    for (int64_t dim = 0; dim < rank; ++dim)
      if (type.isDynamicDim(dim))
        dynamicSizes.push_back(tensor::DimOp::create(
            rewriter, loc, dim == rank - 1 ? match->value : match->query, dim));
    Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                         type.getElementType(), dynamicSizes);
    auto attention = arrayrt::AttentionOp::create(
        rewriter, loc, TypeRange{type}, match->query, match->key, match->value,
        init, APFloat(match->scale), match->causal, /*stream=*/Value());
    rewriter.replaceOp(op, attention.getResult()[0]);
    return success();
  }
};

struct ArrayGpuAttentionToDnnPass
    : array::impl::ArrayGpuAttentionToDnnBase<ArrayGpuAttentionToDnnPass> {
  void runOnOperation() override {
    // A sharded program's attention stays products and row kernels, which
    // partitioning splits (a library call has no sharding model).
    if (auto module = getOperation()->getParentOfType<ModuleOp>();
        module && !module.getOps<shard::GridOp>().empty())
      return;
    RewritePatternSet patterns(&getContext());
    patterns.add<AttentionToDnn>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
