// RUN: array-opt %s -convert-arrayrt-to-calls -split-input-file | FileCheck %s

// arrayrt.attention on buffers becomes one arrayrt_attention call: the four
// buffers as (rank, descriptor) pairs of unranked memrefs, dtype BF16 (10),
// flags CAUSAL (1), the scale, the location string and a null stream. The
// values agree with arrayrt.h.

// CHECK-LABEL: module
// CHECK-DAG: llvm.mlir.global internal constant @arrayrt_location("{{.*}}attention.mlir:[[@LINE+14]]:3\00")
// CHECK-DAG: func.func private @arrayrt_attention(i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i32, i32, f64, !llvm.ptr, !llvm.ptr)
// CHECK-LABEL: func.func @causal
// CHECK-DAG: %[[NULL:.+]] = llvm.mlir.zero : !llvm.ptr
// CHECK-DAG: %[[LOC:.+]] = llvm.mlir.addressof @arrayrt_location
// CHECK-DAG: %[[DTYPE:.+]] = arith.constant 10 : i32
// CHECK-DAG: %[[FLAGS:.+]] = arith.constant 1 : i32
// CHECK-DAG: %[[SCALE:.+]] = arith.constant 1.250000e-01 : f64
// CHECK: memref.cast %{{.+}} : memref<2x8x128x64xbf16> to memref<*xbf16>
// CHECK: memref.cast %{{.+}} : memref<2x8x96x64xbf16> to memref<*xbf16>
// CHECK: memref.cast %{{.+}} : memref<2x8x96x32xbf16> to memref<*xbf16>
// CHECK: memref.cast %{{.+}} : memref<2x8x128x32xbf16> to memref<*xbf16>
// CHECK: call @arrayrt_attention(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[DTYPE]], %[[FLAGS]], %[[SCALE]], %[[LOC]], %[[NULL]])
func.func @causal(%q: memref<2x8x128x64xbf16>, %k: memref<2x8x96x64xbf16>, %v: memref<2x8x96x32xbf16>, %o: memref<2x8x128x32xbf16>) {
  arrayrt.attention %q, %k, %v into %o {causal, scale = 0.125 : f64} : memref<2x8x128x64xbf16>, memref<2x8x96x64xbf16>, memref<2x8x96x32xbf16>, memref<2x8x128x32xbf16>
  return
}

// -----

// Not causal: flags 0, F16 (9).
// CHECK-LABEL: func.func @plain
// CHECK-DAG: %[[DTYPE:.+]] = arith.constant 9 : i32
// CHECK-DAG: %[[FLAGS:.+]] = arith.constant 0 : i32
// CHECK: call @arrayrt_attention(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[DTYPE]], %[[FLAGS]],
func.func @plain(%q: memref<?x64xf16>, %o: memref<?x64xf16>) {
  arrayrt.attention %q, %q, %q into %o {scale = 1.0 : f64} : memref<?x64xf16>, memref<?x64xf16>, memref<?x64xf16>, memref<?x64xf16>
  return
}
