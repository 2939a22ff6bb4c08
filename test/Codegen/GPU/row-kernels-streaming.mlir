// RUN: array-opt %s -array-gpu-row-kernels -split-input-file | FileCheck %s
// RUN: array-opt %s -array-gpu-row-kernels="max-cluster-size=8 cluster-block-size=1024" -split-input-file | FileCheck %s --check-prefix=CLUSTER
// RUN: array-opt %s -array-gpu-row-kernels="max-cluster-size=8" -split-input-file | FileCheck %s --check-prefix=SMALL

// Rows too long for registers (40000 floats: 40 per thread of a 1024-thread
// block, more than max-elements-per-thread = 32) are streamed
// (RowStrategy::Streaming). The inputs come from -array-to-cuda-pipeline
// (bufferized, before array-gpu-row-kernels).

// Softmax: the max and the sum of exponentials shifted by it share one
// online loop carrying the running max (f32) and the rescaled sum (f64);
// after the block reductions, a second loop re-reads the row, recomputes
// the exponentials and stores the quotients. The exponentials' buffer is
// gone.
// CHECK-LABEL: func.func @softmax
// With clusters (sm_90), the row is split over 2 blocks of 640 threads
// holding 20000 columns each in registers: block r of a cluster (blocks
// 2c, 2c + 1) owns part r of row c. Thread 0 initializes two mbarriers per
// reduction before a cluster barrier; then each reduction goes through the
// block, threads 0 and 1 send the block's total to block 0's and block 1's
// slot for this rank (st.async completing bytes of that block's mbarrier),
// and every thread waits on its own mbarrier and reads both slots, no
// cluster barrier per row. Rows alternate barriers and slots by the number
// of rows the block has done (the round); a relaxed cluster barrier ends
// the kernel.
// By default the blocks of a cluster have at most 512 threads, so that two
// fit an SM's registers: the same row over 4 blocks of 320.
// SMALL-LABEL: func.func @softmax
// SMALL: gpu.launch clusters({{.*}}) in ({{.*}} = %c4, {{.*}}) blocks(%[[BX:.+]], %{{.+}}, %{{.+}}) in ({{.*}} = %c16, {{.*}}) threads({{.*}}) in ({{.*}} = %c320,
// SMALL: arith.remui %[[BX]], %c4
// CLUSTER-LABEL: func.func @softmax
// CLUSTER: gpu.launch clusters({{.*}}) in ({{.*}} = %c2, {{.*}}) blocks(%[[BX:.+]], %{{.+}}, %{{.+}}) in ({{.*}} = %c8, {{.*}}) threads({{.*}}) in ({{.*}} = %c640,
// CLUSTER-SAME: %[[BARS:[a-z0-9]+]] : memref<4xi64, #gpu.address_space<workgroup>>, %[[MAX:[a-z0-9]+]] : memref<4xf32, #gpu.address_space<workgroup>>, %[[SUM:[a-z0-9]+]] : memref<4xf64, #gpu.address_space<workgroup>>)
// CLUSTER-COUNT-4: nvvm.mbarrier.init
// CLUSTER: nvvm.fence.mbarrier.init
// CLUSTER: nvvm.cluster.arrive {aligned}
// CLUSTER-NEXT: nvvm.cluster.wait {aligned}
// CLUSTER: %[[RANK:.+]] = arith.remui %[[BX]], %c2
// CLUSTER: %[[FIRST:.+]] = arith.divui %[[BX]], %c2
// CLUSTER: %[[STEP:.+]] = arith.divui %{{.+}}, %c2
// CLUSTER: scf.for %[[ROW:.+]] = %[[FIRST]] to %c4 step %[[STEP]] {
// CLUSTER: %[[DONE:.+]] = arith.subi %[[ROW]], %[[FIRST]]
// CLUSTER: %[[ROUND:.+]] = arith.divui %[[DONE]], %[[STEP]]
// CLUSTER: arith.muli %[[RANK]], %c5000
// CLUSTER: arith.maximumf
// CLUSTER: gpu.barrier
// CLUSTER: arith.andi %[[ROUND]], %c1
// CLUSTER: nvvm.mbarrier.arrive.expect_tx %{{.+}}, %c8_i32
// CLUSTER: nvvm.mapa
// CLUSTER: nvvm.mapa
// CLUSTER: llvm.inline_asm has_side_effects "st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [$0], $1, [$2];", "l,r,l"
// CLUSTER: nvvm.mbarrier.try_wait.parity
// CLUSTER: memref.load %[[MAX]]
// CLUSTER: memref.load %[[MAX]]
// CLUSTER: math.exp
// CLUSTER: nvvm.mbarrier.arrive.expect_tx %{{.+}}, %c16_i32
// CLUSTER: llvm.inline_asm has_side_effects "st.async.shared::cluster.mbarrier::complete_tx::bytes.b64 [$0], $1, [$2];", "l,l,l"
// CLUSTER: nvvm.mbarrier.try_wait.parity
// CLUSTER: memref.load %[[SUM]]
// CLUSTER: memref.load %[[SUM]]
// CLUSTER: arith.divf
// CLUSTER: vector.store
// CLUSTER-NOT: scf.for {{.*}} iter_args
// CLUSTER: nvvm.cluster.arrive.relaxed {aligned}
// CLUSTER-NEXT: nvvm.cluster.wait {aligned}
// CLUSTER: return
// CHECK-NOT: memref.alloc() {{.*}} : memref<4x40000xf32>
// CHECK: %[[Y:.+]] = memref.alloc() {alignment = 64 : i64} : memref<4x40000xf32>
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c1024{{.*}})
// CHECK: scf.for %[[ROW:.+]] =
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32, f64)
// CHECK: vector.load %{{.+}}[%[[ROW]], %{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<4x1x40000xf32>, vector<4xf32>
// CHECK: arith.maximumf
// CHECK: math.exp
// CHECK: arith.mulf {{.*}} : f64
// CHECK: scf.yield {{.*}} : f32, f64
// CHECK: gpu.barrier
// CHECK: math.exp
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: vector.load %arg0[%[[ROW]], %{{.+}}] {alignment = 16 : i64} : memref<4x40000xf32>, vector<4xf32>
// CHECK: math.exp
// CHECK-NOT: arith.divf
// CHECK: %[[SCALED:.+]] = arith.mulf %{{.+}}, %[[SCALE:.+]] : f32
// CHECK-NEXT: arith.mulf %[[SCALED]], %[[R:.+]] : f32
// CHECK: vector.store %{{.+}}, %[[Y]][%[[ROW]], %{{.+}}] {alignment = 16 : i64} : memref<4x40000xf32>, vector<4xf32>
// CHECK-NOT: linalg.
// CHECK: return %[[Y]]

