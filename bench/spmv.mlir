// Issue 7's SpMV: y = A @ x, A a CSR 4M x 4M float32 matrix with 16 random
// nnz per row (32-bit indices), loaded as SciPy's three arrays.
//
// NumPy/SciPy: a = scipy.sparse.csr_matrix((data, indices, indptr),
//                                          shape=(n, x.size)); y = a @ x
// On the CUDA target: the arrays' device buffers are borrowed (no copy),
// then cusparseSpMV (with its preprocessing) on the program's stream.

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @main() {
  %data = array.load_npy "spmv_data.npy" : tensor<?xf32>
  %indices = array.load_npy "spmv_indices.npy" : tensor<?xi32>
  %indptr = array.load_npy "spmv_indptr.npy" : tensor<?xi32>
  %x = array.load_npy "spmv_x.npy" : tensor<?xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %a = array.csr_matrix %data, %indices, %indptr cols %n : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x?xf32, #CSR>
  %y = array.spmv %a, %x : (tensor<?x?xf32, #CSR>, tensor<?xf32>) -> tensor<?xf32>
  array.save_npy %y, "spmv.npy" : tensor<?xf32>
  return
}
