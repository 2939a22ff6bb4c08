// RUN: array-opt %s -split-input-file -array-cpu-approximate-math | FileCheck %s

// float32 exp, log, tanh and erf become arithmetic (no call LLVM cannot
// vectorize); sin and float64 functions keep the C library's.
// CHECK-LABEL: func.func @f32
// CHECK-NOT: math.exp
// CHECK-NOT: math.log
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK: math.sin %{{.*}} : f32
// CHECK: math.exp %{{.*}} : f64
// CHECK-NOT: math.exp
func.func @f32(%x: f32, %y: f64) -> (f32, f32, f32, f32, f32, f64) {
  %e = math.exp %x : f32
  %l = math.log %x : f32
  %t = math.tanh %x : f32
  %r = math.erf %x : f32
  %s = math.sin %x : f32
  %d = math.exp %y : f64
  return %e, %l, %t, %r, %s, %d : f32, f32, f32, f32, f32, f64
}

// -----

// float16 through float32.
// CHECK-LABEL: func.func @f16
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK-NOT: math.exp
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @f16(%x: f16) -> f16 {
  %e = math.exp %x : f16
  return %e : f16
}
