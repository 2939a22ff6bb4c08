// RUN: array-opt %s -array-gpu-matmul-to-blas -split-input-file | FileCheck %s
// RUN: array-opt %s -array-gpu-matmul-to-blas="tf32=true" -split-input-file | FileCheck %s --check-prefix=TF32

// A plain product; its result gets a fresh destination.
// CHECK-LABEL: func.func @plain
// CHECK-SAME: (%[[A:.+]]: tensor<64x32xf32>, %[[B:.+]]: tensor<32x16xf32>)
// CHECK: %[[INIT:.+]] = tensor.empty() : tensor<64x16xf32>
// CHECK: %[[C:.+]] = arrayrt.blas_matmul %[[A]], %[[B]] into %[[INIT]] : tensor<64x32xf32>, tensor<32x16xf32>, tensor<64x16xf32> -> tensor<64x16xf32>
// CHECK-NOT: array.matmul
// CHECK: return %[[C]]
// TF32-LABEL: func.func @plain
// TF32: arrayrt.blas_matmul {{.*}} {tf32}
func.func @plain(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>) -> tensor<64x16xf32> {
  %0 = array.matmul %a, %b : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  return %0 : tensor<64x16xf32>
}

// -----

// Bias (either side of the add) and ReLU fold into one call.
// CHECK-LABEL: func.func @bias_relu
// CHECK-SAME: (%[[A:.+]]: tensor<8x4xf16>, %[[B:.+]]: tensor<4x6xf16>, %[[BIAS:.+]]: tensor<6xf16>)
// CHECK: %[[C:.+]] = arrayrt.blas_matmul %[[A]], %[[B]] bias %[[BIAS]] : tensor<6xf16> into %{{.+}} {epilogue = #arrayrt<epilogue relu>}
// CHECK-NOT: array.add
// CHECK-NOT: array.maximum
// CHECK: return %[[C]]
func.func @bias_relu(%a: tensor<8x4xf16>, %b: tensor<4x6xf16>, %bias: tensor<6xf16>) -> tensor<8x6xf16> {
  %zero = array.full 0.0 : tensor<f16>
  %0 = array.matmul %a, %b : (tensor<8x4xf16>, tensor<4x6xf16>) -> tensor<8x6xf16>
  %1 = array.add %bias, %0 : (tensor<6xf16>, tensor<8x6xf16>) -> tensor<8x6xf16>
  %2 = array.maximum %zero, %1 : (tensor<f16>, tensor<8x6xf16>) -> tensor<8x6xf16>
  return %2 : tensor<8x6xf16>
}

// -----

// A scalar factor and a quotient become alpha, before the bias.
// CHECK-LABEL: func.func @alpha_bias
// CHECK: arrayrt.blas_matmul %{{.+}}, %{{.+}} bias %{{.+}} : tensor<6xbf16> into %{{.+}} {alpha = 1.250000e-01 : f64}
// CHECK-NOT: array.mul
// CHECK-NOT: array.div
func.func @alpha_bias(%a: tensor<8x4xbf16>, %b: tensor<4x6xbf16>, %bias: tensor<6xbf16>) -> tensor<8x6xbf16> {
  %half = array.full 0.5 : tensor<bf16>
  %four = array.constant dense<4.0> : tensor<1x1xbf16>
  %0 = array.matmul %a, %b : (tensor<8x4xbf16>, tensor<4x6xbf16>) -> tensor<8x6xbf16>
  %1 = array.mul %half, %0 : (tensor<bf16>, tensor<8x6xbf16>) -> tensor<8x6xbf16>
  %2 = array.div %1, %four : (tensor<8x6xbf16>, tensor<1x1xbf16>) -> tensor<8x6xbf16>
  %3 = array.add %2, %bias : (tensor<8x6xbf16>, tensor<6xbf16>) -> tensor<8x6xbf16>
  return %3 : tensor<8x6xbf16>
}

// -----

