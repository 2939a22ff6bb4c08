// float16 and bfloat16 sparse matrices on both targets (on the CUDA target
// through cuSPARSE with float32 compute; run where lit sees a GPU):
// conversions, SpMV and SpMM with alpha and beta, transposes (also with
// 64-bit indices), a sampled product (f16), a sum and a scaling, each
// result widened to f32 to print (NumPy has no bfloat16). The values are
// small multiples of 1/2 so that every 16-bit result is exact. On the
// CUDA target the sum is csrgeam2's in float32, narrowed back, and the
// scaling a kernel of the runtime. cuSPARSE has no product of two sparse
// matrices of 16-bit values, nor a bf16 SDDMM: sparse-bf16.mlir runs those
// on the CPU.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > %t.ref
// RUN: cd %t.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: %if cuda-gpu %{ cd %t.dir && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 0
// NUMPY: d = np.array([[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, -4.0], [5.0, 0.0, 0.0, 6.5], [0.0, -7.0, 8.0, 0.0]], np.float32)
// NUMPY: x = np.array([1.0, -2.0, 0.5, 3.0], np.float32)
// NUMPY: y = np.array([10.0, 20.0, 30.0, 40.0, 50.0], np.float32)
// NUMPY: b = np.arange(12, dtype=np.float32).reshape(4, 3) - 5.0
// NUMPY: A = np.arange(15, dtype=np.float32).reshape(5, 3) - 7.0
// NUMPY: B = np.arange(12, dtype=np.float32).reshape(3, 4) * 0.5
// NUMPY: d2 = np.array([[0.0, 1.0, -2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.5, 0.0, 0.0, 4.0], [0.0, 0.0, 0.0, 0.0], [0.0, 7.0, 0.0, 1.0]], np.float32)
// NUMPY: print(d); print(np.float32(2.0) * (d @ x) - np.float32(0.5) * y); print(d @ b); print(d.T); print(np.where(d != 0, A @ B, 0)); print(d + d2); print(np.float32(-0.5) * (d + d2)); print(d.T)
// NUMPY: print(d); print(np.float32(2.0) * (d @ x) - np.float32(0.5) * y); print(d @ b); print(d.T); print(d + d2); print(np.float32(-0.5) * (d + d2)); print(d.T)

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed), posWidth = 32, crdWidth = 32}>
#CSR64 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 64, crdWidth = 64}>

