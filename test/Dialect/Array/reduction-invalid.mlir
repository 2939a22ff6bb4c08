// RUN: array-opt %s -split-input-file -verify-diagnostics

func.func @axis_out_of_range(%x: tensor<4x3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.sum' op axis 2 is out of range for an operand of rank 2}}
  %0 = array.sum %x axes [2] : tensor<4x3xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @negative_axis_out_of_range(%x: tensor<4x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'array.max' op axis -3 is out of range for an operand of rank 2}}
  %0 = array.max %x axes [-3] : tensor<4x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @repeated_axis(%x: tensor<4x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'array.mean' op axis -2 is repeated}}
  %0 = array.mean %x axes [0, -2] : tensor<4x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @wrong_shape(%x: tensor<4x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'array.sum' op result shape [3] should be [4] (operand shape [4, 3] reduced over [1])}}
  %0 = array.sum %x axes [1] : tensor<4x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @keepdims_shape(%x: tensor<4x3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.sum' op result shape [4] should be [4, 1] (operand shape [4, 3] reduced over [1] with keepdims)}}
  %0 = array.sum %x axes [1] keepdims : tensor<4x3xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @int_sum_type(%x: tensor<4xi32>) -> tensor<i32> {
  // expected-error @+1 {{'array.sum' op result element type 'i32' should be 'i64' (int64) for an operand of int32}}
  %0 = array.sum %x : tensor<4xi32> -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @int_mean_type(%x: tensor<4xi64>) -> tensor<f32> {
  // expected-error @+1 {{'array.mean' op result element type 'f32' should be 'f64' (float64) for an operand of int64}}
  %0 = array.mean %x : tensor<4xi64> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @any_type(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'array.any' op result element type 'f32' should be 'i1' (bool) for an operand of float32}}
  %0 = array.any %x : tensor<4xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @max_type(%x: tensor<4xf32>) -> tensor<f64> {
  // expected-error @+1 {{'array.max' op result element type 'f64' should be 'f32' (float32) for an operand of float32}}
  %0 = array.max %x : tensor<4xf32> -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

func.func @argmax_axis(%x: tensor<4x3xf32>) -> tensor<4xi64> {
  // expected-error @+1 {{'array.argmax' op axis 5 is out of range for an operand of rank 2}}
  %0 = array.argmax %x axis 5 : tensor<4x3xf32> -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @argmax_result_type(%x: tensor<4x3xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.argmax' op result #0 must be ranked tensor of 64-bit signless integer values, but got 'tensor<4xi32>'}}
  %0 = array.argmax %x axis 1 : tensor<4x3xf32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @argmin_shape(%x: tensor<4x3xf32>) -> tensor<3xi64> {
  // expected-error @+1 {{'array.argmin' op result shape [3] should be [4] (operand shape [4, 3] reduced over [1])}}
  %0 = array.argmin %x axis 1 : tensor<4x3xf32> -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

func.func @cumsum_axis(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'array.cumsum' op axis -3 is out of range for an operand of rank 2}}
  %0 = array.cumsum %x axis -3 : tensor<4x3xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @cumsum_type(%x: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'array.cumsum' op result element type 'i8' should be 'i64' (int64) for an operand of int8}}
  %0 = array.cumsum %x axis 0 : tensor<4xi8> -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @cumprod_shape(%x: tensor<4x3xf32>) -> tensor<12xf32> {
  // expected-error @+1 {{'array.cumprod' op result shape [12] should be the operand shape [4, 3]}}
  %0 = array.cumprod %x axis 0 : tensor<4x3xf32> -> tensor<12xf32>
  return %0 : tensor<12xf32>
}

// -----

func.func @sum_unsigned(%a: tensor<4xui8>) -> tensor<i64> {
  // expected-error @+1 {{'array.sum' op result element type 'i64' should be 'ui64' (uint64) for an operand of uint8}}
  %0 = array.sum %a : tensor<4xui8> -> tensor<i64>
  return %0 : tensor<i64>
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
