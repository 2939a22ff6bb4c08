//===- Creation.cpp - Array creation ops to tensor/linalg -----------------===//

#include "Patterns.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::array;

namespace {

struct FullToFill : OpRewritePattern<FullOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(FullOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                         type.getElementType(),
                                         op.getDynamicSizes());
    Value value = constantOf(rewriter, loc, op.getValue());
    rewriter.replaceOpWithNewOp<linalg::FillOp>(op, value, init);
    return success();
  }
};

struct EmptyToTensorEmpty : OpRewritePattern<EmptyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(EmptyOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    rewriter.replaceOpWithNewOp<tensor::EmptyOp>(
        op, type.getShape(), type.getElementType(), op.getDynamicSizes());
    return success();
  }
};

struct ConstantToArith : OpRewritePattern<ConstantOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConstantOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, cast<TypedAttr>(op.getValue()));
    return success();
  }
};

/// Replaces `op` (a creation op with one tensor result) with one
/// all-parallel linalg.generic that computes each element from its indices
/// with `body`.
void replaceWithIndexGeneric(
    PatternRewriter &rewriter, Operation *op, ValueRange dynamicSizes,
    function_ref<Value(OpBuilder &, Location, ArrayRef<Value>)> body) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  Value init = tensor::EmptyOp::create(rewriter, op->getLoc(), type.getShape(),
                                       type.getElementType(), dynamicSizes);
  array::detail::replaceWithIndexedGeneric(rewriter, op, init, body);
}

/// The float type a float result's elements are computed in: f64 for f64,
/// f32 for the rest (NumPy computes float16 through float, too).
FloatType computeType(Type elementType) {
  MLIRContext *context = elementType.getContext();
  if (elementType.isF64())
    return Float64Type::get(context);
  return Float32Type::get(context);
}

Value floatConstant(OpBuilder &b, Location loc, FloatType type, double value) {
  return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
}

/// `value` rounded to `type` and back to double.
double roundTo(double value, Type type) {
  APFloat number(value);
  bool losesInfo = false;
  number.convert(cast<FloatType>(type).getFloatSemantics(),
                 APFloat::rmNearestTiesToEven, &losesInfo);
  number.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                 &losesInfo);
  return number.convertToDouble();
}

double literalValue(Attribute literal) {
  if (auto intAttr = dyn_cast<IntegerAttr>(literal))
    return static_cast<double>(intAttr.getInt());
  return cast<FloatAttr>(literal).getValueAsDouble();
}

struct ArangeToGeneric : OpRewritePattern<ArangeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ArangeOp op,
                                PatternRewriter &rewriter) const override {
    Type elementType = op.getType().getElementType();
    if (auto intType = dyn_cast<IntegerType>(elementType)) {
      int64_t start = cast<IntegerAttr>(op.getStart()).getInt();
      int64_t step = cast<IntegerAttr>(op.getStep()).getInt();
      replaceWithIndexGeneric(
          rewriter, op, {},
          [&](OpBuilder &b, Location loc, ArrayRef<Value> indices) -> Value {
            // Computed on signless bits; unsigned results wrap as NumPy's.
            Type bits = signlessType(intType);
            Value i = arith::IndexCastOp::create(b, loc, bits, indices[0]);
            Value first = arith::ConstantOp::create(
                b, loc, b.getIntegerAttr(bits, start));
            Value delta = arith::ConstantOp::create(
                b, loc, b.getIntegerAttr(bits, step));
            return fromSignless(
                b, loc,
                arith::AddIOp::create(b, loc, first,
                                      arith::MulIOp::create(b, loc, i, delta)),
                intType);
          });
      return success();
    }
    // As NumPy's fill: first = T(start), delta = T(start + step) - first
    // (in the compute type), element i = first + i * delta.
    FloatType compute = computeType(elementType);
    double start = literalValue(op.getStart());
    double step = literalValue(op.getStep());
    double first = roundTo(start, elementType);
    double second = roundTo(start + step, elementType);
    double delta = compute.isF64()
                       ? second - first
                       : static_cast<double>(static_cast<float>(second) -
                                             static_cast<float>(first));
    replaceWithIndexGeneric(
        rewriter, op, {},
        [&](OpBuilder &b, Location loc, ArrayRef<Value> indices) -> Value {
          Value i = arith::IndexCastOp::create(b, loc, b.getI64Type(),
                                               indices[0]);
          Value x = arith::SIToFPOp::create(b, loc, compute, i);
          // Operands created one statement each: the IR must not depend
          // on the host compiler's order of evaluating arguments.
          Value start = floatConstant(b, loc, compute, first);
          Value step = floatConstant(b, loc, compute, delta);
          Value y = arith::AddFOp::create(
              b, loc, start, arith::MulFOp::create(b, loc, x, step));
          return castScalar(b, loc, y, elementType);
        });
    return success();
  }
};

