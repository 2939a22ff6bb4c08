// RUN: array-opt %s -split-input-file -verify-diagnostics

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

func.func @prod_result(%x: tensor<4xi16>) -> tensor<i16> {
  // expected-error @+1 {{'array.prod' op result element type 'i16' should be 'i64' (int64) for an operand of int16}}
  %0 = array.prod %x : tensor<4xi16> -> tensor<i16>
  return %0 : tensor<i16>
}

// -----

func.func @min_result(%x: tensor<4x2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.min' op result shape [4] should be [2] (operand shape [4, 2] reduced over [0])}}
  %0 = array.min %x axes [0] : tensor<4x2xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @std_result(%x: tensor<4xi32>) -> tensor<f32> {
  // expected-error @+1 {{'array.std' op result element type 'f32' should be 'f64' (float64) for an operand of int32}}
  %0 = array.std %x : tensor<4xi32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @var_result(%x: tensor<4x2xf16>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.var' op result element type 'f32' should be 'f16' (float16) for an operand of float16}}
  %0 = array.var %x axes [1] : tensor<4x2xf16> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @logsumexp_result(%x: tensor<4xi8>) -> tensor<f32> {
  // expected-error @+1 {{'array.logsumexp' op result element type 'f32' should be 'f16' (float16) for an operand of int8}}
  %0 = array.logsumexp %x : tensor<4xi8> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @all_result(%x: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{'array.all' op result shape [4] should be [] (operand shape [4] reduced over [0])}}
  %0 = array.all %x : tensor<4xf32> -> tensor<4xi1>
  return %0 : tensor<4xi1>
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
