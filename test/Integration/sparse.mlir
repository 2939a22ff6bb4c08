// Sparse matrices on both targets: dense <-> CSR, CSC and COO with 32- and
// 64-bit indices, nnz, SpMV and SpMM with alpha and beta, sums, scaling
// and a transpose of 64-bit ones, dynamic sizes, and a 300 x 200 random
// matrix from a .npy file (about 5% nonzero, positive values: no
// cancellation to magnify float32 rounding), against NumPy's dense
// products. The CPU target stores each format through upstream's
// sparsifier; the CUDA target holds every one as a CSR handle (cuSPARSE;
// 64-bit indices narrowed for csrgeam2 and csr2csc, scaling by a kernel of
// the runtime), run where lit sees a GPU.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > %t.ref
// RUN: cd %t.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: %if cuda-gpu %{ cd %t.dir && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-5
// NUMPY: d = np.array([[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, -4.0], [5.0, 0.0, 0.0, 6.5], [0.0, -7.0, 8.0, 0.0]], np.float32)
// NUMPY: x = np.array([1.0, -2.0, 0.5, 3.0], np.float32)
// NUMPY: y = np.array([10.0, 20.0, 30.0, 40.0, 50.0], np.float32)
// NUMPY: b = np.arange(12, dtype=np.float32).reshape(4, 3) - 5.0
// NUMPY: c = np.ones((5, 3), np.float32)
// NUMPY: print(d)
// NUMPY: print(np.int64(np.count_nonzero(d)))
// NUMPY: print(d @ x)
// NUMPY: print(np.float32(2.0) * (d @ x) + np.float32(-0.5) * y)
// NUMPY: print(d @ b)
// NUMPY: print(np.float32(0.5) * (d @ b) + np.float32(3.0) * c)
// NUMPY: e = d.astype(np.float64)
// NUMPY: print(e)
// NUMPY: print(np.int64(np.count_nonzero(e)))
// NUMPY: print(e @ x.astype(np.float64))
// NUMPY: print(e @ b.astype(np.float64))
// NUMPY: print(e)
// NUMPY: print(d @ x)
// NUMPY: d2 = np.array([[0.0, 1.0, -2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.5, 0.0, 0.0, 4.0], [0.0, 0.0, 0.0, 0.0], [0.0, 7.0, 0.0, 1.0]], np.float32)
// NUMPY: print(d + d2)
// NUMPY: print(np.int64(np.count_nonzero((d != 0) | (d2 != 0))))
// NUMPY: print(np.float32(-1.5) * (d + d2))
// NUMPY: print(np.float64(0.5) * e)
// NUMPY: print(e + e); print(e.T); print(np.int64(np.count_nonzero(e)))
// NUMPY: rng = np.random.default_rng(7)
// NUMPY: big = ((rng.random((300, 200)) < 0.05) * (rng.random((300, 200)) + 0.5)).astype(np.float32)
// NUMPY: v = (rng.random(200) + 0.5).astype(np.float32)
// NUMPY: w = (rng.random((200, 8)) + 0.5).astype(np.float32)
// NUMPY: np.save("big.npy", big); np.save("v.npy", v); np.save("w.npy", w)
// NUMPY: print(np.int64(np.count_nonzero(big)))
// NUMPY: print((big.astype(np.float64) @ v).astype(np.float32))
// NUMPY: print((big.astype(np.float64) @ w).astype(np.float32))

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed), posWidth = 64, crdWidth = 64}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>
#CSR64 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 64, crdWidth = 64}>

func.func @print_nnz(%n: index) {
  %i = arith.index_cast %n : index to i64
  %t = tensor.from_elements %i : tensor<i64>
  array.print %t : tensor<i64>
  return
}

