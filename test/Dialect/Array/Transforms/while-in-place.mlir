// RUN: array-opt %s -array-while-in-place -split-input-file | FileCheck %s
// RUN: array-opt %s -array-while-in-place -one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" -canonicalize -split-input-file | FileCheck %s --check-prefix=BUF

// A solver's loop: the condition forwards its arguments. Each new array is
// written into the old one's place: the elementwise update into its
// argument (its empty destination replaced), the reduction into the 0-d
// argument (its fill's destination replaced), the second vector of a size
// the body checks equal to its argument's through a size check.
// CHECK-LABEL: func.func @solver
// CHECK: } do {
// CHECK-NEXT: ^bb0(%[[X:.+]]: tensor<?xf32>, %[[P:.+]]: tensor<?xf32>, %[[S:.+]]: tensor<f32>):
// CHECK: %[[XN:.+]] = linalg.generic {{.+}} outs(%[[X]] : tensor<?xf32>)
// CHECK: %[[PN:.+]] = linalg.generic {{.+}} outs(%[[P]] : tensor<?xf32>)
// CHECK: %[[FILL:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[S]] : tensor<f32>)
// CHECK: %[[SN:.+]] = linalg.generic {{.+}} outs(%[[FILL]] : tensor<f32>)
// CHECK: %[[M0:.+]] = bufferization.materialize_in_destination %[[XN]] in %[[X]]
// CHECK: %[[M1:.+]] = bufferization.materialize_in_destination %[[PN]] in %[[P]]
// CHECK: %[[M2:.+]] = bufferization.materialize_in_destination %[[SN]] in %[[S]]
// CHECK: scf.yield %[[M0]], %[[M1]], %[[M2]]
// Bufferized, the loop carries nothing that changes: no allocation of a
// carried array in it, and no copy of one.
// BUF-LABEL: func.func @solver
// BUF: scf.while : () -> () {
// BUF-NOT: memref.alloc
// BUF-NOT: memref.copy
// BUF: scf.yield
#map = affine_map<(d0) -> (d0)>
#sum = affine_map<(d0) -> ()>
func.func @solver(%x0: tensor<?xf32>, %p0: tensor<?xf32>, %tol: f32) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %s0 = tensor.empty() : tensor<f32>
  %s1 = linalg.fill ins(%zero : f32) outs(%s0 : tensor<f32>) -> tensor<f32>
  %x, %p, %s = scf.while (%x_i = %x0, %p_i = %p0, %s_i = %s1) : (tensor<?xf32>, tensor<?xf32>, tensor<f32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<f32>) {
    %v = tensor.extract %s_i[] : tensor<f32>
    %go = arith.cmpf olt, %v, %tol : f32
    scf.condition(%go) %x_i, %p_i, %s_i : tensor<?xf32>, tensor<?xf32>, tensor<f32>
  } do {
  ^bb0(%x_i: tensor<?xf32>, %p_i: tensor<?xf32>, %s_i: tensor<f32>):
    %n = tensor.dim %x_i, %c0 : tensor<?xf32>
    %m = tensor.dim %p_i, %c0 : tensor<?xf32>
    %same = arith.cmpi eq, %n, %m : index
    cf.assert %same, "sizes differ"
    %e = tensor.empty(%n) : tensor<?xf32>
    %x_n = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
        ins(%x_i, %p_i : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %0 = arith.addf %a, %b : f32
      linalg.yield %0 : f32
    } -> tensor<?xf32>
    // Sized after x: equal to p's size by the check above.
    %e2 = tensor.empty(%n) : tensor<?xf32>
    %p_n = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%p_i : tensor<?xf32>) outs(%e2 : tensor<?xf32>) {
    ^bb0(%a: f32, %o: f32):
      %0 = arith.mulf %a, %a : f32
      linalg.yield %0 : f32
    } -> tensor<?xf32>
    %f0 = tensor.empty() : tensor<f32>
    %f = linalg.fill ins(%zero : f32) outs(%f0 : tensor<f32>) -> tensor<f32>
    %s_n = linalg.generic {indexing_maps = [#map, #sum], iterator_types = ["reduction"]}
        ins(%x_n : tensor<?xf32>) outs(%f : tensor<f32>) {
    ^bb0(%a: f32, %o: f32):
      %0 = arith.addf %a, %o : f32
      linalg.yield %0 : f32
    } -> tensor<f32>
    scf.yield %x_n, %p_n, %s_n : tensor<?xf32>, tensor<?xf32>, tensor<f32>
  }
  return %x, %p : tensor<?xf32>, tensor<?xf32>
}

// -----

