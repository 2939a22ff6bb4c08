// RUN: array-opt %s | array-opt | FileCheck %s

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#CSR64 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 64, crdWidth = 64}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>

// CHECK-LABEL: func.func @conversions
func.func @conversions(%d: tensor<4x6xf32>, %e: tensor<?x?xf64>) {
  // CHECK: array.to_sparse %{{.+}} : tensor<4x6xf32> -> tensor<4x6xf32, #sparse{{[0-9]*}}>
  %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #CSR>
  // CHECK: array.to_sparse %{{.+}} : tensor<4x6xf32, #sparse{{[0-9]*}}> -> tensor<4x6xf32, #sparse{{[0-9]*}}>
  %c = array.to_sparse %a : tensor<4x6xf32, #CSR> -> tensor<4x6xf32, #CSC>
  // CHECK: array.to_sparse %{{.+}} : tensor<?x?xf64> -> tensor<?x?xf64, #sparse{{[0-9]*}}>
  %o = array.to_sparse %e : tensor<?x?xf64> -> tensor<?x?xf64, #COO>
  // CHECK: array.to_sparse %{{.+}} : tensor<?x?xf64> -> tensor<?x8xf64, #sparse{{[0-9]*}}>
  %w = array.to_sparse %e : tensor<?x?xf64> -> tensor<?x8xf64, #CSR64>
  // CHECK: array.to_dense %{{.+}} : tensor<4x6xf32, #sparse{{[0-9]*}}> -> tensor<4x6xf32>
  %b = array.to_dense %c : tensor<4x6xf32, #CSC> -> tensor<4x6xf32>
  // CHECK: array.nnz %{{.+}} : tensor<?x?xf64, #sparse{{[0-9]*}}>
  %n = array.nnz %o : tensor<?x?xf64, #COO>
  return
}

