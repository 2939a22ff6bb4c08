// A random program (random_programs.py --seed 4242 --index 3739), reduced,
// and its neighbour: a 1 x 1 array read through `(d0, d1) -> (0, 0)` by the
// kernel whose result becomes a sparse matrix. Upstream's sparsifier folds
// the conversion into that kernel and then crashed ordering its loops
// (IterationGraphSorter::addConstraints, two consecutive constant indices).
// array-sparsify now broadcasts such an operand first, in a dense kernel
// (and only such an operand: one constant index is fine, and a row times a
// column, seed 5150 program 336, keeps its operands as they are).
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: np.save("i.npy", np.array([[1.5]], np.float32))
// NUMPY: z = np.array([[0, 2], [-1, 0], [0.5, -1.5]], np.float32); np.save("z.npy", z)
// NUMPY: print(np.array([[True]]))
// NUMPY: print((1.5 + z).T)  # exact in bfloat16
// NUMPY: print(np.full((2, 3), 1.5, np.float32))
// NUMPY: r = np.array([[1.0, 0.0, -2.0]], np.float32); np.save("r.npy", r)
// NUMPY: print(r @ r.T)

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton), posWidth = 32, crdWidth = 32}>

func.func @main() {
  %i = array.load_npy "i.npy" : tensor<1x1xf32>
  // The reduced program: 1 x 1 to a sparse matrix, transposed, to dense.
  %b = array.astype %i : tensor<1x1xf32> -> tensor<1x1xbf16>
  %s = array.to_sparse %b : tensor<1x1xbf16> -> tensor<1x1xbf16, #CSR>
  %t = array.sparse_transpose %s : tensor<1x1xbf16, #CSR> -> tensor<1x1xbf16, #COO>
  %d = array.to_dense %t : tensor<1x1xbf16, #COO> -> tensor<1x1xbf16>
  %c = array.astype %d : tensor<1x1xbf16> -> tensor<1x1xi1>
  array.print %c : tensor<1x1xi1>
  // A 1 x 1 array broadcast into a 3 x 2 matrix that becomes sparse.
  %z = array.load_npy "z.npy" : tensor<3x2xf32>
  %zb = array.astype %z : tensor<3x2xf32> -> tensor<3x2xbf16>
  %a = array.add %b, %zb : (tensor<1x1xbf16>, tensor<3x2xbf16>) -> tensor<3x2xbf16>
  %as = array.to_sparse %a : tensor<3x2xbf16> -> tensor<3x2xbf16, #CSR>
  %at = array.sparse_transpose %as : tensor<3x2xbf16, #CSR> -> tensor<2x3xbf16, #COO>
  %ad = array.to_dense %at : tensor<2x3xbf16, #COO> -> tensor<2x3xbf16>
  %af = array.astype %ad : tensor<2x3xbf16> -> tensor<2x3xf32>
  array.print %af : tensor<2x3xf32>
  // The same through broadcast_to.
  %w = array.broadcast_to %i : tensor<1x1xf32> -> tensor<2x3xf32>
  %ws = array.to_sparse %w : tensor<2x3xf32> -> tensor<2x3xf32, #CSR>
  %wt = array.sparse_transpose %ws : tensor<2x3xf32, #CSR> -> tensor<3x2xf32, #COO>
  %wd = array.to_dense %wt : tensor<3x2xf32, #COO> -> tensor<3x2xf32>
  %wb = array.sparse_transpose %ws : tensor<2x3xf32, #CSR> -> tensor<3x2xf32, #COO>
  %wbd = array.to_dense %wb : tensor<3x2xf32, #COO> -> tensor<3x2xf32>
  %back = array.transpose %wbd : tensor<3x2xf32> -> tensor<2x3xf32>
  array.print %back : tensor<2x3xf32>
  // A row times a column of sparse matrices.
  %r = array.load_npy "r.npy" : tensor<1x3xf32>
  %rt = array.transpose %r : tensor<1x3xf32> -> tensor<3x1xf32>
  %rs = array.to_sparse %r : tensor<1x3xf32> -> tensor<1x3xf32, #CSR>
  %rts = array.to_sparse %rt : tensor<3x1xf32> -> tensor<3x1xf32, #CSR>
  %rr = array.spgemm %rs, %rts : tensor<1x3xf32, #CSR>, tensor<3x1xf32, #CSR> -> tensor<1x1xf32, #CSR>
  %rrd = array.to_dense %rr : tensor<1x1xf32, #CSR> -> tensor<1x1xf32>
  array.print %rrd : tensor<1x1xf32>
  return
}
