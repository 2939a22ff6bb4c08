// RUN: array-opt %s -convert-array-to-linalg -array-fuse-elementwise -split-input-file | FileCheck %s
// RUN: array-opt %s -convert-array-to-linalg -array-fuse-elementwise="max-recompute-ops=1" -split-input-file | FileCheck %s --check-prefix=CHEAP
// RUN: array-opt %s -convert-array-to-linalg -array-fuse-elementwise="max-fused-ops=4" -split-input-file | FileCheck %s --check-prefix=BOUND

// A chain of elementwise and broadcast ops becomes one generic.
// CHECK-LABEL: func.func @chain
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: math.exp
// CHECK: arith.mulf
// CHECK: arith.addf
// With at most 4 ops in a body (yields counted), exp and mul fuse (2 + 2)
// and the add (3 + 2) stays apart.
// BOUND-LABEL: func.func @chain
// BOUND: linalg.generic
// BOUND: math.exp
// BOUND: arith.mulf
// BOUND-NOT: arith.addf
// BOUND: linalg.generic
// BOUND: arith.addf
// BOUND-NEXT: linalg.yield
// BOUND-NEXT: } -> tensor<8x16xf32>
// BOUND-NEXT: return
func.func @chain(%x: tensor<8x16xf32>, %a: tensor<16xf32>, %b: tensor<f32>) -> tensor<8x16xf32> {
  %e = array.exp %x : tensor<8x16xf32>
  %m = array.mul %e, %a : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %y = array.add %m, %b : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

// -----

// An elementwise producer goes into the reduction that reads it: sum(x*y)
// reads x and y once.
// CHECK-LABEL: func.func @sum_of_product
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]{{.*}} ins(%{{.+}}, %{{.+}} : tensor<64xf32>, tensor<64xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @sum_of_product(%x: tensor<64xf32>, %y: tensor<64xf32>) -> tensor<f32> {
  %p = array.mul %x, %y : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %s = array.sum %p : tensor<64xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// A short value two elementwise ops read is recomputed in both; it is not
// materialized. With max-recompute-ops=1 (x * 0.5 + 1 costs 2), it stays.
// CHECK-LABEL: func.func @shared
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: return
// CHEAP-LABEL: func.func @shared
// CHEAP-COUNT-3: linalg.generic
// CHEAP: return
func.func @shared(%x: tensor<32xf32>, %e: tensor<32xf32>, %t: tensor<32xf32>) -> (tensor<32xf32>, tensor<32xf32>) {
  %half = array.full 0.5 : tensor<f32>
  %one = array.full 1.0 : tensor<f32>
  %h0 = array.mul %x, %half : (tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
  %h = array.add %h0, %one : (tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
  %a = array.mul %h, %e : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
  %b = array.sub %h, %t : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
  return %a, %b : tensor<32xf32>, tensor<32xf32>
}

// -----

// A value that a reduction (or a return) also reads is computed once and
// kept: its elementwise user reads it from memory.
// CHECK-LABEL: func.func @shared_with_reduction
// CHECK: %[[E:.+]] = linalg.generic {{.*}}iterator_types = ["parallel"]
// CHECK: math.exp
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]{{.*}} ins(%[[E]]
// CHECK: linalg.generic {{.*}} ins(%[[E]], %{{.+}} : tensor<32xf32>, tensor<f32>)
func.func @shared_with_reduction(%x: tensor<32xf32>) -> (tensor<f32>, tensor<32xf32>) {
  %e = array.exp %x : tensor<32xf32>
  %s = array.sum %e : tensor<32xf32> -> tensor<f32>
  %d = array.div %e, %s : (tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
  return %s, %d : tensor<f32>, tensor<32xf32>
}

// -----

// A splat constant of unsigned integers is folded into the body as a
// signless constant cast to the element type (arith.constant takes
// signless integers only; upstream's folding built `arith.constant 5 :
// ui64`, which does not verify), and the conversion then folds too.
// CHECK-LABEL: func.func @unsigned_splat
// CHECK: %[[C:.+]] = arith.constant 5.000000e+00 : f64
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.+}} : tensor<3xf32>)
// CHECK: arith.addf %{{.+}}, %[[C]] : f64
func.func @unsigned_splat(%x: tensor<3xf32>) -> tensor<3xf64> {
  %c = array.constant dense<5> : tensor<3xui64>
  %y = array.add %x, %c : (tensor<3xf32>, tensor<3xui64>) -> tensor<3xf64>
  return %y : tensor<3xf64>
}

// -----

// The reduction of a 0-d array accumulates into its output; it is not
// fused into the op that broadcasts its result (the accumulation would run
// once per element there).
// CHECK-LABEL: func.func @reduce_0d_broadcast
// CHECK: %[[P:.+]] = linalg.generic {{.*}}iterator_types = []
// CHECK: arith.mulf
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel"]{{.*}} ins(%[[P]], %{{.+}} : tensor<f64>, tensor<5xf32>)
func.func @reduce_0d_broadcast(%a: tensor<f32>, %z: tensor<5xf32>) -> tensor<5xf32> {
  %p = array.prod %a : tensor<f32> -> tensor<f32>
  %r = array.add %p, %z : (tensor<f32>, tensor<5xf32>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}

// -----

// Once the fill is folded in, `out | (x != 0)` is `true` and the body no
// longer reads its output; the reduction keeps its initial value (false),
// which is its result where the reduced extent is 0 (upstream's
// RemoveOutsDependency replaced it by tensor.empty). An elementwise op's
// unread init is still replaced.
// CHECK-LABEL: func.func @reduction_keeps_init
// CHECK: %[[F:.+]] = linalg.fill ins(%false : i1)
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]
// CHECK-SAME: outs(%[[F]] : tensor<?xi1>)
// CHECK-NEXT: ^bb0(%{{.+}}: i32, %{{.+}}: i1):
// CHECK-NEXT: linalg.yield %true
func.func @reduction_keeps_init(%n: index) -> tensor<?xi1> {
  %c7 = arith.constant 7 : index
  %f = array.full(%n, %c7) -3 : tensor<?x?xi32>
  %any = array.any %f axes [0] : tensor<?x?xi32> -> tensor<?xi1>
  return %any : tensor<?xi1>
}

// CHECK-LABEL: func.func @parallel_drops_init
// CHECK: %[[E:.+]] = tensor.empty() : tensor<4xf32>
// CHECK: linalg.generic {{.*}} outs(%[[E]] : tensor<4xf32>)
// CHECK-NOT: linalg.fill
func.func @parallel_drops_init(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%c : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.negf %in : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A user's kernel is a fusion barrier: the ops before it are one generic
// that it reads, the ops after it one generic that reads its output.
// CHECK-LABEL: func.func @kernel_barrier
// CHECK: %[[BEFORE:.+]] = linalg.generic
// CHECK: arith.addf
// CHECK: arith.mulf
// CHECK: %[[K:.+]] = array.cuda_kernel "k"(%[[BEFORE]], %{{.+}}) outputs [1]
// CHECK: linalg.generic {{.*}} ins(%[[K]], %{{.+}} :
// CHECK: arith.subf
// CHECK: arith.divf
// CHECK-NOT: linalg.generic
func.func @kernel_barrier(%x: tensor<64xf32>, %o: tensor<64xf32>) -> tensor<64xf32> {
  %a = array.add %x, %x : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %b = array.mul %a, %x : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %k = array.cuda_kernel "k" (%b, %o) outputs [1] block [64] grid [1] {source = ""}
         : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %c = array.sub %k, %x : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %d = array.div %c, %x : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  return %d : tensor<64xf32>
}
