// arrayc checks its options before any work: a clear error, exit status 1
// and no output file.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not arrayc 2>&1 | FileCheck %s --check-prefix=NOINPUT
// RUN: not arrayc -O4 %s -o %t/o4 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not arrayc --cuda-toolkit=%t/none %s -o %t/toolkit 2>&1 | FileCheck %s --check-prefix=TOOLKIT
// RUN: not arrayc --cuda-toolkit=%t %s -o %t/toolkit 2>&1 | FileCheck %s --check-prefix=NOPTXAS
// RUN: not arrayc --arch=sm_80,sm_999 %s -o %t/list 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: not arrayc --arch=sm_999 %s -o %t/unknown 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not arrayc --arch=sm_70 %s -o %t/old 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: not arrayc --arch=volta %s -o %t/form 2>&1 | FileCheck %s --check-prefix=FORM
// RUN: not ls %t/o4 %t/toolkit %t/list %t/unknown %t/old %t/form
// The toolkit is needed from --emit=llvm on; the architecture's form is
// checked at every level.
// RUN: arrayc --cuda-toolkit=%t/none --emit=gpu %s -o %t/kernels.mlir
// RUN: not arrayc --arch=sm_999 --emit=linalg %s -o %t/linalg.mlir 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// compute_XY embeds PTX that the driver compiles when the program loads it
// (for the GPU it runs on); sm_XY embeds machine code. Newer chips get the
// PTX version they need.
// RUN: arrayc --arch=compute_90 --emit=llvm %s -o - | FileCheck %s --check-prefix=JIT
// RUN: arrayc --arch=sm_100a --emit=ptx %s -o - | FileCheck %s --check-prefix=SM100
// RUN: arrayc --arch=sm_100a %s -o %t/sm100a

// Outputs: a regular file is replaced by a rename, a special file written
// in place and never replaced; a directory or a missing folder is an error
// naming the path.
// RUN: arrayc --target=cpu %s -o /dev/null
// RUN: test -c /dev/null
// RUN: arrayc --target=cpu --emit=llvm %s -o /dev/null
// RUN: test -c /dev/null
// RUN: not arrayc --target=cpu %s -o %t 2>&1 | FileCheck %s --check-prefix=DIR
// RUN: not arrayc --target=cpu --emit=llvm %s -o %t/missing/out.ll 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: echo old > %t/keep.ll
// RUN: not arrayc --target=cpu --emit=llvm %S/Inputs/bad-shape.mlir -o %t/keep.ll
// RUN: FileCheck %s --check-prefix=OLDFILE < %t/keep.ll
// RUN: ls %t | FileCheck %s --check-prefix=NOTEMP
// RUN: arrayc --target=cpu --emit=llvm %s -o %t/keep.ll
// RUN: FileCheck %s --check-prefix=NEWFILE < %t/keep.ll
// RUN: arrayc --target=cpu --emit=mlir %s -o - | FileCheck %s --check-prefix=STDOUT

// NOINPUT: arrayc: error: no input file (give a .mlir file, or - to read standard input)
// OPT: arrayc: error: -O4: the optimization level must be 0, 1, 2 or 3
// TOOLKIT: arrayc: error: the CUDA toolkit '{{.*}}none' (--cuda-toolkit) is not a directory
// NOPTXAS: arrayc: error: the CUDA toolkit '{{.*}}' (--cuda-toolkit) has no ptxas (expected {{.*}}ptxas)
// LIST: arrayc: error: --arch=sm_999: LLVM's NVPTX back end does not know sm_999
// UNKNOWN: arrayc: error: --arch=sm_999: LLVM's NVPTX back end does not know sm_999
// OLD: arrayc: error: --arch=sm_70: the ptxas of '{{.*}}' does not support it (it takes sm_75, sm_80, {{.*}}sm_90a
// FORM: arrayc: error: --arch=volta: expected sm_XY (machine code for that GPU, e.g. sm_90a) or compute_XY (PTX the driver compiles, e.g. compute_90)
// JIT: .target sm_90
// JIT: call ptr @mgpuModuleLoadJIT
// SM100: .version 8.6
// SM100: .target sm_100a
// DIR: arrayc: error: cannot write '{{.*}}': it is a directory
// MISSING: arrayc: error: cannot write '{{.*}}missing/out.ll': No such file or directory
// OLDFILE: old
// NOTEMP-NOT: arrayc-
// NEWFILE: define {{.*}}@arrayc_program_main
// STDOUT: func.func @main

func.func @main() {
  %a = array.full 1.0 : tensor<4xf32>
  %b = array.exp %a : tensor<4xf32>
  array.print %b : tensor<4xf32>
  return
}
