//===- Reductions.cpp - Reductions and scans to linalg.generic ------------===//
//
// A reduction becomes a linalg.generic with reduction iterators over the
// reduced dimensions, accumulating in the accumulator type of its element
// type (TypePromotion.h), followed by an elementwise generic that turns the
// accumulator into the result (cast, divide by the count, sqrt, ...), and an
// expand_shape for keepdims. Moments (var, std) and logsumexp take two
// passes: the mean or the maximum first.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::array;
using mlir::array::detail::mapElements;

namespace {

using CombineFn =
    function_ref<Value(OpBuilder &, Location, Value x, Value acc,
                       ValueRange extras)>;

/// `IntOp` of integers `lhs` and `rhs` (`UIntOp` when they are unsigned),
/// computed on their signless bits.
template <typename IntOp, typename UIntOp = IntOp>
Value intOp(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  Type type = lhs.getType();
  Value l = toSignless(b, loc, lhs), r = toSignless(b, loc, rhs);
  Value result = isUnsignedInteger(type)
                     ? UIntOp::create(b, loc, l, r).getResult()
                     : IntOp::create(b, loc, l, r).getResult();
  return fromSignless(b, loc, result, type);
}

/// The kept dimensions of a rank-`rank` operand reduced over `dims`.
SmallVector<int64_t> keptDims(int64_t rank, ArrayRef<int64_t> dims) {
  SmallVector<int64_t> kept;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (!llvm::is_contained(dims, dim))
      kept.push_back(dim);
  return kept;
}

/// The map from the operand's iteration space to the reduced tensor.
AffineMap reducedMap(int64_t rank, ArrayRef<int64_t> dims,
                     MLIRContext *context) {
  SmallVector<AffineExpr> exprs;
  for (int64_t dim : keptDims(rank, dims))
    exprs.push_back(getAffineDimExpr(dim, context));
  return AffineMap::get(rank, 0, exprs, context);
}

/// An empty tensor of `elementType` with `input`'s kept dimensions.
Value emptyReduced(OpBuilder &b, Location loc, Value input,
                   ArrayRef<int64_t> dims, Type elementType) {
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<int64_t> shape;
  SmallVector<Value> dynamicSizes;
  for (int64_t dim : keptDims(type.getRank(), dims)) {
    shape.push_back(type.getDimSize(dim));
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(tensor::DimOp::create(b, loc, input, dim));
  }
  return tensor::EmptyOp::create(b, loc, shape, elementType, dynamicSizes);
}

/// Reduces `input` over `dims` into tensors of `accTypes` starting from
/// `identities`; `combine` gets the element, the accumulators, and the
/// elements of `extras` (tensors of the reduced shape, e.g. a mean).
SmallVector<Value> reduce(OpBuilder &b, Location loc, Value input,
                          ArrayRef<int64_t> dims, ArrayRef<TypedAttr> identities,
                          ValueRange extras,
                          function_ref<SmallVector<Value>(
                              OpBuilder &, Location, Value, ValueRange,
                              ValueRange)>
                              combine) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  MLIRContext *context = b.getContext();
  SmallVector<Value> inits;
  for (TypedAttr identity : identities) {
    Value empty = emptyReduced(b, loc, input, dims, identity.getType());
    Value value = constantOf(b, loc, identity);
    inits.push_back(
        linalg::FillOp::create(b, loc, value, empty).getResult(0));
  }
  AffineMap outMap = reducedMap(rank, dims, context);
  SmallVector<AffineMap> maps = {AffineMap::getMultiDimIdentityMap(rank, context)};
  maps.append(extras.size(), outMap);
  maps.append(inits.size(), outMap);
  SmallVector<utils::IteratorType> iterators;
  for (int64_t dim = 0; dim < rank; ++dim)
    iterators.push_back(llvm::is_contained(dims, dim)
                            ? utils::IteratorType::reduction
                            : utils::IteratorType::parallel);
  SmallVector<Value> inputs = {input};
  inputs.append(extras.begin(), extras.end());
  auto generic = linalg::GenericOp::create(
      b, loc, ValueRange(inits).getTypes(), inputs, inits, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        size_t numExtras = extras.size();
        SmallVector<Value> results =
            combine(nb, nloc, args[0], args.drop_front(1 + numExtras),
                    args.slice(1, numExtras));
        linalg::YieldOp::create(nb, nloc, results);
      });
  return SmallVector<Value>(generic.getResults());
}

