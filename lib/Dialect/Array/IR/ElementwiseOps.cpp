//===- ElementwiseOps.cpp - array elementwise ops (ufuncs) ----------------===//
//
// Each op's type rule (when it is not plain promotion) and its scalar
// computation. The operands arrive in their own element types: each op casts
// them (castScalar) to the type it computes in.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/IR/ArrayOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/CommonFolders.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

#include <cmath>

using namespace mlir;
using namespace mlir::array;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

using EmitErrorFn = function_ref<InFlightDiagnostic()>;

/// The operands cast to `type`.
SmallVector<Value> castAll(OpBuilder &b, Location loc, ValueRange args,
                           Type type) {
  SmallVector<Value> cast;
  for (Value arg : args)
    cast.push_back(castScalar(b, loc, arg, type));
  return cast;
}

bool isBool(Type type) { return type.isInteger(1); }

/// `FloatOp` on floats, `IntOp` on signed integers, `BoolOp` on bool and
/// `UIntOp` on unsigned integers, of `args` cast to `type`.
template <typename FloatOp, typename IntOp, typename BoolOp = IntOp,
          typename UIntOp = IntOp>
Value arithOp(OpBuilder &b, Location loc, ValueRange args, Type type) {
  SmallVector<Value> operands = castAll(b, loc, args, type);
  if (isa<FloatType>(type))
    return FloatOp::create(b, loc, operands).getResult();
  for (Value &operand : operands)
    operand = toSignless(b, loc, operand);
  Value result;
  if (isBool(type))
    result = BoolOp::create(b, loc, operands).getResult();
  else if (isUnsignedInteger(type))
    result = UIntOp::create(b, loc, operands).getResult();
  else
    result = IntOp::create(b, loc, operands).getResult();
  return fromSignless(b, loc, result, type);
}

/// A constant of `type` (unsigned integers wrap: -1 is all ones).
Value constant(OpBuilder &b, Location loc, Type type, double value) {
  if (isa<FloatType>(type))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
  return scalarConstant(b, loc, type, static_cast<int64_t>(value));
}

Value select(OpBuilder &b, Location loc, Value cond, Value t, Value f) {
  return arith::SelectOp::create(b, loc, cond, t, f);
}

Value cmpf(OpBuilder &b, Location loc, arith::CmpFPredicate pred, Value x,
           Value y) {
  return arith::CmpFOp::create(b, loc, pred, x, y);
}

/// `x <pred> y`; on unsigned integers a signed predicate compares unsigned.
Value cmpi(OpBuilder &b, Location loc, arith::CmpIPredicate pred, Value x,
           Value y) {
  using P = arith::CmpIPredicate;
  if (isUnsignedInteger(x.getType())) {
    switch (pred) {
    case P::slt:
      pred = P::ult;
      break;
    case P::sle:
      pred = P::ule;
      break;
    case P::sgt:
      pred = P::ugt;
      break;
    case P::sge:
      pred = P::uge;
      break;
    default:
      break;
    }
  }
  return arith::CmpIOp::create(b, loc, pred, toSignless(b, loc, x),
                               toSignless(b, loc, y));
}

/// Rejects `type` with `message` when `reject` holds.
LogicalResult rejectIf(bool reject, StringRef message, EmitErrorFn emitError) {
  if (!reject)
    return success();
  if (emitError)
    emitError() << message;
  return failure();
}

/// Rejects bool for ops NumPy does not define on it.
LogicalResult rejectBool(Type type, StringRef what, EmitErrorFn emitError) {
  return rejectIf(isBool(type), what, emitError);
}

/// NumPy promotion, but two bools give int8: the rule of the arithmetic
/// ufuncs that have no bool loop (floor_divide, power, square, ...).
FailureOr<Type> arithmeticType(TypeRange types, EmitErrorFn emitError) {
  FailureOr<Type> type = promoteElementTypes(types, emitError);
  if (failed(type))
    return failure();
  if (isBool(*type))
    return Type(IntegerType::get(type->getContext(), 8));
  return *type;
}

/// The type rule of NumPy's float functions (exp, log, sqrt, ...).
FailureOr<Type> floatFunctionType(TypeRange types, EmitErrorFn emitError) {
  FailureOr<Type> promoted = promoteElementTypes(types, emitError);
  if (failed(promoted))
    return failure();
  return floatResultType(*promoted);
}

/// Bool, after checking that the operand types are array element types.
FailureOr<Type> boolType(TypeRange types, EmitErrorFn emitError) {
  FailureOr<Type> promoted = promoteElementTypes(types, emitError);
  if (failed(promoted))
    return failure();
  return Type(IntegerType::get(promoted->getContext(), 1));
}

/// The type float math computes in for result type `type`: 16-bit floats
/// compute in f32 (as NumPy's float16 loops do), the others in themselves.
Type computeType(Type type) {
  if (type.getIntOrFloatBitWidth() == 16)
    return Float32Type::get(type.getContext());
  return type;
}

/// `fn` of the operands cast to the compute type of `type`, cast back.
Value floatMath(OpBuilder &b, Location loc, ValueRange args, Type type,
                function_ref<Value(ValueRange)> fn) {
  Type compute = computeType(type);
  return castScalar(b, loc, fn(castAll(b, loc, args, compute)), type);
}

/// A one-operand math dialect op in the compute type of `type`.
template <typename MathOp>
Value unaryMath(OpBuilder &b, Location loc, ValueRange args, Type type) {
  return floatMath(b, loc, args, type, [&](ValueRange x) -> Value {
    return MathOp::create(b, loc, x[0]);
  });
}

/// `log(1 + x)`, exact near 0 (Kahan's trick: the rounding error of `1 + x`
/// cancels). math.log1p lowers to `log(1 + x)` on the CPU, which is not.
Value log1p(OpBuilder &b, Location loc, Value x) {
  Type type = x.getType();
  Value one = constant(b, loc, type, 1.0);
  Value u = arith::AddFOp::create(b, loc, one, x);
  Value logU = math::LogOp::create(b, loc, u);
  Value ratio =
      arith::DivFOp::create(b, loc, x, arith::SubFOp::create(b, loc, u, one));
  Value general = arith::MulFOp::create(b, loc, logU, ratio);
  Value inf = constant(b, loc, type, INFINITY);
  Value result =
      select(b, loc, cmpf(b, loc, arith::CmpFPredicate::OEQ, u, inf), logU,
             general);
  return select(b, loc, cmpf(b, loc, arith::CmpFPredicate::OEQ, u, one), x,
                result);
}

