// A sharded program on the CPU target: a grid of processes (shard.grid),
// arrays split over it (shard.shard), one process per grid position
// started by mpirun. Elementwise work runs on each process's part;
// whole-array and split-axis reductions combine partial results
// (all_reduce: sum, max; with keepdims too); a reduction over the other
// axis stays split and is gathered to be printed, as is every split array
// that is printed or saved (all_gather, along axis 0 and axis 1). Process 0 alone prints
// and saves. Run on 2 and 4 processes, against NumPy; on the wrong
// number of processes the program says so.
// REQUIRES: mpi
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > ref.txt
// RUN: arrayc --target=cpu %s -o %t.2
// RUN: cd %t.dir && %mpirun -np 2 %t.2 > out2.txt && %numpy-ref --compare out2.txt %s
// RUN: cd %t.dir && %numpy-python -c "import numpy as np; x = np.arange(12, dtype=np.float32) - 5; np.testing.assert_allclose(np.load('y.npy'), x * x + 1)"
// RUN: sed 's/shape = 2/shape = 4/' %s > %t.4.mlir
// RUN: arrayc --target=cpu %t.4.mlir -o %t.4
// RUN: cd %t.dir && rm y.npy && %mpirun -np 4 %t.4 > out4.txt && %numpy-ref --compare out4.txt %s
// RUN: cd %t.dir && not %t.2 2>&1 | FileCheck %s --check-prefix=WORLD
// WORLD: arrayrt: error: {{.*}}sharded.mlir:{{[0-9]+}}:{{[0-9]+}}: the program's grid has 2 processes, but it runs as 1 MPI process (start it with mpirun -np 2)

// NUMPY-RTOL: 1e-5
// NUMPY: x = np.arange(12, dtype=np.float32) - 5; np.save("x.npy", x)
// NUMPY: m = (np.arange(16, dtype=np.float32).reshape(4, 4) % 7) / 4; np.save("m.npy", m)
// NUMPY: y = x * x + 1
// NUMPY: print(np.float32(y.sum())); print(np.float32(np.abs(x).max())); print(y)
// NUMPY: e = np.exp(m); print(e.sum(axis=1)); print(e.sum(axis=0)); print(e)
// NUMPY: print(e.max(axis=0, keepdims=True)); print(e.max(axis=1, keepdims=True))

shard.grid @ranks(shape = 2) {sym_visibility = "private"}

func.func @main() {
  %x = array.load_npy "x.npy" : tensor<12xf32>
  %m = array.load_npy "m.npy" : tensor<4x4xf32>
  %rows = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
  %cols = shard.sharding @ranks split_axes = [[], [0]] : !shard.sharding
  %xs = shard.shard %x to %rows : tensor<12xf32>
  %ms = shard.shard %m to %cols : tensor<4x4xf32>

  %one = array.full 1.0 : tensor<f32>
  %sq = array.mul %xs, %xs : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xf32>
  %y = array.add %sq, %one : (tensor<12xf32>, tensor<f32>) -> tensor<12xf32>
  %sum = array.sum %y : tensor<12xf32> -> tensor<f32>
  %abs = array.abs %xs : tensor<12xf32> -> tensor<12xf32>
  %max = array.max %abs : tensor<12xf32> -> tensor<f32>
  array.print %sum : tensor<f32>
  array.print %max : tensor<f32>
  array.print %y : tensor<12xf32>
  array.save_npy %y, "y.npy" : tensor<12xf32>

  %e = array.exp %ms : tensor<4x4xf32> -> tensor<4x4xf32>
  %row_sums = array.sum %e axes [1] : tensor<4x4xf32> -> tensor<4xf32>
  %col_sums = array.sum %e axes [0] : tensor<4x4xf32> -> tensor<4xf32>
  array.print %row_sums : tensor<4xf32>
  array.print %col_sums : tensor<4xf32>
  array.print %e : tensor<4x4xf32>
  %col_max = array.max %e axes [0] keepdims : tensor<4x4xf32> -> tensor<1x4xf32>
  %row_max = array.max %e axes [1] keepdims : tensor<4x4xf32> -> tensor<4x1xf32>
  array.print %col_max : tensor<1x4xf32>
  array.print %row_max : tensor<4x1xf32>
  return
}