/// Inserts the size-1 dimensions keepdims keeps.
Value keepDims(OpBuilder &b, Location loc, Value reduced,
               RankedTensorType resultType, int64_t operandRank,
               ArrayRef<int64_t> dims) {
  if (cast<RankedTensorType>(reduced.getType()) == resultType)
    return reduced;
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (int64_t dim = 0; dim < operandRank; ++dim) {
    if (llvm::is_contained(dims, dim)) {
      if (groups.empty())
        pending.push_back(dim);
      else
        groups.back().push_back(dim);
      continue;
    }
    ReassociationIndices group = pending;
    pending.clear();
    group.push_back(dim);
    groups.push_back(group);
  }
  return tensor::ExpandShapeOp::create(b, loc, resultType, reduced, groups);
}

/// The number of elements each reduced slice holds, as a float of `type`.
Value reducedCount(OpBuilder &b, Location loc, Value input,
                   ArrayRef<int64_t> dims, Type type) {
  Value count = arith::ConstantIndexOp::create(b, loc, 1);
  for (int64_t dim : dims)
    count = arith::MulIOp::create(b, loc, count,
                                  tensor::DimOp::create(b, loc, input, dim));
  Value asInt = arith::IndexCastOp::create(b, loc, b.getI64Type(), count);
  return arith::SIToFPOp::create(b, loc, type, asInt);
}

TypedAttr floatAttr(Type type, double value) {
  return FloatAttr::get(type, value);
}

/// The lowest (`max` false: highest) value of `type`, the identity of max
/// (min).
TypedAttr extremeAttr(Type type, bool lowest) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return FloatAttr::get(type, APFloat::getInf(floatType.getFloatSemantics(),
                                                /*Negative=*/lowest));
  unsigned width = type.getIntOrFloatBitWidth();
  if (width == 1)
    return IntegerAttr::get(type, lowest ? 0 : 1);
  if (isUnsignedInteger(type))
    return IntegerAttr::get(type, lowest ? APInt::getMinValue(width)
                                         : APInt::getMaxValue(width));
  return IntegerAttr::get(type, lowest ? APInt::getSignedMinValue(width)
                                       : APInt::getSignedMaxValue(width));
}

/// NumPy's truth value of a scalar: nonzero (NaN included).
Value truth(OpBuilder &b, Location loc, Value x) {
  return castScalar(b, loc, x, b.getI1Type());
}

template <typename SourceOp>
struct ReductionLowering : OpRewritePattern<SourceOp> {
  using OpRewritePattern<SourceOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(SourceOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = op.getOperand();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    Type elementType = inputType.getElementType();
    Type resultElementType = resultType.getElementType();
    SmallVector<int64_t> dims = op.getReducedDims();
    Value reduced = lower(rewriter, loc, op, input, dims, elementType,
                          resultElementType);
    rewriter.replaceOp(op, keepDims(rewriter, loc, reduced, resultType,
                                    inputType.getRank(), dims));
    return success();
  }

  /// The reduction of `input` over `dims`, without the keepdims dimensions.
  Value lower(OpBuilder &b, Location loc, SourceOp op, Value input,
              ArrayRef<int64_t> dims, Type elementType,
              Type resultType) const;
};

