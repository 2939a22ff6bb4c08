// RUN: array-opt %s | array-opt | FileCheck %s
// RUN: array-opt %s -mlir-print-op-generic | array-opt | FileCheck %s

// Ranges round-trip as programs write them (array-gpu-streams orders their
// arrayrt forms on the default stream).

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

// A range has effects: canonicalization keeps it.
// RUN: array-opt %s -canonicalize | FileCheck %s --check-prefix=KEEP
// KEEP-LABEL: func.func @ranges
// KEEP: array.range_push "outer"
// KEEP: array.range_pop
