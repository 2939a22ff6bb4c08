// The program's func.func @main() is compiled to arrayc_program_main with
// external linkage, and its table (arrayc_program) and packed entry point
// come with it; the C main comes from libarrayrt_main.a, which arrayc links
// before libarrayrt.a, and runs the program once through arrayrt_run_main
// (or benchmarks it, see test/arrayc/bench-mode.mlir; @main with arguments:
// test/Integration/main-arguments.mlir).
// RUN: arrayc --target=cpu --emit=llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: arrayc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: arrayc --target=cpu %s -o %t.exe
// RUN: llvm-nm %t.exe | FileCheck %s --check-prefix=EXE
// RUN: %t.exe | FileCheck %s --check-prefix=OUT
//
// An object links by hand with the two archives, in that order.
// RUN: arrayc --target=cpu --emit=obj %s -o %t.o
// RUN: %program_cxx %t.o %arrayc_obj/lib/libarrayrt_main.a %arrayrt_lib -o %t.byhand -lz -ldl -lpthread -lm
// RUN: %t.byhand | FileCheck %s --check-prefix=OUT
//
// A runtime library without libarrayrt_main.a beside it is an error, and no
// executable is written.
// RUN: rm -rf %t.rt && mkdir -p %t.rt && cp %arrayrt_lib %t.rt/
// RUN: not arrayc --target=cpu --runtime-lib=%t.rt/libarrayrt.a %s -o %t.nomain 2>&1 | FileCheck %s --check-prefix=NOMAINLIB
// RUN: not test -e %t.nomain

// LLVM-NOT: define {{.*}} @main(
// LLVM: @arrayc_program = local_unnamed_addr constant {{.*}} @__arrayc_packed_main
// LLVM: define void @arrayc_program_main()
// LLVM-NOT: define {{.*}} @main(
// EXE-DAG: T main
// EXE-DAG: T arrayc_program_main
// EXE-DAG: T arrayrt_run_main
// EXE-DAG: {{[DR]}} arrayc_program{{$}}
// OUT: [0.5 1.  1.5]
// NOMAINLIB: arrayc: error: runtime entry library '{{.*}}libarrayrt_main.a' not found next to the runtime library (build the arrayrt_main target)

func.func @main() {
  %a = array.arange 1, 4, 1 : tensor<3xi64>
  %h = array.astype %a : tensor<3xi64> -> tensor<3xf32>
  %two = array.full 2.0 : tensor<f32>
  %b = array.div %h, %two : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  array.print %b : tensor<3xf32>
  return
}
