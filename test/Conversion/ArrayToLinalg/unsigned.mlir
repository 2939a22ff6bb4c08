// RUN: array-opt %s -convert-array-to-linalg -split-input-file | FileCheck %s

// Unsigned elements stay ui8-ui64 in tensors and linalg block arguments; the
// scalar code casts them to signless integers around each arith op and
// picks the unsigned op (divui, cmpi ult, uitofp, extui, shrui, maxui).

// Unsigned floor division by 0 gives 0; no sign adjustment.
// CHECK-LABEL: func.func @floor_divide
// CHECK: ^bb0(%[[X:.*]]: ui8, %[[Y:.*]]: ui8, %{{.*}}: ui8):
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: %[[ZEROU:.*]] = builtin.unrealized_conversion_cast %[[ZERO]] : i8 to ui8
// CHECK: %[[YS:.*]] = builtin.unrealized_conversion_cast %[[Y]] : ui8 to i8
// CHECK: %[[BY0:.*]] = arith.cmpi eq, %[[YS]], %[[ZERO]] : i8
// CHECK: %[[SAFE:.*]] = arith.select %[[BY0]], %{{.*}}, %[[Y]] : ui8
// CHECK: %[[SAFES:.*]] = builtin.unrealized_conversion_cast %[[SAFE]] : ui8 to i8
// CHECK: %[[XS:.*]] = builtin.unrealized_conversion_cast %[[X]] : ui8 to i8
// CHECK: %[[Q:.*]] = arith.divui %[[XS]], %[[SAFES]] : i8
// CHECK: %[[QU:.*]] = builtin.unrealized_conversion_cast %[[Q]] : i8 to ui8
// CHECK: %[[R:.*]] = arith.select %[[BY0]], %[[ZEROU]], %[[QU]] : ui8
// CHECK: linalg.yield %[[R]] : ui8
func.func @floor_divide(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<4xui8> {
  %0 = array.floor_divide %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// CHECK-LABEL: func.func @less
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i8
func.func @less(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<4xi1> {
  %0 = array.less %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// uint8 with int8 promotes to int16: zero-extend one, sign-extend the other.
// CHECK-LABEL: func.func @mixed_signedness
// CHECK: ^bb0(%[[U:.*]]: ui8, %[[S:.*]]: i8, %{{.*}}: i16):
// CHECK: %[[US:.*]] = builtin.unrealized_conversion_cast %[[U]] : ui8 to i8
// CHECK: %[[UW:.*]] = arith.extui %[[US]] : i8 to i16
// CHECK: %[[SW:.*]] = arith.extsi %[[S]] : i8 to i16
// CHECK: arith.addi %[[UW]], %[[SW]] : i16
func.func @mixed_signedness(%a: tensor<4xui8>, %i: tensor<4xi8>) -> tensor<4xi16> {
  %0 = array.add %a, %i : (tensor<4xui8>, tensor<4xi8>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

// CHECK-LABEL: func.func @float_function
// CHECK: arith.uitofp %{{.*}} : i8 to f32
// CHECK: math.exp
func.func @float_function(%a: tensor<4xui8>) -> tensor<4xf16> {
  %0 = array.exp %a : tensor<4xui8> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// Shifting an unsigned integer right by its width or more gives 0.
// CHECK-LABEL: func.func @right_shift
// CHECK: %[[FAR:.*]] = arith.cmpi uge, %{{.*}}, %{{.*}} : i16
// CHECK: %[[SH:.*]] = arith.shrui %{{.*}}, %{{.*}} : i16
// CHECK: %[[SHU:.*]] = builtin.unrealized_conversion_cast %[[SH]] : i16 to ui16
// CHECK: arith.select %[[FAR]], %{{.*}}, %[[SHU]] : ui16
func.func @right_shift(%a: tensor<4xui16>, %b: tensor<4xui16>) -> tensor<4xui16> {
  %0 = array.right_shift %a, %b : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xui16>
  return %0 : tensor<4xui16>
}

// -----

// A float converts to uint8-uint32 through int64 (so -1.0 wraps to all
// ones), to uint64 with fptoui.
// CHECK-LABEL: func.func @float_to_unsigned
// CHECK: %[[W:.*]] = arith.fptosi %{{.*}} : f32 to i64
// CHECK: %[[T:.*]] = arith.trunci %[[W]] : i64 to i32
// CHECK: builtin.unrealized_conversion_cast %[[T]] : i32 to ui32
// CHECK: arith.fptoui %{{.*}} : f32 to i64
func.func @float_to_unsigned(%x: tensor<4xf32>) -> (tensor<4xui32>, tensor<4xui64>) {
  %0 = array.astype %x : tensor<4xf32> -> tensor<4xui32>
  %1 = array.astype %x : tensor<4xf32> -> tensor<4xui64>
  return %0, %1 : tensor<4xui32>, tensor<4xui64>
}

// -----

// sum of uint32 accumulates in uint64 from a zero cast from a signless
// constant; max starts from 0 and combines with maxui; argmin compares ult.
// CHECK-LABEL: func.func @reductions
// CHECK: %[[Z:.*]] = arith.constant 0 : i64
// CHECK: %[[ZU:.*]] = builtin.unrealized_conversion_cast %[[Z]] : i64 to ui64
// CHECK: linalg.fill ins(%[[ZU]] : ui64)
// CHECK: arith.extui %{{.*}} : i32 to i64
// CHECK: arith.addi %{{.*}}, %{{.*}} : i64
// CHECK: linalg.yield %{{.*}} : ui64
// CHECK: arith.maxui %{{.*}}, %{{.*}} : i32
// CHECK: %[[TOP:.*]] = arith.constant -1 : i32
// CHECK: builtin.unrealized_conversion_cast %[[TOP]] : i32 to ui32
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i32
func.func @reductions(%w: tensor<4xui32>) -> (tensor<ui64>, tensor<ui32>, tensor<i64>) {
  %0 = array.sum %w : tensor<4xui32> -> tensor<ui64>
  %1 = array.max %w : tensor<4xui32> -> tensor<ui32>
  %2 = array.argmin %w : tensor<4xui32> -> tensor<i64>
  return %0, %1, %2 : tensor<ui64>, tensor<ui32>, tensor<i64>
}

// -----

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
