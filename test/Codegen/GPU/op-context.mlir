// RUN: array-opt %s -split-input-file -array-gpu-op-context -mlir-print-debuginfo | FileCheck %s --enable-var-scope

// Before each GPU operation of host code, arrayrt.set_op with the
// operation's location (array-name-locations' array op names) and the
// bytes it touches: a launch passes the bytes of its memref arguments:
// static sizes fold (4x8xf32: 128), dynamic ones are read (memref.dim), a
// dimension of stride 0 counts once (strided<[0, 1]>: 8 x 4 bytes).
// convert-arrayrt-to-calls turns it into arrayrt_set_op(label, location,
// bytes).

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<4x8xf32>, %b: memref<?xf32>, %c: memref<4x8xf32, strided<[0, 1]>>, %n: index) kernel { gpu.return }
  }

  // CHECK-LABEL: func.func @main
  // CHECK-SAME: (%[[H:[^:]*]]: memref<4x8xf32> loc({{.*}}), %[[B:[^:]*]]: memref<?xf32> loc({{.*}}), %[[C:[^:]*]]: memref<4x8xf32, strided<[0, 1]>> loc({{.*}}), %[[N:[^:]*]]: index loc({{.*}}))
  func.func @main(%h: memref<4x8xf32>, %b: memref<?xf32>, %c: memref<4x8xf32, strided<[0, 1]>>, %n: index) {
    %c1 = arith.constant 1 : index
    // CHECK: %[[T0:.*]] = gpu.wait async
    %t0 = gpu.wait async
    // CHECK: %[[Z:.*]] = arith.constant 0 : i64 loc(#[[$EXP:.+]])
    // CHECK-NEXT: arrayrt.set_op %[[Z]] loc(#[[$EXP]])
    // CHECK-NEXT: %[[D:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]]
    %d, %t1 = gpu.alloc async [%t0] () : memref<4x8xf32> loc("array.exp"("p.mlir":3:8))
    // CHECK: arrayrt.set_op
    // CHECK-NEXT: %[[T2:.*]] = gpu.memcpy async [%[[T1]]]
    %t2 = gpu.memcpy async [%t1] %d, %h : memref<4x8xf32>, memref<4x8xf32> loc("array.exp"("p.mlir":3:8))
    // CHECK: %[[STATIC:.*]] = arith.constant 128 : i64
    // CHECK: %[[DIM:.*]] = memref.dim %[[B]], %{{.*}} : memref<?xf32>
    // CHECK: %[[DIM64:.*]] = arith.index_cast %[[DIM]] : index to i64
    // CHECK: %[[BBYTES:.*]] = arith.muli %{{.*}}, %[[DIM64]] : i64
    // CHECK: %[[SUM:.*]] = arith.addi %[[STATIC]], %[[BBYTES]] : i64
    // CHECK: %[[CBYTES:.*]] = arith.constant 32 : i64
    // CHECK: %[[BYTES:.*]] = arith.addi %[[SUM]], %[[CBYTES]] : i64
    // CHECK: arrayrt.set_op %[[BYTES]] loc(#[[$FUSED:.+]])
    // CHECK-NEXT: %[[T4:.*]] = gpu.launch_func async [%[[T2]]] @kernels::@k{{.*}} loc(#[[$FUSED]])
    %t4 = gpu.launch_func async [%t2] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%d : memref<4x8xf32>, %b : memref<?xf32>, %c : memref<4x8xf32, strided<[0, 1]>>, %n : index) loc(fused["array.mul"("p.mlir":5:8), "array.exp"("p.mlir":6:8), "array.mul"("p.mlir":7:8)])
    // No source line: the set_op has none either (its call passes null
    // strings, so that the fused op's name does not stick).
    // CHECK: arrayrt.set_op %{{.*}} loc(#[[$UNKNOWN:.+]])
    // CHECK-NEXT: %[[T6:.*]] = gpu.launch_func async [%[[T4]]] @kernels::@k
    %t6 = gpu.launch_func async [%t4] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%d : memref<4x8xf32>, %b : memref<?xf32>, %c : memref<4x8xf32, strided<[0, 1]>>, %n : index) loc(unknown)
    // CHECK-NEXT: gpu.wait [%[[T6]]]
    gpu.wait [%t6]
    return
  }
}
// CHECK-DAG: #[[$EXP]] = loc("array.exp"(#{{.+}}))
// CHECK-DAG: #[[$FUSED]] = loc(fused[#{{.+}}, #{{.+}}, #{{.+}}])
// CHECK-DAG: #[[$UNKNOWN]] = loc(unknown)

// -----

// A stream-ordered library op (cuBLASLt, a device file copy) is named too;
// host work (a print, a host file write) is not.
// CHECK-LABEL: func.func @library
// CHECK: arrayrt.set_op
// CHECK-NEXT: arrayrt.blas_matmul
// CHECK: arrayrt.set_op
// CHECK-NEXT: arrayrt.save_npy %{{.*}}, "d.npy" {device}
// CHECK-NOT: arrayrt.set_op
// CHECK: return
func.func @library(%a: memref<4x3xf32>, %b: memref<3x2xf32>, %c: memref<4x2xf32>) {
  arrayrt.blas_matmul %a, %b into %c : memref<4x3xf32>, memref<3x2xf32>, memref<4x2xf32> loc("array.matmul"("q.mlir":2:8))
  arrayrt.save_npy %c, "d.npy" {device} : memref<4x2xf32>
  arrayrt.save_npy %c, "h.npy" : memref<4x2xf32>
  arrayrt.print %c : memref<4x2xf32>
  return
}

// -----

// A module with no GPU operation is left alone.
// RUN: array-opt %s -split-input-file -array-gpu-op-context | FileCheck %s --check-prefix=NONE
// NONE-LABEL: func.func @host_only
// NONE-NOT: arrayrt.set_op
func.func @host_only(%c: memref<4x2xf32>) {
  arrayrt.print %c : memref<4x2xf32>
  return
}
