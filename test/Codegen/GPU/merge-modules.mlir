// RUN: array-opt %s -array-gpu-merge-modules -split-input-file | FileCheck %s

// Two outlined modules, each with a kernel named after its function and a
// helper of the same name: one module; each kernel takes its module's
// name, the second helper a suffix (its call follows), and the launches
// name the merged kernels.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: func.func @main
// CHECK: gpu.launch_func @arrayc_kernels::@main_kernel blocks
// CHECK-NEXT: gpu.launch_func @arrayc_kernels::@main_kernel_0 blocks
// CHECK: gpu.module @arrayc_kernels {
// CHECK-NEXT: func.func @helper()
// CHECK: gpu.func @main_kernel() kernel {
// CHECK-NEXT: func.call @helper() : () -> ()
// CHECK: func.func @helper_1()
// CHECK: gpu.func @main_kernel_0() kernel {
// CHECK-NEXT: func.call @helper_1() : () -> ()
// CHECK-NOT: gpu.module
module attributes {gpu.container_module} {
  func.func @main() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @main_kernel_0::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
  gpu.module @main_kernel {
    func.func @helper() {
      return
    }
    gpu.func @main_kernel() kernel {
      func.call @helper() : () -> ()
      gpu.return
    }
  }
  gpu.module @main_kernel_0 {
    func.func @helper() {
      return
    }
    gpu.func @main_kernel() kernel {
      func.call @helper() : () -> ()
      gpu.return
    }
  }
}

// -----

// A module with a target (not the pipeline's) leaves every module as it is.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: gpu.module @a
// CHECK: gpu.module @b [#nvvm.target]
// CHECK-NOT: arrayc_kernels
module attributes {gpu.container_module} {
  gpu.module @a {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  gpu.module @b [#nvvm.target] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}
