// RUN: array-opt %s -split-input-file -verify-diagnostics

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @dense_result(%d: tensor<4x6xf32>) {
  // expected-error @+1 {{'array.to_sparse' op result must be a sparse matrix (a rank-2 tensor with a CSR, CSC or COO #sparse_tensor.encoding), found 'tensor<4x6xf32>'}}
  %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32>
  return
}

// -----

#DCSR = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed, j : compressed)}>

func.func @dcsr(%d: tensor<4x6xf32>) {
  // expected-error @+1 {{'array.to_sparse' op result must be CSR ((i, j) -> (i : dense, j : compressed)), CSC ((i, j) -> (j : dense, i : compressed)) or COO ((i, j) -> (i : compressed(nonunique), j : singleton)), found #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed, d1 : compressed) }>}}
  %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #DCSR>
  return
}

// -----

#CSR16 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 16}>

func.func @pos16(%d: tensor<4x6xf32>) {
  // expected-error @+1 {{'array.to_sparse' op result has posWidth = 16; use 32 or 64 (0 is index, 64 bits)}}
  %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x6xf32, #CSR16>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @int_values(%d: tensor<4x6xi32>) {
  // expected-error @+1 {{'array.to_sparse' op result must have f16, bf16, f32 or f64 elements, found 'i32'}}
  %a = array.to_sparse %d : tensor<4x6xi32> -> tensor<4x6xi32, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @shape(%d: tensor<4x6xf32>) {
  // expected-error @+1 {{'array.to_sparse' op operand and result sizes differ in dimension 1 (6 vs 5)}}
  %a = array.to_sparse %d : tensor<4x6xf32> -> tensor<4x5xf32, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @element(%d: tensor<4x6xf64>) {
  // expected-error @+1 {{'array.to_sparse' op operand and result element types differ ('f64' vs 'f32')}}
  %a = array.to_sparse %d : tensor<4x6xf64> -> tensor<4x6xf32, #CSR>
  return
}

// -----

func.func @to_dense_of_dense(%d: tensor<4x6xf32>) {
  // expected-error @+1 {{'array.to_dense' op operand must be a sparse matrix (a rank-2 tensor with a CSR, CSC or COO #sparse_tensor.encoding), found 'tensor<4x6xf32>'}}
  %a = array.to_dense %d : tensor<4x6xf32> -> tensor<4x6xf32>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @spmv_x_size(%a: tensor<4x6xf32, #CSR>, %x: tensor<5xf32>) {
  // expected-error @+1 {{'array.spmv' op operand x dimension 0 has size 5 but A's dimension 1 has size 6}}
  %0 = array.spmv %a, %x : (tensor<4x6xf32, #CSR>, tensor<5xf32>) -> tensor<4xf32>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @spmv_x_matrix(%a: tensor<4x6xf32, #CSR>, %x: tensor<6x2xf32>) {
  // expected-error @+1 {{'array.spmv' op operand x must be a vector (rank 1), found rank 2 (array.spmm takes a matrix)}}
  %0 = array.spmv %a, %x : (tensor<4x6xf32, #CSR>, tensor<6x2xf32>) -> tensor<4x2xf32>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @spmv_element(%a: tensor<4x6xf32, #CSR>, %x: tensor<6xf64>) {
  // expected-error @+1 {{'array.spmv' op operand x must have the sparse matrix's element type 'f32', found 'f64'}}
  %0 = array.spmv %a, %x : (tensor<4x6xf32, #CSR>, tensor<6xf64>) -> tensor<4xf32>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @spmv_result(%a: tensor<4x6xf32, #CSR>, %x: tensor<6xf32>) {
  // expected-error @+1 {{'array.spmv' op the result dimension 0 has size 6 but A's dimension 0 has size 4}}
  %0 = array.spmv %a, %x : (tensor<4x6xf32, #CSR>, tensor<6xf32>) -> tensor<6xf32>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @spmv_beta(%a: tensor<4x6xf32, #CSR>, %x: tensor<6xf32>) {
  // expected-error @+1 {{'array.spmv' op beta = 2.000000e+00 needs the operand it scales (operand y)}}
  %0 = array.spmv %a, %x {beta = 2.0} : (tensor<4x6xf32, #CSR>, tensor<6xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @spmv_dense_a(%a: tensor<4x6xf32>, %x: tensor<6xf32>) {
  // expected-error @+1 {{'array.spmv' op operand A must be a sparse matrix (a rank-2 tensor with a CSR, CSC or COO #sparse_tensor.encoding), found 'tensor<4x6xf32>' (array.matmul multiplies dense matrices)}}
  %0 = array.spmv %a, %x : (tensor<4x6xf32>, tensor<6xf32>) -> tensor<4xf32>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @spmm_c(%a: tensor<4x6xf32, #CSR>, %b: tensor<6x8xf32>, %c: tensor<4x7xf32>) {
  // expected-error @+1 {{'array.spmm' op operand C dimension 1 has size 7 but B's dimension 1 has size 8}}
  %0 = array.spmm %a, %b, %c {beta = 1.0} : (tensor<4x6xf32, #CSR>, tensor<6x8xf32>, tensor<4x7xf32>) -> tensor<4x8xf32>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @spmm_b_vector(%a: tensor<4x6xf32, #CSR>, %b: tensor<6xf32>) {
  // expected-error @+1 {{'array.spmm' op operand B must have rank 2, found rank 1}}
  %0 = array.spmm %a, %b : (tensor<4x6xf32, #CSR>, tensor<6xf32>) -> tensor<4xf32>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @dense_op_on_sparse(%a: tensor<4x6xf32, #CSR>) {
  // expected-error @+1 {{'array.exp' op operand #0 must be ranked tensor of}}
  %0 = array.exp %a : tensor<4x6xf32, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>

func.func @sparse_shape_change(%a: tensor<?x6xf32, #CSR>) {
  // expected-error @+1 {{'array.to_sparse' op a sparse operand and the result must have the same shape, static and dynamic sizes alike}}
  %0 = array.to_sparse %a : tensor<?x6xf32, #CSR> -> tensor<4x6xf32, #CSC>
  return
}

// -----

func.func @load_mtx_dense() {
  // expected-error @+1 {{'array.load_mtx' op result must be a sparse matrix (a rank-2 tensor with a CSR, CSC or COO #sparse_tensor.encoding), found 'tensor<?x?xf32>'}}
  %a = array.load_mtx "a.mtx" : tensor<?x?xf32>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>

func.func @add_formats(%a: tensor<4x6xf32, #CSR>, %b: tensor<4x6xf32, #CSC>) {
  // expected-error @+1 {{'array.sparse_add' op requires the same encoding for all operands and results}}
  %0 = "array.sparse_add"(%a, %b) : (tensor<4x6xf32, #CSR>, tensor<4x6xf32, #CSC>) -> tensor<4x6xf32, #CSR>
  return
}

// -----

func.func @scale_dense(%a: tensor<4x6xf32>) {
  // expected-error @+1 {{'array.sparse_scale' op result must be a sparse matrix}}
  %0 = array.sparse_scale %a by 2.0 : tensor<4x6xf32>
  return
}

// -----

#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed), posWidth = 32, crdWidth = 32}>

func.func @csr_matrix_csc(%data: tensor<?xf32>, %indices: tensor<?xi32>, %indptr: tensor<?xi32>) {
  // expected-error @+1 {{'array.csr_matrix' op result must be CSR, found CSC (array.to_sparse converts a CSR matrix)}}
  %a = array.csr_matrix %data, %indices, %indptr : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<4x6xf32, #CSC>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @csr_matrix_index_type(%data: tensor<?xf32>, %indices: tensor<?xi64>, %indptr: tensor<?xi32>) {
  // expected-error @+1 {{'array.csr_matrix' op indices must have 'i32' elements (the result's crdWidth is 32), found 'i64'}}
  %a = array.csr_matrix %data, %indices, %indptr : tensor<?xf32>, tensor<?xi64>, tensor<?xi32> -> tensor<4x6xf32, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @csr_matrix_index_width(%data: tensor<?xf32>, %indices: tensor<?xi64>, %indptr: tensor<?xi32>) {
  // expected-error @+1 {{'array.csr_matrix' op indptr must have 'i64' elements (the result's posWidth is 0), found 'i32'}}
  %a = array.csr_matrix %data, %indices, %indptr : tensor<?xf32>, tensor<?xi64>, tensor<?xi32> -> tensor<4x6xf32, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @csr_matrix_rows(%data: tensor<?xf32>, %indices: tensor<?xi32>, %indptr: tensor<4xi32>) {
  // expected-error @+1 {{'array.csr_matrix' op indptr dimension 0 has size 4 but the result's rows + 1 has size 5}}
  %a = array.csr_matrix %data, %indices, %indptr : tensor<?xf32>, tensor<?xi32>, tensor<4xi32> -> tensor<4x6xf32, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @csr_matrix_entries(%data: tensor<7xf32>, %indices: tensor<6xi32>, %indptr: tensor<?xi32>) {
  // expected-error @+1 {{'array.csr_matrix' op indices dimension 0 has size 6 but data has size 7}}
  %a = array.csr_matrix %data, %indices, %indptr : tensor<7xf32>, tensor<6xi32>, tensor<?xi32> -> tensor<4x6xf32, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @csr_matrix_data_type(%data: tensor<?xf64>, %indices: tensor<?xi32>, %indptr: tensor<?xi32>) {
  // expected-error @+1 {{'array.csr_matrix' op data must have the sparse matrix's element type 'f32', found 'f64'}}
  %a = array.csr_matrix %data, %indices, %indptr : tensor<?xf64>, tensor<?xi32>, tensor<?xi32> -> tensor<4x6xf32, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @csr_matrix_no_cols(%data: tensor<?xf32>, %indices: tensor<?xi32>, %indptr: tensor<?xi32>) {
  // expected-error @+1 {{'array.csr_matrix' op the result's number of columns is dynamic: give it with `cols %n`}}
  %a = array.csr_matrix %data, %indices, %indptr : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x?xf32, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @csr_matrix_extra_cols(%data: tensor<?xf32>, %indices: tensor<?xi32>, %indptr: tensor<?xi32>, %n: index) {
  // expected-error @+1 {{'array.csr_matrix' op the result has 6 columns; drop the cols operand}}
  %a = array.csr_matrix %data, %indices, %indptr cols %n : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x6xf32, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>

func.func @spgemm_csc(%a: tensor<4x6xf32, #CSR>, %b: tensor<6x5xf32, #CSC>) {
  // expected-error @+1 {{'array.spgemm' op operand B must be CSR, found CSC (array.to_sparse converts it)}}
  %c = array.spgemm %a, %b : tensor<4x6xf32, #CSR>, tensor<6x5xf32, #CSC> -> tensor<4x5xf32, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSR32 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @spgemm_widths(%a: tensor<4x6xf32, #CSR>, %b: tensor<6x5xf32, #CSR32>) {
  // expected-error @+1 {{'array.spgemm' op operands and result must have one element type and encoding}}
  %c = array.spgemm %a, %b : tensor<4x6xf32, #CSR>, tensor<6x5xf32, #CSR32> -> tensor<4x5xf32, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @spgemm_sizes(%a: tensor<4x6xf32, #CSR>, %b: tensor<7x5xf32, #CSR>) {
  // expected-error @+1 {{'array.spgemm' op A has 6 columns but B has 7 rows}}
  %c = array.spgemm %a, %b : tensor<4x6xf32, #CSR>, tensor<7x5xf32, #CSR> -> tensor<4x5xf32, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @spgemm_result(%a: tensor<4x6xf32, #CSR>, %b: tensor<6x5xf32, #CSR>) {
  // expected-error @+1 {{'array.spgemm' op the result must be 4 x 5, found 'tensor<4x6xf32, #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>>'}}
  %c = array.spgemm %a, %b : tensor<4x6xf32, #CSR>, tensor<6x5xf32, #CSR> -> tensor<4x6xf32, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>

func.func @transpose_shape(%a: tensor<4x6xf32, #CSR>) {
  // expected-error @+1 {{'array.sparse_transpose' op the result must be 6 x 4 (the operand's shape reversed, static and dynamic sizes alike), found 4 x 6}}
  %0 = array.sparse_transpose %a : tensor<4x6xf32, #CSR> -> tensor<4x6xf32, #CSC>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>

func.func @transpose_dynamic(%a: tensor<?x6xf32, #CSR>) {
  // expected-error @+1 {{'array.sparse_transpose' op the result must be 6 x ? (the operand's shape reversed, static and dynamic sizes alike), found 6 x 4}}
  %0 = array.sparse_transpose %a : tensor<?x6xf32, #CSR> -> tensor<6x4xf32, #CSC>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC64 = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>

func.func @transpose_element(%a: tensor<4x6xf32, #CSR>) {
  // expected-error @+1 {{'array.sparse_transpose' op operand and result element types differ ('f32' vs 'f64')}}
  %0 = array.sparse_transpose %a : tensor<4x6xf32, #CSR> -> tensor<6x4xf64, #CSC64>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @transpose_dense(%a: tensor<4x6xf32>) {
  // expected-error @+1 {{'array.sparse_transpose' op operand must be a sparse matrix (a rank-2 tensor with a CSR, CSC or COO #sparse_tensor.encoding), found 'tensor<4x6xf32>'}}
  %0 = array.sparse_transpose %a : tensor<4x6xf32> -> tensor<6x4xf32, #CSR>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @sddmm_inner(%s: tensor<4x6xf32, #CSR>, %a: tensor<4x3xf32>, %b: tensor<5x6xf32>) {
  // expected-error @+1 {{'array.sddmm' op operand B dimension 0 has size 5 but A's dimension 1 has size 3}}
  %0 = array.sddmm %s, %a, %b : tensor<4x6xf32, #CSR>, tensor<4x3xf32>, tensor<5x6xf32>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @sddmm_rows(%s: tensor<4x6xf32, #CSR>, %a: tensor<5x3xf32>, %b: tensor<3x6xf32>) {
  // expected-error @+1 {{'array.sddmm' op operand A dimension 0 has size 5 but S's dimension 0 has size 4}}
  %0 = array.sddmm %s, %a, %b : tensor<4x6xf32, #CSR>, tensor<5x3xf32>, tensor<3x6xf32>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @sddmm_columns(%s: tensor<4x6xf32, #CSR>, %a: tensor<4x3xf32>, %b: tensor<3x7xf32>) {
  // expected-error @+1 {{'array.sddmm' op operand B dimension 1 has size 7 but S's dimension 1 has size 6}}
  %0 = array.sddmm %s, %a, %b : tensor<4x6xf32, #CSR>, tensor<4x3xf32>, tensor<3x7xf32>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @sddmm_element(%s: tensor<4x6xf32, #CSR>, %a: tensor<4x3xf64>, %b: tensor<3x6xf32>) {
  // expected-error @+1 {{'array.sddmm' op operand A must have the sparse matrix's element type 'f32', found 'f64'}}
  %0 = array.sddmm %s, %a, %b : tensor<4x6xf32, #CSR>, tensor<4x3xf64>, tensor<3x6xf32>
  return
}

// -----

func.func @sddmm_dense(%s: tensor<4x6xf32>, %a: tensor<4x3xf32>, %b: tensor<3x6xf32>) {
  // expected-error @+1 {{'array.sddmm' op operand S must be a sparse matrix (a rank-2 tensor with a CSR, CSC or COO #sparse_tensor.encoding), found 'tensor<4x6xf32>'}}
  %0 = array.sddmm %s, %a, %b : tensor<4x6xf32>, tensor<4x3xf32>, tensor<3x6xf32>
  return
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @sddmm_vector(%s: tensor<4x6xf32, #CSR>, %a: tensor<4xf32>, %b: tensor<3x6xf32>) {
  // expected-error @+1 {{'array.sddmm' op operand A must have rank 2, found rank 1}}
  %0 = array.sddmm %s, %a, %b : tensor<4x6xf32, #CSR>, tensor<4xf32>, tensor<3x6xf32>
  return
}