// GELU's tanh form with a bias: the GELU_BIAS epilogue; the constants are
// compared after rounding to bf16.
// CHECK-LABEL: func.func @gelu_tanh
// CHECK: %[[C:.+]] = arrayrt.blas_matmul %{{.+}}, %{{.+}} bias %{{.+}} : tensor<6xbf16> into %{{.+}} {epilogue = #arrayrt<epilogue gelu_tanh>}
// CHECK-NOT: array.tanh
// CHECK: return %[[C]]
func.func @gelu_tanh(%a: tensor<8x4xbf16>, %b: tensor<4x6xbf16>, %bias: tensor<6xbf16>) -> tensor<8x6xbf16> {
  %p = array.matmul %a, %b : (tensor<8x4xbf16>, tensor<4x6xbf16>) -> tensor<8x6xbf16>
  %x = array.add %p, %bias : (tensor<8x6xbf16>, tensor<6xbf16>) -> tensor<8x6xbf16>
  %half = array.full 0.5 : tensor<bf16>
  %one = array.full 1.0 : tensor<bf16>
  %c = array.full 0.044715 : tensor<bf16>
  %k = array.full 0.7978845608028654 : tensor<bf16>
  %three = array.full 3.0 : tensor<bf16>
  %x3 = array.power %x, %three : (tensor<8x6xbf16>, tensor<bf16>) -> tensor<8x6xbf16>
  %cx3 = array.mul %c, %x3 : (tensor<bf16>, tensor<8x6xbf16>) -> tensor<8x6xbf16>
  %inner = array.add %x, %cx3 : (tensor<8x6xbf16>, tensor<8x6xbf16>) -> tensor<8x6xbf16>
  %s = array.mul %inner, %k : (tensor<8x6xbf16>, tensor<bf16>) -> tensor<8x6xbf16>
  %t = array.tanh %s : tensor<8x6xbf16>
  %t1 = array.add %t, %one : (tensor<8x6xbf16>, tensor<bf16>) -> tensor<8x6xbf16>
  %h = array.mul %t1, %half : (tensor<8x6xbf16>, tensor<bf16>) -> tensor<8x6xbf16>
  %y = array.mul %x, %h : (tensor<8x6xbf16>, tensor<8x6xbf16>) -> tensor<8x6xbf16>
  return %y : tensor<8x6xbf16>
}

// -----

// GELU's erf form is not cuBLASLt's GELU: only the bias folds.
// CHECK-LABEL: func.func @gelu_erf
// CHECK: %[[C:.+]] = arrayrt.blas_matmul %{{.+}}, %{{.+}} bias %{{.+}} : tensor<6xf32> into %{{.+}} :
// CHECK: array.erf
func.func @gelu_erf(%a: tensor<8x4xf32>, %b: tensor<4x6xf32>, %bias: tensor<6xf32>) -> tensor<8x6xf32> {
  %p = array.matmul %a, %b : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %x = array.add %p, %bias : (tensor<8x6xf32>, tensor<6xf32>) -> tensor<8x6xf32>
  %half = array.full 0.5 : tensor<f32>
  %one = array.full 1.0 : tensor<f32>
  %r = array.full 0.7071067811865476 : tensor<f32>
  %xs = array.mul %x, %r : (tensor<8x6xf32>, tensor<f32>) -> tensor<8x6xf32>
  %e = array.erf %xs : tensor<8x6xf32>
  %e1 = array.add %e, %one : (tensor<8x6xf32>, tensor<f32>) -> tensor<8x6xf32>
  %hx = array.mul %x, %half : (tensor<8x6xf32>, tensor<f32>) -> tensor<8x6xf32>
  %y = array.mul %hx, %e1 : (tensor<8x6xf32>, tensor<8x6xf32>) -> tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}

// -----

// A value read elsewhere too stays: the bias add is not folded when the
// product has another user; a bias that is not a row vector, or of
// another element type, stays an add.
// CHECK-LABEL: func.func @not_folded
// CHECK: %[[P:.+]] = arrayrt.blas_matmul %{{.+}}, %{{.+}} into %{{.+}} :
// CHECK: array.add %[[P]]
// CHECK: %[[Q:.+]] = arrayrt.blas_matmul %{{.+}}, %{{.+}} into %{{.+}} :
// CHECK: array.add %[[Q]]
// CHECK: %[[R:.+]] = arrayrt.blas_matmul %{{.+}}, %{{.+}} into %{{.+}} :
// CHECK: array.add %[[R]]
func.func @not_folded(%a: tensor<8x4xf32>, %b: tensor<4x6xf32>, %bias: tensor<6xf32>, %col: tensor<8x1xf32>, %h: tensor<6xf16>) -> (tensor<8x6xf32>, tensor<8x6xf32>, tensor<8x6xf32>, tensor<8x6xf32>) {
  %p = array.matmul %a, %b : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %x = array.add %p, %bias : (tensor<8x6xf32>, tensor<6xf32>) -> tensor<8x6xf32>
  %q = array.matmul %a, %b : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %y = array.add %q, %col : (tensor<8x6xf32>, tensor<8x1xf32>) -> tensor<8x6xf32>
  %r = array.matmul %a, %b : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %z = array.add %r, %h : (tensor<8x6xf32>, tensor<6xf16>) -> tensor<8x6xf32>
  return %p, %x, %y, %z : tensor<8x6xf32>, tensor<8x6xf32>, tensor<8x6xf32>, tensor<8x6xf32>
}

