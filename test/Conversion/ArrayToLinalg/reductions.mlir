// RUN: array-opt %s -convert-array-to-linalg -split-input-file | FileCheck %s

// A sum over the last axis of f32 accumulates in f64 (reduction iterator
// over d1), then casts back; keepdims expands the result.
// CHECK-DAG: #[[$IN:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @sum_keepdims
// CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f64
// CHECK: %[[INIT:.+]] = linalg.fill ins(%[[ZERO]] : f64) outs(%{{.+}} : tensor<4xf64>)
// CHECK: %[[ACC:.+]] = linalg.generic {indexing_maps = [#[[$IN]], #[[$OUT]]], iterator_types = ["parallel", "reduction"]} ins(%{{.+}} : tensor<4x3xf32>) outs(%[[INIT]] : tensor<4xf64>)
// CHECK:   %[[W:.+]] = arith.extf %{{.+}} : f32 to f64
// CHECK:   arith.addf %{{.+}}, %[[W]] : f64
// CHECK: %[[R:.+]] = linalg.generic {{.+}} ins(%[[ACC]] : tensor<4xf64>)
// CHECK:   arith.truncf %{{.+}} : f64 to f32
// CHECK: tensor.expand_shape %[[R]] {{\[\[}}0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
func.func @sum_keepdims(%x: tensor<4x3xf32>) -> tensor<4x1xf32> {
  %0 = array.sum %x axes [1] keepdims : tensor<4x3xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

// Integer sums accumulate in i64; max starts from the smallest integer.
// CHECK-LABEL: func.func @int_sum
// CHECK: arith.constant 0 : i64
// CHECK: arith.extsi %{{.+}} : i32 to i64
// CHECK: arith.addi
// CHECK-LABEL: func.func @int_max
// CHECK: arith.constant -2147483648 : i32
// CHECK: arith.maxsi
func.func @int_sum(%x: tensor<8xi32>) -> tensor<i64> {
  %0 = array.sum %x : tensor<8xi32> -> tensor<i64>
  return %0 : tensor<i64>
}
func.func @int_max(%x: tensor<8xi32>) -> tensor<i32> {
  %0 = array.max %x : tensor<8xi32> -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// var: a mean pass, then a pass over (x - mean)^2 reading the mean through
// the reduced map, divided by n - ddof.
// CHECK-LABEL: func.func @var
// CHECK: %[[SUM:.+]] = linalg.generic {{.+}} ins(%{{.+}} : tensor<5x?xf64>)
// CHECK: %[[MEAN:.+]] = linalg.generic {{.+}} ins(%[[SUM]] : tensor<5xf64>)
// CHECK:   arith.divf
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "reduction"]} ins(%{{.+}}, %[[MEAN]] : tensor<5x?xf64>, tensor<5xf64>)
// CHECK:   arith.subf
// CHECK:   arith.mulf
// CHECK:   arith.addf
// CHECK: arith.constant 1.000000e+00 : f64
// CHECK: arith.subf
func.func @var(%x: tensor<5x?xf64>) -> tensor<5xf64> {
  %0 = array.var %x axes [1] ddof 1 : tensor<5x?xf64> -> tensor<5xf64>
  return %0 : tensor<5xf64>
}

// -----

// argmax: value and index outputs; the index is linalg.index of the axis.
// CHECK-LABEL: func.func @argmax
// CHECK: %[[R:.+]]:2 = linalg.generic {{.+}} outs(%{{.+}}, %{{.+}} : tensor<4xf32>, tensor<4xi64>)
// CHECK:   linalg.index 1 : index
// CHECK:   arith.cmpf ogt
// CHECK:   arith.cmpf uno
// CHECK:   arith.select
// CHECK:   arith.select
// CHECK: return %[[R]]#1
func.func @argmax(%x: tensor<4x6xf32>) -> tensor<4xi64> {
  %0 = array.argmax %x axis 1 : tensor<4x6xf32> -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// cumsum: an extra reduction dimension k over the axis, masked to k <= j.
// CHECK-DAG: #[[$X:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$Y:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @cumsum
// CHECK: linalg.generic {indexing_maps = [#[[$X]], #[[$Y]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK:   %[[J:.+]] = linalg.index 1 : index
// CHECK:   %[[K:.+]] = linalg.index 2 : index
// CHECK:   arith.cmpi ule, %[[K]], %[[J]] : index
func.func @cumsum(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %0 = array.cumsum %x axis 1 : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

// -----

// A negative axis counts from the end: cumprod along axis -1 of a rank-2
// array scans dimension 1, and along -2 dimension 0.
// CHECK-LABEL: func.func @cumprod_negative_axis
// CHECK: linalg.generic
// CHECK:   %[[J:.+]] = linalg.index 1 : index
// CHECK:   %[[K:.+]] = linalg.index 2 : index
// CHECK:   arith.cmpi ule, %[[K]], %[[J]] : index
// CHECK: linalg.generic
// CHECK:   %[[J0:.+]] = linalg.index 0 : index
// CHECK:   %[[K0:.+]] = linalg.index 2 : index
// CHECK:   arith.cmpi ule, %[[K0]], %[[J0]] : index
func.func @cumprod_negative_axis(%x: tensor<3x7xf32>) -> (tensor<3x7xf32>, tensor<3x7xf32>) {
  %0 = array.cumprod %x axis -1 : tensor<3x7xf32> -> tensor<3x7xf32>
  %1 = array.cumsum %x axis -2 : tensor<3x7xf32> -> tensor<3x7xf32>
  return %0, %1 : tensor<3x7xf32>, tensor<3x7xf32>
}

// -----

// sum of uint32 accumulates in uint64 from a zero cast from a signless
// constant; max starts from 0 and combines with maxui; argmin compares ult.
// CHECK-LABEL: func.func @reductions
// CHECK: %[[Z:.*]] = arith.constant 0 : i64
// CHECK: %[[ZU:.*]] = builtin.unrealized_conversion_cast %[[Z]] : i64 to ui64
// CHECK: linalg.fill ins(%[[ZU]] : ui64)
// CHECK: arith.extui %{{.*}} : i32 to i64
// CHECK: arith.addi %{{.*}}, %{{.*}} : i64
// CHECK: linalg.yield %{{.*}} : ui64
// CHECK: arith.maxui %{{.*}}, %{{.*}} : i32
// CHECK: %[[TOP:.*]] = arith.constant -1 : i32
// CHECK: builtin.unrealized_conversion_cast %[[TOP]] : i32 to ui32
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i32
func.func @reductions(%w: tensor<4xui32>) -> (tensor<ui64>, tensor<ui32>, tensor<i64>) {
  %0 = array.sum %w : tensor<4xui32> -> tensor<ui64>
  %1 = array.max %w : tensor<4xui32> -> tensor<ui32>
  %2 = array.argmin %w : tensor<4xui32> -> tensor<i64>
  return %0, %1, %2 : tensor<ui64>, tensor<ui32>, tensor<i64>
}
