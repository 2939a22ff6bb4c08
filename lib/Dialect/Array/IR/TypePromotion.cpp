//===- TypePromotion.cpp - NumPy dtype rules ------------------------------===//

#include "arrayc/Dialect/Array/IR/TypePromotion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

bool array::isArrayElementType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type)) {
    if (intType.isSigned())
      return false;
    if (intType.isUnsigned())
      return llvm::is_contained({8u, 16u, 32u, 64u}, intType.getWidth());
    return llvm::is_contained({1u, 8u, 16u, 32u, 64u}, intType.getWidth());
  }
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

bool array::isUnsignedInteger(Type type) {
  auto intType = dyn_cast<IntegerType>(type);
  return intType && intType.isUnsigned();
}

Type array::signlessType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type);
      intType && !intType.isSignless())
    return IntegerType::get(type.getContext(), intType.getWidth());
  return type;
}

Type array::regionResultType(Type computed, Type declared) {
  if (isUnsignedInteger(declared) && signlessType(declared) == computed)
    return declared;
  return computed;
}

Value array::toSignless(OpBuilder &b, Location loc, Value value) {
  Type type = signlessType(value.getType());
  if (type == value.getType())
    return value;
  // Undo a fromSignless instead of stacking a second cast on it.
  if (auto cast = value.getDefiningOp<UnrealizedConversionCastOp>();
      cast && cast->getNumOperands() == 1 &&
      cast->getOperand(0).getType() == type)
    return cast->getOperand(0);
  return UnrealizedConversionCastOp::create(b, loc, type, value).getResult(0);
}

Value array::fromSignless(OpBuilder &b, Location loc, Value value,
                          Type logical) {
  if (value.getType() == logical)
    return value;
  if (auto cast = value.getDefiningOp<UnrealizedConversionCastOp>();
      cast && cast->getNumOperands() == 1 &&
      cast->getOperand(0).getType() == logical)
    return cast->getOperand(0);
  return UnrealizedConversionCastOp::create(b, loc, logical, value)
      .getResult(0);
}

Value array::constantOf(OpBuilder &b, Location loc, TypedAttr attr) {
  auto intAttr = dyn_cast<IntegerAttr>(attr);
  if (!intAttr || !isUnsignedInteger(attr.getType()))
    return arith::ConstantOp::create(b, loc, attr);
  Value bits = arith::ConstantOp::create(
      b, loc,
      IntegerAttr::get(signlessType(attr.getType()), intAttr.getValue()));
  return fromSignless(b, loc, bits, attr.getType());
}

Value array::scalarConstant(OpBuilder &b, Location loc, Type type,
                            int64_t value) {
  if (isa<FloatType>(type))
    return arith::ConstantOp::create(
        b, loc, b.getFloatAttr(type, static_cast<double>(value)));
  Type signless = signlessType(type);
  Value constant =
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(signless, value));
  return fromSignless(b, loc, constant, type);
}

int64_t array::elementBytes(Type type) {
  if (type.isIndex())
    return 8;
  return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
}

