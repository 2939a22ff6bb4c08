//===- LinalgOps.cpp - matmul and dot -------------------------------------===//

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Array/IR/Contraction.h"

using namespace mlir;
using namespace mlir::array;

namespace {

/// Builds the plan's loops and maps as dimensions are added.
struct PlanBuilder {
  ContractionPlan plan;
  SmallVector<AffineExpr> lhsExprs, rhsExprs;
  MLIRContext *context;

  AffineExpr loop(int64_t index) { return getAffineDimExpr(index, context); }

  /// Adds a result dimension of `size`, read from operand `source`'s `dim`.
  int64_t addResultDim(int64_t size, unsigned source, int64_t dim) {
    plan.resultShape.push_back(size);
    plan.resultSizeSources.push_back({source, dim});
    return plan.resultShape.size() - 1;
  }
};

/// The matmul/dot operand's element, `size`-1 batch dimensions pinned to 0.
AffineExpr batchExpr(PlanBuilder &builder, int64_t size, int64_t loop) {
  if (size == 1)
    return getAffineConstantExpr(0, builder.context);
  return builder.loop(loop);
}

} // namespace

FailureOr<ContractionPlan>
array::planContraction(bool isDot, RankedTensorType lhs, RankedTensorType rhs,
                       function_ref<InFlightDiagnostic()> emitError) {
  int64_t lhsRank = lhs.getRank(), rhsRank = rhs.getRank();
  StringRef name = isDot ? "dot" : "matmul";
  if (lhsRank == 0 || rhsRank == 0)
    return emitError() << name
                       << " needs operands of rank 1 or more, found ranks "
                       << lhsRank << " and " << rhsRank
                       << " (use array.mul for scalars)";
  PlanBuilder b{{}, {}, {}, lhs.getContext()};
  int64_t lhsK = lhsRank - 1;
  int64_t rhsK = rhsRank == 1 ? 0 : rhsRank - 2;
  int64_t kLhs = lhs.getDimSize(lhsK), kRhs = rhs.getDimSize(rhsK);
  if (!ShapedType::isDynamic(kLhs) && !ShapedType::isDynamic(kRhs) &&
      kLhs != kRhs)
    return emitError() << name << " contracts dimension " << lhsK << " of "
                       << formatShape(lhs.getShape()) << " (size " << kLhs
                       << ") with dimension " << rhsK << " of "
                       << formatShape(rhs.getShape()) << " (size " << kRhs
                       << "); they must be equal";
  b.plan.lhsContracted = lhsK;
  b.plan.rhsContracted = rhsK;

  // Result dimensions first; their loops are 0..r-1, the contraction r.
  SmallVector<std::pair<int64_t, int64_t>> lhsOuter, rhsOuter; // (dim, loop)
  if (isDot) {
    for (int64_t dim = 0; dim < lhsRank - 1; ++dim)
      lhsOuter.push_back({dim, b.addResultDim(lhs.getDimSize(dim), 0, dim)});
    for (int64_t dim = 0; dim < rhsRank; ++dim)
      if (dim != rhsK)
        rhsOuter.push_back(
            {dim, b.addResultDim(rhs.getDimSize(dim), 1, dim)});
  } else {
    ArrayRef<int64_t> lhsBatch =
        lhs.getShape().drop_back(std::min<int64_t>(lhsRank, 2));
    ArrayRef<int64_t> rhsBatch =
        rhs.getShape().drop_back(std::min<int64_t>(rhsRank, 2));
    std::string error;
    std::optional<SmallVector<int64_t>> batch =
        broadcastShapes({lhsBatch, rhsBatch}, &error);
    if (!batch)
      return emitError() << error << " (the batch dimensions of " << name
                         << ")";
    int64_t batchRank = batch->size();
    for (int64_t i = 0; i < batchRank; ++i) {
      // The result size comes from an operand whose dimension is not 1.
      int64_t lhsDim = i - (batchRank - (int64_t)lhsBatch.size());
      int64_t rhsDim = i - (batchRank - (int64_t)rhsBatch.size());
      bool fromLhs = lhsDim >= 0 && lhsBatch[lhsDim] != 1;
      int64_t loop =
          b.addResultDim((*batch)[i], fromLhs ? 0 : 1, fromLhs ? lhsDim : rhsDim);
      if (lhsDim >= 0)
        lhsOuter.push_back({lhsDim, loop});
      if (rhsDim >= 0)
        rhsOuter.push_back({rhsDim, loop});
    }
    if (lhsRank >= 2)
      lhsOuter.push_back(
          {lhsRank - 2, b.addResultDim(lhs.getDimSize(lhsRank - 2), 0,
                                       lhsRank - 2)});
    if (rhsRank >= 2)
      rhsOuter.push_back(
          {rhsRank - 1, b.addResultDim(rhs.getDimSize(rhsRank - 1), 1,
                                       rhsRank - 1)});
  }
  int64_t kLoop = b.plan.resultShape.size();
  b.plan.numLoops = kLoop + 1;

  auto buildMap = [&](RankedTensorType type, int64_t contracted,
                      ArrayRef<std::pair<int64_t, int64_t>> outer) {
    SmallVector<AffineExpr> exprs(type.getRank());
    for (auto [dim, loop] : outer)
      exprs[dim] = batchExpr(b, isDot ? -1 : type.getDimSize(dim), loop);
    exprs[contracted] = b.loop(kLoop);
    return AffineMap::get(b.plan.numLoops, 0, exprs, b.context);
  };
  b.plan.lhsMap = buildMap(lhs, lhsK, lhsOuter);
  b.plan.rhsMap = buildMap(rhs, rhsK, rhsOuter);
  return b.plan;
}

