// CSR transpose (into CSR) and the sampled product on both targets (on the
// CUDA target through cuSPARSE: csr2csc and SDDMM, run where lit sees a
// GPU), with alpha and beta, f32 and f64 with dynamic sizes, against NumPy.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > %t.ref
// RUN: cd %t.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: %if cuda-gpu %{ cd %t.dir && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-6
// NUMPY: d = np.array([[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, -4.0], [5.0, 0.0, 0.0, 6.5], [0.0, -7.0, 8.0, 0.0]], np.float32)
// NUMPY: A = np.arange(15, dtype=np.float32).reshape(5, 3)
// NUMPY: B = np.arange(12, dtype=np.float32).reshape(3, 4)
// NUMPY: x = np.array([1.0, -1.0, 2.0, 0.5, 3.0], np.float32)
// NUMPY: print(d.T)
// NUMPY: print(d.T @ x)
// NUMPY: print(np.where(d != 0, A @ B, 0))
// NUMPY: print(np.where(d != 0, np.float32(0.5) * (A @ B) + np.float32(2.0) * d, 0))
// NUMPY: e = np.array([[0.5, 0.0, 2.0], [0.0, -1.0, 0.0]])
// NUMPY: P = np.array([[1.0, 2.0], [3.0, 4.0]])
// NUMPY: Q = np.array([[1.0, 0.0, -1.0], [2.0, 1.0, 0.5]])
// NUMPY: print(np.where(e != 0, 3.0 * (P @ Q) - e, 0))
// NUMPY: print(e.T)

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

// f64, sizes known at run time only.
func.func @dynamic(%e: tensor<?x?xf64>, %p: tensor<?x?xf64>, %q: tensor<?x?xf64>) {
  %s = array.to_sparse %e : tensor<?x?xf64> -> tensor<?x?xf64, #CSR>
  %r = array.sddmm %s, %p, %q {alpha = 3.0, beta = -1.0} : tensor<?x?xf64, #CSR>, tensor<?x?xf64>, tensor<?x?xf64>
  %rd = array.to_dense %r : tensor<?x?xf64, #CSR> -> tensor<?x?xf64>
  array.print %rd : tensor<?x?xf64>
  %t = array.sparse_transpose %s : tensor<?x?xf64, #CSR> -> tensor<?x?xf64, #CSR>
  %td = array.to_dense %t : tensor<?x?xf64, #CSR> -> tensor<?x?xf64>
  array.print %td : tensor<?x?xf64>
  return
}

func.func @main() {
  %d = array.constant dense<[[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, -4.0], [5.0, 0.0, 0.0, 6.5], [0.0, -7.0, 8.0, 0.0]]> : tensor<5x4xf32>
  %x = array.constant dense<[1.0, -1.0, 2.0, 0.5, 3.0]> : tensor<5xf32>
  %a0 = array.arange 0, 15, 1 : tensor<15xf32>
  %A = array.reshape %a0 : tensor<15xf32> -> tensor<5x3xf32>
  %b0 = array.arange 0, 12, 1 : tensor<12xf32>
  %B = array.reshape %b0 : tensor<12xf32> -> tensor<3x4xf32>
  %a = array.to_sparse %d : tensor<5x4xf32> -> tensor<5x4xf32, #CSR>
  %t = array.sparse_transpose %a : tensor<5x4xf32, #CSR> -> tensor<4x5xf32, #CSR>
  %td = array.to_dense %t : tensor<4x5xf32, #CSR> -> tensor<4x5xf32>
  array.print %td : tensor<4x5xf32>
  %tx = array.spmv %t, %x : (tensor<4x5xf32, #CSR>, tensor<5xf32>) -> tensor<4xf32>
  array.print %tx : tensor<4xf32>
  %s = array.sddmm %a, %A, %B : tensor<5x4xf32, #CSR>, tensor<5x3xf32>, tensor<3x4xf32>
  %sd = array.to_dense %s : tensor<5x4xf32, #CSR> -> tensor<5x4xf32>
  array.print %sd : tensor<5x4xf32>
  %s2 = array.sddmm %a, %A, %B {alpha = 0.5, beta = 2.0} : tensor<5x4xf32, #CSR>, tensor<5x3xf32>, tensor<3x4xf32>
  %sd2 = array.to_dense %s2 : tensor<5x4xf32, #CSR> -> tensor<5x4xf32>
  array.print %sd2 : tensor<5x4xf32>
  %e64 = array.constant dense<[[0.5, 0.0, 2.0], [0.0, -1.0, 0.0]]> : tensor<2x3xf64>
  %ed = tensor.cast %e64 : tensor<2x3xf64> to tensor<?x?xf64>
  %p = array.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %pd = tensor.cast %p : tensor<2x2xf64> to tensor<?x?xf64>
  %q = array.constant dense<[[1.0, 0.0, -1.0], [2.0, 1.0, 0.5]]> : tensor<2x3xf64>
  %qd = tensor.cast %q : tensor<2x3xf64> to tensor<?x?xf64>
  func.call @dynamic(%ed, %pd, %qd) : (tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>) -> ()
  return
}
