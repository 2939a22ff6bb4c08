// Loops of kernels on small arrays as one persistent kernel
// (`--persistent-loops`, array-gpu-persistent-loops; --register-loops=false
// keeps these loops from array-gpu-register-loops, which takes them first
// otherwise: loops-register.mlir): a loop whose sum
// feeds back as a 0-d array, with odd, even and zero trip counts (the
// carried array's two buffers alternate), a loop carrying two arrays and a
// CSR product, and a loop on an array above the size limit (runs as
// launches). Each result is compared with NumPy, on the CPU and, with and
// without persistent loops, on the GPU.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda --persistent-loops --register-loops=false %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}
// RUN: %if cuda-gpu %{ arrayc --target=cuda --persistent-loops=false %s -o %t.launches %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.launches > %t.launches.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.launches.out %s %}
// Both loops (@relax's, for every call, and the CSR one) become
// cooperative kernels.
// RUN: arrayc --target=cuda --persistent-loops --register-loops=false --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
// PTX-COUNT-2: .visible .entry {{.*}}__arrayrt_cooperative(
// PTX-NOT: .entry {{.*}}__arrayrt_cooperative(

// NUMPY-RTOL: 1e-4
// NUMPY: t0 = (np.arange(1000) % 17 / 17).astype(np.float32); np.save("t0.npy", t0)
// NUMPY: import functools
// NUMPY: relax = lambda t, n: functools.reduce(lambda a, _: a * 0.5 + a.sum() / a.size * 0.25, range(n), t.astype(np.float64)).astype(np.float32)
// NUMPY: print(relax(t0, 7)); print(relax(t0, 8)); print(relax(t0, 0))
// NUMPY: g = 5; n = g * g
// NUMPY: A = 4 * np.eye(n) - np.eye(n, k=g) - np.eye(n, k=-g) - np.kron(np.eye(g), np.eye(g, k=1) + np.eye(g, k=-1))
// NUMPY: rows, cols = np.nonzero(A)
// NUMPY: np.save("data.npy", A[rows, cols].astype(np.float32)); np.save("indices.npy", cols.astype(np.int32))
// NUMPY: np.save("indptr.npy", np.searchsorted(rows, np.arange(n + 1)).astype(np.int32))
// NUMPY: u = np.ones(n); v = np.zeros(n)
// NUMPY: for _ in range(5): u, v = u - 0.1 * (A @ u), v + u
// NUMPY: print(np.float32(u.sum())); print(np.float32((v * v).sum()))
// NUMPY: big = (np.arange(1 << 20 | 8) % 5).astype(np.float32); np.save("big.npy", big)
// NUMPY: print(np.float32(relax(big, 3).sum(dtype=np.float64)))

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

// t = t * 0.5 + mean(t) * 0.25, `iters` times: two kernels (the sum's two
// passes) and the update per iteration.
func.func @relax(%t0: tensor<?xf32>, %iters: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = array.full 0.5 : tensor<f32>
  %quarter = array.full 0.25 : tensor<f32>
  %n = tensor.dim %t0, %c0 : tensor<?xf32>
  %n_i = arith.index_cast %n : index to i64
  %size = tensor.from_elements %n_i : tensor<i64>
  %sizef = array.astype %size : tensor<i64> -> tensor<f32>
  %t = scf.for %i = %c0 to %iters step %c1 iter_args(%ti = %t0) -> (tensor<?xf32>) {
    %s = array.sum %ti : tensor<?xf32> -> tensor<f32>
    %mean = array.div %s, %sizef : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %m4 = array.mul %mean, %quarter : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %h = array.mul %ti, %half : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %next = array.add %h, %m4 : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    scf.yield %next : tensor<?xf32>
  }
  return %t : tensor<?xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %t0 = array.load_npy "t0.npy" : tensor<?xf32>
  %odd = func.call @relax(%t0, %c7) : (tensor<?xf32>, index) -> tensor<?xf32>
  array.print %odd : tensor<?xf32>
  %even = func.call @relax(%t0, %c8) : (tensor<?xf32>, index) -> tensor<?xf32>
  array.print %even : tensor<?xf32>
  %none = func.call @relax(%t0, %c0) : (tensor<?xf32>, index) -> tensor<?xf32>
  array.print %none : tensor<?xf32>

  // u, v = u - 0.1 * (A @ u), v + u: two carried arrays, a CSR product.
  %data = array.load_npy "data.npy" : tensor<?xf32>
  %indices = array.load_npy "indices.npy" : tensor<?xi32>
  %indptr = array.load_npy "indptr.npy" : tensor<?xi32>
  %rows1 = tensor.dim %indptr, %c0 : tensor<?xi32>
  %rows = arith.subi %rows1, %c1 : index
  %a = array.csr_matrix %data, %indices, %indptr cols %rows : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x?xf32, #CSR>
  %u0 = array.full(%rows) 1.0 : tensor<?xf32>
  %v0 = array.full(%rows) 0.0 : tensor<?xf32>
  %step = array.full 0.1 : tensor<f32>
  %u, %v = scf.for %i = %c0 to %c5 step %c1 iter_args(%ui = %u0, %vi = %v0) -> (tensor<?xf32>, tensor<?xf32>) {
    %au = array.spmv %a, %ui : (tensor<?x?xf32, #CSR>, tensor<?xf32>) -> tensor<?xf32>
    %d = array.mul %au, %step : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %un = array.sub %ui, %d : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %vn = array.add %vi, %ui : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    scf.yield %un, %vn : tensor<?xf32>, tensor<?xf32>
  }
  // (Sums: the arrays' printed widths depend on the last digit.)
  %su = array.sum %u : tensor<?xf32> -> tensor<f32>
  array.print %su : tensor<f32>
  %vv = array.mul %v, %v : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %svv = array.sum %vv : tensor<?xf32> -> tensor<f32>
  array.print %svv : tensor<f32>

  // Above the limit (2^20 elements): launches.
  %big = array.load_npy "big.npy" : tensor<?xf32>
  %relaxed = func.call @relax(%big, %c3) : (tensor<?xf32>, index) -> tensor<?xf32>
  %total = array.sum %relaxed : tensor<?xf32> -> tensor<f32>
  array.print %total : tensor<f32>
  return
}
