// RUN: array-opt %s -array-gpu-row-kernels -split-input-file | FileCheck %s

// Softmax after bufferization: the fills, two reductions and two
// elementwise ops become one kernel, a block of 1024 threads per row, each
// owning 4 groups of 4 columns held in registers. The row maxima and sums
// are never stored and their buffers are gone; the result is stored once.
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @softmax
// CHECK-NOT: memref.alloc() {{.*}} : memref<16384xf
// CHECK: %[[Y:.+]] = memref.alloc() {alignment = 64 : i64} : memref<16384x16384xf32>
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c16384{{.*}}) threads({{.*}}) in ({{.*}} = %c512{{.*}}) workgroup(%{{.+}} : memref<32xf32, #gpu.address_space<workgroup>>, %{{.+}} : memref<32xf64, #gpu.address_space<workgroup>>)
// CHECK: scf.for %[[ROW:.+]] =
// CHECK-COUNT-8: vector.load %{{.+}}[%[[ROW]], %{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<16384x1x16384xf32>, vector<4xf32>
// CHECK-NOT: vector.load
// CHECK: arith.maximumf
// CHECK: gpu.shuffle xor
// CHECK: gpu.barrier
// CHECK: math.exp
// The thread's 32 exponentials are added in f32 without compensation
// (terms that cannot cancel), the threads' sums in f64.
// CHECK-NOT: arith.extf
// CHECK-COUNT-32: arith.addf {{.*}} : f32
// CHECK-NEXT: arith.extf %{{.+}} : f32 to f64
// CHECK-NEXT: arith.bitcast
// CHECK-NOT: arith.extf
// CHECK: gpu.shuffle xor
// CHECK: arith.addf {{.*}} : f64
// The quotients by the row's sum: its reciprocal once (the sum scaled by
// a power of two when it or its reciprocal would not be normal), then two
// products per column.
// CHECK: %[[SUM:.+]] = arith.truncf %{{.+}} : f64 to f32
// CHECK: arith.select
// CHECK: %[[SCALE:.+]] = arith.select %{{.+}}, %{{.+}}, %{{.+}} : f32
// CHECK: %[[SCALED:.+]] = arith.mulf %[[SUM]], %[[SCALE]] : f32
// CHECK: %[[R:.+]] = arith.divf %cst{{.*}}, %[[SCALED]] : f32
// CHECK-COUNT-32: arith.mulf %{{.+}}, %[[SCALE]] : f32
// CHECK-NOT: arith.divf
// CHECK-COUNT-8: vector.store %{{.+}}, %[[Y]][%[[ROW]], %{{.+}}] {alignment = 16 : i64} : memref<16384x16384xf32>, vector<4xf32>
// CHECK: } {arrayrt.min_blocks_per_sm = 2 : i32}
// CHECK-NOT: linalg.
// CHECK-NOT: memref.dealloc
// CHECK: return %[[Y]]
func.func @softmax(%arg0: memref<16384x16384xf32>) -> memref<16384x16384xf32> {
  %cst = arith.constant 0.000000e+00 : f64
  %cst_0 = arith.constant 0xFF800000 : f32
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<16384xf32>
  %expand_shape = memref.expand_shape %alloc [[0, 1]] output_shape [16384, 1] : memref<16384xf32> into memref<16384x1xf32>
  linalg.fill ins(%cst_0 : f32) outs(%expand_shape : memref<16384x1xf32>)
  %expand_shape_1 = memref.expand_shape %arg0 [[0, 1], [2]] output_shape [16384, 1, 16384] : memref<16384x16384xf32> into memref<16384x1x16384xf32>
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expand_shape_1 : memref<16384x1x16384xf32>) outs(%expand_shape : memref<16384x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<16384x16384xf32>
  linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg0, %expand_shape : memref<16384x16384xf32>, memref<16384x1xf32>) outs(%alloc_2 : memref<16384x16384xf32>) {
  ^bb0(%in: f32, %in_6: f32, %out: f32):
    %0 = arith.subf %in, %in_6 : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  }
  %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<16384xf64>
  %expand_shape_4 = memref.expand_shape %alloc_3 [[0, 1]] output_shape [16384, 1] : memref<16384xf64> into memref<16384x1xf64>
  linalg.fill ins(%cst : f64) outs(%expand_shape_4 : memref<16384x1xf64>)
  %expand_shape_5 = memref.expand_shape %alloc_2 [[0, 1], [2]] output_shape [16384, 1, 16384] : memref<16384x16384xf32> into memref<16384x1x16384xf32>
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expand_shape_5 : memref<16384x1x16384xf32>) outs(%expand_shape_4 : memref<16384x1xf64>) {
  ^bb0(%in: f32, %out: f64):
    %0 = arith.extf %in : f32 to f64
    %1 = arith.addf %out, %0 : f64
    linalg.yield %1 : f64
  }
  linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel"]} ins(%alloc_2, %expand_shape_4 : memref<16384x16384xf32>, memref<16384x1xf64>) outs(%alloc_2 : memref<16384x16384xf32>) {
  ^bb0(%in: f32, %in_6: f64, %out: f32):
    %0 = arith.truncf %in_6 : f64 to f32
    %1 = arith.divf %in, %0 : f32
    linalg.yield %1 : f32
  }
  memref.dealloc %alloc : memref<16384xf32>
  memref.dealloc %alloc_3 : memref<16384xf64>
  return %alloc_2 : memref<16384x16384xf32>
}

