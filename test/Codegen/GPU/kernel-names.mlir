// RUN: array-opt %s -array-gpu-kernel-names | FileCheck %s

// Names PTX does not accept: a '.', a leading digit, a quoted name with a
// space. The launches follow; a name that would clash gets a suffix; legal
// names stay.
// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func @my_helper_kernel::@my_helper_kernel
// CHECK: gpu.launch_func @_1st_kernel::@_1st_kernel
// CHECK: gpu.launch_func @a_b_kernel_1::@a_b_kernel
// CHECK: gpu.launch_func @a_b_kernel::@a_b_kernel
// CHECK: gpu.launch_func @main_kernel::@main_kernel
// CHECK: gpu.module @my_helper_kernel
// CHECK-NEXT: gpu.func @my_helper_kernel() kernel
// CHECK: gpu.module @_1st_kernel
// CHECK-NEXT: gpu.func @_1st_kernel() kernel
// CHECK: gpu.module @a_b_kernel_1
// CHECK-NEXT: gpu.func @a_b_kernel() kernel
// CHECK: gpu.module @a_b_kernel
// CHECK-NEXT: gpu.func @a_b_kernel() kernel
// CHECK: gpu.module @main_kernel
// CHECK-NEXT: gpu.func @main_kernel() kernel
module attributes {gpu.container_module} {
  func.func @host() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @my.helper_kernel::@my.helper_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @"1st_kernel"::@"1st_kernel" blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @"a b_kernel"::@"a b_kernel" blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @a_b_kernel::@a_b_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
  gpu.module @my.helper_kernel {
    gpu.func @my.helper_kernel() kernel { gpu.return }
  }
  gpu.module @"1st_kernel" {
    gpu.func @"1st_kernel"() kernel { gpu.return }
  }
  gpu.module @"a b_kernel" {
    gpu.func @"a b_kernel"() kernel { gpu.return }
  }
  gpu.module @a_b_kernel {
    gpu.func @a_b_kernel() kernel { gpu.return }
  }
  gpu.module @main_kernel {
    gpu.func @main_kernel() kernel { gpu.return }
  }
}
