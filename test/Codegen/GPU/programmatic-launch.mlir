// RUN: array-opt %s -split-input-file -array-gpu-programmatic-launch | FileCheck %s

// Every kernel of the pipeline's module waits for its predecessor first;
// the module carries the mark the runtime looks for. Device functions that
// are not kernels are left alone.

// CHECK-LABEL: gpu.module @arrayc_kernels
// CHECK: llvm.mlir.global external constant @arrayrt_programmatic_launch(1 : i32)
// CHECK-LABEL: gpu.func @helper
// CHECK-NOT: griddepcontrol
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @main_kernel
// CHECK-NEXT: llvm.inline_asm has_side_effects "griddepcontrol.wait;", "~{memory}"
// CHECK-NEXT: arith.constant
// CHECK-NEXT: memref.load
// CHECK-LABEL: gpu.func @main_kernel_0
// CHECK-NEXT: llvm.inline_asm has_side_effects "griddepcontrol.wait;", "~{memory}"
// CHECK-NEXT: gpu.return
gpu.module @arrayc_kernels {
  gpu.func @helper(%a: memref<4xf32>) {
    gpu.return
  }
  gpu.func @main_kernel(%a: memref<4xf32>) kernel {
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%c0] : memref<4xf32>
    memref.store %v, %a[%c0] : memref<4xf32>
    gpu.return
  }
  gpu.func @main_kernel_0() kernel {
    gpu.return
  }
}

// -----

// Modules with targets (not made by the pipeline), modules without kernels
// and modules already marked are left alone.

// CHECK-LABEL: gpu.module @theirs
// CHECK-NOT: griddepcontrol
// CHECK-NOT: arrayrt_programmatic_launch
// CHECK-LABEL: gpu.module @no_kernels
// CHECK-NOT: griddepcontrol
// CHECK-NOT: arrayrt_programmatic_launch
// CHECK-LABEL: gpu.module @marked
// CHECK-COUNT-1: arrayrt_programmatic_launch
// CHECK-NOT: griddepcontrol
gpu.module @theirs [#nvvm.target<chip = "sm_90a">] {
  gpu.func @k() kernel {
    gpu.return
  }
}
gpu.module @no_kernels {
  gpu.func @f() {
    gpu.return
  }
}
gpu.module @marked {
  llvm.mlir.global external constant @arrayrt_programmatic_launch(1 : i32) : i32
  gpu.func @k() kernel {
    gpu.return
  }
}
