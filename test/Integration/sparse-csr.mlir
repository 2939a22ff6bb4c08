// CSR matrices on both targets (on the CUDA target through cuSPARSE:
// array-gpu-sparse): dense -> CSR with 32-bit, 64-bit and index positions,
// f32 and f64, static and dynamic sizes; nnz, SpMV and SpMM with alpha and
// beta, back to dense; array.csr_matrix over three .npy arrays (a 300 x 200
// random matrix, about 5% nonzero, positive values) and array.load_mtx,
// against NumPy's dense products.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > %t.ref
// RUN: cd %t.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: %if cuda-gpu %{ cd %t.dir && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}
// Every SpMV through arrayrt's kernel, then through cuSPARSE (by default
// `big`, 10 entries per row on average, takes the kernel, the others
// cuSPARSE).
// RUN: %if cuda-gpu %{ cd %t.dir && env ARRAYRT_SPMV=kernel %t.cuda > %t.kernel.out && %numpy-ref --compare %t.kernel.out %s %}
// RUN: %if cuda-gpu %{ cd %t.dir && env ARRAYRT_SPMV=cusparse %t.cuda > %t.cusparse.out && %numpy-ref --compare %t.cusparse.out %s %}

// NUMPY-RTOL: 1e-5
// NUMPY: d = np.array([[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, -4.0], [5.0, 0.0, 0.0, 6.5], [0.0, -7.0, 8.0, 0.0]], np.float32)
// NUMPY: x = np.array([1.0, -2.0, 0.5, 3.0], np.float32)
// NUMPY: y = np.array([10.0, 20.0, 30.0, 40.0, 50.0], np.float32)
// NUMPY: b = np.arange(12, dtype=np.float32).reshape(4, 3) - 5.0
// NUMPY: c = np.ones((5, 3), np.float32)
// NUMPY: print(np.int64(np.count_nonzero(d)))
// NUMPY: print(d @ x)
// NUMPY: print(np.float32(2.0) * (d @ x) + np.float32(-0.5) * y)
// NUMPY: print(d @ b)
// NUMPY: print(np.float32(0.5) * (d @ b) + np.float32(3.0) * c)
// NUMPY: print(d)
// NUMPY: e = d.astype(np.float64)
// NUMPY: print(np.int64(np.count_nonzero(e)))
// NUMPY: print(e @ x.astype(np.float64))
// NUMPY: print(e @ b.astype(np.float64))
// NUMPY: print(e)
// NUMPY: print(np.float32(-1.0) * (d @ x) + y)
// NUMPY: rng = np.random.default_rng(11)
// NUMPY: big = ((rng.random((300, 200)) < 0.05) * (rng.random((300, 200)) + 0.5)).astype(np.float32)
// NUMPY: v = (rng.random(200) + 0.5).astype(np.float32)
// NUMPY: w = (rng.random((200, 8)) + 0.5).astype(np.float32)
// NUMPY: r, k = np.nonzero(big)
// NUMPY: np.save("data.npy", big[r, k]); np.save("indices.npy", k.astype(np.int32))
// NUMPY: np.save("indptr.npy", np.concatenate([[0], np.cumsum(np.count_nonzero(big, axis=1))]).astype(np.int32))
// NUMPY: np.save("v.npy", v); np.save("w.npy", w)
// NUMPY: print(np.int64(np.count_nonzero(big)))
// NUMPY: print((big.astype(np.float64) @ v).astype(np.float32))
// NUMPY: print((big.astype(np.float64) @ w).astype(np.float32))
// NUMPY: print(big[:3, :12])
// NUMPY: open("a.mtx", "w").write("%%MatrixMarket matrix coordinate real symmetric\n3 3 4\n1 1 2\n2 1 -1\n3 2 0.5\n3 3 4\n")
// NUMPY: m = np.array([[2, -1, 0], [-1, 0, 0.5], [0, 0.5, 4]], np.float64)
// NUMPY: print(np.int64(6))
// NUMPY: print(m @ np.array([1.0, 2.0, 3.0]))
// NUMPY: print(m)

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#CSR64 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 64, crdWidth = 64}>
#CSRI = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @print_nnz(%n: index) {
  %i = arith.index_cast %n : index to i64
  %t = tensor.from_elements %i : tensor<i64>
  array.print %t : tensor<i64>
  return
}

