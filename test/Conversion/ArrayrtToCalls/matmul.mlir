// RUN: array-opt %s -convert-arrayrt-to-calls -split-input-file -verify-diagnostics | FileCheck %s

// arrayrt.blas_matmul on buffers becomes one arrayrt_matmul call: the four
// buffers as (rank, descriptor) pairs of unranked memrefs (a missing bias:
// rank 0 and null), dtype F16 (9), epilogue GELU_BIAS (2 + 3), flags
// TRANSPOSE_RHS (2), alpha, beta 0, the location string and a null
// stream (the legacy default stream: the op has no `on %stream`). The
// values agree with arrayrt.h.

// CHECK-LABEL: module
// CHECK-DAG: llvm.mlir.global internal constant @arrayrt_location("{{.*}}matmul.mlir:[[@LINE+20]]:3\00")
// CHECK-DAG: func.func private @arrayrt_matmul(i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i32, i32, i32, f64, f64, !llvm.ptr, !llvm.ptr)
// CHECK-LABEL: func.func @gelu_bias
// CHECK-SAME: (%[[A:.+]]: memref<8x4xf16>, %[[B:.+]]: memref<6x4xf16>, %[[BIAS:.+]]: memref<6xf16>, %[[C:.+]]: memref<8x6xf16>)
// CHECK-DAG: %[[NULL:.+]] = llvm.mlir.zero : !llvm.ptr
// CHECK-DAG: %[[LOC:.+]] = llvm.mlir.addressof @arrayrt_location
// CHECK-DAG: %[[DTYPE:.+]] = arith.constant 9 : i32
// CHECK-DAG: %[[EPILOGUE:.+]] = arith.constant 5 : i32
// CHECK-DAG: %[[FLAGS:.+]] = arith.constant 2 : i32
// CHECK-DAG: %[[ALPHA:.+]] = arith.constant 1.250000e-01 : f64
// CHECK-DAG: %[[BETA:.+]] = arith.constant 0.000000e+00 : f64
// CHECK: %[[CA:.+]] = memref.cast %[[A]] : memref<8x4xf16> to memref<*xf16>
// CHECK: %[[DA:.+]] = builtin.unrealized_conversion_cast %[[CA]]
// CHECK: %[[RA:.+]] = llvm.extractvalue %[[DA]][0]
// CHECK: %[[PA:.+]] = llvm.extractvalue %[[DA]][1]
// CHECK: memref.cast %[[B]] : memref<6x4xf16> to memref<*xf16>
// CHECK: memref.cast %[[BIAS]] : memref<6xf16> to memref<*xf16>
// CHECK: memref.cast %[[C]] : memref<8x6xf16> to memref<*xf16>
// CHECK: call @arrayrt_matmul(%[[RA]], %[[PA]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[DTYPE]], %[[EPILOGUE]], %[[FLAGS]], %[[ALPHA]], %[[BETA]], %[[LOC]], %[[NULL]])
func.func @gelu_bias(%a: memref<8x4xf16>, %b: memref<6x4xf16>, %bias: memref<6xf16>, %c: memref<8x6xf16>) {
  arrayrt.blas_matmul %a, %b bias %bias : memref<6xf16> into %c {alpha = 0.125 : f64, epilogue = #arrayrt<epilogue gelu_tanh>, transpose_rhs} : memref<8x4xf16>, memref<6x4xf16>, memref<8x6xf16>
  return
}

// -----

// No bias: rank 0 and a null descriptor; F32 (11), RELU (1), flags
// TRANSPOSE_LHS | TF32 (1 | 4).
// CHECK-LABEL: func.func @relu_batched
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0 : i64
// CHECK-DAG: %[[NULL:.+]] = llvm.mlir.zero : !llvm.ptr
// CHECK-DAG: %[[DTYPE:.+]] = arith.constant 11 : i32
// CHECK-DAG: %[[EPILOGUE:.+]] = arith.constant 1 : i32
// CHECK-DAG: %[[FLAGS:.+]] = arith.constant 5 : i32
// CHECK: call @arrayrt_matmul(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[ZERO]], %[[NULL]], %{{.+}}, %{{.+}}, %[[DTYPE]], %[[EPILOGUE]], %[[FLAGS]]
func.func @relu_batched(%a: memref<3x4x8xf32>, %b: memref<4x6xf32>, %c: memref<3x8x6xf32>) {
  arrayrt.blas_matmul %a, %b into %c {epilogue = #arrayrt<epilogue relu>, transpose_lhs, tf32} : memref<3x4x8xf32>, memref<4x6xf32>, memref<3x8x6xf32>
  return
}

// -----

func.func @on_tensors(%a: tensor<8x4xf32>, %b: tensor<4x6xf32>, %c: tensor<8x6xf32>) -> tensor<8x6xf32> {
  // expected-error @+1 {{'arrayrt.blas_matmul' op must be bufferized before convert-arrayrt-to-calls}}
  %0 = arrayrt.blas_matmul %a, %b into %c : tensor<8x4xf32>, tensor<4x6xf32>, tensor<8x6xf32> -> tensor<8x6xf32>
  return %0 : tensor<8x6xf32>
}

// -----

// beta (out read as cuBLASLt's C) is passed as it is.
// CHECK-LABEL: func.func @beta
// CHECK-DAG: %[[ALPHA:.+]] = arith.constant -1.000000e+00 : f64
// CHECK-DAG: %[[BETA:.+]] = arith.constant 2.000000e+00 : f64
// CHECK: call @arrayrt_matmul({{.*}}, %[[ALPHA]], %[[BETA]], %{{.+}}, %{{.+}})
func.func @beta(%a: memref<8x4xf32>, %b: memref<4x6xf32>, %c: memref<8x6xf32>) {
  arrayrt.blas_matmul %a, %b into %c {alpha = -1.0 : f64, beta = 2.0 : f64} : memref<8x4xf32>, memref<4x6xf32>, memref<8x6xf32>
  return
}
