// Ops that compute from element indices (arange, eye) on split arrays:
// each process computes its part with the indices of the whole array
// (eye split by columns, an arange split on its one axis), and an array
// with a unit dimension split along the other, against NumPy on 2 and 4
// processes.
// REQUIRES: mpi
// RUN: arrayc --target=cpu --processes=2 %s -o %t.2
// RUN: %mpirun -np 2 %t.2 > %t.2.out && %numpy-ref --compare %t.2.out %s
// RUN: arrayc --target=cpu --processes=4 %s -o %t.4
// RUN: %mpirun -np 4 %t.4 > %t.4.out && %numpy-ref --compare %t.4.out %s

// NUMPY: e = np.eye(4, 8, k=1); x = np.arange(32, dtype=np.float64).reshape(4, 8)
// NUMPY: print(e * x + np.arange(0, 8, 1, dtype=np.float64))
// NUMPY: print(np.sin(np.arange(0, 8, 1, dtype=np.float64)))
// NUMPY: print(np.exp(np.arange(8, dtype=np.float64).reshape(1, 8)) * 2)

shard.grid @ranks(shape = ?) {sym_visibility = "private"}

func.func @main() {
  %e = array.eye k 1 : tensor<4x8xf64>
  %cols = shard.sharding @ranks split_axes = [[], [0]] : !shard.sharding
  %es = shard.shard %e to %cols : tensor<4x8xf64>
  %a = array.arange 0, 32, 1 : tensor<32xf64>
  %x = array.reshape %a : tensor<32xf64> -> tensor<4x8xf64>
  %p = array.mul %es, %x : (tensor<4x8xf64>, tensor<4x8xf64>) -> tensor<4x8xf64>
  %r = array.arange 0, 8, 1 : tensor<8xf64>
  %q = array.add %p, %r : (tensor<4x8xf64>, tensor<8xf64>) -> tensor<4x8xf64>
  array.print %q : tensor<4x8xf64>
  %i = array.arange 0, 8, 1 : tensor<8xf64>
  %split = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
  %is = shard.shard %i to %split : tensor<8xf64>
  %s = array.sin %is : tensor<8xf64>
  array.print %s : tensor<8xf64>
  // An array with a unit dimension, split along the other one (the unit
  // dimension is folded away around each op, and back).
  %u = array.reshape %i : tensor<8xf64> -> tensor<1x8xf64>
  %us = shard.shard %u to %cols : tensor<1x8xf64>
  %ue = array.exp %us : tensor<1x8xf64>
  %two = array.full 2.0 : tensor<f64>
  %uy = array.mul %ue, %two : (tensor<1x8xf64>, tensor<f64>) -> tensor<1x8xf64>
  array.print %uy : tensor<1x8xf64>
  return
}
