// RUN: array-opt %s -split-input-file -array-cpu-parallel-loops | FileCheck %s
// RUN: array-opt %s -split-input-file -array-cpu-parallel-loops="grain=1000000000" | FileCheck %s --check-prefix=SERIAL

// A two-dimensional elementwise loop: the threads share the rows, each
// runs the columns as an scf.for (which LLVM vectorizes); each thread's
// share is a profiling span.
// CHECK-LABEL: func.func @rows
// CHECK: omp.parallel {
// CHECK-NEXT: arrayrt.host_span_begin "{{.*}}parallel-loops.mlir:{{[0-9]+}}:3 (share)"
// CHECK-NEXT: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%[[I:.*]]) : index = (%c0) to (%c512) step (%c1) {
// CHECK-NEXT: scf.for %[[J:.*]] = %c0 to %c1024 step %c1 {
// CHECK-NEXT: memref.load %{{.*}}[%[[I]], %[[J]]]
// CHECK: omp.yield
// CHECK: arrayrt.host_span_end
// CHECK-NEXT: omp.terminator
// SERIAL-LABEL: func.func @rows
// SERIAL-NOT: omp.
// SERIAL: scf.for
// SERIAL-NEXT: scf.for
// SERIAL-NOT: omp.
func.func @rows(%a: memref<512x1024xf32>, %b: memref<512x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c512, %c1024) step (%c1, %c1) {
    %x = memref.load %a[%i, %j] : memref<512x1024xf32>
    %y = math.exp %x : f32
    memref.store %y, %b[%i, %j] : memref<512x1024xf32>
    scf.reduce
  }
  return
}

// -----

// One dimension: the threads share chunks of 4096 iterations.
// CHECK-LABEL: func.func @chunks
// CHECK-DAG: %[[CHUNK:.*]] = arith.constant 4096 : index
// CHECK-DAG: %[[N:.*]] = arith.constant 1000000 : index
// CHECK: omp.parallel {
// CHECK: omp.loop_nest (%[[I:.*]]) : index = (%c0) to (%[[N]]) step (%[[CHUNK]]) {
// CHECK:   %[[END:.*]] = arith.addi %[[I]], %[[CHUNK]]
// CHECK:   %[[TO:.*]] = arith.minsi %[[END]], %[[N]]
// CHECK:   scf.for %[[J:.*]] = %[[I]] to %[[TO]] step %c1 {
// CHECK:     memref.load %{{.*}}[%[[J]]]
func.func @chunks(%a: memref<1000000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<1000000xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %a[%i] : memref<1000000xf32>
    scf.reduce
  }
  return
}

// -----

// Small loops stay on one thread, nested parallel loops included.
// CHECK-LABEL: func.func @small
// CHECK-NOT: omp.
// CHECK-NOT: scf.parallel
// CHECK: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
func.func @small(%a: memref<16x16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    scf.parallel (%j, %k) = (%c0, %c0) to (%c16, %c16) step (%c1, %c1) {
      %x = memref.load %a[%i, %j, %k] : memref<16x16x16xf32>
      memref.store %x, %a[%k, %j, %i] : memref<16x16x16xf32>
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// Rows with a loop inside (a row reduction): every dimension of more
// than one iteration is shared, collapsed; the unit one is dropped. The
// work counts the inner loop's iterations (256 rows x 512 < 1M).
// CHECK-LABEL: func.func @row_reductions
// CHECK: omp.parallel {
// CHECK: omp.loop_nest (%[[I:.*]], %[[J:.*]]) : index = (%c0, %c0) to (%c256, %c8) step (%c1, %c1) collapse(2) {
// CHECK:   %[[INIT:.*]] = memref.load %{{.*}}[%[[I]], %c0, %[[J]]]
// CHECK:   scf.for {{.*}} iter_args
// SERIAL-LABEL: func.func @row_reductions
// SERIAL-NOT: omp.
func.func @row_reductions(%in: memref<256x1x8x512xf32>, %out: memref<256x1x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  scf.parallel (%i, %u, %j) = (%c0, %c0, %c0) to (%c256, %c1, %c8) step (%c1, %c1, %c1) {
    %init = memref.load %out[%i, %u, %j] : memref<256x1x8xf32>
    %r = scf.for %k = %c0 to %c512 step %c1 iter_args(%acc = %init) -> (f32) {
      %x = memref.load %in[%i, %u, %j, %k] : memref<256x1x8x512xf32>
      %s = arith.addf %x, %acc : f32
      scf.yield %s : f32
    }
    memref.store %r, %out[%i, %u, %j] : memref<256x1x8xf32>
    scf.reduce
  }
  return
}

// -----

// Dynamic sizes: the threads only when the work is large enough, which
// the if clause decides at run time.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[A:.*]]: memref<?x?xf32>, %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK: %[[WORK:.*]] = arith.muli %[[N]], %[[M]]
// CHECK: %[[GRAIN:.*]] = arith.constant 65536 : index
// CHECK: %[[ENOUGH:.*]] = arith.cmpi sge, %[[WORK]], %[[GRAIN]]
// CHECK: omp.parallel if(%[[ENOUGH]]) {
// CHECK: omp.loop_nest (%{{.*}}) : index = (%c0) to (%[[N]]) step (%c1) {
// CHECK:   scf.for %{{.*}} = %c0 to %[[M]] step %c1 {
// SERIAL-LABEL: func.func @dynamic
// SERIAL: arith.constant 1000000000 : index
// SERIAL: omp.parallel if(
func.func @dynamic(%a: memref<?x?xf32>, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
    %x = memref.load %a[%i, %j] : memref<?x?xf32>
    %y = arith.mulf %x, %x : f32
    memref.store %y, %a[%i, %j] : memref<?x?xf32>
    scf.reduce
  }
  return
}

// -----

// A loop inside a host loop (the parallel one nested in scf.for) is
// shared each time round; a loop of one iteration has nothing to share.
// CHECK-LABEL: func.func @in_host_loop
// CHECK: scf.for
// CHECK: omp.parallel {
// CHECK: omp.loop_nest
// CHECK-LABEL: func.func @one_iteration
// CHECK-NOT: omp.
func.func @in_host_loop(%a: memref<100000xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100000 : index
  scf.for %t = %c0 to %steps step %c1 {
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %x = memref.load %a[%i] : memref<100000xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %a[%i] : memref<100000xf32>
      scf.reduce
    }
  }
  return
}
func.func @one_iteration(%a: memref<1x1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c1, %c1) step (%c1, %c1) {
    %x = memref.load %a[%i, %j] : memref<1x1xf32>
    memref.store %x, %a[%j, %i] : memref<1x1xf32>
    scf.reduce
  }
  return
}

// -----

// Chunks of a known size (min(lb + size, n)) inside count as that many
// iterations: 32 parts of up to 4096 make the loop worth sharing.
// CHECK-LABEL: func.func @parts
// CHECK: omp.parallel
func.func @parts(%a: memref<?xf32>, %out: memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %size = arith.constant 4096 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.parallel (%p) = (%c0) to (%c32) step (%c1) {
    %first = arith.muli %p, %size : index
    %end = arith.addi %first, %size : index
    %last = arith.minsi %end, %n : index
    %r = scf.for %i = %first to %last step %c1 iter_args(%acc = %zero) -> (f32) {
      %x = memref.load %a[%i] : memref<?xf32>
      %s = arith.addf %acc, %x : f32
      scf.yield %s : f32
    }
    memref.store %r, %out[%p] : memref<32xf32>
    scf.reduce
  }
  return
}
