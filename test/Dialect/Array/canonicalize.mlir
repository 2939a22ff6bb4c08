// RUN: array-opt %s -canonicalize -split-input-file | FileCheck %s

// Identities that are exact in IEEE arithmetic fold; x + 0.0 does not
// (it turns -0.0 into +0.0), x + (-0.0) does.
// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>, %[[I:.+]]: tensor<4xi32>)
// CHECK: %[[Z:.+]] = array.full 0.0 : tensor<4xf32>
// CHECK: %[[KEPT:.+]] = array.add %[[X]], %[[Z]]
// CHECK: return %[[KEPT]], %[[X]], %[[I]], %[[X]], %[[X]]
func.func @identities(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) {
  %z = array.full 0.0 : tensor<4xf32>
  %nz = array.full -0.0 : tensor<4xf32>
  %one = array.full 1.0 : tensor<4xf32>
  %iz = array.full 0 : tensor<4xi32>
  %a = array.add %x, %z : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b = array.add %x, %nz : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c = array.add %iz, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %d = array.mul %one, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %e = array.sub %x, %z : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %a, %b, %c, %d, %e : tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// An identity that would broadcast or promote is kept.
// CHECK-LABEL: func.func @broadcasting_identity
// CHECK: array.mul
// CHECK: array.add
func.func @broadcasting_identity(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<3x4xf32>, tensor<4xf64>) {
  %one = array.full 1.0 : tensor<3x4xf32>
  %a = array.mul %x, %one : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %z = array.full 0.0 : tensor<4xf64>
  %b = array.add %i, %z : (tensor<4xi32>, tensor<4xf64>) -> tensor<4xf64>
  return %a, %b : tensor<3x4xf32>, tensor<4xf64>
}

// -----

// Small constants fold.
// CHECK-LABEL: func.func @constants
// CHECK: %[[C:.+]] = array.constant dense<[5.000000e-01, 1.000000e+00, 1.500000e+00]> : tensor<3xf32>
// CHECK: %[[K:.+]] = array.constant dense<[4, 6]> : tensor<2xi64>
// CHECK: return %[[C]], %[[K]]
func.func @constants() -> (tensor<3xf32>, tensor<2xi64>) {
  %a = array.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = array.constant dense<0.5> : tensor<3xf32>
  %c = array.mul %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %i = array.constant dense<[1, 2]> : tensor<2xi64>
  %j = array.constant dense<[3, 4]> : tensor<2xi64>
  %k = array.add %i, %j : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  return %c, %k : tensor<3xf32>, tensor<2xi64>
}

// -----

// Transposes compose; a chain that returns to the input disappears.
// CHECK-LABEL: func.func @transposes
// CHECK-SAME: (%[[M:.+]]: tensor<2x3x4xf32>)
// CHECK: %[[T:.+]] = array.transpose %[[M]] permutation [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
// CHECK: return %[[M]], %[[T]]
func.func @transposes(%m: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<4x2x3xf32>) {
  %t = array.transpose %m : tensor<2x3x4xf32> -> tensor<4x3x2xf32>
  %tt = array.transpose %t : tensor<4x3x2xf32> -> tensor<2x3x4xf32>
  %u = array.transpose %m permutation [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  %uu = array.transpose %u permutation [1, 2, 0] : tensor<3x4x2xf32> -> tensor<4x2x3xf32>
  return %tt, %uu : tensor<2x3x4xf32>, tensor<4x2x3xf32>
}

// -----

// Reshape and broadcast_to chains collapse to one op; to the same type,
// they disappear.
// CHECK-LABEL: func.func @chains
// CHECK-SAME: (%[[X:.+]]: tensor<12xf32>, %[[V:.+]]: tensor<3xf32>)
// CHECK: %[[R:.+]] = array.reshape %[[X]] : tensor<12xf32> -> tensor<2x6xf32>
// CHECK: %[[B:.+]] = array.broadcast_to %[[V]] : tensor<3xf32> -> tensor<5x4x3xf32>
// CHECK: return %[[R]], %[[B]], %[[X]]
func.func @chains(%x: tensor<12xf32>, %v: tensor<3xf32>) -> (tensor<2x6xf32>, tensor<5x4x3xf32>, tensor<12xf32>) {
  %r1 = array.reshape %x : tensor<12xf32> -> tensor<3x4xf32>
  %r2 = array.reshape %r1 : tensor<3x4xf32> -> tensor<2x6xf32>
  %b1 = array.broadcast_to %v : tensor<3xf32> -> tensor<4x3xf32>
  %b2 = array.broadcast_to %b1 : tensor<4x3xf32> -> tensor<5x4x3xf32>
  %same = array.reshape %x : tensor<12xf32> -> tensor<12xf32>
  return %r2, %b2, %same : tensor<2x6xf32>, tensor<5x4x3xf32>, tensor<12xf32>
}
