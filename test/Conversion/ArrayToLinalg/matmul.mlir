// RUN: array-opt %s -convert-array-to-linalg -split-input-file | FileCheck %s

// Batched matmul with a broadcast batch dimension: one generic, loops
// (batch, m, n, k), the size-1 batch dimension of lhs pinned to 0.
// CHECK-DAG: #[[$A:.+]] = affine_map<(d0, d1, d2, d3) -> (0, d1, d3)>
// CHECK-DAG: #[[$B:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[$C:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @batched
// CHECK: linalg.generic {indexing_maps = [#[[$A]], #[[$B]], #[[$C]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK:   arith.mulf
// CHECK:   arith.addf
func.func @batched(%a: tensor<1x4x3xf32>, %b: tensor<6x3x5xf32>) -> tensor<6x4x5xf32> {
  %0 = array.matmul %a, %b : (tensor<1x4x3xf32>, tensor<6x3x5xf32>) -> tensor<6x4x5xf32>
  return %0 : tensor<6x4x5xf32>
}

// -----

// f16 accumulates in f32 and rounds once at the end.
// CHECK-LABEL: func.func @half
// CHECK: linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<4x5xf32>)
// CHECK: arith.extf %{{.+}} : f16 to f32
// CHECK: arith.truncf %{{.+}} : f32 to f16
func.func @half(%a: tensor<4x3xf16>, %b: tensor<3x5xf16>) -> tensor<4x5xf16> {
  %0 = array.matmul %a, %b : (tensor<4x3xf16>, tensor<3x5xf16>) -> tensor<4x5xf16>
  return %0 : tensor<4x5xf16>
}

// -----

// A dynamic contracted size is checked at run time.
// CHECK-LABEL: func.func @dynamic
// CHECK: cf.assert %{{.+}}, "{{.*}}array.dot: the contracted dimensions differ in size at run time"
func.func @dynamic(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<f64> {
  %0 = array.dot %a, %b : (tensor<?xf64>, tensor<?xf64>) -> tensor<f64>
  return %0 : tensor<f64>
}
