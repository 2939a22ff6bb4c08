// RUN: array-opt %s -one-shot-bufferize="bufferize-function-boundaries" -split-input-file | FileCheck %s

// array.print only reads its operand: it bufferizes to array.print on the
// operand's buffer, with no allocation or copy, and stays in program order
// with the writes around it.

// CHECK-LABEL: func.func @print_arg
// CHECK-SAME: (%[[A:.*]]: memref<4x3xf32, strided<[?, ?], offset: ?>>)
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: arrayrt.print %[[A]] : memref<4x3xf32, strided<[?, ?], offset: ?>>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: return
func.func @print_arg(%t: tensor<4x3xf32>) {
  array.print %t : tensor<4x3xf32>
  return
}

// -----

// Dynamic and 0-d tensors of every element type, printed twice: still no copy.
// CHECK-LABEL: func.func @print_shapes
// CHECK-SAME: (%[[A:.*]]: memref<?xf64, strided<[?], offset: ?>>, %[[B:.*]]: memref<i32, strided<[], offset: ?>>, %[[C:.*]]: memref<2x?xi64, strided<[?, ?], offset: ?>>)
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: arrayrt.print %[[A]] : memref<?xf64, strided<[?], offset: ?>>
// CHECK: arrayrt.print %[[B]] : memref<i32, strided<[], offset: ?>>
// CHECK: arrayrt.print %[[C]] : memref<2x?xi64, strided<[?, ?], offset: ?>>
// CHECK: arrayrt.print %[[A]] : memref<?xf64, strided<[?], offset: ?>>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: return
func.func @print_shapes(%a: tensor<?xf64>, %b: tensor<i32>, %c: tensor<2x?xi64>) {
  array.print %a : tensor<?xf64>
  array.print %b : tensor<i32>
  array.print %c : tensor<2x?xi64>
  array.print %a : tensor<?xf64>
  return
}

// -----

// A constant prints straight from its global.
// CHECK-LABEL: func.func @print_constant
// CHECK: %[[G:.*]] = memref.get_global @{{.*}} : memref<3xi32>
// CHECK-NOT: memref.copy
// CHECK: arrayrt.print %[[G]] : memref<3xi32>
func.func @print_constant() {
  %0 = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  array.print %0 : tensor<3xi32>
  return
}

// -----

// A print between two writers: both writes go in place (the print reads the
// first value before the second write), and the order is kept.
// CHECK-LABEL: func.func @print_between_writers
// CHECK-SAME: (%[[T:.*]]: memref<4xi32, strided<[?], offset: ?>>, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: memref.store %[[X]], %[[T]][%{{.*}}]
// CHECK-NEXT: arrayrt.print %[[T]] : memref<4xi32, strided<[?], offset: ?>>
// CHECK-NEXT: memref.store %[[Y]], %[[T]][%{{.*}}]
// CHECK-NEXT: arrayrt.print %[[T]] : memref<4xi32, strided<[?], offset: ?>>
// CHECK-NEXT: return %[[T]]
func.func @print_between_writers(%t: tensor<4xi32>, %x: i32, %y: i32) -> tensor<4xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.insert %x into %t[%c0] : tensor<4xi32>
  array.print %0 : tensor<4xi32>
  %1 = tensor.insert %y into %0[%c1] : tensor<4xi32>
  array.print %1 : tensor<4xi32>
  return %1 : tensor<4xi32>
}

// -----

