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
        rhsOuter.push_back({dim, b.addResultDim(rhs.getDimSize(dim), 1, dim)});
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
      int64_t loop = b.addResultDim((*batch)[i], fromLhs ? 0 : 1,
                                    fromLhs ? lhsDim : rhsDim);
      if (lhsDim >= 0)
        lhsOuter.push_back({lhsDim, loop});
      if (rhsDim >= 0)
        rhsOuter.push_back({rhsDim, loop});
    }
    if (lhsRank >= 2)
      lhsOuter.push_back(
          {lhsRank - 2,
           b.addResultDim(lhs.getDimSize(lhsRank - 2), 0, lhsRank - 2)});
    if (rhsRank >= 2)
      rhsOuter.push_back(
          {rhsRank - 1,
           b.addResultDim(rhs.getDimSize(rhsRank - 1), 1, rhsRank - 1)});
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
  FailureOr<Type> element =
      promoteElementTypes({lhs.getElementType(), rhs.getElementType()},
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
