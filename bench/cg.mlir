// Issue 7's CG workload: 100 iterations of the conjugate gradient method on
// A x = b, A the 2-D Poisson 5-point matrix of a grid (4096 x 4096 in the
// benchmark: 16.8M unknowns, 83.9M entries), loaded as SciPy's CSR arrays,
// b all ones, x0 = 0. The loop carries x, r, p and r.r as arrays (0-d for
// the scalars), so nothing but the final result goes to the host.
//
// NumPy/SciPy (the loop bench/sparse.py times in CuPy):
//   x = 0; r = b; p = r; rr = r @ r
//   for _ in range(100):
//       ap = A @ p; alpha = rr / (p @ ap); x += alpha * p
//       r -= alpha * ap; rr_new = r @ r; p = r + (rr_new / rr) * p
//       rr = rr_new

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @main() {
  %data = array.load_npy "cg_data.npy" : tensor<?xf32>
  %indices = array.load_npy "cg_indices.npy" : tensor<?xi32>
  %indptr = array.load_npy "cg_indptr.npy" : tensor<?xi32>
  %b = array.load_npy "cg_b.npy" : tensor<?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %iters = arith.constant 100 : index
  %n = tensor.dim %b, %c0 : tensor<?xf32>
  %a = array.csr_matrix %data, %indices, %indptr cols %n : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x?xf32, #CSR>
  %zero = array.full 0.0 : tensor<f32>
  %x0 = array.mul %b, %zero : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  %bb = array.mul %b, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %rr0 = array.sum %bb : tensor<?xf32> -> tensor<f32>
  %x, %r, %p, %rr = scf.for %i = %c0 to %iters step %c1
      iter_args(%x_i = %x0, %r_i = %b, %p_i = %b, %rr_i = %rr0)
      -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>) {
    %ap = array.spmv %a, %p_i : (tensor<?x?xf32, #CSR>, tensor<?xf32>) -> tensor<?xf32>
    %pap_v = array.mul %p_i, %ap : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %pap = array.sum %pap_v : tensor<?xf32> -> tensor<f32>
    %alpha = array.div %rr_i, %pap : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %ap_s = array.mul %p_i, %alpha : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %x_n = array.add %x_i, %ap_s : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %aap = array.mul %ap, %alpha : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %r_n = array.sub %r_i, %aap : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %rr_v = array.mul %r_n, %r_n : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %rr_n = array.sum %rr_v : tensor<?xf32> -> tensor<f32>
    %beta = array.div %rr_n, %rr_i : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %bp = array.mul %p_i, %beta : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %p_n = array.add %r_n, %bp : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    scf.yield %x_n, %r_n, %p_n, %rr_n : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>
  }
  array.save_npy %x, "cg_x.npy" : tensor<?xf32>
  return
}
