// RUN: array-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(array-gpu-persistent-loops))' | FileCheck %s

// A loop carrying one array (and bufferization's ownership flag): the body
// allocates the next array and a temporary, launches two kernels and
// frees its input. It becomes one kernel over the persistent grid, with
// two buffers for the carried array and one for the temporary, the check
// made once before it; the loop as it was runs when the sizes change or
// the arrays are large.
// CHECK-LABEL: func.func @carried(
// CHECK-SAME: %[[X0:[a-z0-9]+]]: memref<?xf32>, %[[N:[a-z0-9]+]]: index, %[[ITERS:[a-z0-9]+]]: index)
// CHECK: %[[D:.*]] = memref.dim %[[X0]], %{{.*}} : memref<?xf32>
// CHECK: %[[RESULT:.*]]:2 = scf.if %{{.*}} -> (memref<?xf32>, i1) {
// CHECK: cf.assert %{{.*}}, "sizes differ"
// CHECK: %[[TEMP:.*]] = gpu.alloc (%[[D]]) : memref<?xf32>
// CHECK: %[[EVEN:.*]] = gpu.alloc (%[[D]]) : memref<?xf32>
// CHECK: %[[ODD:.*]] = gpu.alloc (%[[D]]) : memref<?xf32>
// CHECK: %[[COUNTER:.*]] = gpu.alloc () : memref<1xi32>
// CHECK: gpu.memset %[[COUNTER]], %{{.*}} : memref<1xi32>, i32
// CHECK: gpu.launch blocks(%[[BID:.*]], %{{.*}}, %{{.*}}) in (%[[GRID:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%[[TID:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[ITERS]] step %{{.*}} iter_args(%[[X:.*]] = %[[X0]], %{{.*}} = %false, %[[PARITY:.*]] = %{{.*}}) -> (memref<?xf32>, i1, i1) {
// CHECK: %[[NEXT:.*]] = arith.select %[[PARITY]], %[[ODD]], %[[EVEN]] : memref<?xf32>
// CHECK-NOT: cf.assert
// CHECK: scf.for %[[VB:.*]] = %[[BID]] to %{{.*}} step %[[GRID]] {
// CHECK: memref.load %[[X]]
// CHECK: memref.store %{{.*}}, %[[TEMP]]
// CHECK: gpu.barrier
// CHECK: arrayrt.grid_barrier %[[COUNTER]] : memref<1xi32>
// CHECK: scf.for %{{.*}} = %[[BID]] to %{{.*}} step %[[GRID]] {
// CHECK-NOT: gpu.grid_dim
// CHECK: memref.store %{{.*}}, %[[NEXT]]
// CHECK: gpu.barrier
// CHECK: arrayrt.grid_barrier %[[COUNTER]] : memref<1xi32>
// CHECK-NOT: gpu.dealloc
// CHECK: %[[FLIP:.*]] = arith.xori %[[PARITY]]
// CHECK: scf.yield %[[NEXT]], %true, %[[FLIP]]
// CHECK: gpu.terminator
// CHECK: %[[LAST:.*]] = arith.select %{{.*}}, %[[ODD]], %[[EVEN]]
// CHECK: %[[OTHER:.*]] = arith.select %{{.*}}, %[[EVEN]], %[[ODD]]
// CHECK: %[[OUT:.*]] = arith.select %[[RAN:.*]], %[[LAST]], %[[X0]]
// CHECK: scf.if %[[RAN]] {
// CHECK-NEXT: gpu.dealloc %[[OTHER]]
// CHECK-NEXT: } else {
// CHECK-NEXT: gpu.dealloc %[[EVEN]]
// CHECK-NEXT: gpu.dealloc %[[ODD]]
// The first iteration frees the initial array when the loop owns it.
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: gpu.dealloc %{{.*}} : memref<f32>
// CHECK: gpu.dealloc %[[TEMP]]
// CHECK: gpu.dealloc %[[COUNTER]]
// CHECK: scf.yield %[[OUT]], %{{.*}} : memref<?xf32>, i1
// CHECK: } else {
// CHECK: scf.for
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK: return %[[RESULT]]#0
// A loop carrying one array and a 0-d sum: the body allocates the next
// array and a temporary, launches two kernels and frees its input.
func.func @carried(%x0: memref<?xf32>, %n: index, %iters: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %iters step %c1 iter_args(%x = %x0, %owned = %false) -> (memref<?xf32>, i1) {
    %d = memref.dim %x, %c0 : memref<?xf32>
    %ok = arith.cmpi eq, %d, %n : index
    cf.assert %ok, "sizes differ"
    %t = gpu.alloc (%d) : memref<?xf32>
    %y = gpu.alloc (%d) : memref<?xf32>
    %g = arith.ceildivui %d, %c256 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %g, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %b = arith.muli %bx, %sx : index
      %e = arith.addi %b, %tx : index
      %in = arith.cmpi ult, %e, %d : index
      scf.if %in {
        %v = memref.load %x[%e] : memref<?xf32>
        %w = arith.addf %v, %v : f32
        memref.store %w, %t[%e] : memref<?xf32>
      }
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %g, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %gd = gpu.grid_dim x
      %b = arith.muli %bx, %sx : index
      %e = arith.addi %b, %tx : index
      %lim = arith.muli %gd, %sx : index
      %in = arith.cmpi ult, %e, %lim : index
      scf.if %in {
        %v = memref.load %t[%e] : memref<?xf32>
        memref.store %v, %y[%e] : memref<?xf32>
      }
      gpu.terminator
    }
    gpu.dealloc %t : memref<?xf32>
    %base, %off, %size, %stride = memref.extract_strided_metadata %x : memref<?xf32> -> memref<f32>, index, index, index
    scf.if %owned {
      gpu.dealloc %base : memref<f32>
    }
    scf.yield %y, %true : memref<?xf32>, i1
  }
  return %r#0 : memref<?xf32>
}

