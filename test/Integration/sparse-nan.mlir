// Sparse matrices made from dense ones that hold NaN and infinities: both
// are nonzero entries (NumPy's `d != 0`), kept by the conversion, and a
// product's row that meets them is NaN or infinite, as the dense product's
// is; float32, float16 and bfloat16, CSR and COO, on both targets
// (cuSPARSE's conversion of 16-bit matrices drops them: the runtime
// converts those in float32).
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > %t.ref
// RUN: cd %t.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: %if cuda-gpu %{ cd %t.dir && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 0
// NUMPY: d = np.array([[1.0, 0.0, np.nan, 0.0], [0.0, 0.0, 0.0, 0.0], [np.inf, 2.0, 0.0, 0.0], [0.0, 0.0, 0.0, -3.0]], np.float32)
// NUMPY: x = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
// NUMPY: y = np.array([1.0, 1.0, 1.0, 1.0], np.float32)
// NUMPY: r = np.float32(2.5) * (d @ x) - np.float32(1.5) * y
// NUMPY: print(r); print(r); print(r); print(r); print(int((d != 0).sum()))

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton), posWidth = 32, crdWidth = 32}>

func.func @main() {
  %d = array.constant dense<[[1.0, 0.0, 0x7FC00000, 0.0], [0.0, 0.0, 0.0, 0.0], [0x7F800000, 2.0, 0.0, 0.0], [0.0, 0.0, 0.0, -3.0]]> : tensor<4x4xf32>
  %x = array.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %y = array.constant dense<[1.0, 1.0, 1.0, 1.0]> : tensor<4xf32>
  %a = array.to_sparse %d : tensor<4x4xf32> -> tensor<4x4xf32, #CSR>
  %r = array.spmv %a, %x, %y {alpha = 2.5, beta = -1.5} : (tensor<4x4xf32, #CSR>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  array.print %r : tensor<4xf32>
  %c = array.to_sparse %d : tensor<4x4xf32> -> tensor<4x4xf32, #COO>
  %rc = array.spmv %c, %x, %y {alpha = 2.5, beta = -1.5} : (tensor<4x4xf32, #COO>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  array.print %rc : tensor<4xf32>
  %db = array.astype %d : tensor<4x4xf32> -> tensor<4x4xbf16>
  %xb = array.astype %x : tensor<4xf32> -> tensor<4xbf16>
  %yb = array.astype %y : tensor<4xf32> -> tensor<4xbf16>
  %cb = array.to_sparse %db : tensor<4x4xbf16> -> tensor<4x4xbf16, #COO>
  %rb = array.spmv %cb, %xb, %yb {alpha = 2.5, beta = -1.5} : (tensor<4x4xbf16, #COO>, tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xbf16>
  %rbf = array.astype %rb : tensor<4xbf16> -> tensor<4xf32>
  array.print %rbf : tensor<4xf32>
  %dh = array.astype %d : tensor<4x4xf32> -> tensor<4x4xf16>
  %xh = array.astype %x : tensor<4xf32> -> tensor<4xf16>
  %yh = array.astype %y : tensor<4xf32> -> tensor<4xf16>
  %ah = array.to_sparse %dh : tensor<4x4xf16> -> tensor<4x4xf16, #CSR>
  %rh = array.spmv %ah, %xh, %yh {alpha = 2.5, beta = -1.5} : (tensor<4x4xf16, #CSR>, tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
  %rhf = array.astype %rh : tensor<4xf16> -> tensor<4xf32>
  array.print %rhf : tensor<4xf32>
  %n = array.nnz %a : tensor<4x4xf32, #CSR>
  %ni = arith.index_cast %n : index to i64
  %nt = tensor.from_elements %ni : tensor<i64>
  array.print %nt : tensor<i64>
  return
}