/// Shared verifier of matmul and dot.
static LogicalResult verifyProduct(Operation *op, bool isDot) {
  auto lhs = cast<RankedTensorType>(op->getOperand(0).getType());
  auto rhs = cast<RankedTensorType>(op->getOperand(1).getType());
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  FailureOr<ContractionPlan> plan =
      planContraction(isDot, lhs, rhs, [&] { return op->emitOpError(); });
  if (failed(plan))
    return failure();
  if (ArrayRef<int64_t>(plan->resultShape) != result.getShape())
    return op->emitOpError("result shape ")
           << formatShape(result.getShape()) << " should be "
           << formatShape(plan->resultShape);
  FailureOr<Type> element = promoteElementTypes(
      {lhs.getElementType(), rhs.getElementType()},
      [&] { return op->emitOpError(); });
  if (failed(element))
    return failure();
  if (*element != result.getElementType())
    return op->emitOpError("result element type ")
           << result.getElementType() << " should be " << *element << " ("
           << numpyName(*element) << ")";
  if (auto precision = op->getAttrOfType<StringAttr>("precision")) {
    if (precision.getValue() != "highest" && precision.getValue() != "tf32")
      return op->emitOpError("precision must be \"highest\" or \"tf32\", "
                             "found \"")
             << precision.getValue() << "\"";
    if (precision.getValue() == "tf32" &&
        !(lhs.getElementType().isF32() && rhs.getElementType().isF32()))
      return op->emitOpError("precision \"tf32\" applies to float32 "
                             "operands, found ")
             << lhs.getElementType() << " and " << rhs.getElementType();
  }
  return success();
}

LogicalResult MatmulOp::verify() { return verifyProduct(*this, false); }
LogicalResult DotOp::verify() { return verifyProduct(*this, true); }

//===----------------------------------------------------------------------===//
// BlasMatmulOp
//===----------------------------------------------------------------------===//

/// "?" or the size.
static std::string sizeText(int64_t size) {
  return ShapedType::isDynamic(size) ? "?" : std::to_string(size);
}

/// Whether static sizes `a` and `b` differ.
static bool staticMismatch(int64_t a, int64_t b) {
  return !ShapedType::isDynamic(a) && !ShapedType::isDynamic(b) && a != b;
}

