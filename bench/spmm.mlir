// Issue 7's SpMM: C = A @ B, A a CSR 1M x 1M float32 matrix with 16 random
// nnz per row (32-bit indices), B a dense 1M x 64 float32 matrix.
//
// NumPy/SciPy: a = scipy.sparse.csr_matrix((data, indices, indptr),
//                                          shape=(n, b.shape[0])); c = a @ b
// On the CUDA target: cusparseSpMM (CSR, row-major B and C: ALG2, with its
// preprocessing) on the program's stream, over the borrowed arrays.

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @main() {
  %data = array.load_npy "spmm_data.npy" : tensor<?xf32>
  %indices = array.load_npy "spmm_indices.npy" : tensor<?xi32>
  %indptr = array.load_npy "spmm_indptr.npy" : tensor<?xi32>
  %b = array.load_npy "spmm_b.npy" : tensor<?x64xf32>
  %c0 = arith.constant 0 : index
  %k = tensor.dim %b, %c0 : tensor<?x64xf32>
  %a = array.csr_matrix %data, %indices, %indptr cols %k : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x?xf32, #CSR>
  %c = array.spmm %a, %b : (tensor<?x?xf32, #CSR>, tensor<?x64xf32>) -> tensor<?x64xf32>
  array.save_npy %c, "spmm.npy" : tensor<?x64xf32>
  return
}
