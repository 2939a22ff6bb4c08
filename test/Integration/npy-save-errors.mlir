// A save that fails stops the program with the op's location and exit
// status 1, and leaves the file as it was with no temporary file behind:
// in a directory that does not exist, and over a directory. Files saved
// before the failure are complete; with the directory there, every save
// succeeds (a bf16 array too, npy-bf16.mlir).
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && not %t.cpu > %t.cpu.out 2> %t.cpu.err
// RUN: FileCheck %s --check-prefix=MISSING < %t.cpu.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpu.out
// RUN: cd %t.cpu.dir && ls -AR . | FileCheck %s --check-prefix=MISSING-FILES
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir/sub/x.npy && cd %t.cpu.dir && not %t.cpu > %t.cpu.out 2> %t.cpu.err
// RUN: FileCheck %s --check-prefix=RENAME < %t.cpu.err
// RUN: cd %t.cpu.dir && ls -AR . | FileCheck %s --check-prefix=RENAME-FILES
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir/sub && cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && ls -AR . | FileCheck %s --check-prefix=ALL-FILES
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && not %t.cuda > %t.cuda.out 2> %t.cuda.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=MISSING < %t.cuda.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=OUT < %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && ls -AR . | FileCheck %s --check-prefix=MISSING-FILES %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir/sub/x.npy && cd %t.cuda.dir && not %t.cuda > %t.cuda.out 2> %t.cuda.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=RENAME < %t.cuda.err %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && ls -AR . | FileCheck %s --check-prefix=RENAME-FILES %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir/sub && cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && ls -AR . | FileCheck %s --check-prefix=ALL-FILES %}

// Only the complete file, and the directories the RUN lines made.
// MISSING-FILES: {{^}}.:
// MISSING-FILES-NEXT: {{^}}kept.npy{{$}}
// MISSING-FILES-NOT: {{.}}
// RENAME-FILES: {{^}}.:
// RENAME-FILES-NEXT: {{^}}kept.npy{{$}}
// RENAME-FILES-NEXT: {{^}}sub{{$}}
// RENAME-FILES-EMPTY:
// RENAME-FILES-NEXT: {{^}}./sub:
// RENAME-FILES-NEXT: {{^}}x.npy{{$}}
// RENAME-FILES-EMPTY:
// RENAME-FILES-NEXT: {{^}}./sub/x.npy:
// RENAME-FILES-NOT: {{.}}
// ALL-FILES: {{^}}.:
// ALL-FILES-NEXT: {{^}}b.npy{{$}}
// ALL-FILES-NEXT: {{^}}kept.npy{{$}}
// ALL-FILES-NEXT: {{^}}sub{{$}}
// ALL-FILES-EMPTY:
// ALL-FILES-NEXT: {{^}}./sub:
// ALL-FILES-NEXT: {{^}}x.npy{{$}}
// ALL-FILES-NOT: {{.}}

func.func @main() {
  %a = array.constant dense<[1.0, 2.0]> : tensor<2xf32>
  array.save_npy %a, "kept.npy" : tensor<2xf32>
  // OUT: [1. 2.]
  // OUT-NOT: {{.}}
  array.print %a : tensor<2xf32>
  // MISSING: arrayrt: error: {{.*}}npy-save-errors.mlir:[[@LINE+2]]:3: cannot save 'sub/x.npy': cannot create temporary file 'sub/x.npy.tmp-{{[0-9]+}}-{{[0-9]+}}': No such file or directory
  // RENAME: arrayrt: error: {{.*}}npy-save-errors.mlir:[[@LINE+1]]:3: cannot save 'sub/x.npy': cannot rename 'sub/x.npy.tmp-{{[0-9]+}}-{{[0-9]+}}' to 'sub/x.npy': Is a directory
  array.save_npy %a, "sub/x.npy" : tensor<2xf32>
  %b = array.astype %a : tensor<2xf32> -> tensor<2xbf16>
  array.save_npy %b, "b.npy" : tensor<2xbf16>
  array.print %a : tensor<2xf32>
  return
}