// Sizes known only at run time.
func.func @dyn(%d: tensor<?x?xf32>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %a = array.to_sparse %d : tensor<?x?xf32> -> tensor<?x?xf32, #CSR>
  %y = array.spmv %a, %x : (tensor<?x?xf32, #CSR>, tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
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

  // CSR, 32-bit indices.
  %a = array.to_sparse %d : tensor<5x4xf32> -> tensor<5x4xf32, #CSR>
  %back = array.to_dense %a : tensor<5x4xf32, #CSR> -> tensor<5x4xf32>
  array.print %back : tensor<5x4xf32>
  %n = array.nnz %a : tensor<5x4xf32, #CSR>
  call @print_nnz(%n) : (index) -> ()
  %0 = array.spmv %a, %x : (tensor<5x4xf32, #CSR>, tensor<4xf32>) -> tensor<5xf32>
  array.print %0 : tensor<5xf32>
  %1 = array.spmv %a, %x, %y {alpha = 2.0, beta = -0.5} : (tensor<5x4xf32, #CSR>, tensor<4xf32>, tensor<5xf32>) -> tensor<5xf32>
  array.print %1 : tensor<5xf32>
  %2 = array.spmm %a, %b : (tensor<5x4xf32, #CSR>, tensor<4x3xf32>) -> tensor<5x3xf32>
  array.print %2 : tensor<5x3xf32>
  %3 = array.spmm %a, %b, %c {alpha = 0.5, beta = 3.0} : (tensor<5x4xf32, #CSR>, tensor<4x3xf32>, tensor<5x3xf32>) -> tensor<5x3xf32>
  array.print %3 : tensor<5x3xf32>

  // CSC with 64-bit indices, float64, from COO.
  %e = array.astype %d : tensor<5x4xf32> -> tensor<5x4xf64>
  %o = array.to_sparse %e : tensor<5x4xf64> -> tensor<5x4xf64, #COO>
  %k = array.to_sparse %o : tensor<5x4xf64, #COO> -> tensor<5x4xf64, #CSC>
  %kd = array.to_dense %k : tensor<5x4xf64, #CSC> -> tensor<5x4xf64>
  array.print %kd : tensor<5x4xf64>
  %kn = array.nnz %k : tensor<5x4xf64, #CSC>
  call @print_nnz(%kn) : (index) -> ()
  %xe = array.astype %x : tensor<4xf32> -> tensor<4xf64>
  %4 = array.spmv %k, %xe : (tensor<5x4xf64, #CSC>, tensor<4xf64>) -> tensor<5xf64>
  array.print %4 : tensor<5xf64>
  %be = array.astype %b : tensor<4x3xf32> -> tensor<4x3xf64>
  %5 = array.spmm %o, %be : (tensor<5x4xf64, #COO>, tensor<4x3xf64>) -> tensor<5x3xf64>
  array.print %5 : tensor<5x3xf64>
  %od = array.to_dense %o : tensor<5x4xf64, #COO> -> tensor<5x4xf64>
  array.print %od : tensor<5x4xf64>

  // Dynamic sizes.
  %dd = tensor.cast %d : tensor<5x4xf32> to tensor<?x?xf32>
  %xd = tensor.cast %x : tensor<4xf32> to tensor<?xf32>
  %6 = call @dyn(%dd, %xd) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?xf32>
  array.print %6 : tensor<?xf32>

  // Sums (the union of the stored coordinates, cancellations stored) and
  // scaling.
  %d2 = array.constant dense<[[0.0, 1.0, -2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.5, 0.0, 0.0, 4.0], [0.0, 0.0, 0.0, 0.0], [0.0, 7.0, 0.0, 1.0]]> : tensor<5x4xf32>
  %a2 = array.to_sparse %d2 : tensor<5x4xf32> -> tensor<5x4xf32, #CSR>
  %sum = array.sparse_add %a, %a2 : tensor<5x4xf32, #CSR>
  %sumd = array.to_dense %sum : tensor<5x4xf32, #CSR> -> tensor<5x4xf32>
  array.print %sumd : tensor<5x4xf32>
  %sumn = array.nnz %sum : tensor<5x4xf32, #CSR>
  call @print_nnz(%sumn) : (index) -> ()
  %scaled = array.sparse_scale %sum by -1.5 : tensor<5x4xf32, #CSR>
  %scaledd = array.to_dense %scaled : tensor<5x4xf32, #CSR> -> tensor<5x4xf32>
  array.print %scaledd : tensor<5x4xf32>
  %oscaled = array.sparse_scale %o by 0.5 : tensor<5x4xf64, #COO>
  %oscaledd = array.to_dense %oscaled : tensor<5x4xf64, #COO> -> tensor<5x4xf64>
  array.print %oscaledd : tensor<5x4xf64>
  // A sum and a transpose with 64-bit indices.
  %osum = array.sparse_add %o, %o : tensor<5x4xf64, #COO>
  %osumd = array.to_dense %osum : tensor<5x4xf64, #COO> -> tensor<5x4xf64>
  array.print %osumd : tensor<5x4xf64>
  %kt = array.sparse_transpose %k : tensor<5x4xf64, #CSC> -> tensor<4x5xf64, #CSR64>
  %ktd = array.to_dense %kt : tensor<4x5xf64, #CSR64> -> tensor<4x5xf64>
  array.print %ktd : tensor<4x5xf64>
  %ktn = array.nnz %kt : tensor<4x5xf64, #CSR64>
  call @print_nnz(%ktn) : (index) -> ()

  // A random matrix from a file.
  %big = array.load_npy "big.npy" : tensor<?x?xf32>
  %v = array.load_npy "v.npy" : tensor<200xf32>
  %w = array.load_npy "w.npy" : tensor<200x8xf32>
  %bs = array.to_sparse %big : tensor<?x?xf32> -> tensor<?x200xf32, #CSR>
  %bn = array.nnz %bs : tensor<?x200xf32, #CSR>
  call @print_nnz(%bn) : (index) -> ()
  %7 = array.spmv %bs, %v : (tensor<?x200xf32, #CSR>, tensor<200xf32>) -> tensor<?xf32>
  array.print %7 : tensor<?xf32>
  %8 = array.spmm %bs, %w : (tensor<?x200xf32, #CSR>, tensor<200x8xf32>) -> tensor<?x8xf32>
  array.print %8 : tensor<?x8xf32>
  return
}