func.func @softmax(%arg0: memref<4x40000xf32>) -> memref<4x40000xf32> {
  %cst = arith.constant 0.000000e+00 : f64
  %cst_0 = arith.constant 0xFF800000 : f32
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  %expand_shape = memref.expand_shape %alloc [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
  linalg.fill ins(%cst_0 : f32) outs(%expand_shape : memref<4x1xf32>)
  %expand_shape_1 = memref.expand_shape %arg0 [[0, 1], [2]] output_shape [4, 1, 40000] : memref<4x40000xf32> into memref<4x1x40000xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expand_shape_1 : memref<4x1x40000xf32>) outs(%expand_shape : memref<4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x40000xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0, %expand_shape : memref<4x40000xf32>, memref<4x1xf32>) outs(%alloc_2 : memref<4x40000xf32>) {
  ^bb0(%in: f32, %in_6: f32, %out: f32):
    %0 = arith.subf %in, %in_6 : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  }
  %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4xf64>
  %expand_shape_4 = memref.expand_shape %alloc_3 [[0, 1]] output_shape [4, 1] : memref<4xf64> into memref<4x1xf64>
  linalg.fill ins(%cst : f64) outs(%expand_shape_4 : memref<4x1xf64>)
  %expand_shape_5 = memref.expand_shape %alloc_2 [[0, 1], [2]] output_shape [4, 1, 40000] : memref<4x40000xf32> into memref<4x1x40000xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expand_shape_5 : memref<4x1x40000xf32>) outs(%expand_shape_4 : memref<4x1xf64>) {
  ^bb0(%in: f32, %out: f64):
    %0 = arith.extf %in : f32 to f64
    %1 = arith.addf %out, %0 : f64
    linalg.yield %1 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc_2, %expand_shape_4 : memref<4x40000xf32>, memref<4x1xf64>) outs(%alloc_2 : memref<4x40000xf32>) {
  ^bb0(%in: f32, %in_6: f64, %out: f32):
    %0 = arith.truncf %in_6 : f64 to f32
    %1 = arith.divf %in, %0 : f32
    linalg.yield %1 : f32
  }
  memref.dealloc %alloc : memref<4xf32>
  memref.dealloc %alloc_3 : memref<4xf64>
  return %alloc_2 : memref<4x40000xf32>
}

