// RUN: array-opt %s -convert-array-to-linalg -split-input-file | FileCheck %s

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
// CHECK: cf.assert %[[EQ0]], "{{.*}}array-to-linalg-dynamic.mlir:[[@LINE+16]]:8: array.maximum: operand sizes differ at run time in dimension 0 (a dynamic dimension must equal the sizes it meets; it is not broadcast)"
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[A1:.*]] = tensor.dim %[[A]], %[[C1]] : tensor<?x?xf64>
// CHECK-DAG: %[[C1B:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[B1:.*]] = tensor.dim %[[B]], %[[C1B]] : tensor<?x?xf64>
// CHECK: %[[EQ1:.*]] = arith.cmpi eq, %[[B1]], %[[A1]] : index
// CHECK: cf.assert %[[EQ1]], "{{.*}}array-to-linalg-dynamic.mlir:[[@LINE+10]]:8: array.maximum: operand sizes differ at run time in dimension 1 (a dynamic dimension must equal the sizes it meets; it is not broadcast)"
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
// CHECK: cf.assert %[[EQ]], "{{.*}}array-to-linalg-dynamic.mlir:[[@LINE+8]]:8: array.mul: operand sizes differ at run time in dimension 1 (a dynamic dimension must equal the sizes it meets; it is not broadcast)"
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
// CHECK: cf.assert %[[EQ]], "{{.*}}array-to-linalg-dynamic.mlir:[[@LINE+8]]:8: array.add: operand sizes differ at run time in dimension 0 (a dynamic dimension must equal the sizes it meets; it is not broadcast)"
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
// CHECK: cf.assert %[[EQ]], "{{.*}}array-to-linalg-dynamic.mlir:[[@LINE+6]]:8: array.sub: operand sizes differ at run time in dimension 1 (a dynamic dimension must equal the sizes it meets; it is not broadcast)"
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

//===----------------------------------------------------------------------===//
// array.full with dynamic sizes
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @full_dynamic
// CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-NOT: array.full
// CHECK: %[[E0:.*]] = tensor.empty(%[[N]]) : tensor<?x8xi64>
// CHECK: %[[V0:.*]] = arith.constant 0 : i64
// CHECK: %[[F0:.*]] = linalg.fill ins(%[[V0]] : i64) outs(%[[E0]] : tensor<?x8xi64>) -> tensor<?x8xi64>
// CHECK: %[[E1:.*]] = tensor.empty(%[[N]], %[[M]]) : tensor<?x3x?xf32>
// CHECK: %[[V1:.*]] = arith.constant -1.250000e+00 : f32
// CHECK: %[[F1:.*]] = linalg.fill ins(%[[V1]] : f32) outs(%[[E1]] : tensor<?x3x?xf32>) -> tensor<?x3x?xf32>
// The sizes keep their order.
// CHECK: %[[E2:.*]] = tensor.empty(%[[M]], %[[N]]) : tensor<?x?xf64>
// CHECK: %[[V2:.*]] = arith.constant 0x7FF8000000000000 : f64
// CHECK: %[[F2:.*]] = linalg.fill ins(%[[V2]] : f64) outs(%[[E2]] : tensor<?x?xf64>) -> tensor<?x?xf64>
// CHECK-NOT: cf.assert
// CHECK: return %[[F0]], %[[F1]], %[[F2]]
func.func @full_dynamic(%n: index, %m: index) -> (tensor<?x8xi64>, tensor<?x3x?xf32>, tensor<?x?xf64>) {
  %0 = array.full(%n) 0 : tensor<?x8xi64>
  %1 = array.full(%n, %m) -1.25 : tensor<?x3x?xf32>
  %2 = array.full(%m, %n) nan : tensor<?x?xf64>
  return %0, %1, %2 : tensor<?x8xi64>, tensor<?x3x?xf32>, tensor<?x?xf64>
}

// -----

// A dynamic full feeding a dynamic op: the op reads the size back with
// tensor.dim, and print stays on the lowered tensor.
// CHECK-LABEL: func.func @full_then_add
// CHECK-SAME: (%[[N:.*]]: index, %[[A:.*]]: tensor<?xi32>)
// CHECK: %[[F:.*]] = linalg.fill
// CHECK: %[[DF:.*]] = tensor.dim %[[F]], %{{.*}} : tensor<?xi32>
// CHECK: %[[DA:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?xi32>
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[DA]], %[[DF]] : index
// CHECK: cf.assert %[[EQ]], "{{.*}}array.add: operand sizes differ at run time in dimension 0
// CHECK: %[[R:.*]] = linalg.generic
// CHECK-SAME: ins(%[[F]], %[[A]] : tensor<?xi32>, tensor<?xi32>)
// CHECK: array.print %[[R]] : tensor<?xi32>
func.func @full_then_add(%n: index, %a: tensor<?xi32>) {
  %0 = array.full(%n) 1 : tensor<?xi32>
  %1 = array.add %0, %a : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  array.print %1 : tensor<?xi32>
  return
}
