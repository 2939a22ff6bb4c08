// RUN: array-opt %s -convert-array-to-linalg -split-input-file | FileCheck %s

// Lowering of array ops on statically shaped tensors: one linalg.generic per
// elementwise op, broadcasting through the indexing maps; no run-time checks.

// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @add_f32
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>, %[[B:.*]]: tensor<4x3xf32>)
// CHECK-NOT: array.
// CHECK-NOT: cf.assert
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<4x3xf32>, tensor<4x3xf32>) outs(%[[INIT]] : tensor<4x3xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
// CHECK-NEXT: } -> tensor<4x3xf32>
// CHECK: return %[[R]]
func.func @add_f32(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = array.add %a, %b : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// A lower-rank operand aligns with the trailing dimensions.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @add_i32_trailing
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xi32>, %[[B:.*]]: tensor<3xi32>)
// CHECK-NOT: cf.assert
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<4x3xi32>
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<4x3xi32>, tensor<3xi32>) outs(%[[INIT]] : tensor<4x3xi32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[X]], %[[Y]] : i32
// CHECK-NEXT: linalg.yield %[[S]] : i32
func.func @add_i32_trailing(%a: tensor<4x3xi32>, %b: tensor<3xi32>) -> tensor<4x3xi32> {
  %0 = array.add %a, %b : (tensor<4x3xi32>, tensor<3xi32>) -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}

// -----

// Static size-1 dimensions are pinned to index 0 (an outer product).
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$COL:.+]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG: #[[$ROW:.+]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @sub_f64_outer
// CHECK-SAME: (%[[A:.*]]: tensor<4x1xf64>, %[[B:.*]]: tensor<1x3xf64>)
// CHECK-NOT: cf.assert
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<4x3xf64>
// CHECK: linalg.generic {indexing_maps = [#[[$COL]], #[[$ROW]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<4x1xf64>, tensor<1x3xf64>) outs(%[[INIT]] : tensor<4x3xf64>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[S:.*]] = arith.subf %[[X]], %[[Y]] : f64
// CHECK-NEXT: linalg.yield %[[S]] : f64
func.func @sub_f64_outer(%a: tensor<4x1xf64>, %b: tensor<1x3xf64>) -> tensor<4x3xf64> {
  %0 = array.sub %a, %b : (tensor<4x1xf64>, tensor<1x3xf64>) -> tensor<4x3xf64>
  return %0 : tensor<4x3xf64>
}

// -----

// The operand order survives: the broadcast operand is the minuend.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$PIN:.+]] = affine_map<(d0) -> (0)>
// CHECK-LABEL: func.func @sub_i64_lhs_broadcast
// CHECK-SAME: (%[[A:.*]]: tensor<1xi64>, %[[B:.*]]: tensor<8xi64>)
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<8xi64>
// CHECK: linalg.generic {indexing_maps = [#[[$PIN]], #[[$ID]], #[[$ID]]], iterator_types = ["parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<1xi64>, tensor<8xi64>) outs(%[[INIT]] : tensor<8xi64>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i64, %[[Y:.*]]: i64, %{{.*}}: i64):
// CHECK-NEXT: %[[S:.*]] = arith.subi %[[X]], %[[Y]] : i64
// CHECK-NEXT: linalg.yield %[[S]] : i64
func.func @sub_i64_lhs_broadcast(%a: tensor<1xi64>, %b: tensor<8xi64>) -> tensor<8xi64> {
  %0 = array.sub %a, %b : (tensor<1xi64>, tensor<8xi64>) -> tensor<8xi64>
  return %0 : tensor<8xi64>
}

// -----

