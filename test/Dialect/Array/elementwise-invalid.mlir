// RUN: array-opt %s -split-input-file -verify-diagnostics

// Verifier errors of the elementwise ops (ArrayElementwiseOps.td).

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

// The ufuncs beyond add/sub/mul/div/maximum/neg/exp.

func.func @floor_divide_result(%a: tensor<4xi32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.floor_divide' op result element type 'f32' should be 'f64' (float64) for operands of int32, float32}}
  %0 = array.floor_divide %a, %b : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Two bools give int8, as in NumPy.
func.func @remainder_bool(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'array.remainder' op result element type 'i1' should be 'i8' (int8) for operands of bool, bool}}
  %0 = array.remainder %a, %a : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @power_bool(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'array.power' op result element type 'i1' should be 'i8' (int8) for operands of bool, bool}}
  %0 = array.power %a, %a : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @square_bool(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'array.square' op result element type 'i1' should be 'i8' (int8) for operands of bool}}
  %0 = array.square %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @reciprocal_bool(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'array.reciprocal' op result element type 'i1' should be 'i8' (int8) for operands of bool}}
  %0 = array.reciprocal %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @abs_result(%a: tensor<4xi32>) -> tensor<4xi64> {
  // expected-error @+1 {{'array.abs' op result element type 'i64' should be 'i32' (int32) for operands of int32}}
  %0 = array.abs %a : tensor<4xi32> -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @sign_bool(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'array.sign' op sign is not defined for bool (NumPy rejects it too)}}
  %0 = array.sign %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @minimum_result(%a: tensor<4xi8>, %b: tensor<4xf16>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.minimum' op result element type 'f32' should be 'f16' (float16) for operands of int8, float16}}
  %0 = array.minimum %a, %b : (tensor<4xi8>, tensor<4xf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fmax_shape(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.fmax' op operand shapes [4] and [3] do not broadcast (dimension 0: 4 vs 3)}}
  %0 = array.fmax %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fmin_result(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.fmin' op result element type 'f32' should be 'f64' (float64) for operands of float32, float64}}
  %0 = array.fmin %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// clip promotes all three operands.
func.func @clip_result(%x: tensor<4xi32>, %lo: tensor<f32>, %hi: tensor<i32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.clip' op result element type 'i32' should be 'f64' (float64) for operands of int32, float32, int32}}
  %0 = array.clip %x, %lo, %hi : (tensor<4xi32>, tensor<f32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @clip_shape(%x: tensor<4xf32>, %lo: tensor<f32>, %hi: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.clip' op operand shapes [4] and [5] do not broadcast (dimension 0: 4 vs 5)}}
  %0 = array.clip %x, %lo, %hi : (tensor<4xf32>, tensor<f32>, tensor<5xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Float functions of integers compute in the float NumPy picks.
func.func @sqrt_int16(%a: tensor<4xi16>) -> tensor<4xf64> {
  // expected-error @+1 {{'array.sqrt' op result element type 'f64' should be 'f32' (float32) for operands of int16}}
  %0 = array.sqrt %a : tensor<4xi16> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @log_bool(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'array.log' op result element type 'i1' should be 'f16' (float16) for operands of bool}}
  %0 = array.log %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @sin_int(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.sin' op result element type 'i32' should be 'f64' (float64) for operands of int32}}
  %0 = array.sin %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @erf_result(%a: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'array.erf' op result element type 'f64' should be 'f32' (float32) for operands of float32}}
  %0 = array.erf %a : tensor<4xf32> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @sigmoid_int8(%a: tensor<4xi8>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.sigmoid' op result element type 'f32' should be 'f16' (float16) for operands of int8}}
  %0 = array.sigmoid %a : tensor<4xi8> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @arctan2_result(%y: tensor<4xi32>, %x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.arctan2' op result element type 'i32' should be 'f64' (float64) for operands of int32, int32}}
  %0 = array.arctan2 %y, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @floor_int(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.floor' op floor is defined for float operands only, found int32 (NumPy 1.x and 2.x disagree on its result type for integers); convert the operand to a float first}}
  %0 = array.floor %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @ceil_bool(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'array.ceil' op ceil is defined for float operands only, found bool}}
  %0 = array.ceil %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @round_int(%a: tensor<4xi64>) -> tensor<4xf64> {
  // expected-error @+1 {{'array.round' op round is defined for float operands only, found int64}}
  %0 = array.round %a : tensor<4xi64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @trunc_int8(%a: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'array.trunc' op trunc is defined for float operands only, found int8}}
  %0 = array.trunc %a : tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @equal_result(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.equal' op result element type 'f32' should be 'i1' (bool) for operands of float32, float32}}
  %0 = array.equal %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @less_signed_integer(%a: tensor<4xsi8>, %b: tensor<4xi8>) -> tensor<4xi1> {
  // expected-error @+1 {{'array.less' op operand #0 must be ranked tensor of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'tensor<4xsi8>'}}
  %0 = array.less %a, %b : (tensor<4xsi8>, tensor<4xi8>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @not_equal_shape(%a: tensor<4x3xi32>, %b: tensor<4xi32>) -> tensor<4x3xi1> {
  // expected-error @+1 {{'array.not_equal' op operand shapes [4, 3] and [4] do not broadcast (dimension 1: 3 vs 4)}}
  %0 = array.not_equal %a, %b : (tensor<4x3xi32>, tensor<4xi32>) -> tensor<4x3xi1>
  return %0 : tensor<4x3xi1>
}

// -----

func.func @greater_result(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.greater' op result element type 'i32' should be 'i1' (bool)}}
  %0 = array.greater %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @less_equal_result(%a: tensor<4xf64>, %b: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error @+1 {{'array.less_equal' op result element type 'f64' should be 'i1' (bool)}}
  %0 = array.less_equal %a, %b : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @greater_equal_result(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'array.greater_equal' op result element type 'i8' should be 'i1' (bool)}}
  %0 = array.greater_equal %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @logical_and_result(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.logical_and' op result element type 'f32' should be 'i1' (bool) for operands of float32, float32}}
  %0 = array.logical_and %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @logical_or_result(%a: tensor<4xi32>, %b: tensor<4xi1>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.logical_or' op result element type 'i32' should be 'i1' (bool)}}
  %0 = array.logical_or %a, %b : (tensor<4xi32>, tensor<4xi1>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @logical_xor_shape(%a: tensor<2xi1>, %b: tensor<3xi1>) -> tensor<3xi1> {
  // expected-error @+1 {{'array.logical_xor' op operand shapes [2] and [3] do not broadcast}}
  %0 = array.logical_xor %a, %b : (tensor<2xi1>, tensor<3xi1>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @logical_not_result(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.logical_not' op result element type 'f32' should be 'i1' (bool) for operands of float32}}
  %0 = array.logical_not %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @bitwise_and_float(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xf64> {
  // expected-error @+1 {{'array.bitwise_and' op bitwise_and is defined for bool and integer operands only, found float64}}
  %0 = array.bitwise_and %a, %b : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @bitwise_or_float(%a: tensor<4xf16>, %b: tensor<4xf16>) -> tensor<4xf16> {
  // expected-error @+1 {{'array.bitwise_or' op bitwise_or is defined for bool and integer operands only, found float16}}
  %0 = array.bitwise_or %a, %b : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @bitwise_xor_result(%a: tensor<4xi8>, %b: tensor<4xi16>) -> tensor<4xi8> {
  // expected-error @+1 {{'array.bitwise_xor' op result element type 'i8' should be 'i16' (int16) for operands of int8, int16}}
  %0 = array.bitwise_xor %a, %b : (tensor<4xi8>, tensor<4xi16>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @invert_float(%a: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error @+1 {{'array.invert' op invert is defined for bool and integer operands only, found float64}}
  %0 = array.invert %a : tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @left_shift_bool(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'array.left_shift' op left_shift is defined for integer operands only, found bool}}
  %0 = array.left_shift %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @right_shift_float(%a: tensor<4xi32>, %b: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'array.right_shift' op right_shift is defined for integer operands only, found float64}}
  %0 = array.right_shift %a, %b : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @isnan_result(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.isnan' op result element type 'f32' should be 'i1' (bool) for operands of float32}}
  %0 = array.isnan %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @isinf_result(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.isinf' op result element type 'i32' should be 'i1' (bool) for operands of int32}}
  %0 = array.isinf %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @isfinite_shape(%a: tensor<4xf32>) -> tensor<3xi1> {
  // expected-error @+1 {{'array.isfinite' op result shape [3] does not match the broadcast shape [4] of the operands}}
  %0 = array.isfinite %a : tensor<4xf32> -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// where's result promotes x and y, not the condition.
func.func @where_result(%c: tensor<4xf64>, %x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xf64> {
  // expected-error @+1 {{'array.where' op result element type 'f64' should be 'i32' (int32) for operands of float64, int32, int32}}
  %0 = array.where %c, %x, %y : (tensor<4xf64>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @where_cond_type(%c: tensor<4xindex>, %x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.where' op operand #0 must be ranked tensor of bool (i1), i8}}
  %0 = array.where %c, %x, %y : (tensor<4xindex>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @where_shape(%c: tensor<2x1xi1>, %x: tensor<3xf32>, %y: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'array.where' op operand shapes [3] and [4] do not broadcast (dimension 1: 3 vs 4)}}
  %0 = array.where %c, %x, %y : (tensor<2x1xi1>, tensor<3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Float functions of integers compute in the float NumPy picks (int32 -> f64,
// int16 -> f32, int8 -> f16): any other result type is rejected.

func.func @arccos_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.arccos' op result element type 'i32' should be 'f64' (float64) for operands of int32}}
  %0 = array.arccos %x : tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @arccosh_int(%x: tensor<4xi16>) -> tensor<4xi16> {
  // expected-error @+1 {{'array.arccosh' op result element type 'i16' should be 'f32' (float32) for operands of int16}}
  %0 = array.arccosh %x : tensor<4xi16> -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

func.func @arcsin_int(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'array.arcsin' op result element type 'i8' should be 'f16' (float16) for operands of int8}}
  %0 = array.arcsin %x : tensor<4xi8> -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @arcsinh_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.arcsinh' op result element type 'i32' should be 'f64' (float64) for operands of int32}}
  %0 = array.arcsinh %x : tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @arctan_int(%x: tensor<4xi16>) -> tensor<4xi16> {
  // expected-error @+1 {{'array.arctan' op result element type 'i16' should be 'f32' (float32) for operands of int16}}
  %0 = array.arctan %x : tensor<4xi16> -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

func.func @arctanh_int(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'array.arctanh' op result element type 'i8' should be 'f16' (float16) for operands of int8}}
  %0 = array.arctanh %x : tensor<4xi8> -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @cbrt_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.cbrt' op result element type 'i32' should be 'f64' (float64) for operands of int32}}
  %0 = array.cbrt %x : tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @cos_int(%x: tensor<4xi16>) -> tensor<4xi16> {
  // expected-error @+1 {{'array.cos' op result element type 'i16' should be 'f32' (float32) for operands of int16}}
  %0 = array.cos %x : tensor<4xi16> -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

func.func @cosh_int(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'array.cosh' op result element type 'i8' should be 'f16' (float16) for operands of int8}}
  %0 = array.cosh %x : tensor<4xi8> -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @exp2_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.exp2' op result element type 'i32' should be 'f64' (float64) for operands of int32}}
  %0 = array.exp2 %x : tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @expm1_int(%x: tensor<4xi16>) -> tensor<4xi16> {
  // expected-error @+1 {{'array.expm1' op result element type 'i16' should be 'f32' (float32) for operands of int16}}
  %0 = array.expm1 %x : tensor<4xi16> -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

func.func @log10_int(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'array.log10' op result element type 'i8' should be 'f16' (float16) for operands of int8}}
  %0 = array.log10 %x : tensor<4xi8> -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @log1p_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.log1p' op result element type 'i32' should be 'f64' (float64) for operands of int32}}
  %0 = array.log1p %x : tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @log2_int(%x: tensor<4xi16>) -> tensor<4xi16> {
  // expected-error @+1 {{'array.log2' op result element type 'i16' should be 'f32' (float32) for operands of int16}}
  %0 = array.log2 %x : tensor<4xi16> -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

func.func @rsqrt_int(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'array.rsqrt' op result element type 'i8' should be 'f16' (float16) for operands of int8}}
  %0 = array.rsqrt %x : tensor<4xi8> -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @sinh_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.sinh' op result element type 'i32' should be 'f64' (float64) for operands of int32}}
  %0 = array.sinh %x : tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @tan_int(%x: tensor<4xi16>) -> tensor<4xi16> {
  // expected-error @+1 {{'array.tan' op result element type 'i16' should be 'f32' (float32) for operands of int16}}
  %0 = array.tan %x : tensor<4xi16> -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

func.func @tanh_int(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'array.tanh' op result element type 'i8' should be 'f16' (float16) for operands of int8}}
  %0 = array.tanh %x : tensor<4xi8> -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @astype_shape(%x: tensor<4x3xf32>) -> tensor<3x4xi32> {
  // expected-error @+1 {{'array.astype' op result shape [3, 4] does not match the broadcast shape [4, 3] of the operands}}
  %0 = array.astype %x : tensor<4x3xf32> -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

// -----

func.func @astype_signed_integer(%x: tensor<4xf32>) -> tensor<4xsi8> {
  // expected-error @+1 {{'array.astype' op result #0 must be ranked tensor of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'tensor<4xsi8>'}}
  %0 = array.astype %x : tensor<4xf32> -> tensor<4xsi8>
  return %0 : tensor<4xsi8>
}

// -----

func.func @unsigned_with_signed(%a: tensor<4xui8>, %i: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'array.add' op result element type 'i8' should be 'i16' (int16) for operands of uint8, int8}}
  %0 = array.add %a, %i : (tensor<4xui8>, tensor<4xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @uint64_with_int64(%a: tensor<4xui64>, %b: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{'array.add' op result element type 'i64' should be 'f64' (float64) for operands of uint64, int64}}
  %0 = array.add %a, %b : (tensor<4xui64>, tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}