/// sum, prod: accumulate in the accumulator type, cast to the result.
template <typename ArithF, typename ArithI>
Value accumulate(OpBuilder &b, Location loc, Value input,
                 ArrayRef<int64_t> dims, Type elementType, Type resultType,
                 double identity) {
  Type acc = accumulatorType(elementType);
  TypedAttr init = isa<FloatType>(acc)
                       ? floatAttr(acc, identity)
                       : TypedAttr(IntegerAttr::get(acc, int64_t(identity)));
  Value sum = reduce(b, loc, input, dims, {init}, {},
                     [&](OpBuilder &nb, Location nloc, Value x,
                         ValueRange accs, ValueRange) -> SmallVector<Value> {
                       Value wide = castScalar(nb, nloc, x, acc);
                       if (isa<FloatType>(acc))
                         return {ArithF::create(nb, nloc, accs[0], wide)};
                       return {intOp<ArithI>(nb, nloc, accs[0], wide)};
                     })[0];
  return mapElements(b, loc, sum, resultType,
                     [&](OpBuilder &nb, Location nloc, ValueRange args) {
                       return castScalar(nb, nloc, args[0], resultType);
                     });
}

/// The mean of `input` over `dims` in the accumulator type.
Value meanInAccumulator(OpBuilder &b, Location loc, Value input,
                        ArrayRef<int64_t> dims, Type elementType) {
  // Means accumulate in a float: int64 sums would overflow sooner.
  Type acc = accumulatorType(floatResultType(meanResultType(elementType)));
  Value sum = reduce(b, loc, input, dims, {floatAttr(acc, 0.0)}, {},
                     [&](OpBuilder &nb, Location nloc, Value x,
                         ValueRange accs, ValueRange) -> SmallVector<Value> {
                       return {arith::AddFOp::create(
                           nb, nloc, accs[0], castScalar(nb, nloc, x, acc))};
                     })[0];
  Value count = reducedCount(b, loc, input, dims, acc);
  return mapElements(b, loc, sum, acc,
                     [&](OpBuilder &nb, Location nloc, ValueRange args) {
                       return arith::DivFOp::create(nb, nloc, args[0], count)
                           .getResult();
                     });
}

/// var (or, with `sqrt`, std) in the accumulator type, two passes.
Value variance(OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> dims,
               Type elementType, Type resultType, int64_t ddof, bool root) {
  Value mean = meanInAccumulator(b, loc, input, dims, elementType);
  Type acc = cast<RankedTensorType>(mean.getType()).getElementType();
  Value squares =
      reduce(b, loc, input, dims, {floatAttr(acc, 0.0)}, {mean},
             [&](OpBuilder &nb, Location nloc, Value x, ValueRange accs,
                 ValueRange extras) -> SmallVector<Value> {
               Value d = arith::SubFOp::create(
                   nb, nloc, castScalar(nb, nloc, x, acc), extras[0]);
               Value sq = arith::MulFOp::create(nb, nloc, d, d);
               return {arith::AddFOp::create(nb, nloc, accs[0], sq)};
             })[0];
  Value count = reducedCount(b, loc, input, dims, acc);
  Value ddofValue =
      arith::ConstantOp::create(b, loc, floatAttr(acc, double(ddof)));
  Value denominator = arith::SubFOp::create(b, loc, count, ddofValue);
  return mapElements(b, loc, squares, resultType,
                     [&](OpBuilder &nb, Location nloc, ValueRange args) {
                       Value v = arith::DivFOp::create(nb, nloc, args[0],
                                                       denominator);
                       if (root)
                         v = math::SqrtOp::create(nb, nloc, v);
                       return castScalar(nb, nloc, v, resultType);
                     });
}

template <>
Value ReductionLowering<SumOp>::lower(OpBuilder &b, Location loc, SumOp,
                                      Value input, ArrayRef<int64_t> dims,
                                      Type elementType,
                                      Type resultType) const {
  return accumulate<arith::AddFOp, arith::AddIOp>(b, loc, input, dims,
                                                  elementType, resultType, 0);
}

template <>
Value ReductionLowering<ProdOp>::lower(OpBuilder &b, Location loc, ProdOp,
                                       Value input, ArrayRef<int64_t> dims,
                                       Type elementType,
                                       Type resultType) const {
  return accumulate<arith::MulFOp, arith::MulIOp>(b, loc, input, dims,
                                                  elementType, resultType, 1);
}

