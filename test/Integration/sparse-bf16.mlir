// bfloat16 sparse matrices on the CPU target: conversions in the three
// formats, nnz, SpMV and SpMM with alpha and beta, a sum, a scaling, a
// transpose, a sampled product and a product of two CSR matrices, each
// result widened to f32 to print (NumPy has no bfloat16). The values are
// small multiples of 1/2 so that every bf16 result is exact. The program
// links the runtime's __truncsfbf2 (libgcc has none), which LLVM calls to
// round bf16 arithmetic and to pass bf16 values to the sparsifier's
// helpers. CPU only: cuSPARSE has no bf16 SDDMM nor a product of two bf16
// sparse matrices (Transforms/reject-sparse.mlir); sparse-half.mlir runs
// the other bf16 ops on both targets.
// DEVICE-SKIP: bf16 SDDMM and SpGEMM are CPU-only (cuSPARSE has neither)
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > %t.ref
// RUN: cd %t.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.dir && %numpy-ref --compare %t.cpu.out %s

// NUMPY-RTOL: 0
// NUMPY: d = np.array([[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, -4.0], [5.0, 0.0, 0.0, 6.5], [0.0, -7.0, 8.0, 0.0]], np.float32)
// NUMPY: x = np.array([1.0, -2.0, 0.5, 3.0], np.float32)
// NUMPY: y = np.array([10.0, 20.0, 30.0, 40.0, 50.0], np.float32)
// NUMPY: b = np.arange(12, dtype=np.float32).reshape(4, 3) - 5.0
// NUMPY: A = np.arange(15, dtype=np.float32).reshape(5, 3) - 7.0
// NUMPY: B = np.arange(12, dtype=np.float32).reshape(3, 4) * 0.5
// NUMPY: print(np.int64(np.count_nonzero(d)))
// NUMPY: print(d)
// NUMPY: print(np.float32(2.0) * (d @ x) - np.float32(0.5) * y)
// NUMPY: print(d @ b)
// NUMPY: print(d + d)
// NUMPY: print(np.float32(-0.5) * d)
// NUMPY: print(d.T)
// NUMPY: print(np.where(d != 0, A @ B, 0))
// NUMPY: print(d.T @ d)

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>

func.func @print2(%t: tensor<?x?xbf16>) {
  %f = array.astype %t : tensor<?x?xbf16> -> tensor<?x?xf32>
  array.print %f : tensor<?x?xf32>
  return
}

func.func @main() {
  %d = array.constant dense<[[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, -4.0], [5.0, 0.0, 0.0, 6.5], [0.0, -7.0, 8.0, 0.0]]> : tensor<5x4xbf16>
  %x = array.constant dense<[1.0, -2.0, 0.5, 3.0]> : tensor<4xbf16>
  %y = array.constant dense<[10.0, 20.0, 30.0, 40.0, 50.0]> : tensor<5xbf16>
  %b0 = array.arange -5, 7, 1 : tensor<12xbf16>
  %b = array.reshape %b0 : tensor<12xbf16> -> tensor<4x3xbf16>
  %a0 = array.arange -7, 8, 1 : tensor<15xbf16>
  %A = array.reshape %a0 : tensor<15xbf16> -> tensor<5x3xbf16>
  %q0 = array.arange 0, 6, 0.5 : tensor<12xbf16>
  %B = array.reshape %q0 : tensor<12xbf16> -> tensor<3x4xbf16>

  // CSR, then COO and back: nnz and the dense form.
  %a = array.to_sparse %d : tensor<5x4xbf16> -> tensor<5x4xbf16, #CSR>
  %c = array.to_sparse %a : tensor<5x4xbf16, #CSR> -> tensor<5x4xbf16, #COO>
  %n = array.nnz %c : tensor<5x4xbf16, #COO>
  %ni = arith.index_cast %n : index to i64
  %nt = tensor.from_elements %ni : tensor<i64>
  array.print %nt : tensor<i64>
  %cd = array.to_dense %c : tensor<5x4xbf16, #COO> -> tensor<5x4xbf16>
  %cdd = tensor.cast %cd : tensor<5x4xbf16> to tensor<?x?xbf16>
  func.call @print2(%cdd) : (tensor<?x?xbf16>) -> ()

  %v = array.spmv %a, %x, %y {alpha = 2.0, beta = -0.5} : (tensor<5x4xbf16, #CSR>, tensor<4xbf16>, tensor<5xbf16>) -> tensor<5xbf16>
  %vf = array.astype %v : tensor<5xbf16> -> tensor<5xf32>
  array.print %vf : tensor<5xf32>
  %m = array.spmm %a, %b : (tensor<5x4xbf16, #CSR>, tensor<4x3xbf16>) -> tensor<5x3xbf16>
  %md = tensor.cast %m : tensor<5x3xbf16> to tensor<?x?xbf16>
  func.call @print2(%md) : (tensor<?x?xbf16>) -> ()

  %s = array.sparse_add %a, %a : tensor<5x4xbf16, #CSR>
  %sd = array.to_dense %s : tensor<5x4xbf16, #CSR> -> tensor<5x4xbf16>
  %sdd = tensor.cast %sd : tensor<5x4xbf16> to tensor<?x?xbf16>
  func.call @print2(%sdd) : (tensor<?x?xbf16>) -> ()
  %k = array.sparse_scale %a by -0.5 : tensor<5x4xbf16, #CSR>
  %kd = array.to_dense %k : tensor<5x4xbf16, #CSR> -> tensor<5x4xbf16>
  %kdd = tensor.cast %kd : tensor<5x4xbf16> to tensor<?x?xbf16>
  func.call @print2(%kdd) : (tensor<?x?xbf16>) -> ()

  %t = array.sparse_transpose %a : tensor<5x4xbf16, #CSR> -> tensor<4x5xbf16, #CSC>
  %td = array.to_dense %t : tensor<4x5xbf16, #CSC> -> tensor<4x5xbf16>
  %tdd = tensor.cast %td : tensor<4x5xbf16> to tensor<?x?xbf16>
  func.call @print2(%tdd) : (tensor<?x?xbf16>) -> ()

  %p = array.sddmm %a, %A, %B : tensor<5x4xbf16, #CSR>, tensor<5x3xbf16>, tensor<3x4xbf16>
  %pd = array.to_dense %p : tensor<5x4xbf16, #CSR> -> tensor<5x4xbf16>
  %pdd = tensor.cast %pd : tensor<5x4xbf16> to tensor<?x?xbf16>
  func.call @print2(%pdd) : (tensor<?x?xbf16>) -> ()

  %tc = array.to_sparse %t : tensor<4x5xbf16, #CSC> -> tensor<4x5xbf16, #CSR>
  %g = array.spgemm %tc, %a : tensor<4x5xbf16, #CSR>, tensor<5x4xbf16, #CSR> -> tensor<4x4xbf16, #CSR>
  %gd = array.to_dense %g : tensor<4x4xbf16, #CSR> -> tensor<4x4xbf16>
  %gdd = tensor.cast %gd : tensor<4x4xbf16> to tensor<?x?xbf16>
  func.call @print2(%gdd) : (tensor<?x?xbf16>) -> ()
  return
}
