// A loop carrying arrays: 8 conjugate-gradient iterations on the 2-D
// Poisson matrix of a 6 x 6 grid (CSR from SciPy's arrays in .npy files),
// x, r, p and r.r carried by scf.for (0-d arrays for the scalars: nothing
// goes to the host inside the loop). Bufferization yields a new buffer per
// iteration and frees the old one. On the CPU and, where a GPU was
// detected, on the GPU (cuSPARSE SpMV on one matrix handle, analysed once).
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// float32 against the float64 loop below.
// NUMPY-RTOL: 1e-4
// NUMPY: g = 6; n = g * g
// NUMPY: A = 4 * np.eye(n) - np.eye(n, k=g) - np.eye(n, k=-g)
// NUMPY: A -= np.kron(np.eye(g), np.eye(g, k=1) + np.eye(g, k=-1))
// NUMPY: rows, cols = np.nonzero(A)
// NUMPY: np.save("cg_data.npy", A[rows, cols].astype(np.float32)); np.save("cg_indices.npy", cols.astype(np.int32))
// NUMPY: np.save("cg_indptr.npy", np.searchsorted(rows, np.arange(n + 1)).astype(np.int32)); np.save("cg_b.npy", np.ones(n, np.float32))
// NUMPY: b = np.ones(n); x = np.zeros(n); r = b.copy(); p = r.copy(); rr = r @ r
// NUMPY: for _ in range(8): ap = A @ p; alpha = rr / (p @ ap); x += alpha * p; r -= alpha * ap; rr_new = r @ r; p = r + (rr_new / rr) * p; rr = rr_new
// NUMPY: print(x.astype(np.float32))

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

func.func @main() {
  %data = array.load_npy "cg_data.npy" : tensor<?xf32>
  %indices = array.load_npy "cg_indices.npy" : tensor<?xi32>
  %indptr = array.load_npy "cg_indptr.npy" : tensor<?xi32>
  %b = array.load_npy "cg_b.npy" : tensor<?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %iters = arith.constant 8 : index
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
  array.print %x : tensor<?xf32>
  return
}
