// RUN: array-opt %s -convert-array-to-linalg -split-input-file | FileCheck %s

// Lowering of the elementwise ops: broadcasting, size checks, scalar bodies.

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

// Size-1 dimensions of a size-1 result dimension do not broadcast: they
// keep the loop index (a plain projection, the same element 0).
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$LAST:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @div_f64_ones
// CHECK-SAME: (%[[A:.*]]: tensor<1x1xf64>, %[[B:.*]]: tensor<1xf64>)
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<1x1xf64>
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$LAST]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
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

// Lowering of array ops with dynamic dimensions: tensor.empty takes the
// result's dynamic sizes from the operands (tensor.dim), and a cf.assert
// checks at run time that a dynamic size equals every size it meets (a
// dynamic size is never broadcast). A dynamic size meeting a static 1 needs no
// check.

// Two dynamic sizes meet in every dimension: one assert per dimension.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @maximum_dyn_dyn
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xf64>, %[[B:.*]]: tensor<?x?xf64>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[A0:.*]] = tensor.dim %[[A]], %[[C0]] : tensor<?x?xf64>
// CHECK-DAG: %[[C0B:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[B0:.*]] = tensor.dim %[[B]], %[[C0B]] : tensor<?x?xf64>
// CHECK: %[[EQ0:.*]] = arith.cmpi eq, %[[B0]], %[[A0]] : index
// CHECK: cf.assert %[[EQ0]], "{{.*}}elementwise.mlir:[[@LINE+16]]:8: array.maximum: operand sizes differ at run time in dimension 0 (a dynamic dimension must equal the sizes it meets; it is not broadcast)"
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[A1:.*]] = tensor.dim %[[A]], %[[C1]] : tensor<?x?xf64>
// CHECK-DAG: %[[C1B:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[B1:.*]] = tensor.dim %[[B]], %[[C1B]] : tensor<?x?xf64>
// CHECK: %[[EQ1:.*]] = arith.cmpi eq, %[[B1]], %[[A1]] : index
// CHECK: cf.assert %[[EQ1]], "{{.*}}elementwise.mlir:[[@LINE+10]]:8: array.maximum: operand sizes differ at run time in dimension 1 (a dynamic dimension must equal the sizes it meets; it is not broadcast)"
// CHECK: %[[INIT:.*]] = tensor.empty(%[[A0]], %[[A1]]) : tensor<?x?xf64>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<?x?xf64>, tensor<?x?xf64>) outs(%[[INIT]] : tensor<?x?xf64>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[S:.*]] = arith.maximumf %[[X]], %[[Y]] : f64
// CHECK-NEXT: linalg.yield %[[S]] : f64
// CHECK-NOT: cf.assert
// CHECK: return %[[R]]
func.func @maximum_dyn_dyn(%a: tensor<?x?xf64>, %b: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %0 = array.maximum %a, %b : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  return %0 : tensor<?x?xf64>
}

// -----

