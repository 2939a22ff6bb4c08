// Data-parallel logistic regression: the samples (rows of X, entries of
// y) are split over the processes, the weights are replicated. Each of the
// 100 gradient-descent steps computes the gradient of its rows; the
// partial gradients are all-reduced (MPI_Allreduce on the CPU target),
// and every process takes the same step.
//
//   arrayc --target=cpu --processes=4 logistic-regression.mlir -o lr
//   mpirun -np 4 ./lr
//
// NUMPY-RTOL: 1e-9
// NUMPY: X = np.sin(np.arange(2048, dtype=np.float64).reshape(256, 8) * 0.37)
// NUMPY: w_true = np.array([1.0, -2.0, 0.5, 0.0, 1.5, -1.0, 0.25, 2.0])
// NUMPY: y = (X @ w_true > 0).astype(np.float64); w = np.zeros(8)
// NUMPY: for _ in range(100): w = w - 0.5 * (X.T @ (1 / (1 + np.exp(-(X @ w))) - y)) / 256
// NUMPY: p = 1 / (1 + np.exp(-(X @ w)))
// NUMPY: print(w); print(np.array(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))))

shard.grid @processes(shape = ?) {sym_visibility = "private"}

func.func @main() {
  // The data: 256 samples of 8 features, labelled by a known plane.
  %i = array.arange 0, 2048, 1 : tensor<2048xf64>
  %flat = array.reshape %i : tensor<2048xf64> -> tensor<256x8xf64>
  %freq = array.full 0.37 : tensor<f64>
  %angles = array.mul %flat, %freq : (tensor<256x8xf64>, tensor<f64>) -> tensor<256x8xf64>
  %X = array.sin %angles : tensor<256x8xf64>
  %w_true = array.constant dense<[1.0, -2.0, 0.5, 0.0, 1.5, -1.0, 0.25, 2.0]> : tensor<8xf64>
  %zero = array.full 0.0 : tensor<f64>
  %score = array.matmul %X, %w_true : (tensor<256x8xf64>, tensor<8xf64>) -> tensor<256xf64>
  %positive = array.greater %score, %zero : (tensor<256xf64>, tensor<f64>) -> tensor<256xi1>
  %y = array.astype %positive : tensor<256xi1> -> tensor<256xf64>

  // Samples split over the processes.
  %rows = shard.sharding @processes split_axes = [[0]] : !shard.sharding
  %X_rows = shard.shard %X to %rows : tensor<256x8xf64>
  %y_rows = shard.shard %y to %rows : tensor<256xf64>

  %lr = array.full 0.5 : tensor<f64>
  %n = array.full 256.0 : tensor<f64>
  %one = array.full 1.0 : tensor<f64>
  %w0 = array.full 0.0 : tensor<8xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %steps = arith.constant 100 : index
  %w = scf.for %step = %c0 to %steps step %c1 iter_args(%w_i = %w0) -> tensor<8xf64> {
    %z = array.matmul %X_rows, %w_i : (tensor<256x8xf64>, tensor<8xf64>) -> tensor<256xf64>
    %p = array.sigmoid %z : tensor<256xf64>
    %err = array.sub %p, %y_rows : (tensor<256xf64>, tensor<256xf64>) -> tensor<256xf64>
    %Xt = array.transpose %X_rows : tensor<256x8xf64> -> tensor<8x256xf64>
    %g = array.matmul %Xt, %err : (tensor<8x256xf64>, tensor<256xf64>) -> tensor<8xf64>
    %g_mean = array.div %g, %n : (tensor<8xf64>, tensor<f64>) -> tensor<8xf64>
    %step_w = array.mul %g_mean, %lr : (tensor<8xf64>, tensor<f64>) -> tensor<8xf64>
    %w_next = array.sub %w_i, %step_w : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xf64>
    scf.yield %w_next : tensor<8xf64>
  }
  array.print %w : tensor<8xf64>

  // The mean log loss of the trained weights.
  %z = array.matmul %X_rows, %w : (tensor<256x8xf64>, tensor<8xf64>) -> tensor<256xf64>
  %p = array.sigmoid %z : tensor<256xf64>
  %logp = array.log %p : tensor<256xf64>
  %q = array.sub %one, %p : (tensor<f64>, tensor<256xf64>) -> tensor<256xf64>
  %logq = array.log %q : tensor<256xf64>
  %ny = array.sub %one, %y_rows : (tensor<f64>, tensor<256xf64>) -> tensor<256xf64>
  %t1 = array.mul %y_rows, %logp : (tensor<256xf64>, tensor<256xf64>) -> tensor<256xf64>
  %t2 = array.mul %ny, %logq : (tensor<256xf64>, tensor<256xf64>) -> tensor<256xf64>
  %ll = array.add %t1, %t2 : (tensor<256xf64>, tensor<256xf64>) -> tensor<256xf64>
  %mll = array.mean %ll : tensor<256xf64> -> tensor<f64>
  %loss = array.neg %mll : tensor<f64>
  array.print %loss : tensor<f64>
  return
}
