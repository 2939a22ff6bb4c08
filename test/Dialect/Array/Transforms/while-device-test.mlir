// RUN: array-opt %s -array-while-device-test -split-input-file | FileCheck %s

// `while x.sum() > tol`: the comparison moves into a 0-d kernel over the
// sum, with the loop-invariant tolerance and a constant; only its i1 is
// read on the host.
// CHECK-LABEL: func.func @sum_above
// CHECK: scf.while
// CHECK: %[[S:.+]] = linalg.generic {{.+}} outs(%{{.+}} : tensor<f32>)
// CHECK-NOT: tensor.extract %[[S]]
// CHECK: %[[T:.+]] = linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}], iterator_types = []} ins(%[[S]], %{{.+}} : tensor<f32>, tensor<i32>) outs(%{{.+}} : tensor<i1>) {
// CHECK-NEXT: ^bb0(%[[IN:.+]]: f32, %[[K:.+]]: i32, %{{.+}}: i1):
// CHECK-DAG: %[[LIMIT:.+]] = arith.constant 100 : i32
// CHECK-DAG: %[[BIG:.+]] = arith.cmpf ogt, %[[IN]], %{{.+}} : f32
// CHECK-DAG: %[[FEW:.+]] = arith.cmpi slt, %[[K]], %[[LIMIT]] : i32
// CHECK: %[[BOTH:.+]] = arith.andi %[[BIG]], %[[FEW]] : i1
// CHECK: linalg.yield %[[BOTH]] : i1
// CHECK: %[[C:.+]] = tensor.extract %[[T]][] : tensor<i1>
// CHECK-NEXT: scf.condition(%[[C]])
#map = affine_map<(d0) -> (d0)>
#sum = affine_map<(d0) -> ()>
func.func @sum_above(%x0: tensor<8xf32>, %k0: tensor<i32>, %tol: f32) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %x, %k = scf.while (%x_i = %x0, %k_i = %k0) : (tensor<8xf32>, tensor<i32>) -> (tensor<8xf32>, tensor<i32>) {
    %e = tensor.empty() : tensor<f32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %s = linalg.generic {indexing_maps = [#map, #sum], iterator_types = ["reduction"]}
        ins(%x_i : tensor<8xf32>) outs(%f : tensor<f32>) {
    ^bb0(%a: f32, %o: f32):
      %0 = arith.addf %a, %o : f32
      linalg.yield %0 : f32
    } -> tensor<f32>
    %v = tensor.extract %s[] : tensor<f32>
    %kv = tensor.extract %k_i[] : tensor<i32>
    %limit = arith.constant 100 : i32
    %big = arith.cmpf ogt, %v, %tol : f32
    %few = arith.cmpi slt, %kv, %limit : i32
    %go = arith.andi %big, %few : i1
    scf.condition(%go) %x_i, %k_i : tensor<8xf32>, tensor<i32>
  } do {
  ^bb0(%x_i: tensor<8xf32>, %k_i: tensor<i32>):
    scf.yield %x_i, %k_i : tensor<8xf32>, tensor<i32>
  }
  return %x : tensor<8xf32>
}

// -----

// Left alone: a test read from a 0-d i1 array already, a test that reads
// an element of a vector, a test on host values only, and a read value the
// condition also forwards (the host needs it anyway).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @left_alone(%t0: tensor<i1>, %v0: tensor<4xf32>, %n: index, %s0: tensor<f32>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %lim = arith.constant 7.0 : f32
  %a = scf.while (%t = %t0) : (tensor<i1>) -> tensor<i1> {
    %c = tensor.extract %t[] : tensor<i1>
    scf.condition(%c) %t : tensor<i1>
  } do {
  ^bb0(%t: tensor<i1>):
    scf.yield %t : tensor<i1>
  }
  %b = scf.while (%v = %v0) : (tensor<4xf32>) -> tensor<4xf32> {
    %e = tensor.extract %v[%c3] : tensor<4xf32>
    %c = arith.cmpf olt, %e, %lim : f32
    scf.condition(%c) %v : tensor<4xf32>
  } do {
  ^bb0(%v: tensor<4xf32>):
    scf.yield %v : tensor<4xf32>
  }
  %i = scf.while (%j = %c1) : (index) -> index {
    %c = arith.cmpi slt, %j, %n : index
    scf.condition(%c) %j : index
  } do {
  ^bb0(%j: index):
    %k = arith.addi %j, %c1 : index
    scf.yield %k : index
  }
  %r = scf.while (%s = %s0) : (tensor<f32>) -> f32 {
    %v = tensor.extract %s[] : tensor<f32>
    %c = arith.cmpf olt, %v, %lim : f32
    scf.condition(%c) %v : f32
  } do {
  ^bb0(%v: f32):
    %t = tensor.from_elements %v : tensor<f32>
    scf.yield %t : tensor<f32>
  }
  return
}
