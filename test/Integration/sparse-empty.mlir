// Sparse matrices without rows or columns, through every sparse op, on
// both targets: cuSPARSE takes no such matrix, so on CUDA arrayrt gives
// their handles no descriptor and computes the results itself (the CUDA
// target used to stop at array.to_sparse: random_programs.py, 12 of 1,000
// programs of seed 2026 on the H200). Static and run-time sizes, float32
// and float64 with 64-bit indices, products over an empty dimension (zeros,
// or beta times the addend).
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: np.save("z.npy", np.zeros((0, 4), np.float64))
// NUMPY: np.save("w.npy", np.zeros((3, 0), np.float64))
// NUMPY: np.save("data.npy", np.zeros(0, np.float32)); np.save("indices.npy", np.zeros(0, np.int32)); np.save("indptr.npy", np.zeros(1, np.int32))
// NUMPY: y = np.array([1.0, -2.0, 3.0], np.float32); c = np.arange(6, dtype=np.float32).reshape(3, 2)
// NUMPY: print(np.int64(0)); print(np.zeros((0, 4))); print(np.zeros((3, 0)))
// NUMPY: print(np.zeros(3, np.float32)); print(2.0 * y); print(np.zeros((3, 2), np.float32)); print(-1.0 * c)
// NUMPY: print(np.zeros((0, 3), np.float32)); print(np.zeros((3, 0), np.float32)); print(np.zeros((3, 0), np.float32))
// NUMPY: print(np.zeros((3, 0), np.float32)); print(np.zeros((3, 2), np.float32)); print(np.zeros((0, 2), np.float32))
// NUMPY: print(np.int64(0)); print(np.zeros((0, 5), np.float32))

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#CSR64 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 64, crdWidth = 64}>

func.func @main() {
  // Sizes known at run time only, float64, 64-bit indices.
  %z = array.load_npy "z.npy" : tensor<?x?xf64>
  %zs = array.to_sparse %z : tensor<?x?xf64> -> tensor<?x?xf64, #CSR64>
  %n = array.nnz %zs : tensor<?x?xf64, #CSR64>
  %ni = arith.index_cast %n : index to i64
  %nt = tensor.from_elements %ni : tensor<i64>
  array.print %nt : tensor<i64>
  %zd = array.to_dense %zs : tensor<?x?xf64, #CSR64> -> tensor<?x?xf64>
  array.print %zd : tensor<?x?xf64>
  %w = array.load_npy "w.npy" : tensor<?x?xf64>
  %ws = array.to_sparse %w : tensor<?x?xf64> -> tensor<?x?xf64, #CSR64>
  %wd = array.to_dense %ws : tensor<?x?xf64, #CSR64> -> tensor<?x?xf64>
  array.print %wd : tensor<?x?xf64>

  // A 3 x 0 matrix: products over an empty dimension.
  %e = array.full 0.0 : tensor<3x0xf32>
  %es = array.to_sparse %e : tensor<3x0xf32> -> tensor<3x0xf32, #CSR>
  %x = array.full 1.0 : tensor<0xf32>
  %y = array.constant dense<[1.0, -2.0, 3.0]> : tensor<3xf32>
  %ex = array.spmv %es, %x : (tensor<3x0xf32, #CSR>, tensor<0xf32>) -> tensor<3xf32>
  array.print %ex : tensor<3xf32>
  %exy = array.spmv %es, %x, %y {alpha = 4.0, beta = 2.0} : (tensor<3x0xf32, #CSR>, tensor<0xf32>, tensor<3xf32>) -> tensor<3xf32>
  array.print %exy : tensor<3xf32>
  %b = array.full 1.0 : tensor<0x2xf32>
  %c0 = array.arange 0, 6, 1 : tensor<6xf32>
  %c = array.reshape %c0 : tensor<6xf32> -> tensor<3x2xf32>
  %eb = array.spmm %es, %b : (tensor<3x0xf32, #CSR>, tensor<0x2xf32>) -> tensor<3x2xf32>
  array.print %eb : tensor<3x2xf32>
  %ebc = array.spmm %es, %b, %c {alpha = 1.0, beta = -1.0} : (tensor<3x0xf32, #CSR>, tensor<0x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  array.print %ebc : tensor<3x2xf32>

  // Derived matrices.
  %t = array.sparse_transpose %es : tensor<3x0xf32, #CSR> -> tensor<0x3xf32, #CSR>
  %td = array.to_dense %t : tensor<0x3xf32, #CSR> -> tensor<0x3xf32>
  array.print %td : tensor<0x3xf32>
  %k = array.sparse_scale %es by -0.5 : tensor<3x0xf32, #CSR>
  %kd = array.to_dense %k : tensor<3x0xf32, #CSR> -> tensor<3x0xf32>
  array.print %kd : tensor<3x0xf32>
  %s = array.sparse_add %es, %es : tensor<3x0xf32, #CSR>
  %sd = array.to_dense %s : tensor<3x0xf32, #CSR> -> tensor<3x0xf32>
  array.print %sd : tensor<3x0xf32>
  %A = array.full 1.0 : tensor<3x2xf32>
  %B = array.full 1.0 : tensor<2x0xf32>
  %p = array.sddmm %es, %A, %B : tensor<3x0xf32, #CSR>, tensor<3x2xf32>, tensor<2x0xf32>
  %pd = array.to_dense %p : tensor<3x0xf32, #CSR> -> tensor<3x0xf32>
  array.print %pd : tensor<3x0xf32>
  // A sum over nothing (3 x 0 times 0 x 2): a 3 x 2 matrix of no entries;
  // and a 0 x 3 one times 3 x 2.
  %q = array.full 2.0 : tensor<0x2xf32>
  %qs = array.to_sparse %q : tensor<0x2xf32> -> tensor<0x2xf32, #CSR>
  %g = array.spgemm %es, %qs : tensor<3x0xf32, #CSR>, tensor<0x2xf32, #CSR> -> tensor<3x2xf32, #CSR>
  %gd = array.to_dense %g : tensor<3x2xf32, #CSR> -> tensor<3x2xf32>
  array.print %gd : tensor<3x2xf32>
  %r = array.full 1.0 : tensor<3x2xf32>
  %rs = array.to_sparse %r : tensor<3x2xf32> -> tensor<3x2xf32, #CSR>
  %h = array.spgemm %t, %rs : tensor<0x3xf32, #CSR>, tensor<3x2xf32, #CSR> -> tensor<0x2xf32, #CSR>
  %hd = array.to_dense %h : tensor<0x2xf32, #CSR> -> tensor<0x2xf32>
  array.print %hd : tensor<0x2xf32>

  // From arrays: no rows.
  %data = array.load_npy "data.npy" : tensor<?xf32>
  %indices = array.load_npy "indices.npy" : tensor<?xi32>
  %indptr = array.load_npy "indptr.npy" : tensor<?xi32>
  %c5 = arith.constant 5 : index
  %a = array.csr_matrix %data, %indices, %indptr cols %c5 : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x?xf32, #CSR>
  %an = array.nnz %a : tensor<?x?xf32, #CSR>
  %ani = arith.index_cast %an : index to i64
  %ant = tensor.from_elements %ani : tensor<i64>
  array.print %ant : tensor<i64>
  %ad = array.to_dense %a : tensor<?x?xf32, #CSR> -> tensor<?x?xf32>
  array.print %ad : tensor<?x?xf32>
  return
}