// -----

// A matrix of the result's type added to the product becomes the
// destination, read with beta 1 (-1 when subtracted); a scaling after the
// sum scales alpha and beta; a bias and an activation may follow it.
// CHECK-LABEL: func.func @addend
// CHECK-SAME: (%[[A:.+]]: tensor<8x4xf32>, %[[B:.+]]: tensor<4x6xf32>, %[[C:.+]]: tensor<8x6xf32>, %[[BIAS:.+]]: tensor<6xf32>)
// CHECK-NEXT: %[[S:.+]] = arrayrt.blas_matmul %[[A]], %[[B]] into %[[C]] {beta = 1.000000e+00 : f64}
// CHECK-NEXT: %[[T:.+]] = arrayrt.blas_matmul %[[A]], %[[B]] into %[[C]] {alpha = 3.000000e+00 : f64, beta = 3.000000e+00 : f64}
// CHECK-NEXT: %[[D:.+]] = arrayrt.blas_matmul %[[A]], %[[B]] into %[[C]] {beta = -1.000000e+00 : f64}
// CHECK: %[[R:.+]] = arrayrt.blas_matmul %[[A]], %[[B]] bias %[[BIAS]] : tensor<6xf32> into %[[C]] {beta = 1.000000e+00 : f64, epilogue = #arrayrt<epilogue relu>}
// CHECK-NEXT: return %[[S]], %[[T]], %[[D]], %[[R]]
func.func @addend(%a: tensor<8x4xf32>, %b: tensor<4x6xf32>, %c: tensor<8x6xf32>, %bias: tensor<6xf32>) -> (tensor<8x6xf32>, tensor<8x6xf32>, tensor<8x6xf32>, tensor<8x6xf32>) {
  %p = array.matmul %a, %b : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %s = array.add %p, %c : (tensor<8x6xf32>, tensor<8x6xf32>) -> tensor<8x6xf32>
  %p2 = array.matmul %a, %b : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %s2 = array.add %c, %p2 : (tensor<8x6xf32>, tensor<8x6xf32>) -> tensor<8x6xf32>
  %three = array.full 3.0 : tensor<f32>
  %t = array.mul %s2, %three : (tensor<8x6xf32>, tensor<f32>) -> tensor<8x6xf32>
  %p3 = array.matmul %a, %b : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %d = array.sub %p3, %c : (tensor<8x6xf32>, tensor<8x6xf32>) -> tensor<8x6xf32>
  %p4 = array.matmul %a, %b : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %s4 = array.add %p4, %c : (tensor<8x6xf32>, tensor<8x6xf32>) -> tensor<8x6xf32>
  %sb = array.add %s4, %bias : (tensor<8x6xf32>, tensor<6xf32>) -> tensor<8x6xf32>
  %zero = array.full 0.0 : tensor<f32>
  %r = array.maximum %sb, %zero : (tensor<8x6xf32>, tensor<f32>) -> tensor<8x6xf32>
  return %s, %t, %d, %r : tensor<8x6xf32>, tensor<8x6xf32>, tensor<8x6xf32>, tensor<8x6xf32>
}

// -----

// C - A @ B negates alpha. Not folded: a second matrix add, and a matrix
// of another type (broadcast).
// CHECK-LABEL: func.func @addend_negated_and_not_folded
// CHECK: %[[P:.+]] = arrayrt.blas_matmul %{{.+}}, %{{.+}} into %{{.+}} {alpha = -1.000000e+00 : f64, beta = 1.000000e+00 : f64}
// CHECK: %[[Q:.+]] = arrayrt.blas_matmul %{{.+}}, %{{.+}} into %{{.+}} {beta = 1.000000e+00 : f64}
// CHECK-NEXT: array.add %[[Q]]
// CHECK: %[[R:.+]] = arrayrt.blas_matmul %{{.+}}, %{{.+}} into %{{.+}} :
// CHECK-NEXT: array.add %[[R]]
// CHECK-NEXT: return %[[P]],
func.func @addend_negated_and_not_folded(%a: tensor<8x4xf32>, %b: tensor<4x6xf32>, %c: tensor<8x6xf32>, %b3: tensor<2x8x6xf32>) -> (tensor<8x6xf32>, tensor<8x6xf32>, tensor<2x8x6xf32>) {
  %p = array.matmul %a, %b : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %d = array.sub %c, %p : (tensor<8x6xf32>, tensor<8x6xf32>) -> tensor<8x6xf32>
  %q = array.matmul %a, %b : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %s = array.add %q, %c : (tensor<8x6xf32>, tensor<8x6xf32>) -> tensor<8x6xf32>
  %s2 = array.add %s, %c : (tensor<8x6xf32>, tensor<8x6xf32>) -> tensor<8x6xf32>
  %r = array.matmul %a, %b : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %w = array.add %r, %b3 : (tensor<8x6xf32>, tensor<2x8x6xf32>) -> tensor<2x8x6xf32>
  return %d, %s2, %w : tensor<8x6xf32>, tensor<8x6xf32>, tensor<2x8x6xf32>
}

