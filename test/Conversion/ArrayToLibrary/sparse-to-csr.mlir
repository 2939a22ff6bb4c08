// RUN: array-opt %s -split-input-file -verify-diagnostics -pass-pipeline='builtin.module(func.func(array-gpu-sparse))' | FileCheck %s

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

// A dense matrix's CSR: sizes from the dense operand, SpMV into a new
// tensor (beta 0), SpMM into C (beta not 0), nnz and tensor.dim from the
// handle; released after its last use.
// CHECK-LABEL: func.func @from_dense
// CHECK-SAME: (%[[D:.+]]: tensor<?x?xf32>, %[[X:.+]]: tensor<?xf32>, %[[B:.+]]: tensor<?x8xf32>, %[[C:.+]]: tensor<?x8xf32>)
// CHECK: %[[H:.+]] = arrayrt.csr_from_dense %[[D]] {index_bits = 32 : i64} : tensor<?x?xf32>
// CHECK: %[[ROWS:.+]] = tensor.dim %[[D]], %{{.+}} : tensor<?x?xf32>
// CHECK: %[[COLS:.+]] = tensor.dim %[[D]], %{{.+}} : tensor<?x?xf32>
// CHECK: %[[E:.+]] = tensor.empty(%[[ROWS]]) : tensor<?xf32>
// CHECK: %[[Y:.+]] = arrayrt.csr_spmv %[[H]], %[[X]] into %[[E]] {alpha = 2.000000e+00 : f64} : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
// CHECK: %[[Z:.+]] = arrayrt.csr_spmm %[[H]], %[[B]] into %[[C]] {beta = 5.000000e-01 : f64} : tensor<?x8xf32>, tensor<?x8xf32> -> tensor<?x8xf32>
// CHECK: %[[N:.+]] = arrayrt.csr_nnz %[[H]]
// CHECK: arrayrt.csr_release %[[H]]{{$}}
// CHECK: return %[[Y]], %[[Z]], %[[N]], %[[COLS]]
func.func @from_dense(%d: tensor<?x?xf32>, %x: tensor<?xf32>, %b: tensor<?x8xf32>, %c: tensor<?x8xf32>)
    -> (tensor<?xf32>, tensor<?x8xf32>, index, index) {
  %a = array.to_sparse %d : tensor<?x?xf32> -> tensor<?x?xf32, #CSR>
  %y = array.spmv %a, %x {alpha = 2.0} : (tensor<?x?xf32, #CSR>, tensor<?xf32>) -> tensor<?xf32>
  %z = array.spmm %a, %b, %c {beta = 0.5} : (tensor<?x?xf32, #CSR>, tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  %n = array.nnz %a : tensor<?x?xf32, #CSR>
  %c1 = arith.constant 1 : index
  %cols = tensor.dim %a, %c1 : tensor<?x?xf32, #CSR>
  return %y, %z, %n, %cols : tensor<?xf32>, tensor<?x8xf32>, index, index
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// A dynamic dense operand of a static result: its sizes are checked; the
// handle has 64-bit indices (index positions).
// CHECK-LABEL: func.func @static_result
// CHECK: arrayrt.csr_from_dense %{{.+}} {index_bits = 64 : i64} : tensor<?x?xf64>
// CHECK: cf.assert %{{.+}}, "{{.*}}array.to_sparse: the number of rows is not 4, as the result type says"
// CHECK: cf.assert %{{.+}}, "{{.*}}array.to_sparse: the number of columns is not 6, as the result type says"
// CHECK: %[[E:.+]] = tensor.empty() : tensor<4x6xf64>
// CHECK: arrayrt.csr_to_dense %{{.+}} into %[[E]] : tensor<4x6xf64> -> tensor<4x6xf64>
// CHECK: arrayrt.csr_release
func.func @static_result(%d: tensor<?x?xf64>) -> tensor<4x6xf64> {
  %a = array.to_sparse %d : tensor<?x?xf64> -> tensor<4x6xf64, #CSR>
  %b = array.to_dense %a : tensor<4x6xf64, #CSR> -> tensor<4x6xf64>
  return %b : tensor<4x6xf64>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

// The three arrays: rows from indptr, the release keeps them alive.
// CHECK-LABEL: func.func @from_arrays
// CHECK-SAME: (%[[V:.+]]: tensor<?xf32>, %[[I:.+]]: tensor<?xi32>, %[[P:.+]]: tensor<?xi32>, %[[N:.+]]: index, %[[Y:.+]]: tensor<?xf32>, %[[X:.+]]: tensor<?xf32>)
// CHECK: %[[SIZE:.+]] = tensor.dim %[[P]]
// CHECK: %[[ROWS:.+]] = arith.subi %[[SIZE]], %{{.+}} : index
// CHECK: %[[H:.+]] = arrayrt.csr_from_arrays %[[P]], %[[I]], %[[V]] (%[[ROWS]], %[[N]]) : tensor<?xi32>, tensor<?xi32>, tensor<?xf32>
// CHECK: arrayrt.csr_spmv %[[H]], %[[X]] into %[[Y]] {alpha = -1.000000e+00 : f64, beta = 1.000000e+00 : f64}
// CHECK: arrayrt.csr_release %[[H]] keep %[[P]], %[[I]], %[[V]] : tensor<?xi32>, tensor<?xi32>, tensor<?xf32>
func.func @from_arrays(%v: tensor<?xf32>, %i: tensor<?xi32>, %p: tensor<?xi32>, %n: index,
                       %y: tensor<?xf32>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %a = array.csr_matrix %v, %i, %p cols %n : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x?xf32, #CSR>
  %r = array.spmv %a, %x, %y {alpha = -1.0, beta = 1.0} : (tensor<?x?xf32, #CSR>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 64, crdWidth = 64}>

// A file: its sizes from arrayrt.mtx_shape, the static one checked.
// CHECK-LABEL: func.func @from_file
// CHECK: %[[ROWS:.+]], %[[COLS:.+]], %{{.+}} = arrayrt.mtx_shape "a.mtx" : index, index, index
// CHECK: cf.assert %{{.+}}, "{{.*}}array.load_mtx: the file's number of columns is not 3, as the result type says"
// CHECK: %[[H:.+]] = arrayrt.csr_load_mtx "a.mtx" {element = f64, index_bits = 64 : i64}
// CHECK: %[[E:.+]] = tensor.empty(%[[ROWS]]) : tensor<?xf64>
// CHECK: arrayrt.csr_spmv %[[H]], %{{.+}} into %[[E]]
// CHECK: arrayrt.csr_release %[[H]]
func.func @from_file(%x: tensor<3xf64>) -> tensor<?xf64> {
  %a = array.load_mtx "a.mtx" : tensor<?x3xf64, #CSR>
  %y = array.spmv %a, %x : (tensor<?x3xf64, #CSR>, tensor<3xf64>) -> tensor<?xf64>
  return %y : tensor<?xf64>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

// SpGEMM: a new handle from the two, its sizes A's rows and B's columns;
// every handle released after its last use (A and B after the product).
// CHECK-LABEL: func.func @spgemm
// CHECK: %[[A:.+]] = arrayrt.csr_from_dense %{{.+}} {index_bits = 32 : i64} : tensor<?x?xf32>
// CHECK: %[[AROWS:.+]] = tensor.dim
// CHECK: %[[B:.+]] = arrayrt.csr_from_dense %{{.+}} {index_bits = 32 : i64} : tensor<?x?xf32>
// CHECK: %[[C:.+]] = arrayrt.csr_spgemm %[[A]], %[[B]]
// CHECK-DAG: arrayrt.csr_release %[[A]]
// CHECK-DAG: arrayrt.csr_release %[[B]]
// CHECK: %[[N:.+]] = arrayrt.csr_nnz %[[C]]
// CHECK: arrayrt.csr_release %[[C]]
// CHECK: return %[[N]], %[[AROWS]]
func.func @spgemm(%d: tensor<?x?xf32>, %e: tensor<?x?xf32>) -> (index, index) {
  %a = array.to_sparse %d : tensor<?x?xf32> -> tensor<?x?xf32, #CSR>
  %b = array.to_sparse %e : tensor<?x?xf32> -> tensor<?x?xf32, #CSR>
  %c = array.spgemm %a, %b : tensor<?x?xf32, #CSR>, tensor<?x?xf32, #CSR> -> tensor<?x?xf32, #CSR>
  %n = array.nnz %c : tensor<?x?xf32, #CSR>
  %c0 = arith.constant 0 : index
  %rows = tensor.dim %c, %c0 : tensor<?x?xf32, #CSR>
  return %n, %rows : index, index
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSR32 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

// What array-reject-sparse would have stopped fails here too, not later.
func.func @widen(%d: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #CSR>
  // expected-error @+1 {{'array.to_sparse' op makes a sparse matrix that array-gpu-sparse cannot lower (array-reject-sparse names why)}}
  %b = array.to_sparse %a : tensor<4x6xf32, #CSR> -> tensor<4x6xf32, #CSR32>
  %c = array.to_dense %b : tensor<4x6xf32, #CSR32> -> tensor<4x6xf32>
  return %c : tensor<4x6xf32>
}

// -----

#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed), posWidth = 32, crdWidth = 32}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton), posWidth = 32, crdWidth = 32}>

// Every format is a CSR handle: a CSC matrix from a dense one, its COO
// form (the same handle: one release), a sum and a scaling (csrgeam2).
// CHECK-LABEL: func.func @formats
// CHECK: %[[H:.+]] = arrayrt.csr_from_dense %{{.+}} {index_bits = 32 : i64} : tensor<4x6xf32>
// CHECK-NOT: arrayrt.csr_from_dense
// CHECK: %[[S:.+]] = arrayrt.csr_add %[[H]], %[[H]]
// CHECK: %[[T:.+]] = arrayrt.csr_scale %[[S]] {alpha = 2.500000e+00 : f64}
// CHECK: arrayrt.csr_release %[[S]]
// CHECK: arrayrt.csr_nnz %[[H]]
// CHECK: arrayrt.csr_release %[[H]]
// CHECK-NOT: arrayrt.csr_release %[[H]]
// CHECK: arrayrt.csr_to_dense %[[T]]
// CHECK: arrayrt.csr_release %[[T]]
// CHECK-NOT: arrayrt.csr_release
func.func @formats(%d: tensor<4x6xf32>) -> (index, tensor<4x6xf32>) {
  %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #CSC>
  %b = array.to_sparse %a : tensor<4x6xf32, #CSC> -> tensor<4x6xf32, #COO>
  %s = array.sparse_add %b, %b : tensor<4x6xf32, #COO>
  %t = array.sparse_scale %s by 2.5 : tensor<4x6xf32, #COO>
  %n = array.nnz %a : tensor<4x6xf32, #CSC>
  %dt = array.to_dense %t : tensor<4x6xf32, #COO> -> tensor<4x6xf32>
  return %n, %dt : index, tensor<4x6xf32>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

// The transpose and the sampled product make new handles, with the sizes
// swapped and S's; each handle is released after its last use.
// CHECK-LABEL: func.func @transpose_sddmm
// CHECK-SAME: (%[[D:.+]]: tensor<4x6xf32>, %[[A:.+]]: tensor<4x3xf32>, %[[B:.+]]: tensor<3x6xf32>)
// CHECK: %[[H:.+]] = arrayrt.csr_from_dense %[[D]] {index_bits = 32 : i64} : tensor<4x6xf32>
// CHECK: %[[T:.+]] = arrayrt.csr_transpose %[[H]]
// CHECK: %[[S:.+]] = arrayrt.csr_sddmm %[[H]], %[[A]], %[[B]] {alpha = 5.000000e-01 : f64, beta = 2.000000e+00 : f64} : tensor<4x3xf32>, tensor<3x6xf32>
// CHECK: arrayrt.csr_release %[[H]]
// CHECK: %[[TE:.+]] = tensor.empty() : tensor<6x4xf32>
// CHECK: %[[TD:.+]] = arrayrt.csr_to_dense %[[T]] into %[[TE]] : tensor<6x4xf32> -> tensor<6x4xf32>
// CHECK: arrayrt.csr_release %[[T]]
// CHECK: %[[SD:.+]] = arrayrt.csr_to_dense %[[S]] into %{{.+}} : tensor<4x6xf32> -> tensor<4x6xf32>
// CHECK: arrayrt.csr_release %[[S]]
// CHECK: return %[[TD]], %[[SD]]
func.func @transpose_sddmm(%d: tensor<4x6xf32>, %a: tensor<4x3xf32>, %b: tensor<3x6xf32>) -> (tensor<6x4xf32>, tensor<4x6xf32>) {
  %h = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #CSR>
  %t = array.sparse_transpose %h : tensor<4x6xf32, #CSR> -> tensor<6x4xf32, #CSR>
  %s = array.sddmm %h, %a, %b {alpha = 0.5, beta = 2.0} : tensor<4x6xf32, #CSR>, tensor<4x3xf32>, tensor<3x6xf32>
  %td = array.to_dense %t : tensor<6x4xf32, #CSR> -> tensor<6x4xf32>
  %sd = array.to_dense %s : tensor<4x6xf32, #CSR> -> tensor<4x6xf32>
  return %td, %sd : tensor<6x4xf32>, tensor<4x6xf32>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

// A SciPy .npz goes the way of a Matrix Market file: the runtime reads
// either on the host and uploads the CSR arrays.
// CHECK-LABEL: func.func @load_sparse
// CHECK: %[[R:.+]], %[[C:.+]], %{{.+}} = arrayrt.mtx_shape "m.npz" : index, index, index
// CHECK: %[[H:.+]] = arrayrt.csr_load_mtx "m.npz" {element = f32, index_bits = 32 : i64}
// CHECK: arrayrt.csr_to_dense %[[H]]
// CHECK: arrayrt.csr_release %[[H]]
func.func @load_sparse() -> tensor<?x?xf32> {
  %a = array.load_sparse "m.npz" : tensor<?x?xf32, #CSR>
  %d = array.to_dense %a : tensor<?x?xf32, #CSR> -> tensor<?x?xf32>
  return %d : tensor<?x?xf32>
}

// -----

// Functions without sparse matrices are left alone.
// CHECK-LABEL: func.func @dense
// CHECK-NEXT: array.exp
func.func @dense(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = array.exp %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