// ?x3 with 3: the dynamic size meets nothing, so no check; the static 3s
// agree at compile time.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @add_dyn_trailing
// CHECK-SAME: (%[[A:.*]]: tensor<?x3xf32>, %[[B:.*]]: tensor<3xf32>)
// CHECK-NOT: cf.assert
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D0:.*]] = tensor.dim %[[A]], %[[C0]] : tensor<?x3xf32>
// CHECK-NOT: cf.assert
// CHECK: %[[INIT:.*]] = tensor.empty(%[[D0]]) : tensor<?x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<?x3xf32>, tensor<3xf32>) outs(%[[INIT]] : tensor<?x3xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.addf %[[X]], %[[Y]] : f32
// CHECK-NOT: cf.assert
func.func @add_dyn_trailing(%a: tensor<?x3xf32>, %b: tensor<3xf32>) -> tensor<?x3xf32> {
  %0 = array.add %a, %b : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// ?x3 with 1x3: the dynamic size meets a static 1, which broadcasts; no
// check, and the size-1 dimension is pinned to 0.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:.+]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @sub_dyn_one
// CHECK-SAME: (%[[A:.*]]: tensor<?x3xf64>, %[[B:.*]]: tensor<1x3xf64>)
// CHECK-NOT: cf.assert
// CHECK: %[[D0:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x3xf64>
// CHECK-NOT: cf.assert
// CHECK: %[[INIT:.*]] = tensor.empty(%[[D0]]) : tensor<?x3xf64>
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<?x3xf64>, tensor<1x3xf64>) outs(%[[INIT]] : tensor<?x3xf64>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: arith.subf %[[X]], %[[Y]] : f64
// CHECK-NOT: cf.assert
func.func @sub_dyn_one(%a: tensor<?x3xf64>, %b: tensor<1x3xf64>) -> tensor<?x3xf64> {
  %0 = array.sub %a, %b : (tensor<?x3xf64>, tensor<1x3xf64>) -> tensor<?x3xf64>
  return %0 : tensor<?x3xf64>
}

// -----

// The static 1 on the left and the dynamic size on the right: still no
// check, and the size comes from the right operand.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$PIN:.+]] = affine_map<(d0, d1) -> (0, 0)>
// CHECK-LABEL: func.func @div_one_dyn
// CHECK-SAME: (%[[A:.*]]: tensor<1x1xf32>, %[[B:.*]]: tensor<?x?xf32>)
// CHECK-NOT: cf.assert
// CHECK-DAG: %[[D0:.*]] = tensor.dim %[[B]], %[[C0:.*]] : tensor<?x?xf32>
// CHECK-DAG: %[[C0]] = arith.constant 0 : index
// CHECK-DAG: %[[D1:.*]] = tensor.dim %[[B]], %[[C1:.*]] : tensor<?x?xf32>
// CHECK-DAG: %[[C1]] = arith.constant 1 : index
// CHECK-NOT: cf.assert
// CHECK: %[[INIT:.*]] = tensor.empty(%[[D0]], %[[D1]]) : tensor<?x?xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$PIN]], #[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<1x1xf32>, tensor<?x?xf32>) outs(%[[INIT]] : tensor<?x?xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.divf %[[X]], %[[Y]] : f32
func.func @div_one_dyn(%a: tensor<1x1xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = array.div %a, %b : (tensor<1x1xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// ?x? with 1x3: dimension 0 (? meets 1) needs no check; dimension 1 (? meets
// a static 3) does, against the constant 3, and the result is static there.
// CHECK-LABEL: func.func @mul_dyn_static
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xi32>, %[[B:.*]]: tensor<1x3xi32>)
// CHECK: %[[D0:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x?xi32>
// CHECK-NOT: cf.assert
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[D1:.*]] = tensor.dim %[[A]], %[[C1:.*]] : tensor<?x?xi32>
// CHECK-DAG: %[[C1]] = arith.constant 1 : index
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[D1]], %[[C3]] : index
// CHECK: cf.assert %[[EQ]], "{{.*}}elementwise.mlir:[[@LINE+8]]:8: array.mul: operand sizes differ at run time in dimension 1 (a dynamic dimension must equal the sizes it meets; it is not broadcast)"
// CHECK-NOT: cf.assert
// CHECK: %[[INIT:.*]] = tensor.empty(%[[D0]]) : tensor<?x3xi32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<?x?xi32>, tensor<1x3xi32>) outs(%[[INIT]] : tensor<?x3xi32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: arith.muli %[[X]], %[[Y]] : i32
func.func @mul_dyn_static(%a: tensor<?x?xi32>, %b: tensor<1x3xi32>) -> tensor<?x3xi32> {
  %0 = array.mul %a, %b : (tensor<?x?xi32>, tensor<1x3xi32>) -> tensor<?x3xi32>
  return %0 : tensor<?x3xi32>
}

// -----