/// max, min in the element type; NaN propagates (maximumf/minimumf).
template <bool IsMax>
Value extreme(OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> dims,
              Type elementType) {
  return reduce(
      b, loc, input, dims, {extremeAttr(elementType, /*lowest=*/IsMax)}, {},
      [&](OpBuilder &nb, Location nloc, Value x, ValueRange accs,
          ValueRange) -> SmallVector<Value> {
        if (isa<FloatType>(elementType)) {
          if (IsMax)
            return {arith::MaximumFOp::create(nb, nloc, accs[0], x)};
          return {arith::MinimumFOp::create(nb, nloc, accs[0], x)};
        }
        if (elementType.isInteger(1)) {
          if (IsMax)
            return {arith::OrIOp::create(nb, nloc, accs[0], x)};
          return {arith::AndIOp::create(nb, nloc, accs[0], x)};
        }
        if (IsMax)
          return {intOp<arith::MaxSIOp, arith::MaxUIOp>(nb, nloc, accs[0], x)};
        return {intOp<arith::MinSIOp, arith::MinUIOp>(nb, nloc, accs[0], x)};
      })[0];
}

template <>
Value ReductionLowering<MaxOp>::lower(OpBuilder &b, Location loc, MaxOp,
                                      Value input, ArrayRef<int64_t> dims,
                                      Type elementType, Type) const {
  return extreme<true>(b, loc, input, dims, elementType);
}

template <>
Value ReductionLowering<MinOp>::lower(OpBuilder &b, Location loc, MinOp,
                                      Value input, ArrayRef<int64_t> dims,
                                      Type elementType, Type) const {
  return extreme<false>(b, loc, input, dims, elementType);
}

template <>
Value ReductionLowering<MeanOp>::lower(OpBuilder &b, Location loc, MeanOp,
                                       Value input, ArrayRef<int64_t> dims,
                                       Type elementType,
                                       Type resultType) const {
  Value mean = meanInAccumulator(b, loc, input, dims, elementType);
  return mapElements(b, loc, mean, resultType,
                     [&](OpBuilder &nb, Location nloc, ValueRange args) {
                       return castScalar(nb, nloc, args[0], resultType);
                     });
}

template <>
Value ReductionLowering<VarOp>::lower(OpBuilder &b, Location loc, VarOp op,
                                      Value input, ArrayRef<int64_t> dims,
                                      Type elementType,
                                      Type resultType) const {
  return variance(b, loc, input, dims, elementType, resultType, op.getDdof(),
                  /*root=*/false);
}

template <>
Value ReductionLowering<StdOp>::lower(OpBuilder &b, Location loc, StdOp op,
                                      Value input, ArrayRef<int64_t> dims,
                                      Type elementType,
                                      Type resultType) const {
  return variance(b, loc, input, dims, elementType, resultType, op.getDdof(),
                  /*root=*/true);
}

/// any, all over truth values.
template <bool IsAny>
Value logical(OpBuilder &b, Location loc, Value input,
              ArrayRef<int64_t> dims) {
  return reduce(b, loc, input, dims,
                {IntegerAttr::get(b.getI1Type(), IsAny ? 0 : 1)}, {},
                [&](OpBuilder &nb, Location nloc, Value x, ValueRange accs,
                    ValueRange) -> SmallVector<Value> {
                  Value t = truth(nb, nloc, x);
                  if (IsAny)
                    return {arith::OrIOp::create(nb, nloc, accs[0], t)};
                  return {arith::AndIOp::create(nb, nloc, accs[0], t)};
                })[0];
}

template <>
Value ReductionLowering<AnyOp>::lower(OpBuilder &b, Location loc, AnyOp,
                                      Value input, ArrayRef<int64_t> dims,
                                      Type, Type) const {
  return logical<true>(b, loc, input, dims);
}

template <>
Value ReductionLowering<AllOp>::lower(OpBuilder &b, Location loc, AllOp,
                                      Value input, ArrayRef<int64_t> dims,
                                      Type, Type) const {
  return logical<false>(b, loc, input, dims);
}