// A 0-d operand reads its only element everywhere.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$SCALAR:.+]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @mul_f32_scalar
// CHECK-SAME: (%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<2x3xf32>)
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$SCALAR]], #[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<f32>, tensor<2x3xf32>) outs(%[[INIT]] : tensor<2x3xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
func.func @mul_f32_scalar(%a: tensor<f32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = array.mul %a, %b : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$PIN:.+]] = affine_map<(d0) -> (0)>
// CHECK-LABEL: func.func @mul_i32
// CHECK-SAME: (%[[A:.*]]: tensor<8xi32>, %[[B:.*]]: tensor<1xi32>)
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$PIN]], #[[$ID]]], iterator_types = ["parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<8xi32>, tensor<1xi32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[S:.*]] = arith.muli %[[X]], %[[Y]] : i32
// CHECK-NEXT: linalg.yield %[[S]] : i32
func.func @mul_i32(%a: tensor<8xi32>, %b: tensor<1xi32>) -> tensor<8xi32> {
  %0 = array.mul %a, %b : (tensor<8xi32>, tensor<1xi32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

// Rank 3 against rank 2, with size-1 dimensions on both sides.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$LHS:.+]] = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
// CHECK-DAG: #[[$RHS:.+]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-LABEL: func.func @div_f32_rank3
// CHECK-SAME: (%[[A:.*]]: tensor<2x1x4xf32>, %[[B:.*]]: tensor<3x1xf32>)
// CHECK-NOT: cf.assert
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$ID]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<2x1x4xf32>, tensor<3x1xf32>) outs(%[[INIT]] : tensor<2x3x4xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.divf %[[X]], %[[Y]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
func.func @div_f32_rank3(%a: tensor<2x1x4xf32>, %b: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = array.div %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// A result dimension of size 1 reads index 0 of every operand.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$PIN2:.+]] = affine_map<(d0, d1) -> (0, 0)>
// CHECK-DAG: #[[$PIN1:.+]] = affine_map<(d0, d1) -> (0)>
// CHECK-LABEL: func.func @div_f64_ones
// CHECK-SAME: (%[[A:.*]]: tensor<1x1xf64>, %[[B:.*]]: tensor<1xf64>)
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<1x1xf64>
// CHECK: linalg.generic {indexing_maps = [#[[$PIN2]], #[[$PIN1]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<1x1xf64>, tensor<1xf64>) outs(%[[INIT]] : tensor<1x1xf64>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[S:.*]] = arith.divf %[[X]], %[[Y]] : f64
func.func @div_f64_ones(%a: tensor<1x1xf64>, %b: tensor<1xf64>) -> tensor<1x1xf64> {
  %0 = array.div %a, %b : (tensor<1x1xf64>, tensor<1xf64>) -> tensor<1x1xf64>
  return %0 : tensor<1x1xf64>
}

// -----

// numpy.maximum propagates NaN: arith.maximumf, not arith.maxnumf.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$SCALAR:.+]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @maximum_f32
// CHECK-SAME: (%[[A:.*]]: tensor<16xf32>, %[[Z:.*]]: tensor<f32>)
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$SCALAR]], #[[$ID]]], iterator_types = ["parallel"]}
// CHECK-SAME: ins(%[[A]], %[[Z]] : tensor<16xf32>, tensor<f32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.maximumf %[[X]], %[[Y]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
func.func @maximum_f32(%a: tensor<16xf32>, %zero: tensor<f32>) -> tensor<16xf32> {
  %0 = array.maximum %a, %zero : (tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func @maximum_f64
// CHECK: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[S:.*]] = arith.maximumf %[[X]], %[[Y]] : f64
func.func @maximum_f64(%a: tensor<4xf64>, %b: tensor<4xf64>) -> tensor<4xf64> {
  %0 = array.maximum %a, %b : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Integers compare signed.
// CHECK-LABEL: func.func @maximum_i32
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[S:.*]] = arith.maxsi %[[X]], %[[Y]] : i32
// CHECK-NEXT: linalg.yield %[[S]] : i32
func.func @maximum_i32(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = array.maximum %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @maximum_i64
// CHECK: ^bb0(%[[X:.*]]: i64, %[[Y:.*]]: i64, %{{.*}}: i64):
// CHECK-NEXT: %[[S:.*]] = arith.maxsi %[[X]], %[[Y]] : i64
// CHECK-NEXT: linalg.yield %[[S]] : i64
func.func @maximum_i64(%a: tensor<2x2xi64>, %b: tensor<2xi64>) -> tensor<2x2xi64> {
  %0 = array.maximum %a, %b : (tensor<2x2xi64>, tensor<2xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// -----

// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @neg_f32
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>)
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]] : tensor<4x3xf32>) outs(%[[INIT]] : tensor<4x3xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.negf %[[X]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
func.func @neg_f32(%a: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = array.neg %a : tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func @neg_f64
// CHECK: ^bb0(%[[X:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[S:.*]] = arith.negf %[[X]] : f64
func.func @neg_f64(%a: tensor<5xf64>) -> tensor<5xf64> {
  %0 = array.neg %a : tensor<5xf64>
  return %0 : tensor<5xf64>
}

// -----

// Integer negation is 0 - x (it wraps, as in NumPy).
// CHECK-LABEL: func.func @neg_i32
// CHECK-SAME: (%[[A:.*]]: tensor<6xi32>)
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[A]] : tensor<6xi32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[S:.*]] = arith.subi %[[ZERO]], %[[X]] : i32
// CHECK-NEXT: linalg.yield %[[S]] : i32
func.func @neg_i32(%a: tensor<6xi32>) -> tensor<6xi32> {
  %0 = array.neg %a : tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

// CHECK-LABEL: func.func @neg_i64
// CHECK: ^bb0(%[[X:.*]]: i64, %{{.*}}: i64):
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[S:.*]] = arith.subi %[[ZERO]], %[[X]] : i64
// CHECK-NEXT: linalg.yield %[[S]] : i64
func.func @neg_i64(%a: tensor<6xi64>) -> tensor<6xi64> {
  %0 = array.neg %a : tensor<6xi64>
  return %0 : tensor<6xi64>
}

// -----

// CHECK-LABEL: func.func @exp_f32
// CHECK-SAME: (%[[A:.*]]: tensor<1024xf32>)
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<1024xf32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[A]] : tensor<1024xf32>) outs(%[[INIT]] : tensor<1024xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = math.exp %[[X]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
func.func @exp_f32(%a: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = array.exp %a : tensor<1024xf32>
  return %0 : tensor<1024xf32>
}

// -----

// CHECK-LABEL: func.func @exp_f64
// CHECK: ^bb0(%[[X:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[S:.*]] = math.exp %[[X]] : f64
func.func @exp_f64(%a: tensor<2x2xf64>) -> tensor<2x2xf64> {
  %0 = array.exp %a : tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}

// -----

// 0-d tensors: a generic with no loops.
// CHECK-DAG: #[[$MAP:.+]] = affine_map<() -> ()>
// CHECK-LABEL: func.func @add_0d
// CHECK-SAME: (%[[A:.*]]: tensor<i64>, %[[B:.*]]: tensor<i64>)
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<i64>
// CHECK: linalg.generic {indexing_maps = [#[[$MAP]], #[[$MAP]], #[[$MAP]]], iterator_types = []}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<i64>, tensor<i64>) outs(%[[INIT]] : tensor<i64>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i64, %[[Y:.*]]: i64, %{{.*}}: i64):
// CHECK-NEXT: arith.addi %[[X]], %[[Y]] : i64
func.func @add_0d(%a: tensor<i64>, %b: tensor<i64>) -> tensor<i64> {
  %0 = array.add %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

// Chained ops: each result feeds the next generic.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>)
// CHECK: %[[E:.*]] = linalg.generic
// CHECK-SAME: ins(%[[A]] : tensor<4xf32>)
// CHECK: math.exp
// CHECK: %[[M:.*]] = linalg.generic
// CHECK-SAME: ins(%[[E]], %[[A]] : tensor<4xf32>, tensor<4xf32>)
// CHECK: arith.mulf
// CHECK: return %[[M]]
func.func @chain(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = array.exp %a : tensor<4xf32>
  %1 = array.mul %0, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// array.full, array.constant, array.print
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @full_static
// CHECK-NOT: array.full
// CHECK-DAG: %[[E0:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK-DAG: %[[V0:.*]] = arith.constant 1.500000e+00 : f32
// CHECK: %[[F0:.*]] = linalg.fill ins(%[[V0]] : f32) outs(%[[E0]] : tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK-DAG: %[[E1:.*]] = tensor.empty() : tensor<8xi32>
// CHECK-DAG: %[[V1:.*]] = arith.constant -7 : i32
// CHECK: %[[F1:.*]] = linalg.fill ins(%[[V1]] : i32) outs(%[[E1]] : tensor<8xi32>) -> tensor<8xi32>
// CHECK-DAG: %[[E2:.*]] = tensor.empty() : tensor<i64>
// CHECK-DAG: %[[V2:.*]] = arith.constant 9223372036854775807 : i64
// CHECK: %[[F2:.*]] = linalg.fill ins(%[[V2]] : i64) outs(%[[E2]] : tensor<i64>) -> tensor<i64>
// CHECK: return %[[F0]], %[[F1]], %[[F2]]
func.func @full_static() -> (tensor<4x3xf32>, tensor<8xi32>, tensor<i64>) {
  %0 = array.full 1.5 : tensor<4x3xf32>
  %1 = array.full -7 : tensor<8xi32>
  %2 = array.full 9223372036854775807 : tensor<i64>
  return %0, %1, %2 : tensor<4x3xf32>, tensor<8xi32>, tensor<i64>
}

// -----

// The fill value keeps its exact bits: infinities, NaN, signed zero, extremes.
// CHECK-LABEL: func.func @full_special
// CHECK: %[[V0:.*]] = arith.constant 0x7F800000 : f32
// CHECK-NEXT: linalg.fill ins(%[[V0]] : f32) outs(%{{.*}} : tensor<2xf32>)
// CHECK: %[[V1:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT: linalg.fill ins(%[[V1]] : f32) outs(%{{.*}} : tensor<2xf32>)
// CHECK: %[[V2:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: linalg.fill ins(%[[V2]] : f32) outs(%{{.*}} : tensor<2xf32>)
// CHECK: %[[V3:.*]] = arith.constant 0x7FF8000000000000 : f64
// CHECK-NEXT: linalg.fill ins(%[[V3]] : f64) outs(%{{.*}} : tensor<2xf64>)
// CHECK: %[[V4:.*]] = arith.constant -0.000000e+00 : f64
// CHECK-NEXT: linalg.fill ins(%[[V4]] : f64) outs(%{{.*}} : tensor<2xf64>)
// CHECK: %[[V5:.*]] = arith.constant 3.40282347E+38 : f32
// CHECK-NEXT: linalg.fill ins(%[[V5]] : f32) outs(%{{.*}} : tensor<2xf32>)
// CHECK: %[[V6:.*]] = arith.constant 4.940660e-324 : f64
// CHECK-NEXT: linalg.fill ins(%[[V6]] : f64) outs(%{{.*}} : tensor<2xf64>)
// CHECK: %[[V7:.*]] = arith.constant 1.000000e-01 : f64
// CHECK-NEXT: linalg.fill ins(%[[V7]] : f64) outs(%{{.*}} : tensor<2xf64>)
// CHECK-NOT: linalg.fill
func.func @full_special() {
  %0 = array.full inf : tensor<2xf32>
  %1 = array.full -inf : tensor<2xf32>
  %2 = array.full nan : tensor<2xf32>
  %3 = array.full nan : tensor<2xf64>
  %4 = array.full -0.0 : tensor<2xf64>
  %5 = array.full 3.4028234663852886e38 : tensor<2xf32>
  %6 = array.full 4.9406564584124654e-324 : tensor<2xf64>
  %7 = array.full 0.1 : tensor<2xf64>
  return
}

// -----

// CHECK-LABEL: func.func @constant
// CHECK-NOT: array.constant
// CHECK-DAG: %[[C0:.*]] = arith.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-DAG: %[[C1:.*]] = arith.constant dense<-3> : tensor<3xi64>
// CHECK-DAG: %[[C2:.*]] = arith.constant dense<2.500000e-01> : tensor<f64>
// CHECK-DAG: %[[C3:.*]] = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
// CHECK: return %[[C0]], %[[C1]], %[[C2]], %[[C3]]
func.func @constant() -> (tensor<2x2xf32>, tensor<3xi64>, tensor<f64>, tensor<3xi32>) {
  %0 = array.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %1 = array.constant dense<-3> : tensor<3xi64>
  %2 = array.constant dense<0.25> : tensor<f64>
  %3 = array.constant dense<[1, 2, 3]> : tensor<3xi32>
  return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<3xi64>, tensor<f64>, tensor<3xi32>
}

// -----

// array.print stays, reading the lowered values, in program order.
// CHECK-LABEL: func.func @print
// CHECK-SAME: (%[[A:.*]]: tensor<3xf32>)
// CHECK: %[[C:.*]] = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
// CHECK: array.print %[[C]] : tensor<3xi32>
// CHECK: %[[N:.*]] = linalg.generic
// CHECK: arith.negf
// CHECK: array.print %[[N]] : tensor<3xf32>
// CHECK: array.print %[[A]] : tensor<3xf32>
// CHECK-NOT: array.
// CHECK: return
func.func @print(%a: tensor<3xf32>) {
  %0 = array.constant dense<[1, 2, 3]> : tensor<3xi32>
  array.print %0 : tensor<3xi32>
  %1 = array.neg %a : tensor<3xf32>
  array.print %1 : tensor<3xf32>
  array.print %a : tensor<3xf32>
  return
}
