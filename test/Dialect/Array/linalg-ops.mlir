// RUN: array-opt %s | array-opt | FileCheck %s

// CHECK-LABEL: func.func @products
func.func @products(%a: tensor<4x3xf32>, %b: tensor<3x5xf32>, %v: tensor<3xf32>,
                    %batch: tensor<2x1x4x3xf16>, %bb: tensor<7x3x5xf16>, %i: tensor<3xi32>) {
  // CHECK: array.matmul %{{.+}}, %{{.+}} : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  %0 = array.matmul %a, %b : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  // CHECK: array.matmul %{{.+}}, %{{.+}} : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4xf32>
  %1 = array.matmul %a, %v : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4xf32>
  // CHECK: array.matmul %{{.+}}, %{{.+}} : (tensor<2x1x4x3xf16>, tensor<7x3x5xf16>) -> tensor<2x7x4x5xf16>
  %2 = array.matmul %batch, %bb : (tensor<2x1x4x3xf16>, tensor<7x3x5xf16>) -> tensor<2x7x4x5xf16>
  // CHECK: array.dot %{{.+}}, %{{.+}} : (tensor<3xf32>, tensor<3xi32>) -> tensor<f64>
  %3 = array.dot %v, %i : (tensor<3xf32>, tensor<3xi32>) -> tensor<f64>
  // CHECK: array.dot %{{.+}}, %{{.+}} : (tensor<2x1x4x3xf16>, tensor<7x3x5xf16>) -> tensor<2x1x4x7x5xf16>
  %4 = array.dot %batch, %bb : (tensor<2x1x4x3xf16>, tensor<7x3x5xf16>) -> tensor<2x1x4x7x5xf16>
  return
}

// CHECK-LABEL: func.func @precision
func.func @precision(%c: tensor<4x2xf32>, %b: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // CHECK: array.matmul %{{.+}}, %{{.+}} {precision = "tf32"}
  %0 = array.matmul %c, %b {precision = "tf32"} : (tensor<4x2xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
