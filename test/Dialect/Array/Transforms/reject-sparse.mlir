// RUN: array-opt %s -array-reject-sparse -split-input-file -verify-diagnostics | FileCheck %s

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// The first op with a sparse operand or result is named.
func.func @spmv(%d: tensor<4x6xf32>, %x: tensor<6xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.to_sparse' op sparse matrices are not supported on the CUDA target yet; compile with --target=cpu}}
  %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #CSR>
  %0 = array.spmv %a, %x : (tensor<4x6xf32, #CSR>, tensor<6xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// A function whose signature has one.
// expected-error @+1 {{'func.func' op sparse matrices are not supported on the CUDA target yet}}
func.func @arg(%a: tensor<4x6xf32, #CSR>) {
  return
}

// -----

// Dense programs pass unchanged.
// CHECK-LABEL: func.func @dense
// CHECK: array.exp
func.func @dense(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = array.exp %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
