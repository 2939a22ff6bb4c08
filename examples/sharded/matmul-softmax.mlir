// A row-sharded matrix product followed by a softmax over each row: the
// rows of A (and so of A @ B and of its softmax) are split over the
// processes, B is replicated. The row maxima and sums are per-row
// reductions, which stay on the process that holds the row; the result
// is gathered to process 0 to be printed.
//
//   arrayc --target=cpu --processes=4 matmul-softmax.mlir -o softmax
//   mpirun -np 4 ./softmax
//
// NUMPY-RTOL: 1e-12
// NUMPY: a = np.cos(np.arange(96, dtype=np.float64).reshape(16, 6) * 0.61)
// NUMPY: b = np.sin(np.arange(24, dtype=np.float64).reshape(6, 4) * 0.29) * 3
// NUMPY: c = a @ b; e = np.exp(c - c.max(axis=1, keepdims=True))
// NUMPY: print(e / e.sum(axis=1, keepdims=True))

shard.grid @processes(shape = ?) {sym_visibility = "private"}

func.func @main() {
  %ia = array.arange 0, 96, 1 : tensor<96xf64>
  %fa = array.reshape %ia : tensor<96xf64> -> tensor<16x6xf64>
  %ka = array.full 0.61 : tensor<f64>
  %xa = array.mul %fa, %ka : (tensor<16x6xf64>, tensor<f64>) -> tensor<16x6xf64>
  %a = array.cos %xa : tensor<16x6xf64>
  %ib = array.arange 0, 24, 1 : tensor<24xf64>
  %fb = array.reshape %ib : tensor<24xf64> -> tensor<6x4xf64>
  %kb = array.full 0.29 : tensor<f64>
  %xb = array.mul %fb, %kb : (tensor<6x4xf64>, tensor<f64>) -> tensor<6x4xf64>
  %sb = array.sin %xb : tensor<6x4xf64>
  %three = array.full 3.0 : tensor<f64>
  %b = array.mul %sb, %three : (tensor<6x4xf64>, tensor<f64>) -> tensor<6x4xf64>

  %rows = shard.sharding @processes split_axes = [[0]] : !shard.sharding
  %a_rows = shard.shard %a to %rows : tensor<16x6xf64>
  %logits = array.matmul %a_rows, %b : (tensor<16x6xf64>, tensor<6x4xf64>) -> tensor<16x4xf64>
  %max = array.max %logits axes [1] keepdims : tensor<16x4xf64> -> tensor<16x1xf64>
  %shifted = array.sub %logits, %max : (tensor<16x4xf64>, tensor<16x1xf64>) -> tensor<16x4xf64>
  %exp = array.exp %shifted : tensor<16x4xf64>
  %sum = array.sum %exp axes [1] keepdims : tensor<16x4xf64> -> tensor<16x1xf64>
  %softmax = array.div %exp, %sum : (tensor<16x4xf64>, tensor<16x1xf64>) -> tensor<16x4xf64>
  array.print %softmax : tensor<16x4xf64>
  return
}
