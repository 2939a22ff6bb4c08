// Conjugate gradients as a register loop (array-gpu-register-loops) on
// 2-D Poisson matrices of 65,536, 90,000 and 160,000 unknowns: one element
// per thread on an H100 or H200 (132 multiprocessors of 512 threads), two
// per thread, and past the limit of two (the loop as before: the
// persistent kernel of array-gpu-persistent-loops). Compared with NumPy on
// the GPU, both ways (the CPU target's CSR products are too slow for these
// sizes in a test).
// REQUIRES: cuda-gpu
// RUN: arrayc --target=cuda --persistent-loops %s -o %t.cuda
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > %t.ref
// RUN: cd %t.dir && timeout 120 %t.cuda > %t.out
// RUN: cd %t.dir && %numpy-ref --compare %t.out %s
// RUN: arrayc --target=cuda --persistent-loops=false %s -o %t.launches
// RUN: cd %t.dir && %t.launches > %t.launches.out
// RUN: cd %t.dir && %numpy-ref --compare %t.launches.out %s

// NUMPY-RTOL: 2e-4
// NUMPY: import functools
// NUMPY: def poisson(g): i = np.arange(g * g); r, c = i // g, i % g; C = np.stack([i - g, i - 1, i, i + 1, i + g], 1); M = np.stack([r > 0, c > 0, r >= 0, c < g - 1, r < g - 1], 1); V = np.broadcast_to(np.array([-1., -1., 4., -1., -1.]), C.shape); return V[M], C[M], np.concatenate([[0], np.cumsum(M.sum(1))])
// NUMPY: def save(name, A): np.save(name + "_data.npy", A[0].astype(np.float32)); np.save(name + "_indices.npy", A[1].astype(np.int32)); np.save(name + "_indptr.npy", A[2].astype(np.int32))
// NUMPY: mv = lambda A, p: np.add.reduceat(A[0] * p[A[1]], A[2][:-1])
// NUMPY: def cgstep(A, s): x, r, p, rr = s; ap = mv(A, p); al = rr / (p @ ap); x = x + al * p; r = r - al * ap; rn = r @ r; return x, r, r + rn / rr * p, rn
// NUMPY: cg = lambda A, k: functools.reduce(lambda s, _: cgstep(A, s), range(k), (np.zeros(len(A[2]) - 1), np.ones(len(A[2]) - 1), np.ones(len(A[2]) - 1), float(len(A[2]) - 1)))[0]
// NUMPY: P256, P300, P400 = poisson(256), poisson(300), poisson(400)
// NUMPY: save("p256", P256); save("p300", P300); save("p400", P400)
// NUMPY: x = cg(P256, 50); print(np.float32(x.sum())); w = (np.arange(x.size) % 3).astype(np.float32); np.save("w256.npy", w); print(np.float32((x * w).sum()))
// NUMPY: x = cg(P300, 20); print(np.float32(x.sum())); w = (np.arange(x.size) % 3).astype(np.float32); np.save("w300.npy", w); print(np.float32((x * w).sum()))
// NUMPY: x = cg(P400, 5); print(np.float32(x.sum())); w = (np.arange(x.size) % 3).astype(np.float32); np.save("w400.npy", w); print(np.float32((x * w).sum()))

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

// `iters` CG steps on A x = 1 from x = 0, as bench/cg.mlir.
func.func @cg(%data: tensor<?xf32>, %indices: tensor<?xi32>, %indptr: tensor<?xi32>, %iters: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows1 = tensor.dim %indptr, %c0 : tensor<?xi32>
  %n = arith.subi %rows1, %c1 : index
  %a = array.csr_matrix %data, %indices, %indptr cols %n : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x?xf32, #CSR>
  %b = array.full(%n) 1.0 : tensor<?xf32>
  %x0 = array.full(%n) 0.0 : tensor<?xf32>
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
  return %x : tensor<?xf32>
}

func.func @main() {
  %c5 = arith.constant 5 : index
  %c20 = arith.constant 20 : index
  %c50 = arith.constant 50 : index
  %d256 = array.load_npy "p256_data.npy" : tensor<?xf32>
  %i256 = array.load_npy "p256_indices.npy" : tensor<?xi32>
  %p256 = array.load_npy "p256_indptr.npy" : tensor<?xi32>
  %x256 = func.call @cg(%d256, %i256, %p256, %c50) : (tensor<?xf32>, tensor<?xi32>, tensor<?xi32>, index) -> tensor<?xf32>
  %s256 = array.sum %x256 : tensor<?xf32> -> tensor<f32>
  array.print %s256 : tensor<f32>
  %w256 = array.load_npy "w256.npy" : tensor<?xf32>
  %e256 = array.mul %x256, %w256 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %t256 = array.sum %e256 : tensor<?xf32> -> tensor<f32>
  array.print %t256 : tensor<f32>
  %d300 = array.load_npy "p300_data.npy" : tensor<?xf32>
  %i300 = array.load_npy "p300_indices.npy" : tensor<?xi32>
  %p300 = array.load_npy "p300_indptr.npy" : tensor<?xi32>
  %x300 = func.call @cg(%d300, %i300, %p300, %c20) : (tensor<?xf32>, tensor<?xi32>, tensor<?xi32>, index) -> tensor<?xf32>
  %s300 = array.sum %x300 : tensor<?xf32> -> tensor<f32>
  array.print %s300 : tensor<f32>
  %w300 = array.load_npy "w300.npy" : tensor<?xf32>
  %e300 = array.mul %x300, %w300 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %t300 = array.sum %e300 : tensor<?xf32> -> tensor<f32>
  array.print %t300 : tensor<f32>
  %d400 = array.load_npy "p400_data.npy" : tensor<?xf32>
  %i400 = array.load_npy "p400_indices.npy" : tensor<?xi32>
  %p400 = array.load_npy "p400_indptr.npy" : tensor<?xi32>
  %x400 = func.call @cg(%d400, %i400, %p400, %c5) : (tensor<?xf32>, tensor<?xi32>, tensor<?xi32>, index) -> tensor<?xf32>
  %s400 = array.sum %x400 : tensor<?xf32> -> tensor<f32>
  array.print %s400 : tensor<f32>
  %w400 = array.load_npy "w400.npy" : tensor<?xf32>
  %e400 = array.mul %x400, %w400 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %t400 = array.sum %e400 : tensor<?xf32> -> tensor<f32>
  array.print %t400 : tensor<f32>
  return
}
