// Issue 7's SpGEMM: C = A @ A, A a CSR 1M x 1M float32 matrix with 8
// random nnz per row (32-bit indices); y = C @ x checks C.
//
// NumPy/SciPy: a = scipy.sparse.csr_matrix((data, indices, indptr),
//                                          shape=(n, n)); y = (a @ a) @ x
// On the CUDA target: cuSPARSE SpGEMM (work estimation, compute, copy into
// arrays of the counted size) over the borrowed arrays, then SpMV.

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @main() {
  %data = array.load_npy "spgemm_data.npy" : tensor<?xf32>
  %indices = array.load_npy "spgemm_indices.npy" : tensor<?xi32>
  %indptr = array.load_npy "spgemm_indptr.npy" : tensor<?xi32>
  %x = array.load_npy "spgemm_x.npy" : tensor<?xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %a = array.csr_matrix %data, %indices, %indptr cols %n : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x?xf32, #CSR>
  %c = array.spgemm %a, %a : tensor<?x?xf32, #CSR>, tensor<?x?xf32, #CSR> -> tensor<?x?xf32, #CSR>
  %y = array.spmv %c, %x : (tensor<?x?xf32, #CSR>, tensor<?xf32>) -> tensor<?xf32>
  array.save_npy %y, "spgemm.npy" : tensor<?xf32>
  return
}