// -----

// Rows of 7 (not a multiple of 4): one column per group, narrow rows: 2
// lanes of 4 groups per row (the last group masked), 16 rows per block of
// 32 threads, the lanes past row 4 store nothing. The row maximum is read
// after the group, so it is stored (by lane 0); a memref.copy ends the
// group.
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @short_rows
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c32{{.*}}) {
// CHECK: %[[VALID:.+]] = arith.cmpi ule, %[[R:.+]], %c4
// CHECK: %[[ROW:.+]] = arith.minui %[[R]], %c4
// CHECK: arith.cmpi ult, %{{.+}}, %c7
// CHECK-NOT: gpu.shuffle xor {{.*}}, %c2_i32
// CHECK: gpu.shuffle xor %{{.+}}, %c1_i32
// CHECK: scf.if %[[VALID]]
// CHECK: memref.store %{{.+}}, %{{.+}}[%[[ROW]], %{{.+}}] : memref<5x7xf32>
// CHECK: arith.cmpi eq
// CHECK: arith.andi %{{.+}}, %[[VALID]]
// CHECK: memref.store %{{.+}}, %{{.+}}[%[[ROW]], %{{.+}}] : memref<5x1xf32>
// CHECK: } {arrayrt.min_blocks_per_sm = 32 : i32}
// CHECK: memref.copy
func.func @short_rows(%x: memref<5x7xf32>, %m: memref<5x1xf32>, %y: memref<5x7xf32>, %keep: memref<5x1xf32>) {
  %cst_0 = arith.constant 0xFF800000 : f32
  linalg.fill ins(%cst_0 : f32) outs(%m : memref<5x1xf32>)
  %x3 = memref.expand_shape %x [[0, 1], [2]] output_shape [5, 1, 7] : memref<5x7xf32> into memref<5x1x7xf32>
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x3 : memref<5x1x7xf32>) outs(%m : memref<5x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel"]} ins(%x, %m : memref<5x7xf32>, memref<5x1xf32>) outs(%y : memref<5x7xf32>) {
  ^bb0(%in: f32, %in_6: f32, %out: f32):
    %0 = arith.subf %in, %in_6 : f32
    linalg.yield %0 : f32
  }
  memref.copy %m, %keep : memref<5x1xf32> to memref<5x1xf32>
  return
}

// -----

