// RUN: array-opt %s -split-input-file -array-shard-to-arrayrt -verify-diagnostics | FileCheck %s

// all_reduce: a contiguous copy reduced in place; all_gather: stacked by
// process, then merged into the gather axis (moved there first when it is
// not the first); all_slice: this process's slice; output from process 0.

// CHECK-LABEL: func.func @collectives
// CHECK-NOT: shard.grid
// CHECK: %[[B:.*]] = bufferization.to_buffer %{{.*}} : tensor<f64> to memref<f64>
// CHECK: %[[C:.*]] = memref.alloc() : memref<f64>
// CHECK: memref.copy %[[B]], %[[C]]
// CHECK: arrayrt.all_reduce %[[C]], max of 4 : memref<f64>
// CHECK: bufferization.to_tensor %[[C]] restrict writable : memref<f64> to tensor<f64>
// CHECK: %[[IN:.*]] = memref.alloc() : memref<3x2xf32>
// CHECK: %[[STACK:.*]] = memref.alloc() : memref<4x3x2xf32>
// CHECK: arrayrt.all_gather %[[IN]] into %[[STACK]] of 4 : memref<3x2xf32>, memref<4x3x2xf32>
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[STACK]]
// CHECK: %[[MOVED:.*]] = linalg.transpose ins(%[[T]] : tensor<4x3x2xf32>) outs(%{{.*}} : tensor<3x4x2xf32>) permutation = [1, 0, 2]
// CHECK: tensor.collapse_shape %[[MOVED]] {{\[}}[0], [1, 2]] : tensor<3x4x2xf32> into tensor<3x8xf32>
// CHECK: %[[RANK:.*]] = arrayrt.process_index of 4
// CHECK: %[[CHUNK:.*]] = arith.divui
// CHECK: %[[AT:.*]] = arith.muli %{{.*}}, %[[CHUNK]]
// CHECK: tensor.extract_slice %{{.*}}[%[[AT]], 0] [2, 5] [1, 1] : tensor<8x5xf32> to tensor<2x5xf32>
// CHECK: %[[INDEX:.*]] = arrayrt.process_index of 4
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[INDEX]], %{{.*}}
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: array.print
shard.grid @ranks(shape = 4) {sym_visibility = "private"}
func.func @collectives(%partial: tensor<f64>, %part: tensor<3x2xf32>, %whole: tensor<8x5xf32>) -> (tensor<f64>, tensor<3x8xf32>, tensor<2x5xf32>) {
  %max = shard.all_reduce %partial on @ranks grid_axes = [0] reduction = max : tensor<f64> -> tensor<f64>
  %gathered = shard.all_gather %part on @ranks grid_axes = [0] gather_axis = 1 : tensor<3x2xf32> -> tensor<3x8xf32>
  %slice = shard.all_slice %whole on @ranks grid_axes = [0] slice_axis = 0 : tensor<8x5xf32> -> tensor<2x5xf32>
  array.print %max : tensor<f64>
  return %max, %gathered, %slice : tensor<f64>, tensor<3x8xf32>, tensor<2x5xf32>
}

// -----

// A 2 x 3 grid: the process's position on each axis, delinearized.
// CHECK-LABEL: func.func @positions
// CHECK: %[[RANK:.*]] = arrayrt.process_index of 6
// CHECK: %[[POS:.*]]:2 = affine.delinearize_index %[[RANK]] into (2, 3)
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: return %[[POS]]#1, %[[C3]]
shard.grid @g(shape = 2x3) {sym_visibility = "private"}
func.func @positions() -> (index, index) {
  %p = shard.process_multi_index on @g axes = [1] : index
  %n = shard.grid_shape @g axes = [1] : index
  return %p, %n : index, index
}

// -----

// A dynamic split size is checked when the program runs.
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[REST:.*]] = arith.remui
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[REST]]
// CHECK: cf.assert %[[OK]], "dimension 0 of a sharded array is not a multiple of the 2 processes it is split over"
// CHECK: tensor.extract_slice
shard.grid @ranks(shape = 2) {sym_visibility = "private"}
func.func @dynamic(%whole: tensor<?xf32>) -> tensor<?xf32> {
  %slice = shard.all_slice %whole on @ranks grid_axes = [0] slice_axis = 0 : tensor<?xf32> -> tensor<?xf32>
  return %slice : tensor<?xf32>
}

// -----

shard.grid @g(shape = 2x2) {sym_visibility = "private"}
func.func @part_of_grid(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'shard.all_reduce' op over grid axes [1] of a grid of shape [2, 2]: collectives over part of a grid's axes are not supported yet (each must span every process)}}
  %r = shard.all_reduce %x on @g grid_axes = [1] : tensor<4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// all_to_all: the whole array along the concat axis (an all-gather), then
// this process's part along the split axis; reduce_scatter: an all-reduce,
// then this process's part along the scatter axis.
// CHECK-LABEL: func.func @to_all
// CHECK: arrayrt.all_gather %{{.*}} into %{{.*}} of 2 : memref<2x4xf32>, memref<2x2x4xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<2x2x4xf32> into tensor<4x4xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, %{{.*}}] [4, 2] [1, 1] : tensor<4x4xf32> to tensor<4x2xf32>
// CHECK-LABEL: func.func @scatter
// CHECK: arrayrt.all_reduce %{{.*}}, max of 2 : memref<4x2xf32>
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, 0] [2, 2] [1, 1] : tensor<4x2xf32> to tensor<2x2xf32>
shard.grid @ranks(shape = 2) {sym_visibility = "private"}
func.func @to_all(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  %r = shard.all_to_all %x on @ranks grid_axes = [0] split_axis = 1 concat_axis = 0 : tensor<2x4xf32> -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}
func.func @scatter(%x: tensor<4x2xf32>) -> tensor<2x2xf32> {
  %r = shard.reduce_scatter %x on @ranks grid_axes = [0] reduction = max scatter_axis = 0 : tensor<4x2xf32> -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