/// `exp(x) - 1`, exact near 0 (Kahan's trick, as for log1p).
Value expm1(OpBuilder &b, Location loc, Value x) {
  Type type = x.getType();
  Value one = constant(b, loc, type, 1.0);
  Value minusOne = constant(b, loc, type, -1.0);
  Value inf = constant(b, loc, type, INFINITY);
  Value u = math::ExpOp::create(b, loc, x);
  Value um1 = arith::SubFOp::create(b, loc, u, one);
  Value general = arith::MulFOp::create(
      b, loc, um1,
      arith::DivFOp::create(b, loc, x, math::LogOp::create(b, loc, u)));
  Value result =
      select(b, loc, cmpf(b, loc, arith::CmpFPredicate::OEQ, u, inf), u,
             general);
  result = select(b, loc, cmpf(b, loc, arith::CmpFPredicate::OEQ, um1, minusOne),
                  minusOne, result);
  return select(b, loc, cmpf(b, loc, arith::CmpFPredicate::OEQ, u, one), x,
                result);
}

/// Whether `x` is finite (false for NaN).
Value isFinite(OpBuilder &b, Location loc, Value x) {
  Value inf = constant(b, loc, x.getType(), INFINITY);
  return cmpf(b, loc, arith::CmpFPredicate::OLT, math::AbsFOp::create(b, loc, x),
              inf);
}

/// Above this magnitude, `asinh(x) = log(2|x|)` and `acosh(x) = log(2x)` to
/// the last bit of f64, and `x * x` cannot overflow below it.
constexpr double kLargeHyperbolic = 268435456.0; // 2**28

} // namespace

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

Value AddOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                         Type type) {
  // On bool, NumPy's add is logical or (ori on i1).
  return arithOp<arith::AddFOp, arith::AddIOp, arith::OrIOp>(b, loc, args,
                                                             type);
}

FailureOr<Type> SubOp::inferResultElementType(TypeRange types,
                                              EmitErrorFn emitError) {
  FailureOr<Type> type = promoteElementTypes(types, emitError);
  if (failed(type) ||
      failed(rejectBool(*type,
                        "subtract is not defined for bool operands (NumPy "
                        "rejects it too); use array.logical_xor",
                        emitError)))
    return failure();
  return *type;
}

Value SubOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                         Type type) {
  return arithOp<arith::SubFOp, arith::SubIOp>(b, loc, args, type);
}

Value MulOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                         Type type) {
  // On bool, NumPy's multiply is logical and; muli on i1 is that.
  return arithOp<arith::MulFOp, arith::MulIOp>(b, loc, args, type);
}

FailureOr<Type> DivOp::inferResultElementType(TypeRange types,
                                              EmitErrorFn emitError) {
  FailureOr<Type> type = promoteElementTypes(types, emitError);
  if (failed(type))
    return failure();
  // True division of integers or bools is float64 in NumPy.
  if (isa<IntegerType>(*type))
    return Type(Float64Type::get(type->getContext()));
  return *type;
}

Value DivOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                         Type type) {
  return arithOp<arith::DivFOp, arith::DivFOp>(b, loc, args, type);
}

/// The integer quotient and remainder of `lhs` by `rhs`, rounded toward
/// negative infinity; by 0 both are 0 and by -1 the quotient is `-lhs`
/// (wrapping), as in NumPy, where a plain divsi would be undefined.
static std::pair<Value, Value> floorDivRemInt(OpBuilder &b, Location loc,
                                              Value lhs, Value rhs) {
  Type type = lhs.getType();
  if (isUnsignedInteger(type)) {
    // Unsigned: plain division; by 0 both are 0, as in NumPy.
    Value zero = constant(b, loc, type, 0);
    Value byZero = cmpi(b, loc, arith::CmpIPredicate::eq, rhs, zero);
    Value safe = toSignless(
        b, loc, select(b, loc, byZero, constant(b, loc, type, 1), rhs));
    Value x = toSignless(b, loc, lhs);
    Value quotient = fromSignless(
        b, loc, arith::DivUIOp::create(b, loc, x, safe), type);
    Value remainder = fromSignless(
        b, loc, arith::RemUIOp::create(b, loc, x, safe), type);
    return {select(b, loc, byZero, zero, quotient),
            select(b, loc, byZero, zero, remainder)};
  }
  Value zero = constant(b, loc, type, 0);
  Value one = constant(b, loc, type, 1);
  Value minusOne = constant(b, loc, type, -1);
  Value byZero = cmpi(b, loc, arith::CmpIPredicate::eq, rhs, zero);
  Value byMinusOne = cmpi(b, loc, arith::CmpIPredicate::eq, rhs, minusOne);
  Value safe = select(b, loc, arith::OrIOp::create(b, loc, byZero, byMinusOne),
                      one, rhs);
  Value quotient = arith::DivSIOp::create(b, loc, lhs, safe);
  Value remainder = arith::RemSIOp::create(b, loc, lhs, safe);
  // Truncation rounded toward zero: step down where the signs differ.
  Value inexact = cmpi(b, loc, arith::CmpIPredicate::ne, remainder, zero);
  Value signsDiffer =
      cmpi(b, loc, arith::CmpIPredicate::slt,
           arith::XOrIOp::create(b, loc, remainder, safe), zero);
  Value adjust = arith::AndIOp::create(b, loc, inexact, signsDiffer);
  quotient = select(b, loc, adjust, arith::SubIOp::create(b, loc, quotient, one),
                    quotient);
  remainder = select(b, loc, adjust,
                     arith::AddIOp::create(b, loc, remainder, safe), remainder);
  quotient = select(b, loc, byMinusOne,
                    arith::SubIOp::create(b, loc, zero, lhs), quotient);
  quotient = select(b, loc, byZero, zero, quotient);
  return {quotient, remainder};
}

/// NumPy's npy_divmod for floats: the floored quotient and the remainder
/// with the divisor's sign, from fmod.
static std::pair<Value, Value> floorDivRemFloat(OpBuilder &b, Location loc,
                                                Value lhs, Value rhs) {
  using P = arith::CmpFPredicate;
  Type type = lhs.getType();
  Value zero = constant(b, loc, type, 0.0);
  Value one = constant(b, loc, type, 1.0);
  Value half = constant(b, loc, type, 0.5);
  Value mod = arith::RemFOp::create(b, loc, lhs, rhs);
  Value quotient = arith::DivFOp::create(
      b, loc, arith::SubFOp::create(b, loc, lhs, mod), rhs);
  Value adjust = arith::AndIOp::create(
      b, loc, cmpf(b, loc, P::UNE, mod, zero),
      arith::XOrIOp::create(b, loc, cmpf(b, loc, P::OLT, rhs, zero),
                            cmpf(b, loc, P::OLT, mod, zero)));
  Value adjustedMod = select(b, loc, adjust,
                             arith::AddFOp::create(b, loc, mod, rhs), mod);
  // An exact zero remainder takes the divisor's sign.
  adjustedMod = select(b, loc, cmpf(b, loc, P::OEQ, adjustedMod, zero),
                       math::CopySignOp::create(b, loc, zero, rhs),
                       adjustedMod);
  quotient = select(b, loc, adjust,
                    arith::SubFOp::create(b, loc, quotient, one), quotient);
  // Round the (nearly integral) quotient to the nearest integer.
  Value floor = math::FloorOp::create(b, loc, quotient);
  Value roundUp = cmpf(b, loc, P::OGT,
                       arith::SubFOp::create(b, loc, quotient, floor), half);
  Value floored = select(b, loc, roundUp,
                         arith::AddFOp::create(b, loc, floor, one), floor);
  Value trueQuotient = arith::DivFOp::create(b, loc, lhs, rhs);
  floored = select(b, loc, cmpf(b, loc, P::UNE, quotient, zero), floored,
                   math::CopySignOp::create(b, loc, zero, trueQuotient));
  // By zero: lhs / rhs (inf or NaN) and fmod's NaN.
  Value byZero = cmpf(b, loc, P::OEQ, rhs, zero);
  return {select(b, loc, byZero, trueQuotient, floored),
          select(b, loc, byZero, mod, adjustedMod)};
}

