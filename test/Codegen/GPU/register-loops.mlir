// RUN: array-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(array-gpu-register-loops{report=1 row-entries=2}))' -verify-diagnostics | FileCheck %s

// t = t * 0.5 + sum(t): the vector in registers, the sum's block totals
// written where its terms are made, one grid barrier before the total is
// read; a version with one element per thread, then one with two, then the
// loop as before for longer vectors.
#id = affine_map<(d0) -> (d0)>
#to0 = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @relax
// CHECK: %[[N:.*]] = memref.dim %{{.*}}, %c0
// CHECK: %[[SMS:.*]] = arrayrt.multiprocessor_count : index
// CHECK: %[[CAP:.*]] = arith.muli %[[SMS]], %c512
// CHECK: arith.cmpi ule, %[[N]], %[[CAP]]
// CHECK: scf.if
// CHECK: %[[COUNTER:.*]] = memref.alloc() : memref<1xi32>
// CHECK: linalg.fill ins(%{{.*}} : i32) outs(%[[COUNTER]] : memref<1xi32>)
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: gpu.launch
// CHECK-SAME: threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c512
// CHECK-SAME: workgroup(%{{.*}} : memref<32xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32, i1)
// CHECK: gpu.shuffle xor
// CHECK: arrayrt.grid_barrier
// CHECK-NOT: arrayrt.grid_barrier
// CHECK: scf.yield {{.*}} : f32, i1
// CHECK: } else {
// CHECK: %[[SMS2:.*]] = arrayrt.multiprocessor_count : index
// CHECK: arith.muli %[[SMS2]], %c1024
// CHECK: gpu.launch
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32, i1)
// CHECK: arrayrt.grid_barrier
// CHECK-NOT: arrayrt.grid_barrier
// CHECK: scf.yield {{.*}} : f32, f32, i1
// CHECK: } else {
// CHECK: scf.for
// CHECK: linalg.generic
func.func @relax(%t0: memref<?xf32>, %iters: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %false = arith.constant false
  %true = arith.constant true
  // expected-remark @below {{register loop: yes: one cooperative kernel, each thread's elements in registers, 1 grid barriers per iteration}}
  %t, %own = scf.for %i = %c0 to %iters step %c1 iter_args(%ti = %t0, %o = %false) -> (memref<?xf32>, i1) {
    %n = memref.dim %ti, %c0 : memref<?xf32>
    %s = memref.alloc() : memref<f32>
    linalg.fill ins(%zero : f32) outs(%s : memref<f32>)
    linalg.generic {indexing_maps = [#id, #to0], iterator_types = ["reduction"]} ins(%ti : memref<?xf32>) outs(%s : memref<f32>) {
    ^bb0(%in: f32, %acc: f32):
      %a = arith.addf %acc, %in : f32
      linalg.yield %a : f32
    }
    %next = memref.alloc(%n) : memref<?xf32>
    linalg.generic {indexing_maps = [#id, #to0, #id], iterator_types = ["parallel"]} ins(%ti, %s : memref<?xf32>, memref<f32>) outs(%next : memref<?xf32>) {
    ^bb0(%x: f32, %sum: f32, %out: f32):
      %half = arith.constant 0.5 : f32
      %h = arith.mulf %x, %half : f32
      %r = arith.addf %h, %sum : f32
      linalg.yield %r : f32
    }
    scf.if %o {
      memref.dealloc %ti : memref<?xf32>
    }
    memref.dealloc %s : memref<f32>
    scf.yield %next, %true : memref<?xf32>, i1
  }
  return %t : memref<?xf32>
}

// -----

// A shift reads other threads' elements: no.
#id = affine_map<(d0) -> (d0)>
func.func @shift(%t0: memref<?xf32>, %iters: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{register loop: no: an operation that is not a vector kernel, a sparse product, an allocation or a check}}
  %t = scf.for %i = %c0 to %iters step %c1 iter_args(%ti = %t0) -> (memref<?xf32>) {
    %n = memref.dim %ti, %c0 : memref<?xf32>
    %m = arith.subi %n, %c1 : index
    %tail = memref.subview %ti[1] [%m] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 1>>
    %next = memref.alloc(%m) : memref<?xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%tail : memref<?xf32, strided<[1], offset: 1>>) outs(%next : memref<?xf32>) {
    ^bb0(%x: f32, %out: f32):
      linalg.yield %x : f32
    }
    scf.yield %next : memref<?xf32>
  }
  return %t : memref<?xf32>
}

// -----

