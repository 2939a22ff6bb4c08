// RUN: array-opt %s -split-input-file -verify-diagnostics

// The type rules of the ufuncs beyond add/sub/mul/div/maximum/neg/exp.

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
