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

// -----

// A process reads only its part of a sharded array's file: the load and the
// slice the process keeps become a load of that part, the whole array's
// type checked against the file; a dynamic size comes from the file's
// header (arrayrt.npy_shape), not from loading it.
// CHECK-LABEL: func.func @file_parts
// CHECK: %[[RANK:.*]] = arrayrt.process_index of 2
// CHECK: arith.divui
// CHECK-NEXT: %[[AT:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[COLS:.*]] = array.load_npy "m.npy" part [%[[C0]], %[[AT]]] sizes() of tensor<4x6xf32> : tensor<4x3xf32>
// CHECK-NEXT: %[[SHAPE:.*]] = arrayrt.npy_shape "v.npy" of f64 : index
// CHECK-NOT: array.load_npy "v.npy" :
// CHECK: arith.remui %[[SHAPE]]
// CHECK: cf.assert
// CHECK: %[[CHUNK:.*]] = arith.divui %[[SHAPE]], %{{.*}} : index
// CHECK-NEXT: %[[FROM:.*]] = arith.muli %{{.*}}, %[[CHUNK]] : index
// CHECK: %[[ROWS:.*]] = array.load_npy "v.npy" part [%[[FROM]]] sizes(%[[CHUNK]]) of tensor<?xf64> : tensor<?xf64>
// CHECK: return %[[COLS]], %[[ROWS]]
shard.grid @ranks(shape = 2) {sym_visibility = "private"}
func.func @file_parts() -> (tensor<4x3xf32>, tensor<?xf64>) {
  %m = array.load_npy "m.npy" : tensor<4x6xf32>
  %cols = shard.all_slice %m on @ranks grid_axes = [0] slice_axis = 1 : tensor<4x6xf32> -> tensor<4x3xf32>
  %v = array.load_npy "v.npy" : tensor<?xf64>
  %rows = shard.all_slice %v on @ranks grid_axes = [0] slice_axis = 0 : tensor<?xf64> -> tensor<?xf64>
  return %cols, %rows : tensor<4x3xf32>, tensor<?xf64>
}

// -----

// Loads that stay whole: one also read whole (printed), one whose slice
// comes after a save (which may write the file it reads), an .npz member.
// CHECK-LABEL: func.func @whole_files
// CHECK: %[[A:.*]] = array.load_npy "a.npy" : tensor<4xf32>
// CHECK: tensor.extract_slice %[[A]]
// CHECK: %[[B:.*]] = array.load_npy "b.npy" : tensor<4xf32>
// CHECK: array.save_npy
// CHECK: tensor.extract_slice %[[B]]
// CHECK: %[[C:.*]] = array.load_npy "c.npz"["x"] : tensor<4xf32>
// CHECK: tensor.extract_slice %[[C]]
// CHECK-NOT: part
shard.grid @ranks(shape = 2) {sym_visibility = "private"}
func.func @whole_files(%x: tensor<4xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %a = array.load_npy "a.npy" : tensor<4xf32>
  %a2 = shard.all_slice %a on @ranks grid_axes = [0] slice_axis = 0 : tensor<4xf32> -> tensor<2xf32>
  array.print %a : tensor<4xf32>
  %b = array.load_npy "b.npy" : tensor<4xf32>
  array.save_npy %x, "b.npy" : tensor<4xf32>
  %b2 = shard.all_slice %b on @ranks grid_axes = [0] slice_axis = 0 : tensor<4xf32> -> tensor<2xf32>
  %c = array.load_npy "c.npz"["x"] : tensor<4xf32>
  %c2 = shard.all_slice %c on @ranks grid_axes = [0] slice_axis = 0 : tensor<4xf32> -> tensor<2xf32>
  return %a2, %b2, %c2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
