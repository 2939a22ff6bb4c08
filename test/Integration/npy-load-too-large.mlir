// array.load_npy of a file whose array cannot fit in host memory stops the
// program before anything is allocated, naming the file, the array's size
// and the limit (exit status 1); it used to fail with 'Bad address' once
// the program's buffer could not be allocated. The NumPy code writes the
// header of a 1 TiB float32 array and extends the file to its full size
// without writing the data (a sparse file: no disk is used), and one of
// 8 GiB, which the program loads under a 4 GiB address-space limit
// (ulimit -v, set with prlimit). CPU target only under that limit: the
// CUDA driver reserves more address space than that when it starts.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.dir && mkdir -p %t.dir/limit && cd %t.dir && %numpy-ref %s > /dev/null
// RUN: cd %t.dir && not %t.cpu > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=MEMORY --input-file=%t.err
// RUN: %if !asan %{ cd %t.dir/limit && not prlimit --as=4294967296 %t.cpu > %t.out 2> %t.err %}
// RUN: %if !asan %{ FileCheck %s --check-prefix=LIMIT --input-file=%t.err %}
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ cd %t.dir && not %t.cuda > %t.out 2> %t.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=MEMORY --input-file=%t.err %}
// DEVICE-EXPECT-ERROR: cannot load 'x.npy': the array (shape (274877906944,), f32) does not fit in host memory: its 1099511627776 bytes (1.00 TiB) exceed
// MEMORY: arrayrt: error: {{.*}}npy-load-too-large.mlir:[[#@LINE+8]]:8: cannot load 'x.npy': the array (shape (274877906944,), f32) does not fit in host memory: its 1099511627776 bytes (1.00 TiB) exceed {{.*}} of {{[0-9]+}} bytes
// LIMIT: arrayrt: error: {{.*}}npy-load-too-large.mlir:[[#@LINE+7]]:8: cannot load 'x.npy': the array (shape (2147483648,), f32) does not fit in host memory: its 8589934592 bytes (8.00 GiB) exceed the address-space limit (ulimit -v) of 4294967296 bytes (4.00 GiB)

// NUMPY: def sparse_npy(path, n): f = open(path, "wb"); np.lib.format.write_array_header_1_0(f, {"descr": "<f4", "fortran_order": False, "shape": (n,)}); f.truncate(f.tell() + 4 * n); f.close()
// NUMPY: sparse_npy("x.npy", 2 ** 38)
// NUMPY: sparse_npy("limit/x.npy", 2 ** 31)

func.func @main() {
  %x = array.load_npy "x.npy" : tensor<?xf32>
  %s = array.sum %x : tensor<?xf32> -> tensor<f32>
  array.print %s : tensor<f32>
  return
}