// -----

// Layer norm: the sum of squared deviations needs the mean, so two passes
// (each carrying one f64 sum) and the storing loop.
// CHECK-LABEL: func.func @layernorm
// CHECK: gpu.launch
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f64)
// CHECK: vector.load
// CHECK: scf.yield {{.*}} : f64
// CHECK: gpu.barrier
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f64)
// CHECK: vector.load
// CHECK: arith.subf
// CHECK: scf.yield {{.*}} : f64
// CHECK: gpu.barrier
// CHECK: math.rsqrt
// CHECK: scf.for
// CHECK: vector.store
// CHECK-NOT: linalg.

func.func @layernorm(%arg0: memref<4x40000xf32>) -> memref<4x40000xf32> {
  %cst = arith.constant 4.000000e+04 : f64
  %cst_0 = arith.constant 0.000000e+00 : f64
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf64>
  %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf64>
  linalg.fill ins(%cst_0 : f64) outs(%alloc_1 : memref<4x1xf64>)
  %expand_shape = memref.expand_shape %arg0 [[0, 1], [2]] output_shape [4, 1, 40000] : memref<4x40000xf32> into memref<4x1x40000xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expand_shape : memref<4x1x40000xf32>) outs(%alloc_1 : memref<4x1xf64>) {
  ^bb0(%in: f32, %out: f64):
    %0 = arith.extf %in : f32 to f64
    %1 = arith.addf %out, %0 : f64
    linalg.yield %1 : f64
  }
  linalg.fill ins(%cst_0 : f64) outs(%alloc : memref<4xf64>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0, %alloc_1 : memref<4x40000xf32>, memref<4x1xf64>) outs(%alloc : memref<4xf64>) {
  ^bb0(%in: f32, %in_4: f64, %out: f64):
    %0 = arith.divf %in_4, %cst : f64
    %1 = arith.truncf %0 : f64 to f32
    %2 = arith.subf %in, %1 : f32
    %3 = arith.mulf %2, %2 : f32
    %4 = arith.extf %3 : f32 to f64
    %5 = arith.addf %out, %4 : f64
    linalg.yield %5 : f64
  }
  %expand_shape_2 = memref.expand_shape %alloc [[0, 1]] output_shape [4, 1] : memref<4xf64> into memref<4x1xf64>
  %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x40000xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0, %alloc_1, %expand_shape_2 : memref<4x40000xf32>, memref<4x1xf64>, memref<4x1xf64>) outs(%alloc_3 : memref<4x40000xf32>) {
  ^bb0(%in: f32, %in_4: f64, %in_5: f64, %out: f32):
    %0 = arith.divf %in_5, %cst : f64
    %1 = arith.truncf %0 : f64 to f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.divf %in_4, %cst : f64
    %4 = arith.truncf %3 : f64 to f32
    %5 = arith.subf %in, %4 : f32
    %6 = arith.mulf %5, %2 : f32
    linalg.yield %6 : f32
  }
  memref.dealloc %alloc : memref<4xf64>
  memref.dealloc %alloc_1 : memref<4x1xf64>
  return %alloc_3 : memref<4x40000xf32>
}

// -----

// logsumexp over rows of odd length: no vector accesses (16 columns of one
// element per thread and step), the exponentials shifted by "the max if
// finite, else 0" (an op over one value per row) still in one online loop;
// only the per-row result is stored, by thread 0.
// CHECK-LABEL: func.func @lse
// CHECK: gpu.launch
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f64, f64)
// CHECK-NOT: vector.load
// CHECK: math.isfinite
// CHECK: math.exp
// CHECK: scf.yield {{.*}} : f64, f64
// CHECK-NOT: scf.for
// CHECK: math.log
// CHECK: scf.if
// CHECK: memref.store
// CHECK-NOT: linalg.