FailureOr<Type> FloorDivideOp::inferResultElementType(TypeRange types,
                                                      EmitErrorFn emitError) {
  return arithmeticType(types, emitError);
}

Value FloorDivideOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                                 Type type) {
  if (isa<IntegerType>(type)) {
    SmallVector<Value> x = castAll(b, loc, args, type);
    return floorDivRemInt(b, loc, x[0], x[1]).first;
  }
  return floatMath(b, loc, args, type, [&](ValueRange x) {
    return floorDivRemFloat(b, loc, x[0], x[1]).first;
  });
}

FailureOr<Type> RemainderOp::inferResultElementType(TypeRange types,
                                                    EmitErrorFn emitError) {
  return arithmeticType(types, emitError);
}

Value RemainderOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                               Type type) {
  if (isa<IntegerType>(type)) {
    SmallVector<Value> x = castAll(b, loc, args, type);
    return floorDivRemInt(b, loc, x[0], x[1]).second;
  }
  return floatMath(b, loc, args, type, [&](ValueRange x) {
    return floorDivRemFloat(b, loc, x[0], x[1]).second;
  });
}

FailureOr<Type> PowerOp::inferResultElementType(TypeRange types,
                                                EmitErrorFn emitError) {
  return arithmeticType(types, emitError);
}

Value PowerOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                           Type type) {
  if (isa<FloatType>(type))
    return floatMath(b, loc, args, type, [&](ValueRange x) -> Value {
      return math::PowFOp::create(b, loc, x[0], x[1]);
    });
  // Square and multiply over every bit of the exponent (no loop, so that it
  // runs the same in any kernel; math.ipowi has no CPU lowering).
  // Computed on signless integers; an unsigned exponent has one more bit to
  // visit and is never negative.
  bool isUnsigned = isUnsignedInteger(type);
  SmallVector<Value> x = castAll(b, loc, args, type);
  for (Value &value : x)
    value = toSignless(b, loc, value);
  Type logical = type;
  type = signlessType(type);
  Value base = x[0], exponent = x[1];
  Value zero = constant(b, loc, type, 0);
  Value one = constant(b, loc, type, 1);
  Value result = one;
  unsigned width = type.getIntOrFloatBitWidth() + (isUnsigned ? 1 : 0);
  for (unsigned bit = 0; bit + 1 < width; ++bit) {
    Value bitSet = cmpi(
        b, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(b, loc, exponent, constant(b, loc, type, 1LL << bit)),
        zero);
    result = select(b, loc, bitSet, arith::MulIOp::create(b, loc, result, base),
                    result);
    if (bit + 2 < width)
      base = arith::MulIOp::create(b, loc, base, base);
  }
  if (isUnsigned)
    return fromSignless(b, loc, result, logical);
  // A negative exponent: 1 / base**-n truncated toward zero.
  Value minusOne = constant(b, loc, type, -1);
  Value odd = cmpi(b, loc, arith::CmpIPredicate::ne,
                   arith::AndIOp::create(b, loc, exponent, one), zero);
  Value negative =
      select(b, loc, cmpi(b, loc, arith::CmpIPredicate::eq, x[0], one), one,
             select(b, loc,
                    cmpi(b, loc, arith::CmpIPredicate::eq, x[0], minusOne),
                    select(b, loc, odd, minusOne, one), zero));
  return select(b, loc,
                cmpi(b, loc, arith::CmpIPredicate::slt, exponent, zero),
                negative, result);
}

Value AbsOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                         Type type) {
  Value x = castScalar(b, loc, args[0], type);
  if (isBool(type) || isUnsignedInteger(type))
    return x;
  if (isa<FloatType>(type))
    return math::AbsFOp::create(b, loc, x);
  return fromSignless(
      b, loc, math::AbsIOp::create(b, loc, toSignless(b, loc, x)), type);
}

FailureOr<Type> SignOp::inferResultElementType(TypeRange types,
                                               EmitErrorFn emitError) {
  FailureOr<Type> type = promoteElementTypes(types, emitError);
  if (failed(type) ||
      failed(rejectBool(*type,
                        "sign is not defined for bool (NumPy rejects it too)",
                        emitError)))
    return failure();
  return *type;
}

Value SignOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                          Type type) {
  Value x = castScalar(b, loc, args[0], type);
  Value zero = constant(b, loc, type, 0);
  Value one = constant(b, loc, type, 1);
  Value minusOne = constant(b, loc, type, -1);
  if (isa<FloatType>(type)) {
    using P = arith::CmpFPredicate;
    // Both zeros give +0; NaN gives itself.
    Value sign = select(b, loc, cmpf(b, loc, P::OGT, x, zero), one,
                        select(b, loc, cmpf(b, loc, P::OLT, x, zero), minusOne,
                               zero));
    return select(b, loc, cmpf(b, loc, P::UNO, x, x), x, sign);
  }
  using P = arith::CmpIPredicate;
  return select(b, loc, cmpi(b, loc, P::sgt, x, zero), one,
                select(b, loc, cmpi(b, loc, P::slt, x, zero), minusOne, zero));
}

FailureOr<Type> ReciprocalOp::inferResultElementType(TypeRange types,
                                                     EmitErrorFn emitError) {
  return arithmeticType(types, emitError);
}

