// RUN: array-opt %s -array-loop-stack -split-input-file | FileCheck %s

// A host loop that launches a kernel: the stack pointer is saved when an
// iteration starts and restored when it ends, so that the stack the lowered
// launch takes (its parameter array) does not pile up over the iterations.
// CHECK-LABEL: func.func @launches
// CHECK: scf.for
// CHECK-NEXT: %[[SP:.+]] = llvm.intr.stacksave : !llvm.ptr
// CHECK: gpu.launch_func
// CHECK: llvm.intr.stackrestore %[[SP]] : !llvm.ptr
// CHECK-NEXT: }
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%buf: memref<8xf32>) kernel {
      gpu.return
    }
  }
  func.func @launches(%buf: memref<8xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buf : memref<8xf32>)
    }
    return
  }
}

// -----

// Both regions of an scf.while that calls a function; a loop of arithmetic
// only is left as it is.
// CHECK-LABEL: func.func @while_calls
// CHECK: scf.while
// CHECK-NEXT: llvm.intr.stacksave
// CHECK: call @step
// CHECK: llvm.intr.stackrestore
// CHECK-NEXT: scf.condition
// CHECK: ^bb0
// CHECK-NEXT: llvm.intr.stacksave
// CHECK: call @step
// CHECK: llvm.intr.stackrestore
// CHECK-NEXT: scf.yield
// CHECK-LABEL: func.func @arithmetic
// CHECK-NOT: llvm.intr.stacksave
func.func private @step(i64) -> i64

func.func @while_calls(%x0: i64) -> i64 {
  %c10 = arith.constant 10 : i64
  %r = scf.while (%x = %x0) : (i64) -> i64 {
    %y = func.call @step(%x) : (i64) -> i64
    %go = arith.cmpi slt, %y, %c10 : i64
    scf.condition(%go) %y : i64
  } do {
  ^bb0(%y: i64):
    %z = func.call @step(%y) : (i64) -> i64
    scf.yield %z : i64
  }
  return %r : i64
}

func.func @arithmetic(%x0: i64, %n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0) -> (i64) {
    %y = arith.addi %x, %x : i64
    scf.yield %y : i64
  }
  return %r : i64
}

// -----

// A stack allocation handed to the next iteration must live on: that loop
// keeps its stack.
// CHECK-LABEL: func.func @carried_alloca
// CHECK-NOT: llvm.intr.stacksave
func.func @carried_alloca(%m0: memref<2xi64>, %n: index) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %m0) -> (memref<2xi64>) {
    %a = memref.alloca() : memref<2xi64>
    memref.copy %m, %a : memref<2xi64> to memref<2xi64>
    scf.yield %a : memref<2xi64>
  }
  return %r : memref<2xi64>
}
