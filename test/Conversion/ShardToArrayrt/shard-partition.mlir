// RUN: array-opt %s -split-input-file -array-shard-partition -verify-diagnostics | FileCheck %s
// RUN: not array-opt %s -split-input-file -array-shard-partition=reject -o /dev/null 2>&1 | FileCheck %s --check-prefix=REJECT

// A loaded array split over the grid: every process loads it whole and
// slices its part; the sum of squares is a partial sum per process, then
// all-reduced; a split array is gathered before it is saved. The I/O ops
// see whole arrays.

// CHECK-LABEL: func.func @main
// CHECK: %[[X:.*]] = array.load_npy "x.npy" : tensor<8xf32>
// CHECK: %[[PART:.*]] = shard.all_slice %[[X]] on @ranks grid_axes = [0] slice_axis = 0 : tensor<8xf32> -> tensor<4xf32>
// CHECK: linalg.generic {{.*}} ins(%[[PART]] : tensor<4xf32>)
// CHECK: %[[WHOLE:.*]] = shard.all_gather %{{.*}} on @ranks grid_axes = [0] gather_axis = 0 : tensor<4xf32> -> tensor<8xf32>
// CHECK: shard.all_reduce %{{.*}} on @ranks grid_axes = [0] : tensor<f64> -> tensor<f64>
// CHECK: array.print %{{.*}} : tensor<f32>
// CHECK: array.save_npy %[[WHOLE]], "y.npy" : tensor<8xf32>
// REJECT: error: 'shard.grid' op declares a grid of processes: sharded programs run on the CPU target only yet (compile with --target=cpu and start them with mpirun)
#map = affine_map<(d0) -> (d0)>
#sum = affine_map<(d0) -> ()>
shard.grid @ranks(shape = 2) {sym_visibility = "private"}
func.func @main() {
  %zero = arith.constant 0.0 : f64
  %x = array.load_npy "x.npy" : tensor<8xf32>
  %split = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8xf32>
  %empty = tensor.empty() : tensor<8xf32>
  %y = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%xs : tensor<8xf32>) outs(%empty : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %one = arith.constant 1.0 : f32
    %sq = arith.mulf %in, %in : f32
    %r = arith.addf %sq, %one : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %acc0 = tensor.empty() : tensor<f64>
  %acc = linalg.fill ins(%zero : f64) outs(%acc0 : tensor<f64>) -> tensor<f64>
  %s = linalg.generic {indexing_maps = [#map, #sum], iterator_types = ["reduction"]} ins(%y : tensor<8xf32>) outs(%acc : tensor<f64>) {
  ^bb0(%in: f32, %out: f64):
    %e = arith.extf %in : f32 to f64
    %r = arith.addf %out, %e : f64
    linalg.yield %r : f64
  } -> tensor<f64>
  %f0 = tensor.empty() : tensor<f32>
  %f = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%s : tensor<f64>) outs(%f0 : tensor<f32>) {
  ^bb0(%in: f64, %out: f32):
    %t = arith.truncf %in : f64 to f32
    linalg.yield %t : f32
  } -> tensor<f32>
  array.print %f : tensor<f32>
  array.save_npy %y, "y.npy" : tensor<8xf32>
  return
}

// -----

// A program without a grid is left alone.
// CHECK-LABEL: func.func @plain
// CHECK-NEXT: array.print
func.func @plain(%x: tensor<4xf32>) {
  array.print %x : tensor<4xf32>
  return
}

// -----

// expected-error @below {{'shard.grid' op expected a grid of static shape (the program's number of processes), found a dynamic size}}
shard.grid @any(shape = ?) {sym_visibility = "private"}

// -----

shard.grid @two(shape = 2) {sym_visibility = "private"}
// expected-error @below {{'shard.grid' op has 4 processes, but another grid of the program has 2: a program runs as one number of processes}}
shard.grid @four(shape = 2x2) {sym_visibility = "private"}

// -----

shard.grid @ranks(shape = 4) {sym_visibility = "private"}
func.func @uneven(%x: tensor<10xf32>) -> tensor<10xf32> {
  %split = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
  // expected-error @below {{'shard.shard' op splits dimension 0 of size 10 over 4 processes: the size must be a multiple of the number of processes (uneven parts are not supported yet)}}
  %xs = shard.shard %x to %split : tensor<10xf32>
  return %xs : tensor<10xf32>
}
