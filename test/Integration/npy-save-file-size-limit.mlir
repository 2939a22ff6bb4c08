// A save that fails halfway (here: past the file-size limit, ulimit -f set
// with prlimit: EFBIG rather than death by SIGXFSZ) stops the program with the op's
// location and exit status 1, and leaves the file it would have replaced as
// it was and no temporary file: the data goes to a temporary next to it,
// renamed over it only when complete. The NumPy code writes the old x.npy.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > /dev/null
// RUN: cd %t.dir && not prlimit --fsize=65536 %t.cpu > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err
// RUN: cd %t.dir && ls -A | FileCheck %s --check-prefix=FILES
// RUN: cd %t.dir && %numpy-python -c "import numpy as np; print(np.load('x.npy'))" | FileCheck %s --check-prefix=OLD
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > /dev/null %}
// RUN: %if cuda-gpu %{ cd %t.dir && not prlimit --fsize=65536 %t.cuda > %t.out 2> %t.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=ERR --input-file=%t.err %}
// RUN: %if cuda-gpu %{ cd %t.dir && ls -A | FileCheck %s --check-prefix=FILES %}
// DEVICE-SKIP: needs a file-size limit around the program, which gpu_check.py does not set

// ERR: arrayrt: error: {{.*}}npy-save-file-size-limit.mlir:[[#@LINE+9]]:3: cannot save 'x.npy': cannot write 'x.npy.tmp-{{[0-9]+}}-{{[0-9]+}}': File too large
// FILES: x.npy
// FILES-NOT: {{.}}
// OLD: [1 2 3]

// NUMPY: np.save("x.npy", np.array([1, 2, 3], np.int32))

func.func @main() {
  %a = array.full 1.5 : tensor<1024x1024xf32>
  array.save_npy %a, "x.npy" : tensor<1024x1024xf32>
  return
}
