// RUN: array-opt %s | array-opt | FileCheck %s
// RUN: array-opt %s --mlir-print-op-generic | array-opt | FileCheck %s

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

//===----------------------------------------------------------------------===//
// array.full
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @full_static
// CHECK: array.full 1.5 : tensor<4x3xf32>
// CHECK: array.full 2.5 : tensor<2xf64>
// CHECK: array.full 7 : tensor<8xi32>
// CHECK: array.full 0 : tensor<8xi64>
// CHECK: array.full 42.0 : tensor<f32>
func.func @full_static() {
  %0 = array.full 1.5 : tensor<4x3xf32>
  %1 = array.full 2.5 : tensor<2xf64>
  %2 = array.full 7 : tensor<8xi32>
  %3 = array.full 0 : tensor<8xi64>
  // An integer literal fills a float tensor.
  %4 = array.full 42 : tensor<f32>
  return
}

// CHECK-LABEL: func.func @full_dynamic
// CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: index)
// CHECK: array.full(%[[N]]) 0 : tensor<?x8xi64>
// CHECK: array.full(%[[N]], %[[M]]) -1.25 : tensor<?x3x?xf32>
// CHECK: array.full(%[[M]], %[[N]]) 5 : tensor<?x?xi32>
func.func @full_dynamic(%n: index, %m: index) {
  %0 = array.full(%n) 0 : tensor<?x8xi64>
  %1 = array.full(%n, %m) -1.25 : tensor<?x3x?xf32>
  // The sizes are taken in order.
  %2 = array.full(%m, %n) 5 : tensor<?x?xi32>
  return
}

// CHECK-LABEL: func.func @full_negative
// CHECK: array.full -3 : tensor<2xi32>
// CHECK: array.full -2147483648 : tensor<2xi32>
// CHECK: array.full 2147483647 : tensor<2xi32>
// CHECK: array.full -9223372036854775808 : tensor<2xi64>
// CHECK: array.full 9223372036854775807 : tensor<2xi64>
// CHECK: array.full -0.5 : tensor<2xf32>
// CHECK: array.full -1.0e+100 : tensor<2xf64>
func.func @full_negative() {
  %0 = array.full -3 : tensor<2xi32>
  %1 = array.full -2147483648 : tensor<2xi32>
  %2 = array.full 2147483647 : tensor<2xi32>
  %3 = array.full -9223372036854775808 : tensor<2xi64>
  %4 = array.full 9223372036854775807 : tensor<2xi64>
  %5 = array.full -0.5 : tensor<2xf32>
  %6 = array.full -1.0e100 : tensor<2xf64>
  return
}

// Unsigned values and bool's true print as the numbers they are (found by
// array-parse-fuzzer: 150 in ui8 printed as -106, true as -1, neither of
// which parses back); uint64 takes values up to 2^64 - 1.
// CHECK-LABEL: func.func @full_unsigned_and_bool
// CHECK: array.full 150 : tensor<2xui8>
// CHECK: array.full 65535 : tensor<2xui16>
// CHECK: array.full 18446744073709551615 : tensor<2xui64>
// CHECK: array.full 9223372036854775808 : tensor<2xui64>
// CHECK: array.full 1 : tensor<2xi1>
// CHECK: array.full 0 : tensor<2xi1>
// CHECK: array.full 18446744073709551616.0 : tensor<f64>
// CHECK: array.pad %{{.*}} low [1] high [0] value 255 : tensor<2xui8> -> tensor<3xui8>
// CHECK: array.pad %{{.*}} low [1] high [0] value 1 : tensor<2xi1> -> tensor<3xi1>
func.func @full_unsigned_and_bool() {
  %0 = array.full 150 : tensor<2xui8>
  %1 = array.full 65535 : tensor<2xui16>
  %2 = array.full 18446744073709551615 : tensor<2xui64>
  %3 = array.full 9223372036854775808 : tensor<2xui64>
  %4 = array.full 1 : tensor<2xi1>
  %5 = array.full 0 : tensor<2xi1>
  %6 = array.full 18446744073709551615 : tensor<f64>
  %7 = array.pad %0 low [1] high [0] value 255 : tensor<2xui8> -> tensor<3xui8>
  %8 = array.pad %4 low [1] high [0] value 1 : tensor<2xi1> -> tensor<3xi1>
  return
}

// CHECK-LABEL: func.func @full_special
// CHECK: array.full inf : tensor<3xf32>
// CHECK: array.full -inf : tensor<3xf32>
// CHECK: array.full nan : tensor<3xf32>
// CHECK: array.full inf : tensor<3xf64>
// CHECK: array.full -inf : tensor<3xf64>
// CHECK: array.full nan : tensor<3xf64>
// CHECK: array.full -0.0 : tensor<3xf64>
// CHECK: array.full 0.0 : tensor<3xf32>
func.func @full_special() {
  %0 = array.full inf : tensor<3xf32>
  %1 = array.full -inf : tensor<3xf32>
  %2 = array.full nan : tensor<3xf32>
  %3 = array.full inf : tensor<3xf64>
  %4 = array.full -inf : tensor<3xf64>
  %5 = array.full nan : tensor<3xf64>
  %6 = array.full -0.0 : tensor<3xf64>
  %7 = array.full 0.0 : tensor<3xf32>
  return
}

