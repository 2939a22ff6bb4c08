// RUN: array-opt %s -array-cpu-outline-kernels="min-kernels=1" -split-input-file | FileCheck %s
// RUN: array-opt %s -array-cpu-outline-kernels -split-input-file | FileCheck %s --check-prefix=SHORT

#map = affine_map<(d0) -> (d0)>

// Two kernels (more than min-kernels=1): each becomes a call of a private,
// internal, never-inlined function taking its operands and the values its
// body uses from above (%c). With the default (64) the function is short
// and keeps them.
// CHECK-LABEL: func.func @main(
// CHECK-SAME:    %[[A:.+]]: memref<4xf32>, %[[B:.+]]: memref<4xf32>, %[[C:.+]]: f32)
// CHECK:         call @main_kernel_0(%[[A]], %[[B]], %[[C]]) : (memref<4xf32>, memref<4xf32>, f32) -> ()
// CHECK:         call @main_kernel_1(%[[B]], %[[A]]) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NOT:     linalg.generic
// CHECK:         return
// CHECK:       func.func private @main_kernel_0(%[[X:.+]]: memref<4xf32>, %[[Y:.+]]: memref<4xf32>, %[[S:.+]]: f32)
// CHECK-SAME:    attributes {llvm.linkage = #llvm.linkage<internal>, passthrough = ["noinline"]}
// CHECK:         linalg.generic {{.*}} ins(%[[X]] : memref<4xf32>) outs(%[[Y]] : memref<4xf32>)
// CHECK:           arith.addf %{{.+}}, %[[S]]
// CHECK:         return
// CHECK:       func.func private @main_kernel_1(
// CHECK:         math.exp

// SHORT-LABEL: func.func @main(
// SHORT-NOT:     call
// SHORT-COUNT-2: linalg.generic
// SHORT-NOT:     func.func private
func.func @main(%a: memref<4xf32>, %b: memref<4xf32>, %c: f32) {
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %c : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%b : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  }
  return
}

// -----

// Kernels in a loop are outlined in place; the loop stays in the caller.
// Ops on tensors (not bufferized) are left alone.
// CHECK-LABEL: func.func @loop(
// CHECK:         scf.for
// CHECK:           call @loop_kernel_0(
// CHECK:           call @loop_kernel_1(
// CHECK:         linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<4xf32>)
// CHECK:       func.func private @loop_kernel_0(
// CHECK:         linalg.fill
// CHECK:       func.func private @loop_kernel_1(
// CHECK:         linalg.copy
func.func @loop(%a: memref<4xf32>, %b: memref<4xf32>, %n: index, %t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    linalg.fill ins(%z : f32) outs(%a : memref<4xf32>)
    linalg.copy ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
  }
  %r = linalg.fill ins(%z : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
