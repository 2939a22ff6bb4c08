// Iterative solvers' loops as one kernel whose threads keep their
// elements in registers (array-gpu-register-loops, on by default):
// conjugate gradients on 2-D Poisson matrices of 16 and 256 unknowns, with
// 0 and 7 iterations on the smallest (larger ones, up to past the limit:
// loops-register-large.mlir), and preconditioned; power iteration (a norm
// feeding back through a square root); a Jacobi sweep reading vectors from
// before the loop; rows longer than the entries held in registers. Each
// result is compared with NumPy, on the CPU and on the GPU both ways.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda --persistent-loops %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && timeout 120 %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}
// RUN: %if cuda-gpu %{ arrayc --target=cuda --persistent-loops=false %s -o %t.launches %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.launches > %t.launches.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.launches.out %s %}
// Every loop becomes a register loop: CG's with two grid barriers per
// iteration (before each dot product's total is read; from the second
// iteration on the product gathers r and p and computes p = r + beta * p
// itself; the preconditioned one the same way, its p = r * dinv + beta p
// reading dinv from before the loop), power iteration's (the same way),
// the banded one's and Jacobi's with one.
// RUN: arrayc --target=cuda --persistent-loops --print-kernel-plan --emit=gpu %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// PLAN-DAG: loops-register.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: register loop: yes: one cooperative kernel, each thread's elements in registers, 2 grid barriers per iteration
// PLAN-DAG: remark: register loop: yes: {{.*}}, 2 grid barriers per iteration
// PLAN-DAG: remark: register loop: yes: {{.*}}, 1 grid barriers per iteration
// PLAN-DAG: remark: register loop: yes: {{.*}}, 1 grid barriers per iteration
// PLAN-DAG: remark: register loop: yes: {{.*}}, 1 grid barriers per iteration
// PLAN-NOT: register loop: no

// NUMPY-RTOL: 2e-4
// NUMPY: import functools
// NUMPY: def poisson(g): i = np.arange(g * g); r, c = i // g, i % g; C = np.stack([i - g, i - 1, i, i + 1, i + g], 1); M = np.stack([r > 0, c > 0, r >= 0, c < g - 1, r < g - 1], 1); V = np.broadcast_to(np.array([-1., -1., 4., -1., -1.]), C.shape); return V[M], C[M], np.concatenate([[0], np.cumsum(M.sum(1))])
// NUMPY: def band(n, w): i = np.arange(n); C = i[:, None] + np.arange(-w, w + 1)[None, :]; M = (C >= 0) & (C < n); V = np.where(C == i[:, None], 2.0 * w + 1, -1.0 + 0 * C); return V[M], C[M], np.concatenate([[0], np.cumsum(M.sum(1))])
// NUMPY: def save(name, A): np.save(name + "_data.npy", A[0].astype(np.float32)); np.save(name + "_indices.npy", A[1].astype(np.int32)); np.save(name + "_indptr.npy", A[2].astype(np.int32))
// NUMPY: mv = lambda A, p: np.add.reduceat(A[0] * p[A[1]], A[2][:-1])
// NUMPY: def cgstep(A, s): x, r, p, rr = s; ap = mv(A, p); al = rr / (p @ ap); x = x + al * p; r = r - al * ap; rn = r @ r; return x, r, r + rn / rr * p, rn
// NUMPY: cg = lambda A, k: functools.reduce(lambda s, _: cgstep(A, s), range(k), (np.zeros(len(A[2]) - 1), np.ones(len(A[2]) - 1), np.ones(len(A[2]) - 1), float(len(A[2]) - 1)))[0]
// NUMPY: P4, P16 = poisson(4), poisson(16)
// NUMPY: save("p4", P4); save("p16", P16)
// NUMPY: print(cg(P4, 0).astype(np.float32)); print(cg(P4, 7).astype(np.float32))
// NUMPY: print(np.float32(cg(P16, 30).sum()))
// NUMPY: pstep = lambda A, x: mv(A, x) / np.sqrt((mv(A, x) ** 2).sum())
// NUMPY: print(np.float32(functools.reduce(lambda x, _: pstep(P16, x), range(40), np.ones(256)).sum()))
// NUMPY: B = band(1000, 6); save("band", B)
// NUMPY: bstep = lambda s: (s[0] - 0.01 * mv(B, s[0]), s[1] + s[0])
// NUMPY: u, v = functools.reduce(lambda s, _: bstep(s), range(10), (np.ones(1000), np.zeros(1000))); print(np.float32(u.sum())); print(np.float32((v * v).sum()))
// NUMPY: rhs = (np.arange(256) % 7).astype(np.float64); np.save("rhs.npy", rhs.astype(np.float32)); np.save("dinv.npy", np.full(256, 0.25, np.float32))
// NUMPY: print(np.float32(functools.reduce(lambda x, _: x + (rhs - mv(P16, x)) * 0.25, range(20), np.zeros(256)).sum()))
// NUMPY: def pcgstep(s): x, r, p, rz = s; ap = mv(P16, p); al = rz / (p @ ap); x = x + al * p; r = r - al * ap; z = r * 0.25; rzn = r @ z; return x, r, z + rzn / rz * p, rzn
// NUMPY: r0 = rhs.copy(); print(np.float32(functools.reduce(lambda s, _: pcgstep(s), range(12), (np.zeros(256), r0, r0 * 0.25, r0 @ (r0 * 0.25)))[0].sum()))

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

