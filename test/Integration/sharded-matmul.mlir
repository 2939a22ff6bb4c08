// Matrix products of sharded arrays on the CPU target (linalg.matmul, not
// BLAS, in a sharded program): A split by rows (each process computes its
// rows of the product, gathered to be printed), and A split by columns
// with B split by rows (each process a partial product over its part of
// the contraction, all-reduced), and a row-split product followed by a
// softmax over its rows (row-wise reductions and their keepdims
// broadcasts stay on each process's rows), A @ A and A + A.T of a
// row-split A. Against NumPy, on 2 processes.
// REQUIRES: mpi
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > ref.txt
// RUN: arrayc --target=cpu %s -o %t
// RUN: cd %t.dir && %mpirun -np 2 %t > out.txt && %numpy-ref --compare out.txt %s

// NUMPY-RTOL: 1e-5
// NUMPY: a = (np.arange(36, dtype=np.float32).reshape(6, 6) % 7) / 7; np.save("a.npy", a)
// NUMPY: b = (np.arange(18, dtype=np.float32).reshape(6, 3) % 4) / 4; np.save("b.npy", b)
// NUMPY: print(a @ b); print(a @ b)
// NUMPY: c = a @ b; e = np.exp(c - c.max(axis=1, keepdims=True)); print(e / e.sum(axis=1, keepdims=True))
// NUMPY: print(a @ a); print(a + a.T); print(a + a)

shard.grid @ranks(shape = 2) {sym_visibility = "private"}

func.func @main() {
  %a = array.load_npy "a.npy" : tensor<6x6xf32>
  %b = array.load_npy "b.npy" : tensor<6x3xf32>
  %rows = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
  %cols = shard.sharding @ranks split_axes = [[], [0]] : !shard.sharding
  %a_rows = shard.shard %a to %rows : tensor<6x6xf32>
  %by_rows = array.matmul %a_rows, %b : (tensor<6x6xf32>, tensor<6x3xf32>) -> tensor<6x3xf32>
  array.print %by_rows : tensor<6x3xf32>
  // Loaded again: one sharding per value (upstream's propagation gives a
  // value one sharding for all its users).
  %a2 = array.load_npy "a.npy" : tensor<6x6xf32>
  %b2 = array.load_npy "b.npy" : tensor<6x3xf32>
  %a_cols = shard.shard %a2 to %cols : tensor<6x6xf32>
  %b_rows = shard.shard %b2 to %rows : tensor<6x3xf32>
  %by_parts = array.matmul %a_cols, %b_rows : (tensor<6x6xf32>, tensor<6x3xf32>) -> tensor<6x3xf32>
  array.print %by_parts : tensor<6x3xf32>
  %a3 = array.load_npy "a.npy" : tensor<6x6xf32>
  %a3_rows = shard.shard %a3 to %rows : tensor<6x6xf32>
  %logits = array.matmul %a3_rows, %b : (tensor<6x6xf32>, tensor<6x3xf32>) -> tensor<6x3xf32>
  %max = array.max %logits axes [1] keepdims : tensor<6x3xf32> -> tensor<6x1xf32>
  %shifted = array.sub %logits, %max : (tensor<6x3xf32>, tensor<6x1xf32>) -> tensor<6x3xf32>
  %exp = array.exp %shifted : tensor<6x3xf32> -> tensor<6x3xf32>
  %sum = array.sum %exp axes [1] keepdims : tensor<6x3xf32> -> tensor<6x1xf32>
  %softmax = array.div %exp, %sum : (tensor<6x3xf32>, tensor<6x1xf32>) -> tensor<6x3xf32>
  array.print %softmax : tensor<6x3xf32>
  // One split array read twice by one op (A @ A: each read gets its own
  // split), and the transpose of a row-split array (column-split: an
  // all_to_all).
  %a4 = array.load_npy "a.npy" : tensor<6x6xf32>
  %a4_rows = shard.shard %a4 to %rows : tensor<6x6xf32>
  %square = array.matmul %a4_rows, %a4_rows : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<6x6xf32>
  array.print %square : tensor<6x6xf32>
  %a4_t = array.transpose %a4_rows : tensor<6x6xf32> -> tensor<6x6xf32>
  %sym = array.add %a4_rows, %a4_t : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<6x6xf32>
  array.print %sym : tensor<6x6xf32>
  // One array annotated with two splits: each annotation's users get
  // theirs (the column-split one resharded to rows for the sum).
  %a5 = array.load_npy "a.npy" : tensor<6x6xf32>
  %a5_rows = shard.shard %a5 to %rows : tensor<6x6xf32>
  %a5_cols = shard.shard %a5 to %cols : tensor<6x6xf32>
  %both = array.add %a5_rows, %a5_cols : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<6x6xf32>
  array.print %both : tensor<6x6xf32>
  return
}
