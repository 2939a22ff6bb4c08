// RUN: array-opt %s -split-input-file -array-cpu-reduction-loops | FileCheck %s

// Row sums: the rows in an scf.parallel, the partial sum in iter_args,
// its addition reassociable.
// CHECK-LABEL: func.func @row_sum
// CHECK-SAME: (%[[IN:.*]]: memref<8x16xf32>, %[[OUT:.*]]: memref<8xf32>)
// CHECK-NOT: linalg.generic
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK:   %[[INIT:.*]] = memref.load %[[OUT]][%[[I]]]
// CHECK:   %[[SUM:.*]] = scf.for %[[J:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32)
// CHECK:     %[[X:.*]] = memref.load %[[IN]][%[[I]], %[[J]]]
// CHECK:     %[[NEXT:.*]] = arith.addf %[[X]], %[[ACC]] fastmath<reassoc> : f32
// CHECK:     scf.yield %[[NEXT]]
// CHECK:   memref.store %[[SUM]], %[[OUT]][%[[I]]]
func.func @row_sum(%in: memref<8x16xf32>, %out: memref<8xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> (d0)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<8x16xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A whole-array reduction: no parallel loop, a loop nest carrying the
// maximum (NaN-propagating maximumf keeps its semantics, reassociated).
// CHECK-LABEL: func.func @whole_max
// CHECK-NOT: scf.parallel
// CHECK: %[[INIT:.*]] = memref.load %{{.*}}[] : memref<f32>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[INIT]]) -> (f32)
// CHECK:   %[[R2:.*]] = scf.for {{.*}} iter_args(%[[B:.*]] = %[[A]]) -> (f32)
// CHECK:     arith.maximumf %[[B]], %{{.*}} fastmath<reassoc>
// CHECK: memref.store %[[R]], %{{.*}}[] : memref<f32>
func.func @whole_max(%in: memref<4x5xf32>, %out: memref<f32>) {
  linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> ()>],
      iterator_types = ["reduction", "reduction"]}
      ins(%in : memref<4x5xf32>) outs(%out : memref<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.maximumf %acc, %x : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// Two results (a value and its index) carried together; linalg.index
// becomes the loop's index; an op that does not combine with a partial
// result keeps its flags.
// CHECK-LABEL: func.func @argmax
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK:   scf.for %[[J:.*]] = {{.*}} iter_args(%[[V:.*]] = %{{.*}}, %[[K:.*]] = %{{.*}}) -> (f32, index)
// CHECK:     %[[X:.*]] = memref.load %{{.*}}[%[[I]], %[[J]]]
// CHECK:     %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[V]]
// CHECK:     %[[NV:.*]] = arith.select %[[GT]], %[[X]], %[[V]]
// CHECK:     %[[NK:.*]] = arith.select %[[GT]], %[[J]], %[[K]]
// CHECK:     scf.yield %[[NV]], %[[NK]] : f32, index
func.func @argmax(%in: memref<3x7xf32>, %val: memref<3xf32>,
                  %idx: memref<3xindex>) {
  linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> (d0)>,
                       affine_map<(d0, d1) -> (d0)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<3x7xf32>) outs(%val, %idx : memref<3xf32>, memref<3xindex>) {
  ^bb0(%x: f32, %v: f32, %k: index):
    %j = linalg.index 1 : index
    %gt = arith.cmpf ogt, %x, %v : f32
    %nv = arith.select %gt, %x, %v : f32
    %nk = arith.select %gt, %j, %k : index
    linalg.yield %nv, %nk : f32, index
  }
  return
}

// -----