// Layer norm over rows of 4096: 128 threads of 32 columns (8 blocks per
// SM). The mean's and the variance's float64 sums of float32 columns are
// taken in float32 per thread ((x - mean)^2 with the mean rounded to
// float32; the mean's with Kahan's compensation, the squares, which cannot
// cancel, without), and in float64 across threads. gamma and beta, read by the
// last op only, are loaded a group of 4 columns at a time, each group
// stored before the next is loaded.
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
#map4 = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @layer_norm
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c8{{.*}}) threads({{.*}}) in ({{.*}} = %c128{{.*}}) workgroup(%{{.+}} : memref<32xf64, #gpu.address_space<workgroup>>)
// CHECK: scf.for %[[ROW:.+]] =
// CHECK-COUNT-8: vector.load %{{.+}}[%[[ROW]], %{{.+}}, %{{.+}}] {{.*}} : memref<8x1x4096xf32>, vector<4xf32>
// CHECK-NOT: arith.extf
// CHECK-COUNT-32: arith.addf {{.*}} : f32
// CHECK: arith.extf %{{.+}} : f32 to f64
// CHECK-NEXT: arith.extf %{{.+}} : f32 to f64
// CHECK-NEXT: arith.subf %{{.+}}, %{{.+}} : f64
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: %[[MEAN:.+]] = arith.divf %{{.+}}, %{{.+}} : f64
// CHECK: %[[MEAN32:.+]] = arith.truncf %[[MEAN]] : f64 to f32
// CHECK: %[[D:.+]] = arith.subf %{{.+}}, %[[MEAN32]] : f32
// CHECK: %[[SQ:.+]] = arith.mulf %[[D]], %[[D]] : f32
// CHECK-NEXT: arith.addf %{{.+}}, %[[SQ]] : f32
// CHECK-NOT: arith.extf
// CHECK: arith.extf %{{.+}} : f32 to f64
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.subf {{.*}} : f64
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK-NOT: vector.load
// CHECK: vector.load %arg1[%{{.+}}] {{.*}} : memref<4096xf32>, vector<4xf32>
// CHECK: vector.load %arg2[%{{.+}}] {{.*}} : memref<4096xf32>, vector<4xf32>
// CHECK: vector.store %{{.+}}, %arg3[%[[ROW]], %{{.+}}] {{.*}} : memref<8x4096xf32>, vector<4xf32>
// CHECK: vector.load %arg1[%{{.+}}] {{.*}} : memref<4096xf32>, vector<4xf32>
// CHECK: vector.load %arg2[%{{.+}}] {{.*}} : memref<4096xf32>, vector<4xf32>
// CHECK: vector.store %{{.+}}, %arg3[%[[ROW]], %{{.+}}] {{.*}} : memref<8x4096xf32>, vector<4xf32>
// CHECK-COUNT-6: vector.store %{{.+}}, %arg3
// CHECK-NOT: vector.store
// CHECK: } {arrayrt.min_blocks_per_sm = 8 : i32}
// CHECK-NOT: linalg.
// CHECK-NOT: memref.dealloc
func.func @layer_norm(%x: memref<8x4096xf32>, %gamma: memref<4096xf32>, %beta: memref<4096xf32>, %y: memref<8x4096xf32>) {
  %n = arith.constant 4.096000e+03 : f64
  %zero = arith.constant 0.000000e+00 : f64
  %eps = arith.constant 9.99999974E-6 : f32
  %sum = memref.alloc() {alignment = 64 : i64} : memref<8x1xf64>
  %sq = memref.alloc() {alignment = 64 : i64} : memref<8x1xf64>
  linalg.fill ins(%zero : f64) outs(%sum : memref<8x1xf64>)
  linalg.fill ins(%zero : f64) outs(%sq : memref<8x1xf64>)
  %x3 = memref.expand_shape %x [[0, 1], [2]] output_shape [8, 1, 4096] : memref<8x4096xf32> into memref<8x1x4096xf32>
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x3 : memref<8x1x4096xf32>) outs(%sum : memref<8x1xf64>) {
  ^bb0(%in: f32, %out: f64):
    %0 = arith.extf %in : f32 to f64
    %1 = arith.addf %out, %0 : f64
    linalg.yield %1 : f64
  }
  linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x3, %sum : memref<8x1x4096xf32>, memref<8x1xf64>) outs(%sq : memref<8x1xf64>) {
  ^bb0(%in: f32, %s: f64, %out: f64):
    %0 = arith.divf %s, %n : f64
    %1 = arith.extf %in : f32 to f64
    %2 = arith.subf %1, %0 : f64
    %3 = arith.mulf %2, %2 : f64
    %4 = arith.addf %out, %3 : f64
    linalg.yield %4 : f64
  }
  linalg.generic {indexing_maps = [#map2, #map3, #map3, #map4, #map4, #map2], iterator_types = ["parallel", "parallel"]} ins(%x, %sum, %sq, %gamma, %beta : memref<8x4096xf32>, memref<8x1xf64>, memref<8x1xf64>, memref<4096xf32>, memref<4096xf32>) outs(%y : memref<8x4096xf32>) {
  ^bb0(%in: f32, %s: f64, %v: f64, %g: f32, %bt: f32, %out: f32):
    %0 = arith.divf %v, %n : f64
    %1 = arith.truncf %0 : f64 to f32
    %2 = arith.addf %1, %eps : f32
    %3 = math.sqrt %2 : f32
    %4 = arith.divf %s, %n : f64
    %5 = arith.truncf %4 : f64 to f32
    %6 = arith.subf %in, %5 : f32
    %7 = arith.divf %6, %3 : f32
    %8 = arith.mulf %7, %g : f32
    %9 = arith.addf %8, %bt : f32
    linalg.yield %9 : f32
  }
  memref.dealloc %sum : memref<8x1xf64>
  memref.dealloc %sq : memref<8x1xf64>
  return
}

