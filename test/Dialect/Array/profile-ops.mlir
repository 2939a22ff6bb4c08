// RUN: array-opt %s | array-opt | FileCheck %s
// RUN: array-opt %s -mlir-print-op-generic | array-opt | FileCheck %s

// Ranges round-trip as programs write them, and in the stream order that
// array-gpu-streams gives them (an async dependency and a token).

// CHECK-LABEL: func.func @ranges
func.func @ranges(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: array.range_push "outer"
  array.range_push "outer"
  // CHECK-NEXT: array.range_push "inner step"
  array.range_push "inner step"
  // CHECK-NEXT: array.exp
  %y = array.exp %x : tensor<4xf32>
  // CHECK-NEXT: array.range_pop
  array.range_pop
  // CHECK-NEXT: array.range_pop
  array.range_pop
  return %y : tensor<4xf32>
}

// CHECK-LABEL: func.func @in_stream_order
func.func @in_stream_order() {
  // CHECK: %[[T0:.*]] = gpu.wait async
  %t0 = gpu.wait async
  // CHECK-NEXT: %[[T1:.*]] = array.range_push "r" [%[[T0]]] : !gpu.async.token
  %t1 = array.range_push "r" [%t0] : !gpu.async.token
  // CHECK-NEXT: %[[T2:.*]] = array.range_pop [%[[T1]]] : !gpu.async.token
  %t2 = array.range_pop [%t1] : !gpu.async.token
  // CHECK-NEXT: gpu.wait [%[[T2]]]
  gpu.wait [%t2]
  return
}

// A range has effects: canonicalization keeps it.
// RUN: array-opt %s -canonicalize | FileCheck %s --check-prefix=KEEP
// KEEP-LABEL: func.func @ranges
// KEEP: array.range_push "outer"
// KEEP: array.range_pop