// -----

// Transposes of the last two dimensions fold into the flags, in a batch
// too; precision = "tf32" sets tf32, "highest" keeps it off under the flag.
// CHECK-LABEL: func.func @transposes
// CHECK-SAME: (%[[A:.+]]: tensor<32x64xf32>, %[[B:.+]]: tensor<16x32xf32>, %[[X:.+]]: tensor<5x8x3xf32>, %[[Y:.+]]: tensor<8x4xf32>)
// CHECK: arrayrt.blas_matmul %[[A]], %[[B]] into %{{.+}} {tf32, transpose_lhs, transpose_rhs} : tensor<32x64xf32>, tensor<16x32xf32>
// CHECK: arrayrt.blas_matmul %[[X]], %[[Y]] into %{{.+}} {transpose_lhs} : tensor<5x8x3xf32>, tensor<8x4xf32>, tensor<5x3x4xf32>
// TF32-LABEL: func.func @transposes
// TF32: arrayrt.blas_matmul {{.*}} {tf32, transpose_lhs, transpose_rhs}
// TF32: arrayrt.blas_matmul {{.*}} {transpose_lhs}
func.func @transposes(%a: tensor<32x64xf32>, %b: tensor<16x32xf32>, %x: tensor<5x8x3xf32>, %y: tensor<8x4xf32>) -> (tensor<64x16xf32>, tensor<5x3x4xf32>) {
  %at = array.transpose %a : tensor<32x64xf32> -> tensor<64x32xf32>
  %bt = array.transpose %b permutation [1, 0] : tensor<16x32xf32> -> tensor<32x16xf32>
  %0 = array.matmul %at, %bt {precision = "tf32"} : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %xt = array.transpose %x permutation [0, 2, 1] : tensor<5x8x3xf32> -> tensor<5x3x8xf32>
  %1 = array.matmul %xt, %y {precision = "highest"} : (tensor<5x3x8xf32>, tensor<8x4xf32>) -> tensor<5x3x4xf32>
  return %0, %1 : tensor<64x16xf32>, tensor<5x3x4xf32>
}

// -----

// Dynamic sizes come from the operands; a broadcast lhs batch is kept.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[A:.+]]: tensor<1x?x8xf64>, %[[B:.+]]: tensor<?x8x?xf64>)
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG: %[[D0:.+]] = tensor.dim %[[B]], %[[C0]]
// CHECK-DAG: %[[D1:.+]] = tensor.dim %[[A]], %[[C1]]
// CHECK-DAG: %[[D2:.+]] = tensor.dim %[[B]], %[[C2]]
// CHECK: %[[INIT:.+]] = tensor.empty(%[[D0]], %[[D1]], %[[D2]]) : tensor<?x?x?xf64>
// CHECK: arrayrt.blas_matmul %[[A]], %[[B]] into %[[INIT]] {alpha = 2.000000e+00 : f64}
func.func @dynamic(%a: tensor<1x?x8xf64>, %b: tensor<?x8x?xf64>) -> tensor<?x?x?xf64> {
  %two = array.full 2.0 : tensor<f64>
  %0 = array.matmul %a, %b : (tensor<1x?x8xf64>, tensor<?x8x?xf64>) -> tensor<?x?x?xf64>
  %1 = array.mul %0, %two : (tensor<?x?x?xf64>, tensor<f64>) -> tensor<?x?x?xf64>
  return %1 : tensor<?x?x?xf64>
}

// -----