// -----

// Float64 rows: the sum stays float64 throughout (nothing to demote), and
// 32 columns of float64 per thread take too many registers for a second
// block of 1024 threads: no request.
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @f64_rows
// CHECK: threads({{.*}}) in ({{.*}} = %c1024{{.*}})
// CHECK-NOT: arith.addf {{.*}} : f32
// CHECK-NOT: arith.extf
// CHECK: arith.addf {{.*}} : f64
// CHECK: arith.divf {{.*}} : f64
// CHECK-NOT: arrayrt.min_blocks_per_sm
// CHECK: return
func.func @f64_rows(%x: memref<4x32768xf64>, %y: memref<4x32768xf64>) {
  %zero = arith.constant 0.000000e+00 : f64
  %sum = memref.alloc() {alignment = 64 : i64} : memref<4x1xf64>
  linalg.fill ins(%zero : f64) outs(%sum : memref<4x1xf64>)
  %x3 = memref.expand_shape %x [[0, 1], [2]] output_shape [4, 1, 32768] : memref<4x32768xf64> into memref<4x1x32768xf64>
  linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x3 : memref<4x1x32768xf64>) outs(%sum : memref<4x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %0 = arith.addf %out, %in : f64
    linalg.yield %0 : f64
  }
  linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel"]} ins(%x, %sum : memref<4x32768xf64>, memref<4x1xf64>) outs(%y : memref<4x32768xf64>) {
  ^bb0(%in: f64, %s: f64, %out: f64):
    %0 = arith.divf %in, %s : f64
    linalg.yield %0 : f64
  }
  memref.dealloc %sum : memref<4x1xf64>
  return
}

// -----