struct LinspaceToGeneric : OpRewritePattern<LinspaceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LinspaceOp op,
                                PatternRewriter &rewriter) const override {
    Type elementType = op.getType().getElementType();
    int64_t num = op.getType().getDimSize(0);
    double start = op.getStart().convertToDouble();
    double stop = op.getStop().convertToDouble();
    double delta = stop - start;
    double div = static_cast<double>(num - 1);
    double step = num > 1 ? delta / div : 0.0;
    replaceWithIndexGeneric(
        rewriter, op, {},
        [&](OpBuilder &b, Location loc, ArrayRef<Value> indices) -> Value {
          FloatType f64 = b.getF64Type();
          Value y = floatConstant(b, loc, f64, start);
          if (num > 1) {
            Value i = arith::IndexCastOp::create(b, loc, b.getI64Type(),
                                                 indices[0]);
            Value x = arith::SIToFPOp::create(b, loc, f64, i);
            // NumPy divides first where the step underflows to 0.
            Value scaled =
                step == 0.0
                    ? arith::MulFOp::create(
                          b, loc,
                          arith::DivFOp::create(
                              b, loc, x, floatConstant(b, loc, f64, div)),
                          floatConstant(b, loc, f64, delta))
                          .getResult()
                    : arith::MulFOp::create(b, loc, x,
                                            floatConstant(b, loc, f64, step))
                          .getResult();
            y = arith::AddFOp::create(b, loc, scaled, y);
            Value isLast = arith::CmpIOp::create(
                b, loc, arith::CmpIPredicate::eq, indices[0],
                arith::ConstantIndexOp::create(b, loc, num - 1));
            y = arith::SelectOp::create(b, loc, isLast,
                                        floatConstant(b, loc, f64, stop), y);
          }
          if (isa<IntegerType>(elementType))
            y = math::FloorOp::create(b, loc, y);
          return castScalar(b, loc, y, elementType);
        });
    return success();
  }
};

struct EyeToGeneric : OpRewritePattern<EyeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(EyeOp op,
                                PatternRewriter &rewriter) const override {
    Type elementType = op.getType().getElementType();
    int64_t k = op.getK();
    replaceWithIndexGeneric(
        rewriter, op, {},
        [&](OpBuilder &b, Location loc, ArrayRef<Value> indices) -> Value {
          Value shifted = arith::AddIOp::create(
              b, loc, indices[0], arith::ConstantIndexOp::create(b, loc, k));
          Value onDiagonal = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::eq, shifted, indices[1]);
          return castScalar(b, loc, onDiagonal, elementType);
        });
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Philox-4x32-10 (Salmon, Moraes, Dror, Shaw: "Parallel random numbers: as
// easy as 1, 2, 3", SC'11), in arith ops on i32/i64 so that every target
// computes the same bits.
//===----------------------------------------------------------------------===//

Value i32Constant(OpBuilder &b, Location loc, uint32_t value) {
  return arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(b.getI32Type(), static_cast<int32_t>(value)));
}

Value i64Constant(OpBuilder &b, Location loc, uint64_t value) {
  return arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(b.getI64Type(), static_cast<int64_t>(value)));
}

/// The four output words of Philox-4x32-10 for a 64-bit counter (the upper
/// two counter words are 0) and a 64-bit key.
std::array<Value, 4> philox(OpBuilder &b, Location loc, Value counter,
                            uint64_t key) {
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Value shift = i64Constant(b, loc, 32);
  std::array<Value, 4> c = {
      arith::TruncIOp::create(b, loc, i32, counter),
      arith::TruncIOp::create(b, loc, i32,
                              arith::ShRUIOp::create(b, loc, counter, shift)),
      i32Constant(b, loc, 0), i32Constant(b, loc, 0)};
  uint32_t k0 = static_cast<uint32_t>(key), k1 = static_cast<uint32_t>(key >> 32);
  // (hi, lo) of the 64-bit product of a 32-bit constant and word `x`.
  auto mulhilo = [&](uint32_t multiplier, Value x) -> std::pair<Value, Value> {
    Value product = arith::MulIOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, i64, x),
        i64Constant(b, loc, multiplier));
    Value lo = arith::TruncIOp::create(b, loc, i32, product);
    Value hi = arith::TruncIOp::create(
        b, loc, i32, arith::ShRUIOp::create(b, loc, product, shift));
    return {hi, lo};
  };
  for (int round = 0; round < 10; ++round) {
    auto [hi0, lo0] = mulhilo(0xD2511F53u, c[0]);
    auto [hi1, lo1] = mulhilo(0xCD9E8D57u, c[2]);
    Value x1 = arith::XOrIOp::create(b, loc, hi1, c[1]);
    Value x3 = arith::XOrIOp::create(b, loc, hi0, c[3]);
    c = {arith::XOrIOp::create(b, loc, x1, i32Constant(b, loc, k0)), lo1,
         arith::XOrIOp::create(b, loc, x3, i32Constant(b, loc, k1)), lo0};
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  return c;
}

