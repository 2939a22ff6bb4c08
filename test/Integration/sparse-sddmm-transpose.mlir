// array.sparse_transpose and array.sddmm on both targets (on the CUDA
// target every format is a CSR handle: csr2csc, SDDMM, csrgeam2; run where
// lit sees a GPU): CSR -> CSC (no copy on the CPU), CSR -> CSR and COO ->
// COO transposes, a product with the transpose; the sampled product on
// CSR, CSC and COO patterns with alpha and beta, an explicit zero of S
// sampled too, f64 with dynamic sizes; against NumPy. Also the sum and
// scaling of CSC matrices that a shared empty matrix once corrupted
// (docs/sparse.md).
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > %t.ref
// RUN: cd %t.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: %if cuda-gpu %{ cd %t.dir && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-6
// NUMPY: d = np.array([[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, -4.0], [5.0, 0.0, 0.0, 6.5], [0.0, -7.0, 8.0, 0.0]], np.float32)
// NUMPY: y = np.array([10.0, 20.0, 30.0, 40.0, 50.0], np.float32)
// NUMPY: A = np.arange(15, dtype=np.float32).reshape(5, 3)
// NUMPY: B = np.arange(12, dtype=np.float32).reshape(3, 4)
// NUMPY: mask = d != 0
// NUMPY: print(d.T)
// NUMPY: print(d.T @ y)
// NUMPY: print(d.T)
// NUMPY: print(d.T)
// NUMPY: print(np.where(mask, A @ B, 0))
// NUMPY: print(np.where(mask, np.float32(0.5) * (A @ B) + np.float32(2.0) * d, 0))
// NUMPY: print(np.where(mask, np.float32(0.5) * (A @ B) + np.float32(2.0) * d, 0))
// NUMPY: print(np.where(mask, np.float32(-1.0) * (A @ B) + d, 0))
// NUMPY: print(np.array([[0.0, 5.0, 0.0], [0.0, 0.0, 0.0]], np.float32))
// NUMPY: print(np.int64(1))
// NUMPY: e = np.array([[0.5, 0.0, 2.0], [0.0, -1.0, 0.0]])
// NUMPY: P = np.array([[1.0, 2.0], [3.0, 4.0]])
// NUMPY: Q = np.array([[1.0, 0.0, -1.0], [2.0, 1.0, 0.5]])
// NUMPY: print(np.where(e != 0, 3.0 * (P @ Q) - e, 0))
// NUMPY: c = np.array([[1.0, 0.0, 2.0], [0.0, 0.0, 3.0]], np.float32)
// NUMPY: c2 = np.array([[0.0, 5.0, -2.0], [1.0, 0.0, 0.0]], np.float32)
// NUMPY: print(c + c2)
// NUMPY: print(np.int64(5))
// NUMPY: print(np.float32(2.0) * c)

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed), posWidth = 32, crdWidth = 32}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton), posWidth = 32, crdWidth = 32}>
#CSR64 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 64, crdWidth = 64}>

func.func @print_count(%n: index) {
  %i = arith.index_cast %n : index to i64
  %t = tensor.from_elements %i : tensor<i64>
  array.print %t : tensor<i64>
  return
}

// f64, 64-bit indices, sizes known at run time only; beta = -1.
func.func @dynamic(%e: tensor<?x?xf64>, %p: tensor<?x?xf64>, %q: tensor<?x?xf64>) {
  %s = array.to_sparse %e : tensor<?x?xf64> -> tensor<?x?xf64, #CSR64>
  %r = array.sddmm %s, %p, %q {alpha = 3.0, beta = -1.0} : tensor<?x?xf64, #CSR64>, tensor<?x?xf64>, tensor<?x?xf64>
  %rd = array.to_dense %r : tensor<?x?xf64, #CSR64> -> tensor<?x?xf64>
  array.print %rd : tensor<?x?xf64>
  return
}

