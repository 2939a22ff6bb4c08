// array.spgemm through the paths of the CUDA target's own SpGEMM kernels
// (runtime/lib/sparse/kernels/CsrSpgemm.cu), against NumPy on both targets:
//  - P1 @ Q1 (f32, 32-bit indices, 600 x 500 times 500 x 400): rows of 0
//    to 21 entries, one of 40 (more than a warp's 32 at a time) and empty
//    ones; every row of Q1 below 100 has one entry and every other 12, so
//    that the longest row has 252 products, within the kernels' 256.
//  - P2 @ Q2 (f64, 64-bit indices): P2's first row is full (300 entries,
//    about 600 products): the kernels' count pass finds it, and the
//    product is cuSPARSE's (ARRAYRT_SPGEMM=auto), or an error naming the
//    limit with ARRAYRT_SPGEMM=kernel.
// Positive values: no sum cancels, so both targets store the same entries.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > %t.ref
// RUN: cd %t.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: %if cuda-gpu %{ cd %t.dir && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}
// RUN: %if cuda-gpu %{ cd %t.dir && env ARRAYRT_SPGEMM=cusparse %t.cuda > %t.cusparse.out && %numpy-ref --compare %t.cusparse.out %s %}
// RUN: %if cuda-gpu %{ cd %t.dir && env ARRAYRT_SPGEMM=kernel not %t.cuda > /dev/null 2> %t.err && FileCheck %s --input-file=%t.err %}
// CHECK: array.spgemm: a row of the product has more than 256 products, more than arrayrt's SpGEMM kernels take (ARRAYRT_SPGEMM=kernel)
// DEVICE-CASE: . ARRAYRT_SPGEMM=kernel array.spgemm: a row of the product has more than 256 products, more than arrayrt's SpGEMM kernels take (ARRAYRT_SPGEMM=kernel)

// NUMPY-RTOL: 1e-5
// NUMPY: rng = np.random.default_rng(3)
// NUMPY: def rows_of(shape, lengths, low): m = np.zeros(shape); [m.__setitem__((i, low + rng.choice(shape[1] - low, n, replace=False)), rng.random(n) + 0.5) for i, n in enumerate(lengths)]; return m
// NUMPY: q1 = np.concatenate([rows_of((100, 400), [1] * 100, 0), rows_of((400, 400), [12] * 400, 0)])
// NUMPY: lengths = rng.integers(0, 16, 600); lengths[3] = 21; lengths[10:20] = 0
// NUMPY: p1 = rows_of((600, 500), lengths, 100); p1[7] = 0; p1[7, rng.choice(100, 40, replace=False)] = rng.random(40) + 0.5
// NUMPY: p1 = p1.astype(np.float32); q1 = q1.astype(np.float32)
// NUMPY: v1 = (rng.random(400) + 0.5).astype(np.float32)
// NUMPY: q2 = rows_of((300, 80), rng.integers(1, 4, 300), 0)
// NUMPY: p2 = rows_of((50, 300), rng.integers(0, 5, 50), 0); p2[0] = rng.random(300) + 0.5
// NUMPY: v2 = rng.random(80) + 0.5
// NUMPY: [np.save(k + ".npy", a) for k, a in dict(p1=p1, q1=q1, v1=v1, p2=p2, q2=q2, v2=v2).items()]
// NUMPY: print(np.int64(np.count_nonzero(p1 @ q1)))
// NUMPY: print((p1.astype(np.float64) @ q1 @ v1).astype(np.float32))
// NUMPY: print((p1 @ q1)[:8, :12])
// NUMPY: print(np.int64(np.count_nonzero(p2 @ q2)))
// NUMPY: print(p2 @ q2 @ v2)

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#CSR64 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 64, crdWidth = 64}>

func.func @print_nnz(%n: index) {
  %i = arith.index_cast %n : index to i64
  %t = tensor.from_elements %i : tensor<i64>
  array.print %t : tensor<i64>
  return
}

func.func @main() {
  %p1d = array.load_npy "p1.npy" : tensor<600x500xf32>
  %q1d = array.load_npy "q1.npy" : tensor<500x400xf32>
  %v1 = array.load_npy "v1.npy" : tensor<400xf32>
  %p1 = array.to_sparse %p1d : tensor<600x500xf32> -> tensor<600x500xf32, #CSR>
  %q1 = array.to_sparse %q1d : tensor<500x400xf32> -> tensor<500x400xf32, #CSR>
  %c1 = array.spgemm %p1, %q1 : tensor<600x500xf32, #CSR>, tensor<500x400xf32, #CSR> -> tensor<600x400xf32, #CSR>
  %n1 = array.nnz %c1 : tensor<600x400xf32, #CSR>
  func.call @print_nnz(%n1) : (index) -> ()
  %y1 = array.spmv %c1, %v1 : (tensor<600x400xf32, #CSR>, tensor<400xf32>) -> tensor<600xf32>
  array.print %y1 : tensor<600xf32>
  %c1d = array.to_dense %c1 : tensor<600x400xf32, #CSR> -> tensor<600x400xf32>
  %corner = array.slice %c1d [0:8, 0:12] : tensor<600x400xf32> -> tensor<8x12xf32>
  array.print %corner : tensor<8x12xf32>

  %p2d = array.load_npy "p2.npy" : tensor<50x300xf64>
  %q2d = array.load_npy "q2.npy" : tensor<300x80xf64>
  %v2 = array.load_npy "v2.npy" : tensor<80xf64>
  %p2 = array.to_sparse %p2d : tensor<50x300xf64> -> tensor<50x300xf64, #CSR64>
  %q2 = array.to_sparse %q2d : tensor<300x80xf64> -> tensor<300x80xf64, #CSR64>
  %c2 = array.spgemm %p2, %q2 : tensor<50x300xf64, #CSR64>, tensor<300x80xf64, #CSR64> -> tensor<50x80xf64, #CSR64>
  %n2 = array.nnz %c2 : tensor<50x80xf64, #CSR64>
  func.call @print_nnz(%n2) : (index) -> ()
  %y2 = array.spmv %c2, %v2 : (tensor<50x80xf64, #CSR64>, tensor<80xf64>) -> tensor<50xf64>
  array.print %y2 : tensor<50xf64>
  return
}
