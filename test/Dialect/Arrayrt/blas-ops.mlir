// RUN: array-opt %s | array-opt | FileCheck %s
// RUN: array-opt %s --mlir-print-op-generic | array-opt | FileCheck %s

// CHECK-LABEL: func.func @blas_matmul
func.func @blas_matmul(%s: !arrayrt.stream, %a: tensor<4x3xf32>, %b: tensor<2x3xf32>, %bias: tensor<2xf32>, %c: tensor<4x2xf32>,
                       %x: memref<5x3x4xbf16>, %y: memref<3x2xbf16>, %z: memref<5x4x2xbf16>) -> tensor<4x2xf32> {
  // CHECK: arrayrt.blas_matmul %{{.+}}, %{{.+}} bias %{{.+}} : tensor<2xf32> into %{{.+}} {alpha = 5.000000e-01 : f64, epilogue = #arrayrt<epilogue gelu_tanh>, tf32, transpose_rhs} : tensor<4x3xf32>, tensor<2x3xf32>, tensor<4x2xf32> -> tensor<4x2xf32>
  %0 = arrayrt.blas_matmul %a, %b bias %bias : tensor<2xf32> into %c {alpha = 0.5 : f64, epilogue = #arrayrt<epilogue gelu_tanh>, tf32, transpose_rhs} : tensor<4x3xf32>, tensor<2x3xf32>, tensor<4x2xf32> -> tensor<4x2xf32>
  // CHECK: arrayrt.blas_matmul %{{.+}}, %{{.+}} into %{{.+}} on %{{.+}} {transpose_lhs} : memref<5x3x4xbf16>, memref<3x2xbf16>, memref<5x4x2xbf16>
  arrayrt.blas_matmul %x, %y into %z on %s {transpose_lhs} : memref<5x3x4xbf16>, memref<3x2xbf16>, memref<5x4x2xbf16>
  return %0 : tensor<4x2xf32>
}
