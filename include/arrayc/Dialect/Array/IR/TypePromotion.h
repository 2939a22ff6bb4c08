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

/// bool (i1), i8, i16, i32, i64, f16, bf16, f32, f64.
bool isArrayElementType(Type type);

/// The NumPy name of an element type (`float32`, `int64`, `bool`, ...).
std::string numpyName(Type type);

/// The type NumPy's `result_type` gives for arrays of these element types:
/// bool < integers < floats; integers widen to the widest; an integer with a
/// float gives the smallest float that holds both (int8 with float16 is
/// float16, int16 float32, int32/int64 float64); float16 with bfloat16 is
/// float32 (as ml_dtypes defines it).
FailureOr<Type>
promoteElementTypes(TypeRange types,
                    function_ref<InFlightDiagnostic()> emitError = nullptr);

/// The floating-point type NumPy computes a float function (exp, sqrt, ...)
/// of `type` in: floats stay; bool and int8 give float16, int16 float32,
/// int32 and int64 float64.
Type floatResultType(Type type);

/// The result type of NumPy's sum and prod: bool and integers give int64,
/// floats keep their type.
Type sumResultType(Type type);

/// The type sums, products and means accumulate in: int64 for bool and
/// integers, float32 for float16/bfloat16, float64 for float32 and float64.
/// (NumPy sums float32 pairwise in float32; a float64 accumulator is at
/// least as accurate.)
Type accumulatorType(Type type);

/// The result type of NumPy's mean, var and std: float64 for bool and
/// integers, floats keep their type.
Type meanResultType(Type type);

/// Converts scalar `value` to `to` as NumPy's astype does: integers sign
/// extend or truncate (wrap), floats round to nearest, float to integer
/// truncates toward zero, anything to bool is `!= 0`, bool to number is 0/1.
Value castScalar(OpBuilder &builder, Location loc, Value value, Type to);

} // namespace mlir::array

#endif // ARRAYC_DIALECT_ARRAY_IR_TYPEPROMOTION_H