// Left alone: a condition that forwards a new value, and in a loop whose
// condition forwards its arguments, an argument yielded as it is and an
// array whose size may change (a growing array).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: materialize_in_destination
// CHECK-LABEL: func.func @grows
// CHECK-NOT: materialize_in_destination
// CHECK: return
#map = affine_map<(d0) -> (d0)>
func.func @left_alone(%x0: tensor<8xf32>, %go: i1) -> tensor<8xf32> {
  %x = scf.while (%x_i = %x0) : (tensor<8xf32>) -> tensor<8xf32> {
    %e = tensor.empty() : tensor<8xf32>
    %c = linalg.copy ins(%x_i : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    scf.condition(%go) %c : tensor<8xf32>
  } do {
  ^bb0(%x_i: tensor<8xf32>):
    %e = tensor.empty() : tensor<8xf32>
    %x_n = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%x_i : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %0 = arith.addf %a, %a : f32
      linalg.yield %0 : f32
    } -> tensor<8xf32>
    scf.yield %x_n : tensor<8xf32>
  }
  return %x : tensor<8xf32>
}
func.func @grows(%x0: tensor<?xf32>, %k0: tensor<4xf32>, %go: i1) -> (tensor<?xf32>, tensor<4xf32>) {
  %x, %k = scf.while (%x_i = %x0, %k_i = %k0) : (tensor<?xf32>, tensor<4xf32>) -> (tensor<?xf32>, tensor<4xf32>) {
    scf.condition(%go) %x_i, %k_i : tensor<?xf32>, tensor<4xf32>
  } do {
  ^bb0(%x_i: tensor<?xf32>, %k_i: tensor<4xf32>):
    %x_n = tensor.concat dim(0) %x_i, %k_i : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
    scf.yield %x_n, %k_i : tensor<?xf32>, tensor<4xf32>
  }
  return %x, %k : tensor<?xf32>, tensor<4xf32>
}

// -----

// A condition that forwards some of its arguments (canonicalization drops
// the results nobody uses) first forwards all of them, in order; the loop
// gets a result per argument, the old results are the matching ones.
// CHECK-LABEL: func.func @subset
// CHECK: %[[W:.+]]:2 = scf.while (%[[A:.+]] = %{{.+}}, %[[B:.+]] = %{{.+}}) : (tensor<8xf32>, tensor<f32>) -> (tensor<8xf32>, tensor<f32>)
// CHECK: scf.condition(%{{.+}}) %[[A]], %[[B]] : tensor<8xf32>, tensor<f32>
// CHECK: } do {
// CHECK-NEXT: ^bb0(%[[X:.+]]: tensor<8xf32>, %[[S:.+]]: tensor<f32>):
// CHECK: materialize_in_destination %{{.+}} in %[[X]]
// CHECK: materialize_in_destination %{{.+}} in %[[S]]
// CHECK: return %[[W]]#0
#map = affine_map<(d0) -> (d0)>
#sum = affine_map<(d0) -> ()>
func.func @subset(%x0: tensor<8xf32>, %s0: tensor<f32>, %tol: f32) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %x = scf.while (%x_i = %x0, %s_i = %s0) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32> {
    %v = tensor.extract %s_i[] : tensor<f32>
    %go = arith.cmpf olt, %v, %tol : f32
    scf.condition(%go) %x_i : tensor<8xf32>
  } do {
  ^bb0(%x_i: tensor<8xf32>):
    %e = tensor.empty() : tensor<8xf32>
    %x_n = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%x_i : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %0 = arith.addf %a, %a : f32
      linalg.yield %0 : f32
    } -> tensor<8xf32>
    %f0 = tensor.empty() : tensor<f32>
    %f = linalg.fill ins(%zero : f32) outs(%f0 : tensor<f32>) -> tensor<f32>
    %s_n = linalg.generic {indexing_maps = [#map, #sum], iterator_types = ["reduction"]}
        ins(%x_n : tensor<8xf32>) outs(%f : tensor<f32>) {
    ^bb0(%a: f32, %o: f32):
      %0 = arith.addf %a, %o : f32
      linalg.yield %0 : f32
    } -> tensor<f32>
    scf.yield %x_n, %s_n : tensor<8xf32>, tensor<f32>
  }
  return %x : tensor<8xf32>
}

// -----

// A value from before the loop, yielded each iteration: copied into the
// argument's buffer (materialized), its op left where it is.
// CHECK-LABEL: func.func @invariant
// CHECK: %[[C:.+]] = linalg.generic {{.+}} outs(%[[E:.+]] : tensor<8xf32>)
// CHECK: scf.while
// CHECK: ^bb0(%[[X:.+]]: tensor<8xf32>):
// CHECK-NEXT: %[[M:.+]] = bufferization.materialize_in_destination %[[C]] in %[[X]]
// CHECK-NEXT: scf.yield %[[M]]
#map = affine_map<(d0) -> (d0)>
func.func @invariant(%x0: tensor<8xf32>, %go: i1) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %c = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%x0 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = arith.addf %a, %a : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %x = scf.while (%x_i = %x0) : (tensor<8xf32>) -> tensor<8xf32> {
    scf.condition(%go) %x_i : tensor<8xf32>
  } do {
  ^bb0(%x_i: tensor<8xf32>):
    scf.yield %c : tensor<8xf32>
  }
  return %x : tensor<8xf32>
}