// f64, 64-bit indices, sizes known only at run time.
func.func @dyn64(%d: tensor<?x?xf64>, %x: tensor<?xf64>, %b: tensor<?x?xf64>) {
  %a = array.to_sparse %d : tensor<?x?xf64> -> tensor<?x?xf64, #CSR64>
  %n = array.nnz %a : tensor<?x?xf64, #CSR64>
  func.call @print_nnz(%n) : (index) -> ()
  %y = array.spmv %a, %x : (tensor<?x?xf64, #CSR64>, tensor<?xf64>) -> tensor<?xf64>
  array.print %y : tensor<?xf64>
  %c = array.spmm %a, %b : (tensor<?x?xf64, #CSR64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  array.print %c : tensor<?x?xf64>
  %back = array.to_dense %a : tensor<?x?xf64, #CSR64> -> tensor<?x?xf64>
  array.print %back : tensor<?x?xf64>
  return
}

func.func @main() {
  %d = array.constant dense<[[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, -4.0], [5.0, 0.0, 0.0, 6.5], [0.0, -7.0, 8.0, 0.0]]> : tensor<5x4xf32>
  %x = array.constant dense<[1.0, -2.0, 0.5, 3.0]> : tensor<4xf32>
  %y = array.constant dense<[10.0, 20.0, 30.0, 40.0, 50.0]> : tensor<5xf32>
  %b0 = array.arange 0, 12, 1 : tensor<12xf32>
  %b1 = array.reshape %b0 : tensor<12xf32> -> tensor<4x3xf32>
  %five = array.full 5.0 : tensor<f32>
  %b = array.sub %b1, %five : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  %c = array.full 1.0 : tensor<5x3xf32>

  %a = array.to_sparse %d : tensor<5x4xf32> -> tensor<5x4xf32, #CSR>
  %n = array.nnz %a : tensor<5x4xf32, #CSR>
  func.call @print_nnz(%n) : (index) -> ()
  %ax = array.spmv %a, %x : (tensor<5x4xf32, #CSR>, tensor<4xf32>) -> tensor<5xf32>
  array.print %ax : tensor<5xf32>
  %axy = array.spmv %a, %x, %y {alpha = 2.0, beta = -0.5} : (tensor<5x4xf32, #CSR>, tensor<4xf32>, tensor<5xf32>) -> tensor<5xf32>
  array.print %axy : tensor<5xf32>
  %ab = array.spmm %a, %b : (tensor<5x4xf32, #CSR>, tensor<4x3xf32>) -> tensor<5x3xf32>
  array.print %ab : tensor<5x3xf32>
  %abc = array.spmm %a, %b, %c {alpha = 0.5, beta = 3.0} : (tensor<5x4xf32, #CSR>, tensor<4x3xf32>, tensor<5x3xf32>) -> tensor<5x3xf32>
  array.print %abc : tensor<5x3xf32>
  %back = array.to_dense %a : tensor<5x4xf32, #CSR> -> tensor<5x4xf32>
  array.print %back : tensor<5x4xf32>

  %e = array.astype %d : tensor<5x4xf32> -> tensor<5x4xf64>
  %ed = tensor.cast %e : tensor<5x4xf64> to tensor<?x?xf64>
  %x64 = array.astype %x : tensor<4xf32> -> tensor<4xf64>
  %xd = tensor.cast %x64 : tensor<4xf64> to tensor<?xf64>
  %b64 = array.astype %b : tensor<4x3xf32> -> tensor<4x3xf64>
  %bd = tensor.cast %b64 : tensor<4x3xf64> to tensor<?x?xf64>
  func.call @dyn64(%ed, %xd, %bd) : (tensor<?x?xf64>, tensor<?xf64>, tensor<?x?xf64>) -> ()

  // index positions and coordinates; y - A @ x (the y operand, beta 1).
  %ai = array.to_sparse %d : tensor<5x4xf32> -> tensor<5x4xf32, #CSRI>
  %r = array.spmv %ai, %x, %y {alpha = -1.0, beta = 1.0} : (tensor<5x4xf32, #CSRI>, tensor<4xf32>, tensor<5xf32>) -> tensor<5xf32>
  array.print %r : tensor<5xf32>

  // scipy.sparse.csr_matrix((data, indices, indptr), shape=(300, 200)).
  %data = array.load_npy "data.npy" : tensor<?xf32>
  %indices = array.load_npy "indices.npy" : tensor<?xi32>
  %indptr = array.load_npy "indptr.npy" : tensor<?xi32>
  %big = array.csr_matrix %data, %indices, %indptr : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x200xf32, #CSR>
  %v = array.load_npy "v.npy" : tensor<200xf32>
  %w = array.load_npy "w.npy" : tensor<200x8xf32>
  %bn = array.nnz %big : tensor<?x200xf32, #CSR>
  func.call @print_nnz(%bn) : (index) -> ()
  %bv = array.spmv %big, %v : (tensor<?x200xf32, #CSR>, tensor<200xf32>) -> tensor<?xf32>
  array.print %bv : tensor<?xf32>
  %bw = array.spmm %big, %w : (tensor<?x200xf32, #CSR>, tensor<200x8xf32>) -> tensor<?x8xf32>
  array.print %bw : tensor<?x8xf32>
  %bd2 = array.to_dense %big : tensor<?x200xf32, #CSR> -> tensor<?x200xf32>
  %bs = tensor.cast %bd2 : tensor<?x200xf32> to tensor<300x200xf32>
  %corner = array.slice %bs [0:3, 0:12] : tensor<300x200xf32> -> tensor<3x12xf32>
  array.print %corner : tensor<3x12xf32>

  // A symmetric Matrix Market file (mirrored).
  %m = array.load_mtx "a.mtx" : tensor<?x?xf64, #CSR>
  %mn = array.nnz %m : tensor<?x?xf64, #CSR>
  func.call @print_nnz(%mn) : (index) -> ()
  %mx = array.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  %mxd = tensor.cast %mx : tensor<3xf64> to tensor<?xf64>
  %my = array.spmv %m, %mxd : (tensor<?x?xf64, #CSR>, tensor<?xf64>) -> tensor<?xf64>
  array.print %my : tensor<?xf64>
  %md = array.to_dense %m : tensor<?x?xf64, #CSR> -> tensor<?x?xf64>
  array.print %md : tensor<?x?xf64>
  return
}