/// `bits` random bits from the top of 32-bit word `x`, as a float in
/// [0, 1) (or (0, 1] when `open0`) of type `type`.
Value unitFloat32(OpBuilder &b, Location loc, Value x, unsigned bits,
                  bool open0, FloatType type) {
  Value k = arith::ShRUIOp::create(b, loc, x, i32Constant(b, loc, 32 - bits));
  if (open0)
    k = arith::AddIOp::create(b, loc, k, i32Constant(b, loc, 1));
  Value f = arith::UIToFPOp::create(b, loc, type, k);
  return arith::MulFOp::create(b, loc, f,
                               floatConstant(b, loc, type, std::ldexp(1.0, -static_cast<int>(bits))));
}

/// 53 random bits from words `hi` and `lo`, as an f64 in [0, 1) (or (0, 1]).
Value unitFloat64(OpBuilder &b, Location loc, Value hi, Value lo, bool open0) {
  Type i64 = b.getI64Type();
  Value word = arith::OrIOp::create(
      b, loc,
      arith::ShLIOp::create(b, loc, arith::ExtUIOp::create(b, loc, i64, hi),
                            i64Constant(b, loc, 32)),
      arith::ExtUIOp::create(b, loc, i64, lo));
  Value k = arith::ShRUIOp::create(b, loc, word, i64Constant(b, loc, 11));
  if (open0)
    k = arith::AddIOp::create(b, loc, k, i64Constant(b, loc, 1));
  FloatType f64 = b.getF64Type();
  Value f = arith::UIToFPOp::create(b, loc, f64, k);
  return arith::MulFOp::create(b, loc, f,
                               floatConstant(b, loc, f64, std::ldexp(1.0, -53)));
}

/// The row-major linear index of `indices` in a tensor of `sizes`, as i64.
Value linearIndex(OpBuilder &b, Location loc, ArrayRef<Value> indices,
                  ArrayRef<Value> sizes) {
  Value linear = arith::ConstantIndexOp::create(b, loc, 0);
  for (auto [index, size] : llvm::zip(indices, sizes))
    linear = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, linear, size), index);
  return arith::IndexCastUIOp::create(b, loc, b.getI64Type(), linear);
}

/// The sizes of `op`'s result, constants and its dynamic size operands.
SmallVector<Value> resultSizes(OpBuilder &b, Location loc,
                               RankedTensorType type, ValueRange dynamic) {
  SmallVector<Value> sizes;
  unsigned next = 0;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    sizes.push_back(type.isDynamicDim(dim)
                        ? dynamic[next++]
                        : arith::ConstantIndexOp::create(
                              b, loc, type.getDimSize(dim))
                              .getResult());
  return sizes;
}

template <typename OpTy, bool Normal>
struct RandomToGeneric : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    auto elementType = cast<FloatType>(type.getElementType());
    uint64_t seed = static_cast<uint64_t>(op.getSeed());
    SmallVector<Value> sizes =
        resultSizes(rewriter, op.getLoc(), type, op.getDynamicSizes());
    replaceWithIndexGeneric(
        rewriter, op, op.getDynamicSizes(),
        [&](OpBuilder &b, Location loc, ArrayRef<Value> indices) -> Value {
          std::array<Value, 4> x =
              philox(b, loc, linearIndex(b, loc, indices, sizes), seed);
          if (elementType.isF64()) {
            if (!Normal)
              return unitFloat64(b, loc, x[0], x[1], false);
            return boxMuller(b, loc, unitFloat64(b, loc, x[0], x[1], true),
                             unitFloat64(b, loc, x[2], x[3], false));
          }
          FloatType f32 = b.getF32Type();
          if (!Normal) {
            unsigned bits = elementType.isF32()   ? 24
                            : elementType.isF16() ? 11
                                                  : 8;
            return castScalar(b, loc,
                              unitFloat32(b, loc, x[0], bits, false, f32),
                              elementType);
          }
          Value z = boxMuller(b, loc, unitFloat32(b, loc, x[0], 24, true, f32),
                              unitFloat32(b, loc, x[1], 24, false, f32));
          return castScalar(b, loc, z, elementType);
        });
    return success();
  }

  /// sqrt(-2 ln u1) * cos(2 pi u2).
  static Value boxMuller(OpBuilder &b, Location loc, Value u1, Value u2) {
    auto type = cast<FloatType>(u1.getType());
    Value minusTwo = floatConstant(b, loc, type, -2.0);
    Value log = math::LogOp::create(b, loc, u1);
    Value radius = math::SqrtOp::create(
        b, loc, arith::MulFOp::create(b, loc, minusTwo, log));
    Value angle = arith::MulFOp::create(
        b, loc, floatConstant(b, loc, type, 2.0 * M_PI), u2);
    return arith::MulFOp::create(b, loc, radius,
                                 math::CosOp::create(b, loc, angle));
  }
};

} // namespace

void array::populateCreationToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<FullToFill, EmptyToTensorEmpty, ConstantToArith, ArangeToGeneric, LinspaceToGeneric,
               EyeToGeneric, RandomToGeneric<RandomUniformOp, false>,
               RandomToGeneric<RandomNormalOp, true>>(patterns.getContext());
}