// -----

// A CSR product of a matrix made before the loop is a phase of one row per
// thread.
// CHECK-LABEL: func.func @product(
// CHECK: gpu.launch
// CHECK: scf.for
// CHECK: scf.for %[[VB:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[ROW:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: scf.if %{{.*}} {
// CHECK: memref.load %[[INDPTR:.*]][%[[ROW]]] : memref<?xi32>
// CHECK: %[[SUM:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (f32) {
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[SCALED:.*]] = arith.mulf %[[SUM]], %{{.*}} : f32
// CHECK: memref.store %[[SCALED]]
// CHECK: arrayrt.grid_barrier
// CHECK-NOT: arrayrt.csr_spmv
// CHECK: arrayrt.grid_barrier
// CHECK: } else {
// CHECK: arrayrt.csr_spmv
func.func @product(%indptr: memref<?xi32>, %indices: memref<?xi32>, %data: memref<?xf32>, %p0: memref<?xf32>, %n: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %h = arrayrt.csr_from_arrays %indptr, %indices, %data (%n, %n) : memref<?xi32>, memref<?xi32>, memref<?xf32>
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%p = %p0) -> (memref<?xf32>) {
    %d = memref.dim %p, %c0 : memref<?xf32>
    %ap = gpu.alloc (%d) : memref<?xf32>
    arrayrt.csr_spmv %h, %p into %ap {alpha = 0.5 : f64} : memref<?xf32>, memref<?xf32>
    %next = gpu.alloc (%d) : memref<?xf32>
    %g = arith.ceildivui %d, %c256 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %g, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %e = arith.addi %bx, %tx : index
      %v = memref.load %ap[%e] : memref<?xf32>
      memref.store %v, %next[%e] : memref<?xf32>
      gpu.terminator
    }
    gpu.dealloc %ap : memref<?xf32>
    scf.yield %next : memref<?xf32>
  }
  return %r : memref<?xf32>
}

// -----

// Loops left alone: a host read of a device result, kernels of two block
// sizes, a single kernel, an array carried without being allocated.
// CHECK-LABEL: func.func @host_read(
// CHECK-NOT: arrayrt.grid_barrier
// CHECK-NOT: scf.if
// CHECK: return
func.func @host_read(%x0: memref<?xf32>, %h: memref<f32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0) -> (memref<?xf32>) {
    %d = memref.dim %x, %c0 : memref<?xf32>
    %y = gpu.alloc (%d) : memref<?xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    %v = memref.load %h[] : memref<f32>
    memref.store %v, %h[] : memref<f32>
    scf.yield %y : memref<?xf32>
  }
  return %r : memref<?xf32>
}

