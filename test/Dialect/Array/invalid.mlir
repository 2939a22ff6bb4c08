// RUN: array-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// Broadcasting: shapes that do not broadcast
//===----------------------------------------------------------------------===//

func.func @no_broadcast_rank2_rank1(%a: tensor<4x3xf32>, %b: tensor<5xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'array.add' op operand shapes [4, 3] and [5] do not broadcast (dimension 1: 3 vs 5)}}
  %0 = array.add %a, %b : (tensor<4x3xf32>, tensor<5xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @no_broadcast_rank1(%a: tensor<2xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'array.sub' op operand shapes [2] and [3] do not broadcast (dimension 0: 2 vs 3)}}
  %0 = array.sub %a, %b : (tensor<2xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// The dimension is counted in the broadcast (result) shape, not in the
// operand of lower rank.
func.func @no_broadcast_rank3_rank2(%a: tensor<2x3x4xf64>, %b: tensor<3x5xf64>) -> tensor<2x3x4xf64> {
  // expected-error @+1 {{'array.mul' op operand shapes [2, 3, 4] and [3, 5] do not broadcast (dimension 2: 4 vs 5)}}
  %0 = array.mul %a, %b : (tensor<2x3x4xf64>, tensor<3x5xf64>) -> tensor<2x3x4xf64>
  return %0 : tensor<2x3x4xf64>
}

// -----

// Size-1 dimensions broadcast, but the leading dimensions still clash.
func.func @no_broadcast_leading(%a: tensor<2x1x4xf32>, %b: tensor<3x1x4xf32>) -> tensor<2x1x4xf32> {
  // expected-error @+1 {{'array.div' op operand shapes [2, 1, 4] and [3, 1, 4] do not broadcast (dimension 0: 2 vs 3)}}
  %0 = array.div %a, %b : (tensor<2x1x4xf32>, tensor<3x1x4xf32>) -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}

// -----

// A static size 1 does not hide a clash of the other operand with the result
// shape: 4x1 and 1x3 broadcast, 4x1 and 5x3 do not.
func.func @no_broadcast_one_other_dim(%a: tensor<4x1xi64>, %b: tensor<5x3xi64>) -> tensor<5x3xi64> {
  // expected-error @+1 {{'array.maximum' op operand shapes [4, 1] and [5, 3] do not broadcast (dimension 0: 4 vs 5)}}
  %0 = array.maximum %a, %b : (tensor<4x1xi64>, tensor<5x3xi64>) -> tensor<5x3xi64>
  return %0 : tensor<5x3xi64>
}

// -----

// Dynamic dimensions are skipped; the static ones still have to agree.
func.func @no_broadcast_dynamic(%a: tensor<?x3xf32>, %b: tensor<?x4xf32>) -> tensor<?x3xf32> {
  // expected-error @+1 {{'array.add' op operand shapes [?, 3] and [?, 4] do not broadcast (dimension 1: 3 vs 4)}}
  %0 = array.add %a, %b : (tensor<?x3xf32>, tensor<?x4xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Broadcasting: result shape
//===----------------------------------------------------------------------===//

func.func @wrong_result_shape(%a: tensor<4x3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'array.add' op result shape [3] does not match the broadcast shape [4, 3] of the operands}}
  %0 = array.add %a, %b : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @wrong_result_shape_outer(%a: tensor<4x1xi32>, %b: tensor<1x3xi32>) -> tensor<4x1xi32> {
  // expected-error @+1 {{'array.mul' op result shape [4, 1] does not match the broadcast shape [4, 3] of the operands}}
  %0 = array.mul %a, %b : (tensor<4x1xi32>, tensor<1x3xi32>) -> tensor<4x1xi32>
  return %0 : tensor<4x1xi32>
}

// -----

// A static size fixes the broadcast dimension: the result may not be dynamic.
func.func @wrong_result_shape_dynamic(%a: tensor<?x3xf64>, %b: tensor<4x3xf64>) -> tensor<?x3xf64> {
  // expected-error @+1 {{'array.sub' op result shape [?, 3] does not match the broadcast shape [4, 3] of the operands}}
  %0 = array.sub %a, %b : (tensor<?x3xf64>, tensor<4x3xf64>) -> tensor<?x3xf64>
  return %0 : tensor<?x3xf64>
}

// -----

// A dynamic dimension is never assumed to be 1: ? with 1 gives ?, not 1.
func.func @wrong_result_shape_dynamic_one(%a: tensor<?x3xf32>, %b: tensor<1x3xf32>) -> tensor<1x3xf32> {
  // expected-error @+1 {{'array.maximum' op result shape [1, 3] does not match the broadcast shape [?, 3] of the operands}}
  %0 = array.maximum %a, %b : (tensor<?x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

// Two dynamic sizes broadcast to a dynamic size, never to a static one.
func.func @wrong_result_shape_both_dynamic(%a: tensor<?x3xf32>, %b: tensor<?x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'array.add' op result shape [4, 3] does not match the broadcast shape [?, 3] of the operands}}
  %0 = array.add %a, %b : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @wrong_result_rank_0d(%a: tensor<f32>, %b: tensor<f32>) -> tensor<1xf32> {
  // expected-error @+1 {{'array.div' op result shape [1] does not match the broadcast shape [] of the operands}}
  %0 = array.div %a, %b : (tensor<f32>, tensor<f32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

// Mixed operand types promote (NumPy rules); the result must be the
// promoted type.
func.func @mixed_operand_types(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.add' op result element type 'f32' should be 'f64' (float64) for operands of float32, float64}}
  %0 = array.add %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @mixed_int_float(%a: tensor<4xi32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.mul' op result element type 'f32' should be 'f64' (float64) for operands of int32, float32}}
  %0 = array.mul %a, %b : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @result_element_type(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi64> {
  // expected-error @+1 {{'array.sub' op result element type 'i64' should be 'i32' (int32) for operands of int32, int32}}
  %0 = array.sub %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @neg_result_type(%a: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'array.neg' op result element type 'f64' should be 'f32' (float32) for operands of float32}}
  %0 = "array.neg"(%a) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @exp_result_shape(%a: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'array.exp' op result shape [3] does not match the broadcast shape [4] of the operands}}
  %0 = "array.exp"(%a) : (tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// True division of integers gives float64.
func.func @div_int(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.div' op result element type 'i32' should be 'f64' (float64) for operands of int32, int32}}
  %0 = array.div %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Float functions of int64 compute in float64.
func.func @exp_int(%a: tensor<8xi64>) -> tensor<8xi64> {
  // expected-error @+1 {{'array.exp' op result element type 'i64' should be 'f64' (float64) for operands of int64}}
  %0 = array.exp %a : tensor<8xi64>
  return %0 : tensor<8xi64>
}

// -----

// NumPy rejects negative of bool too.
func.func @neg_i1(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'array.neg' op negative is not defined for bool (NumPy rejects it too); use array.logical_not}}
  %0 = array.neg %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Signed integer types (si32) are not array element types: signed integers
// are signless (i32), unsigned ones ui32.
func.func @mul_signed_integer(%a: tensor<4xsi32>, %b: tensor<4xsi32>) -> tensor<4xsi32> {
  // expected-error @+1 {{'array.mul' op operand #0 must be ranked tensor of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'tensor<4xsi32>'}}
  %0 = array.mul %a, %b : (tensor<4xsi32>, tensor<4xsi32>) -> tensor<4xsi32>
  return %0 : tensor<4xsi32>
}

// -----

// Only the result has an unsupported element type.
func.func @result_i8(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi8> {
  // expected-error @+1 {{'array.add' op result element type 'i8' should be 'i32' (int32) for operands of int32, int32}}
  %0 = "array.add"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @sub_bool(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'array.sub' op subtract is not defined for bool operands (NumPy rejects it too); use array.logical_xor}}
  %0 = array.sub %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// float16 with bfloat16 promotes to float32.
func.func @f16_bf16(%a: tensor<4xf16>, %b: tensor<4xbf16>) -> tensor<4xf16> {
  // expected-error @+1 {{'array.add' op result element type 'f16' should be 'f32' (float32) for operands of float16, bfloat16}}
  %0 = array.add %a, %b : (tensor<4xf16>, tensor<4xbf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// int8 with float16 is float16; int16 with float16 is float32.
func.func @i16_f16(%a: tensor<4xi16>, %b: tensor<4xf16>) -> tensor<4xf16> {
  // expected-error @+1 {{'array.mul' op result element type 'f16' should be 'f32' (float32) for operands of int16, float16}}
  %0 = array.mul %a, %b : (tensor<4xi16>, tensor<4xf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @add_index(%a: tensor<4xindex>, %b: tensor<4xindex>) -> tensor<4xindex> {
  // expected-error @+1 {{'array.add' op operand #0 must be ranked tensor of bool (i1), i8, i16}}
  %0 = array.add %a, %b : (tensor<4xindex>, tensor<4xindex>) -> tensor<4xindex>
  return %0 : tensor<4xindex>
}

// -----

func.func @exp_si32(%a: tensor<4xsi32>) -> tensor<4xf64> {
  // expected-error @+1 {{'array.exp' op operand #0 must be ranked tensor of bool (i1), i8}}
  %0 = array.exp %a : tensor<4xsi32> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

//===----------------------------------------------------------------------===//
// Unranked tensors and memrefs where ranked tensors are required
//===----------------------------------------------------------------------===//

func.func @add_unranked(%a: tensor<*xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.add' op operand #0 must be ranked tensor of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'tensor<*xf32>'}}
  %0 = array.add %a, %b : (tensor<*xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @add_unranked_result(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'array.add' op result #0 must be ranked tensor of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'tensor<*xf32>'}}
  %0 = array.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @sub_memref(%a: memref<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.sub' op operand #0 must be ranked tensor of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'memref<4xf32>'}}
  %0 = array.sub %a, %b : (memref<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The custom syntax of the unary ops only reads ranked tensor types.
func.func @exp_unranked(%a: tensor<*xf64>) -> tensor<*xf64> {
  // expected-error @+1 {{'array.exp' op operand #0 must be ranked tensor of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'tensor<*xf64>'}}
  %0 = array.exp %a : tensor<*xf64>
  return %0 : tensor<*xf64>
}

// -----

func.func @exp_unranked_generic(%a: tensor<*xf64>) -> tensor<*xf64> {
  // expected-error @+1 {{'array.exp' op operand #0 must be ranked tensor of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'tensor<*xf64>'}}
  %0 = "array.exp"(%a) : (tensor<*xf64>) -> tensor<*xf64>
  return %0 : tensor<*xf64>
}

// -----

func.func @neg_memref(%a: memref<4xi32>) -> memref<4xi32> {
  // expected-error @+1 {{'array.neg' op operand #0 must be ranked tensor of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'memref<4xi32>'}}
  %0 = array.neg %a : memref<4xi32>
  return %0 : memref<4xi32>
}

// -----

func.func @neg_memref_generic(%a: memref<4xi32>) -> memref<4xi32> {
  // expected-error @+1 {{'array.neg' op operand #0 must be ranked tensor of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'memref<4xi32>'}}
  %0 = "array.neg"(%a) : (memref<4xi32>) -> memref<4xi32>
  return %0 : memref<4xi32>
}

// -----

func.func @neg_vector(%a: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{'array.neg' op operand #0 must be ranked tensor of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'vector<4xf32>'}}
  %0 = "array.neg"(%a) : (vector<4xf32>) -> vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// array.full
//===----------------------------------------------------------------------===//

func.func @full_i32_overflow() -> tensor<4xi32> {
  // expected-error @+1 {{value 3000000000 does not fit in element type 'i32'}}
  %0 = array.full 3000000000 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @full_i32_underflow() -> tensor<4xi32> {
  // expected-error @+1 {{value -2147483649 does not fit in element type 'i32'}}
  %0 = array.full -2147483649 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// The unsigned range does not count: i32 is signed.
func.func @full_i32_unsigned_max() -> tensor<i32> {
  // expected-error @+1 {{value 4294967295 does not fit in element type 'i32'}}
  %0 = array.full 4294967295 : tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @full_i64_overflow() -> tensor<4xi64> {
  // expected-error @+1 {{value 9223372036854775808 does not fit in element type 'i64'}}
  %0 = array.full 9223372036854775808 : tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @full_float_for_int() -> tensor<4xi32> {
  // expected-error @+1 {{expected an integer value for element type 'i32', found 1.5}}
  %0 = array.full 1.5 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// 2.0 is integral but still a float literal.
func.func @full_integral_float_for_int() -> tensor<4xi64> {
  // expected-error @+1 {{expected an integer value for element type 'i64', found 2.0}}
  %0 = array.full 2.0 : tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @full_inf_for_int() -> tensor<4xi64> {
  // expected-error @+1 {{expected an integer value for element type 'i64'}}
  %0 = array.full -inf : tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @full_nan_for_int() -> tensor<4xi32> {
  // expected-error @+1 {{expected an integer value for element type 'i32'}}
  %0 = array.full nan : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @full_not_a_number() -> tensor<4xf32> {
  // expected-error @+1 {{expected floating point literal}}
  %0 = array.full true : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @full_missing_size(%n: index) -> tensor<?x?xf32> {
  // expected-error @+1 {{'array.full' op expected 2 dynamic size operands for result type 'tensor<?x?xf32>', found 1}}
  %0 = array.full(%n) 0.0 : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @full_extra_size(%n: index) -> tensor<4xf64> {
  // expected-error @+1 {{'array.full' op expected 0 dynamic size operands for result type 'tensor<4xf64>', found 1}}
  %0 = array.full(%n) 0.0 : tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @full_no_size() -> tensor<?xi32> {
  // expected-error @+1 {{'array.full' op expected 1 dynamic size operands for result type 'tensor<?xi32>', found 0}}
  %0 = array.full 7 : tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

// expected-note @+1 {{prior use here}}
func.func @full_size_not_index(%n: i64) -> tensor<?xi32> {
  // expected-error @+1 {{use of value '%n' expects different type than prior uses: 'index' vs 'i64'}}
  %0 = array.full(%n) 7 : tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

func.func @full_unranked() -> tensor<*xf32> {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = array.full 1.0 : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @full_memref() -> memref<4xf32> {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor, but found 'memref<4xf32>'}}
  %0 = array.full 1.0 : memref<4xf32>
  return %0 : memref<4xf32>
}

// -----

// In generic form the value attribute carries its own type.
func.func @full_value_type() -> tensor<4xf32> {
  // expected-error @+1 {{'array.full' op value type 'f64' differs from result element type 'f32'}}
  %0 = "array.full"() <{value = 1.0 : f64}> : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @full_value_int_type() -> tensor<4xi64> {
  // expected-error @+1 {{'array.full' op value type 'i32' differs from result element type 'i64'}}
  %0 = "array.full"() <{value = 1 : i32}> : () -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// A string attribute is typed, with type none.
func.func @full_value_not_typed() -> tensor<4xf32> {
  // expected-error @+1 {{'array.full' op value type 'none' differs from result element type 'f32'}}
  %0 = "array.full"() <{value = "one"}> : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// array.constant
//===----------------------------------------------------------------------===//

func.func @constant_scalar() -> tensor<f32> {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %0 = array.constant 1.0 : f32
  return %0 : tensor<f32>
}

// -----

func.func @constant_scalar_generic() -> tensor<f32> {
  // expected-error @+1 {{invalid properties {value = 1.000000e+00 : f32} for op array.constant: Invalid attribute `value` in property conversion: 1.000000e+00 : f32}}
  %0 = "array.constant"() <{value = 1.0 : f32}> : () -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @constant_array_attr() -> tensor<2xi32> {
  // expected-error @+1 {{invalid properties {value = [1 : i32, 2 : i32]} for op array.constant: Invalid attribute `value` in property conversion}}
  %0 = "array.constant"() <{value = [1 : i32, 2 : i32]}> : () -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @constant_type_mismatch() -> tensor<3xf32> {
  // expected-error @+1 {{'array.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "array.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @constant_vector() -> vector<2xf32> {
  // expected-error @+1 {{'array.constant' op result #0 must be ranked tensor of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'vector<2xf32>'}}
  %0 = array.constant dense<1.0> : vector<2xf32>
  return %0 : vector<2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// array.print
//===----------------------------------------------------------------------===//

func.func @print_scalar(%a: f32) {
  // expected-error @+1 {{'array.print' op operand #0 must be ranked tensor or memref of an array element type, but got 'f32'}}
  array.print %a : f32
  return
}

// -----

func.func @print_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'array.print' op operand #0 must be ranked tensor or memref of an array element type, but got 'tensor<*xf32>'}}
  array.print %a : tensor<*xf32>
  return
}

// -----

func.func @print_unranked_memref(%a: memref<*xf64>) {
  // expected-error @+1 {{'array.print' op operand #0 must be ranked tensor or memref of an array element type, but got 'memref<*xf64>'}}
  array.print %a : memref<*xf64>
  return
}

// -----

func.func @print_vector(%a: vector<4xi32>) {
  // expected-error @+1 {{'array.print' op operand #0 must be ranked tensor or memref of an array element type, but got 'vector<4xi32>'}}
  array.print %a : vector<4xi32>
  return
}

// -----

func.func @full_index() -> tensor<2xindex> {
  // expected-error @+1 {{custom op 'array.full' expected a tensor of an array element type (i1, i8-i64, ui8-ui64, f16, bf16, f32, f64), found element type 'index'}}
  %0 = array.full 1 : tensor<2xindex>
  return %0 : tensor<2xindex>
}

// -----

func.func @full_f32_overflow() -> tensor<f32> {
  // expected-error @+1 {{custom op 'array.full' value 1.0e+39 is out of the range of element type 'f32'}}
  %0 = array.full 1.0e39 : tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @full_inf_for_int() -> tensor<2xi32> {
  // expected-error @+1 {{custom op 'array.full' expected an integer value for element type 'i32', found -inf}}
  %0 = array.full -inf : tensor<2xi32>
  return %0 : tensor<2xi32>
}