func.func @lse(%arg0: memref<4x70001xf32>) -> memref<4xf32> {
  %cst = arith.constant 0.000000e+00 : f64
  %cst_0 = arith.constant 0xFFF0000000000000 : f64
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf64>
  linalg.fill ins(%cst_0 : f64) outs(%alloc : memref<4xf64>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<4x70001xf32>) outs(%alloc : memref<4xf64>) {
  ^bb0(%in: f32, %out: f64):
    %0 = arith.extf %in : f32 to f64
    %1 = arith.maximumf %out, %0 : f64
    linalg.yield %1 : f64
  }
  %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4xf64>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%alloc : memref<4xf64>) outs(%alloc_1 : memref<4xf64>) {
  ^bb0(%in: f64, %out: f64):
    %0 = math.isfinite %in : f64
    %1 = arith.select %0, %in, %cst : f64
    linalg.yield %1 : f64
  }
  linalg.fill ins(%cst : f64) outs(%alloc : memref<4xf64>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0, %alloc_1 : memref<4x70001xf32>, memref<4xf64>) outs(%alloc : memref<4xf64>) {
  ^bb0(%in: f32, %in_3: f64, %out: f64):
    %0 = arith.extf %in : f32 to f64
    %1 = arith.subf %0, %in_3 : f64
    %2 = math.exp %1 : f64
    %3 = arith.addf %out, %2 : f64
    linalg.yield %3 : f64
  }
  %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%alloc, %alloc_1 : memref<4xf64>, memref<4xf64>) outs(%alloc_2 : memref<4xf32>) {
  ^bb0(%in: f64, %in_3: f64, %out: f32):
    %0 = math.log %in : f64
    %1 = arith.addf %0, %in_3 : f64
    %2 = arith.truncf %1 : f64 to f32
    linalg.yield %2 : f32
  }
  memref.dealloc %alloc : memref<4xf64>
  memref.dealloc %alloc_1 : memref<4xf64>
  return %alloc_2 : memref<4xf32>
}

// -----

// A float16 row total travels between a cluster's blocks widened to 32
// bits (st.async moves .b32 and .b64): its bits zero-extended, truncated
// back after the wait.
// CLUSTER-LABEL: func.func @half_max
// CLUSTER: workgroup({{.*}}memref<32xf16, #gpu.address_space<workgroup>>, %{{.+}} : memref<2xi64, #gpu.address_space<workgroup>>, %[[SLOTS:[a-z0-9]+]] : memref<8xi32, #gpu.address_space<workgroup>>)
// CLUSTER: arith.bitcast %{{.+}} : f16 to i16
// CLUSTER-NEXT: arith.extui %{{.+}} : i16 to i32
// CLUSTER: llvm.inline_asm has_side_effects "st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [$0], $1, [$2];", "l,r,l"
// CLUSTER: nvvm.mbarrier.try_wait.parity
// CLUSTER: memref.load %[[SLOTS]]
// CLUSTER-NEXT: arith.trunci %{{.+}} : i32 to i16
// CLUSTER-NEXT: arith.bitcast %{{.+}} : i16 to f16
// CLUSTER: arith.subf {{.*}} : f16
func.func @half_max(%x: memref<2x40000xf16>) -> memref<2x40000xf16> {
  %ninf = arith.constant 0xFC00 : f16
  %m = memref.alloc() : memref<2xf16>
  linalg.fill ins(%ninf : f16) outs(%m : memref<2xf16>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<2x40000xf16>) outs(%m : memref<2xf16>) {
  ^bb0(%a: f16, %acc: f16):
    %r = arith.maximumf %a, %acc : f16
    linalg.yield %r : f16
  }
  %y = memref.alloc() : memref<2x40000xf16>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x, %m : memref<2x40000xf16>, memref<2xf16>) outs(%y : memref<2x40000xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %d = arith.subf %a, %b : f16
    linalg.yield %d : f16
  }
  memref.dealloc %m : memref<2xf16>
  return %y : memref<2x40000xf16>
}