// Element 0 broadcast to every element: a cross-element read, no.
#id = affine_map<(d0) -> (d0)>
#first = affine_map<(d0) -> (0)>
func.func @broadcast_first(%t0: memref<?xf32>, %iters: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{register loop: no: a kernel reading a vector other than elementwise}}
  %t = scf.for %i = %c0 to %iters step %c1 iter_args(%ti = %t0) -> (memref<?xf32>) {
    %n = memref.dim %ti, %c0 : memref<?xf32>
    %next = memref.alloc(%n) : memref<?xf32>
    linalg.generic {indexing_maps = [#id, #first, #id], iterator_types = ["parallel"]} ins(%ti, %ti : memref<?xf32>, memref<?xf32>) outs(%next : memref<?xf32>) {
    ^bb0(%x: f32, %y: f32, %out: f32):
      %r = arith.addf %x, %y : f32
      linalg.yield %r : f32
    }
    scf.yield %next : memref<?xf32>
  }
  return %t : memref<?xf32>
}

// -----

// A 2-D carried array: no.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @matrix(%t0: memref<?x?xf32>, %iters: index) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{register loop: no: a carried value that is not a vector or 0-d array}}
  %t = scf.for %i = %c0 to %iters step %c1 iter_args(%ti = %t0) -> (memref<?x?xf32>) {
    %n = memref.dim %ti, %c0 : memref<?x?xf32>
    %m = memref.dim %ti, %c1 : memref<?x?xf32>
    %next = memref.alloc(%n, %m) : memref<?x?xf32>
    linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%ti : memref<?x?xf32>) outs(%next : memref<?x?xf32>) {
    ^bb0(%x: f32, %out: f32):
      %r = arith.mulf %x, %x : f32
      linalg.yield %r : f32
    }
    scf.yield %next : memref<?x?xf32>
  }
  return %t : memref<?x?xf32>
}

// -----

// A value read on the host each iteration: no.
#id = affine_map<(d0) -> (d0)>
func.func @host_read(%t0: memref<?xf32>, %iters: index) -> (memref<?xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  // expected-remark @below {{register loop: no: a carried value that is not a vector or 0-d array}}
  %t, %acc = scf.for %i = %c0 to %iters step %c1 iter_args(%ti = %t0, %a = %zero) -> (memref<?xf32>, f32) {
    %v = memref.load %ti[%c0] : memref<?xf32>
    %an = arith.addf %a, %v : f32
    %n = memref.dim %ti, %c0 : memref<?xf32>
    %next = memref.alloc(%n) : memref<?xf32>
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%ti : memref<?xf32>) outs(%next : memref<?xf32>) {
    ^bb0(%x: f32, %out: f32):
      %r = arith.mulf %x, %x : f32
      linalg.yield %r : f32
    }
    scf.yield %next, %an : memref<?xf32>, f32
  }
  return %t, %acc : memref<?xf32>, f32
}

// -----

// A sparse product of the carried vector: each thread's row in registers
// (here its first 2 entries; past the row's end, column 0), the vector
// stored for the gather, one grid barrier, then every entry in registers
// gathered without a branch (a select keeps the absent ones out), the
// rest of a longer row in a loop.
// CHECK-LABEL: func.func @product
// CHECK: gpu.launch
// CHECK: %[[COUNT:.*]] = arith.select %{{.*}}, %{{.*}}, %c0_i32{{.*}} : i32
// CHECK: %[[HAS0:.*]] = arith.cmpi slt, %c0_i32{{.*}}, %[[COUNT]] : i32
// CHECK: %[[COL0:.*]] = memref.load %arg2[%{{.*}}] : memref<?xi32>
// CHECK: arith.select %[[HAS0]], %[[COL0]], %c0_i32{{.*}} : i32
// CHECK: scf.for
// CHECK: memref.store
// CHECK: arrayrt.grid_barrier
// CHECK: scf.if
// CHECK-NOT: scf.if
// CHECK: memref.load %[[GATHER:.*]][%{{.*}}] : memref<?xf32>
// CHECK-NOT: scf.if
// CHECK: arith.select
// CHECK-NOT: scf.if
// CHECK: memref.load %[[GATHER]][%{{.*}}] : memref<?xf32>
// CHECK-NOT: scf.if
// CHECK: arith.select
// CHECK: scf.for
// CHECK: memref.load %[[GATHER]]
func.func @product(%x0: memref<?xf32>, %indptr: memref<?xi32>, %indices: memref<?xi32>, %data: memref<?xf32>, %iters: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %n = memref.dim %x0, %c0 : memref<?xf32>
  %h = arrayrt.csr_from_arrays %indptr, %indices, %data (%n, %n) : memref<?xi32>, memref<?xi32>, memref<?xf32>
  // expected-remark @below {{register loop: yes: one cooperative kernel, each thread's elements in registers, 1 grid barriers per iteration}}
  %x, %own = scf.for %i = %c0 to %iters step %c1 iter_args(%xi = %x0, %o = %false) -> (memref<?xf32>, i1) {
    %m = memref.dim %xi, %c0 : memref<?xf32>
    %y = memref.alloc(%m) : memref<?xf32>
    arrayrt.csr_spmv %h, %xi into %y : memref<?xf32>, memref<?xf32>
    scf.if %o {
      memref.dealloc %xi : memref<?xf32>
    }
    scf.yield %y, %true : memref<?xf32>, i1
  }
  return %x : memref<?xf32>
}

