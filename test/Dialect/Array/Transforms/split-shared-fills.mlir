// RUN: array-opt %s -array-split-shared-fills -split-input-file | FileCheck %s

// Two reductions start from one fill (CSE merged them): the second gets a
// fill of its own, right before it.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @mean_and_var
// CHECK: %[[E0:.+]] = tensor.empty() : tensor<8x1xf64>
// CHECK: %[[F0:.+]] = linalg.fill ins(%{{.+}} : f64) outs(%[[E0]] : tensor<8x1xf64>)
// CHECK: linalg.generic {{.*}} outs(%[[F0]] : tensor<8x1xf64>)
// CHECK: %[[E1:.+]] = tensor.empty() : tensor<8x1xf64>
// CHECK: %[[F1:.+]] = linalg.fill ins(%{{.+}} : f64) outs(%[[E1]] : tensor<8x1xf64>)
// CHECK: linalg.generic {{.*}} outs(%[[F1]] : tensor<8x1xf64>)
func.func @mean_and_var(%x: tensor<8x64xf64>) -> (tensor<8x1xf64>, tensor<8x1xf64>) {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<8x1xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<8x1xf64>) -> tensor<8x1xf64>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x64xf64>) outs(%f : tensor<8x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %0 = arith.addf %in, %out : f64
    linalg.yield %0 : f64
  } -> tensor<8x1xf64>
  %q = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x64xf64>) outs(%f : tensor<8x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %0 = arith.mulf %in, %in : f64
    %1 = arith.addf %0, %out : f64
    linalg.yield %1 : f64
  } -> tensor<8x1xf64>
  return %s, %q : tensor<8x1xf64>, tensor<8x1xf64>
}

// -----

// A fill read as an input, or taken by one op, stays as it is.
// CHECK-LABEL: func.func @single
// CHECK-COUNT-1: linalg.fill
// CHECK-NOT: linalg.fill
func.func @single(%x: tensor<8xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %a = linalg.add ins(%x, %f : tensor<8xf32>, tensor<8xf32>) outs(%f : tensor<8xf32>) -> tensor<8xf32>
  return %a : tensor<8xf32>
}

// -----

// A reduction in a loop body that starts from a fill outside the loop (CSE
// merged the body's fill with one before the loop) gets its fill back, in
// the body: bufferized, it starts from the constant instead of copying the
// outer fill's buffer every iteration. The outer reduction keeps the
// original.
#v = affine_map<(d0) -> (d0)>
#s = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @loop_sum
// CHECK: %[[F0:.+]] = linalg.fill
// CHECK: linalg.generic {{.*}} outs(%[[F0]] : tensor<f32>)
// CHECK: scf.for
// CHECK: %[[E1:.+]] = tensor.empty() : tensor<f32>
// CHECK-NEXT: %[[F1:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[E1]] : tensor<f32>)
// CHECK-NEXT: linalg.generic {{.*}} outs(%[[F1]] : tensor<f32>)
func.func @loop_sum(%x: tensor<64xf32>, %n: index) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s0 = linalg.generic {indexing_maps = [#v, #s], iterator_types = ["reduction"]}
      ins(%x : tensor<64xf32>) outs(%f : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<f32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %s0) -> tensor<f32> {
    %s = linalg.generic {indexing_maps = [#v, #s], iterator_types = ["reduction"]}
        ins(%x : tensor<64xf32>) outs(%f : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.mulf %in, %in : f32
      %1 = arith.addf %0, %out : f32
      linalg.yield %1 : f32
    } -> tensor<f32>
    scf.yield %s : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// A loop body's op whose result the loop carries, written into an empty
// tensor made before the loop (CSE and hoisting put the one empty there):
// it gets an empty of its own in the body, so that bufferization writes a
// new buffer each iteration and the loop carries it without a copy. The
// op whose result the loop does not carry keeps the outer empty.
// CHECK-LABEL: func.func @carried_sum
// CHECK: %[[OUTER:.+]] = tensor.empty() : tensor<f32>
// CHECK: scf.for
// CHECK: linalg.generic {{.*}} outs(%[[OUTER]] : tensor<f32>)
// CHECK: %[[OWN:.+]] = tensor.empty() : tensor<f32>
// CHECK: %[[NEW:.+]] = linalg.generic {{.*}} outs(%[[OWN]] : tensor<f32>)
// CHECK: scf.yield %[[NEW]]
func.func @carried_sum(%x: tensor<f32>, %n: index) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<f32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %x) -> (tensor<f32>) {
    %tmp = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
        ins(%t : tensor<f32>) outs(%e : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %d = arith.addf %in, %in : f32
      linalg.yield %d : f32
    } -> tensor<f32>
    %next = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
        ins(%t, %tmp : tensor<f32>, tensor<f32>) outs(%e : tensor<f32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %d = arith.divf %b, %a : f32
      linalg.yield %d : f32
    } -> tensor<f32>
    scf.yield %next : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// The same in a while loop's condition, which passes the result on; an
// empty already in the body is left alone.
// CHECK-LABEL: func.func @while_carried
// CHECK: scf.while
// CHECK: %[[OWN:.+]] = tensor.empty() : tensor<4xf32>
// CHECK: %[[NEW:.+]] = linalg.generic {{.*}} outs(%[[OWN]] : tensor<4xf32>)
// CHECK: scf.condition(%{{.+}}) %[[NEW]]
// CHECK: } do {
// CHECK: %[[BODY:.+]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT: linalg.generic {{.*}} outs(%[[BODY]] : tensor<4xf32>)
// CHECK-NOT: tensor.empty
// CHECK: scf.yield
func.func @while_carried(%x: tensor<4xf32>, %go: i1) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = scf.while (%t = %x) : (tensor<4xf32>) -> tensor<4xf32> {
    %next = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %d = arith.addf %in, %in : f32
      linalg.yield %d : f32
    } -> tensor<4xf32>
    scf.condition(%go) %next : tensor<4xf32>
  } do {
  ^bb0(%u: tensor<4xf32>):
    %e2 = tensor.empty() : tensor<4xf32>
    %m = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%u : tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %d = arith.mulf %in, %in : f32
      linalg.yield %d : f32
    } -> tensor<4xf32>
    scf.yield %m : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