// Two kernels whose threads work together (block barriers) in blocks of
// different sizes: left alone.
// CHECK-LABEL: func.func @block_sizes(
// CHECK-NOT: arrayrt.grid_barrier
// CHECK: return
func.func @block_sizes(%x0: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0) -> (memref<?xf32>) {
    %d = memref.dim %x, %c0 : memref<?xf32>
    %y = gpu.alloc (%d) : memref<?xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      gpu.barrier
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      gpu.barrier
      gpu.terminator
    }
    scf.yield %y : memref<?xf32>
  }
  return %r : memref<?xf32>
}

// CHECK-LABEL: func.func @one_kernel(
// CHECK-NOT: arrayrt.grid_barrier
// CHECK: return
func.func @one_kernel(%x0: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0) -> (memref<?xf32>) {
    %d = memref.dim %x, %c0 : memref<?xf32>
    %y = gpu.alloc (%d) : memref<?xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    scf.yield %y : memref<?xf32>
  }
  return %r : memref<?xf32>
}

// CHECK-LABEL: func.func @passed_through(
// CHECK-NOT: arrayrt.grid_barrier
// CHECK: return
func.func @passed_through(%x0: memref<?xf32>, %z0: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0, %z = %z0) -> (memref<?xf32>, memref<?xf32>) {
    %d = memref.dim %x, %c0 : memref<?xf32>
    %y = gpu.alloc (%d) : memref<?xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    scf.yield %y, %z : memref<?xf32>, memref<?xf32>
  }
  return %r#0 : memref<?xf32>
}

// -----

// Grid barriers only where a phase touches what an earlier one since the
// last barrier wrote (or writes what it read): the two updates of disjoint
// buffers run back to back; the sum's second pass (a grid of one block,
// reading the partials, writing the total) runs in every block, so the
// update reading the total needs no barrier after it; one barrier ends the
// iteration.
// CHECK-LABEL: func.func @barriers(
// CHECK: gpu.launch
// CHECK: scf.for %{{.*}} iter_args
// The partial sums, then a barrier: the second pass reads them.
// CHECK: scf.for %{{.*}} = %[[BID:.*]] to %{{.*}} step %[[GRID:[^ ]*]] {
// CHECK: memref.store %{{.*}}, %[[PARTIALS:[a-z0-9_]+]]
// CHECK: arrayrt.grid_barrier
// The second pass in every block, then the update reading its total.
// CHECK: scf.for %{{.*}} = %c0{{[_0-9]*}} to %c1{{[_0-9]*}} step %c1{{[_0-9]*}} {
// CHECK: memref.load %[[PARTIALS]]
// CHECK: memref.store %{{.*}}, %[[TOTAL:[a-z0-9_]+]]
// CHECK-NOT: arrayrt.grid_barrier
// CHECK: scf.for %{{.*}} = %[[BID]] to %{{.*}} step %[[GRID]] {
// CHECK: memref.load %[[TOTAL]]
// CHECK-NOT: arrayrt.grid_barrier
// CHECK: scf.for %{{.*}} = %[[BID]] to %{{.*}} step %[[GRID]] {
// CHECK: arrayrt.grid_barrier
// CHECK-NEXT: arith.constant true
// CHECK-NEXT: arith.xori
// CHECK-NEXT: scf.yield
func.func @barriers(%x0: memref<?xf32>, %y0: memref<?xf32>) -> (memref<?xf32>, memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0, %y = %y0) -> (memref<?xf32>, memref<?xf32>) {
    %d = memref.dim %x, %c0 : memref<?xf32>
    %partials = gpu.alloc (%c64) : memref<?xf32>
    %total = gpu.alloc () : memref<f32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c64, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %v = memref.load %x[%tx] : memref<?xf32>
      memref.store %v, %partials[%bx] : memref<?xf32>
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %v = memref.load %partials[%tx] : memref<?xf32>
      memref.store %v, %total[] : memref<f32>
      gpu.terminator
    }
    %xn = gpu.alloc (%d) : memref<?xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %t = memref.load %total[] : memref<f32>
      %v = memref.load %x[%tx] : memref<?xf32>
      %w = arith.addf %t, %v : f32
      memref.store %w, %xn[%tx] : memref<?xf32>
      gpu.terminator
    }
    %yn = gpu.alloc (%d) : memref<?xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %v = memref.load %y[%tx] : memref<?xf32>
      memref.store %v, %yn[%tx] : memref<?xf32>
      gpu.terminator
    }
    gpu.dealloc %partials : memref<?xf32>
    gpu.dealloc %total : memref<f32>
    scf.yield %xn, %yn : memref<?xf32>, memref<?xf32>
  }
  return %r#0, %r#1 : memref<?xf32>, memref<?xf32>
}

