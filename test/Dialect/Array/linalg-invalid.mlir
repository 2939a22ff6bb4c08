// RUN: array-opt %s -split-input-file -verify-diagnostics

func.func @contracted_mismatch(%a: tensor<4x3xf32>, %b: tensor<5x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'array.matmul' op matmul contracts dimension 1 of [4, 3] (size 3) with dimension 0 of [5, 2] (size 5); they must be equal}}
  %0 = array.matmul %a, %b : (tensor<4x3xf32>, tensor<5x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @batch_mismatch(%a: tensor<2x4x3xf32>, %b: tensor<5x3x2xf32>) -> tensor<2x4x2xf32> {
  // expected-error @+1 {{'array.matmul' op operand shapes [2] and [5] do not broadcast (dimension 0: 2 vs 5) (the batch dimensions of matmul)}}
  %0 = array.matmul %a, %b : (tensor<2x4x3xf32>, tensor<5x3x2xf32>) -> tensor<2x4x2xf32>
  return %0 : tensor<2x4x2xf32>
}

// -----

func.func @result_shape(%a: tensor<4x3xf32>, %b: tensor<3x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'array.matmul' op result shape [2, 4] should be [4, 2]}}
  %0 = array.matmul %a, %b : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @result_type(%a: tensor<4x3xi32>, %b: tensor<3x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'array.matmul' op result element type 'f32' should be 'f64' (float64)}}
  %0 = array.matmul %a, %b : (tensor<4x3xi32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @scalar(%a: tensor<f32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'array.dot' op dot needs operands of rank 1 or more, found ranks 0 and 1 (use array.mul for scalars)}}
  %0 = array.dot %a, %b : (tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @bad_precision(%a: tensor<4x3xf32>, %b: tensor<3x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'array.matmul' op precision must be "highest" or "tf32", found "fast"}}
  %0 = array.matmul %a, %b {precision = "fast"} : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @tf32_not_f32(%a: tensor<4x3xf16>, %b: tensor<3x2xf16>) -> tensor<4x2xf16> {
  // expected-error @+1 {{'array.dot' op precision "tf32" applies to float32 operands, found 'f16' and 'f16'}}
  %0 = array.dot %a, %b {precision = "tf32"} : (tensor<4x3xf16>, tensor<3x2xf16>) -> tensor<4x2xf16>
  return %0 : tensor<4x2xf16>
}
