// array.save_npy to paths that are not regular files writes them in place
// and never replaces them: /dev/null and a symbolic link to it take the
// data, /dev/stdout writes the .npy bytes to the program's standard output
// after what it printed, and /dev/full stops the program with ENOSPC (exit
// status 1). Afterwards /dev/null and /dev/full are still character
// devices, the link is still a link, and no temporary file is left. (As
// root, a save to /dev/full used to exit 0 and leave a regular file in its
// place: the data went to a temporary renamed over the device.)
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && ln -s /dev/null null.npy
// RUN: cd %t.dir && not %t.cpu > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err
// RUN: %numpy-python %S/Inputs/split_npy_stdout.py %t.out | FileCheck %s --check-prefix=OUT
// RUN: test -c /dev/null && test -c /dev/full && test -L %t.dir/null.npy
// RUN: ls -A %t.dir | FileCheck %s --check-prefix=FILES
// RUN: ls -A /dev | FileCheck %s --check-prefix=DEV
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ cd %t.dir && not %t.cuda > %t.cuda.out 2> %t.cuda.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=ERR --input-file=%t.cuda.err %}
// RUN: %if cuda-gpu %{ %numpy-python %S/Inputs/split_npy_stdout.py %t.cuda.out | FileCheck %s --check-prefix=OUT %}
// RUN: %if cuda-gpu %{ test -c /dev/null && test -c /dev/full && test -L %t.dir/null.npy %}
// DEVICE-EXPECT-ERROR: cannot save '/dev/full': cannot write '/dev/full': No space left on device

// ERR: arrayrt: error: {{.*}}npy-save-devices.mlir:[[#@LINE+19]]:3: cannot save '/dev/full': cannot write '/dev/full': No space left on device
// ERR-NOT: {{.}}
// What the program printed, then the array it saved to /dev/stdout.
// OUT: printed: {{\[\[}}1. 2. 3.]
// OUT-NEXT: printed:  [4. 5. 6.]]
// OUT-NEXT: saved: float32 (2, 3)
// OUT-NEXT: saved: {{\[\[}}1. 2. 3.]
// OUT-NEXT: saved:  [4. 5. 6.]]
// OUT-NOT: {{.}}
// FILES: null.npy
// FILES-NOT: {{.}}
// DEV-NOT: {{^(null|full)\.tmp-}}

func.func @main() {
  %a = array.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  array.print %a : tensor<2x3xf32>
  array.save_npy %a, "/dev/null" : tensor<2x3xf32>
  array.save_npy %a, "null.npy" : tensor<2x3xf32>
  array.save_npy %a, "/dev/stdout" : tensor<2x3xf32>
  array.save_npy %a, "/dev/full" : tensor<2x3xf32>
  return
}
