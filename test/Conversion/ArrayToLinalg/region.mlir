// RUN: array-opt %s -convert-array-to-linalg -split-input-file | FileCheck %s

// Lowering of the region ops (ArrayRegionOps.td).

// array.map's body sees the signless bits of an unsigned operand; its
// signless yield becomes the unsigned result.
// CHECK-LABEL: func.func @map
// CHECK: ^bb0(%[[X:.*]]: ui8, %{{.*}}: ui8):
// CHECK: %[[XS:.*]] = builtin.unrealized_conversion_cast %[[X]] : ui8 to i8
// CHECK: %[[D:.*]] = arith.divui %[[XS]], %{{.*}} : i8
// CHECK: %[[DU:.*]] = builtin.unrealized_conversion_cast %[[D]] : i8 to ui8
// CHECK: linalg.yield %[[DU]] : ui8
func.func @map(%a: tensor<4xui8>) -> tensor<4xui8> {
  %0 = array.map %a : (tensor<4xui8>) -> tensor<4xui8> {
  ^bb0(%x: i8):
    %c3 = arith.constant 3 : i8
    %d = arith.divui %x, %c3 : i8
    array.yield %d : i8
  }
  return %0 : tensor<4xui8>
}
