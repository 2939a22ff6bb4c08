// RUN: array-opt %s -array-while-forward-copies -split-input-file | FileCheck %s

// A solver's loop as one-shot bufferization leaves it: the condition
// forwards copies of the carried arrays; the body only reads them and
// yields new allocations. The arrays are forwarded themselves (a cast of
// one included); the 0-d array the body writes in a buffer from before the
// loop, which it yields, keeps its copy. (A result the function returned
// would keep its copy too: the caller might write it.)
// CHECK-LABEL: func.func @solver
// CHECK: scf.while (%[[X:.+]] = %{{.+}}, %[[R:.+]] = %{{.+}}, %[[S:.+]] = %{{.+}})
// CHECK-NOT: memref.copy %[[X]]
// CHECK-NOT: memref.copy %[[R]]
// CHECK: %[[SC:.+]] = memref.alloc() : memref<f32>
// CHECK-NEXT: memref.copy %[[S]], %[[SC]]
// CHECK-NEXT: scf.condition(%{{.+}}) %[[X]], %[[R]], %[[SC]]
// CHECK: } do {
#map = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>
func.func @solver(%x0: memref<?xf32>, %r0: memref<?xf32>, %s0: memref<f32>, %go: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %hoisted = memref.alloc() : memref<f32>
  %x, %r, %s = scf.while (%x_i = %x0, %r_i = %r0, %s_i = %s0) : (memref<?xf32>, memref<?xf32>, memref<f32>) -> (memref<?xf32>, memref<?xf32>, memref<f32>) {
    %n = memref.dim %x_i, %c0 : memref<?xf32>
    %cast = memref.cast %x_i : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
    %xc = memref.alloc(%n) : memref<?xf32>
    memref.copy %cast, %xc : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32>
    %rc = memref.alloc(%n) : memref<?xf32>
    memref.copy %r_i, %rc : memref<?xf32> to memref<?xf32>
    %sc = memref.alloc() : memref<f32>
    memref.copy %s_i, %sc : memref<f32> to memref<f32>
    scf.condition(%go) %xc, %rc, %sc : memref<?xf32>, memref<?xf32>, memref<f32>
  } do {
  ^bb0(%x_i: memref<?xf32>, %r_i: memref<?xf32>, %s_i: memref<f32>):
    %n = memref.dim %x_i, %c0 : memref<?xf32>
    %x_n = memref.alloc(%n) : memref<?xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
        ins(%x_i, %r_i : memref<?xf32>, memref<?xf32>) outs(%x_n : memref<?xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %0 = arith.addf %a, %b : f32
      linalg.yield %0 : f32
    }
    linalg.generic {indexing_maps = [#map, #scalar], iterator_types = ["reduction"]}
        ins(%x_n : memref<?xf32>) outs(%hoisted : memref<f32>) {
    ^bb0(%a: f32, %o: f32):
      %0 = arith.addf %a, %o : f32
      linalg.yield %0 : f32
    }
    scf.yield %x_n, %r_i, %hoisted : memref<?xf32>, memref<?xf32>, memref<f32>
  }
  %v = memref.load %x[%c0] : memref<?xf32>
  return %v : f32
}

// -----

// The body writes its argument in place: the copy stays.
// CHECK-LABEL: func.func @written_in_place
// CHECK: memref.copy
// CHECK: scf.condition(%{{.+}}) %{{.+}} : memref<4xf32>
func.func @written_in_place(%x0: memref<4xf32>, %go: i1) -> memref<4xf32> {
  %one = arith.constant 1.0 : f32
  %x = scf.while (%x_i = %x0) : (memref<4xf32>) -> memref<4xf32> {
    %xc = memref.alloc() : memref<4xf32>
    memref.copy %x_i, %xc : memref<4xf32> to memref<4xf32>
    scf.condition(%go) %xc : memref<4xf32>
  } do {
  ^bb0(%x_i: memref<4xf32>):
    linalg.fill ins(%one : f32) outs(%x_i : memref<4xf32>)
    scf.yield %x_i : memref<4xf32>
  }
  return %x : memref<4xf32>
}

// -----

// The body writes the buffer it yields, allocated before the loop (a
// hoisted output): next iteration the argument is that buffer, so reading
// it while writing the buffer needs the copy.
// CHECK-LABEL: func.func @hoisted_output
// CHECK: memref.copy
// CHECK: scf.condition
#map = affine_map<(d0) -> (d0)>
func.func @hoisted_output(%x0: memref<4xf32>, %go: i1) -> memref<4xf32> {
  %out = memref.alloc() : memref<4xf32>
  %x = scf.while (%x_i = %x0) : (memref<4xf32>) -> memref<4xf32> {
    %xc = memref.alloc() : memref<4xf32>
    memref.copy %x_i, %xc : memref<4xf32> to memref<4xf32>
    scf.condition(%go) %xc : memref<4xf32>
  } do {
  ^bb0(%x_i: memref<4xf32>):
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%x_i : memref<4xf32>) outs(%out : memref<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %0 = arith.addf %a, %a : f32
      linalg.yield %0 : f32
    }
    scf.yield %out : memref<4xf32>
  }
  return %x : memref<4xf32>
}

// -----

// The loop's result is written after the loop: the copy stays (the result
// could otherwise be the loop's initial buffer).
// CHECK-LABEL: func.func @result_written
// CHECK: memref.copy
// CHECK: scf.condition
func.func @result_written(%x0: memref<4xf32>, %go: i1) -> memref<4xf32> {
  %one = arith.constant 1.0 : f32
  %x = scf.while (%x_i = %x0) : (memref<4xf32>) -> memref<4xf32> {
    %xc = memref.alloc() : memref<4xf32>
    memref.copy %x_i, %xc : memref<4xf32> to memref<4xf32>
    scf.condition(%go) %xc : memref<4xf32>
  } do {
  ^bb0(%x_i: memref<4xf32>):
    %n = memref.alloc() : memref<4xf32>
    memref.copy %x_i, %n : memref<4xf32> to memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  linalg.fill ins(%one : f32) outs(%x : memref<4xf32>)
  return %x0 : memref<4xf32>
}

// -----

// The condition region writes the argument after copying it: the copy
// keeps the value from before the write.
// CHECK-LABEL: func.func @written_after_copy
// CHECK: memref.copy
// CHECK: linalg.fill
// CHECK: scf.condition
func.func @written_after_copy(%x0: memref<4xf32>, %go: i1) -> memref<4xf32> {
  %one = arith.constant 1.0 : f32
  %x = scf.while (%x_i = %x0) : (memref<4xf32>) -> memref<4xf32> {
    %xc = memref.alloc() : memref<4xf32>
    memref.copy %x_i, %xc : memref<4xf32> to memref<4xf32>
    linalg.fill ins(%one : f32) outs(%x_i : memref<4xf32>)
    scf.condition(%go) %xc : memref<4xf32>
  } do {
  ^bb0(%x_i: memref<4xf32>):
    %n = memref.alloc() : memref<4xf32>
    memref.copy %x_i, %n : memref<4xf32> to memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  return %x : memref<4xf32>
}

// -----

// The body writes, through a nested loop's argument, the buffer from
// before the loop that it yields: that argument could be any buffer, so the
// copy stays.
// CHECK-LABEL: func.func @nested_loop_writes
// CHECK: memref.copy
// CHECK: scf.condition
func.func @nested_loop_writes(%x0: memref<4xf32>, %go: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %out = memref.alloc() : memref<4xf32>
  %x = scf.while (%x_i = %x0) : (memref<4xf32>) -> memref<4xf32> {
    %xc = memref.alloc() : memref<4xf32>
    memref.copy %x_i, %xc : memref<4xf32> to memref<4xf32>
    scf.condition(%go) %xc : memref<4xf32>
  } do {
  ^bb0(%x_i: memref<4xf32>):
    %r = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc = %out) -> memref<4xf32> {
      %v = memref.load %x_i[%k] : memref<4xf32>
      memref.store %v, %acc[%k] : memref<4xf32>
      scf.yield %acc : memref<4xf32>
    }
    scf.yield %r : memref<4xf32>
  }
  %v = memref.load %x[%c0] : memref<4xf32>
  return %v : f32
}
