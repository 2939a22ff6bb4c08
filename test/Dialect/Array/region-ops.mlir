// RUN: array-opt %s | array-opt | FileCheck %s
// RUN: array-opt %s -convert-array-to-linalg | FileCheck %s --check-prefix=LINALG

// CHECK-LABEL: func.func @map
// CHECK: array.map %{{.+}}, %{{.+}} : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<4x3xf64> {
// CHECK: ^bb0(%{{.+}}: f32, %{{.+}}: i32):
// CHECK:   array.yield %{{.+}} : f64
// LINALG-LABEL: func.func @map
// LINALG: linalg.generic
// LINALG:   arith.extf
// LINALG:   arith.sitofp
// LINALG:   arith.addf
// LINALG-NOT: array.map
func.func @map(%x: tensor<4x3xf32>, %i: tensor<3xi32>) -> tensor<4x3xf64> {
  %0 = array.map %x, %i : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<4x3xf64> {
  ^bb0(%a: f32, %b: i32):
    %e = arith.extf %a : f32 to f64
    %f = arith.sitofp %b : i32 to f64
    %s = arith.addf %e, %f : f64
    array.yield %s : f64
  }
  return %0 : tensor<4x3xf64>
}

// CHECK-LABEL: func.func @reduce
// CHECK: array.reduce %{{.+}} axes [-1] keepdims identity 0.000000e+00 : f32 : tensor<4x3xf32> -> tensor<4x1xf32> map {
// CHECK: } combine {
// CHECK: } post {
// LINALG-LABEL: func.func @reduce
// LINALG: linalg.generic {{.+}} iterator_types = ["parallel", "reduction"]
// LINALG:   arith.mulf
// LINALG:   arith.addf
// LINALG: math.sqrt
// LINALG: tensor.expand_shape
func.func @reduce(%x: tensor<4x3xf32>) -> tensor<4x1xf32> {
  %0 = array.reduce %x axes [-1] keepdims identity 0.0 : f32 : tensor<4x3xf32> -> tensor<4x1xf32>
    map {
    ^bb0(%v: f32):
      %sq = arith.mulf %v, %v : f32
      array.yield %sq : f32
    } combine {
    ^bb0(%acc: f32, %v: f32):
      %s = arith.addf %acc, %v : f32
      array.yield %s : f32
    } post {
    ^bb0(%acc: f32):
      %r = math.sqrt %acc : f32
      array.yield %r : f32
    }
  return %0 : tensor<4x1xf32>
}
