// RUN: array-opt %s | array-opt | FileCheck %s
// RUN: array-opt %s --mlir-print-op-generic | array-opt | FileCheck %s

// Internal ops moving to another dialect; kept unchanged until they move.

// CHECK-LABEL: func.func @multiprocessor_count
// CHECK: array.multiprocessor_count : index
func.func @multiprocessor_count() -> index {
  %0 = array.multiprocessor_count : index
  return %0 : index
}