// Column sums (the reduction dimension first) and elementwise ops are
// left to convert-linalg-to-loops, as are ops on tensors.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-3: linalg.generic
// CHECK-NOT: scf.
func.func @left_alone(%in: memref<8x16xf32>, %cols: memref<16xf32>,
                      %copy: memref<8x16xf32>, %t: tensor<4xf32>,
                      %t0: tensor<f32>) -> tensor<f32> {
  linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> (d1)>],
      iterator_types = ["reduction", "parallel"]}
      ins(%in : memref<8x16xf32>) outs(%cols : memref<16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%in : memref<8x16xf32>) outs(%copy : memref<8x16xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  %r = linalg.generic {
      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
      iterator_types = ["reduction"]}
      ins(%t : tensor<4xf32>) outs(%t0 : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// Dynamic sizes: the bounds from the buffers' dimensions.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[IN:.*]]: memref<?x?xf64>,
// CHECK-DAG: %[[R:.*]] = memref.dim %[[IN]], %c0 :
// CHECK-DAG: %[[C:.*]] = memref.dim %[[IN]], %c1 :
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[R]])
// CHECK:   scf.for %{{.*}} = %{{.*}} to %[[C]]
func.func @dynamic(%in: memref<?x?xf64>, %out: memref<?xf64>) {
  linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> (d0)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<?x?xf64>) outs(%out : memref<?xf64>) {
  ^bb0(%x: f64, %acc: f64):
    %s = arith.mulf %acc, %x : f64
    linalg.yield %s : f64
  }
  return
}

// -----

// A long whole-array reduction: at most 32 parts of its first loop (of
// 1024 iterations or more each), each from the addition's neutral element
// (0.0) in an scf.parallel, their results in a stack buffer, combined in
// order with the output's value.
// CHECK-LABEL: func.func @whole_sum
// CHECK-SAME: (%[[IN:.*]]: memref<?x8xf32>, %[[OUT:.*]]: memref<f32>)
// CHECK: %[[PARTIALS:.*]] = memref.alloca() : memref<32xf32>
// CHECK: %[[N:.*]] = memref.dim %[[IN]], %c0
// CHECK: %[[TRIPS:.*]] = arith.ceildivui
// CHECK: %[[PARTS:.*]] = arith.minui %{{.*}}, %{{.*}} : index
// CHECK: %[[NEUTRAL:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: scf.parallel (%[[P:.*]]) = (%{{.*}}) to (%[[PARTS]])
// CHECK:   %[[FIRST:.*]] = arith.addi
// CHECK:   %[[END:.*]] = arith.addi %[[FIRST]],
// CHECK:   %[[LAST:.*]] = arith.minsi %[[END]], %[[N]]
// CHECK:   %[[R:.*]] = scf.for %{{.*}} = %[[FIRST]] to %[[LAST]] {{.*}} iter_args(%{{.*}} = %[[NEUTRAL]])
// CHECK:     scf.for {{.*}} -> (f32)
// CHECK:       arith.addf {{.*}} fastmath<reassoc>
// CHECK:   memref.store %[[R]], %[[PARTIALS]][%[[P]]]
// CHECK: %[[INIT:.*]] = memref.load %[[OUT]][]
// CHECK: %[[TOTAL:.*]] = scf.for %[[Q:.*]] = %{{.*}} to %[[PARTS]] {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]])
// CHECK:   %[[PART:.*]] = memref.load %[[PARTIALS]][%[[Q]]]
// CHECK:   arith.addf %[[ACC]], %[[PART]]
// CHECK: memref.store %[[TOTAL]], %[[OUT]][]
func.func @whole_sum(%in: memref<?x8xf32>, %out: memref<f32>) {
  linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                       affine_map<(d0, d1) -> ()>],
      iterator_types = ["reduction", "reduction"]}
      ins(%in : memref<?x8xf32>) outs(%out : memref<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A matrix product: reordered (i, k, j) so that the innermost loop runs
// along rows of B and C; left to the loop lowering.
// CHECK-LABEL: func.func @matmul
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction", "parallel"]
// CHECK-NOT: scf.
func.func @matmul(%a: memref<4x8xi32>, %b: memref<8x16xi32>,
                  %c: memref<4x16xi32>) {
  linalg.matmul ins(%a, %b : memref<4x8xi32>, memref<8x16xi32>)
                outs(%c : memref<4x16xi32>)
  return
}

// -----

// A matrix-vector product (rows of A against x) keeps its order: the
// reduction runs along A's rows, in registers.
// CHECK-LABEL: func.func @matvec
// CHECK: scf.parallel
// CHECK: scf.for {{.*}} iter_args
func.func @matvec(%a: memref<4x8xf32>, %x: memref<8xf32>, %y: memref<4xf32>) {
  linalg.matvec ins(%a, %x : memref<4x8xf32>, memref<8xf32>)
                outs(%y : memref<4xf32>)
  return
}
