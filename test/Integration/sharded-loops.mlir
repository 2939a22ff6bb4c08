// Nested loops over split arrays: gradient descent on row-split data in
// an outer loop of 2 and an inner one of 10 steps (each body partitioned
// on its own), against NumPy on 2 and 4 processes.
// REQUIRES: mpi
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > ref.txt
// RUN: arrayc --target=cpu --processes=2 %s -o %t.2
// RUN: cd %t.dir && %mpirun -np 2 %t.2 > out2.txt && %numpy-ref --compare out2.txt %s
// RUN: arrayc --target=cpu --processes=4 %s -o %t.4
// RUN: cd %t.dir && %mpirun -np 4 %t.4 > out4.txt && %numpy-ref --compare out4.txt %s

// NUMPY-RTOL: 1e-9
// NUMPY: X = ((np.arange(24, dtype=np.float64).reshape(8, 3) % 5) - 2) / 2; np.save("X.npy", X)
// NUMPY: y = (np.arange(8) % 3 == 0).astype(np.float64); np.save("y.npy", y)
// NUMPY: w = np.zeros(3)
// NUMPY: for _ in range(20): w = w - 0.5 * (X.T @ (1 / (1 + np.exp(-(X @ w))) - y)) / 8
// NUMPY: print(w)
shard.grid @ranks(shape = ?) {sym_visibility = "private"}
func.func @main() {
  %X = array.load_npy "X.npy" : tensor<8x3xf64>
  %y = array.load_npy "y.npy" : tensor<8xf64>
  %rows = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
  %Xs = shard.shard %X to %rows : tensor<8x3xf64>
  %ys = shard.shard %y to %rows : tensor<8xf64>
  %w0 = array.full 0.0 : tensor<3xf64>
  %lr = array.full 0.5 : tensor<f64>
  %n = array.full 8.0 : tensor<f64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %w = scf.for %o = %c0 to %c2 step %c1 iter_args(%wo = %w0) -> tensor<3xf64> {
  %wq = scf.for %i = %c0 to %c10 step %c1 iter_args(%wi = %wo) -> tensor<3xf64> {
    %xw = array.matmul %Xs, %wi : (tensor<8x3xf64>, tensor<3xf64>) -> tensor<8xf64>
    %p = array.sigmoid %xw : tensor<8xf64>
    %err = array.sub %p, %ys : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xf64>
    %Xt = array.transpose %Xs : tensor<8x3xf64> -> tensor<3x8xf64>
    %g = array.matmul %Xt, %err : (tensor<3x8xf64>, tensor<8xf64>) -> tensor<3xf64>
    %gn = array.div %g, %n : (tensor<3xf64>, tensor<f64>) -> tensor<3xf64>
    %step = array.mul %gn, %lr : (tensor<3xf64>, tensor<f64>) -> tensor<3xf64>
    %wn = array.sub %wi, %step : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
    scf.yield %wn : tensor<3xf64>
  }
  scf.yield %wq : tensor<3xf64>
  }
  array.print %w : tensor<3xf64>
  return
}