// Not fused: a group in which a buffer written in the group is read at
// another row (a transpose). The rows too long for registers after it are
// one streamed kernel (see row-kernels-streaming.mlir).
#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @not_fused
// CHECK-NOT: gpu.launch
// CHECK-COUNT-3: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c1024{{.*}})
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32)
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @not_fused(%x: memref<64x64xf32>, %s: memref<64xf32>, %w: memref<64x64xf32>, %z: memref<64x64xf32>, %big: memref<4x65536xf32>, %bs: memref<4xf32>, %by: memref<4x65536xf32>) {
  linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<64x64xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#map, #row, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %s : memref<64x64xf32>, memref<64xf32>) outs(%w : memref<64x64xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %0 = arith.divf %in, %in2 : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#tr, #map], iterator_types = ["parallel", "parallel"]} ins(%w : memref<64x64xf32>) outs(%z : memref<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "reduction"]} ins(%big : memref<4x65536xf32>) outs(%bs : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#map, #row, #map], iterator_types = ["parallel", "parallel"]} ins(%big, %bs : memref<4x65536xf32>, memref<4xf32>) outs(%by : memref<4x65536xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %0 = arith.divf %in, %in2 : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// Rows over two loops (a rank-3 softmax over the last axis): the row loops
// of every op are collapsed into one (memref.collapse_shape views), and the
// group is one kernel over 32 rows of 64; the row maxima, exponentials and
// sums never reach memory. Rows of 64 are narrow: one block of 128 threads,
// 4 lanes per row (4 groups of 4 columns each), the reductions two
// butterfly steps within the row's lanes.
// CHECK-LABEL: func.func @softmax_rank3
// CHECK-SAME: (%[[X:.+]]: memref<4x8x64xf32>)
// CHECK: %[[XV:.+]] = memref.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : memref<4x8x64xf32> into memref<32x64xf32>
// CHECK: %[[Y:.+]] = memref.alloc() {alignment = 64 : i64} : memref<4x8x64xf32>
// CHECK-NOT: memref.alloc
// CHECK: %[[YV:.+]] = memref.collapse_shape %[[Y]] {{\[}}[0, 1], [2]] : memref<4x8x64xf32> into memref<32x64xf32>
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c1{{.*}}) threads(%[[TX:.+]], %{{.+}}, %{{.+}}) in ({{.*}} = %c128{{.*}})
// CHECK: scf.for %[[STEP:.+]] =
// CHECK-DAG: %[[FIRST:.+]] = arith.muli %[[STEP]], %c32
// CHECK-DAG: %[[IN:.+]] = arith.divui %[[TX]], %c4
// CHECK: %[[ROW:.+]] = arith.addi %[[FIRST]], %[[IN]]
// CHECK: %[[LANE:.+]] = arith.remui %[[TX]], %c4
// CHECK: vector.load %[[XV]][%[[ROW]]
// CHECK-NOT: gpu.shuffle xor {{.*}}, %c16_i32
// CHECK: gpu.shuffle xor %{{.+}}, %c2_i32
// CHECK: gpu.shuffle xor %{{.+}}, %c1_i32
// CHECK-NOT: gpu.barrier
// CHECK: math.exp
// CHECK: vector.store %{{.+}}, %[[YV]]
// CHECK-NOT: linalg.generic
// CHECK: return %[[Y]]
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @softmax_rank3(%x: memref<4x8x64xf32>) -> memref<4x8x64xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %m = memref.alloc() {alignment = 64 : i64} : memref<4x8x1xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<4x8x1xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : memref<4x8x64xf32>) outs(%m : memref<4x8x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %out : f32
    linalg.yield %0 : f32
  }
  %e = memref.alloc() {alignment = 64 : i64} : memref<4x8x64xf32>
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %m : memref<4x8x64xf32>, memref<4x8x1xf32>) outs(%e : memref<4x8x64xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %0 = arith.subf %in, %mx : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  }
  %s = memref.alloc() {alignment = 64 : i64} : memref<4x8x1xf32>
  linalg.fill ins(%zero : f32) outs(%s : memref<4x8x1xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%e : memref<4x8x64xf32>) outs(%s : memref<4x8x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  }
  %y = memref.alloc() {alignment = 64 : i64} : memref<4x8x64xf32>
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%e, %s : memref<4x8x64xf32>, memref<4x8x1xf32>) outs(%y : memref<4x8x64xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %0 = arith.divf %in, %sum : f32
    linalg.yield %0 : f32
  }
  memref.dealloc %m : memref<4x8x1xf32>
  memref.dealloc %e : memref<4x8x64xf32>
  memref.dealloc %s : memref<4x8x1xf32>
  return %y : memref<4x8x64xf32>
}

// -----

