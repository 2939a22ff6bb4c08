// RUN: array-opt %s -split-input-file -array-gpu-op-context | FileCheck %s --enable-var-scope

// Before each GPU operation of host code, arrayrt_set_op(label, location,
// bytes) names the array op(s) its location holds (array-name-locations),
// with string constants. A launch passes the bytes of its memref arguments:
// static sizes fold (4x8xf32: 128), dynamic ones are read (memref.dim), a
// dimension of stride 0 counts once (strided<[0, 1]>: 8 x 4 bytes). The
// range ops, in the stream order after array-gpu-streams, become runtime
// calls and hand their dependency on as their token.

// CHECK-DAG: llvm.mlir.global internal constant @[[$EXP:arrayrt_op_label[_0-9]*]]("array.exp @ p.mlir:3:8\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[$LOC3:arrayrt_location[_0-9]*]]("p.mlir:3:8\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[$FUSED:arrayrt_op_label[_0-9]*]]("array.mul+array.exp @ p.mlir:5:8\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[$LOC5:arrayrt_location[_0-9]*]]("p.mlir:5:8\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[$STEP:arrayrt_range_name[_0-9]*]]("step\00")
// CHECK-DAG: func.func private @arrayrt_set_op(!llvm.ptr, !llvm.ptr, i64)
// CHECK-DAG: func.func private @arrayrt_range_push(!llvm.ptr)
// CHECK-DAG: func.func private @arrayrt_range_pop()

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<4x8xf32>, %b: memref<?xf32>, %c: memref<4x8xf32, strided<[0, 1]>>, %n: index) kernel { gpu.return }
  }

  // CHECK-LABEL: func.func @main
  // CHECK-SAME: (%[[H:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<?xf32>, %[[C:.*]]: memref<4x8xf32, strided<[0, 1]>>, %[[N:.*]]: index)
  func.func @main(%h: memref<4x8xf32>, %b: memref<?xf32>, %c: memref<4x8xf32, strided<[0, 1]>>, %n: index) {
    %c1 = arith.constant 1 : index
    // CHECK: %[[T0:.*]] = gpu.wait async
    %t0 = gpu.wait async
    // CHECK: %[[L:.*]] = llvm.mlir.addressof @[[$EXP]]
    // CHECK: %[[W:.*]] = llvm.mlir.addressof @[[$LOC3]]
    // CHECK: %[[Z:.*]] = arith.constant 0 : i64
    // CHECK: call @arrayrt_set_op(%[[L]], %[[W]], %[[Z]])
    // CHECK-NEXT: %[[D:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]]
    %d, %t1 = gpu.alloc async [%t0] () : memref<4x8xf32> loc("array.exp"("p.mlir":3:8))
    // CHECK: call @arrayrt_set_op
    // CHECK-NEXT: %[[T2:.*]] = gpu.memcpy async [%[[T1]]]
    %t2 = gpu.memcpy async [%t1] %d, %h : memref<4x8xf32>, memref<4x8xf32> loc("array.exp"("p.mlir":3:8))
    // CHECK: %[[RNAME:.*]] = llvm.mlir.addressof @[[$STEP]]
    // CHECK-NEXT: call @arrayrt_range_push(%[[RNAME]]) : (!llvm.ptr) -> ()
    %t3 = array.range_push "step" [%t2] : !gpu.async.token loc("p.mlir":4:3)
    // CHECK: %[[FL:.*]] = llvm.mlir.addressof @[[$FUSED]]
    // CHECK: %[[FW:.*]] = llvm.mlir.addressof @[[$LOC5]]
    // CHECK: %[[STATIC:.*]] = arith.constant 128 : i64
    // CHECK: %[[DIM:.*]] = memref.dim %[[B]], %{{.*}} : memref<?xf32>
    // CHECK: %[[DIM64:.*]] = arith.index_cast %[[DIM]] : index to i64
    // CHECK: %[[BBYTES:.*]] = arith.muli %{{.*}}, %[[DIM64]] : i64
    // CHECK: %[[SUM:.*]] = arith.addi %[[STATIC]], %[[BBYTES]] : i64
    // CHECK: %[[CBYTES:.*]] = arith.constant 32 : i64
    // CHECK: %[[BYTES:.*]] = arith.addi %[[SUM]], %[[CBYTES]] : i64
    // CHECK: call @arrayrt_set_op(%[[FL]], %[[FW]], %[[BYTES]])
    // The range's token was its dependency: the memcpy's.
    // CHECK-NEXT: %[[T4:.*]] = gpu.launch_func async [%[[T2]]] @kernels::@k
    %t4 = gpu.launch_func async [%t3] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%d : memref<4x8xf32>, %b : memref<?xf32>, %c : memref<4x8xf32, strided<[0, 1]>>, %n : index) loc(fused["array.mul"("p.mlir":5:8), "array.exp"("p.mlir":6:8), "array.mul"("p.mlir":7:8)])
    // CHECK-NEXT: call @arrayrt_range_pop() : () -> ()
    %t5 = array.range_pop [%t4] : !gpu.async.token
    // No source line: null strings, so the fused op's name does not stick.
    // CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
    // CHECK: call @arrayrt_set_op(%[[NULL]], %[[NULL]], %{{.*}})
    // CHECK-NEXT: %[[T6:.*]] = gpu.launch_func async [%[[T4]]] @kernels::@k
    %t6 = gpu.launch_func async [%t5] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%d : memref<4x8xf32>, %b : memref<?xf32>, %c : memref<4x8xf32, strided<[0, 1]>>, %n : index) loc(unknown)
    // CHECK-NEXT: gpu.wait [%[[T6]]]
    gpu.wait [%t6]
    // Ranges outside the stream order (the CPU form) are lowered too.
    // CHECK: call @arrayrt_range_push
    // CHECK-NEXT: call @arrayrt_range_pop
    array.range_push "cpu"
    array.range_pop
    // CHECK-NOT: array.range
    return
  }
}

// -----

// A library call (cuBLASLt) is named too; other calls are not.
// CHECK-DAG: llvm.mlir.global internal constant @[[$MM:arrayrt_op_label[_0-9]*]]("array.matmul @ q.mlir:2:8\00")
// CHECK-LABEL: func.func @library
// CHECK: %[[ML:.*]] = llvm.mlir.addressof @[[$MM]]
// CHECK: call @arrayrt_set_op(%[[ML]]
// CHECK-NEXT: call @arrayrt_matmul()
// CHECK-NEXT: call @other()
// CHECK-NEXT: return
func.func private @arrayrt_matmul()
func.func private @other()
func.func @library() {
  call @arrayrt_matmul() : () -> () loc("array.matmul"("q.mlir":2:8))
  call @other() : () -> () loc("array.exp"("q.mlir":3:8))
  return
}

// -----

// A module with no GPU operation and no range is left alone.
// RUN: array-opt %s -split-input-file -array-gpu-op-context | FileCheck %s --check-prefix=NONE
// NONE-LABEL: func.func @host_only
// NONE-NOT: arrayrt_set_op
func.func @host_only() {
  return
}