Value ReciprocalOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                                Type type) {
  Value x = castScalar(b, loc, args[0], type);
  Value one = constant(b, loc, type, 1);
  if (isa<FloatType>(type))
    return arith::DivFOp::create(b, loc, one, x);
  // 1 / x truncates to 0 for |x| > 1; 1 / 0 gives 0 here.
  if (isUnsignedInteger(type))
    return select(b, loc, cmpi(b, loc, arith::CmpIPredicate::eq, x, one), one,
                  constant(b, loc, type, 0));
  Value minusOne = constant(b, loc, type, -1);
  return select(b, loc, cmpi(b, loc, arith::CmpIPredicate::eq, x, one), one,
                select(b, loc, cmpi(b, loc, arith::CmpIPredicate::eq, x, minusOne),
                       minusOne, constant(b, loc, type, 0)));
}

FailureOr<Type> SquareOp::inferResultElementType(TypeRange types,
                                                 EmitErrorFn emitError) {
  return arithmeticType(types, emitError);
}

Value SquareOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                            Type type) {
  Value x = castScalar(b, loc, args[0], type);
  return arithOp<arith::MulFOp, arith::MulIOp>(b, loc, {x, x}, type);
}

FailureOr<Type> NegOp::inferResultElementType(TypeRange types,
                                              EmitErrorFn emitError) {
  FailureOr<Type> type = promoteElementTypes(types, emitError);
  if (failed(type) ||
      failed(rejectBool(*type,
                        "negative is not defined for bool (NumPy rejects it "
                        "too); use array.logical_not",
                        emitError)))
    return failure();
  return *type;
}

Value NegOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                         Type type) {
  Value x = castScalar(b, loc, args[0], type);
  if (isa<FloatType>(type))
    return arith::NegFOp::create(b, loc, x);
  // Unsigned integers wrap, as NumPy's negative does.
  Value zero = constant(b, loc, signlessType(type), 0);
  return fromSignless(
      b, loc, arith::SubIOp::create(b, loc, zero, toSignless(b, loc, x)),
      type);
}

//===----------------------------------------------------------------------===//
// Minimum and maximum
//===----------------------------------------------------------------------===//

Value MaximumOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                             Type type) {
  // arith.maximumf propagates NaN, as numpy.maximum does; on bool, or.
  return arithOp<arith::MaximumFOp, arith::MaxSIOp, arith::OrIOp,
                 arith::MaxUIOp>(b, loc, args, type);
}

Value MinimumOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                             Type type) {
  return arithOp<arith::MinimumFOp, arith::MinSIOp, arith::AndIOp,
                 arith::MinUIOp>(b, loc, args, type);
}

Value FmaxOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                          Type type) {
  // arith.maxnumf is C's fmax: NaN loses.
  return arithOp<arith::MaxNumFOp, arith::MaxSIOp, arith::OrIOp,
                 arith::MaxUIOp>(b, loc, args, type);
}

Value FminOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                          Type type) {
  return arithOp<arith::MinNumFOp, arith::MinSIOp, arith::AndIOp,
                 arith::MinUIOp>(b, loc, args, type);
}

Value ClipOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                          Type type) {
  Value low =
      arithOp<arith::MaximumFOp, arith::MaxSIOp, arith::OrIOp, arith::MaxUIOp>(
          b, loc, args.take_front(2), type);
  return arithOp<arith::MinimumFOp, arith::MinSIOp, arith::AndIOp,
                 arith::MinUIOp>(b, loc, {low, args[2]}, type);
}

//===----------------------------------------------------------------------===//
// Float functions: exponents, logarithms, roots, trigonometry
//===----------------------------------------------------------------------===//

#define ARRAY_FLOAT_FUNCTION_TYPE(Op)                                          \
  FailureOr<Type> Op::inferResultElementType(TypeRange types,                  \
                                             EmitErrorFn emitError) {          \
    return floatFunctionType(types, emitError);                                \
  }

/// Float functions that are one math dialect op with a lowering on both
/// targets (LLVM intrinsics on the CPU, libdevice on the GPU).
#define ARRAY_MATH_FUNCTION(Op, MathOp)                                        \
  ARRAY_FLOAT_FUNCTION_TYPE(Op)                                                \
  Value Op::buildScalar(OpBuilder &b, Location loc, ValueRange args,           \
                        Type type) {                                           \
    return unaryMath<MathOp>(b, loc, args, type);                              \
  }

ARRAY_MATH_FUNCTION(ExpOp, math::ExpOp)
ARRAY_MATH_FUNCTION(Exp2Op, math::Exp2Op)
ARRAY_MATH_FUNCTION(LogOp, math::LogOp)
ARRAY_MATH_FUNCTION(Log2Op, math::Log2Op)
ARRAY_MATH_FUNCTION(Log10Op, math::Log10Op)
ARRAY_MATH_FUNCTION(SqrtOp, math::SqrtOp)
ARRAY_MATH_FUNCTION(RsqrtOp, math::RsqrtOp)
ARRAY_MATH_FUNCTION(SinOp, math::SinOp)
ARRAY_MATH_FUNCTION(CosOp, math::CosOp)
ARRAY_MATH_FUNCTION(TanOp, math::TanOp)
ARRAY_MATH_FUNCTION(ArcsinOp, math::AsinOp)
ARRAY_MATH_FUNCTION(ArccosOp, math::AcosOp)
ARRAY_MATH_FUNCTION(ArctanOp, math::AtanOp)
ARRAY_MATH_FUNCTION(SinhOp, math::SinhOp)
ARRAY_MATH_FUNCTION(CoshOp, math::CoshOp)
ARRAY_MATH_FUNCTION(TanhOp, math::TanhOp)

#undef ARRAY_MATH_FUNCTION

// math.expm1 and math.log1p lower to `exp(x) - 1` and `log(1 + x)` on the
// CPU (MathToLLVM), which lose every digit near 0: expand them exactly.
ARRAY_FLOAT_FUNCTION_TYPE(Expm1Op)
Value Expm1Op::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                           Type type) {
  return floatMath(b, loc, args, type,
                   [&](ValueRange x) { return expm1(b, loc, x[0]); });
}

ARRAY_FLOAT_FUNCTION_TYPE(Log1pOp)
Value Log1pOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                           Type type) {
  return floatMath(b, loc, args, type,
                   [&](ValueRange x) { return log1p(b, loc, x[0]); });
}

// math.cbrt, math.asinh, math.acosh, math.atanh and math.erf have no CPU
// lowering (MathToLLVM): they are expanded into ops that lower everywhere.