template <>
Value ReductionLowering<LogSumExpOp>::lower(OpBuilder &b, Location loc,
                                            LogSumExpOp, Value input,
                                            ArrayRef<int64_t> dims,
                                            Type elementType,
                                            Type resultType) const {
  Type acc = accumulatorType(resultType);
  // The max, the shift and the exponentials in float32 for float32 input
  // (as a float32 softmax computes them; exp is accurate to an ulp there),
  // only their sum in the wider accumulator: a float64 exp per element
  // costs the GPU many times the memory traffic.
  Type inputType = cast<ShapedType>(input.getType()).getElementType();
  Type compute = inputType.isF32() && acc.isF64() ? inputType : acc;
  Value max = reduce(b, loc, input, dims, {extremeAttr(compute, true)}, {},
                     [&](OpBuilder &nb, Location nloc, Value x,
                         ValueRange accs, ValueRange) -> SmallVector<Value> {
                       return {arith::MaximumFOp::create(
                           nb, nloc, accs[0], castScalar(nb, nloc, x, compute))};
                     })[0];
  // As SciPy: shift by the maximum only where it is finite.
  Value shift = mapElements(
      b, loc, max, compute, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value finite = math::IsFiniteOp::create(nb, nloc, args[0]);
        Value zero =
            arith::ConstantOp::create(nb, nloc, floatAttr(compute, 0.0));
        return arith::SelectOp::create(nb, nloc, finite, args[0], zero)
            .getResult();
      });
  Value sum =
      reduce(b, loc, input, dims, {floatAttr(acc, 0.0)}, {shift},
             [&](OpBuilder &nb, Location nloc, Value x, ValueRange accs,
                 ValueRange extras) -> SmallVector<Value> {
               Value d = arith::SubFOp::create(
                   nb, nloc, castScalar(nb, nloc, x, compute), extras[0]);
               Value e = math::ExpOp::create(nb, nloc, d);
               return {arith::AddFOp::create(nb, nloc, accs[0],
                                             castScalar(nb, nloc, e, acc))};
             })[0];
  return mapElements(b, loc, ValueRange{sum, shift}, resultType,
                     [&](OpBuilder &nb, Location nloc, ValueRange args) {
                       Value log = math::LogOp::create(nb, nloc, args[0]);
                       Value r = arith::AddFOp::create(
                           nb, nloc, log, castScalar(nb, nloc, args[1], acc));
                       return castScalar(nb, nloc, r, resultType);
                     });
}