std::string array::numpyName(Type type) {
  if (type.isInteger(1))
    return "bool";
  if (auto intType = dyn_cast<IntegerType>(type))
    return (intType.isUnsigned() ? "uint" : "int") +
           std::to_string(intType.getWidth());
  if (type.isBF16())
    return "bfloat16";
  if (auto floatType = dyn_cast<FloatType>(type))
    return "float" + std::to_string(floatType.getWidth());
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// The smallest float that holds every value of integer type `type`
/// exactly, as NumPy's promotion tables have it.
static Type floatForInteger(IntegerType type) {
  MLIRContext *context = type.getContext();
  if (type.getWidth() <= 8)
    return Float16Type::get(context);
  if (type.getWidth() == 16)
    return Float32Type::get(context);
  return Float64Type::get(context);
}

/// Promotes two integers (bool included): one signedness widens to the
/// wider; unsigned with signed gives the signed type that holds both, or
/// float64 when none does (uint64 with a signed integer).
static Type promoteIntegers(IntegerType a, IntegerType b) {
  if (a.getWidth() == 1)
    return b;
  if (b.getWidth() == 1)
    return a;
  if (a.isUnsigned() == b.isUnsigned())
    return a.getWidth() >= b.getWidth() ? a : b;
  IntegerType unsignedType = a.isUnsigned() ? a : b;
  IntegerType signedType = a.isUnsigned() ? b : a;
  if (signedType.getWidth() > unsignedType.getWidth())
    return signedType;
  if (unsignedType.getWidth() == 64)
    return Float64Type::get(a.getContext());
  return IntegerType::get(a.getContext(), 2 * unsignedType.getWidth());
}

/// Promotes two floats: the wider wins; f16 with bf16 needs f32.
static Type promoteFloats(FloatType a, FloatType b) {
  if (a == b)
    return a;
  if (a.getWidth() == 16 && b.getWidth() == 16)
    return Float32Type::get(a.getContext());
  return a.getWidth() >= b.getWidth() ? a : b;
}

FailureOr<Type>
array::promoteElementTypes(TypeRange types,
                           function_ref<InFlightDiagnostic()> emitError) {
  Type result;
  for (Type type : types) {
    if (!isArrayElementType(type)) {
      if (emitError)
        emitError() << "element type " << type
                    << " is not an array element type (bool, int8-int64, "
                       "uint8-uint64, float16, bfloat16, float32, float64)";
      return failure();
    }
    if (!result) {
      result = type;
      continue;
    }
    auto resultInt = dyn_cast<IntegerType>(result);
    auto typeInt = dyn_cast<IntegerType>(type);
    if (resultInt && typeInt) {
      result = promoteIntegers(resultInt, typeInt);
      continue;
    }
    // bool promotes to anything; an integer to the float that holds it.
    auto asFloat = [](Type t) -> FloatType {
      if (auto intType = dyn_cast<IntegerType>(t))
        return intType.getWidth() == 1
                   ? FloatType()
                   : cast<FloatType>(floatForInteger(intType));
      return cast<FloatType>(t);
    };
    FloatType a = asFloat(result), b = asFloat(type);
    result = !a ? Type(b) : !b ? Type(a) : promoteFloats(a, b);
  }
  if (!result) {
    if (emitError)
      emitError() << "expected at least one operand";
    return failure();
  }
  return result;
}

Type array::floatResultType(Type type) {
  if (isa<FloatType>(type))
    return type;
  auto intType = cast<IntegerType>(type);
  return floatForInteger(intType.getWidth() == 1
                             ? IntegerType::get(type.getContext(), 8)
                             : intType);
}

Type array::sumResultType(Type type) {
  if (isUnsignedInteger(type))
    return IntegerType::get(type.getContext(), 64, IntegerType::Unsigned);
  if (isa<IntegerType>(type))
    return IntegerType::get(type.getContext(), 64);
  return type;
}

Type array::accumulatorType(Type type) {
  MLIRContext *context = type.getContext();
  if (isUnsignedInteger(type))
    return IntegerType::get(context, 64, IntegerType::Unsigned);
  if (isa<IntegerType>(type))
    return IntegerType::get(context, 64);
  if (cast<FloatType>(type).getWidth() == 16)
    return Float32Type::get(context);
  return Float64Type::get(context);
}

Type array::meanResultType(Type type) {
  if (isa<IntegerType>(type))
    return Float64Type::get(type.getContext());
  return type;
}

Value array::castScalar(OpBuilder &b, Location loc, Value value, Type to) {
  Type from = value.getType();
  if (from == to)
    return value;
  auto fromInt = dyn_cast<IntegerType>(from);
  auto toInt = dyn_cast<IntegerType>(to);
  // Anything to bool: nonzero is true (NaN is true, as in NumPy).
  if (toInt && toInt.getWidth() == 1) {
    if (fromInt) {
      Value zero = scalarConstant(b, loc, signlessType(from), 0);
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                   toSignless(b, loc, value), zero);
    }
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(from));
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, value,
                                 zero);
  }
  Type target = signlessType(to);
  if (fromInt && toInt) {
    Value bits = toSignless(b, loc, value);
    // bool is 0/1, not -1/0; an integer extends as its signedness says.
    if (fromInt.getWidth() < toInt.getWidth())
      bits = fromInt.getWidth() == 1 || fromInt.isUnsigned()
                 ? arith::ExtUIOp::create(b, loc, target, bits).getResult()
                 : arith::ExtSIOp::create(b, loc, target, bits).getResult();
    else if (fromInt.getWidth() > toInt.getWidth())
      bits = arith::TruncIOp::create(b, loc, target, bits);
    return fromSignless(b, loc, bits, to);
  }
  if (fromInt) {
    Value bits = toSignless(b, loc, value);
    if (fromInt.getWidth() == 1 || fromInt.isUnsigned())
      return arith::UIToFPOp::create(b, loc, to, bits);
    return arith::SIToFPOp::create(b, loc, to, bits);
  }
  auto fromFloat = cast<FloatType>(from);
  if (toInt) {
    if (!toInt.isUnsigned())
      return arith::FPToSIOp::create(b, loc, to, value);
    if (toInt.getWidth() == 64) {
      // Negative values through int64 too (NVPTX's conversion to u64
      // saturates them at 0); those from 2^63 up need the unsigned one.
      Value zero = arith::ConstantOp::create(
          b, loc, b.getFloatAttr(value.getType(), 0.0));
      Value negative =
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, value, zero);
      Value wrapped = arith::FPToSIOp::create(b, loc, target, value);
      Value unsignedValue = arith::FPToUIOp::create(b, loc, target, value);
      return fromSignless(
          b, loc,
          arith::SelectOp::create(b, loc, negative, wrapped, unsignedValue),
          to);
    }
    // Through int64, so that negative values wrap as C's cast does on x86.
    Value wide = arith::FPToSIOp::create(b, loc, b.getI64Type(), value);
    return fromSignless(b, loc, arith::TruncIOp::create(b, loc, target, wide),
                        to);
  }
  auto toFloat = cast<FloatType>(to);
  // f16 <-> bf16 have the same width: go through f32.
  if (fromFloat.getWidth() == toFloat.getWidth()) {
    Value wide =
        arith::ExtFOp::create(b, loc, Float32Type::get(b.getContext()), value);
    return arith::TruncFOp::create(b, loc, to, wide);
  }
  if (fromFloat.getWidth() < toFloat.getWidth())
    return arith::ExtFOp::create(b, loc, to, value);
  // f64 -> bf16 goes through f32: the CPU target expands f32 -> bf16 itself
  // (libgcc has no __truncdfbf2). Rounding twice can differ from rounding
  // once only for values within 2^-29 relative of a bf16 tie.
  if (toFloat.isBF16() && fromFloat.getWidth() == 64)
    value = arith::TruncFOp::create(b, loc, b.getF32Type(), value);
  return arith::TruncFOp::create(b, loc, to, value);
}
