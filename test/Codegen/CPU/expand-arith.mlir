// RUN: array-opt %s -split-input-file -array-cpu-expand-arith | FileCheck %s

// float32/float64 maxima and minima stay (LLVM vectorizes llvm.maximum
// reductions); integer divisions rounding up or down are expanded.
// CHECK-LABEL: func.func @kept
// CHECK: arith.maximumf %{{.*}} : f32
// CHECK: arith.minnumf %{{.*}} : vector<4xf64>
// CHECK-NOT: arith.ceildivsi
// CHECK-NOT: arith.floordivsi
func.func @kept(%a: f32, %b: f32, %v: vector<4xf64>, %w: vector<4xf64>,
                %i: i32, %j: i32) -> (f32, vector<4xf64>, i32, i32) {
  %m = arith.maximumf %a, %b : f32
  %n = arith.minnumf %v, %w : vector<4xf64>
  %c = arith.ceildivsi %i, %j : i32
  %f = arith.floordivsi %i, %j : i32
  return %m, %n, %c, %f : f32, vector<4xf64>, i32, i32
}

// -----

// float16 and bfloat16 ones become compares and selects: maximumf NaN if
// either operand is, maxnumf the other operand.
// CHECK-LABEL: func.func @half
// CHECK-SAME: (%[[A:.*]]: f16, %[[B:.*]]: f16, %[[C:.*]]: bf16, %[[D:.*]]: bf16)
// CHECK: %[[GT:.*]] = arith.cmpf ugt, %[[A]], %[[B]] : f16
// CHECK: %[[SEL:.*]] = arith.select %[[GT]], %[[A]], %[[B]]
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[B]], %[[B]]
// CHECK: %[[MAX:.*]] = arith.select %[[NAN]], %[[B]], %[[SEL]]
// CHECK: %[[LT:.*]] = arith.cmpf olt, %[[C]], %[[D]] : bf16
// CHECK: %[[SEL2:.*]] = arith.select %[[LT]], %[[C]], %[[D]]
// CHECK: %[[NAN2:.*]] = arith.cmpf uno, %[[D]], %[[D]]
// CHECK: %[[MIN:.*]] = arith.select %[[NAN2]], %[[C]], %[[SEL2]]
// CHECK: return %[[MAX]], %[[MIN]]
func.func @half(%a: f16, %b: f16, %c: bf16, %d: bf16) -> (f16, bf16) {
  %m = arith.maximumf %a, %b : f16
  %n = arith.minnumf %c, %d : bf16
  return %m, %n : f16, bf16
}
