// RUN: array-opt %s | array-opt | FileCheck %s
// RUN: array-opt %s --mlir-print-op-generic | array-opt | FileCheck %s

// CHECK-LABEL: func.func @reductions
func.func @reductions(%x: tensor<4x?x3xf32>, %i: tensor<5xi32>, %b: tensor<2x2xi1>, %h: tensor<8xf16>) {
  // CHECK: array.sum %{{.+}} : tensor<4x?x3xf32> -> tensor<f32>
  %0 = array.sum %x : tensor<4x?x3xf32> -> tensor<f32>
  // CHECK: array.sum %{{.+}} axes [0, -1] keepdims : tensor<4x?x3xf32> -> tensor<1x?x1xf32>
  %1 = array.sum %x axes [0, -1] keepdims : tensor<4x?x3xf32> -> tensor<1x?x1xf32>
  // CHECK: array.prod %{{.+}} : tensor<5xi32> -> tensor<i64>
  %2 = array.prod %i : tensor<5xi32> -> tensor<i64>
  // CHECK: array.max %{{.+}} axes [1] : tensor<4x?x3xf32> -> tensor<4x3xf32>
  %3 = array.max %x axes [1] : tensor<4x?x3xf32> -> tensor<4x3xf32>
  // CHECK: array.min %{{.+}} : tensor<5xi32> -> tensor<i32>
  %4 = array.min %i : tensor<5xi32> -> tensor<i32>
  // CHECK: array.mean %{{.+}} : tensor<5xi32> -> tensor<f64>
  %5 = array.mean %i : tensor<5xi32> -> tensor<f64>
  // CHECK: array.mean %{{.+}} : tensor<8xf16> -> tensor<f16>
  %6 = array.mean %h : tensor<8xf16> -> tensor<f16>
  // CHECK: array.var %{{.+}} axes [2] ddof 1 : tensor<4x?x3xf32> -> tensor<4x?xf32>
  %7 = array.var %x axes [2] ddof 1 : tensor<4x?x3xf32> -> tensor<4x?xf32>
  // CHECK: array.std %{{.+}} keepdims : tensor<5xi32> -> tensor<1xf64>
  %8 = array.std %i keepdims : tensor<5xi32> -> tensor<1xf64>
  // CHECK: array.any %{{.+}} axes [0] : tensor<2x2xi1> -> tensor<2xi1>
  %9 = array.any %b axes [0] : tensor<2x2xi1> -> tensor<2xi1>
  // CHECK: array.all %{{.+}} : tensor<4x?x3xf32> -> tensor<i1>
  %10 = array.all %x : tensor<4x?x3xf32> -> tensor<i1>
  // CHECK: array.logsumexp %{{.+}} axes [1] : tensor<4x?x3xf32> -> tensor<4x3xf32>
  %11 = array.logsumexp %x axes [1] : tensor<4x?x3xf32> -> tensor<4x3xf32>
  // CHECK: array.logsumexp %{{.+}} : tensor<5xi32> -> tensor<f64>
  %12 = array.logsumexp %i : tensor<5xi32> -> tensor<f64>
  // CHECK: array.argmax %{{.+}} axis 1 : tensor<4x?x3xf32> -> tensor<4x3xi64>
  %13 = array.argmax %x axis 1 : tensor<4x?x3xf32> -> tensor<4x3xi64>
  // CHECK: array.argmin %{{.+}} : tensor<5xi32> -> tensor<i64>
  %14 = array.argmin %i : tensor<5xi32> -> tensor<i64>
  // CHECK: array.argmax %{{.+}} axis -1 keepdims : tensor<2x2xi1> -> tensor<2x1xi64>
  %15 = array.argmax %b axis -1 keepdims : tensor<2x2xi1> -> tensor<2x1xi64>
  // CHECK: array.cumsum %{{.+}} axis 1 : tensor<4x?x3xf32> -> tensor<4x?x3xf32>
  %16 = array.cumsum %x axis 1 : tensor<4x?x3xf32> -> tensor<4x?x3xf32>
  // CHECK: array.cumprod %{{.+}} axis -1 : tensor<5xi32> -> tensor<5xi64>
  %17 = array.cumprod %i axis -1 : tensor<5xi32> -> tensor<5xi64>
  return
}
