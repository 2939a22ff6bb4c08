// RUN: array-opt %s -array-split-shared-fills -array-gpu-unit-rows -canonicalize -split-input-file | FileCheck %s

// A softmax of a vector: the max, the exponentials, their sum and the
// quotients (each reduction with a fill of its own, from
// array-split-shared-fills) get a leading loop of size 1 (tensors viewed as
// 1xN and 1); the result is viewed back.
#id = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @softmax
// CHECK: tensor.expand_shape %{{.+}} : tensor<30000xf32> into tensor<1x30000xf32>
// CHECK: iterator_types = ["parallel", "reduction"]} ins(%{{.+}} : tensor<1x30000xf32>) outs(%{{.+}} : tensor<1xf32>)
// CHECK: iterator_types = ["parallel", "parallel"]} ins(%{{.+}} : tensor<1x30000xf32>, tensor<1xf32>) outs(%{{.+}} : tensor<1x30000xf32>)
// CHECK: iterator_types = ["parallel", "reduction"]} ins(%{{.+}} : tensor<1x30000xf32>) outs(%{{.+}} : tensor<1xf32>)
// CHECK: iterator_types = ["parallel", "parallel"]} ins(%{{.+}} : tensor<1x30000xf32>, tensor<1xf32>) outs(%{{.+}} : tensor<1x30000xf32>)
// CHECK: %[[R:.+]] = tensor.collapse_shape %{{.+}} : tensor<1x30000xf32> into tensor<30000xf32>
// CHECK: return %[[R]]
func.func @softmax(%x: tensor<30000xf32>) -> tensor<30000xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %minit = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %m = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction"]}
      ins(%x : tensor<30000xf32>) outs(%minit : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %e1 = tensor.empty() : tensor<30000xf32>
  %e = linalg.generic {indexing_maps = [#id, #all, #id], iterator_types = ["parallel"]}
      ins(%x, %m : tensor<30000xf32>, tensor<f32>) outs(%e1 : tensor<30000xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<30000xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction"]}
      ins(%e : tensor<30000xf32>) outs(%sinit : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %p = linalg.generic {indexing_maps = [#id, #all, #id], iterator_types = ["parallel"]}
      ins(%e, %s : tensor<30000xf32>, tensor<f32>) outs(%e1 : tensor<30000xf32>) {
  ^bb0(%in: f32, %t: f32, %out: f32):
    %r = arith.divf %in, %t : f32
    linalg.yield %r : f32
  } -> tensor<30000xf32>
  return %p : tensor<30000xf32>
}

// -----

// A lone full reduction (x.sum()) and one whose result no op over the same
// elements reads stay as they are.
#id = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @lone_sum
// CHECK-NOT: tensor.expand_shape
// CHECK: iterator_types = ["reduction"]
// CHECK-NOT: tensor.expand_shape
// CHECK: return
func.func @lone_sum(%x: tensor<1000xf32>, %init: tensor<f32>) -> tensor<f32> {
  %s = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction"]}
      ins(%x : tensor<1000xf32>) outs(%init : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  return %s : tensor<f32>
}
