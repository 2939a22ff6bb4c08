// RUN: array-opt %s -array-gpu-reductions=row-cluster-size=16 -split-input-file | FileCheck %s

// A row too long for one block but short enough for one load round of a
// 16-block cluster's threads (16 x 1024 threads, 4 groups each) is reduced
// in one kernel: each block reduces its share, rank 0 combines the blocks'
// totals through distributed shared memory in rank order, then the init.
// With a dynamic size the choice is made at run time: the split kernel and
// its second pass for longer rows (or rows enough to fill the GPU).
#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @dynamic_sum
// CHECK: %[[FITS:.+]] = arith.andi
// CHECK: scf.if %[[FITS]] {
// CHECK: gpu.launch clusters({{.*}}) in ({{.*}} = %c16{{.*}}) blocks({{.*}}) threads({{.*}}) in ({{.*}} = %c1024{{.*}}) workgroup(%{{.+}} : memref<32xf64, #gpu.address_space<workgroup>>, %[[T:.+]] : memref<1xf64, #gpu.address_space<workgroup>>)
// CHECK: memref.store %{{.+}}, %[[T]]
// CHECK: nvvm.cluster.arrive
// CHECK: nvvm.cluster.wait
// CHECK-COUNT-16: nvvm.mapa
// CHECK: memref.load %{{.+}}[] : memref<f64>
// CHECK: memref.store %{{.+}}, %{{.+}}[] : memref<f64>
// CHECK: nvvm.cluster.arrive
// CHECK: } else {
// CHECK: %[[P:.+]] = memref.alloc({{.*}}) : memref<?xf64>
// CHECK: gpu.launch blocks
// CHECK: memref.store %{{.+}}, %[[P]]
// CHECK: gpu.launch blocks
// CHECK: memref.load %[[P]]
// CHECK: memref.dealloc %[[P]]
func.func @dynamic_sum(%x: memref<?xf32>, %acc: memref<f64>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction"]}
      ins(%x : memref<?xf32>) outs(%acc : memref<f64>) {
  ^bb0(%in: f32, %out: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %out, %e : f64
    linalg.yield %s : f64
  }
  return
}

// -----

// Static sizes decide at compile time: 2^16 float32 (vector<4xf32>
// groups) is one cluster kernel, nothing else.
#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @short_sum
// CHECK-NOT: memref.alloc
// CHECK-NOT: scf.if
// CHECK: gpu.launch clusters
// CHECK: vector.load {{.*}} : memref<65536xf32>, vector<4xf32>
// CHECK-NOT: gpu.launch
func.func @short_sum(%x: memref<65536xf32>, %acc: memref<f32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction"]}
      ins(%x : memref<65536xf32>) outs(%acc : memref<f32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Longer rows (2^22 float32: 16 groups per thread) keep the split kernel,
// which reads with the whole GPU, and its second pass.
#in = affine_map<(d0) -> (d0)>
#out = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @long_sum
// CHECK-NOT: clusters
// CHECK: memref.alloc
// CHECK: gpu.launch blocks
// CHECK: gpu.launch blocks
// CHECK-NOT: clusters
func.func @long_sum(%x: memref<4194304xf32>, %acc: memref<f32>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction"]}
      ins(%x : memref<4194304xf32>) outs(%acc : memref<f32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  }
  return
}