// A print of the old value after a write: the print counts as a read, so the
// writer must not clobber the buffer it prints; the write goes to a copy and
// the print reads the original.
// CHECK-LABEL: func.func @print_old_value
// CHECK-SAME: (%[[T:.*]]: memref<4xi64, strided<[?], offset: ?>>, %[[X:.*]]: i64)
// CHECK: %[[NEW:.*]] = memref.alloc() {{.*}} : memref<4xi64>
// CHECK: memref.copy %[[T]], %[[NEW]]
// CHECK: memref.store %[[X]], %[[NEW]][%{{.*}}]
// CHECK: arrayrt.print %[[T]] : memref<4xi64, strided<[?], offset: ?>>
// CHECK: return %[[NEW]]
func.func @print_old_value(%t: tensor<4xi64>, %x: i64) -> tensor<4xi64> {
  %c0 = arith.constant 0 : index
  %0 = tensor.insert %x into %t[%c0] : tensor<4xi64>
  array.print %t : tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// The same with linalg writers, as produced by convert-array-to-linalg: one
// buffer, filled, printed, updated in place and printed again.
// CHECK-LABEL: func.func @print_between_linalg
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK: %[[BUF:.*]] = memref.alloc(%[[N]]) {{.*}} : memref<?xf32>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[BUF]] : memref<?xf32>)
// CHECK-NEXT: arrayrt.print %[[BUF]] : memref<?xf32>
// CHECK-NEXT: linalg.generic
// CHECK-SAME: outs(%[[BUF]] : memref<?xf32>)
// CHECK: math.exp
// CHECK: arrayrt.print %[[BUF]] : memref<?xf32>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: return
#id = affine_map<(d0) -> (d0)>
func.func @print_between_linalg(%n: index) {
  %cst = arith.constant 1.5 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %0 = linalg.fill ins(%cst : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  array.print %0 : tensor<?xf32>
  %1 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%0 : tensor<?xf32>) {
  ^bb0(%out: f32):
    %2 = math.exp %out : f32
    linalg.yield %2 : f32
  } -> tensor<?xf32>
  array.print %1 : tensor<?xf32>
  return
}

// -----

// arrayrt.blas_matmul is destination style: it writes into its init's buffer
// (a new allocation for tensor.empty, which it does not read, so no copy)
// and reads the others in place.
// CHECK-LABEL: func.func @blas_matmul
// CHECK-SAME: (%[[A:.+]]: memref<8x4xf32{{.*}}>, %[[B:.+]]: memref<4x6xf32{{.*}}>, %[[BIAS:.+]]: memref<6xf32{{.*}}>)
// CHECK: %[[OUT:.+]] = memref.alloc() {{.*}}: memref<8x6xf32>
// CHECK-NOT: memref.copy
// CHECK: arrayrt.blas_matmul %[[A]], %[[B]] bias %[[BIAS]] : memref<6xf32{{.*}}> into %[[OUT]] {epilogue = #arrayrt<epilogue relu>} : memref<8x4xf32{{.*}}>, memref<4x6xf32{{.*}}>, memref<8x6xf32>
// CHECK: return %[[OUT]]
func.func @blas_matmul(%a: tensor<8x4xf32>, %b: tensor<4x6xf32>, %bias: tensor<6xf32>) -> tensor<8x6xf32> {
  %init = tensor.empty() : tensor<8x6xf32>
  %0 = arrayrt.blas_matmul %a, %b bias %bias : tensor<6xf32> into %init {epilogue = #arrayrt<epilogue relu>} : tensor<8x4xf32>, tensor<4x6xf32>, tensor<8x6xf32> -> tensor<8x6xf32>
  return %0 : tensor<8x6xf32>
}

// -----

// With beta, the init is read: an init that is used afterwards is copied
// into the product's buffer first (the copy holds C), so %c survives.
// CHECK-LABEL: func.func @blas_matmul_beta
// CHECK-SAME: (%[[A:.+]]: memref<8x4xf32{{.*}}>, %[[B:.+]]: memref<4x6xf32{{.*}}>, %[[C:.+]]: memref<8x6xf32{{.*}}>)
// CHECK: %[[OUT:.+]] = memref.alloc() {{.*}}: memref<8x6xf32>
// CHECK: memref.copy %[[C]], %[[OUT]]
// CHECK: arrayrt.blas_matmul %[[A]], %[[B]] into %[[OUT]] {beta = 1.000000e+00 : f64}
// CHECK: return %[[OUT]], %[[C]]
func.func @blas_matmul_beta(%a: tensor<8x4xf32>, %b: tensor<4x6xf32>, %c: tensor<8x6xf32>) -> (tensor<8x6xf32>, tensor<8x6xf32>) {
  %0 = arrayrt.blas_matmul %a, %b into %c {beta = 1.0 : f64} : tensor<8x4xf32>, tensor<4x6xf32>, tensor<8x6xf32> -> tensor<8x6xf32>
  return %0, %c : tensor<8x6xf32>, tensor<8x6xf32>
}
