// RUN: array-opt %s -convert-array-to-linalg -split-input-file | FileCheck %s

// Lowering of the io ops (ArrayIOOps.td).

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
