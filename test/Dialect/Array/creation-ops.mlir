// RUN: array-opt %s | array-opt | FileCheck %s
// RUN: array-opt %s --mlir-print-op-generic | array-opt | FileCheck %s

// Round trips of the creation ops added beside array.constant and
// array.full (ArrayCreationOps.td).

// CHECK-LABEL: func.func @arange
// CHECK: array.arange 0, 10, 2 : tensor<5xi64>
// CHECK: array.arange -1.0, 1.0, 0.25 : tensor<8xf32>
// CHECK: array.arange 10, 0, -3 : tensor<4xi8>
// CHECK: array.arange 0, 1, 0.1 : tensor<10xf64>
// CHECK: array.arange 3, 3, 1 : tensor<0xi32>
func.func @arange() -> (tensor<5xi64>, tensor<8xf32>, tensor<4xi8>, tensor<10xf64>, tensor<0xi32>) {
  %0 = array.arange 0, 10, 2 : tensor<5xi64>
  %1 = array.arange -1.0, 1.0, 0.25 : tensor<8xf32>
  %2 = array.arange 10, 0, -3 : tensor<4xi8>
  %3 = array.arange 0, 1, 0.1 : tensor<10xf64>
  %4 = array.arange 3, 3, 1 : tensor<0xi32>
  return %0, %1, %2, %3, %4 : tensor<5xi64>, tensor<8xf32>, tensor<4xi8>, tensor<10xf64>, tensor<0xi32>
}

// CHECK-LABEL: func.func @linspace
// CHECK: array.linspace 0.0, 1.0 : tensor<5xf32>
// CHECK: array.linspace 2.0, -2.0 : tensor<9xf64>
// CHECK: array.linspace 0.0, 10.0 : tensor<4xi32>
func.func @linspace() -> (tensor<5xf32>, tensor<9xf64>, tensor<4xi32>) {
  %0 = array.linspace 0.0, 1.0 : tensor<5xf32>
  %1 = array.linspace 2, -2 : tensor<9xf64>
  %2 = array.linspace 0, 10 : tensor<4xi32>
  return %0, %1, %2 : tensor<5xf32>, tensor<9xf64>, tensor<4xi32>
}

// CHECK-LABEL: func.func @eye
// CHECK: array.eye : tensor<3x3xf32>
// CHECK: array.eye k 1 : tensor<3x4xi32>
// CHECK: array.eye k -2 : tensor<4x2xi1>
func.func @eye() -> (tensor<3x3xf32>, tensor<3x4xi32>, tensor<4x2xi1>) {
  %0 = array.eye : tensor<3x3xf32>
  %1 = array.eye k 1 : tensor<3x4xi32>
  %2 = array.eye k -2 : tensor<4x2xi1>
  return %0, %1, %2 : tensor<3x3xf32>, tensor<3x4xi32>, tensor<4x2xi1>
}

// CHECK-LABEL: func.func @random
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK: array.random_uniform seed 42 : tensor<4x3xf32>
// CHECK: array.random_uniform(%[[N]]) seed -7 : tensor<?xf64>
// CHECK: array.random_normal seed 0 : tensor<16xbf16>
// CHECK: array.random_normal(%[[N]], %[[N]]) seed 1 : tensor<?x?xf16>
func.func @random(%n: index) -> (tensor<4x3xf32>, tensor<?xf64>, tensor<16xbf16>, tensor<?x?xf16>) {
  %0 = array.random_uniform seed 42 : tensor<4x3xf32>
  %1 = array.random_uniform(%n) seed -7 : tensor<?xf64>
  %2 = array.random_normal seed 0 : tensor<16xbf16>
  %3 = array.random_normal(%n, %n) seed 1 : tensor<?x?xf16>
  return %0, %1, %2, %3 : tensor<4x3xf32>, tensor<?xf64>, tensor<16xbf16>, tensor<?x?xf16>
}
