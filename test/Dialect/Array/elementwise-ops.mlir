// RUN: array-opt %s -split-input-file | array-opt -split-input-file | FileCheck %s
// RUN: array-opt %s -split-input-file --mlir-print-op-generic | array-opt -split-input-file | FileCheck %s

// Round trips of the elementwise ops (ArrayElementwiseOps.td).

//===----------------------------------------------------------------------===//
// Binary elementwise ops, one element type each
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @add_f32
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>, %[[B:.*]]: tensor<4x3xf32>)
// CHECK: %[[R:.*]] = array.add %[[A]], %[[B]] : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK: return %[[R]]
func.func @add_f32(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = array.add %a, %b : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// CHECK-LABEL: func.func @add_i64
// CHECK-SAME: (%[[A:.*]]: tensor<8xi64>, %[[B:.*]]: tensor<8xi64>)
// CHECK: array.add %[[A]], %[[B]] : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>
func.func @add_i64(%a: tensor<8xi64>, %b: tensor<8xi64>) -> tensor<8xi64> {
  %0 = array.add %a, %b : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>
  return %0 : tensor<8xi64>
}

// CHECK-LABEL: func.func @sub_f64
// CHECK-SAME: (%[[A:.*]]: tensor<2x2xf64>, %[[B:.*]]: tensor<2x2xf64>)
// Operand order is kept: sub is not commutative.
// CHECK: array.sub %[[A]], %[[B]] : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
// CHECK: array.sub %[[B]], %[[A]] : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
func.func @sub_f64(%a: tensor<2x2xf64>, %b: tensor<2x2xf64>) -> (tensor<2x2xf64>, tensor<2x2xf64>) {
  %0 = array.sub %a, %b : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
  %1 = array.sub %b, %a : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
  return %0, %1 : tensor<2x2xf64>, tensor<2x2xf64>
}

// CHECK-LABEL: func.func @sub_i32
// CHECK: array.sub %{{.*}}, %{{.*}} : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
func.func @sub_i32(%a: tensor<5xi32>, %b: tensor<5xi32>) -> tensor<5xi32> {
  %0 = array.sub %a, %b : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// CHECK-LABEL: func.func @mul_i32
// CHECK-SAME: (%[[A:.*]]: tensor<8xi32>, %[[B:.*]]: tensor<1xi32>)
// CHECK: array.mul %[[A]], %[[B]] : (tensor<8xi32>, tensor<1xi32>) -> tensor<8xi32>
func.func @mul_i32(%a: tensor<8xi32>, %b: tensor<1xi32>) -> tensor<8xi32> {
  %0 = array.mul %a, %b : (tensor<8xi32>, tensor<1xi32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// CHECK-LABEL: func.func @mul_f64
// CHECK: array.mul %{{.*}}, %{{.*}} : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
func.func @mul_f64(%a: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<3xf64> {
  %0 = array.mul %a, %b : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// CHECK-LABEL: func.func @div_f32
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>, %[[B:.*]]: tensor<4x1xf32>)
// CHECK: array.div %[[A]], %[[B]] : (tensor<4x3xf32>, tensor<4x1xf32>) -> tensor<4x3xf32>
func.func @div_f32(%a: tensor<4x3xf32>, %b: tensor<4x1xf32>) -> tensor<4x3xf32> {
  %0 = array.div %a, %b : (tensor<4x3xf32>, tensor<4x1xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// CHECK-LABEL: func.func @div_f64
// CHECK: array.div %{{.*}}, %{{.*}} : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
func.func @div_f64(%a: tensor<6xf64>, %b: tensor<6xf64>) -> tensor<6xf64> {
  %0 = array.div %a, %b : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
  return %0 : tensor<6xf64>
}

// CHECK-LABEL: func.func @maximum_f32
// CHECK-SAME: (%[[A:.*]]: tensor<16xf32>, %[[Z:.*]]: tensor<f32>)
// CHECK: array.maximum %[[A]], %[[Z]] : (tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
func.func @maximum_f32(%a: tensor<16xf32>, %zero: tensor<f32>) -> tensor<16xf32> {
  %0 = array.maximum %a, %zero : (tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// CHECK-LABEL: func.func @maximum_i32
// CHECK: array.maximum %{{.*}}, %{{.*}} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
func.func @maximum_i32(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = array.maximum %a, %b : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// An attribute dictionary survives the custom syntax.
// CHECK-LABEL: func.func @binary_attr_dict
// CHECK: array.add %{{.*}}, %{{.*}} {tag = "x"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
func.func @binary_attr_dict(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = array.add %a, %a {tag = "x"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Broadcasting shapes
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @broadcast_static
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>, %[[B:.*]]: tensor<3xf32>, %[[C:.*]]: tensor<4x1xi64>, %[[D:.*]]: tensor<1x3xi64>, %[[S:.*]]: tensor<f32>, %[[E:.*]]: tensor<2x3xf32>)
// CHECK: array.add %[[A]], %[[B]] : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
// CHECK: array.sub %[[B]], %[[A]] : (tensor<3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK: array.mul %[[C]], %[[D]] : (tensor<4x1xi64>, tensor<1x3xi64>) -> tensor<4x3xi64>
// CHECK: array.maximum %[[S]], %[[E]] : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: array.div %[[E]], %[[S]] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
func.func @broadcast_static(%a: tensor<4x3xf32>, %b: tensor<3xf32>, %c: tensor<4x1xi64>, %d: tensor<1x3xi64>, %s: tensor<f32>, %e: tensor<2x3xf32>) {
  %0 = array.add %a, %b : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %1 = array.sub %b, %a : (tensor<3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %2 = array.mul %c, %d : (tensor<4x1xi64>, tensor<1x3xi64>) -> tensor<4x3xi64>
  %3 = array.maximum %s, %e : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = array.div %e, %s : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return
}

// Size-1 dimensions on both sides, in a rank-3 result.
// CHECK-LABEL: func.func @broadcast_rank3
// CHECK: array.add %{{.*}}, %{{.*}} : (tensor<2x1x4xi32>, tensor<3x1xi32>) -> tensor<2x3x4xi32>
// CHECK: array.mul %{{.*}}, %{{.*}} : (tensor<1x1x1xi32>, tensor<1xi32>) -> tensor<1x1x1xi32>
func.func @broadcast_rank3(%a: tensor<2x1x4xi32>, %b: tensor<3x1xi32>, %c: tensor<1x1x1xi32>, %d: tensor<1xi32>) {
  %0 = array.add %a, %b : (tensor<2x1x4xi32>, tensor<3x1xi32>) -> tensor<2x3x4xi32>
  %1 = array.mul %c, %d : (tensor<1x1x1xi32>, tensor<1xi32>) -> tensor<1x1x1xi32>
  return
}

// CHECK-LABEL: func.func @broadcast_dynamic
// CHECK-SAME: (%[[A:.*]]: tensor<?x3xf64>, %[[B:.*]]: tensor<3xf64>, %[[C:.*]]: tensor<1x3xf64>, %[[D:.*]]: tensor<?x?xi32>, %[[E:.*]]: tensor<?x?xi32>, %[[F:.*]]: tensor<4x3xf64>)
// CHECK: array.add %[[A]], %[[B]] : (tensor<?x3xf64>, tensor<3xf64>) -> tensor<?x3xf64>
// CHECK: array.sub %[[A]], %[[C]] : (tensor<?x3xf64>, tensor<1x3xf64>) -> tensor<?x3xf64>
// CHECK: array.maximum %[[D]], %[[E]] : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
// CHECK: array.mul %[[A]], %[[F]] : (tensor<?x3xf64>, tensor<4x3xf64>) -> tensor<4x3xf64>
// CHECK: array.div %[[C]], %[[A]] : (tensor<1x3xf64>, tensor<?x3xf64>) -> tensor<?x3xf64>
// CHECK: array.add %[[D]], %[[E]] : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
func.func @broadcast_dynamic(%a: tensor<?x3xf64>, %b: tensor<3xf64>, %c: tensor<1x3xf64>, %d: tensor<?x?xi32>, %e: tensor<?x?xi32>, %f: tensor<4x3xf64>) {
  %0 = array.add %a, %b : (tensor<?x3xf64>, tensor<3xf64>) -> tensor<?x3xf64>
  %1 = array.sub %a, %c : (tensor<?x3xf64>, tensor<1x3xf64>) -> tensor<?x3xf64>
  %2 = array.maximum %d, %e : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
  %3 = array.mul %a, %f : (tensor<?x3xf64>, tensor<4x3xf64>) -> tensor<4x3xf64>
  %4 = array.div %c, %a : (tensor<1x3xf64>, tensor<?x3xf64>) -> tensor<?x3xf64>
  %5 = array.add %d, %e : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
  return
}

// 0-d tensors on both sides.
// CHECK-LABEL: func.func @zero_d
// CHECK-SAME: (%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>, %[[I:.*]]: tensor<i64>)
// CHECK: array.add %[[A]], %[[B]] : (tensor<f32>, tensor<f32>) -> tensor<f32>
// CHECK: array.maximum %[[I]], %[[I]] : (tensor<i64>, tensor<i64>) -> tensor<i64>
// CHECK: array.neg %[[I]] : tensor<i64>
// CHECK: array.exp %[[A]] : tensor<f32>
func.func @zero_d(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i64>) {
  %0 = array.add %a, %b : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %1 = array.maximum %i, %i : (tensor<i64>, tensor<i64>) -> tensor<i64>
  %2 = array.neg %i : tensor<i64>
  %3 = array.exp %a : tensor<f32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Unary elementwise ops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @neg
// CHECK-SAME: (%[[A:.*]]: tensor<4x?xf32>, %[[B:.*]]: tensor<3xf64>, %[[C:.*]]: tensor<3xi32>, %[[D:.*]]: tensor<?xi64>)
// CHECK: array.neg %[[A]] : tensor<4x?xf32>
// CHECK: array.neg %[[B]] : tensor<3xf64>
// CHECK: array.neg %[[C]] : tensor<3xi32>
// CHECK: array.neg %[[D]] : tensor<?xi64>
func.func @neg(%a: tensor<4x?xf32>, %b: tensor<3xf64>, %c: tensor<3xi32>, %d: tensor<?xi64>) {
  %0 = array.neg %a : tensor<4x?xf32>
  %1 = array.neg %b : tensor<3xf64>
  %2 = array.neg %c : tensor<3xi32>
  %3 = array.neg %d : tensor<?xi64>
  return
}

// CHECK-LABEL: func.func @exp
// CHECK-SAME: (%[[A:.*]]: tensor<1024xf32>, %[[B:.*]]: tensor<?x?xf64>)
// CHECK: array.exp %[[A]] : tensor<1024xf32>
// CHECK: array.exp %[[B]] : tensor<?x?xf64>
func.func @exp(%a: tensor<1024xf32>, %b: tensor<?x?xf64>) {
  %0 = array.exp %a : tensor<1024xf32>
  %1 = array.exp %b : tensor<?x?xf64>
  return
}

// -----

// The ufuncs beyond add/sub/mul/div/maximum/neg/exp, one function per op
// family, with the type rules they follow.

// Two bools give int8 where NumPy has no bool loop; int32 with float32 gives float64.
// CHECK-LABEL: func.func @arithmetic
// CHECK: array.floor_divide %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: array.floor_divide %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK: array.floor_divide %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi8>
// CHECK: array.remainder %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xf64>
// CHECK: array.remainder %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4xi64>, tensor<4xi32>) -> tensor<4xi64>
// CHECK: array.power %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK: array.power %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: array.power %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi8>
func.func @arithmetic(%i: tensor<4xi32>, %j: tensor<4xi32>, %k: tensor<4xi64>, %x: tensor<4xf32>, %s: tensor<f32>, %b: tensor<4xi1>) {
  %0 = array.floor_divide %i, %j : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = array.floor_divide %x, %s : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = array.floor_divide %b, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi8>
  %3 = array.remainder %i, %x : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xf64>
  %4 = array.remainder %k, %j : (tensor<4xi64>, tensor<4xi32>) -> tensor<4xi64>
  %5 = array.power %x, %s : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %6 = array.power %i, %j : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %7 = array.power %b, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi8>
  return
}

// CHECK-LABEL: func.func @unary_arithmetic
// CHECK: array.abs %{{[^ ,]+}} : tensor<4xf32>
// CHECK: array.abs %{{[^ ,]+}} : tensor<4xi16>
// CHECK: array.abs %{{[^ ,]+}} : tensor<4xi1>
// CHECK: array.sign %{{[^ ,]+}} : tensor<4xf32>
// CHECK: array.sign %{{[^ ,]+}} : tensor<4xi16>
// CHECK: array.reciprocal %{{[^ ,]+}} : tensor<4xf32>
// CHECK: array.reciprocal %{{[^ ,]+}} : tensor<4xi1> -> tensor<4xi8>
// CHECK: array.square %{{[^ ,]+}} : tensor<4xi16>
// CHECK: array.square %{{[^ ,]+}} : tensor<4xf16>
// CHECK: array.square %{{[^ ,]+}} : tensor<4xi1> -> tensor<4xi8>
func.func @unary_arithmetic(%x: tensor<4xf32>, %i: tensor<4xi16>, %b: tensor<4xi1>, %h: tensor<4xf16>) {
  %0 = array.abs %x : tensor<4xf32>
  %1 = array.abs %i : tensor<4xi16>
  %2 = array.abs %b : tensor<4xi1>
  %3 = array.sign %x : tensor<4xf32>
  %4 = array.sign %i : tensor<4xi16>
  %5 = array.reciprocal %x : tensor<4xf32>
  %6 = array.reciprocal %b : tensor<4xi1> -> tensor<4xi8>
  %7 = array.square %i : tensor<4xi16>
  %8 = array.square %h : tensor<4xf16>
  %9 = array.square %b : tensor<4xi1> -> tensor<4xi8>
  return
}

// CHECK-LABEL: func.func @min_max_clip
// CHECK: array.minimum %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: array.minimum %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK: array.fmax %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: array.fmin %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<3xf32>, tensor<3xi8>) -> tensor<3xf32>
// CHECK: array.fmax %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<3xi8>, tensor<3xi1>) -> tensor<3xi8>
// CHECK: array.clip %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<2x3xf32>, tensor<f32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: array.clip %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<3xi8>, tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK: array.clip %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<?xi32>, tensor<3xi8>, tensor<3xi8>) -> tensor<3xi32>
func.func @min_max_clip(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %i: tensor<3xi8>, %b: tensor<3xi1>, %lo: tensor<f32>, %hi: tensor<3xf32>, %d: tensor<?xi32>) {
  %0 = array.minimum %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = array.minimum %b, %b : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %2 = array.fmax %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %3 = array.fmin %y, %i : (tensor<3xf32>, tensor<3xi8>) -> tensor<3xf32>
  %4 = array.fmax %i, %b : (tensor<3xi8>, tensor<3xi1>) -> tensor<3xi8>
  %5 = array.clip %x, %lo, %hi : (tensor<2x3xf32>, tensor<f32>, tensor<3xf32>) -> tensor<2x3xf32>
  %6 = array.clip %i, %lo, %hi : (tensor<3xi8>, tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
  %7 = array.clip %d, %i, %i : (tensor<?xi32>, tensor<3xi8>, tensor<3xi8>) -> tensor<3xi32>
  return
}

// Float functions of integers compute in the float NumPy picks: int32 -> float64, int16 -> float32, int8 and bool -> float16.
// CHECK-LABEL: func.func @float_functions
// CHECK: array.exp2 %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.exp2 %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.expm1 %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.expm1 %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.log %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.log %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.log2 %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.log2 %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.log10 %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.log10 %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.log1p %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.log1p %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.sqrt %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.sqrt %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.rsqrt %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.rsqrt %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.cbrt %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.cbrt %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.sin %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.sin %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.cos %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.cos %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.tan %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.tan %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.arcsin %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.arcsin %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.arccos %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.arccos %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.arctan %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.arctan %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.sinh %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.sinh %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.cosh %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.cosh %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.tanh %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.tanh %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.arcsinh %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.arcsinh %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.arccosh %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.arccosh %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.arctanh %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.arctanh %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.erf %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.erf %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.sigmoid %{{[^ ,]+}} : tensor<4x?xf32>
// CHECK: array.sigmoid %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xf64>
// CHECK: array.sqrt %{{[^ ,]+}} : tensor<4xi1> -> tensor<4xf16>
// CHECK: array.sqrt %{{[^ ,]+}} : tensor<4xi16> -> tensor<4xf32>
// CHECK: array.sin %{{[^ ,]+}} : tensor<4xbf16>
// CHECK: array.exp %{{[^ ,]+}} : tensor<4xi8> -> tensor<4xf16>
func.func @float_functions(%x: tensor<4x?xf32>, %i: tensor<4xi32>, %b: tensor<4xi1>, %s: tensor<4xi16>, %h: tensor<4xbf16>, %i8: tensor<4xi8>) {
  %0 = array.exp2 %x : tensor<4x?xf32>
  %1 = array.exp2 %i : tensor<4xi32> -> tensor<4xf64>
  %2 = array.expm1 %x : tensor<4x?xf32>
  %3 = array.expm1 %i : tensor<4xi32> -> tensor<4xf64>
  %4 = array.log %x : tensor<4x?xf32>
  %5 = array.log %i : tensor<4xi32> -> tensor<4xf64>
  %6 = array.log2 %x : tensor<4x?xf32>
  %7 = array.log2 %i : tensor<4xi32> -> tensor<4xf64>
  %8 = array.log10 %x : tensor<4x?xf32>
  %9 = array.log10 %i : tensor<4xi32> -> tensor<4xf64>
  %10 = array.log1p %x : tensor<4x?xf32>
  %11 = array.log1p %i : tensor<4xi32> -> tensor<4xf64>
  %12 = array.sqrt %x : tensor<4x?xf32>
  %13 = array.sqrt %i : tensor<4xi32> -> tensor<4xf64>
  %14 = array.rsqrt %x : tensor<4x?xf32>
  %15 = array.rsqrt %i : tensor<4xi32> -> tensor<4xf64>
  %16 = array.cbrt %x : tensor<4x?xf32>
  %17 = array.cbrt %i : tensor<4xi32> -> tensor<4xf64>
  %18 = array.sin %x : tensor<4x?xf32>
  %19 = array.sin %i : tensor<4xi32> -> tensor<4xf64>
  %20 = array.cos %x : tensor<4x?xf32>
  %21 = array.cos %i : tensor<4xi32> -> tensor<4xf64>
  %22 = array.tan %x : tensor<4x?xf32>
  %23 = array.tan %i : tensor<4xi32> -> tensor<4xf64>
  %24 = array.arcsin %x : tensor<4x?xf32>
  %25 = array.arcsin %i : tensor<4xi32> -> tensor<4xf64>
  %26 = array.arccos %x : tensor<4x?xf32>
  %27 = array.arccos %i : tensor<4xi32> -> tensor<4xf64>
  %28 = array.arctan %x : tensor<4x?xf32>
  %29 = array.arctan %i : tensor<4xi32> -> tensor<4xf64>
  %30 = array.sinh %x : tensor<4x?xf32>
  %31 = array.sinh %i : tensor<4xi32> -> tensor<4xf64>
  %32 = array.cosh %x : tensor<4x?xf32>
  %33 = array.cosh %i : tensor<4xi32> -> tensor<4xf64>
  %34 = array.tanh %x : tensor<4x?xf32>
  %35 = array.tanh %i : tensor<4xi32> -> tensor<4xf64>
  %36 = array.arcsinh %x : tensor<4x?xf32>
  %37 = array.arcsinh %i : tensor<4xi32> -> tensor<4xf64>
  %38 = array.arccosh %x : tensor<4x?xf32>
  %39 = array.arccosh %i : tensor<4xi32> -> tensor<4xf64>
  %40 = array.arctanh %x : tensor<4x?xf32>
  %41 = array.arctanh %i : tensor<4xi32> -> tensor<4xf64>
  %42 = array.erf %x : tensor<4x?xf32>
  %43 = array.erf %i : tensor<4xi32> -> tensor<4xf64>
  %44 = array.sigmoid %x : tensor<4x?xf32>
  %45 = array.sigmoid %i : tensor<4xi32> -> tensor<4xf64>
  %46 = array.sqrt %b : tensor<4xi1> -> tensor<4xf16>
  %47 = array.sqrt %s : tensor<4xi16> -> tensor<4xf32>
  %48 = array.sin %h : tensor<4xbf16>
  %49 = array.exp %i8 : tensor<4xi8> -> tensor<4xf16>
  return
}

// CHECK-LABEL: func.func @arctan2
// CHECK: array.arctan2 %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: array.arctan2 %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xf64>
// CHECK: array.arctan2 %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xf64>
func.func @arctan2(%y: tensor<4xf32>, %x: tensor<4xf32>, %i: tensor<4xi32>) {
  %0 = array.arctan2 %y, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = array.arctan2 %i, %x : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xf64>
  %2 = array.arctan2 %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xf64>
  return
}

// CHECK-LABEL: func.func @rounding
// CHECK: array.floor %{{[^ ,]+}} : tensor<4xf32>
// CHECK: array.floor %{{[^ ,]+}} : tensor<?xf64>
// CHECK: array.floor %{{[^ ,]+}} : tensor<4xf16>
// CHECK: array.ceil %{{[^ ,]+}} : tensor<4xf32>
// CHECK: array.ceil %{{[^ ,]+}} : tensor<?xf64>
// CHECK: array.ceil %{{[^ ,]+}} : tensor<4xf16>
// CHECK: array.round %{{[^ ,]+}} : tensor<4xf32>
// CHECK: array.round %{{[^ ,]+}} : tensor<?xf64>
// CHECK: array.round %{{[^ ,]+}} : tensor<4xf16>
// CHECK: array.trunc %{{[^ ,]+}} : tensor<4xf32>
// CHECK: array.trunc %{{[^ ,]+}} : tensor<?xf64>
// CHECK: array.trunc %{{[^ ,]+}} : tensor<4xf16>
func.func @rounding(%x: tensor<4xf32>, %d: tensor<?xf64>, %h: tensor<4xf16>) {
  %0 = array.floor %x : tensor<4xf32>
  %1 = array.floor %d : tensor<?xf64>
  %2 = array.floor %h : tensor<4xf16>
  %3 = array.ceil %x : tensor<4xf32>
  %4 = array.ceil %d : tensor<?xf64>
  %5 = array.ceil %h : tensor<4xf16>
  %6 = array.round %x : tensor<4xf32>
  %7 = array.round %d : tensor<?xf64>
  %8 = array.round %h : tensor<4xf16>
  %9 = array.trunc %x : tensor<4xf32>
  %10 = array.trunc %d : tensor<?xf64>
  %11 = array.trunc %h : tensor<4xf16>
  return
}

// CHECK-LABEL: func.func @comparisons
// CHECK: array.equal %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<4x3xi1>
// CHECK: array.not_equal %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<4x3xi1>
// CHECK: array.less %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<4x3xi1>
// CHECK: array.less_equal %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<4x3xi1>
// CHECK: array.greater %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<4x3xi1>
// CHECK: array.greater_equal %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<4x3xi1>
// CHECK: array.equal %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
// CHECK: array.less %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
func.func @comparisons(%x: tensor<4x3xf32>, %i: tensor<3xi32>, %b: tensor<3xi1>) {
  %0 = array.equal %x, %i : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<4x3xi1>
  %1 = array.not_equal %x, %i : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<4x3xi1>
  %2 = array.less %x, %i : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<4x3xi1>
  %3 = array.less_equal %x, %i : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<4x3xi1>
  %4 = array.greater %x, %i : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<4x3xi1>
  %5 = array.greater_equal %x, %i : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<4x3xi1>
  %6 = array.equal %b, %b : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  %7 = array.less %i, %i : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  return
}

// CHECK-LABEL: func.func @logical
// CHECK: array.logical_and %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<3xi1>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: array.logical_and %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
// CHECK: array.logical_or %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<3xi1>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: array.logical_or %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
// CHECK: array.logical_xor %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<3xi1>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: array.logical_xor %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
// CHECK: array.logical_not %{{[^ ,]+}} : tensor<2x3xf32> -> tensor<2x3xi1>
// CHECK: array.logical_not %{{[^ ,]+}} : tensor<3xi1>
func.func @logical(%b: tensor<3xi1>, %x: tensor<2x3xf32>, %i: tensor<3xi64>) {
  %0 = array.logical_and %b, %x : (tensor<3xi1>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %1 = array.logical_and %i, %i : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
  %2 = array.logical_or %b, %x : (tensor<3xi1>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %3 = array.logical_or %i, %i : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
  %4 = array.logical_xor %b, %x : (tensor<3xi1>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %5 = array.logical_xor %i, %i : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
  %6 = array.logical_not %x : tensor<2x3xf32> -> tensor<2x3xi1>
  %7 = array.logical_not %b : tensor<3xi1>
  return
}

// CHECK-LABEL: func.func @bitwise
// CHECK: array.bitwise_and %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<8xi32>, tensor<8xi8>) -> tensor<8xi32>
// CHECK: array.bitwise_and %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
// CHECK: array.bitwise_or %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<8xi32>, tensor<8xi8>) -> tensor<8xi32>
// CHECK: array.bitwise_or %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
// CHECK: array.bitwise_xor %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<8xi32>, tensor<8xi8>) -> tensor<8xi32>
// CHECK: array.bitwise_xor %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
// CHECK: array.invert %{{[^ ,]+}} : tensor<8xi32>
// CHECK: array.invert %{{[^ ,]+}} : tensor<8xi1>
// CHECK: array.left_shift %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<8xi32>, tensor<8xi8>) -> tensor<8xi32>
// CHECK: array.right_shift %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<8xi64>, tensor<i64>) -> tensor<8xi64>
func.func @bitwise(%i: tensor<8xi32>, %j: tensor<8xi8>, %b: tensor<8xi1>, %k: tensor<8xi64>, %n: tensor<i64>) {
  %0 = array.bitwise_and %i, %j : (tensor<8xi32>, tensor<8xi8>) -> tensor<8xi32>
  %1 = array.bitwise_and %b, %b : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
  %2 = array.bitwise_or %i, %j : (tensor<8xi32>, tensor<8xi8>) -> tensor<8xi32>
  %3 = array.bitwise_or %b, %b : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
  %4 = array.bitwise_xor %i, %j : (tensor<8xi32>, tensor<8xi8>) -> tensor<8xi32>
  %5 = array.bitwise_xor %b, %b : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
  %6 = array.invert %i : tensor<8xi32>
  %7 = array.invert %b : tensor<8xi1>
  %8 = array.left_shift %i, %j : (tensor<8xi32>, tensor<8xi8>) -> tensor<8xi32>
  %9 = array.right_shift %k, %n : (tensor<8xi64>, tensor<i64>) -> tensor<8xi64>
  return
}

// CHECK-LABEL: func.func @classification
// CHECK: array.isnan %{{[^ ,]+}} : tensor<4xf32> -> tensor<4xi1>
// CHECK: array.isinf %{{[^ ,]+}} : tensor<4xf32> -> tensor<4xi1>
// CHECK: array.isfinite %{{[^ ,]+}} : tensor<4xf32> -> tensor<4xi1>
// CHECK: array.isnan %{{[^ ,]+}} : tensor<4xi32> -> tensor<4xi1>
// CHECK: array.isfinite %{{[^ ,]+}} : tensor<4xi1>
// CHECK: array.isinf %{{[^ ,]+}} : tensor<4xbf16> -> tensor<4xi1>
func.func @classification(%x: tensor<4xf32>, %i: tensor<4xi32>, %b: tensor<4xi1>, %h: tensor<4xbf16>) {
  %0 = array.isnan %x : tensor<4xf32> -> tensor<4xi1>
  %1 = array.isinf %x : tensor<4xf32> -> tensor<4xi1>
  %2 = array.isfinite %x : tensor<4xf32> -> tensor<4xi1>
  %3 = array.isnan %i : tensor<4xi32> -> tensor<4xi1>
  %4 = array.isfinite %b : tensor<4xi1>
  %5 = array.isinf %h : tensor<4xbf16> -> tensor<4xi1>
  return
}

// The condition has any element type; the result promotes x and y only.
// CHECK-LABEL: func.func @where
// CHECK: array.where %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4x3xi1>, tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
// CHECK: array.where %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4x3xf32>, tensor<3xi32>, tensor<f32>) -> tensor<4x3xf64>
// CHECK: array.where %{{[^ ,]+}}, %{{[^ ,]+}}, %{{[^ ,]+}} : (tensor<4x3xi1>, tensor<3xi32>, tensor<3xi32>) -> tensor<4x3xi32>
func.func @where(%c: tensor<4x3xi1>, %x: tensor<4x3xf32>, %y: tensor<f32>, %i: tensor<3xi32>) {
  %0 = array.where %c, %x, %y : (tensor<4x3xi1>, tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  %1 = array.where %x, %i, %y : (tensor<4x3xf32>, tensor<3xi32>, tensor<f32>) -> tensor<4x3xf64>
  %2 = array.where %c, %i, %i : (tensor<4x3xi1>, tensor<3xi32>, tensor<3xi32>) -> tensor<4x3xi32>
  return
}

// Unsigned integers promote as NumPy's do: with a signed integer to the
// signed type that holds both (float64 for uint64), with a float to the
// float that holds them, with bool to themselves.
// CHECK-LABEL: func.func @unsigned_promotion
// CHECK: (tensor<4xui8>, tensor<4xi8>) -> tensor<4xi16>
// CHECK: (tensor<4xui8>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: (tensor<4xui32>, tensor<4xi8>) -> tensor<4xi64>
// CHECK: (tensor<4xui64>, tensor<4xi64>) -> tensor<4xf64>
// CHECK: (tensor<4xui8>, tensor<4xui16>) -> tensor<4xui16>
// CHECK: (tensor<4xui16>, tensor<4xf16>) -> tensor<4xf32>
// CHECK: (tensor<4xi1>, tensor<4xui8>) -> tensor<4xui8>
// CHECK: array.sqrt %{{[^ ,]+}} : tensor<4xui8> -> tensor<4xf16>
func.func @unsigned_promotion(%u8: tensor<4xui8>, %i8: tensor<4xi8>, %i32: tensor<4xi32>,
                              %u32: tensor<4xui32>, %u64: tensor<4xui64>, %i64: tensor<4xi64>,
                              %u16: tensor<4xui16>, %f16: tensor<4xf16>, %b: tensor<4xi1>) {
  %0 = array.add %u8, %i8 : (tensor<4xui8>, tensor<4xi8>) -> tensor<4xi16>
  %1 = array.add %u8, %i32 : (tensor<4xui8>, tensor<4xi32>) -> tensor<4xi32>
  %2 = array.mul %u32, %i8 : (tensor<4xui32>, tensor<4xi8>) -> tensor<4xi64>
  %3 = array.sub %u64, %i64 : (tensor<4xui64>, tensor<4xi64>) -> tensor<4xf64>
  %4 = array.maximum %u8, %u16 : (tensor<4xui8>, tensor<4xui16>) -> tensor<4xui16>
  %5 = array.add %u16, %f16 : (tensor<4xui16>, tensor<4xf16>) -> tensor<4xf32>
  %6 = array.add %b, %u8 : (tensor<4xi1>, tensor<4xui8>) -> tensor<4xui8>
  %7 = array.sqrt %u8 : tensor<4xui8> -> tensor<4xf16>
  return
}

// -----

// CHECK-LABEL: func.func @astype
// CHECK: array.astype %{{.+}} : tensor<4x?xf32> -> tensor<4x?xi32>
// CHECK: array.astype %{{.+}} : tensor<8xi1> -> tensor<8xf64>
// CHECK: array.astype %{{.+}} : tensor<8xbf16> -> tensor<8xf16>
// CHECK: array.astype %{{.+}} : tensor<8xf64> -> tensor<8xi1>
func.func @astype(%x: tensor<4x?xf32>, %b: tensor<8xi1>, %h: tensor<8xbf16>, %d: tensor<8xf64>)
    -> (tensor<4x?xi32>, tensor<8xf64>, tensor<8xf16>, tensor<8xi1>) {
  %0 = array.astype %x : tensor<4x?xf32> -> tensor<4x?xi32>
  %1 = array.astype %b : tensor<8xi1> -> tensor<8xf64>
  %2 = array.astype %h : tensor<8xbf16> -> tensor<8xf16>
  %3 = array.astype %d : tensor<8xf64> -> tensor<8xi1>
  return %0, %1, %2, %3 : tensor<4x?xi32>, tensor<8xf64>, tensor<8xf16>, tensor<8xi1>
}