/// argmax/argmin: the value and the first index of the extreme along the
/// reduced dimensions (C order), NaN counting as the extreme.
template <typename SourceOp, bool IsMax>
struct ArgReductionLowering : OpRewritePattern<SourceOp> {
  using OpRewritePattern<SourceOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(SourceOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = op.getOperand();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    Type elementType = inputType.getElementType();
    SmallVector<int64_t> dims;
    if (std::optional<int64_t> axis = op.getAxis())
      dims.push_back(*axis < 0 ? *axis + rank : *axis);
    else
      for (int64_t dim = 0; dim < rank; ++dim)
        dims.push_back(dim);

    // Strides of the reduced dimensions in the flattened reduced slice.
    SmallVector<Value> strides(dims.size());
    Value stride = arith::ConstantIndexOp::create(rewriter, loc, 1);
    for (int64_t i = static_cast<int64_t>(dims.size()) - 1; i >= 0; --i) {
      strides[i] = stride;
      stride = arith::MulIOp::create(
          rewriter, loc, stride,
          tensor::DimOp::create(rewriter, loc, input, dims[i]));
    }

    SmallVector<Value> results = reduce(
        rewriter, loc, input, dims,
        {extremeAttr(elementType, /*lowest=*/IsMax),
         rewriter.getI64IntegerAttr(0)},
        {},
        [&](OpBuilder &b, Location nloc, Value x, ValueRange accs,
            ValueRange) -> SmallVector<Value> {
          Value index = arith::ConstantIndexOp::create(b, nloc, 0);
          for (auto [dim, dimStride] : llvm::zip(dims, strides)) {
            Value i = linalg::IndexOp::create(b, nloc, dim);
            index = arith::AddIOp::create(
                b, nloc, index, arith::MulIOp::create(b, nloc, i, dimStride));
          }
          index = arith::IndexCastOp::create(b, nloc, b.getI64Type(), index);
          Value better;
          if (auto floatType = dyn_cast<FloatType>(elementType)) {
            better = arith::CmpFOp::create(
                b, nloc,
                IsMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT,
                x, accs[0]);
            Value xNan = arith::CmpFOp::create(
                b, nloc, arith::CmpFPredicate::UNO, x, x);
            Value bestNan = arith::CmpFOp::create(
                b, nloc, arith::CmpFPredicate::UNO, accs[0], accs[0]);
            Value notBestNan = arith::XOrIOp::create(
                b, nloc, bestNan,
                arith::ConstantOp::create(b, nloc, b.getBoolAttr(true)));
            better = arith::OrIOp::create(
                b, nloc, better,
                arith::AndIOp::create(b, nloc, xNan, notBestNan));
          } else {
            // bool and unsigned integers compare unsigned.
            bool isUnsigned = elementType.isInteger(1) ||
                              isUnsignedInteger(elementType);
            better = arith::CmpIOp::create(
                b, nloc,
                IsMax ? (isUnsigned ? arith::CmpIPredicate::ugt
                                    : arith::CmpIPredicate::sgt)
                      : (isUnsigned ? arith::CmpIPredicate::ult
                                    : arith::CmpIPredicate::slt),
                toSignless(b, nloc, x), toSignless(b, nloc, accs[0]));
          }
          // The first element always replaces the identity, so that an
          // all-identity slice still reports index 0.
          return {arith::SelectOp::create(b, nloc, better, x, accs[0]),
                  arith::SelectOp::create(b, nloc, better, index, accs[1])};
        });
    auto resultType = cast<RankedTensorType>(op.getType());
    rewriter.replaceOp(op, keepDims(rewriter, loc, results[1], resultType,
                                    rank, dims));
    return success();
  }
};

/// cumsum/cumprod along one axis, as a generic with a second reduction
/// dimension k over the axis masked to k <= j: O(n^2) along the axis,
/// correct on every target; a real scan is future work.
template <typename SourceOp, typename ArithF, typename ArithI>
struct ScanLowering : OpRewritePattern<SourceOp> {
  ScanLowering(MLIRContext *context, double identity)
      : OpRewritePattern<SourceOp>(context), identity(identity) {}