// Extreme finite values print back exactly (to the last bit of the element
// type), so that the round trip does not change them.
// CHECK-LABEL: func.func @full_extreme
// CHECK: array.full 3.4028235e+38 : tensor<f32>
// CHECK: array.full -3.4028235e+38 : tensor<f32>
// CHECK: array.full 1.1754944e-38 : tensor<f32>
// CHECK: array.full 1.0e-45 : tensor<f32>
// CHECK: array.full 1.7976931348623157e+308 : tensor<f64>
// CHECK: array.full 2.2250738585072014e-308 : tensor<f64>
// CHECK: array.full 5.0e-324 : tensor<f64>
// CHECK: array.full 0.1 : tensor<f32>
// CHECK: array.full 0.1 : tensor<f64>
// CHECK: array.full 1234567890123456768.0 : tensor<f64>
// CHECK: array.full 16777216.0 : tensor<f32>
func.func @full_extreme() {
  %0 = array.full 3.4028234663852886e38 : tensor<f32>
  %1 = array.full -3.4028234663852886e38 : tensor<f32>
  %2 = array.full 1.1754943508222875e-38 : tensor<f32>
  %3 = array.full 1.401298464324817e-45 : tensor<f32>
  %4 = array.full 1.7976931348623157e308 : tensor<f64>
  %5 = array.full 2.2250738585072014e-308 : tensor<f64>
  %6 = array.full 4.9406564584124654e-324 : tensor<f64>
  %7 = array.full 0.1 : tensor<f32>
  %8 = array.full 0.1 : tensor<f64>
  // An i64 literal rounds to the nearest f64.
  %9 = array.full 1234567890123456789 : tensor<f64>
  // 2**24 + 1 rounds to 2**24 in f32, as numpy.float32 does.
  %10 = array.full 16777217 : tensor<f32>
  return
}

// CHECK-LABEL: func.func @full_attr_dict
// CHECK: array.full 1 {tag} : tensor<2xi32>
func.func @full_attr_dict() {
  %0 = array.full 1 {tag} : tensor<2xi32>
  return
}

//===----------------------------------------------------------------------===//
// array.constant
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @constant
// CHECK: array.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK: array.constant dense<[1, -2, 2147483647]> : tensor<3xi32>
// CHECK: array.constant dense<-9223372036854775808> : tensor<4x2xi64>
// CHECK: array.constant dense<2.500000e-01> : tensor<2x3xf64>
// CHECK: array.constant dense<7> : tensor<i32>
// CHECK: array.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, -0.000000e+00]> : tensor<4xf32>
// CHECK: array.constant dense<1.000000e-300> : tensor<f64>
// CHECK: array.constant {tag} dense<[1, 2]> : tensor<2xi64>
func.func @constant() {
  %0 = array.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %1 = array.constant dense<[1, -2, 2147483647]> : tensor<3xi32>
  %2 = array.constant dense<-9223372036854775808> : tensor<4x2xi64>
  %3 = array.constant dense<0.25> : tensor<2x3xf64>
  %4 = array.constant dense<7> : tensor<i32>
  %5 = array.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, -0.0]> : tensor<4xf32>
  %6 = array.constant dense<1.0e-300> : tensor<f64>
  %7 = array.constant {tag} dense<[1, 2]> : tensor<2xi64>
  return
}

//===----------------------------------------------------------------------===//
// array.print
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @print
// CHECK-SAME: (%[[T:.*]]: tensor<4x3xf32>, %[[D:.*]]: tensor<?xi64>, %[[Z:.*]]: tensor<f64>, %[[M:.*]]: memref<2x2xi32>, %[[N:.*]]: memref<?xf32, strided<[?], offset: ?>>)
// CHECK: array.print %[[T]] : tensor<4x3xf32>
// CHECK: array.print %[[D]] : tensor<?xi64>
// CHECK: array.print %[[Z]] : tensor<f64>
// CHECK: array.print %[[M]] : memref<2x2xi32>
// CHECK: array.print %[[N]] : memref<?xf32, strided<[?], offset: ?>>
// Prints are never dropped or reordered, even of the same value.
// CHECK: array.print %[[T]] : tensor<4x3xf32>
func.func @print(%t: tensor<4x3xf32>, %d: tensor<?xi64>, %z: tensor<f64>, %m: memref<2x2xi32>, %n: memref<?xf32, strided<[?], offset: ?>>) {
  array.print %t : tensor<4x3xf32>
  array.print %d : tensor<?xi64>
  array.print %z : tensor<f64>
  array.print %m : memref<2x2xi32>
  array.print %n : memref<?xf32, strided<[?], offset: ?>>
  array.print %t : tensor<4x3xf32>
  return
}

// CHECK-LABEL: func.func @multiprocessor_count
// CHECK: array.multiprocessor_count : index
func.func @multiprocessor_count() -> index {
  %0 = array.multiprocessor_count : index
  return %0 : index
}
