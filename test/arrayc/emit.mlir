// Each --emit level writes what it names.
// RUN: arrayc --emit=mlir %s | FileCheck %s --check-prefix=MLIR
// RUN: arrayc --emit=linalg %s | FileCheck %s --check-prefix=LINALG
// RUN: arrayc --emit=gpu %s | FileCheck %s --check-prefix=GPU
// RUN: arrayc --target=cpu --emit=gpu %s | FileCheck %s --check-prefix=CPULOOPS
// RUN: arrayc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: arrayc --target=cpu --emit=llvm %s | FileCheck %s --check-prefix=CPULLVM
// RUN: arrayc --emit=ptx %s | FileCheck %s --check-prefix=PTX
// RUN: arrayc --emit=ptx --arch=sm_89 %s -o %t.ptx && FileCheck %s --check-prefix=SM89 < %t.ptx
// RUN: arrayc --emit=obj %s -o %t.o && llvm-nm %t.o | FileCheck %s --check-prefix=OBJ
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=OBJNOMAIN
// RUN: arrayc --target=cpu %s -o %t.exe && %t.exe | FileCheck %s --check-prefix=EXE

// MLIR: array.exp %{{.+}} : tensor<4xf32>
// LINALG: linalg.generic
// LINALG-NOT: array.exp
// LINALG: array.print %{{.+}} : tensor<4xf32>
// GPU: gpu.launch_func async
// GPU: gpu.module @arrayc_kernels
// GPU: gpu.func @main_kernel
// CPULOOPS-NOT: gpu.
// CPULOOPS: scf.for
// LLVM: @arrayc_kernels_binary = internal constant
// The program's @main becomes arrayc_program_main; the C main comes from
// libarrayrt_main.a at link time (see entry.mlir).
// LLVM-NOT: define {{.*}} @main(
// LLVM: define void @arrayc_program_main()
// LLVM: call {{.*}}@mgpuLaunchKernel
// CPULLVM-NOT: mgpu
// CPULLVM-NOT: define {{.*}} @main(
// CPULLVM: define void @arrayc_program_main()
// CPULLVM: call void @arrayrt_print_f32
// PTX: .target sm_90a
// PTX: .entry main_kernel
// SM89: .target sm_89
// OBJ-DAG: T arrayc_program_main
// OBJNOMAIN-NOT: {{ main$}}
// OBJ-DAG: U mgpuLaunchKernel
// OBJ-DAG: U arrayrt_print_f32
// EXE: [ 1.        2.7182817  7.389056  20.085537 ]

func.func @main() {
  %x = array.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %e = array.exp %x : tensor<4xf32>
  array.print %e : tensor<4xf32>
  return
}