ARRAY_FLOAT_FUNCTION_TYPE(CbrtOp)
Value CbrtOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                          Type type) {
  return floatMath(b, loc, args, type, [&](ValueRange xs) -> Value {
    Value x = xs[0];
    Type t = x.getType();
    Value a = math::AbsFOp::create(b, loc, x);
    Value y = math::PowFOp::create(b, loc, a, constant(b, loc, t, 1.0 / 3.0));
    // One Newton step, y - (y^3 - a) / (3 y^2), fixes pow's last bits; it is
    // skipped where it is not finite (0, inf, NaN, overflow).
    Value y2 = arith::MulFOp::create(b, loc, y, y);
    Value step = arith::DivFOp::create(
        b, loc,
        arith::SubFOp::create(b, loc, arith::MulFOp::create(b, loc, y2, y), a),
        arith::MulFOp::create(b, loc, constant(b, loc, t, 3.0), y2));
    Value newton = arith::SubFOp::create(b, loc, y, step);
    y = select(b, loc, isFinite(b, loc, newton), newton, y);
    return math::CopySignOp::create(b, loc, y, x);
  });
}

ARRAY_FLOAT_FUNCTION_TYPE(ArcsinhOp)
Value ArcsinhOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                             Type type) {
  return floatMath(b, loc, args, type, [&](ValueRange xs) -> Value {
    Value x = xs[0];
    Type t = x.getType();
    Value one = constant(b, loc, t, 1.0);
    Value a = math::AbsFOp::create(b, loc, x);
    // asinh(a) = log1p(a + a^2 / (1 + sqrt(1 + a^2))), exact near 0.
    Value a2 = arith::MulFOp::create(b, loc, a, a);
    Value root = math::SqrtOp::create(b, loc, arith::AddFOp::create(b, loc, one, a2));
    Value small = log1p(
        b, loc,
        arith::AddFOp::create(
            b, loc, a,
            arith::DivFOp::create(b, loc, a2,
                                  arith::AddFOp::create(b, loc, one, root))));
    Value large = arith::AddFOp::create(b, loc, math::LogOp::create(b, loc, a),
                                        constant(b, loc, t, M_LN2));
    Value isLarge = cmpf(b, loc, arith::CmpFPredicate::OGT, a,
                         constant(b, loc, t, kLargeHyperbolic));
    return math::CopySignOp::create(b, loc, select(b, loc, isLarge, large, small),
                                    x);
  });
}

ARRAY_FLOAT_FUNCTION_TYPE(ArccoshOp)
Value ArccoshOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                             Type type) {
  return floatMath(b, loc, args, type, [&](ValueRange xs) -> Value {
    Value x = xs[0];
    Type t = x.getType();
    // acosh(x) = log1p(u + sqrt(u (u + 2))) with u = x - 1, exact near 1;
    // NaN below 1 (log1p of a number below -1 or sqrt of a negative).
    Value u = arith::SubFOp::create(b, loc, x, constant(b, loc, t, 1.0));
    Value root = math::SqrtOp::create(
        b, loc,
        arith::MulFOp::create(
            b, loc, u, arith::AddFOp::create(b, loc, u, constant(b, loc, t, 2.0))));
    Value small = log1p(b, loc, arith::AddFOp::create(b, loc, u, root));
    Value large = arith::AddFOp::create(b, loc, math::LogOp::create(b, loc, x),
                                        constant(b, loc, t, M_LN2));
    Value isLarge = cmpf(b, loc, arith::CmpFPredicate::OGT, x,
                         constant(b, loc, t, kLargeHyperbolic));
    return select(b, loc, isLarge, large, small);
  });
}

ARRAY_FLOAT_FUNCTION_TYPE(ArctanhOp)
Value ArctanhOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                             Type type) {
  return floatMath(b, loc, args, type, [&](ValueRange xs) -> Value {
    Value x = xs[0];
    Type t = x.getType();
    // atanh(a) = log1p(2a / (1 - a)) / 2 for a = |x|, with x's sign.
    Value a = math::AbsFOp::create(b, loc, x);
    Value ratio = arith::DivFOp::create(
        b, loc, arith::AddFOp::create(b, loc, a, a),
        arith::SubFOp::create(b, loc, constant(b, loc, t, 1.0), a));
    Value result = arith::MulFOp::create(b, loc, log1p(b, loc, ratio),
                                         constant(b, loc, t, 0.5));
    return math::CopySignOp::create(b, loc, result, x);
  });
}

FailureOr<Type> Arctan2Op::inferResultElementType(TypeRange types,
                                                  EmitErrorFn emitError) {
  return floatFunctionType(types, emitError);
}

Value Arctan2Op::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                             Type type) {
  return floatMath(b, loc, args, type, [&](ValueRange x) -> Value {
    // atan2(+-0, +0) = +-0 and atan2(+-0, -0) = +-pi, chosen here: MLIR
    // 22's constant folding of math.atan2 makes NaN of two zeros (the
    // arctan2 of two zero arrays printed NaN).
    Value y = x[0], xv = x[1];
    Type t = y.getType();
    auto constant = [&](double v) -> Value {
      return arith::ConstantOp::create(b, loc, b.getFloatAttr(t, v));
    };
    Value zero = constant(0.0);
    Value bothZero = arith::AndIOp::create(
        b, loc,
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, y, zero),
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, xv, zero));
    Value xSign = math::CopySignOp::create(b, loc, constant(1.0), xv);
    Value xNegative =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, xSign, zero);
    Value base =
        arith::SelectOp::create(b, loc, xNegative, constant(M_PI), zero);
    Value special = math::CopySignOp::create(b, loc, base, y);
    return arith::SelectOp::create(b, loc, bothZero, special,
                                   math::Atan2Op::create(b, loc, y, xv));
  });
}

//===----------------------------------------------------------------------===//
// Special functions
//===----------------------------------------------------------------------===//

ARRAY_FLOAT_FUNCTION_TYPE(ErfOp)
Value ErfOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                         Type type) {
  // In f64 whatever the type: below 2 the Maclaurin series (35 terms reach
  // 1e-18 there), above it 1 - erfc by Laplace's continued fraction,
  //   erfc(a) = exp(-a^2) / sqrt(pi) / (a + (1/2) / (a + 1 / (a + ...))).
  using P = arith::CmpFPredicate;
  Type f64 = Float64Type::get(b.getContext());
  Value x = castScalar(b, loc, args[0], f64);
  Value a = math::AbsFOp::create(b, loc, x);
  Value a2 = arith::MulFOp::create(b, loc, a, a);
  constexpr int kSeriesTerms = 35;
  // sum_n (-1)^n a^(2n) / (n! (2n + 1)), by Horner from the last term.
  SmallVector<double> coefficients;
  double factorial = 1.0;
  for (int n = 0; n < kSeriesTerms; ++n) {
    if (n > 0)
      factorial *= n;
    coefficients.push_back((n % 2 ? -1.0 : 1.0) / (factorial * (2 * n + 1)));
  }
  Value sum = constant(b, loc, f64, coefficients.back());
  for (int n = kSeriesTerms - 2; n >= 0; --n)
    sum = arith::AddFOp::create(b, loc, arith::MulFOp::create(b, loc, sum, a2),
                                constant(b, loc, f64, coefficients[n]));
  Value series = arith::MulFOp::create(
      b, loc, arith::MulFOp::create(b, loc, sum, a),
      constant(b, loc, f64, 2.0 / std::sqrt(M_PI)));
  constexpr int kFractionTerms = 60;
  Value fraction = a;
  for (int k = kFractionTerms; k >= 1; --k)
    fraction = arith::AddFOp::create(
        b, loc, a,
        arith::DivFOp::create(b, loc, constant(b, loc, f64, k / 2.0), fraction));
  Value erfc = arith::DivFOp::create(
      b, loc, math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, a2)),
      arith::MulFOp::create(b, loc, fraction,
                            constant(b, loc, f64, std::sqrt(M_PI))));
  Value tail =
      arith::SubFOp::create(b, loc, constant(b, loc, f64, 1.0), erfc);
  Value result = select(b, loc, cmpf(b, loc, P::OLT, a, constant(b, loc, f64, 2.0)),
                        series, tail);
  return castScalar(b, loc, math::CopySignOp::create(b, loc, result, x), type);
}