  LogicalResult matchAndRewrite(SourceOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = op.getOperand();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = inputType.getRank();
    // I64Attr's getter is unsigned: read the axis as the signed value it is.
    int64_t axis = op.getAxisAttr().getInt();
    if (axis < 0)
      axis += rank;
    Type elementType = inputType.getElementType();
    Type acc = accumulatorType(elementType);
    MLIRContext *context = rewriter.getContext();

    SmallVector<Value> dynamicSizes;
    for (int64_t dim = 0; dim < rank; ++dim)
      if (inputType.isDynamicDim(dim))
        dynamicSizes.push_back(tensor::DimOp::create(rewriter, loc, input, dim));
    Value empty = tensor::EmptyOp::create(rewriter, loc, inputType.getShape(),
                                          acc, dynamicSizes);
    TypedAttr init = isa<FloatType>(acc)
                         ? floatAttr(acc, identity)
                         : TypedAttr(IntegerAttr::get(acc, int64_t(identity)));
    Value initValue = constantOf(rewriter, loc, init);
    Value filled =
        linalg::FillOp::create(rewriter, loc, initValue, empty).getResult(0);

    // Iteration space: the operand's dims (j at `axis`) plus k at `rank`.
    SmallVector<AffineExpr> inputExprs;
    for (int64_t dim = 0; dim < rank; ++dim)
      inputExprs.push_back(getAffineDimExpr(dim == axis ? rank : dim, context));
    AffineMap inputMap = AffineMap::get(rank + 1, 0, inputExprs, context);
    AffineMap outputMap = AffineMap::getMultiDimIdentityMap(rank + 1, context)
                              .getMajorSubMap(rank);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.push_back(utils::IteratorType::reduction);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, filled.getType(), input, filled,
        ArrayRef<AffineMap>{inputMap, outputMap}, iterators,
        [&](OpBuilder &b, Location nloc, ValueRange args) {
          Value j = linalg::IndexOp::create(b, nloc, axis);
          Value k = linalg::IndexOp::create(b, nloc, rank);
          Value inPrefix = arith::CmpIOp::create(
              b, nloc, arith::CmpIPredicate::ule, k, j);
          Value x = castScalar(b, nloc, args[0], acc);
          Value combined =
              isa<FloatType>(acc)
                  ? ArithF::create(b, nloc, args[1], x).getResult()
                  : intOp<ArithI>(b, nloc, args[1], x);
          linalg::YieldOp::create(
              b, nloc,
              arith::SelectOp::create(b, nloc, inPrefix, combined, args[1])
                  .getResult());
        });
    Type resultElementType = resultType.getElementType();
    rewriter.replaceOp(
        op, mapElements(rewriter, loc, generic.getResult(0), resultElementType,
                        [&](OpBuilder &b, Location nloc, ValueRange args) {
                          return castScalar(b, nloc, args[0],
                                            resultElementType);
                        }));
    return success();
  }

  double identity;
};

/// array.reduce: combine(acc, map(x)) from the identity, then post.
struct CustomReduceLowering : OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReduceOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = op.getOperand();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    SmallVector<int64_t> dims = op.getReducedDims();
    Value reduced =
        reduce(rewriter, loc, input, dims, {op.getIdentity()}, {},
               [&](OpBuilder &b, Location, Value x, ValueRange accs,
                   ValueRange) -> SmallVector<Value> {
                 Value mapped = array::detail::inlineScalarRegion(
                     b, op.getMap(), toSignless(b, loc, x));
                 return {array::detail::inlineScalarRegion(b, op.getCombine(),
                                            {accs[0], mapped})};
               })[0];
    if (!op.getPost().empty())
      reduced = mapElements(
          rewriter, loc, reduced, resultType.getElementType(),
          [&](OpBuilder &b, Location, ValueRange args) {
            return array::detail::inlineScalarRegion(b, op.getPost(), args[0]);
          });
    // An unsigned result holds the regions' signless bits.
    Type resultElement = resultType.getElementType();
    if (cast<RankedTensorType>(reduced.getType()).getElementType() !=
        resultElement)
      reduced = mapElements(rewriter, loc, reduced, resultElement,
                            [&](OpBuilder &b, Location nloc, ValueRange args) {
                              return fromSignless(b, nloc, args[0],
                                                  resultElement);
                            });
    rewriter.replaceOp(op, keepDims(rewriter, loc, reduced, resultType,
                                    inputType.getRank(), dims));
    return success();
  }
};

} // namespace

void array::populateReductionToLinalgPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ReductionLowering<SumOp>, ReductionLowering<ProdOp>,
               ReductionLowering<MaxOp>, ReductionLowering<MinOp>,
               ReductionLowering<MeanOp>, ReductionLowering<VarOp>,
               ReductionLowering<StdOp>, ReductionLowering<AnyOp>,
               ReductionLowering<AllOp>, ReductionLowering<LogSumExpOp>,
               ArgReductionLowering<ArgMaxOp, true>,
               ArgReductionLowering<ArgMinOp, false>, CustomReduceLowering>(
      context);
  patterns.add<ScanLowering<CumSumOp, arith::AddFOp, arith::AddIOp>>(context,
                                                                      0.0);
  patterns.add<ScanLowering<CumProdOp, arith::MulFOp, arith::MulIOp>>(context,
                                                                       1.0);
}
