// RUN: array-opt %s -split-input-file -array-gpu-grid-barriers -verify-diagnostics | FileCheck %s

// Each grid barrier becomes block barriers around the first thread's
// arrival (fence, atomic add) and its poll of the counter; the kernel and
// its launches get the name that tells the runtime to launch it
// cooperatively. Kernels without grid barriers keep theirs.

// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func @arrayc_kernels::@main_kernel__arrayrt_cooperative
// CHECK: gpu.launch_func @arrayc_kernels::@plain
// CHECK-LABEL: gpu.module @arrayc_kernels
// CHECK-LABEL: gpu.func @main_kernel__arrayrt_cooperative(
// CHECK-SAME: %[[COUNTER:.*]]: memref<1xi32>
// CHECK-NOT: arrayrt.grid_barrier
// CHECK: gpu.barrier
// CHECK: scf.if %{{.*}} {
// CHECK: gpu.block_id z
// CHECK: %[[FIRST:.*]] = arith.andi
// CHECK: %[[ADD:.*]] = arith.select %[[FIRST]], %{{.*}}, %{{.*}} : i32
// CHECK: memref.extract_aligned_pointer_as_index %[[COUNTER]]
// CHECK: %[[OLD:.*]] = llvm.inline_asm has_side_effects "fence.acq_rel.gpu;\0A\09atom.add.release.gpu.u32 $0, [$1], $2;", "=r,l,r,~{memory}" %{{.*}}, %[[ADD]]
// CHECK: scf.while : () -> () {
// CHECK: %[[NOW:.*]] = llvm.inline_asm has_side_effects "ld.acquire.gpu.u32 $0, [$1];", "=r,l,~{memory}"
// CHECK: %[[FLIP:.*]] = arith.xori %[[OLD]], %[[NOW]] : i32
// CHECK: arith.andi %[[FLIP]], %{{.*}} : i32
// CHECK: scf.condition
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @plain(
module attributes {gpu.container_module} {
func.func @host(%counter: memref<1xi32>, %a: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch_func @arrayc_kernels::@main_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%counter : memref<1xi32>)
  gpu.launch_func @arrayc_kernels::@plain blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
  return
}
gpu.module @arrayc_kernels {
  gpu.func @main_kernel(%counter: memref<1xi32>) kernel {
    arrayrt.grid_barrier %counter : memref<1xi32>
    arrayrt.grid_barrier %counter : memref<1xi32>
    gpu.return
  }
  gpu.func @plain(%a: memref<4xf32>) kernel {
    gpu.return
  }
}
}

// -----

gpu.module @arrayc_kernels {
  gpu.func @helper(%counter: memref<1xi32>) {
    // expected-error @below {{'arrayrt.grid_barrier' op expected to be in a kernel, found it in a device function (the runtime launches only kernels cooperatively)}}
    arrayrt.grid_barrier %counter : memref<1xi32>
    gpu.return
  }
}
