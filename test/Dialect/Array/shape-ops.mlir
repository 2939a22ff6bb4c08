// RUN: array-opt %s | array-opt | FileCheck %s
// RUN: array-opt %s --mlir-print-op-generic | array-opt | FileCheck %s

// Round trips of the shape ops (ArrayShapeOps.td).

// CHECK-LABEL: func.func @reshape
// CHECK: array.reshape %{{.*}} : tensor<4x3xf32> -> tensor<2x6xf32>
// CHECK: array.reshape %{{.*}} : tensor<?xi64> -> tensor<3x4xi64>
// CHECK: array.reshape %{{.*}} : tensor<1x1xf64> -> tensor<f64>
func.func @reshape(%a: tensor<4x3xf32>, %v: tensor<?xi64>, %s: tensor<1x1xf64>) -> (tensor<2x6xf32>, tensor<3x4xi64>, tensor<f64>) {
  %0 = array.reshape %a : tensor<4x3xf32> -> tensor<2x6xf32>
  %1 = array.reshape %v : tensor<?xi64> -> tensor<3x4xi64>
  %2 = array.reshape %s : tensor<1x1xf64> -> tensor<f64>
  return %0, %1, %2 : tensor<2x6xf32>, tensor<3x4xi64>, tensor<f64>
}

// CHECK-LABEL: func.func @transpose
// CHECK: array.transpose %{{.*}} : tensor<4x3xf32> -> tensor<3x4xf32>
// CHECK: array.transpose %{{.*}} permutation [1, 0, 2] : tensor<2x?x5xf64> -> tensor<?x2x5xf64>
func.func @transpose(%a: tensor<4x3xf32>, %b: tensor<2x?x5xf64>) -> (tensor<3x4xf32>, tensor<?x2x5xf64>) {
  %0 = array.transpose %a : tensor<4x3xf32> -> tensor<3x4xf32>
  %1 = array.transpose %b permutation [1, 0, 2] : tensor<2x?x5xf64> -> tensor<?x2x5xf64>
  return %0, %1 : tensor<3x4xf32>, tensor<?x2x5xf64>
}

// CHECK-LABEL: func.func @broadcast_to
// CHECK: array.broadcast_to %{{.*}} : tensor<3xf32> -> tensor<4x3xf32>
// CHECK: array.broadcast_to %{{.*}} : tensor<?x1xi32> -> tensor<2x?x5xi32>
// CHECK: array.broadcast_to %{{.*}} : tensor<?xi8> -> tensor<3x4xi8>
func.func @broadcast_to(%a: tensor<3xf32>, %b: tensor<?x1xi32>, %c: tensor<?xi8>) -> (tensor<4x3xf32>, tensor<2x?x5xi32>, tensor<3x4xi8>) {
  %0 = array.broadcast_to %a : tensor<3xf32> -> tensor<4x3xf32>
  %1 = array.broadcast_to %b : tensor<?x1xi32> -> tensor<2x?x5xi32>
  %2 = array.broadcast_to %c : tensor<?xi8> -> tensor<3x4xi8>
  return %0, %1, %2 : tensor<4x3xf32>, tensor<2x?x5xi32>, tensor<3x4xi8>
}

// CHECK-LABEL: func.func @expand_dims
// CHECK: array.expand_dims %{{.*}} axis 0 : tensor<3xf32> -> tensor<1x3xf32>
// CHECK: array.expand_dims %{{.*}} axis -1 : tensor<3xf32> -> tensor<3x1xf32>
// CHECK: array.expand_dims %{{.*}} axis 0 : tensor<i1> -> tensor<1xi1>
func.func @expand_dims(%a: tensor<3xf32>, %s: tensor<i1>) -> (tensor<1x3xf32>, tensor<3x1xf32>, tensor<1xi1>) {
  %0 = array.expand_dims %a axis 0 : tensor<3xf32> -> tensor<1x3xf32>
  %1 = array.expand_dims %a axis -1 : tensor<3xf32> -> tensor<3x1xf32>
  %2 = array.expand_dims %s axis 0 : tensor<i1> -> tensor<1xi1>
  return %0, %1, %2 : tensor<1x3xf32>, tensor<3x1xf32>, tensor<1xi1>
}

// CHECK-LABEL: func.func @squeeze
// CHECK: array.squeeze %{{.*}} : tensor<1x3x1xf32> -> tensor<3xf32>
// CHECK: array.squeeze %{{.*}} axes [-1] : tensor<1x3x1xf32> -> tensor<1x3xf32>
// CHECK: array.squeeze %{{.*}} : tensor<1x?xbf16> -> tensor<?xbf16>
func.func @squeeze(%a: tensor<1x3x1xf32>, %b: tensor<1x?xbf16>) -> (tensor<3xf32>, tensor<1x3xf32>, tensor<?xbf16>) {
  %0 = array.squeeze %a : tensor<1x3x1xf32> -> tensor<3xf32>
  %1 = array.squeeze %a axes [-1] : tensor<1x3x1xf32> -> tensor<1x3xf32>
  %2 = array.squeeze %b : tensor<1x?xbf16> -> tensor<?xbf16>
  return %0, %1, %2 : tensor<3xf32>, tensor<1x3xf32>, tensor<?xbf16>
}

