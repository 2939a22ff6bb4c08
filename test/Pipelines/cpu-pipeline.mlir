// The CPU pipeline: loops in the LLVM dialect calling the runtime to print,
// buffers from the runtime's allocator (named by arrayrt_set_op first).
// RUN: array-opt %s --array-to-cpu-pipeline | FileCheck %s
// RUN: array-opt %s --array-to-cpu-pipeline | FileCheck %s --check-prefix=FUSED
// RUN: array-opt %s --array-to-cpu-pipeline="fuse-elementwise=false" | FileCheck %s --check-prefix=UNFUSED

// CHECK: llvm.func @arrayrt_print_f64(i64, !llvm.ptr)
// CHECK-LABEL: llvm.func @main()
// CHECK: llvm.call @arrayrt_set_op
// CHECK: llvm.call @_mlir_memref_to_llvm_alloc
// CHECK: llvm.intr.exp
// CHECK: llvm.call @arrayrt_print_f64
// CHECK: llvm.call @_mlir_memref_to_llvm_free
// CHECK-NOT: gpu.
// CHECK-NOT: linalg.

// Fused, the chain is one loop; unfused, one loop per op.
// FUSED-COUNT-1: llvm.cond_br
// FUSED-NOT: llvm.cond_br
// UNFUSED-COUNT-3: llvm.cond_br
// UNFUSED-NOT: llvm.cond_br

func.func @main() {
  %x = array.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  %e = array.exp %x : tensor<3xf64>
  %m = array.mul %e, %x : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  %y = array.sub %m, %x : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  array.print %y : tensor<3xf64>
  return
}