// What stays for linalg: integers, mixed types, vectors, N-D dot, batch
// dimensions that broadcast partly; f64 keeps its bias add.
// CHECK-LABEL: func.func @kept
// CHECK: array.matmul %{{.+}} : (tensor<4x4xi32>
// CHECK: array.matmul %{{.+}} : (tensor<4x4xf16>, tensor<4x4xf32>)
// CHECK: array.matmul %{{.+}} : (tensor<4x4xf32>, tensor<4xf32>)
// CHECK: array.dot %{{.+}} : (tensor<2x4x4xf32>, tensor<4x4xf32>)
// CHECK: array.matmul %{{.+}} : (tensor<2x1x4x4xf32>, tensor<1x3x4x4xf32>)
// CHECK: %[[D:.+]] = arrayrt.blas_matmul
// CHECK: array.add %[[D]]
func.func @kept(%i: tensor<4x4xi32>, %h: tensor<4x4xf16>, %f: tensor<4x4xf32>, %v: tensor<4xf32>, %t: tensor<2x4x4xf32>, %p: tensor<2x1x4x4xf32>, %q: tensor<1x3x4x4xf32>, %d: tensor<4x4xf64>, %bias: tensor<4xf64>) -> (tensor<4x4xi32>, tensor<4x4xf32>, tensor<4xf32>, tensor<2x4x4xf32>, tensor<2x3x4x4xf32>, tensor<4x4xf64>) {
  %0 = array.matmul %i, %i : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi32>
  %1 = array.matmul %h, %f : (tensor<4x4xf16>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %2 = array.matmul %f, %v : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = array.dot %t, %f : (tensor<2x4x4xf32>, tensor<4x4xf32>) -> tensor<2x4x4xf32>
  %4 = array.matmul %p, %q : (tensor<2x1x4x4xf32>, tensor<1x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %5 = array.matmul %d, %d : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xf64>
  %6 = array.add %5, %bias : (tensor<4x4xf64>, tensor<4xf64>) -> tensor<4x4xf64>
  return %0, %1, %2, %3, %4, %6 : tensor<4x4xi32>, tensor<4x4xf32>, tensor<4xf32>, tensor<2x4x4xf32>, tensor<2x3x4x4xf32>, tensor<4x4xf64>
}

// -----

// The CPU target (host): float32 and float64 products go to the CPU's BLAS
// with their scaling; float16 products and bias or activation epilogues,
// which the BLAS does not have, stay array ops.
// RUN: array-opt %s -array-gpu-matmul-to-blas="host=true" -split-input-file | FileCheck %s --check-prefix=HOST
// HOST-LABEL: func.func @host_f32
// HOST: arrayrt.blas_matmul {{.*}} {alpha = 5.000000e-01 : f64, host}
// HOST-LABEL: func.func @host_f16
// HOST-NOT: arrayrt.blas_matmul
// HOST: array.matmul
// HOST-LABEL: func.func @host_bias_relu
// HOST: %[[P:.+]] = arrayrt.blas_matmul {{.*}} {host}
// HOST: array.add %[[P]]
// HOST: array.maximum
func.func @host_f32(%a: tensor<8x4xf32>, %b: tensor<4x2xf32>) -> tensor<8x2xf32> {
  %p = array.matmul %a, %b : (tensor<8x4xf32>, tensor<4x2xf32>) -> tensor<8x2xf32>
  %h = array.full 0.5 : tensor<f32>
  %y = array.mul %p, %h : (tensor<8x2xf32>, tensor<f32>) -> tensor<8x2xf32>
  return %y : tensor<8x2xf32>
}
func.func @host_f16(%a: tensor<8x4xf16>, %b: tensor<4x2xf16>) -> tensor<8x2xf16> {
  %p = array.matmul %a, %b : (tensor<8x4xf16>, tensor<4x2xf16>) -> tensor<8x2xf16>
  return %p : tensor<8x2xf16>
}
func.func @host_bias_relu(%a: tensor<8x4xf32>, %b: tensor<4x2xf32>, %bias: tensor<2xf32>) -> tensor<8x2xf32> {
  %p = array.matmul %a, %b : (tensor<8x4xf32>, tensor<4x2xf32>) -> tensor<8x2xf32>
  %s = array.add %p, %bias : (tensor<8x2xf32>, tensor<2xf32>) -> tensor<8x2xf32>
  %z = array.full 0.0 : tensor<f32>
  %y = array.maximum %s, %z : (tensor<8x2xf32>, tensor<f32>) -> tensor<8x2xf32>
  return %y : tensor<8x2xf32>
}

// -----

// A sharded program (a grid of processes) keeps its products: upstream's
// partitioning splits linalg.matmul, not a library call.
// CHECK-LABEL: func.func @sharded
// CHECK: array.matmul
// CHECK-NOT: arrayrt.blas_matmul
shard.grid @ranks(shape = 2) {sym_visibility = "private"}
func.func @sharded(%a: tensor<8x4xf32>, %b: tensor<4x2xf32>) -> tensor<8x2xf32> {
  %c = array.matmul %a, %b : (tensor<8x4xf32>, tensor<4x2xf32>) -> tensor<8x2xf32>
  return %c : tensor<8x2xf32>
}
