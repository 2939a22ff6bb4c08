// RUN: array-opt %s -array-expand-int-to-half-float -split-input-file | FileCheck %s

// Integers to 16-bit floats go through f32, scalars and vectors; other
// conversions stay.
// CHECK-LABEL: func.func @to_half
// CHECK-SAME: (%[[I:.+]]: i32, %[[B:.+]]: i1, %[[V:.+]]: vector<4xi64>)
// CHECK: %[[A:.+]] = arith.sitofp %[[I]] : i32 to f32
// CHECK: %[[AB:.+]] = arith.truncf %[[A]] : f32 to bf16
// CHECK: %[[C:.+]] = arith.uitofp %[[B]] : i1 to f32
// CHECK: %[[CH:.+]] = arith.truncf %[[C]] : f32 to f16
// CHECK: %[[D:.+]] = arith.sitofp %[[V]] : vector<4xi64> to vector<4xf32>
// CHECK: %[[DB:.+]] = arith.truncf %[[D]] : vector<4xf32> to vector<4xbf16>
// CHECK: %[[E:.+]] = arith.sitofp %[[I]] : i32 to f64
// CHECK: return %[[AB]], %[[CH]], %[[DB]], %[[E]]
func.func @to_half(%i: i32, %b: i1, %v: vector<4xi64>) -> (bf16, f16, vector<4xbf16>, f64) {
  %0 = arith.sitofp %i : i32 to bf16
  %1 = arith.uitofp %b : i1 to f16
  %2 = arith.sitofp %v : vector<4xi64> to vector<4xbf16>
  %3 = arith.sitofp %i : i32 to f64
  return %0, %1, %2, %3 : bf16, f16, vector<4xbf16>, f64
}
