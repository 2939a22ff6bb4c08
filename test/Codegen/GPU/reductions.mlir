// RUN: array-opt %s -array-gpu-reductions -split-input-file | FileCheck %s
// RUN: array-opt %s -array-gpu-reductions=max-cluster-size=8 -split-input-file | FileCheck %s --check-prefix=TILES

// A full float32 sum accumulated in float64: split over target-blocks
// blocks (vector<4xf32> loads, warp shuffles, a workgroup scratch), then a
// second kernel combines the partials and the init.
#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @full_sum
// CHECK: %[[P:.+]] = memref.alloc({{.*}}) : memref<?xf64>
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c528{{.*}}) threads({{.*}}) in ({{.*}} = %c256{{.*}}) workgroup(%[[S:.+]] : memref<32xf64, #gpu.address_space<workgroup>>)
// CHECK: vector.load %{{.+}}[%{{.+}}] {alignment = 16 : i64} : memref<4194304xf32>, vector<4xf32>
// CHECK: gpu.shuffle xor
// CHECK: gpu.barrier
// CHECK: memref.store %{{.+}}, %[[P]][%{{.+}}] : memref<?xf64>
// CHECK: gpu.launch
// CHECK: memref.load %[[P]]
// CHECK: memref.load %{{.+}}[] : memref<f64>
// CHECK: memref.store %{{.+}}, %{{.+}}[] : memref<f64>
// CHECK: memref.dealloc %[[P]]
// CHECK-NOT: linalg.generic
func.func @full_sum(%x: memref<4194304xf32>, %acc: memref<f64>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction"]}
      ins(%x : memref<4194304xf32>) outs(%acc : memref<f64>) {
  ^bb0(%in: f32, %out: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %out, %e : f64
    linalg.yield %s : f64
  }
  return
}

// -----

// Long rows: a block per row, no second pass when the rows fill the GPU.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_max
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c4096{{.*}}) threads({{.*}}) in ({{.*}} = %c256{{.*}}) workgroup(%{{.+}} : memref<32xf32, #gpu.address_space<workgroup>>)
// CHECK: vector.load {{.*}} : memref<4096x8192xf32>, vector<4xf32>
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor
// CHECK-NOT: gpu.launch
func.func @row_max(%x: memref<4096x8192xf32>, %m: memref<4096xf32>) {
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4096x8192xf32>) outs(%m : memref<4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %out, %in : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// Short rows of i64 (not a multiple of 4): a warp per row, 8 rows per
// block, 64-bit values shuffled as two halves, no shared memory.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @short_rows
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c125{{.*}}) threads({{.*}}) in ({{.*}} = %c256{{.*}}) {
// CHECK-NOT: vector.load
// CHECK: arith.trunci %{{.+}} : i64 to i32
// CHECK: gpu.shuffle xor %{{.+}}, %{{.+}}, %{{.+}} : i32
func.func @short_rows(%x: memref<1000x33xi64>, %s: memref<1000xi64>) {
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<1000x33xi64>) outs(%s : memref<1000xi64>) {
  ^bb0(%in: i64, %out: i64):
    %r = arith.addi %out, %in : i64
    linalg.yield %r : i64
  }
  return
}

// -----

// Column sums: a thread per output, rows split over blocks, then a second
// kernel combining the splits in order.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @column_sum
// CHECK: %[[P:.+]] = memref.alloc({{.*}}) : memref<?xf32>
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c576{{.*}}) threads({{.*}}) in ({{.*}} = %c256{{.*}}) {
// CHECK-NOT: gpu.shuffle
// CHECK: memref.store %{{.+}}, %[[P]]
// CHECK: gpu.launch
// CHECK: scf.for
// CHECK: memref.load %[[P]]
// CHECK: memref.dealloc %[[P]]
func.func @column_sum(%x: memref<16384x16384xf32>, %s: memref<16384xf32>) {
  linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<16384x16384xf32>) outs(%s : memref<16384xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A bfloat16 sum over the middle axis on sm_90: column tiles, one kernel.
// Each thread owns 8 consecutive outputs (a vector<8xbf16> load per
// reduced element), a block's 8 warps take every 8th reduced element, and
// a cluster of 8 blocks splits them further; the warps' partials meet in
// workgroup memory, each block finishes 256 / 8 = 32 of the tile's outputs
// from the 8 blocks' totals (nvvm.mapa, ranks 0 to 7), no second kernel.
// Without clusters (the first RUN), 64 tiles of one block each are fewer
// than a quarter of target-blocks (528): the split kernel and its second
// pass.
#x = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#y = affine_map<(d0, d1, d2) -> (d0, d2)>
// TILES-LABEL: func.func @column_tiles
// TILES-NOT: memref.alloc
// TILES: gpu.launch clusters({{.*}}) in ({{.*}} = %c8{{.*}}) blocks({{.*}}) in ({{.*}} = %c512{{.*}}) threads({{.*}}) in ({{.*}} = %c256{{.*}}) workgroup(%[[P:.+]] : memref<2048xf32, #gpu.address_space<workgroup>>, %[[T:.+]] : memref<256xf32, #gpu.address_space<workgroup>>)
// TILES: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32, f32, f32, f32, f32)
// TILES: vector.load %{{.+}} : memref<64x2048x256xbf16>, vector<8xbf16>
// TILES-COUNT-8: memref.store %{{.+}}, %[[P]]
// TILES: gpu.barrier
// TILES-COUNT-8: memref.load %[[P]]
// TILES: memref.store %{{.+}}, %[[T]]
// TILES: nvvm.cluster.arrive
// TILES: nvvm.cluster.wait
// TILES-COUNT-8: nvvm.mapa
// TILES: memref.store
// TILES: nvvm.cluster.arrive
// TILES-NOT: gpu.launch
// TILES: return
// CHECK-LABEL: func.func @column_tiles
// CHECK: memref.alloc
// CHECK: gpu.launch
// CHECK: gpu.launch
func.func @column_tiles(%x: memref<64x2048x256xbf16>, %s: memref<64x256xf32>) {
  linalg.generic {indexing_maps = [#x, #y], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : memref<64x2048x256xbf16>) outs(%s : memref<64x256xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %e = arith.extf %in : bf16 to f32
    %r = arith.addf %out, %e : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// 512 MiB of float32 columns keep the split kernel and its second pass
// even with clusters: it streams wide elements a little faster, and its
// second kernel costs little against the read.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// TILES-LABEL: func.func @column_split_large
// TILES: memref.alloc
// TILES-NOT: clusters
// TILES: gpu.launch
// TILES: gpu.launch
func.func @column_split_large(%x: memref<16384x8192xf32>, %s: memref<8192xf32>) {
  linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<16384x8192xf32>) outs(%s : memref<8192xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// Left to array-gpu-map-linalg: argmax-style bodies (two outputs), a
// select-based body, and reductions over at most 16 elements.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @skipped
// CHECK-NOT: gpu.launch
// CHECK-COUNT-3: linalg.generic
func.func @skipped(%x: memref<64x1000xf32>, %y: memref<64x16xf32>, %v: memref<64xf32>, %i: memref<64xi64>) {
  linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x1000xf32>) outs(%v, %i : memref<64xf32>, memref<64xi64>) {
  ^bb0(%in: f32, %best: f32, %idx: i64):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i64
    %better = arith.cmpf ogt, %in, %best : f32
    %nv = arith.select %better, %in, %best : f32
    %ni = arith.select %better, %ki, %idx : i64
    linalg.yield %nv, %ni : f32, i64
  }
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x1000xf32>) outs(%v : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %pos = arith.cmpf ogt, %in, %out : f32
    %r = arith.select %pos, %in, %out : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y : memref<64x16xf32>) outs(%v : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// CHECK-LABEL: func.func @bad_options
// RUN: not array-opt %s -array-gpu-reductions="block-size=100" -split-input-file 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: array-gpu-reductions: block-size must be a multiple of 32
func.func @bad_options() {
  return
}

// -----

// The fill of the output just before the reduction is folded in (its
// constant is combined in the final store instead of a load, and the fill
// kernel goes), and the cast that only turns the float64 sum into float32
// becomes the final store's epilogue: the float64 output buffer goes too.
#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
#scalar = affine_map<() -> ()>
// CHECK-LABEL: func.func @sum_fill_and_cast
// CHECK-SAME: (%[[X:.+]]: memref<4194304xf32>)
// CHECK: %[[R:.+]] = memref.alloc() : memref<f32>
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK:   %[[INIT:.+]] = arith.constant 0.000000e+00 : f64
// CHECK:   %[[TOTAL:.+]] = arith.addf %[[INIT]], %{{.+}} : f64
// CHECK:   %[[F32:.+]] = arith.truncf %[[TOTAL]] : f64 to f32
// CHECK:   memref.store %[[F32]], %[[R]][] : memref<f32>
// CHECK-NOT: linalg.generic
// CHECK-NOT: memref<f64>
// CHECK: arrayrt.print %[[R]] : memref<f32>
func.func @sum_fill_and_cast(%x: memref<4194304xf32>) {
  %cst = arith.constant 0.000000e+00 : f64
  %acc = memref.alloc() : memref<f64>
  linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
      ins(%cst : f64) outs(%acc : memref<f64>) {
  ^bb0(%in: f64, %out: f64):
    linalg.yield %in : f64
  }
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction"]}
      ins(%x : memref<4194304xf32>) outs(%acc : memref<f64>) {
  ^bb0(%in: f32, %out: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %out, %e : f64
    linalg.yield %s : f64
  }
  %r = memref.alloc() : memref<f32>
  linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
      ins(%acc : memref<f64>) outs(%r : memref<f32>) {
  ^bb0(%in: f64, %out: f32):
    %t = arith.truncf %in : f64 to f32
    linalg.yield %t : f32
  }
  arrayrt.print %r : memref<f32>
  memref.dealloc %acc : memref<f64>
  memref.dealloc %r : memref<f32>
  return
}

// -----

// Kept: a fill that is not just before the reduction (the buffer is read
// in between), and an output read again after the reduction.
#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
#scalar = affine_map<() -> ()>
// CHECK-LABEL: func.func @sum_fill_kept
// CHECK: linalg.generic
// CHECK: arrayrt.print
// CHECK: gpu.launch
// CHECK: memref.load %{{.+}}[] : memref<f64>
// CHECK: linalg.generic
func.func @sum_fill_kept(%x: memref<4194304xf32>) {
  %cst = arith.constant 0.000000e+00 : f64
  %acc = memref.alloc() : memref<f64>
  linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
      ins(%cst : f64) outs(%acc : memref<f64>) {
  ^bb0(%in: f64, %out: f64):
    linalg.yield %in : f64
  }
  arrayrt.print %acc : memref<f64>
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction"]}
      ins(%x : memref<4194304xf32>) outs(%acc : memref<f64>) {
  ^bb0(%in: f32, %out: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %out, %e : f64
    linalg.yield %s : f64
  }
  %r = memref.alloc() : memref<f32>
  linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []}
      ins(%acc : memref<f64>) outs(%r : memref<f32>) {
  ^bb0(%in: f64, %out: f32):
    %t = arith.truncf %in : f64 to f32
    linalg.yield %t : f32
  }
  arrayrt.print %acc : memref<f64>
  return
}

// -----

// A mean's epilogue divides by the count, computed on the host after the
// reduction: the count moves up to where the kernel is.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#vec = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @row_mean
// CHECK: %[[C:.+]] = arith.index_cast %{{.+}} : index to i64
// CHECK: %[[F:.+]] = arith.sitofp %[[C]] : i64 to f64
// CHECK: gpu.launch
// CHECK:   arith.divf %{{.+}}, %[[F]] : f64
// CHECK:   arith.truncf
// CHECK-NOT: linalg.generic
func.func @row_mean(%x: memref<?x?xf32>, %r: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x?xf32>
  %acc = memref.alloc(%n) : memref<?xf64>
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%acc : memref<?xf64>) {
  ^bb0(%in: f32, %out: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %out, %e : f64
    linalg.yield %s : f64
  }
  %c1 = arith.constant 1 : index
  %d = memref.dim %x, %c1 : memref<?x?xf32>
  %di = arith.index_cast %d : index to i64
  %count = arith.sitofp %di : i64 to f64
  linalg.generic {indexing_maps = [#vec, #vec], iterator_types = ["parallel"]}
      ins(%acc : memref<?xf64>) outs(%r : memref<?xf32>) {
  ^bb0(%in: f64, %out: f32):
    %m = arith.divf %in, %count : f64
    %t = arith.truncf %m : f64 to f32
    linalg.yield %t : f32
  }
  memref.dealloc %acc : memref<?xf64>
  return
}
