// RUN: array-opt %s -array-gpu-reductions -split-input-file | FileCheck %s

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
