// A file array.load_npy cannot read as the result type stops the program
// with the op's location and exit status 1; what was printed before is
// kept. The NumPy code below writes the files the program loads, ok.npy
// and x.npy, and one directory per error, each with ok.npy and a different
// x.npy; the RUN lines run the program in each.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: cd %t.cpu.dir/missing && not %t.cpu > %t.cpu.out 2> %t.cpu.err
// RUN: FileCheck %s --check-prefix=MISSING --input-file=%t.cpu.err
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.cpu.out
// RUN: cd %t.cpu.dir/dtype && not %t.cpu 2> %t.cpu.err
// RUN: FileCheck %s --check-prefix=DTYPE --input-file=%t.cpu.err
// RUN: cd %t.cpu.dir/shape && not %t.cpu 2> %t.cpu.err
// RUN: FileCheck %s --check-prefix=SHAPE --input-file=%t.cpu.err
// RUN: cd %t.cpu.dir/rank && not %t.cpu 2> %t.cpu.err
// RUN: FileCheck %s --check-prefix=RANK --input-file=%t.cpu.err
// RUN: cd %t.cpu.dir/fortran && not %t.cpu 2> %t.cpu.err
// RUN: FileCheck %s --check-prefix=FORTRAN --input-file=%t.cpu.err
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir/missing && not %t.cuda > %t.cuda.out 2> %t.cuda.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=MISSING --input-file=%t.cuda.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=OUT --input-file=%t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir/dtype && not %t.cuda 2> %t.cuda.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=DTYPE --input-file=%t.cuda.err %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir/shape && not %t.cuda 2> %t.cuda.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=SHAPE --input-file=%t.cuda.err %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir/rank && not %t.cuda 2> %t.cuda.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=RANK --input-file=%t.cuda.err %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir/fortran && not %t.cuda 2> %t.cuda.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=FORTRAN --input-file=%t.cuda.err %}

// NUMPY: import os
// NUMPY: for case in [".", "missing", "dtype", "shape", "rank", "fortran"]: os.makedirs(case, exist_ok=True); np.save(case + "/ok.npy", np.array([1, 2], np.int32))
// NUMPY: np.save("x.npy", np.ones((4, 3), np.float32))
// NUMPY: np.save("dtype/x.npy", np.ones((4, 3), np.int64))
// NUMPY: np.save("shape/x.npy", np.ones((4, 2), np.float32))
// NUMPY: np.save("rank/x.npy", np.ones((12,), np.float32))
// NUMPY: np.save("fortran/x.npy", np.asfortranarray(np.ones((4, 3), np.float32)))
// NUMPY: print(np.array([1, 2], np.int32)); print(np.ones((4, 3), np.float32))

func.func @main() {
  %ok = array.load_npy "ok.npy" : tensor<2xi32>
  // OUT: [1 2]
  // OUT-NOT: {{.}}
  array.print %ok : tensor<2xi32>
  // MISSING: arrayrt: error: {{.*}}npy-load-errors.mlir:[[@LINE+5]]:8: cannot load 'x.npy': No such file or directory
  // DTYPE: arrayrt: error: {{.*}}npy-load-errors.mlir:[[@LINE+4]]:8: cannot load 'x.npy': dtype mismatch: expected '<f4' (f32), found '<i8' (i64)
  // SHAPE: arrayrt: error: {{.*}}npy-load-errors.mlir:[[@LINE+3]]:8: cannot load 'x.npy': shape mismatch: expected shape (4, 3), found (4, 2)
  // RANK: arrayrt: error: {{.*}}npy-load-errors.mlir:[[@LINE+2]]:8: cannot load 'x.npy': rank mismatch: expected shape (?, ?), found (12,)
  // FORTRAN: arrayrt: error: {{.*}}npy-load-errors.mlir:[[@LINE+1]]:8: cannot load 'x.npy': Fortran-order arrays are not supported
  %x = array.load_npy "x.npy" : tensor<?x3xf32>
  array.print %x : tensor<?x3xf32>
  return
}
