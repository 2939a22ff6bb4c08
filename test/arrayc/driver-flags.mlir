// The driver's flags for targets, debugging and timing, and their errors
// (exit status 1, one line naming the flag, no output file).
// RUN: rm -rf %t && mkdir -p %t
// RUN: not arrayc --arch=sm_80 --arch=sm_90a %s -o %t/twice 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: arrayc: error: --arch was given 2 times; give it once
// RUN: not arrayc --features=ptx86 %s -o %t/feature 2>&1 | FileCheck %s --check-prefix=FEATURE
// FEATURE: arrayc: error: --features=ptx86: 'ptx86' is not a feature; give +name or -name, comma-separated (e.g. +ptx86)
// RUN: not arrayc --target=cpu --features=+ptx86 %s -o %t/cpufeature 2>&1 | FileCheck %s --check-prefix=CPUFEATURE
// CPUFEATURE: arrayc: error: --features is for the device code: it needs --target=cuda
// RUN: not arrayc --target=cpu -Xptxas -v %s -o %t/cpuptxas 2>&1 | FileCheck %s --check-prefix=CPUPTXAS
// CPUPTXAS: arrayc: error: -Xptxas is for the device code: it needs --target=cuda
// RUN: not arrayc --arch=compute_90 -Xptxas -v %s -o %t/jitptxas 2>&1 | FileCheck %s --check-prefix=JITPTXAS
// JITPTXAS: arrayc: error: -Xptxas: ptxas does not run for --arch=compute_90 (the driver compiles the PTX when the program loads it)
// RUN: not arrayc --target=cpu -lineinfo %s -o %t/cpulines 2>&1 | FileCheck %s --check-prefix=CPULINES
// CPULINES: arrayc: error: -lineinfo is for the device code: it needs --target=cuda
// RUN: not arrayc --mcpu=pentium9 %s -o %t/cpu 2>&1 | FileCheck %s --check-prefix=MCPU
// RUN: not arrayc -march=pentium9 %s -o %t/cpu 2>&1 | FileCheck %s --check-prefix=MCPU
// MCPU: arrayc: error: --mcpu=pentium9: LLVM does not know the CPU 'pentium9'
// RUN: not arrayc --target=cpu --parallel-grain=0 %s -o %t/grain 2>&1 | FileCheck %s --check-prefix=GRAIN
// GRAIN: arrayc: error: --parallel-grain=0: the grain must be 1 or more iterations
// RUN: not arrayc --target=cpu --processes=-2 %s -o %t/processes 2>&1 | FileCheck %s --check-prefix=PROCESSES
// PROCESSES: arrayc: error: --processes=-2: the number of processes must be 1 or more
// RUN: not ls %t/twice %t/feature %t/cpufeature %t/cpuptxas %t/jitptxas %t/cpulines %t/cpu %t/grain

// --features replaces the chip's PTX version; -Xptxas reaches ptxas (an
// option it does not know fails the compile, naming it).
// RUN: arrayc --features=+ptx86 --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX86
// PTX86: .version 8.6
// RUN: arrayc -Xptxas -O2 %s -o %t/ptxas-o2
// RUN: not arrayc -Xptxas --no-such-option %s -o %t/bad-ptxas 2>&1 | FileCheck %s --check-prefix=BADPTXAS
// BADPTXAS: ptxas fatal   : Unknown option
// RUN: not ls %t/bad-ptxas

// -lineinfo: .file and .loc directives pointing at this file's lines.
// RUN: arrayc -lineinfo --emit=ptx %s -o - | FileCheck %s --check-prefix=LINES
// LINES: .loc 1 {{8[0-9]}}
// LINES: .file 1 "{{.*}}driver-flags.mlir"
// LINES-NOT: .section .debug
// RUN: arrayc --emit=ptx %s -o - | FileCheck %s --check-prefix=NOLINES
// NOLINES-NOT: .loc
// ptxas takes it (no DWARF sections, which it would not optimize).
// RUN: arrayc -lineinfo %s -o %t/lines

// -g: DWARF for the host functions; -mcpu=native and -march=x86-64-v3.
// RUN: arrayc --target=cpu -g --emit=llvm %s -o - | FileCheck %s --check-prefix=DWARF
// DWARF: define {{.*}} @arrayc_program_main({{.*}} !dbg
// DWARF: !DICompileUnit({{.*}}emissionKind: FullDebug
// RUN: arrayc --target=cpu -g %s -o %t/debug && llvm-readelf -S %t/debug | FileCheck %s --check-prefix=SECTIONS
// SECTIONS: .debug_info
// RUN: arrayc --target=cpu --mcpu=native %s -o %t/native && %t/native | FileCheck %s --check-prefix=OUT
// RUN: arrayc --target=cpu -march=x86-64-v3 --emit=llvm %s -o - | FileCheck %s --check-prefix=V3
// V3: "target-cpu"="x86-64-v3"
// The CPU target's code is for this machine unless told otherwise; the
// CUDA target's host code for any x86-64.
// RUN: arrayc --target=cpu --emit=llvm %s -o - | FileCheck %s --check-prefix=NATIVE
// NATIVE: "target-cpu"=
// NATIVE-SAME: "target-features"=
// RUN: arrayc --target=cpu --mcpu=generic --emit=llvm %s -o - | FileCheck %s --check-prefix=GENERIC
// RUN: arrayc --target=cuda --emit=llvm %s -o - | FileCheck %s --check-prefix=GENERIC
// GENERIC-NOT: "target-cpu"
// RUN: %t/debug | FileCheck %s --check-prefix=OUT

// --mlir-timing: each step's time on stderr.
// RUN: arrayc --target=cpu --mlir-timing %s -o %t/timed 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: Execution time report
// TIMING: parse and verify
// TIMING: MLIR pipeline
// TIMING: translation to LLVM IR
// TIMING: host LLVM optimization
// TIMING: host code generation
// TIMING: link

// --version: Arrayc's version and commit, LLVM/MLIR's, the CUDA toolkit's.
// RUN: arrayc --version | FileCheck %s --check-prefix=VERSION
// VERSION: Arrayc {{[0-9]+\.[0-9]+\.[0-9]+}} (commit {{.+}})
// VERSION-NEXT: LLVM/MLIR 22.
// VERSION-NEXT: CUDA toolkit {{[0-9]+\.[0-9]+}}
// VERSION-NEXT: host target

// --emit=ptx of a program without kernels writes an empty listing.
// RUN: arrayc --emit=ptx %S/Inputs/no-kernels.mlir -o - | FileCheck %s --check-prefix=NOKERNELS
// NOKERNELS: no-kernels.mlir: no GPU kernels (the program runs on the host only)

// OUT: {{^}}[0.5 1.5 2.5]
func.func @main() {
  %x = array.arange 0.0, 3.0, 1.0 : tensor<3xf32>
  %half = array.full 0.5 : tensor<f32>
  %y = array.add %x, %half : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  array.print %y : tensor<3xf32>
  return
}
