// --arch with a list: the kernels are generated for the oldest
// architecture, compiled to machine code for each, and packed with the
// newest one's PTX into one fatbin (array-gpu-multi-arch-fatbin), so the
// program runs on each listed GPU and, through the PTX, on newer ones.
// RUN: rm -rf %t && mkdir -p %t
// RUN: arrayc --arch=sm_90a,sm_80,sm_100a --emit=llvm %s -o - | %numpy-python %S/Inputs/fatbin_images.py | FileCheck %s --check-prefix=IMAGES
// IMAGES: elf sm_80
// IMAGES-NEXT: elf sm_90
// IMAGES-NEXT: elf sm_100
// IMAGES-NEXT: ptx sm_100
// IMAGES-NOT: {{.}}
// One architecture: its machine code and its PTX, as before.
// RUN: arrayc --emit=llvm %s -o - | %numpy-python %S/Inputs/fatbin_images.py | FileCheck %s --check-prefix=ONE
// ONE: elf sm_90
// ONE-NEXT: ptx sm_90
// ONE-NOT: {{.}}
// The executable links; --emit=ptx lists each architecture's PTX.
// RUN: arrayc --arch=sm_80,sm_90a %s -o %t/multi
// RUN: arrayc --arch=sm_80,sm_90a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
// PTX: .target sm_80
// PTX: .target sm_90a
// With an architecture before sm_90 in the list, no kernel waits for its
// predecessor (griddepcontrol is sm_90's): array-gpu-programmatic-launch
// does not run.
// RUN: arrayc --arch=sm_80,sm_90a --emit=ptx %s -o - | FileCheck %s --check-prefix=NOWAIT
// NOWAIT-NOT: griddepcontrol
// NOWAIT-NOT: arrayrt_programmatic_launch
// RUN: arrayc --arch=sm_90a,sm_100a --emit=ptx %s -o - | FileCheck %s --check-prefix=WAIT
// WAIT: .target sm_90a
// WAIT: griddepcontrol.wait;
// WAIT: .target sm_100a
// WAIT: griddepcontrol.wait;
// -Xptxas and -lineinfo reach every ptxas run.
// RUN: not arrayc --arch=sm_80,sm_90a -Xptxas --no-such-option %s -o %t/bad 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS: ptxas failed
// PTXAS: Unknown option
// RUN: arrayc --arch=sm_80,sm_90a -lineinfo %s -o %t/lines
// Errors: a PTX-only entry, the same number twice, an unknown chip.
// RUN: not arrayc --arch=sm_80,compute_90 %s -o %t/x 2>&1 | FileCheck %s --check-prefix=JIT
// JIT: arrayc: error: --arch=sm_80,compute_90: a list takes sm_XY entries (each gets machine code, the newest PTX as well), not compute_90
// RUN: not arrayc --arch=sm_90,sm_90a %s -o %t/x 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: arrayc: error: --arch=sm_90,sm_90a: sm_90 and sm_90a are the same architecture; give one
// RUN: not arrayc --arch=sm_80, %s -o %t/x 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: arrayc: error: --arch=: expected sm_XY or compute_XY, or a comma-separated list of sm_XY
// RUN: not ls %t/x %t/bad

func.func @main() {
  %x = array.arange 0.0, 3.0, 1.0 : tensor<3xf32>
  %y = array.exp %x : tensor<3xf32>
  array.print %y : tensor<3xf32>
  return
}
