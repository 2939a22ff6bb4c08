//===- TypePromotion.h - NumPy dtype rules ----------------------*- C++ -*-===//
//
// The one place that defines array element types, how mixed operands promote
// (NumPy 2 / NEP 50 rules for arrays), and how a scalar converts between them
// (NumPy's astype). Verifiers and lowerings both use it.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_TYPEPROMOTION_H
#define ARRAYC_DIALECT_ARRAY_IR_TYPEPROMOTION_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeRange.h"

namespace mlir::array {

/// bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32, f64.
bool isArrayElementType(Type type);

/// Whether `type` is one of the unsigned integer types ui8-ui64.
bool isUnsignedInteger(Type type);

//===----------------------------------------------------------------------===//
// Unsigned integers in scalar code
//
// NumPy's unsigned dtypes are MLIR's unsigned integer types (ui8-ui64) in
// tensors and buffers, but arith computes on signless integers only and
// chooses signedness by the op (divui, cmpi ult, uitofp, ...). Scalar code
// that the lowerings build (linalg bodies) therefore holds an unsigned
// element as a value of its logical type (ui8) between computations and
// casts it to the signless type of the same width (i8) with
// `builtin.unrealized_conversion_cast` just around each arith op; the casts
// pair up and disappear when the LLVM type converter maps both types to i8.
//===----------------------------------------------------------------------===//

/// `type` with integers made signless (ui8 -> i8); other types unchanged.
Type signlessType(Type type);

/// `value` as its signless counterpart (a cast for ui8-ui64, else itself).
Value toSignless(OpBuilder &builder, Location loc, Value value);

/// Signless `value` as a value of type `logical` (a cast when `logical` is
/// unsigned, else `value` itself).
Value fromSignless(OpBuilder &builder, Location loc, Value value, Type logical);

/// The element type a scalar region's result `computed` gives an op whose
/// declared result element type is `declared`: `declared` when it is the
/// unsigned type of `computed`'s bits (regions compute on signless
/// integers), else `computed`.
Type regionResultType(Type computed, Type declared);

/// An arith constant of any array element type (unsigned ones are cast).
Value scalarConstant(OpBuilder &builder, Location loc, Type type,
                     int64_t value);

/// An arith constant holding `attr` (an unsigned integer attribute becomes a
/// signless constant, cast).
Value constantOf(OpBuilder &builder, Location loc, TypedAttr attr);

/// The NumPy name of an element type (`float32`, `int64`, `bool`, ...).
std::string numpyName(Type type);

/// Bytes an element of `type` takes in memory (i1 takes one, index eight).
int64_t elementBytes(Type type);

/// The type NumPy's `result_type` gives for arrays of these element types:
/// bool < integers < floats; integers of one signedness widen to the
/// widest; an unsigned with a signed integer gives the smallest signed type
/// that holds both (uint8 with int8 is int16, uint32 with int64 is int64),
/// and float64 for uint64 with any signed integer; an integer with a float
/// gives the smallest float that holds both (int8/uint8 with float16 is
/// float16, int16/uint16 float32, 32- and 64-bit integers float64);
/// float16 with bfloat16 is float32 (as ml_dtypes defines it).
FailureOr<Type>
promoteElementTypes(TypeRange types,
                    function_ref<InFlightDiagnostic()> emitError = nullptr);

/// The floating-point type NumPy computes a float function (exp, sqrt, ...)
/// of `type` in: floats stay; bool and (u)int8 give float16, (u)int16
/// float32, 32- and 64-bit integers float64.
Type floatResultType(Type type);

/// The result type of NumPy's sum and prod: bool and signed integers give
/// int64, unsigned integers uint64, floats keep their type.
Type sumResultType(Type type);

/// The type sums, products and means accumulate in: int64 for bool and
/// signed integers, uint64 for unsigned ones, float32 for float16/bfloat16,
/// float64 for float32 and float64. (NumPy sums float32 pairwise in float32; a
/// float64 accumulator is at least as accurate.)
Type accumulatorType(Type type);

/// The result type of NumPy's mean, var and std: float64 for bool and
/// integers, floats keep their type.
Type meanResultType(Type type);

/// Converts scalar `value` to `to` as NumPy's astype does: integers extend
/// as their own signedness says (int8 -1 is uint16 65535) or truncate
/// (wrap), floats round to nearest, float to integer truncates toward zero,
/// anything to bool is `!= 0`, bool to number is 0/1. A float out of an
/// unsigned type's range is undefined in NumPy (C's cast); here a float
/// converts to uint8-uint32 through int64 (so -1.0 is 255 as on x86) and to
/// uint64 with LLVM's fptoui.
Value castScalar(OpBuilder &builder, Location loc, Value value, Type to);

} // namespace mlir::array

#endif // ARRAYC_DIALECT_ARRAY_IR_TYPEPROMOTION_H