func.func @f16() {
  %d = array.constant dense<[[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, -4.0], [5.0, 0.0, 0.0, 6.5], [0.0, -7.0, 8.0, 0.0]]> : tensor<5x4xf16>
  %x = array.constant dense<[1.0, -2.0, 0.5, 3.0]> : tensor<4xf16>
  %y = array.constant dense<[10.0, 20.0, 30.0, 40.0, 50.0]> : tensor<5xf16>
  %b0 = array.arange -5, 7, 1 : tensor<12xf16>
  %b = array.reshape %b0 : tensor<12xf16> -> tensor<4x3xf16>
  %a0 = array.arange -7, 8, 1 : tensor<15xf16>
  %A = array.reshape %a0 : tensor<15xf16> -> tensor<5x3xf16>
  %q0 = array.arange 0, 6, 0.5 : tensor<12xf16>
  %B = array.reshape %q0 : tensor<12xf16> -> tensor<3x4xf16>
  %a = array.to_sparse %d : tensor<5x4xf16> -> tensor<5x4xf16, #CSR>
  %ad = array.to_dense %a : tensor<5x4xf16, #CSR> -> tensor<5x4xf16>
  %adf = array.astype %ad : tensor<5x4xf16> -> tensor<5x4xf32>
  array.print %adf : tensor<5x4xf32>
  %v = array.spmv %a, %x, %y {alpha = 2.0, beta = -0.5} : (tensor<5x4xf16, #CSR>, tensor<4xf16>, tensor<5xf16>) -> tensor<5xf16>
  %vf = array.astype %v : tensor<5xf16> -> tensor<5xf32>
  array.print %vf : tensor<5xf32>
  %m = array.spmm %a, %b : (tensor<5x4xf16, #CSR>, tensor<4x3xf16>) -> tensor<5x3xf16>
  %mf = array.astype %m : tensor<5x3xf16> -> tensor<5x3xf32>
  array.print %mf : tensor<5x3xf32>
  %t = array.sparse_transpose %a : tensor<5x4xf16, #CSR> -> tensor<4x5xf16, #CSC>
  %td = array.to_dense %t : tensor<4x5xf16, #CSC> -> tensor<4x5xf16>
  %tdf = array.astype %td : tensor<4x5xf16> -> tensor<4x5xf32>
  array.print %tdf : tensor<4x5xf32>
  %p = array.sddmm %a, %A, %B : tensor<5x4xf16, #CSR>, tensor<5x3xf16>, tensor<3x4xf16>
  %pd = array.to_dense %p : tensor<5x4xf16, #CSR> -> tensor<5x4xf16>
  %pdf = array.astype %pd : tensor<5x4xf16> -> tensor<5x4xf32>
  array.print %pdf : tensor<5x4xf32>
  %d2 = array.constant dense<[[0.0, 1.0, -2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.5, 0.0, 0.0, 4.0], [0.0, 0.0, 0.0, 0.0], [0.0, 7.0, 0.0, 1.0]]> : tensor<5x4xf16>
  %a2 = array.to_sparse %d2 : tensor<5x4xf16> -> tensor<5x4xf16, #CSR>
  %s = array.sparse_add %a, %a2 : tensor<5x4xf16, #CSR>
  %sd = array.to_dense %s : tensor<5x4xf16, #CSR> -> tensor<5x4xf16>
  %sdf = array.astype %sd : tensor<5x4xf16> -> tensor<5x4xf32>
  array.print %sdf : tensor<5x4xf32>
  %k = array.sparse_scale %s by -0.5 : tensor<5x4xf16, #CSR>
  %kd = array.to_dense %k : tensor<5x4xf16, #CSR> -> tensor<5x4xf16>
  %kdf = array.astype %kd : tensor<5x4xf16> -> tensor<5x4xf32>
  array.print %kdf : tensor<5x4xf32>
  %w = array.to_sparse %d : tensor<5x4xf16> -> tensor<5x4xf16, #CSR64>
  %wt = array.sparse_transpose %w : tensor<5x4xf16, #CSR64> -> tensor<4x5xf16, #CSR64>
  %wtd = array.to_dense %wt : tensor<4x5xf16, #CSR64> -> tensor<4x5xf16>
  %wtdf = array.astype %wtd : tensor<4x5xf16> -> tensor<4x5xf32>
  array.print %wtdf : tensor<4x5xf32>
  return
}

func.func @bf16() {
  %d = array.constant dense<[[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, -4.0], [5.0, 0.0, 0.0, 6.5], [0.0, -7.0, 8.0, 0.0]]> : tensor<5x4xbf16>
  %x = array.constant dense<[1.0, -2.0, 0.5, 3.0]> : tensor<4xbf16>
  %y = array.constant dense<[10.0, 20.0, 30.0, 40.0, 50.0]> : tensor<5xbf16>
  %b0 = array.arange -5, 7, 1 : tensor<12xbf16>
  %b = array.reshape %b0 : tensor<12xbf16> -> tensor<4x3xbf16>
  %a0 = array.arange -7, 8, 1 : tensor<15xbf16>
  %A = array.reshape %a0 : tensor<15xbf16> -> tensor<5x3xbf16>
  %q0 = array.arange 0, 6, 0.5 : tensor<12xbf16>
  %B = array.reshape %q0 : tensor<12xbf16> -> tensor<3x4xbf16>
  %a = array.to_sparse %d : tensor<5x4xbf16> -> tensor<5x4xbf16, #CSR>
  %ad = array.to_dense %a : tensor<5x4xbf16, #CSR> -> tensor<5x4xbf16>
  %adf = array.astype %ad : tensor<5x4xbf16> -> tensor<5x4xf32>
  array.print %adf : tensor<5x4xf32>
  %v = array.spmv %a, %x, %y {alpha = 2.0, beta = -0.5} : (tensor<5x4xbf16, #CSR>, tensor<4xbf16>, tensor<5xbf16>) -> tensor<5xbf16>
  %vf = array.astype %v : tensor<5xbf16> -> tensor<5xf32>
  array.print %vf : tensor<5xf32>
  %m = array.spmm %a, %b : (tensor<5x4xbf16, #CSR>, tensor<4x3xbf16>) -> tensor<5x3xbf16>
  %mf = array.astype %m : tensor<5x3xbf16> -> tensor<5x3xf32>
  array.print %mf : tensor<5x3xf32>
  %t = array.sparse_transpose %a : tensor<5x4xbf16, #CSR> -> tensor<4x5xbf16, #CSC>
  %td = array.to_dense %t : tensor<4x5xbf16, #CSC> -> tensor<4x5xbf16>
  %tdf = array.astype %td : tensor<4x5xbf16> -> tensor<4x5xf32>
  array.print %tdf : tensor<4x5xf32>
  %d2 = array.constant dense<[[0.0, 1.0, -2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.5, 0.0, 0.0, 4.0], [0.0, 0.0, 0.0, 0.0], [0.0, 7.0, 0.0, 1.0]]> : tensor<5x4xbf16>
  %a2 = array.to_sparse %d2 : tensor<5x4xbf16> -> tensor<5x4xbf16, #CSR>
  %s = array.sparse_add %a, %a2 : tensor<5x4xbf16, #CSR>
  %sd = array.to_dense %s : tensor<5x4xbf16, #CSR> -> tensor<5x4xbf16>
  %sdf = array.astype %sd : tensor<5x4xbf16> -> tensor<5x4xf32>
  array.print %sdf : tensor<5x4xf32>
  %k = array.sparse_scale %s by -0.5 : tensor<5x4xbf16, #CSR>
  %kd = array.to_dense %k : tensor<5x4xbf16, #CSR> -> tensor<5x4xbf16>
  %kdf = array.astype %kd : tensor<5x4xbf16> -> tensor<5x4xf32>
  array.print %kdf : tensor<5x4xf32>
  %w = array.to_sparse %d : tensor<5x4xbf16> -> tensor<5x4xbf16, #CSR64>
  %wt = array.sparse_transpose %w : tensor<5x4xbf16, #CSR64> -> tensor<4x5xbf16, #CSR64>
  %wtd = array.to_dense %wt : tensor<4x5xbf16, #CSR64> -> tensor<4x5xbf16>
  %wtdf = array.astype %wtd : tensor<4x5xbf16> -> tensor<4x5xf32>
  array.print %wtdf : tensor<4x5xf32>
  return
}

func.func @main() {
  func.call @f16() : () -> ()
  func.call @bf16() : () -> ()
  return
}