// CHECK-LABEL: func.func @products
func.func @products(%a: tensor<4x6xf32, #CSR>, %x: tensor<6xf32>, %y: tensor<4xf32>,
                    %b: tensor<6x8xf32>, %c: tensor<4x8xf32>) {
  // CHECK: array.spmv %{{.+}}, %{{.+}} : (tensor<4x6xf32, #sparse{{[0-9]*}}>, tensor<6xf32>) -> tensor<4xf32>
  %0 = array.spmv %a, %x : (tensor<4x6xf32, #CSR>, tensor<6xf32>) -> tensor<4xf32>
  // CHECK: array.spmv %{{.+}}, %{{.+}}, %{{.+}} {alpha = 2.000000e+00 : f64, beta = -1.000000e+00 : f64}
  %1 = array.spmv %a, %x, %y {alpha = 2.0, beta = -1.0} : (tensor<4x6xf32, #CSR>, tensor<6xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: array.spmm %{{.+}}, %{{.+}} : (tensor<4x6xf32, #sparse{{[0-9]*}}>, tensor<6x8xf32>) -> tensor<4x8xf32>
  %2 = array.spmm %a, %b : (tensor<4x6xf32, #CSR>, tensor<6x8xf32>) -> tensor<4x8xf32>
  // CHECK: array.spmm %{{.+}}, %{{.+}}, %{{.+}} {beta = 5.000000e-01 : f64}
  %3 = array.spmm %a, %b, %c {beta = 0.5} : (tensor<4x6xf32, #CSR>, tensor<6x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  // CHECK: array.sparse_add %{{.+}}, %{{.+}} : tensor<4x6xf32, #sparse{{[0-9]*}}>
  %4 = array.sparse_add %a, %a : tensor<4x6xf32, #CSR>
  // CHECK: array.sparse_scale %{{.+}} by 2.500000e+00 : tensor<4x6xf32, #sparse{{[0-9]*}}>
  %5 = array.sparse_scale %a by 2.5 : tensor<4x6xf32, #CSR>
  return
}

// CHECK-LABEL: func.func @matrix_market
func.func @matrix_market() {
  // CHECK: array.load_mtx "a.mtx" : tensor<?x?xf64, #sparse{{[0-9]*}}>
  %a = array.load_mtx "a.mtx" : tensor<?x?xf64, #CSR>
  return
}

// CHECK-LABEL: func.func @csr_matrix
func.func @csr_matrix(%data: tensor<?xf32>, %indices: tensor<?xi32>, %indptr: tensor<5xi32>,
                      %data64: tensor<?xf64>, %i64: tensor<?xi64>, %p64: tensor<?xi64>, %n: index) {
  // CHECK: array.csr_matrix %{{.+}}, %{{.+}}, %{{.+}} : tensor<?xf32>, tensor<?xi32>, tensor<5xi32> -> tensor<4x6xf32, #sparse{{[0-9]*}}>
  %a = array.csr_matrix %data, %indices, %indptr : tensor<?xf32>, tensor<?xi32>, tensor<5xi32> -> tensor<4x6xf32, #CSR>
  // CHECK: array.csr_matrix %{{.+}}, %{{.+}}, %{{.+}} cols %{{.+}} : tensor<?xf64>, tensor<?xi64>, tensor<?xi64> -> tensor<?x?xf64, #sparse{{[0-9]*}}>
  %b = array.csr_matrix %data64, %i64, %p64 cols %n : tensor<?xf64>, tensor<?xi64>, tensor<?xi64> -> tensor<?x?xf64, #CSR64>
  return
}

// CHECK-LABEL: func.func @spgemm
func.func @spgemm(%a: tensor<4x6xf32, #CSR>, %b: tensor<?x?xf32, #CSR>) -> tensor<4x?xf32, #CSR> {
  // CHECK: array.spgemm %{{.+}}, %{{.+}} : tensor<4x6xf32, #sparse{{[0-9]*}}>, tensor<?x?xf32, #sparse{{[0-9]*}}> -> tensor<4x?xf32, #sparse{{[0-9]*}}>
  %c = array.spgemm %a, %b : tensor<4x6xf32, #CSR>, tensor<?x?xf32, #CSR> -> tensor<4x?xf32, #CSR>
  return %c : tensor<4x?xf32, #CSR>
}

// CHECK-LABEL: func.func @transpose_sddmm
func.func @transpose_sddmm(%a: tensor<4x6xf32, #CSR>, %x: tensor<4x3xf32>, %y: tensor<3x6xf32>, %c: tensor<?x4xf32, #CSC>)
    -> (tensor<6x4xf32, #CSC>, tensor<4x?xf32, #CSR>, tensor<4x6xf32, #CSR>) {
  // CHECK: array.sparse_transpose %{{.+}} : tensor<4x6xf32, #sparse{{[0-9]*}}> -> tensor<6x4xf32, #sparse{{[0-9]*}}>
  %t = array.sparse_transpose %a : tensor<4x6xf32, #CSR> -> tensor<6x4xf32, #CSC>
  // CHECK: array.sparse_transpose %{{.+}} : tensor<?x4xf32, #sparse{{[0-9]*}}> -> tensor<4x?xf32, #sparse{{[0-9]*}}>
  %u = array.sparse_transpose %c : tensor<?x4xf32, #CSC> -> tensor<4x?xf32, #CSR>
  // CHECK: array.sddmm %{{.+}}, %{{.+}}, %{{.+}} {alpha = 5.000000e-01 : f64, beta = 2.000000e+00 : f64} : tensor<4x6xf32, #sparse{{[0-9]*}}>, tensor<4x3xf32>, tensor<3x6xf32>
  %s = array.sddmm %a, %x, %y {alpha = 0.5, beta = 2.0} : tensor<4x6xf32, #CSR>, tensor<4x3xf32>, tensor<3x6xf32>
  // CHECK: array.sddmm %{{.+}}, %{{.+}}, %{{.+}} : tensor<4x6xf32, #sparse{{[0-9]*}}>, tensor<4x3xf32>, tensor<3x6xf32>
  %s2 = array.sddmm %s, %x, %y : tensor<4x6xf32, #CSR>, tensor<4x3xf32>, tensor<3x6xf32>
  return %t, %u, %s2 : tensor<6x4xf32, #CSC>, tensor<4x?xf32, #CSR>, tensor<4x6xf32, #CSR>
}

// CHECK-LABEL: func.func @load_sparse
func.func @load_sparse() -> tensor<?x?xf32, #CSC> {
  // CHECK: array.load_sparse "m.npz" : tensor<?x?xf32, #sparse{{[0-9]*}}>
  %a = array.load_sparse "m.npz" : tensor<?x?xf32, #CSC>
  return %a : tensor<?x?xf32, #CSC>
}
