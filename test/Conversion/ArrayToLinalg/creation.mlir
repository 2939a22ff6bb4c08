// RUN: array-opt %s -convert-array-to-linalg -split-input-file | FileCheck %s

// Creation ops: one all-parallel linalg.generic without inputs that
// computes each element from its indices (linalg.index).

// CHECK-LABEL: func.func @arange_i64
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<5xi64>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]} outs(%[[INIT]] : tensor<5xi64>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[X:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: %[[START:.*]] = arith.constant 3 : i64
// CHECK: %[[STEP:.*]] = arith.constant -2 : i64
// CHECK: %[[M:.*]] = arith.muli %[[X]], %[[STEP]] : i64
// CHECK: %[[V:.*]] = arith.addi %[[START]], %[[M]] : i64
// CHECK: linalg.yield %[[V]] : i64
func.func @arange_i64() -> tensor<5xi64> {
  %0 = array.arange 3, -7, -2 : tensor<5xi64>
  return %0 : tensor<5xi64>
}

// -----

// As NumPy's fill for float16: delta = f16(0.5 + 0.7) - f16(0.5) in f32.
// CHECK-LABEL: func.func @arange_f16
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[X:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: %[[XF:.*]] = arith.sitofp %[[X]] : i64 to f32
// The start, then the step, whichever compiler built arrayc.
// CHECK: %[[START:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: %[[DELTA:.*]] = arith.constant 0.700195313 : f32
// CHECK: %[[M:.*]] = arith.mulf %[[XF]], %[[DELTA]] : f32
// CHECK: %[[V:.*]] = arith.addf %[[START]], %[[M]] : f32
// CHECK: %[[H:.*]] = arith.truncf %[[V]] : f32 to f16
// CHECK: linalg.yield %[[H]] : f16
func.func @arange_f16() -> tensor<4xf16> {
  %0 = array.arange 0.5, 3, 0.7 : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// In f64, start + i * step, the last element exactly stop; floor for
// integers.
// CHECK-LABEL: func.func @linspace_i32
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[START:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: %[[X:.*]] = arith.sitofp %{{.*}} : i64 to f64
// CHECK: %[[STEP:.*]] = arith.constant 2.500000e+00 : f64
// CHECK: %[[M:.*]] = arith.mulf %[[X]], %[[STEP]] : f64
// CHECK: %[[Y:.*]] = arith.addf %[[M]], %[[START]] : f64
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[I]], %[[C4]] : index
// CHECK: %[[STOP:.*]] = arith.constant 1.000000e+01 : f64
// CHECK: %[[S:.*]] = arith.select %[[LAST]], %[[STOP]], %[[Y]] : f64
// CHECK: %[[F:.*]] = math.floor %[[S]] : f64
// CHECK: %[[R:.*]] = arith.fptosi %[[F]] : f64 to i32
// CHECK: linalg.yield %[[R]] : i32
func.func @linspace_i32() -> tensor<5xi32> {
  %0 = array.linspace 0.0, 10.0 : tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

// CHECK-LABEL: func.func @linspace_one
// CHECK: %[[START:.*]] = arith.constant 3.500000e+00 : f64
// CHECK: %[[R:.*]] = arith.truncf %[[START]] : f64 to f32
// CHECK: linalg.yield %[[R]] : f32
func.func @linspace_one() -> tensor<1xf32> {
  %0 = array.linspace 3.5, 9.0 : tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

// CHECK-LABEL: func.func @eye
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<3x4xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} outs(%[[INIT]] : tensor<3x4xf32>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[J:.*]] = linalg.index 1 : index
// CHECK: %[[K:.*]] = arith.constant 1 : index
// CHECK: %[[IK:.*]] = arith.addi %[[I]], %[[K]] : index
// CHECK: %[[ON:.*]] = arith.cmpi eq, %[[IK]], %[[J]] : index
// CHECK: %[[V:.*]] = arith.uitofp %[[ON]] : i1 to f32
// CHECK: linalg.yield %[[V]] : f32
func.func @eye() -> tensor<3x4xf32> {
  %0 = array.eye k 1 : tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Philox-4x32-10 on the row-major linear index: 10 rounds of two 32x32->64
// multiplies (Random123's constants), then the top 24 bits of word 0 scaled
// by 2^-24.
// CHECK-LABEL: func.func @uniform
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK: %[[INIT:.*]] = tensor.empty(%[[N]]) : tensor<?x3xf32>
// CHECK: linalg.generic {{.*}} outs(%[[INIT]] : tensor<?x3xf32>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[J:.*]] = linalg.index 1 : index
// CHECK: %[[LIN:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK: arith.constant 3528531795 : i64
// CHECK: arith.constant 3449720151 : i64
// CHECK: arith.constant 42 : i32
// CHECK-COUNT-9: arith.constant 3528531795 : i64
// CHECK-NOT: arith.constant 3528531795 : i64
// CHECK: %[[C8:.*]] = arith.constant 8 : i32
// CHECK: %[[TOP:.*]] = arith.shrui %{{.*}}, %[[C8]] : i32
// CHECK: %[[F:.*]] = arith.uitofp %[[TOP]] : i32 to f32
// CHECK: %[[SCALE:.*]] = arith.constant 5.96046448E-8 : f32
// CHECK: %[[U:.*]] = arith.mulf %[[F]], %[[SCALE]] : f32
// CHECK: linalg.yield %[[U]] : f32
func.func @uniform(%n: index) -> tensor<?x3xf32> {
  %0 = array.random_uniform(%n) seed 42 : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// f64 takes 53 bits from words 0 and 1.
// CHECK-LABEL: func.func @uniform_f64
// CHECK: %[[C11:.*]] = arith.constant 11 : i64
// CHECK: %[[K:.*]] = arith.shrui %{{.*}}, %[[C11]] : i64
// CHECK: %[[F:.*]] = arith.uitofp %[[K]] : i64 to f64
// CHECK: %[[SCALE:.*]] = arith.constant 1.1102230246251565E-16 : f64
// CHECK: arith.mulf %[[F]], %[[SCALE]] : f64
func.func @uniform_f64() -> tensor<4xf64> {
  %0 = array.random_uniform seed 1 : tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Box-Muller: sqrt(-2 ln u1) * cos(2 pi u2), in f32 for bf16.
// CHECK-LABEL: func.func @normal_bf16
// CHECK: %[[LOG:.*]] = math.log %{{.*}} : f32
// CHECK: %[[R2:.*]] = arith.mulf %{{.*}}, %[[LOG]] : f32
// CHECK: %[[R:.*]] = math.sqrt %[[R2]] : f32
// CHECK: %[[TWOPI:.*]] = arith.constant 6.28318548 : f32
// CHECK: %[[A:.*]] = arith.mulf %[[TWOPI]], %{{.*}} : f32
// CHECK: %[[COS:.*]] = math.cos %[[A]] : f32
// CHECK: %[[Z:.*]] = arith.mulf %[[R]], %[[COS]] : f32
// CHECK: %[[H:.*]] = arith.truncf %[[Z]] : f32 to bf16
// CHECK: linalg.yield %[[H]] : bf16
func.func @normal_bf16() -> tensor<8xbf16> {
  %0 = array.random_normal seed 3 : tensor<8xbf16>
  return %0 : tensor<8xbf16>
}

// -----

//===----------------------------------------------------------------------===//
// array.full, array.constant, array.print
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @full_static
// CHECK-NOT: array.full
// CHECK-DAG: %[[E0:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK-DAG: %[[V0:.*]] = arith.constant 1.500000e+00 : f32
// CHECK: %[[F0:.*]] = linalg.fill ins(%[[V0]] : f32) outs(%[[E0]] : tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK-DAG: %[[E1:.*]] = tensor.empty() : tensor<8xi32>
// CHECK-DAG: %[[V1:.*]] = arith.constant -7 : i32
// CHECK: %[[F1:.*]] = linalg.fill ins(%[[V1]] : i32) outs(%[[E1]] : tensor<8xi32>) -> tensor<8xi32>
// CHECK-DAG: %[[E2:.*]] = tensor.empty() : tensor<i64>
// CHECK-DAG: %[[V2:.*]] = arith.constant 9223372036854775807 : i64
// CHECK: %[[F2:.*]] = linalg.fill ins(%[[V2]] : i64) outs(%[[E2]] : tensor<i64>) -> tensor<i64>
// CHECK: return %[[F0]], %[[F1]], %[[F2]]
func.func @full_static() -> (tensor<4x3xf32>, tensor<8xi32>, tensor<i64>) {
  %0 = array.full 1.5 : tensor<4x3xf32>
  %1 = array.full -7 : tensor<8xi32>
  %2 = array.full 9223372036854775807 : tensor<i64>
  return %0, %1, %2 : tensor<4x3xf32>, tensor<8xi32>, tensor<i64>
}

// -----

// The fill value keeps its exact bits: infinities, NaN, signed zero, extremes.
// CHECK-LABEL: func.func @full_special
// CHECK: %[[V0:.*]] = arith.constant 0x7F800000 : f32
// CHECK-NEXT: linalg.fill ins(%[[V0]] : f32) outs(%{{.*}} : tensor<2xf32>)
// CHECK: %[[V1:.*]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT: linalg.fill ins(%[[V1]] : f32) outs(%{{.*}} : tensor<2xf32>)
// CHECK: %[[V2:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: linalg.fill ins(%[[V2]] : f32) outs(%{{.*}} : tensor<2xf32>)
// CHECK: %[[V3:.*]] = arith.constant 0x7FF8000000000000 : f64
// CHECK-NEXT: linalg.fill ins(%[[V3]] : f64) outs(%{{.*}} : tensor<2xf64>)
// CHECK: %[[V4:.*]] = arith.constant -0.000000e+00 : f64
// CHECK-NEXT: linalg.fill ins(%[[V4]] : f64) outs(%{{.*}} : tensor<2xf64>)
// CHECK: %[[V5:.*]] = arith.constant 3.40282347E+38 : f32
// CHECK-NEXT: linalg.fill ins(%[[V5]] : f32) outs(%{{.*}} : tensor<2xf32>)
// CHECK: %[[V6:.*]] = arith.constant 4.940660e-324 : f64
// CHECK-NEXT: linalg.fill ins(%[[V6]] : f64) outs(%{{.*}} : tensor<2xf64>)
// CHECK: %[[V7:.*]] = arith.constant 1.000000e-01 : f64
// CHECK-NEXT: linalg.fill ins(%[[V7]] : f64) outs(%{{.*}} : tensor<2xf64>)
// CHECK-NOT: linalg.fill
func.func @full_special() {
  %0 = array.full inf : tensor<2xf32>
  %1 = array.full -inf : tensor<2xf32>
  %2 = array.full nan : tensor<2xf32>
  %3 = array.full nan : tensor<2xf64>
  %4 = array.full -0.0 : tensor<2xf64>
  %5 = array.full 3.4028234663852886e38 : tensor<2xf32>
  %6 = array.full 4.9406564584124654e-324 : tensor<2xf64>
  %7 = array.full 0.1 : tensor<2xf64>
  return
}

// -----

// CHECK-LABEL: func.func @constant
// CHECK-NOT: array.constant
// CHECK-DAG: %[[C0:.*]] = arith.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-DAG: %[[C1:.*]] = arith.constant dense<-3> : tensor<3xi64>
// CHECK-DAG: %[[C2:.*]] = arith.constant dense<2.500000e-01> : tensor<f64>
// CHECK-DAG: %[[C3:.*]] = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
// CHECK: return %[[C0]], %[[C1]], %[[C2]], %[[C3]]
func.func @constant() -> (tensor<2x2xf32>, tensor<3xi64>, tensor<f64>, tensor<3xi32>) {
  %0 = array.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %1 = array.constant dense<-3> : tensor<3xi64>
  %2 = array.constant dense<0.25> : tensor<f64>
  %3 = array.constant dense<[1, 2, 3]> : tensor<3xi32>
  return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<3xi64>, tensor<f64>, tensor<3xi32>
}

// -----

//===----------------------------------------------------------------------===//
// array.full with dynamic sizes
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @full_dynamic
// CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-NOT: array.full
// CHECK: %[[E0:.*]] = tensor.empty(%[[N]]) : tensor<?x8xi64>
// CHECK: %[[V0:.*]] = arith.constant 0 : i64
// CHECK: %[[F0:.*]] = linalg.fill ins(%[[V0]] : i64) outs(%[[E0]] : tensor<?x8xi64>) -> tensor<?x8xi64>
// CHECK: %[[E1:.*]] = tensor.empty(%[[N]], %[[M]]) : tensor<?x3x?xf32>
// CHECK: %[[V1:.*]] = arith.constant -1.250000e+00 : f32
// CHECK: %[[F1:.*]] = linalg.fill ins(%[[V1]] : f32) outs(%[[E1]] : tensor<?x3x?xf32>) -> tensor<?x3x?xf32>
// The sizes keep their order.
// CHECK: %[[E2:.*]] = tensor.empty(%[[M]], %[[N]]) : tensor<?x?xf64>
// CHECK: %[[V2:.*]] = arith.constant 0x7FF8000000000000 : f64
// CHECK: %[[F2:.*]] = linalg.fill ins(%[[V2]] : f64) outs(%[[E2]] : tensor<?x?xf64>) -> tensor<?x?xf64>
// CHECK-NOT: cf.assert
// CHECK: return %[[F0]], %[[F1]], %[[F2]]
func.func @full_dynamic(%n: index, %m: index) -> (tensor<?x8xi64>, tensor<?x3x?xf32>, tensor<?x?xf64>) {
  %0 = array.full(%n) 0 : tensor<?x8xi64>
  %1 = array.full(%n, %m) -1.25 : tensor<?x3x?xf32>
  %2 = array.full(%m, %n) nan : tensor<?x?xf64>
  return %0, %1, %2 : tensor<?x8xi64>, tensor<?x3x?xf32>, tensor<?x?xf64>
}

// -----

// A dynamic full feeding a dynamic op: the op reads the size back with
// tensor.dim, and print stays on the lowered tensor.
// CHECK-LABEL: func.func @full_then_add
// CHECK-SAME: (%[[N:.*]]: index, %[[A:.*]]: tensor<?xi32>)
// CHECK: %[[F:.*]] = linalg.fill
// CHECK: %[[DF:.*]] = tensor.dim %[[F]], %{{.*}} : tensor<?xi32>
// CHECK: %[[DA:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?xi32>
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[DA]], %[[DF]] : index
// CHECK: cf.assert %[[EQ]], "{{.*}}array.add: operand sizes differ at run time in dimension 0
// CHECK: %[[R:.*]] = linalg.generic
// CHECK-SAME: ins(%[[F]], %[[A]] : tensor<?xi32>, tensor<?xi32>)
// CHECK: array.print %[[R]] : tensor<?xi32>
func.func @full_then_add(%n: index, %a: tensor<?xi32>) {
  %0 = array.full(%n) 1 : tensor<?xi32>
  %1 = array.add %0, %a : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  array.print %1 : tensor<?xi32>
  return
}

// -----

// array.empty is a tensor.empty: nothing writes its elements.
// CHECK-LABEL: func.func @empty
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK-NEXT: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x8xi64>
// CHECK-NEXT: return %[[E]]
func.func @empty(%n: index) -> tensor<?x8xi64> {
  %0 = array.empty(%n) : tensor<?x8xi64>
  return %0 : tensor<?x8xi64>
}