ARRAY_FLOAT_FUNCTION_TYPE(SigmoidOp)
Value SigmoidOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                             Type type) {
  return floatMath(b, loc, args, type, [&](ValueRange xs) -> Value {
    Value x = xs[0];
    Value one = constant(b, loc, x.getType(), 1.0);
    // 1 / (1 + exp(-x)) for x >= 0, exp(x) / (1 + exp(x)) below, so that
    // exp never overflows where the result is not 0 or 1.
    Value e = math::ExpOp::create(
        b, loc, arith::NegFOp::create(b, loc, math::AbsFOp::create(b, loc, x)));
    Value denominator = arith::AddFOp::create(b, loc, one, e);
    Value positive = arith::DivFOp::create(b, loc, one, denominator);
    Value negative = arith::DivFOp::create(b, loc, e, denominator);
    Value isPositive = cmpf(b, loc, arith::CmpFPredicate::OGE, x,
                            constant(b, loc, x.getType(), 0.0));
    // NaN takes the second branch, where it propagates.
    return select(b, loc, isPositive, positive, negative);
  });
}

#undef ARRAY_FLOAT_FUNCTION_TYPE

//===----------------------------------------------------------------------===//
// Rounding
//===----------------------------------------------------------------------===//

/// Floats only: NumPy 1.x and 2.x disagree on the type for integers.
static FailureOr<Type> roundingType(StringRef name, TypeRange types,
                                    EmitErrorFn emitError) {
  FailureOr<Type> type = promoteElementTypes(types, emitError);
  if (failed(type))
    return failure();
  if (!isa<FloatType>(*type)) {
    if (emitError)
      emitError() << name << " is defined for float operands only, found "
                  << numpyName(*type)
                  << " (NumPy 1.x and 2.x disagree on its result type for "
                     "integers); convert the operand to a float first";
    return failure();
  }
  return *type;
}

#define ARRAY_ROUNDING_OP(Op, name, MathOp)                                    \
  FailureOr<Type> Op::inferResultElementType(TypeRange types,                  \
                                             EmitErrorFn emitError) {          \
    return roundingType(name, types, emitError);                               \
  }                                                                            \
  Value Op::buildScalar(OpBuilder &b, Location loc, ValueRange args,           \
                        Type type) {                                           \
    return unaryMath<MathOp>(b, loc, args, type);                              \
  }

ARRAY_ROUNDING_OP(FloorOp, "floor", math::FloorOp)
ARRAY_ROUNDING_OP(CeilOp, "ceil", math::CeilOp)
ARRAY_ROUNDING_OP(RoundOp, "round", math::RoundEvenOp)
ARRAY_ROUNDING_OP(TruncOp, "trunc", math::TruncOp)

#undef ARRAY_ROUNDING_OP

//===----------------------------------------------------------------------===//
// Comparisons
//===----------------------------------------------------------------------===//

/// `lhs <pred> rhs` in their promoted type; bools compare unsigned (0 < 1).
static Value compare(OpBuilder &b, Location loc, ValueRange args,
                     arith::CmpFPredicate floatPred,
                     arith::CmpIPredicate intPred,
                     arith::CmpIPredicate boolPred) {
  Type type = *promoteElementTypes(
      {args[0].getType(), args[1].getType()});
  SmallVector<Value> x = castAll(b, loc, args, type);
  if (isa<FloatType>(type))
    return cmpf(b, loc, floatPred, x[0], x[1]);
  return cmpi(b, loc, isBool(type) ? boolPred : intPred, x[0], x[1]);
}

#define ARRAY_COMPARE_OP(Op, floatPred, intPred, boolPred)                     \
  FailureOr<Type> Op::inferResultElementType(TypeRange types,                  \
                                             EmitErrorFn emitError) {          \
    return boolType(types, emitError);                                         \
  }                                                                            \
  Value Op::buildScalar(OpBuilder &b, Location loc, ValueRange args, Type) {   \
    return compare(b, loc, args, arith::CmpFPredicate::floatPred,              \
                   arith::CmpIPredicate::intPred,                              \
                   arith::CmpIPredicate::boolPred);                            \
  }

// Ordered predicates: a comparison with NaN is false, except not_equal.
ARRAY_COMPARE_OP(EqualOp, OEQ, eq, eq)
ARRAY_COMPARE_OP(NotEqualOp, UNE, ne, ne)
ARRAY_COMPARE_OP(LessOp, OLT, slt, ult)
ARRAY_COMPARE_OP(LessEqualOp, OLE, sle, ule)
ARRAY_COMPARE_OP(GreaterOp, OGT, sgt, ugt)
ARRAY_COMPARE_OP(GreaterEqualOp, OGE, sge, uge)

#undef ARRAY_COMPARE_OP

//===----------------------------------------------------------------------===//
// Logical and bitwise functions
//===----------------------------------------------------------------------===//

#define ARRAY_LOGICAL_OP(Op, BoolOp)                                           \
  FailureOr<Type> Op::inferResultElementType(TypeRange types,                  \
                                             EmitErrorFn emitError) {          \
    return boolType(types, emitError);                                         \
  }                                                                            \
  Value Op::buildScalar(OpBuilder &b, Location loc, ValueRange args,           \
                        Type type) {                                           \
    SmallVector<Value> x = castAll(b, loc, args, type);                        \
    return BoolOp::create(b, loc, x[0], x[1]);                                 \
  }

ARRAY_LOGICAL_OP(LogicalAndOp, arith::AndIOp)
ARRAY_LOGICAL_OP(LogicalOrOp, arith::OrIOp)
ARRAY_LOGICAL_OP(LogicalXorOp, arith::XOrIOp)

#undef ARRAY_LOGICAL_OP