// ?x3 with 4x3: the dynamic size meets a static 4; the result is fully
// static, so tensor.empty takes no sizes.
// CHECK-LABEL: func.func @add_dyn_static_first
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xi64>, %[[B:.*]]: tensor<?x3xi64>)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[D0:.*]] = tensor.dim %[[B]], %[[C0:.*]] : tensor<?x3xi64>
// CHECK-DAG: %[[C0]] = arith.constant 0 : index
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[D0]], %[[C4]] : index
// CHECK: cf.assert %[[EQ]], "{{.*}}elementwise.mlir:[[@LINE+8]]:8: array.add: operand sizes differ at run time in dimension 0 (a dynamic dimension must equal the sizes it meets; it is not broadcast)"
// CHECK-NOT: cf.assert
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<4x3xi64>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<4x3xi64>, tensor<?x3xi64>) outs(%[[INIT]] : tensor<4x3xi64>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i64, %[[Y:.*]]: i64, %{{.*}}: i64):
// CHECK-NEXT: arith.addi %[[X]], %[[Y]] : i64
func.func @add_dyn_static_first(%a: tensor<4x3xi64>, %b: tensor<?x3xi64>) -> tensor<4x3xi64> {
  %0 = array.add %a, %b : (tensor<4x3xi64>, tensor<?x3xi64>) -> tensor<4x3xi64>
  return %0 : tensor<4x3xi64>
}

// -----

// A lower-rank dynamic operand: its dimension 0 is result dimension 1, and
// the message names the result dimension.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @sub_dyn_lower_rank
// CHECK-SAME: (%[[A:.*]]: tensor<5x?xf32>, %[[B:.*]]: tensor<?xf32>)
// CHECK-NOT: cf.assert
// CHECK-DAG: %[[A1:.*]] = tensor.dim %[[A]], %[[C1:.*]] : tensor<5x?xf32>
// CHECK-DAG: %[[C1]] = arith.constant 1 : index
// CHECK-DAG: %[[B0:.*]] = tensor.dim %[[B]], %[[C0:.*]] : tensor<?xf32>
// CHECK-DAG: %[[C0]] = arith.constant 0 : index
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[B0]], %[[A1]] : index
// CHECK: cf.assert %[[EQ]], "{{.*}}elementwise.mlir:[[@LINE+6]]:8: array.sub: operand sizes differ at run time in dimension 1 (a dynamic dimension must equal the sizes it meets; it is not broadcast)"
// CHECK-NOT: cf.assert
// CHECK: %[[INIT:.*]] = tensor.empty(%[[A1]]) : tensor<5x?xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<5x?xf32>, tensor<?xf32>) outs(%[[INIT]] : tensor<5x?xf32>)
func.func @sub_dyn_lower_rank(%a: tensor<5x?xf32>, %b: tensor<?xf32>) -> tensor<5x?xf32> {
  %0 = array.sub %a, %b : (tensor<5x?xf32>, tensor<?xf32>) -> tensor<5x?xf32>
  return %0 : tensor<5x?xf32>
}

// -----