// -----

// A buffer every block wrote itself (a one-block phase run in every block)
// and that a later phase writes again: all blocks must be done with it
// first, or a slow block's copy would land over the new values.
// CHECK-LABEL: func.func @rewritten_after_every_block(
// CHECK: scf.for %{{.*}} = %c0{{[_0-9]*}} to %c1{{[_0-9]*}} step %c1{{[_0-9]*}} {
// CHECK: memref.store %{{.*}}, %[[T:[a-z0-9_]+]]
// CHECK: arrayrt.grid_barrier
// CHECK-NEXT: arith.muli
// CHECK: memref.store %{{.*}}, %[[T]]
func.func @rewritten_after_every_block(%x0: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0) -> (memref<?xf32>) {
    %d = memref.dim %x, %c0 : memref<?xf32>
    %xn = gpu.alloc (%d) : memref<?xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %v = memref.load %x[%tx] : memref<?xf32>
      memref.store %v, %xn[%tx] : memref<?xf32>
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %z = arith.constant 0.0 : f32
      memref.store %z, %xn[%bx] : memref<?xf32>
      gpu.terminator
    }
    scf.yield %xn : memref<?xf32>
  }
  return %r : memref<?xf32>
}

// -----

// A kernel of another block size whose threads are independent (no
// barrier, shuffle or shared memory): each thread of the persistent block
// runs its threads tid, tid + 256, ...; the phase's block size is its own.
// CHECK-LABEL: func.func @independent_threads(
// (The first kernel, one block, runs in every block: no grid barrier.)
// CHECK: gpu.launch blocks(%{{.*}}) in (%{{.*}}) threads(%[[TID:[a-z0-9_]+]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256{{[_0-9]*}},
// CHECK: scf.for %{{.*}} = %c0{{[_0-9]*}} to %c1{{[_0-9]*}} step %c1{{[_0-9]*}} {
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK-NOT: arrayrt.grid_barrier
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[COUNT:.*]] = arith.constant 512 : index
// CHECK: %[[STRIDE:.*]] = arith.constant 256 : index
// CHECK: scf.for %[[VT:.*]] = %[[TID]] to %[[COUNT]] step %[[STRIDE]] {
// CHECK: arith.muli %{{.*}}, %[[COUNT]]
// CHECK: arith.addi %{{.*}}, %[[VT]]
// CHECK: memref.store
// CHECK: }
// CHECK-NEXT: gpu.barrier
func.func @independent_threads(%x0: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0) -> (memref<?xf32>) {
    %d = memref.dim %x, %c0 : memref<?xf32>
    %t = gpu.alloc (%c256) : memref<?xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %v = memref.load %x[%tx] : memref<?xf32>
      gpu.barrier
      memref.store %v, %t[%tx] : memref<?xf32>
      gpu.terminator
    }
    %y = gpu.alloc (%d) : memref<?xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c512, %sy = %c1, %sz = %c1) {
      %b = arith.muli %bx, %sx : index
      %e = arith.addi %b, %tx : index
      %v = memref.load %t[%c0] : memref<?xf32>
      memref.store %v, %y[%e] : memref<?xf32>
      gpu.terminator
    }
    gpu.dealloc %t : memref<?xf32>
    scf.yield %y : memref<?xf32>
  }
  return %r : memref<?xf32>
}