// The sum of x after `iters` CG steps on the matrix saved as `prefix`.
func.func @cg_sum(%data: tensor<?xf32>, %indices: tensor<?xi32>, %indptr: tensor<?xi32>, %iters: index) {
  %x = func.call @cg(%data, %indices, %indptr, %iters) : (tensor<?xf32>, tensor<?xi32>, tensor<?xi32>, index) -> tensor<?xf32>
  %s = array.sum %x : tensor<?xf32> -> tensor<f32>
  array.print %s : tensor<f32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %c20 = arith.constant 20 : index
  %c30 = arith.constant 30 : index
  %c40 = arith.constant 40 : index
  %d4 = array.load_npy "p4_data.npy" : tensor<?xf32>
  %i4 = array.load_npy "p4_indices.npy" : tensor<?xi32>
  %p4 = array.load_npy "p4_indptr.npy" : tensor<?xi32>
  %x4_0 = func.call @cg(%d4, %i4, %p4, %c0) : (tensor<?xf32>, tensor<?xi32>, tensor<?xi32>, index) -> tensor<?xf32>
  array.print %x4_0 : tensor<?xf32>
  %x4_7 = func.call @cg(%d4, %i4, %p4, %c7) : (tensor<?xf32>, tensor<?xi32>, tensor<?xi32>, index) -> tensor<?xf32>
  array.print %x4_7 : tensor<?xf32>
  %d16 = array.load_npy "p16_data.npy" : tensor<?xf32>
  %i16 = array.load_npy "p16_indices.npy" : tensor<?xi32>
  %p16 = array.load_npy "p16_indptr.npy" : tensor<?xi32>
  func.call @cg_sum(%d16, %i16, %p16, %c30) : (tensor<?xf32>, tensor<?xi32>, tensor<?xi32>, index) -> ()

  // Power iteration: x = A x / |A x|.
  %n16 = arith.constant 256 : index
  %a16 = array.csr_matrix %d16, %i16, %p16 cols %n16 : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x?xf32, #CSR>
  %ones = array.full(%n16) 1.0 : tensor<?xf32>
  %power = scf.for %i = %c0 to %c40 step %c1 iter_args(%x = %ones) -> (tensor<?xf32>) {
    %ax = array.spmv %a16, %x : (tensor<?x?xf32, #CSR>, tensor<?xf32>) -> tensor<?xf32>
    %sq = array.mul %ax, %ax : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %ss = array.sum %sq : tensor<?xf32> -> tensor<f32>
    %norm = array.sqrt %ss : tensor<f32> -> tensor<f32>
    %next = array.div %ax, %norm : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    scf.yield %next : tensor<?xf32>
  }
  %ps = array.sum %power : tensor<?xf32> -> tensor<f32>
  array.print %ps : tensor<f32>

  // u, v = u - 0.01 * (B @ u), v + u: rows of 13 entries (more than the
  // registers hold).
  %db = array.load_npy "band_data.npy" : tensor<?xf32>
  %ib = array.load_npy "band_indices.npy" : tensor<?xi32>
  %pb = array.load_npy "band_indptr.npy" : tensor<?xi32>
  %nb1 = tensor.dim %pb, %c0 : tensor<?xi32>
  %nb = arith.subi %nb1, %c1 : index
  %bm = array.csr_matrix %db, %ib, %pb cols %nb : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x?xf32, #CSR>
  %u0 = array.full(%nb) 1.0 : tensor<?xf32>
  %v0 = array.full(%nb) 0.0 : tensor<?xf32>
  %step = array.full 0.01 : tensor<f32>
  %u, %v = scf.for %i = %c0 to %c10 step %c1 iter_args(%ui = %u0, %vi = %v0) -> (tensor<?xf32>, tensor<?xf32>) {
    %bu = array.spmv %bm, %ui : (tensor<?x?xf32, #CSR>, tensor<?xf32>) -> tensor<?xf32>
    %d = array.mul %bu, %step : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %un = array.sub %ui, %d : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %vn = array.add %vi, %ui : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    scf.yield %un, %vn : tensor<?xf32>, tensor<?xf32>
  }
  %su = array.sum %u : tensor<?xf32> -> tensor<f32>
  array.print %su : tensor<f32>
  %vv = array.mul %v, %v : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %svv = array.sum %vv : tensor<?xf32> -> tensor<f32>
  array.print %svv : tensor<f32>

  // Jacobi: x = x + (rhs - A x) * dinv, rhs and dinv from before the loop.
  %rhs = array.load_npy "rhs.npy" : tensor<?xf32>
  %dinv = array.load_npy "dinv.npy" : tensor<?xf32>
  %zeros = array.full(%n16) 0.0 : tensor<?xf32>
  %jx = scf.for %i = %c0 to %c20 step %c1 iter_args(%x = %zeros) -> (tensor<?xf32>) {
    %ax = array.spmv %a16, %x : (tensor<?x?xf32, #CSR>, tensor<?xf32>) -> tensor<?xf32>
    %res = array.sub %rhs, %ax : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %corr = array.mul %res, %dinv : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %next = array.add %x, %corr : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    scf.yield %next : tensor<?xf32>
  }
  %js = array.sum %jx : tensor<?xf32> -> tensor<f32>
  array.print %js : tensor<f32>

  // CG preconditioned by dinv (z = r * dinv): the next p = z + beta p,
  // which later iterations' products recompute, reads dinv from before
  // the loop as well as r and p.
  %z0 = array.mul %rhs, %dinv : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %rz0_v = array.mul %rhs, %z0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %rz0 = array.sum %rz0_v : tensor<?xf32> -> tensor<f32>
  %c12 = arith.constant 12 : index
  %px, %pr, %pp, %prz = scf.for %i = %c0 to %c12 step %c1
      iter_args(%x_i = %zeros, %r_i = %rhs, %p_i = %z0, %rz_i = %rz0)
      -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>) {
    %ap = array.spmv %a16, %p_i : (tensor<?x?xf32, #CSR>, tensor<?xf32>) -> tensor<?xf32>
    %pap_v = array.mul %p_i, %ap : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %pap = array.sum %pap_v : tensor<?xf32> -> tensor<f32>
    %alpha = array.div %rz_i, %pap : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %ap_s = array.mul %p_i, %alpha : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %x_n = array.add %x_i, %ap_s : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %aap = array.mul %ap, %alpha : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %r_n = array.sub %r_i, %aap : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %z_n = array.mul %r_n, %dinv : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %rz_v = array.mul %r_n, %z_n : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %rz_n = array.sum %rz_v : tensor<?xf32> -> tensor<f32>
    %beta = array.div %rz_n, %rz_i : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %bp = array.mul %p_i, %beta : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %p_n = array.add %z_n, %bp : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    scf.yield %x_n, %r_n, %p_n, %rz_n : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<f32>
  }
  %pxs = array.sum %px : tensor<?xf32> -> tensor<f32>
  array.print %pxs : tensor<f32>
  return
}
