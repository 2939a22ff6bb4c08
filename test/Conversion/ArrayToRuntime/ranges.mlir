// RUN: array-opt %s -convert-array-to-runtime | FileCheck %s
// RUN: array-opt %s -convert-array-to-runtime=lower-ranges=false | FileCheck %s --check-prefix=KEEP

// array.range_push/pop become arrayrt_range_push(name)/arrayrt_range_pop()
// (the CPU pipeline); the CUDA pipeline keeps them (lower-ranges=false)
// for array-gpu-op-context, after array-gpu-streams.

// CHECK-DAG: llvm.mlir.global internal constant @[[$NAME:arrayrt_range_name[_0-9]*]]("step\00")
// CHECK-DAG: func.func private @arrayrt_range_push(!llvm.ptr)
// CHECK-DAG: func.func private @arrayrt_range_pop()
// CHECK-LABEL: func.func @ranges
// CHECK: %[[P:.*]] = llvm.mlir.addressof @[[$NAME]] : !llvm.ptr
// CHECK-NEXT: call @arrayrt_range_push(%[[P]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: call @arrayrt_range_pop() : () -> ()
// CHECK-NOT: array.range

// KEEP-LABEL: func.func @ranges
// KEEP: array.range_push "step"
// KEEP-NEXT: array.range_pop
func.func @ranges() {
  array.range_push "step"
  array.range_pop
  return
}
