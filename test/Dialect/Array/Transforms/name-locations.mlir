// RUN: array-opt %s -array-name-locations -mlir-print-debuginfo | FileCheck %s
// RUN: array-opt %s -array-name-locations -array-name-locations -mlir-print-debuginfo | FileCheck %s

// Each array op's location is wrapped in a NameLoc of the op's name (once,
// however often the pass runs); other ops keep theirs.

// CHECK-LABEL: func.func @named
func.func @named(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: array.exp {{.*}} loc(#[[EXP:.*]])
  %0 = array.exp %x : tensor<4xf32> loc("prog.mlir":3:8)
  // CHECK: array.neg {{.*}} loc(#[[NEG:.*]])
  %1 = array.neg %0 : tensor<4xf32> loc("prog.mlir":4:8)
  // CHECK: return {{.*}} loc(#[[RET:.*]])
  return %1 : tensor<4xf32> loc("prog.mlir":5:3)
}
// CHECK-DAG: #[[EXP_FILE:.*]] = loc("prog.mlir":3:8)
// CHECK-DAG: #[[EXP]] = loc("array.exp"(#[[EXP_FILE]]))
// CHECK-DAG: #[[NEG_FILE:.*]] = loc("prog.mlir":4:8)
// CHECK-DAG: #[[NEG]] = loc("array.neg"(#[[NEG_FILE]]))
// CHECK-DAG: #[[RET]] = loc("prog.mlir":5:3)
