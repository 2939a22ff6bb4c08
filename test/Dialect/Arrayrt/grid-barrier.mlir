// RUN: array-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// A grid barrier inside a kernel, before and after outlining.
// CHECK-LABEL: func.func @in_launch
// CHECK: arrayrt.grid_barrier %{{.*}} : memref<1xi32>
func.func @in_launch(%counter: memref<1xi32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    arrayrt.grid_barrier %counter : memref<1xi32>
    gpu.terminator
  }
  return
}

// CHECK-LABEL: gpu.func @kernel
// CHECK: arrayrt.grid_barrier %{{.*}} : memref<1xi32>
gpu.module @kernels {
  gpu.func @kernel(%counter: memref<1xi32>) kernel {
    arrayrt.grid_barrier %counter : memref<1xi32>
    gpu.return
  }
}

// -----

func.func @on_host(%counter: memref<1xi32>) {
  // expected-error @below {{'arrayrt.grid_barrier' op expected to be inside a kernel (a gpu.launch body or a gpu.func), found it in host code}}
  arrayrt.grid_barrier %counter : memref<1xi32>
  return
}

// -----

func.func @wide_counter(%counter: memref<2xi64>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @below {{operand #0 must be 1D memref of 32-bit signless integer values}}
    arrayrt.grid_barrier %counter : memref<2xi64>
    gpu.terminator
  }
  return
}