// Slices print resolved against the operand shape.
// CHECK-LABEL: func.func @slice
// CHECK: array.slice %{{.*}} [1:7:2, ::-1] : tensor<8x4xf32> -> tensor<3x4xf32>
// CHECK: array.slice %{{.*}} [6:, :] : tensor<8x4xf32> -> tensor<2x4xf32>
// CHECK: array.slice %{{.*}} [5:1:-2, 1:3] : tensor<8x4xf32> -> tensor<2x2xf32>
// CHECK: array.slice %{{.*}} [5:2, :] : tensor<8x4xf32> -> tensor<0x4xf32>
func.func @slice(%a: tensor<8x4xf32>) -> (tensor<3x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>, tensor<0x4xf32>) {
  %0 = array.slice %a [1:7:2, ::-1] : tensor<8x4xf32> -> tensor<3x4xf32>
  %1 = array.slice %a [-2:] : tensor<8x4xf32> -> tensor<2x4xf32>
  %2 = array.slice %a [-3:-7:-2, 1:-1] : tensor<8x4xf32> -> tensor<2x2xf32>
  %3 = array.slice %a [5:2] : tensor<8x4xf32> -> tensor<0x4xf32>
  return %0, %1, %2, %3 : tensor<3x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>, tensor<0x4xf32>
}

// CHECK-LABEL: func.func @concatenate
// CHECK: array.concatenate %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
// CHECK: array.concatenate %{{.*}}, %{{.*}} axis 1 : (tensor<2x3xf32>, tensor<2x1xf64>) -> tensor<2x4xf64>
// CHECK: array.concatenate %{{.*}}, %{{.*}}, %{{.*}} axis -1 : (tensor<?x3xi16>, tensor<?x3xi16>, tensor<2x?xi16>) -> tensor<2x?xi16>
func.func @concatenate(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %c: tensor<2x1xf64>, %d: tensor<?x3xi16>, %e: tensor<2x?xi16>) -> (tensor<6x3xf32>, tensor<2x4xf64>, tensor<2x?xi16>) {
  %0 = array.concatenate %a, %b : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  %1 = array.concatenate %a, %c axis 1 : (tensor<2x3xf32>, tensor<2x1xf64>) -> tensor<2x4xf64>
  %2 = array.concatenate %d, %d, %e axis -1 : (tensor<?x3xi16>, tensor<?x3xi16>, tensor<2x?xi16>) -> tensor<2x?xi16>
  return %0, %1, %2 : tensor<6x3xf32>, tensor<2x4xf64>, tensor<2x?xi16>
}

// CHECK-LABEL: func.func @stack
// CHECK: array.stack %{{.*}}, %{{.*}} : (tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: array.stack %{{.*}}, %{{.*}}, %{{.*}} axis -1 : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
// CHECK: array.stack %{{.*}}, %{{.*}} axis 1 : (tensor<?x2xi32>, tensor<4x2xi64>) -> tensor<4x2x2xi64>
func.func @stack(%a: tensor<3xf32>, %b: tensor<3xf32>, %c: tensor<?x2xi32>, %d: tensor<4x2xi64>) -> (tensor<2x3xf32>, tensor<3x3xf32>, tensor<4x2x2xi64>) {
  %0 = array.stack %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = array.stack %a, %b, %a axis -1 : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  %2 = array.stack %c, %d axis 1 : (tensor<?x2xi32>, tensor<4x2xi64>) -> tensor<4x2x2xi64>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<3x3xf32>, tensor<4x2x2xi64>
}

// CHECK-LABEL: func.func @pad
// CHECK: array.pad %{{.*}} low [1, 0] high [0, 2] value 1.5 : tensor<2x3xf32> -> tensor<3x5xf32>
// CHECK: array.pad %{{.*}} low [2] high [2] value 0 : tensor<?xi32> -> tensor<?xi32>
// CHECK: array.pad %{{.*}} low [0] high [1] value -inf : tensor<2xf16> -> tensor<3xf16>
func.func @pad(%a: tensor<2x3xf32>, %v: tensor<?xi32>, %h: tensor<2xf16>) -> (tensor<3x5xf32>, tensor<?xi32>, tensor<3xf16>) {
  %0 = array.pad %a low [1, 0] high [0, 2] value 1.5 : tensor<2x3xf32> -> tensor<3x5xf32>
  %1 = array.pad %v low [2] high [2] : tensor<?xi32> -> tensor<?xi32>
  %2 = array.pad %h low [0] high [1] value -inf : tensor<2xf16> -> tensor<3xf16>
  return %0, %1, %2 : tensor<3x5xf32>, tensor<?xi32>, tensor<3xf16>
}

// CHECK-LABEL: func.func @take
// CHECK: array.take %{{.*}}, %{{.*}} axis 0 : (tensor<5x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
// CHECK: array.take %{{.*}}, %{{.*}} axis -1 : (tensor<5x3xf32>, tensor<2x2xi32>) -> tensor<5x2x2xf32>
// CHECK: array.take %{{.*}}, %{{.*}} axis 0 : (tensor<?xi8>, tensor<i64>) -> tensor<i8>
func.func @take(%a: tensor<5x3xf32>, %i: tensor<4xi64>, %j: tensor<2x2xi32>, %v: tensor<?xi8>, %s: tensor<i64>) -> (tensor<4x3xf32>, tensor<5x2x2xf32>, tensor<i8>) {
  %0 = array.take %a, %i axis 0 : (tensor<5x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
  %1 = array.take %a, %j axis -1 : (tensor<5x3xf32>, tensor<2x2xi32>) -> tensor<5x2x2xf32>
  %2 = array.take %v, %s axis 0 : (tensor<?xi8>, tensor<i64>) -> tensor<i8>
  return %0, %1, %2 : tensor<4x3xf32>, tensor<5x2x2xf32>, tensor<i8>
}
