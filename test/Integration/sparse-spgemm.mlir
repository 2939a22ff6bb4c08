// array.spgemm on both targets (the CPU: a dense product converted back;
// CUDA: cuSPARSE SpGEMM): a small CSR matrix squared (f32, 32-bit
// indices), and the product of two random CSR matrices (f64, 64-bit
// indices, dynamic sizes, positive values: no sum cancels, so both
// targets store the same entries), counted, multiplied by a vector and
// converted back, against NumPy.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > %t.ref
// RUN: cd %t.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: %if cuda-gpu %{ cd %t.dir && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-6
// NUMPY: a = np.array([[1, 0, 2], [0, 0, 3], [4, 5, 0]], np.float32)
// NUMPY: print(np.int64(7))
// NUMPY: print(a @ a)
// NUMPY: rng = np.random.default_rng(5)
// NUMPY: p = ((rng.random((120, 90)) < 0.05) * (rng.random((120, 90)) + 0.5))
// NUMPY: q = ((rng.random((90, 70)) < 0.05) * (rng.random((90, 70)) + 0.5))
// NUMPY: v = rng.random(70) + 0.5
// NUMPY: np.save("p.npy", p); np.save("q.npy", q); np.save("v.npy", v)
// NUMPY: print(np.int64(np.count_nonzero(p @ q)))
// NUMPY: print((p @ q) @ v)
// NUMPY: print((p @ q)[:4, :10])

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#CSR64 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 64, crdWidth = 64}>

func.func @print_nnz(%n: index) {
  %i = arith.index_cast %n : index to i64
  %t = tensor.from_elements %i : tensor<i64>
  array.print %t : tensor<i64>
  return
}

func.func @main() {
  %d = array.constant dense<[[1.0, 0.0, 2.0], [0.0, 0.0, 3.0], [4.0, 5.0, 0.0]]> : tensor<3x3xf32>
  %a = array.to_sparse %d : tensor<3x3xf32> -> tensor<3x3xf32, #CSR>
  %aa = array.spgemm %a, %a : tensor<3x3xf32, #CSR>, tensor<3x3xf32, #CSR> -> tensor<3x3xf32, #CSR>
  %n = array.nnz %aa : tensor<3x3xf32, #CSR>
  func.call @print_nnz(%n) : (index) -> ()
  %aad = array.to_dense %aa : tensor<3x3xf32, #CSR> -> tensor<3x3xf32>
  array.print %aad : tensor<3x3xf32>

  %pd = array.load_npy "p.npy" : tensor<?x?xf64>
  %qd = array.load_npy "q.npy" : tensor<?x?xf64>
  %v = array.load_npy "v.npy" : tensor<?xf64>
  %p = array.to_sparse %pd : tensor<?x?xf64> -> tensor<?x?xf64, #CSR64>
  %q = array.to_sparse %qd : tensor<?x?xf64> -> tensor<?x?xf64, #CSR64>
  %pq = array.spgemm %p, %q : tensor<?x?xf64, #CSR64>, tensor<?x?xf64, #CSR64> -> tensor<?x?xf64, #CSR64>
  %m = array.nnz %pq : tensor<?x?xf64, #CSR64>
  func.call @print_nnz(%m) : (index) -> ()
  %pqv = array.spmv %pq, %v : (tensor<?x?xf64, #CSR64>, tensor<?xf64>) -> tensor<?xf64>
  array.print %pqv : tensor<?xf64>
  %pqd = array.to_dense %pq : tensor<?x?xf64, #CSR64> -> tensor<?x?xf64>
  %pqs = tensor.cast %pqd : tensor<?x?xf64> to tensor<120x70xf64>
  %corner = array.slice %pqs [0:4, 0:10] : tensor<120x70xf64> -> tensor<4x10xf64>
  array.print %corner : tensor<4x10xf64>
  return
}
