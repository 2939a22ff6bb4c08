// RUN: array-opt %s -split-input-file | array-opt -split-input-file | FileCheck %s
// RUN: array-opt %s -split-input-file --mlir-print-op-generic | array-opt -split-input-file | FileCheck %s

// Round trips of the creation ops (ArrayCreationOps.td).

// CHECK-LABEL: func.func @arange
// CHECK: array.arange 0, 10, 2 : tensor<5xi64>
// CHECK: array.arange -1.0, 1.0, 0.25 : tensor<8xf32>
// CHECK: array.arange 10, 0, -3 : tensor<4xi8>
// CHECK: array.arange 0, 1, 0.1 : tensor<10xf64>
// CHECK: array.arange 3, 3, 1 : tensor<0xi32>
func.func @arange() -> (tensor<5xi64>, tensor<8xf32>, tensor<4xi8>, tensor<10xf64>, tensor<0xi32>) {
  %0 = array.arange 0, 10, 2 : tensor<5xi64>
  %1 = array.arange -1.0, 1.0, 0.25 : tensor<8xf32>
  %2 = array.arange 10, 0, -3 : tensor<4xi8>
  %3 = array.arange 0, 1, 0.1 : tensor<10xf64>
  %4 = array.arange 3, 3, 1 : tensor<0xi32>
  return %0, %1, %2, %3, %4 : tensor<5xi64>, tensor<8xf32>, tensor<4xi8>, tensor<10xf64>, tensor<0xi32>
}

// CHECK-LABEL: func.func @linspace
// CHECK: array.linspace 0.0, 1.0 : tensor<5xf32>
// CHECK: array.linspace 2.0, -2.0 : tensor<9xf64>
// CHECK: array.linspace 0.0, 10.0 : tensor<4xi32>
func.func @linspace() -> (tensor<5xf32>, tensor<9xf64>, tensor<4xi32>) {
  %0 = array.linspace 0.0, 1.0 : tensor<5xf32>
  %1 = array.linspace 2, -2 : tensor<9xf64>
  %2 = array.linspace 0, 10 : tensor<4xi32>
  return %0, %1, %2 : tensor<5xf32>, tensor<9xf64>, tensor<4xi32>
}

// CHECK-LABEL: func.func @eye
// CHECK: array.eye : tensor<3x3xf32>
// CHECK: array.eye k 1 : tensor<3x4xi32>
// CHECK: array.eye k -2 : tensor<4x2xi1>
func.func @eye() -> (tensor<3x3xf32>, tensor<3x4xi32>, tensor<4x2xi1>) {
  %0 = array.eye : tensor<3x3xf32>
  %1 = array.eye k 1 : tensor<3x4xi32>
  %2 = array.eye k -2 : tensor<4x2xi1>
  return %0, %1, %2 : tensor<3x3xf32>, tensor<3x4xi32>, tensor<4x2xi1>
}

// CHECK-LABEL: func.func @random
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK: array.random_uniform seed 42 : tensor<4x3xf32>
// CHECK: array.random_uniform(%[[N]]) seed -7 : tensor<?xf64>
// CHECK: array.random_normal seed 0 : tensor<16xbf16>
// CHECK: array.random_normal(%[[N]], %[[N]]) seed 1 : tensor<?x?xf16>
func.func @random(%n: index) -> (tensor<4x3xf32>, tensor<?xf64>, tensor<16xbf16>, tensor<?x?xf16>) {
  %0 = array.random_uniform seed 42 : tensor<4x3xf32>
  %1 = array.random_uniform(%n) seed -7 : tensor<?xf64>
  %2 = array.random_normal seed 0 : tensor<16xbf16>
  %3 = array.random_normal(%n, %n) seed 1 : tensor<?x?xf16>
  return %0, %1, %2, %3 : tensor<4x3xf32>, tensor<?xf64>, tensor<16xbf16>, tensor<?x?xf16>
}

// -----

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

// -----

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

// -----

//===----------------------------------------------------------------------===//
// array.empty
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @empty
// CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: index)
// CHECK: array.empty : tensor<4x3xf32>
// CHECK: array.empty(%[[N]], %[[M]]) : tensor<?x2x?xbf16>
func.func @empty(%n: index, %m: index) {
  %0 = array.empty : tensor<4x3xf32>
  %1 = array.empty(%n, %m) : tensor<?x2x?xbf16>
  return
}