LogicalResult BlasMatmulOp::verify() {
  auto lhs = cast<ShapedType>(getLhs().getType());
  auto rhs = cast<ShapedType>(getRhs().getType());
  auto init = cast<ShapedType>(getInit().getType());
  bool tensors = isa<RankedTensorType>(init);
  SmallVector<Value> operands = {getLhs(), getRhs(), getInit()};
  if (getBias())
    operands.push_back(getBias());
  for (Value operand : operands) {
    auto type = cast<ShapedType>(operand.getType());
    if (tensors ? !isa<RankedTensorType>(type) : !isa<MemRefType>(type))
      return emitOpError("operands must be all ranked tensors or all "
                         "memrefs, found ")
             << type << " with " << init;
    if (type.getElementType() != init.getElementType())
      return emitOpError("operands must share one element type, found ")
             << type.getElementType() << " and " << init.getElementType();
  }
  Type element = init.getElementType();
  if (!element.isF16() && !element.isBF16() && !element.isF32() &&
      !element.isF64())
    return emitOpError("element type must be f16, bf16, f32 or f64, found ")
           << element;
  if (tensors ? getNumResults() != 1 || getResult()[0].getType() != init
              : getNumResults() != 0)
    return emitOpError(tensors ? "on tensors must have one result of the "
                                 "init's type"
                               : "on memrefs must have no result");
  if (lhs.getRank() < 2 || rhs.getRank() < 2)
    return emitOpError("operands must have rank 2 or more, found ranks ")
           << lhs.getRank() << " and " << rhs.getRank();
  if (init.getRank() != std::max(lhs.getRank(), rhs.getRank()))
    return emitOpError("init must have rank ")
           << std::max(lhs.getRank(), rhs.getRank()) << ", found "
           << init.getRank();
  int64_t r = init.getRank();
  int64_t m = lhs.getDimSize(lhs.getRank() - (getTransposeLhs() ? 1 : 2));
  int64_t kl = lhs.getDimSize(lhs.getRank() - (getTransposeLhs() ? 2 : 1));
  int64_t kr = rhs.getDimSize(rhs.getRank() - (getTransposeRhs() ? 1 : 2));
  int64_t n = rhs.getDimSize(rhs.getRank() - (getTransposeRhs() ? 2 : 1));
  if (staticMismatch(kl, kr))
    return emitOpError("contracted sizes differ: ")
           << kl << " (lhs) and " << kr << " (rhs)";
  if (staticMismatch(m, init.getDimSize(r - 2)) ||
      staticMismatch(n, init.getDimSize(r - 1)))
    return emitOpError("init must end in ")
           << sizeText(m) << "x" << sizeText(n) << ", found "
           << sizeText(init.getDimSize(r - 2)) << "x"
           << sizeText(init.getDimSize(r - 1));
  for (ShapedType operand : {lhs, rhs}) {
    int64_t batchRank = operand.getRank() - 2;
    bool allOnes = true, allMatch = true;
    for (int64_t i = 0; i < batchRank; ++i) {
      int64_t size = operand.getDimSize(i);
      allOnes &= size == 1;
      allMatch &= !staticMismatch(size, init.getDimSize(i + r - 2 - batchRank));
    }
    if (!allOnes && !allMatch)
      return emitOpError("batch dimensions of ")
             << operand << " must be all 1 or equal " << init << "'s";
  }
  if (getBias()) {
    auto bias = cast<ShapedType>(getBias().getType());
    if (bias.getRank() != 1 || staticMismatch(bias.getDimSize(0), n))
      return emitOpError("bias must be a vector of ")
             << sizeText(n) << " elements, found " << bias;
  }
  StringRef epilogue = getEpilogue();
  if (epilogue != "none" && epilogue != "relu" && epilogue != "gelu_tanh")
    return emitOpError("epilogue must be \"none\", \"relu\" or "
                       "\"gelu_tanh\", found \"")
           << epilogue << "\"";
  if (getTf32() && !element.isF32())
    return emitOpError("tf32 applies to f32 operands, found ") << element;
  return success();
}

void BlasMatmulOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (!isa<MemRefType>(getInit().getType()))
    return;
  effects.emplace_back(MemoryEffects::Read::get(), &getLhsMutable());
  effects.emplace_back(MemoryEffects::Read::get(), &getRhsMutable());
  if (getBias())
    effects.emplace_back(MemoryEffects::Read::get(), &getBiasMutable()[0]);
  if (!getBeta().isZero())
    effects.emplace_back(MemoryEffects::Read::get(), &getInitMutable());
  effects.emplace_back(MemoryEffects::Write::get(), &getInitMutable());
}
