// RUN: array-opt %s | array-opt | FileCheck %s
// RUN: array-opt %s -convert-array-to-linalg | FileCheck %s --check-prefix=LINALG

// CHECK-LABEL: func.func @astype
// CHECK: array.astype %{{.+}} : tensor<4x?xf32> -> tensor<4x?xi32>
// CHECK: array.astype %{{.+}} : tensor<8xi1> -> tensor<8xf64>
// CHECK: array.astype %{{.+}} : tensor<8xbf16> -> tensor<8xf16>
// CHECK: array.astype %{{.+}} : tensor<8xf64> -> tensor<8xi1>
// LINALG-LABEL: func.func @astype
// LINALG: arith.fptosi %{{.+}} : f32 to i32
// LINALG: arith.uitofp %{{.+}} : i1 to f64
// LINALG: arith.extf %{{.+}} : bf16 to f32
// LINALG: arith.truncf %{{.+}} : f32 to f16
// LINALG: arith.cmpf une
func.func @astype(%x: tensor<4x?xf32>, %b: tensor<8xi1>, %h: tensor<8xbf16>, %d: tensor<8xf64>)
    -> (tensor<4x?xi32>, tensor<8xf64>, tensor<8xf16>, tensor<8xi1>) {
  %0 = array.astype %x : tensor<4x?xf32> -> tensor<4x?xi32>
  %1 = array.astype %b : tensor<8xi1> -> tensor<8xf64>
  %2 = array.astype %h : tensor<8xbf16> -> tensor<8xf16>
  %3 = array.astype %d : tensor<8xf64> -> tensor<8xi1>
  return %0, %1, %2, %3 : tensor<4x?xi32>, tensor<8xf64>, tensor<8xf16>, tensor<8xi1>
}