FailureOr<Type> LogicalNotOp::inferResultElementType(TypeRange types,
                                                     EmitErrorFn emitError) {
  return boolType(types, emitError);
}

Value LogicalNotOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                                Type type) {
  Value truth = castScalar(b, loc, args[0], type);
  return arith::XOrIOp::create(b, loc, truth, constant(b, loc, type, 1));
}

/// Promotion for bools and integers only.
static FailureOr<Type> bitwiseType(StringRef name, TypeRange types,
                                   EmitErrorFn emitError) {
  FailureOr<Type> type = promoteElementTypes(types, emitError);
  if (failed(type))
    return failure();
  if (isa<FloatType>(*type)) {
    if (emitError)
      emitError() << name << " is defined for bool and integer operands only, "
                  << "found " << numpyName(*type);
    return failure();
  }
  return *type;
}

#define ARRAY_BITWISE_OP(Op, name, IntOp)                                      \
  FailureOr<Type> Op::inferResultElementType(TypeRange types,                  \
                                             EmitErrorFn emitError) {          \
    return bitwiseType(name, types, emitError);                                \
  }                                                                            \
  Value Op::buildScalar(OpBuilder &b, Location loc, ValueRange args,           \
                        Type type) {                                           \
    return arithOp<IntOp, IntOp>(b, loc, args, type);                          \
  }

ARRAY_BITWISE_OP(BitwiseAndOp, "bitwise_and", arith::AndIOp)
ARRAY_BITWISE_OP(BitwiseOrOp, "bitwise_or", arith::OrIOp)
ARRAY_BITWISE_OP(BitwiseXorOp, "bitwise_xor", arith::XOrIOp)

#undef ARRAY_BITWISE_OP

FailureOr<Type> InvertOp::inferResultElementType(TypeRange types,
                                                 EmitErrorFn emitError) {
  return bitwiseType("invert", types, emitError);
}

Value InvertOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                            Type type) {
  Value x = castScalar(b, loc, args[0], type);
  Value ones = constant(b, loc, type, -1);
  return arithOp<arith::XOrIOp, arith::XOrIOp>(b, loc, {x, ones}, type);
}

/// Promotion for integers only (not bool: NumPy shifts bools as int8).
static FailureOr<Type> shiftType(StringRef name, TypeRange types,
                                 EmitErrorFn emitError) {
  FailureOr<Type> type = promoteElementTypes(types, emitError);
  if (failed(type))
    return failure();
  if (!isa<IntegerType>(*type) || isBool(*type)) {
    if (emitError)
      emitError() << name << " is defined for integer operands only, found "
                  << numpyName(*type);
    return failure();
  }
  return *type;
}

FailureOr<Type> LeftShiftOp::inferResultElementType(TypeRange types,
                                                    EmitErrorFn emitError) {
  return shiftType("left_shift", types, emitError);
}

Value LeftShiftOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                               Type type) {
  SmallVector<Value> x = castAll(b, loc, args, type);
  // shli by the width or more is poison; NumPy gives 0 (negative amounts
  // are huge unsigned ones).
  Value width = constant(b, loc, type, type.getIntOrFloatBitWidth());
  Value tooFar = cmpi(b, loc, arith::CmpIPredicate::uge, x[1], width);
  Value safe = select(b, loc, tooFar, constant(b, loc, type, 0), x[1]);
  Value shifted = arithOp<arith::ShLIOp, arith::ShLIOp>(b, loc, {x[0], safe},
                                                       type);
  return select(b, loc, tooFar, constant(b, loc, type, 0), shifted);
}

FailureOr<Type> RightShiftOp::inferResultElementType(TypeRange types,
                                                     EmitErrorFn emitError) {
  return shiftType("right_shift", types, emitError);
}

Value RightShiftOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                                Type type) {
  SmallVector<Value> x = castAll(b, loc, args, type);
  // Too far (or negative): all sign bits, a shift by width - 1; unsigned
  // integers shift in zeros, so too far gives 0.
  unsigned bits = type.getIntOrFloatBitWidth();
  Value width = constant(b, loc, type, bits);
  Value tooFar = cmpi(b, loc, arith::CmpIPredicate::uge, x[1], width);
  Value safe =
      select(b, loc, tooFar, constant(b, loc, type, bits - 1), x[1]);
  if (isUnsignedInteger(type))
    return select(b, loc, tooFar, constant(b, loc, type, 0),
                  arithOp<arith::ShRUIOp, arith::ShRUIOp>(
                      b, loc, {x[0], safe}, type));
  return arith::ShRSIOp::create(b, loc, x[0], safe);
}

//===----------------------------------------------------------------------===//
// Floating-point classification
//===----------------------------------------------------------------------===//

/// `test` of a float operand (in f32 for 16-bit floats), `integers` for
/// integer and bool operands.
static Value classify(OpBuilder &b, Location loc, Value x, bool integers,
                      function_ref<Value(Value)> test) {
  if (!isa<FloatType>(x.getType()))
    return constant(b, loc, b.getI1Type(), integers);
  return test(castScalar(b, loc, x, computeType(x.getType())));
}

FailureOr<Type> IsnanOp::inferResultElementType(TypeRange types,
                                                EmitErrorFn emitError) {
  return boolType(types, emitError);
}

Value IsnanOp::buildScalar(OpBuilder &b, Location loc, ValueRange args, Type) {
  return classify(b, loc, args[0], false, [&](Value x) {
    return cmpf(b, loc, arith::CmpFPredicate::UNO, x, x);
  });
}

FailureOr<Type> IsinfOp::inferResultElementType(TypeRange types,
                                                EmitErrorFn emitError) {
  return boolType(types, emitError);
}

Value IsinfOp::buildScalar(OpBuilder &b, Location loc, ValueRange args, Type) {
  return classify(b, loc, args[0], false, [&](Value x) {
    return cmpf(b, loc, arith::CmpFPredicate::OEQ,
                math::AbsFOp::create(b, loc, x),
                constant(b, loc, x.getType(), INFINITY));
  });
}

FailureOr<Type> IsfiniteOp::inferResultElementType(TypeRange types,
                                                   EmitErrorFn emitError) {
  return boolType(types, emitError);
}

Value IsfiniteOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                              Type) {
  return classify(b, loc, args[0], true,
                  [&](Value x) { return isFinite(b, loc, x); });
}

//===----------------------------------------------------------------------===//
// Selection
//===----------------------------------------------------------------------===//

FailureOr<Type> WhereOp::inferResultElementType(TypeRange types,
                                                EmitErrorFn emitError) {
  // The condition only has to be an array element type.
  if (failed(promoteElementTypes(types.take_front(), emitError)))
    return failure();
  return promoteElementTypes(types.drop_front(), emitError);
}