func.func @main() {
  %d = array.constant dense<[[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, -4.0], [5.0, 0.0, 0.0, 6.5], [0.0, -7.0, 8.0, 0.0]]> : tensor<5x4xf32>
  %y = array.constant dense<[10.0, 20.0, 30.0, 40.0, 50.0]> : tensor<5xf32>
  %a0 = array.arange 0, 15, 1 : tensor<15xf32>
  %A = array.reshape %a0 : tensor<15xf32> -> tensor<5x3xf32>
  %b0 = array.arange 0, 12, 1 : tensor<12xf32>
  %B = array.reshape %b0 : tensor<12xf32> -> tensor<3x4xf32>

  // Transposes: CSR -> CSC (the same arrays), times a vector; CSR -> CSR;
  // COO -> COO.
  %a = array.to_sparse %d : tensor<5x4xf32> -> tensor<5x4xf32, #CSR>
  %t = array.sparse_transpose %a : tensor<5x4xf32, #CSR> -> tensor<4x5xf32, #CSC>
  %td = array.to_dense %t : tensor<4x5xf32, #CSC> -> tensor<4x5xf32>
  array.print %td : tensor<4x5xf32>
  %ty = array.spmv %t, %y : (tensor<4x5xf32, #CSC>, tensor<5xf32>) -> tensor<4xf32>
  array.print %ty : tensor<4xf32>
  %t2 = array.sparse_transpose %a : tensor<5x4xf32, #CSR> -> tensor<4x5xf32, #CSR>
  %td2 = array.to_dense %t2 : tensor<4x5xf32, #CSR> -> tensor<4x5xf32>
  array.print %td2 : tensor<4x5xf32>
  %c = array.to_sparse %d : tensor<5x4xf32> -> tensor<5x4xf32, #COO>
  %t3 = array.sparse_transpose %c : tensor<5x4xf32, #COO> -> tensor<4x5xf32, #COO>
  %td3 = array.to_dense %t3 : tensor<4x5xf32, #COO> -> tensor<4x5xf32>
  array.print %td3 : tensor<4x5xf32>

  // Sampled products on one pattern in three formats (two on the same S:
  // each gets a result of its own).
  %s = array.sddmm %a, %A, %B : tensor<5x4xf32, #CSR>, tensor<5x3xf32>, tensor<3x4xf32>
  %sd = array.to_dense %s : tensor<5x4xf32, #CSR> -> tensor<5x4xf32>
  array.print %sd : tensor<5x4xf32>
  %s2 = array.sddmm %a, %A, %B {alpha = 0.5, beta = 2.0} : tensor<5x4xf32, #CSR>, tensor<5x3xf32>, tensor<3x4xf32>
  %sd2 = array.to_dense %s2 : tensor<5x4xf32, #CSR> -> tensor<5x4xf32>
  array.print %sd2 : tensor<5x4xf32>
  %e = array.to_sparse %d : tensor<5x4xf32> -> tensor<5x4xf32, #CSC>
  %s3 = array.sddmm %e, %A, %B {alpha = 0.5, beta = 2.0} : tensor<5x4xf32, #CSC>, tensor<5x3xf32>, tensor<3x4xf32>
  %sd3 = array.to_dense %s3 : tensor<5x4xf32, #CSC> -> tensor<5x4xf32>
  array.print %sd3 : tensor<5x4xf32>
  %s4 = array.sddmm %c, %A, %B {alpha = -1.0, beta = 1.0} : tensor<5x4xf32, #COO>, tensor<5x3xf32>, tensor<3x4xf32>
  %sd4 = array.to_dense %s4 : tensor<5x4xf32, #COO> -> tensor<5x4xf32>
  array.print %sd4 : tensor<5x4xf32>

  // An explicit zero of S (data [0.0] at (0, 1)) is sampled: 1 * 5 = 5.
  %zd = array.constant dense<[0.0]> : tensor<1xf32>
  %zi = array.constant dense<[1]> : tensor<1xi32>
  %zp = array.constant dense<[0, 1, 1]> : tensor<3xi32>
  %z = array.csr_matrix %zd, %zi, %zp : tensor<1xf32>, tensor<1xi32>, tensor<3xi32> -> tensor<2x3xf32, #CSR>
  %zA = array.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %zB = array.constant dense<[[1.0, 1.0, 0.0], [0.0, 2.0, 0.0]]> : tensor<2x3xf32>
  %zs = array.sddmm %z, %zA, %zB : tensor<2x3xf32, #CSR>, tensor<2x2xf32>, tensor<2x3xf32>
  %zsd = array.to_dense %zs : tensor<2x3xf32, #CSR> -> tensor<2x3xf32>
  array.print %zsd : tensor<2x3xf32>
  %n = array.nnz %zs : tensor<2x3xf32, #CSR>
  func.call @print_count(%n) : (index) -> ()

  %e64 = array.constant dense<[[0.5, 0.0, 2.0], [0.0, -1.0, 0.0]]> : tensor<2x3xf64>
  %ed = tensor.cast %e64 : tensor<2x3xf64> to tensor<?x?xf64>
  %p = array.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %pd = tensor.cast %p : tensor<2x2xf64> to tensor<?x?xf64>
  %q = array.constant dense<[[1.0, 0.0, -1.0], [2.0, 1.0, 0.5]]> : tensor<2x3xf64>
  %qd = tensor.cast %q : tensor<2x3xf64> to tensor<?x?xf64>
  func.call @dynamic(%ed, %pd, %qd) : (tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>) -> ()

  // CSC sum and scaling, the copy %c1 of %c0 summed: once wrong (a shared
  // tensor.empty), now SciPy's result (a sum cancelling to 0.0 stays).
  %cd = array.constant dense<[[1.0, 0.0, 2.0], [0.0, 0.0, 3.0]]> : tensor<2x3xf32>
  %cd2 = array.constant dense<[[0.0, 5.0, -2.0], [1.0, 0.0, 0.0]]> : tensor<2x3xf32>
  %c0 = array.to_sparse %cd : tensor<2x3xf32> -> tensor<2x3xf32, #CSC>
  %c1 = array.to_sparse %c0 : tensor<2x3xf32, #CSC> -> tensor<2x3xf32, #CSC>
  %c2 = array.to_sparse %cd2 : tensor<2x3xf32> -> tensor<2x3xf32, #CSC>
  %sum = array.sparse_add %c1, %c2 : tensor<2x3xf32, #CSC>
  %scaled = array.sparse_scale %c0 by 2.0 : tensor<2x3xf32, #CSC>
  %sumd = array.to_dense %sum : tensor<2x3xf32, #CSC> -> tensor<2x3xf32>
  array.print %sumd : tensor<2x3xf32>
  %sn = array.nnz %sum : tensor<2x3xf32, #CSC>
  func.call @print_count(%sn) : (index) -> ()
  %scd = array.to_dense %scaled : tensor<2x3xf32, #CSC> -> tensor<2x3xf32>
  array.print %scd : tensor<2x3xf32>
  return
}