// A boolean mask broadcast over the leading axis (read at the collapsed row
// split back by mod): its groups of columns are contiguous, so each is one
// 4-byte load (booleans are bytes in memory; LLVM's vector<4xi1> would be
// bits) compared with 0.
// CHECK-LABEL: func.func @masked_rowsum
// CHECK: gpu.launch
// CHECK-COUNT-4: vector.load %{{.+}} : memref<256x128xf32>, vector<4xf32>
// CHECK: %[[BYTES:.+]] = llvm.load %{{.+}} {alignment = 4 : i64} : !llvm.ptr<1> -> vector<4xi8>
// CHECK: arith.cmpi ne, %[[BYTES]], %{{.+}} : vector<4xi8>
// CHECK-NOT: memref.load %{{.+}} : memref<64x128xi1>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#mask = affine_map<(d0, d1, d2) -> (d1, d2)>
#red = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @masked_rowsum(%x: memref<4x64x128xf32>, %m: memref<64x128xi1>) -> memref<4x64xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %w = memref.alloc() {alignment = 64 : i64} : memref<4x64x128xf32>
  linalg.generic {indexing_maps = [#id3, #mask, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %m : memref<4x64x128xf32>, memref<64x128xi1>) outs(%w : memref<4x64x128xf32>) {
  ^bb0(%in: f32, %keep: i1, %out: f32):
    %0 = arith.select %keep, %in, %zero : f32
    linalg.yield %0 : f32
  }
  %s = memref.alloc() {alignment = 64 : i64} : memref<4x64xf32>
  linalg.fill ins(%zero : f32) outs(%s : memref<4x64xf32>)
  linalg.generic {indexing_maps = [#id3, #red], iterator_types = ["parallel", "parallel", "reduction"]} ins(%w : memref<4x64x128xf32>) outs(%s : memref<4x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  memref.dealloc %w : memref<4x64x128xf32>
  return %s : memref<4x64xf32>
}

// -----

// Quotients rounded to float16 divide by the reciprocal (fastmath arcp:
// one reciprocal of the row's sum, not a division per element); quotients
// kept in float32 multiply by the sum's scaled reciprocal (within 2 ulps),
// taken once.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
// (Both groups share the rows: one kernel.)
// CHECK-LABEL: func.func @rounded_quotients
// CHECK: gpu.launch
// CHECK: %[[R:.+]] = arith.divf %cst{{.*}}, %{{.+}} : f32
// CHECK: arith.divf %{{.+}}, %{{.+}} fastmath<arcp> : f32
// CHECK-NEXT: arith.truncf %{{.+}} : f32 to f16
// CHECK: %[[SCALED:.+]] = arith.mulf %{{.+}}, %{{.+}} : f32
// CHECK-NEXT: arith.mulf %[[SCALED]], %[[R]] : f32
// CHECK-NOT: arith.divf
// CHECK: return
func.func @rounded_quotients(%x: memref<64x256xf32>) -> (memref<64x256xf16>, memref<64x256xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %s = memref.alloc() {alignment = 64 : i64} : memref<64x1xf32>
  linalg.fill ins(%zero : f32) outs(%s : memref<64x1xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<64x256xf32>) outs(%s : memref<64x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  %y = memref.alloc() {alignment = 64 : i64} : memref<64x256xf16>
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %s : memref<64x256xf32>, memref<64x1xf32>) outs(%y : memref<64x256xf16>) {
  ^bb0(%in: f32, %sum: f32, %out: f16):
    %0 = arith.divf %in, %sum : f32
    %1 = arith.truncf %0 : f32 to f16
    linalg.yield %1 : f16
  }
  %s2 = memref.alloc() {alignment = 64 : i64} : memref<64x1xf32>
  linalg.fill ins(%zero : f32) outs(%s2 : memref<64x1xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<64x256xf32>) outs(%s2 : memref<64x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  %z = memref.alloc() {alignment = 64 : i64} : memref<64x256xf32>
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %s2 : memref<64x256xf32>, memref<64x1xf32>) outs(%z : memref<64x256xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %0 = arith.divf %in, %sum : f32
    linalg.yield %0 : f32
  }
  memref.dealloc %s : memref<64x1xf32>
  memref.dealloc %s2 : memref<64x1xf32>
  return %y, %z : memref<64x256xf16>, memref<64x256xf32>
}
