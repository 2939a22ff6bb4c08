// RUN: array-opt %s -split-input-file -array-shard-partition -verify-diagnostics | FileCheck %s
// RUN: not array-opt %s -split-input-file -array-shard-partition=processes=4 -o - 2>/dev/null | FileCheck %s --check-prefix=PROCESSES

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

// expected-error @below {{'shard.grid' op has 2 dynamic sizes: at most one can be set from the number of processes}}
shard.grid @any(shape = ?x?) {sym_visibility = "private"}

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

// -----

// A loop over split arrays: its body is partitioned with the loop's
// carried values split as their initial values are (the gradient of a
// row-split product is a partial sum, all-reduced every iteration), and
// the array it reads from above (x) is its part on each process.
// CHECK-LABEL: func.func @descent
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>, %[[W:.*]]: tensor<3xf32>) -> tensor<3xf32>
// The partial sum starts from zero on every process (upstream chooses
// between the original initial value, on process 0, and zero: the same
// fill here, so no choice is left).
// CHECK: scf.for {{.*}} iter_args(%[[WI:.*]] = %[[W]]) -> (tensor<3xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[WI]] : tensor<4x3xf32>, tensor<3xf32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK-NOT: scf.if
// CHECK-NOT: process
// CHECK: %[[ZERO:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<3xf32>)
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[X]], %{{.*}} : tensor<4x3xf32>, tensor<4xf32>) outs(%[[ZERO]] : tensor<3xf32>)
// CHECK: shard.all_reduce %{{.*}} on @ranks grid_axes = [0] : tensor<3xf32> -> tensor<3xf32>
// CHECK: scf.yield %{{.*}} : tensor<3xf32>
// CHECK-NOT: func.call
// CHECK-NOT: __loop_body
#rows = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
shard.grid @ranks(shape = 2) {sym_visibility = "private"}
func.func @descent(%x: tensor<8x3xf32>, %w0: tensor<3xf32>) -> tensor<3xf32> {
  %split = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8x3xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0.0 : f32
  %w = scf.for %i = %c0 to %c10 step %c1 iter_args(%wi = %w0) -> tensor<3xf32> {
    %e8 = tensor.empty() : tensor<8xf32>
    %z8 = linalg.fill ins(%zero : f32) outs(%e8 : tensor<8xf32>) -> tensor<8xf32>
    %xw = linalg.generic {indexing_maps = [#rows, #col, #row], iterator_types = ["parallel", "reduction"]} ins(%xs, %wi : tensor<8x3xf32>, tensor<3xf32>) outs(%z8 : tensor<8xf32>) {
    ^bb0(%a: f32, %b: f32, %acc: f32):
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %m : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    %e3 = tensor.empty() : tensor<3xf32>
    %z3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>
    %g = linalg.generic {indexing_maps = [#rows, #row, #col], iterator_types = ["reduction", "parallel"]} ins(%xs, %xw : tensor<8x3xf32>, tensor<8xf32>) outs(%z3 : tensor<3xf32>) {
    ^bb0(%a: f32, %b: f32, %acc: f32):
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %m : f32
      linalg.yield %s : f32
    } -> tensor<3xf32>
    %wn = linalg.sub ins(%wi, %g : tensor<3xf32>, tensor<3xf32>) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>
    scf.yield %wn : tensor<3xf32>
  }
  return %w : tensor<3xf32>
}

// -----

// A loop until a tolerance over a split array: the test (its squared norm,
// a partial sum all-reduced, then read as a scalar every process has) and
// the body are each partitioned with the carried array split as its
// initial value is.
// CHECK-LABEL: func.func @halve_until
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[LIMIT:.*]]: f32) -> tensor<4xf32>
// CHECK: %[[R:.*]] = scf.while (%[[XI:.*]] = %[[X]]) : (tensor<4xf32>) -> tensor<4xf32> {
// CHECK: linalg.generic {{.*}} ins(%[[XI]] : tensor<4xf32>) outs(%{{.*}} : tensor<f32>)
// CHECK: %[[NORM:.*]] = shard.all_reduce %{{.*}} on @ranks grid_axes = [0] : tensor<f32> -> tensor<f32>
// CHECK: %[[SQ:.*]] = tensor.extract %[[NORM]][] : tensor<f32>
// CHECK: %[[MORE:.*]] = arith.cmpf ogt, %[[SQ]], %[[LIMIT]] : f32
// CHECK: scf.condition(%[[MORE]]) %[[XI]] : tensor<4xf32>
// CHECK: } do {
// CHECK: ^bb0(%[[XB:.*]]: tensor<4xf32>):
// CHECK: linalg.generic {{.*}} ins(%[[XB]] : tensor<4xf32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK: scf.yield %{{.*}} : tensor<4xf32>
// CHECK: return %[[R]]
// CHECK-NOT: func.call
// CHECK-NOT: __loop_
#id = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
shard.grid @ranks(shape = 2) {sym_visibility = "private"}
func.func @halve_until(%x: tensor<8xf32>, %limit: f32) -> tensor<8xf32> {
  %split = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8xf32>
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %r = scf.while (%xi = %xs) : (tensor<8xf32>) -> tensor<8xf32> {
    %e = tensor.empty() : tensor<f32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %n = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction"]} ins(%xi : tensor<8xf32>) outs(%z : tensor<f32>) {
    ^bb0(%a: f32, %acc: f32):
      %m = arith.mulf %a, %a : f32
      %s = arith.addf %acc, %m : f32
      linalg.yield %s : f32
    } -> tensor<f32>
    %sq = tensor.extract %n[] : tensor<f32>
    %more = arith.cmpf ogt, %sq, %limit : f32
    scf.condition(%more) %xi : tensor<8xf32>
  } do {
  ^bb0(%xb: tensor<8xf32>):
    %e8 = tensor.empty() : tensor<8xf32>
    %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%xb : tensor<8xf32>) outs(%e8 : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.mulf %a, %half : f32
      linalg.yield %m : f32
    } -> tensor<8xf32>
    scf.yield %h : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----

shard.grid @ranks(shape = 2) {sym_visibility = "private"}
func.func @while_passes_other_values(%x: tensor<8xf32>, %go: i1) -> tensor<4xf32> {
  %split = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8xf32>
  // expected-error @below {{'scf.while' op on sharded arrays: expected its test to pass on the values it carries (the loop's results and both regions' arguments of its initial values' types)}}
  %r = scf.while (%xi = %xs) : (tensor<8xf32>) -> tensor<4xf32> {
    %part = tensor.extract_slice %xi[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
    scf.condition(%go) %part : tensor<4xf32>
  } do {
  ^bb0(%p: tensor<4xf32>):
    %w = tensor.empty() : tensor<8xf32>
    scf.yield %w : tensor<8xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A sum that starts from 1: process 0 keeps that start, the others start
// from zero (the choice stays).
// CHECK-LABEL: func.func @sum_from_one
// CHECK: %[[FIRST:.*]] = arith.cmpi eq
// CHECK: %[[INIT:.*]] = scf.if %[[FIRST]] -> (tensor<f32>) {
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<4xf32>) outs(%[[INIT]] : tensor<f32>)
// CHECK: shard.all_reduce
#id1 = affine_map<(d0) -> (d0)>
#all1 = affine_map<(d0) -> ()>
shard.grid @ranks(shape = 2) {sym_visibility = "private"}
func.func @sum_from_one(%x: tensor<8xf32>) -> tensor<f32> {
  %split = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8xf32>
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%one : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#id1, #all1], iterator_types = ["reduction"]} ins(%xs : tensor<8xf32>) outs(%init : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %t = arith.addf %acc, %a : f32
    linalg.yield %t : f32
  } -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// A grid of dynamic size takes the number of processes it is given (and
// is an error without it).
// PROCESSES-LABEL: func.func @scaled
// PROCESSES-SAME: (%{{.*}}: tensor<2xf32>) -> tensor<2xf32>
// expected-error @below {{'shard.grid' op has a dynamic size: give the number of processes the program runs on with arrayc --processes=N}}
shard.grid @ranks(shape = ?) {sym_visibility = "private"}
func.func @scaled(%x: tensor<8xf32>) -> tensor<8xf32> {
  %split = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split : tensor<8xf32>
  %y = linalg.add ins(%xs, %xs : tensor<8xf32>, tensor<8xf32>) outs(%xs : tensor<8xf32>) -> tensor<8xf32>
  %ys = shard.shard %y to %split : tensor<8xf32>
  return %ys : tensor<8xf32>
}

// -----

// An op that reads its element indices (here an arange) computes, on each
// process's part, with the indices of the whole array: the part's offset
// (process index times part size) is added to the split dimension's index.
// CHECK-LABEL: func.func @indices
// CHECK: %[[PROCESS:.*]] = shard.process_multi_index on @ranks axes = [0] : index
// CHECK: %[[OFFSET:.*]] = arith.muli %[[PROCESS]], %c2 : index
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2xf32>)
// CHECK: %[[LOCAL:.*]] = linalg.index 0 : index
// CHECK: %[[GLOBAL:.*]] = arith.addi %[[LOCAL]], %[[OFFSET]] : index
// CHECK: arith.index_cast %[[GLOBAL]]
#map = affine_map<(d0) -> (d0)>
shard.grid @ranks(shape = 4) {sym_visibility = "private"}
func.func @indices() -> tensor<8xf32> {
  %empty = tensor.empty() : tensor<8xf32>
  %range = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%empty : tensor<8xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %n = arith.index_cast %i : index to i64
    %f = arith.sitofp %n : i64 to f32
    linalg.yield %f : f32
  } -> tensor<8xf32>
  %split = shard.sharding @ranks split_axes = [[0]] : !shard.sharding
  %parts = shard.shard %range to %split : tensor<8xf32>
  return %parts : tensor<8xf32>
}
