// RUN: array-opt %s -split-input-file -verify-diagnostics

func.func @blas_element_type(%a: tensor<4x3xi32>, %b: tensor<3x2xi32>, %c: tensor<4x2xi32>) -> tensor<4x2xi32> {
  // expected-error @+1 {{'arrayrt.blas_matmul' op element type must be f16, bf16, f32 or f64, found 'i32'}}
  %0 = arrayrt.blas_matmul %a, %b into %c : tensor<4x3xi32>, tensor<3x2xi32>, tensor<4x2xi32> -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}

// -----

func.func @blas_mixed(%a: tensor<4x3xf32>, %b: tensor<3x2xf16>, %c: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'arrayrt.blas_matmul' op operands must share one element type, found 'f16' and 'f32'}}
  %0 = arrayrt.blas_matmul %a, %b into %c : tensor<4x3xf32>, tensor<3x2xf16>, tensor<4x2xf32> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @blas_contracted(%a: tensor<4x3xf32>, %b: tensor<3x2xf32>, %c: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'arrayrt.blas_matmul' op contracted sizes differ: 4 (lhs) and 3 (rhs)}}
  %0 = arrayrt.blas_matmul %a, %b into %c {transpose_lhs} : tensor<4x3xf32>, tensor<3x2xf32>, tensor<4x2xf32> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @blas_init(%a: tensor<4x3xf32>, %b: tensor<3x2xf32>, %c: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{'arrayrt.blas_matmul' op init must end in 4x2, found 4x5}}
  %0 = arrayrt.blas_matmul %a, %b into %c : tensor<4x3xf32>, tensor<3x2xf32>, tensor<4x5xf32> -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @blas_bias(%a: tensor<4x3xf32>, %b: tensor<3x2xf32>, %bias: tensor<4xf32>, %c: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'arrayrt.blas_matmul' op bias must be a vector of 2 elements, found 'tensor<4xf32>'}}
  %0 = arrayrt.blas_matmul %a, %b bias %bias : tensor<4xf32> into %c : tensor<4x3xf32>, tensor<3x2xf32>, tensor<4x2xf32> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @blas_epilogue(%a: tensor<4x3xf32>, %b: tensor<3x2xf32>, %c: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+2 {{expected ::mlir::arrayrt::Epilogue to be one of: none, relu, gelu_tanh}}
  // expected-error @+1 {{failed to parse Arrayrt_EpilogueAttr parameter 'value' which is to be a `::mlir::arrayrt::Epilogue`}}
  %0 = arrayrt.blas_matmul %a, %b into %c {epilogue = #arrayrt<epilogue gelu_erf>} : tensor<4x3xf32>, tensor<3x2xf32>, tensor<4x2xf32> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @blas_batch(%a: tensor<3x4x3xf32>, %b: tensor<3x2xf32>, %c: tensor<2x4x2xf32>) -> tensor<2x4x2xf32> {
  // expected-error @+1 {{'arrayrt.blas_matmul' op batch dimensions of 'tensor<3x4x3xf32>' must be all 1 or equal 'tensor<2x4x2xf32>''s}}
  %0 = arrayrt.blas_matmul %a, %b into %c : tensor<3x4x3xf32>, tensor<3x2xf32>, tensor<2x4x2xf32> -> tensor<2x4x2xf32>
  return %0 : tensor<2x4x2xf32>
}

// -----

func.func @blas_tf32(%a: tensor<4x3xf64>, %b: tensor<3x2xf64>, %c: tensor<4x2xf64>) -> tensor<4x2xf64> {
  // expected-error @+1 {{'arrayrt.blas_matmul' op tf32 applies to f32 operands, found 'f64'}}
  %0 = arrayrt.blas_matmul %a, %b into %c {tf32} : tensor<4x3xf64>, tensor<3x2xf64>, tensor<4x2xf64> -> tensor<4x2xf64>
  return %0 : tensor<4x2xf64>
}

// -----

func.func @blas_mixed_kinds(%a: tensor<4x3xf32>, %b: memref<3x2xf32>, %c: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'arrayrt.blas_matmul' op operands must be all ranked tensors or all memrefs, found 'memref<3x2xf32>' with 'tensor<4x2xf32>'}}
  %0 = arrayrt.blas_matmul %a, %b into %c : tensor<4x3xf32>, memref<3x2xf32>, tensor<4x2xf32> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}