// A 0-d operand against a dynamic one: nothing to check.
// CHECK-DAG: #[[$ID:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$SCALAR:.+]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @maximum_scalar_dyn
// CHECK-SAME: (%[[A:.*]]: tensor<?xi32>, %[[Z:.*]]: tensor<i32>)
// CHECK-NOT: cf.assert
// CHECK: %[[D0:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?xi32>
// CHECK: %[[INIT:.*]] = tensor.empty(%[[D0]]) : tensor<?xi32>
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$SCALAR]], #[[$ID]]], iterator_types = ["parallel"]}
// CHECK-SAME: ins(%[[A]], %[[Z]] : tensor<?xi32>, tensor<i32>) outs(%[[INIT]] : tensor<?xi32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: arith.maxsi %[[X]], %[[Y]] : i32
// CHECK-NOT: cf.assert
func.func @maximum_scalar_dyn(%a: tensor<?xi32>, %zero: tensor<i32>) -> tensor<?xi32> {
  %0 = array.maximum %a, %zero : (tensor<?xi32>, tensor<i32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

// Unary ops take the dynamic sizes of their operand and check nothing.
// CHECK-LABEL: func.func @unary_dyn
// CHECK-SAME: (%[[A:.*]]: tensor<4x?xf32>, %[[B:.*]]: tensor<?xi64>)
// CHECK-NOT: cf.assert
// CHECK: %[[DA:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<4x?xf32>
// CHECK: %[[EA:.*]] = tensor.empty(%[[DA]]) : tensor<4x?xf32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[A]] : tensor<4x?xf32>) outs(%[[EA]] : tensor<4x?xf32>)
// CHECK: math.exp
// CHECK: %[[DB:.*]] = tensor.dim %[[B]], %{{.*}} : tensor<?xi64>
// CHECK: %[[EB:.*]] = tensor.empty(%[[DB]]) : tensor<?xi64>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[B]] : tensor<?xi64>) outs(%[[EB]] : tensor<?xi64>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i64, %{{.*}}: i64):
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT: arith.subi %[[ZERO]], %[[X]] : i64
// CHECK-NOT: cf.assert
func.func @unary_dyn(%a: tensor<4x?xf32>, %b: tensor<?xi64>) -> (tensor<4x?xf32>, tensor<?xi64>) {
  %0 = array.exp %a : tensor<4x?xf32>
  %1 = array.neg %b : tensor<?xi64>
  return %0, %1 : tensor<4x?xf32>, tensor<?xi64>
}

// -----

// The message starts with the op's source location, whatever its kind.
// CHECK-LABEL: func.func @locations
// CHECK: cf.assert %{{.*}}, "numpy_prog.py:12:5: array.add: operand sizes differ at run time in dimension 0
// CHECK: cf.assert %{{.*}}, "inner.py:3:9: array.mul: operand sizes differ at run time in dimension 0
// CHECK: cf.assert %{{.*}}, "callee.py:7:1: array.sub: operand sizes differ at run time in dimension 0
// CHECK: cf.assert %{{.*}}, "fused.py:2:2: array.maximum: operand sizes differ at run time in dimension 0
// CHECK: cf.assert %{{.*}}, "array.div: operand sizes differ at run time in dimension 0
func.func @locations(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  %0 = array.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32> loc("numpy_prog.py":12:5)
  %1 = array.mul %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32> loc("name"("inner.py":3:9))
  %2 = array.sub %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32> loc(callsite("callee.py":7:1 at "caller.py":1:1))
  %3 = array.maximum %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32> loc(fused[unknown, "fused.py":2:2])
  %4 = array.div %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32> loc(unknown)
  return
}

// -----

// The scalar bodies of a representative set of ufuncs: operands cast to the
// promoted type, 16-bit floats computed in f32, NumPy's edge cases guarded.

// Integer floor division: the divisor 0 or -1 is replaced by 1 (divsi would
// be undefined), the truncated quotient steps down where the signs differ,
// then x // -1 is -x and x // 0 is 0.
// CHECK-LABEL: func.func @floor_divide_int
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[MONE:.*]] = arith.constant -1 : i32
// CHECK: %[[BY0:.*]] = arith.cmpi eq, %[[Y]], %[[ZERO]] : i32
// CHECK: %[[BYM1:.*]] = arith.cmpi eq, %[[Y]], %[[MONE]] : i32
// CHECK: %[[BAD:.*]] = arith.ori %[[BY0]], %[[BYM1]] : i1
// CHECK: %[[SAFE:.*]] = arith.select %[[BAD]], %[[ONE]], %[[Y]] : i32
// CHECK: %[[Q:.*]] = arith.divsi %[[X]], %[[SAFE]] : i32
// CHECK: %[[R:.*]] = arith.remsi %[[X]], %[[SAFE]] : i32
// CHECK: %[[INEXACT:.*]] = arith.cmpi ne, %[[R]], %[[ZERO]] : i32
// CHECK: %[[XOR:.*]] = arith.xori %[[R]], %[[SAFE]] : i32
// CHECK: %[[DIFF:.*]] = arith.cmpi slt, %[[XOR]], %[[ZERO]] : i32
// CHECK: %[[ADJ:.*]] = arith.andi %[[INEXACT]], %[[DIFF]] : i1
// CHECK: %[[QM1:.*]] = arith.subi %[[Q]], %[[ONE]] : i32
// CHECK: %[[Q2:.*]] = arith.select %[[ADJ]], %[[QM1]], %[[Q]] : i32
// CHECK: %[[NEG:.*]] = arith.subi %[[ZERO]], %[[X]] : i32
// CHECK: %[[Q3:.*]] = arith.select %[[BYM1]], %[[NEG]], %[[Q2]] : i32
// CHECK: %[[Q4:.*]] = arith.select %[[BY0]], %[[ZERO]], %[[Q3]] : i32
// CHECK: linalg.yield %[[Q4]] : i32
func.func @floor_divide_int(%i: tensor<4xi32>, %j: tensor<4xi32>) -> tensor<4xi32> {
  %0 = array.floor_divide %i, %j : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// int32 with float32 compares in float64, ordered (NaN is false).
// CHECK-LABEL: func.func @less_mixed
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<4xi1>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT: %[[XF:.*]] = arith.sitofp %[[X]] : i32 to f64
// CHECK-NEXT: %[[YF:.*]] = arith.extf %[[Y]] : f32 to f64
// CHECK-NEXT: %[[C:.*]] = arith.cmpf olt, %[[XF]], %[[YF]] : f64
// CHECK-NEXT: linalg.yield %[[C]] : i1
func.func @less_mixed(%i: tensor<4xi32>, %x: tensor<4xf32>) -> tensor<4xi1> {
  %0 = array.less %i, %x : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Bools compare unsigned: false < true.
// CHECK-LABEL: func.func @greater_bool
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : i1
func.func @greater_bool(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = array.greater %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @where_promotes
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%[[C:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: i32, %{{.*}}: f64):
// CHECK-DAG: %[[YF:.*]] = arith.sitofp %[[Y]] : i32 to f64
// CHECK-DAG: %[[XF:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK: %[[R:.*]] = arith.select %[[C]], %[[XF]], %[[YF]] : f64
// CHECK-NEXT: linalg.yield %[[R]] : f64
func.func @where_promotes(%b: tensor<4xi1>, %x: tensor<4xf32>, %i: tensor<4xi32>) -> tensor<4xf64> {
  %0 = array.where %b, %x, %i : (tensor<4xi1>, tensor<4xf32>, tensor<4xi32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// A float condition counts by its truth value.
// CHECK-LABEL: func.func @where_float_cond
// CHECK: ^bb0(%[[C:.*]]: f32, %[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[T:.*]] = arith.cmpf une, %[[C]], %{{.*}} : f32
// CHECK: arith.select %[[T]], %[[X]], %[[Y]] : i32
func.func @where_float_cond(%c: tensor<4xf32>, %x: tensor<4xi32>, %y: tensor<i32>) -> tensor<4xi32> {
  %0 = array.where %c, %x, %y : (tensor<4xf32>, tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// 16-bit floats compute in f32 and round back.
// CHECK-LABEL: func.func @sin_f16
// CHECK: ^bb0(%[[X:.*]]: f16, %{{.*}}: f16):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT: %[[S:.*]] = math.sin %[[W]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[S]] : f32 to f16
// CHECK-NEXT: linalg.yield %[[R]] : f16
func.func @sin_f16(%h: tensor<4xf16>) -> tensor<4xf16> {
  %0 = array.sin %h : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// A float function of int32 computes in f64.
// CHECK-LABEL: func.func @sqrt_int
// CHECK: ^bb0(%[[X:.*]]: i32, %{{.*}}: f64):
// CHECK-NEXT: %[[F:.*]] = arith.sitofp %[[X]] : i32 to f64
// CHECK-NEXT: %[[S:.*]] = math.sqrt %[[F]] : f64
// CHECK-NEXT: linalg.yield %[[S]] : f64
func.func @sqrt_int(%i: tensor<4xi32>) -> tensor<4xf64> {
  %0 = array.sqrt %i : tensor<4xi32> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// CHECK-LABEL: func.func @fmax_minimum_clip
// CHECK: arith.maxnumf %{{.*}}, %{{.*}} : f32
// CHECK: arith.minimumf %{{.*}}, %{{.*}} : f32
// CHECK: ^bb0(%[[X:.*]]: f32, %[[LO:.*]]: f32, %[[HI:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[X]], %[[LO]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.minimumf %[[M]], %[[HI]] : f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
func.func @fmax_minimum_clip(%x: tensor<4xf32>, %y: tensor<4xf32>, %lo: tensor<f32>) {
  %0 = array.fmax %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = array.minimum %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = array.clip %x, %lo, %y : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @logical_and_any
// CHECK: ^bb0(%[[X:.*]]: f32, %[[B:.*]]: i1, %{{.*}}: i1):
// CHECK: %[[T:.*]] = arith.cmpf une, %[[X]], %{{.*}} : f32
// CHECK: %[[R:.*]] = arith.andi %[[T]], %[[B]] : i1
// CHECK-NEXT: linalg.yield %[[R]] : i1
func.func @logical_and_any(%x: tensor<4xf32>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = array.logical_and %x, %b : (tensor<4xf32>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// A shift by the width or more (or a negative one, unsigned) fills with
// the sign.
// CHECK-LABEL: func.func @right_shift
// CHECK: ^bb0(%[[X:.*]]: i32, %[[N:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[FAR:.*]] = arith.cmpi uge, %[[N]], %{{.*}} : i32
// CHECK: %[[SAFE:.*]] = arith.select %[[FAR]], %{{.*}}, %[[N]] : i32
// CHECK: %[[R:.*]] = arith.shrsi %[[X]], %[[SAFE]] : i32
// CHECK-NEXT: linalg.yield %[[R]] : i32
func.func @right_shift(%i: tensor<4xi32>, %n: tensor<i32>) -> tensor<4xi32> {
  %0 = array.right_shift %i, %n : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @classify_round_invert
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK-NEXT: arith.cmpf uno
// CHECK: math.roundeven %{{.*}} : f32
// CHECK: ^bb0(%[[B:.*]]: i1, %{{.*}}: i1):
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: arith.xori %[[B]], %[[TRUE]] : i1
func.func @classify_round_invert(%h: tensor<4xf16>, %x: tensor<4xf32>, %b: tensor<4xi1>) {
  %0 = array.isnan %h : tensor<4xf16> -> tensor<4xi1>
  %1 = array.round %x : tensor<4xf32>
  %2 = array.invert %b : tensor<4xi1>
  return
}

// -----

// isnan of an integer is the constant false.
// CHECK-LABEL: func.func @isnan_int
// CHECK: ^bb0(%{{.*}}: i32, %{{.*}}: i1):
// CHECK-NEXT: %[[F:.*]] = arith.constant false
// CHECK-NEXT: linalg.yield %[[F]] : i1
func.func @isnan_int(%i: tensor<4xi32>) -> tensor<4xi1> {
  %0 = array.isnan %i : tensor<4xi32> -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Float remainder follows npy_divmod: fmod, then the divisor's sign.
// CHECK-LABEL: func.func @remainder_float
// CHECK: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64, %{{.*}}: f64):
// CHECK: arith.remf %[[X]], %[[Y]] : f64
// CHECK: math.copysign
func.func @remainder_float(%x: tensor<4xf64>, %y: tensor<4xf64>) -> tensor<4xf64> {
  %0 = array.remainder %x, %y : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Unsigned elements stay ui8-ui64 in tensors and linalg block arguments; the
// scalar code casts them to signless integers around each arith op and
// picks the unsigned op (divui, cmpi ult, uitofp, extui, shrui, maxui).

// Unsigned floor division by 0 gives 0; no sign adjustment.
// CHECK-LABEL: func.func @floor_divide
// CHECK: ^bb0(%[[X:.*]]: ui8, %[[Y:.*]]: ui8, %{{.*}}: ui8):
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: %[[ZEROU:.*]] = builtin.unrealized_conversion_cast %[[ZERO]] : i8 to ui8
// CHECK: %[[YS:.*]] = builtin.unrealized_conversion_cast %[[Y]] : ui8 to i8
// CHECK: %[[BY0:.*]] = arith.cmpi eq, %[[YS]], %[[ZERO]] : i8
// CHECK: %[[SAFE:.*]] = arith.select %[[BY0]], %{{.*}}, %[[Y]] : ui8
// CHECK: %[[SAFES:.*]] = builtin.unrealized_conversion_cast %[[SAFE]] : ui8 to i8
// CHECK: %[[XS:.*]] = builtin.unrealized_conversion_cast %[[X]] : ui8 to i8
// CHECK: %[[Q:.*]] = arith.divui %[[XS]], %[[SAFES]] : i8
// CHECK: %[[QU:.*]] = builtin.unrealized_conversion_cast %[[Q]] : i8 to ui8
// CHECK: %[[R:.*]] = arith.select %[[BY0]], %[[ZEROU]], %[[QU]] : ui8
// CHECK: linalg.yield %[[R]] : ui8
func.func @floor_divide(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<4xui8> {
  %0 = array.floor_divide %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// CHECK-LABEL: func.func @less
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i8
func.func @less(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<4xi1> {
  %0 = array.less %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// uint8 with int8 promotes to int16: zero-extend one, sign-extend the other.
// CHECK-LABEL: func.func @mixed_signedness
// CHECK: ^bb0(%[[U:.*]]: ui8, %[[S:.*]]: i8, %{{.*}}: i16):
// CHECK: %[[US:.*]] = builtin.unrealized_conversion_cast %[[U]] : ui8 to i8
// CHECK: %[[UW:.*]] = arith.extui %[[US]] : i8 to i16
// CHECK: %[[SW:.*]] = arith.extsi %[[S]] : i8 to i16
// CHECK: arith.addi %[[UW]], %[[SW]] : i16
func.func @mixed_signedness(%a: tensor<4xui8>, %i: tensor<4xi8>) -> tensor<4xi16> {
  %0 = array.add %a, %i : (tensor<4xui8>, tensor<4xi8>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

// CHECK-LABEL: func.func @float_function
// CHECK: arith.uitofp %{{.*}} : i8 to f32
// CHECK: math.exp
func.func @float_function(%a: tensor<4xui8>) -> tensor<4xf16> {
  %0 = array.exp %a : tensor<4xui8> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// Shifting an unsigned integer right by its width or more gives 0.
// CHECK-LABEL: func.func @right_shift
// CHECK: %[[FAR:.*]] = arith.cmpi uge, %{{.*}}, %{{.*}} : i16
// CHECK: %[[SH:.*]] = arith.shrui %{{.*}}, %{{.*}} : i16
// CHECK: %[[SHU:.*]] = builtin.unrealized_conversion_cast %[[SH]] : i16 to ui16
// CHECK: arith.select %[[FAR]], %{{.*}}, %[[SHU]] : ui16
func.func @right_shift(%a: tensor<4xui16>, %b: tensor<4xui16>) -> tensor<4xui16> {
  %0 = array.right_shift %a, %b : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xui16>
  return %0 : tensor<4xui16>
}

// -----

// A float converts to uint8-uint32 through int64 (so -1.0 wraps to all
// ones), to uint64 with fptoui.
// CHECK-LABEL: func.func @float_to_unsigned
// CHECK: %[[W:.*]] = arith.fptosi %{{.*}} : f32 to i64
// CHECK: %[[T:.*]] = arith.trunci %[[W]] : i64 to i32
// CHECK: builtin.unrealized_conversion_cast %[[T]] : i32 to ui32
// CHECK: arith.fptoui %{{.*}} : f32 to i64
func.func @float_to_unsigned(%x: tensor<4xf32>) -> (tensor<4xui32>, tensor<4xui64>) {
  %0 = array.astype %x : tensor<4xf32> -> tensor<4xui32>
  %1 = array.astype %x : tensor<4xf32> -> tensor<4xui64>
  return %0, %1 : tensor<4xui32>, tensor<4xui64>
}

// -----

// CHECK-LABEL: func.func @astype
// CHECK: arith.fptosi %{{.+}} : f32 to i32
// CHECK: arith.uitofp %{{.+}} : i1 to f64
// CHECK: arith.extf %{{.+}} : bf16 to f32
// CHECK: arith.truncf %{{.+}} : f32 to f16
// CHECK: arith.cmpf une
func.func @astype(%x: tensor<4x?xf32>, %b: tensor<8xi1>, %h: tensor<8xbf16>, %d: tensor<8xf64>)
    -> (tensor<4x?xi32>, tensor<8xf64>, tensor<8xf16>, tensor<8xi1>) {
  %0 = array.astype %x : tensor<4x?xf32> -> tensor<4x?xi32>
  %1 = array.astype %b : tensor<8xi1> -> tensor<8xf64>
  %2 = array.astype %h : tensor<8xbf16> -> tensor<8xf16>
  %3 = array.astype %d : tensor<8xf64> -> tensor<8xi1>
  return %0, %1, %2, %3 : tensor<4x?xi32>, tensor<8xf64>, tensor<8xf16>, tensor<8xi1>
}