Value WhereOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                           Type type) {
  Value cond = castScalar(b, loc, args[0], b.getI1Type());
  return select(b, loc, cond, castScalar(b, loc, args[1], type),
                castScalar(b, loc, args[2], type));
}

//===----------------------------------------------------------------------===//
// Conversion
//===----------------------------------------------------------------------===//

FailureOr<Type>
AsTypeOp::inferResultElementType(TypeRange types,
                                 function_ref<InFlightDiagnostic()> emitError) {
  // The target is whatever the result says; the operand's type is checked
  // by ODS.
  return getType().getElementType();
}

Value AsTypeOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                            Type type) {
  return castScalar(b, loc, args[0], type);
}

//===----------------------------------------------------------------------===//
// array.map
//===----------------------------------------------------------------------===//

/// The yield that ends a single-block region (verified to be there).
static YieldOp yieldOf(Region &region) {
  return cast<YieldOp>(region.front().getTerminator());
}

/// Checks that `region` is one block with arguments of `argTypes` ending in
/// an array.yield.
LogicalResult array::detail::verifyScalarRegion(Operation *op, Region &region,
                                                StringRef name,
                                                TypeRange argTypes) {
  Block &block = region.front();
  if (block.getArgumentTypes() != argTypes) {
    InFlightDiagnostic diag = op->emitOpError("the ")
                              << name << " region takes (";
    llvm::interleaveComma(block.getArgumentTypes(), diag);
    diag << ") but should take (";
    llvm::interleaveComma(argTypes, diag);
    return diag << ")";
  }
  if (block.empty() || !isa<YieldOp>(block.back()))
    return op->emitOpError("the ") << name
                                   << " region must end with array.yield";
  return success();
}

LogicalResult MapOp::verifyRegions() {
  // arith computes on signless integers: an unsigned element arrives as the
  // signless integer of its width.
  SmallVector<Type> elementTypes;
  for (Value input : getInputs())
    elementTypes.push_back(signlessType(
        cast<RankedTensorType>(input.getType()).getElementType()));
  if (failed(detail::verifyScalarRegion(*this, getBody(), "body",
                                        elementTypes)))
    return failure();
  return success();
}

FailureOr<Type>
MapOp::inferResultElementType(TypeRange,
                              function_ref<InFlightDiagnostic()> emitError) {
  Block &block = getBody().front();
  if (block.empty() || !isa<YieldOp>(block.back()))
    return emitError() << "the body region must end with array.yield";
  return regionResultType(yieldOf(getBody()).getValue().getType(),
                          getType().getElementType());
}

Value array::detail::inlineScalarRegion(OpBuilder &b, Region &region,
                                        ValueRange args) {
  IRMapping mapping;
  Block &block = region.front();
  mapping.map(block.getArguments(), args);
  for (Operation &op : block.without_terminator())
    b.clone(op, mapping);
  return mapping.lookupOrDefault(yieldOf(region).getValue());
}

Value MapOp::buildScalar(OpBuilder &b, Location loc, ValueRange args,
                         Type type) {
  SmallVector<Value> signless = llvm::map_to_vector(
      args, [&](Value arg) { return toSignless(b, loc, arg); });
  return fromSignless(b, loc,
                      detail::inlineScalarRegion(b, getBody(), signless),
                      type);
}

//===----------------------------------------------------------------------===//
// Folders: identities and small constants
//===----------------------------------------------------------------------===//

namespace {

/// `operand` when it already has the result's type (no broadcasting or
/// promotion), else null.
Value sameTypeAsResult(Operation *op, Value operand) {
  return operand.getType() == op->getResult(0).getType() ? operand : Value();
}

/// Whether `operand` (whose constant value, if any, is `attr`) has every
/// element equal to `value`, for floats with its sign: a splat constant or
/// an array.full.
bool isSplatOf(Value operand, Attribute attr, double value) {
  TypedAttr element;
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(attr))
    element = splat.getSplatValue<TypedAttr>();
  else if (auto full = operand.getDefiningOp<FullOp>())
    element = full.getValue();
  if (auto intAttr = dyn_cast_if_present<IntegerAttr>(element))
    return intAttr.getValue().getSExtValue() == value;
  if (auto floatAttr = dyn_cast_if_present<FloatAttr>(element)) {
    APFloat number = floatAttr.getValue();
    return number.convertToDouble() == value &&
           number.isNegative() == std::signbit(value);
  }
  return false;
}

/// Folds `op` over constant operands of its result type (no broadcasting,
/// no promotion) with `floatFn`/`intFn`.
template <typename FloatFn, typename IntFn>
OpFoldResult foldConstants(Operation *op, ArrayRef<Attribute> operands,
                           FloatFn floatFn, IntFn intFn) {
  Type resultType = op->getResult(0).getType();
  for (Value operand : op->getOperands())
    if (operand.getType() != resultType)
      return {};
  if (isa<FloatType>(getElementTypeOrSelf(resultType)))
    return constFoldBinaryOp<FloatAttr, APFloat, void>(operands, floatFn);
  if (getElementTypeOrSelf(resultType).isInteger(1))
    return {};
  return constFoldBinaryOp<IntegerAttr, APInt, void>(operands, intFn);
}

} // namespace

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  // x + 0 is x for integers; for floats only x + (-0.0) is (x + 0.0 turns
  // -0.0 into +0.0).
  bool isFloat = isa<FloatType>(getType().getElementType());
  double zero = isFloat ? -0.0 : 0.0;
  if (isSplatOf(getRhs(), adaptor.getRhs(), zero))
    if (Value x = sameTypeAsResult(*this, getLhs()))
      return x;
  if (isSplatOf(getLhs(), adaptor.getLhs(), zero))
    if (Value x = sameTypeAsResult(*this, getRhs()))
      return x;
  return foldConstants(
      *this, adaptor.getOperands(),
      [](const APFloat &a, const APFloat &b) { return a + b; },
      [](const APInt &a, const APInt &b) { return a + b; });
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  // x - (+0.0) is x, -0.0 included.
  if (isSplatOf(getRhs(), adaptor.getRhs(), 0.0))
    if (Value x = sameTypeAsResult(*this, getLhs()))
      return x;
  return foldConstants(
      *this, adaptor.getOperands(),
      [](const APFloat &a, const APFloat &b) { return a - b; },
      [](const APInt &a, const APInt &b) { return a - b; });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(getRhs(), adaptor.getRhs(), 1.0))
    if (Value x = sameTypeAsResult(*this, getLhs()))
      return x;
  if (isSplatOf(getLhs(), adaptor.getLhs(), 1.0))
    if (Value x = sameTypeAsResult(*this, getRhs()))
      return x;
  return foldConstants(
      *this, adaptor.getOperands(),
      [](const APFloat &a, const APFloat &b) { return a * b; },
      [](const APInt &a, const APInt &b) { return a * b; });
}
