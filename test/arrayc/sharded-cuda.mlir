// A sharded program (a grid of processes) is rejected at its grid on the
// CUDA target, which has no collectives yet, with what to do instead.
// RUN: not arrayc --target=cuda --emit=gpu %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: sharded-cuda.mlir:[[@LINE+1]]:1: error: 'shard.grid' op declares a grid of processes: sharded programs run on the CPU target only yet (compile with --target=cpu and start them with mpirun)
shard.grid @ranks(shape = 2) {sym_visibility = "private"}
func.func @main() {
  %x = array.load_npy "x.npy" : tensor<8xf32>
  %s = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s : tensor<8xf32>
  array.print %xs : tensor<8xf32>
  return
}