// -----

// Power iteration, x = A x / sum((A x)^2): the next x is one elementwise
// kernel of the product y and the sum. The first iteration stores x and
// meets the grid before gathering it; later ones gather y (stored the
// iteration before, before the sum's grid barrier, in the other half of
// its buffer) and divide by the sum carried from it: one grid barrier per
// iteration instead of two.
// CHECK-LABEL: func.func @power
// CHECK: gpu.launch
// CHECK: scf.for %{{.*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}, %[[CARRIED:[^ ]*]] = %{{[^ ]*}}, %{{[^ ]*}} = %{{[^ ]*}}) -> (f32, f32, i1)
// CHECK: %[[FIRST:.*]] = arith.cmpi eq
// CHECK: scf.if %[[FIRST]] -> (f32)
// CHECK: memref.store
// CHECK: arrayrt.grid_barrier
// CHECK: } else {
// CHECK-NOT: arrayrt.grid_barrier
// CHECK: %[[Y:.*]] = memref.load %[[INPUT:.*]][%{{.*}}] : memref<?xf32>
// CHECK: arith.divf %[[Y]], %[[CARRIED]] : f32
// CHECK: memref.store %{{.*}}, %[[INPUT]][%{{.*}}] : memref<?xf32>
// CHECK: arrayrt.grid_barrier
// CHECK-NOT: arrayrt.grid_barrier
// CHECK: scf.yield {{.*}} : f32, f32, i1
#id = affine_map<(d0) -> (d0)>
#to0 = affine_map<(d0) -> ()>
func.func @power(%x0: memref<?xf32>, %indptr: memref<?xi32>, %indices: memref<?xi32>, %data: memref<?xf32>, %iters: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %false = arith.constant false
  %true = arith.constant true
  %n = memref.dim %x0, %c0 : memref<?xf32>
  %h = arrayrt.csr_from_arrays %indptr, %indices, %data (%n, %n) : memref<?xi32>, memref<?xi32>, memref<?xf32>
  // expected-remark @below {{register loop: yes: one cooperative kernel, each thread's elements in registers, 1 grid barriers per iteration}}
  %x, %own = scf.for %i = %c0 to %iters step %c1 iter_args(%xi = %x0, %o = %false) -> (memref<?xf32>, i1) {
    %m = memref.dim %xi, %c0 : memref<?xf32>
    %y = memref.alloc(%m) : memref<?xf32>
    arrayrt.csr_spmv %h, %xi into %y : memref<?xf32>, memref<?xf32>
    %s = memref.alloc() : memref<f32>
    linalg.fill ins(%zero : f32) outs(%s : memref<f32>)
    linalg.generic {indexing_maps = [#id, #to0], iterator_types = ["reduction"]} ins(%y : memref<?xf32>) outs(%s : memref<f32>) {
    ^bb0(%in: f32, %acc: f32):
      %sq = arith.mulf %in, %in : f32
      %a = arith.addf %acc, %sq : f32
      linalg.yield %a : f32
    }
    %next = memref.alloc(%m) : memref<?xf32>
    linalg.generic {indexing_maps = [#id, #to0, #id], iterator_types = ["parallel"]} ins(%y, %s : memref<?xf32>, memref<f32>) outs(%next : memref<?xf32>) {
    ^bb0(%v: f32, %norm: f32, %out: f32):
      %r = arith.divf %v, %norm : f32
      linalg.yield %r : f32
    }
    scf.if %o {
      memref.dealloc %xi : memref<?xf32>
    }
    memref.dealloc %y : memref<?xf32>
    memref.dealloc %s : memref<f32>
    scf.yield %next, %true : memref<?xf32>, i1
  }
  return %x : memref<?xf32>
}
