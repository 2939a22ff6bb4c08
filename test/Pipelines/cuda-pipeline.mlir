// The CUDA pipeline end to end: host code in the LLVM dialect launching a
// kernel embedded as a gpu.binary for sm_90a (the default chip).
// RUN: array-opt %s --array-to-cuda-pipeline | FileCheck %s --check-prefix=HOST
// RUN: array-opt %s --array-to-cuda-pipeline="format=isa" | array-translate --gpu-binary-to-ptx | FileCheck %s --check-prefix=PTX
// RUN: array-opt %s --array-to-cuda-pipeline="format=isa chip=sm_80" | array-translate --gpu-binary-to-ptx | FileCheck %s --check-prefix=SM80
// RUN: array-opt %s --array-to-cuda-pipeline | not array-translate --gpu-binary-to-ptx 2>&1 | FileCheck %s --check-prefix=FATBIN
// The message is one line: not the gpu.binary's source line of escaped
// binary.
// RUN: array-opt %s --array-to-cuda-pipeline | not array-translate --gpu-binary-to-ptx 2>&1 | count 1

// HOST-NOT: linalg.
// HOST-NOT: memref.
// Everything goes on the program's default stream; the host waits for it
// only before printing and before returning (array-gpu-streams).
// HOST-LABEL: llvm.func @main()
// HOST-NOT: mgpuStreamCreate
// HOST: %[[S:.+]] = llvm.call @arrayrt_default_stream()
// HOST: llvm.call @mgpuMemAlloc(%{{.+}}, %[[S]], %{{.+}})
// HOST: gpu.launch_func <%[[S]] : !llvm.ptr> @main_kernel::@main_kernel blocks in
// HOST-NOT: llvm.call @arrayrt_stream_synchronize
// HOST: llvm.call @mgpuMemcpy(%{{.+}}, %{{.+}}, %{{.+}}, %[[S]])
// HOST-NOT: llvm.call @arrayrt_stream_synchronize
// HOST: llvm.call @arrayrt_stream_synchronize(%[[S]])
// HOST: llvm.call @arrayrt_print_f32
// HOST: llvm.call @mgpuMemFree(%{{.+}}, %[[S]])
// HOST: llvm.call @arrayrt_stream_synchronize(%[[S]])
// HOST-NEXT: llvm.return
// HOST-NOT: mgpuStreamSynchronize
// HOST-NOT: mgpuStreamCreate
// HOST: gpu.binary @main_kernel  [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx81">

// The chain fuses into one kernel that loads two inputs and stores once,
// after waiting for the previous kernel (array-gpu-programmatic-launch;
// sm_90 and later only).
// PTX: .version 8.1
// PTX: .target sm_90a
// PTX: .visible .global .align 4 .u32 arrayrt_programmatic_launch = 1;
// PTX: .visible .entry main_kernel(
// PTX: griddepcontrol.wait;
// PTX: ld.global.b32
// PTX: ld.global.b32
// PTX: ex2.approx
// PTX: st.global.b32
// PTX-NOT: .entry

// SM80: .target sm_80
// SM80-NOT: arrayrt_programmatic_launch
// SM80-NOT: griddepcontrol

// FATBIN: error: gpu.binary @{{[a-z_]+}} (line {{[0-9]+}}) holds a fatbin object, not PTX; produce it with gpu-module-to-binary{format=isa} (arrayc --emit=ptx)

func.func @main() {
  %x = array.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %a = array.constant dense<[0.5, 1.0, 2.0]> : tensor<3xf32>
  %xx = array.mul %x, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %n = array.neg %xx : tensor<2x3xf32>
  %e = array.exp %n : tensor<2x3xf32>
  %y = array.add %e, %a : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  array.print %y : tensor<2x3xf32>
  return
}
