// RUN: array-opt %s -array-reject-sparse -split-input-file -verify-diagnostics | FileCheck %s

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

// What array-gpu-sparse lowers passes unchanged.
// CHECK-LABEL: func.func @supported
// CHECK: array.to_sparse
// CHECK: array.csr_matrix
// CHECK: array.load_mtx
func.func @supported(%d: tensor<?x?xf32>, %x: tensor<?xf32>, %b: tensor<?x8xf32>,
                     %v: tensor<?xf32>, %i: tensor<?xi32>, %p: tensor<?xi32>) -> tensor<?x?xf64> {
  %a = array.to_sparse %d : tensor<?x?xf32> -> tensor<?x?xf32, #CSR>
  %y = array.spmv %a, %x : (tensor<?x?xf32, #CSR>, tensor<?xf32>) -> tensor<?xf32>
  %c = array.spmm %a, %b : (tensor<?x?xf32, #CSR>, tensor<?x8xf32>) -> tensor<?x8xf32>
  %n = array.nnz %a : tensor<?x?xf32, #CSR>
  %c0 = arith.constant 0 : index
  %rows = tensor.dim %a, %c0 : tensor<?x?xf32, #CSR>
  %e = array.csr_matrix %v, %i, %p : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x4xf32, #CSR>
  %f = array.to_dense %e : tensor<?x4xf32, #CSR> -> tensor<?x4xf32>
  %m = array.load_mtx "a.mtx" : tensor<?x?xf64, #CSR>
  %m2 = array.spgemm %m, %m : tensor<?x?xf64, #CSR>, tensor<?x?xf64, #CSR> -> tensor<?x?xf64, #CSR>
  %g = array.to_dense %m2 : tensor<?x?xf64, #CSR> -> tensor<?x?xf64>
  return %g : tensor<?x?xf64>
}

// -----

#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>
#CSR32 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#CSC32 = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed), posWidth = 32, crdWidth = 32}>

// CSC and COO matrices (held as CSR on the GPU), conversions between
// formats of one index width, 32-bit sums, scaling and transposes pass.
// CHECK-LABEL: func.func @formats
// CHECK: array.load_mtx
// CHECK: array.sparse_add
// CHECK: array.sparse_scale
// CHECK: array.sparse_transpose
func.func @formats(%d: tensor<4x6xf32>) {
  %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #CSC>
  %b = array.to_sparse %a : tensor<4x6xf32, #CSC> -> tensor<4x6xf32, #COO>
  %m = array.load_mtx "a.mtx" : tensor<?x?xf32, #COO>
  %c = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #CSC32>
  %e = array.sparse_add %c, %c : tensor<4x6xf32, #CSC32>
  %f = array.sparse_scale %e by 2.0 : tensor<4x6xf32, #CSC32>
  %t = array.sparse_transpose %f : tensor<4x6xf32, #CSC32> -> tensor<6x4xf32, #CSR32>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSR32 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @index_width(%d: tensor<4x6xf32>) {
  %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #CSR>
  // expected-error @+1 {{'array.to_sparse' op changes the index width of a sparse matrix, which the CUDA target does not support yet; compile with --target=cpu}}
  %b = array.to_sparse %a : tensor<4x6xf32, #CSR> -> tensor<4x6xf32, #CSR32>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// Sums and scaling of matrices with 64-bit (index) positions and
// coordinates pass: the runtime converts them for csrgeam2.
// CHECK-LABEL: func.func @sum_64
// CHECK: array.sparse_add
// CHECK: array.sparse_scale
func.func @sum_64(%d: tensor<4x6xf32>) {
  %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #CSR>
  %b = array.sparse_add %a, %a : tensor<4x6xf32, #CSR>
  %c = array.sparse_scale %a by 2.0 : tensor<4x6xf32, #CSR>
  return
}

// -----

#MIXED = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 64, crdWidth = 32}>

func.func @mixed_widths(%v: tensor<?xf32>, %i: tensor<?xi32>, %p: tensor<?xi64>) {
  // expected-error @+1 {{'array.csr_matrix' op makes a sparse matrix with different posWidth and crdWidth; the CUDA target (cuSPARSE) needs one index width; compile with --target=cpu}}
  %a = array.csr_matrix %v, %i, %p : tensor<?xf32>, tensor<?xi32>, tensor<?xi64> -> tensor<?x4xf32, #MIXED>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @on_stream(%d: tensor<4x6xf32>, %x: tensor<6xf32>) -> tensor<4xf32> {
  %s = array.stream_create
  %y = array.on_stream %s -> tensor<4xf32> {
    // expected-error @+1 {{'array.to_sparse' op uses a sparse matrix inside array.on_stream, which the CUDA target does not support yet; compile with --target=cpu}}
    %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #CSR>
    // expected-error @+1 {{'array.spmv' op uses a sparse matrix inside array.on_stream}}
    %r = array.spmv %a, %x : (tensor<4x6xf32, #CSR>, tensor<6xf32>) -> tensor<4xf32>
    array.stream_yield %r : tensor<4xf32>
  }
  return %y : tensor<4xf32>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// A function whose signature has one, and the return of one.
// expected-error @+1 {{'func.func' op takes or returns a sparse matrix, which cannot cross a function boundary on the CUDA target yet; compile with --target=cpu}}
func.func @arg(%a: tensor<4x6xf32, #CSR>) -> tensor<4x6xf32, #CSR> {
  // expected-error @+1 {{'func.return' op uses a sparse matrix; the CUDA target supports them only in array.to_sparse, array.csr_matrix, array.load_mtx, array.spmv, array.spmm, array.spgemm, array.sddmm, array.sparse_transpose, array.load_sparse, array.to_dense, array.nnz and tensor.dim yet; compile with --target=cpu}}
  return %a : tensor<4x6xf32, #CSR>
}

// -----

#CSR64 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 64, crdWidth = 64}>

// CHECK-LABEL: func.func @transpose_64
// CHECK: array.sparse_transpose
func.func @transpose_64(%d: tensor<4x6xf32>) {
  %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #CSR64>
  %t = array.sparse_transpose %a : tensor<4x6xf32, #CSR64> -> tensor<6x4xf32, #CSR64>
  return
}

// -----

#CSR32 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#CSR64 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 64, crdWidth = 64}>

func.func @transpose_widens(%d: tensor<4x6xf32>) {
  %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #CSR32>
  // expected-error @+1 {{'array.sparse_transpose' op changes the index width of a sparse matrix, which the CUDA target does not support yet; compile with --target=cpu}}
  %t = array.sparse_transpose %a : tensor<4x6xf32, #CSR32> -> tensor<6x4xf32, #CSR64>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

// The transpose of a 32-bit CSR matrix into CSR and the sampled product on
// a CSR pattern pass.
// CHECK-LABEL: func.func @transpose_sddmm
// CHECK: array.sparse_transpose
// CHECK: array.sddmm
func.func @transpose_sddmm(%d: tensor<4x6xf32>, %x: tensor<4x3xf32>, %y: tensor<3x6xf32>) -> (tensor<6x4xf32>, tensor<4x6xf32>) {
  %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #CSR>
  %t = array.sparse_transpose %a : tensor<4x6xf32, #CSR> -> tensor<6x4xf32, #CSR>
  %s = array.sddmm %a, %x, %y : tensor<4x6xf32, #CSR>, tensor<4x3xf32>, tensor<3x6xf32>
  %td = array.to_dense %t : tensor<6x4xf32, #CSR> -> tensor<6x4xf32>
  %sd = array.to_dense %s : tensor<4x6xf32, #CSR> -> tensor<4x6xf32>
  return %td, %sd : tensor<6x4xf32>, tensor<4x6xf32>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

// 16-bit sums and scaling pass: the runtime adds in float32 and scales
// with a kernel of its own.
// CHECK-LABEL: func.func @f16_sum
// CHECK: array.sparse_add
func.func @f16_sum(%d: tensor<4x6xf16>) {
  %a = array.to_sparse %d : tensor<4x6xf16> -> tensor<4x6xf16, #CSR>
  %s = array.sparse_add %a, %a : tensor<4x6xf16, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

// CHECK-LABEL: func.func @bf16_scaling
// CHECK: array.sparse_scale
func.func @bf16_scaling(%d: tensor<4x6xbf16>) {
  %a = array.to_sparse %d : tensor<4x6xbf16> -> tensor<4x6xbf16, #CSR>
  %s = array.sparse_scale %a by 2.0 : tensor<4x6xbf16, #CSR>
  return
}

// -----

// Dense programs pass unchanged.
// CHECK-LABEL: func.func @dense
// CHECK: array.exp
func.func @dense(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = array.exp %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @f16_spgemm(%d: tensor<4x4xf16>) {
  %a = array.to_sparse %d : tensor<4x4xf16> -> tensor<4x4xf16, #CSR>
  // expected-error @+1 {{'array.spgemm' op multiplies matrices of f16 or bf16 values; the CUDA target (cuSPARSE's SpGEMM) needs f32 or f64; compile with --target=cpu}}
  %p = array.spgemm %a, %a : tensor<4x4xf16, #CSR>, tensor<4x4xf16, #CSR> -> tensor<4x4xf16, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @bf16_sddmm(%d: tensor<4x6xbf16>, %l: tensor<4x3xbf16>, %r: tensor<3x6xbf16>) {
  %s = array.to_sparse %d : tensor<4x6xbf16> -> tensor<4x6xbf16, #CSR>
  // expected-error @+1 {{'array.sddmm' op samples a product of bf16 values; the CUDA target (cuSPARSE's SDDMM) needs f16, f32 or f64; compile with --target=cpu}}
  %p = array.sddmm %s, %l, %r : tensor<4x6xbf16, #CSR>, tensor<4x3xbf16>, tensor<3x6xbf16>
  return
}
