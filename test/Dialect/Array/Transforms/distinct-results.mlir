// RUN: array-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(array-distinct-results))' | FileCheck %s

// One tensor returned twice, and a view of it: the later ones are copies.
// CHECK-LABEL: func.func @twice
// CHECK-SAME: (%[[T:.+]]: tensor<?xf32>)
// CHECK: %[[CAST:.+]] = tensor.cast %[[T]]
// CHECK: %[[R:.+]] = tensor.expand_shape %[[T]]
// CHECK: %[[D:.+]] = tensor.dim %[[T]], %c0
// CHECK: %[[E:.+]] = tensor.empty(%[[D]]) : tensor<?xf32>
// CHECK: %[[C1:.+]] = linalg.copy ins(%[[T]] : tensor<?xf32>) outs(%[[E]] : tensor<?xf32>)
// CHECK: %[[E2:.+]] = tensor.empty({{.*}}) : tensor<1x?xf32>
// CHECK: %[[C2:.+]] = linalg.copy ins(%[[R]] : tensor<1x?xf32>) outs(%[[E2]] : tensor<1x?xf32>)
// CHECK: return %[[CAST]], %[[C1]], %[[C2]]
func.func @twice(%t: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<1x?xf32>) {
  %c0 = arith.constant 0 : index
  %cast = tensor.cast %t : tensor<?xf32> to tensor<?xf32>
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %r = tensor.expand_shape %t [[0, 1]] output_shape [1, %n] : tensor<?xf32> into tensor<1x?xf32>
  return %cast, %t, %r : tensor<?xf32>, tensor<?xf32>, tensor<1x?xf32>
}

// -----

// Distinct tensors and scalars are returned as they are.
// CHECK-LABEL: func.func @distinct
// CHECK-NOT: linalg.copy
// CHECK: return %arg0, %arg1, %{{.+}}, %{{.+}} :
func.func @distinct(%a: tensor<4xf32>, %b: tensor<4xf32>, %s: f32) -> (tensor<4xf32>, tensor<4xf32>, f32, f32) {
  return %a, %b, %s, %s : tensor<4xf32>, tensor<4xf32>, f32, f32
}
