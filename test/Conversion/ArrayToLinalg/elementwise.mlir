// RUN: array-opt %s -convert-array-to-linalg -split-input-file | FileCheck %s

// The scalar bodies of a representative set of ufuncs: operands cast to the
// promoted type, 16-bit floats computed in f32, NumPy's edge cases guarded.

// Integer floor division: the divisor 0 or -1 is replaced by 1 (divsi would
// be undefined), the truncated quotient steps down where the signs differ,
// then x // -1 is -x and x // 0 is 0.
// CHECK-LABEL: func.func @floor_divide_int
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[MONE:.*]] = arith.constant -1 : i32
// CHECK: %[[BY0:.*]] = arith.cmpi eq, %[[Y]], %[[ZERO]] : i32
// CHECK: %[[BYM1:.*]] = arith.cmpi eq, %[[Y]], %[[MONE]] : i32
// CHECK: %[[BAD:.*]] = arith.ori %[[BY0]], %[[BYM1]] : i1
// CHECK: %[[SAFE:.*]] = arith.select %[[BAD]], %[[ONE]], %[[Y]] : i32
// CHECK: %[[Q:.*]] = arith.divsi %[[X]], %[[SAFE]] : i32
// CHECK: %[[R:.*]] = arith.remsi %[[X]], %[[SAFE]] : i32
// CHECK: %[[INEXACT:.*]] = arith.cmpi ne, %[[R]], %[[ZERO]] : i32
// CHECK: %[[XOR:.*]] = arith.xori %[[R]], %[[SAFE]] : i32
// CHECK: %[[DIFF:.*]] = arith.cmpi slt, %[[XOR]], %[[ZERO]] : i32
// CHECK: %[[ADJ:.*]] = arith.andi %[[INEXACT]], %[[DIFF]] : i1
// CHECK: %[[QM1:.*]] = arith.subi %[[Q]], %[[ONE]] : i32
// CHECK: %[[Q2:.*]] = arith.select %[[ADJ]], %[[QM1]], %[[Q]] : i32
// CHECK: %[[NEG:.*]] = arith.subi %[[ZERO]], %[[X]] : i32
// CHECK: %[[Q3:.*]] = arith.select %[[BYM1]], %[[NEG]], %[[Q2]] : i32
// CHECK: %[[Q4:.*]] = arith.select %[[BY0]], %[[ZERO]], %[[Q3]] : i32
// CHECK: linalg.yield %[[Q4]] : i32
func.func @floor_divide_int(%i: tensor<4xi32>, %j: tensor<4xi32>) -> tensor<4xi32> {
  %0 = array.floor_divide %i, %j : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// int32 with float32 compares in float64, ordered (NaN is false).
// CHECK-LABEL: func.func @less_mixed
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<4xi1>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: f32, %{{.*}}: i1):
// CHECK-NEXT: %[[XF:.*]] = arith.sitofp %[[X]] : i32 to f64
// CHECK-NEXT: %[[YF:.*]] = arith.extf %[[Y]] : f32 to f64
// CHECK-NEXT: %[[C:.*]] = arith.cmpf olt, %[[XF]], %[[YF]] : f64
// CHECK-NEXT: linalg.yield %[[C]] : i1
func.func @less_mixed(%i: tensor<4xi32>, %x: tensor<4xf32>) -> tensor<4xi1> {
  %0 = array.less %i, %x : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Bools compare unsigned: false < true.
// CHECK-LABEL: func.func @greater_bool
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : i1
func.func @greater_bool(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = array.greater %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @where_promotes
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%[[C:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: i32, %{{.*}}: f64):
// CHECK-DAG: %[[YF:.*]] = arith.sitofp %[[Y]] : i32 to f64
// CHECK-DAG: %[[XF:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK: %[[R:.*]] = arith.select %[[C]], %[[XF]], %[[YF]] : f64
// CHECK-NEXT: linalg.yield %[[R]] : f64
func.func @where_promotes(%b: tensor<4xi1>, %x: tensor<4xf32>, %i: tensor<4xi32>) -> tensor<4xf64> {
  %0 = array.where %b, %x, %i : (tensor<4xi1>, tensor<4xf32>, tensor<4xi32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// A float condition counts by its truth value.
// CHECK-LABEL: func.func @where_float_cond
// CHECK: ^bb0(%[[C:.*]]: f32, %[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[T:.*]] = arith.cmpf une, %[[C]], %{{.*}} : f32
// CHECK: arith.select %[[T]], %[[X]], %[[Y]] : i32
func.func @where_float_cond(%c: tensor<4xf32>, %x: tensor<4xi32>, %y: tensor<i32>) -> tensor<4xi32> {
  %0 = array.where %c, %x, %y : (tensor<4xf32>, tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// 16-bit floats compute in f32 and round back.
// CHECK-LABEL: func.func @sin_f16
// CHECK: ^bb0(%[[X:.*]]: f16, %{{.*}}: f16):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT: %[[S:.*]] = math.sin %[[W]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[S]] : f32 to f16
// CHECK-NEXT: linalg.yield %[[R]] : f16
func.func @sin_f16(%h: tensor<4xf16>) -> tensor<4xf16> {
  %0 = array.sin %h : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// A float function of int32 computes in f64.
// CHECK-LABEL: func.func @sqrt_int
// CHECK: ^bb0(%[[X:.*]]: i32, %{{.*}}: f64):
// CHECK-NEXT: %[[F:.*]] = arith.sitofp %[[X]] : i32 to f64
// CHECK-NEXT: %[[S:.*]] = math.sqrt %[[F]] : f64
// CHECK-NEXT: linalg.yield %[[S]] : f64
func.func @sqrt_int(%i: tensor<4xi32>) -> tensor<4xf64> {
  %0 = array.sqrt %i : tensor<4xi32> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// CHECK-LABEL: func.func @fmax_minimum_clip
// CHECK: arith.maxnumf %{{.*}}, %{{.*}} : f32
// CHECK: arith.minimumf %{{.*}}, %{{.*}} : f32
// CHECK: ^bb0(%[[X:.*]]: f32, %[[LO:.*]]: f32, %[[HI:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[X]], %[[LO]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.minimumf %[[M]], %[[HI]] : f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
func.func @fmax_minimum_clip(%x: tensor<4xf32>, %y: tensor<4xf32>, %lo: tensor<f32>) {
  %0 = array.fmax %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = array.minimum %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = array.clip %x, %lo, %y : (tensor<4xf32>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @logical_and_any
// CHECK: ^bb0(%[[X:.*]]: f32, %[[B:.*]]: i1, %{{.*}}: i1):
// CHECK: %[[T:.*]] = arith.cmpf une, %[[X]], %{{.*}} : f32
// CHECK: %[[R:.*]] = arith.andi %[[T]], %[[B]] : i1
// CHECK-NEXT: linalg.yield %[[R]] : i1
func.func @logical_and_any(%x: tensor<4xf32>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = array.logical_and %x, %b : (tensor<4xf32>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// A shift by the width or more (or a negative one, unsigned) fills with
// the sign.
// CHECK-LABEL: func.func @right_shift
// CHECK: ^bb0(%[[X:.*]]: i32, %[[N:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[FAR:.*]] = arith.cmpi uge, %[[N]], %{{.*}} : i32
// CHECK: %[[SAFE:.*]] = arith.select %[[FAR]], %{{.*}}, %[[N]] : i32
// CHECK: %[[R:.*]] = arith.shrsi %[[X]], %[[SAFE]] : i32
// CHECK-NEXT: linalg.yield %[[R]] : i32
func.func @right_shift(%i: tensor<4xi32>, %n: tensor<i32>) -> tensor<4xi32> {
  %0 = array.right_shift %i, %n : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @classify_round_invert
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK-NEXT: arith.cmpf uno
// CHECK: math.roundeven %{{.*}} : f32
// CHECK: ^bb0(%[[B:.*]]: i1, %{{.*}}: i1):
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: arith.xori %[[B]], %[[TRUE]] : i1
func.func @classify_round_invert(%h: tensor<4xf16>, %x: tensor<4xf32>, %b: tensor<4xi1>) {
  %0 = array.isnan %h : tensor<4xf16> -> tensor<4xi1>
  %1 = array.round %x : tensor<4xf32>
  %2 = array.invert %b : tensor<4xi1>
  return
}

// -----

// isnan of an integer is the constant false.
// CHECK-LABEL: func.func @isnan_int
// CHECK: ^bb0(%{{.*}}: i32, %{{.*}}: i1):
// CHECK-NEXT: %[[F:.*]] = arith.constant false
// CHECK-NEXT: linalg.yield %[[F]] : i1
func.func @isnan_int(%i: tensor<4xi32>) -> tensor<4xi1> {
  %0 = array.isnan %i : tensor<4xi32> -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Float remainder follows npy_divmod: fmod, then the divisor's sign.
// CHECK-LABEL: func.func @remainder_float
// CHECK: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64, %{{.*}}: f64):
// CHECK: arith.remf %[[X]], %[[Y]] : f64
// CHECK: math.copysign
func.func @remainder_float(%x: tensor<4xf64>, %y: tensor<4xf64>) -> tensor<4xf64> {
  %0 = array.remainder %x, %y : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
