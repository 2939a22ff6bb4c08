// RUN: array-opt %s -array-check-allocations -split-input-file -verify-diagnostics | FileCheck %s
// RUN: array-opt %s -array-check-allocations -convert-arrayrt-to-calls -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=CALLS

// A host allocation with run-time sizes: each size non-negative and the
// byte count in 63 bits, else arrayrt.bad_allocation with the shape (on the
// stack, only on that path); then arrayrt.set_op names the op for the
// runtime's allocator. Both become calls (CALLS): the label, the dtype's
// name and size, the rank and the sizes.
// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[N:.+]]: index)
// CHECK: %[[N64:.+]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[NEG:.+]] = arith.cmpi slt, %[[N64]], %c0_i64
// CHECK: %[[LOW:.+]], %[[HIGH:.+]] = arith.mului_extended %c12_i64, %[[N64]] : i64
// CHECK: scf.if
// CHECK: %[[SHAPE:.+]] = memref.alloca() : memref<2xi64>
// CHECK: memref.store %{{.+}}, %[[SHAPE]][%c0]
// CHECK: memref.store %c3_i64, %[[SHAPE]][%c1]
// CHECK: arrayrt.bad_allocation %[[SHAPE]] {element_type = f32, rank = 2 : i64} : memref<2xi64>
// CHECK: arrayrt.set_op
// CHECK-NEXT: memref.alloc(%[[N]]) : memref<?x3xf32>
// CALLS-LABEL: func.func @host
// CALLS: func.call @arrayrt_bad_allocation(%{{.+}}, %{{.+}}, %c4_i64, %c2_i64, %{{.+}}) : (!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr) -> ()
// CALLS: call @arrayrt_set_op(%{{.+}}, %{{.+}}, %{{.+}}) : (!llvm.ptr, !llvm.ptr, i64) -> ()
// CALLS-NEXT: memref.alloc
func.func @host(%n: index) {
  %a = memref.alloc(%n) : memref<?x3xf32> loc(fused["array.full"("prog.mlir":3:8)])
  memref.dealloc %a : memref<?x3xf32>
  return
}

// -----

// A static host allocation: named, not checked. A device allocation:
// checked, named by array-gpu-op-context instead.
// CHECK-LABEL: func.func @static_and_device
// CHECK-NOT: arrayrt.bad_allocation
// CHECK: arrayrt.set_op
// CHECK-NEXT: memref.alloc() : memref<4xf32>
// CHECK: arith.mului_extended
// CHECK: arrayrt.bad_allocation
// CHECK-NOT: arrayrt.set_op
// CHECK: gpu.alloc (%{{.+}}) : memref<?xi64>
func.func @static_and_device(%n: index) {
  %a = memref.alloc() : memref<4xf32>
  %b = gpu.alloc (%n) : memref<?xi64>
  memref.dealloc %a : memref<4xf32>
  gpu.dealloc %b : memref<?xi64>
  return
}

// -----

// A static shape whose byte count overflows cannot compile.
func.func @too_big() {
  // expected-error @+1 {{an array of shape [4611686018427387904, 4] of float32 needs more than 2^63 - 1 bytes}}
  %a = memref.alloc() : memref<4611686018427387904x4xf32>
  return
}
