// Sizes read at run time that no allocation can serve stop the program with
// the op's location, the shape and the reason (exit status 1), on both
// targets: a negative size, byte counts that overflow 64 bits (1e11 x 1e11
// and 2^62 x 4 float32), and more memory than there is (400 GB: the host's
// limit on the CPU target, or ARRAYRT_HOST_MEMORY_LIMIT; the GPU's on the
// CUDA target). The NumPy code writes one sizes file per folder; the
// top folder's sizes fit.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > %t.ref
// RUN: cd %t.dir && %t.cpu > %t.out
// RUN: %numpy-ref --compare %t.out %s
// RUN: cd %t.dir/negative && not %t.cpu > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=NEGATIVE --input-file=%t.err
// RUN: count 0 < %t.out
// RUN: cd %t.dir/overflow && not %t.cpu 2> %t.err
// RUN: FileCheck %s --check-prefix=OVERFLOW --input-file=%t.err
// RUN: cd %t.dir/overflow4 && not %t.cpu 2> %t.err
// RUN: FileCheck %s --check-prefix=OVERFLOW4 --input-file=%t.err
// RUN: cd %t.dir/huge && not %t.cpu 2> %t.err
// RUN: FileCheck %s --check-prefix=HUGE --input-file=%t.err
// RUN: cd %t.dir && env ARRAYRT_HOST_MEMORY_LIMIT=16 not %t.cpu 2> %t.err
// RUN: FileCheck %s --check-prefix=LIMIT --input-file=%t.err
// RUN: cd %t.dir && env ARRAYRT_HOST_MEMORY_LIMIT=lots not %t.cpu 2> %t.err
// RUN: FileCheck %s --check-prefix=BADLIMIT --input-file=%t.err
// The CUDA executable checks sizes before it needs a GPU: the fake driver
// (no GPU) is enough for the invalid ones.
// RUN: cd %t.dir/negative && env ARRAYRT_CUDA_DRIVER_LIB=%fake_cuda_driver not %t.cuda 2> %t.err
// RUN: FileCheck %s --check-prefix=NEGATIVE --input-file=%t.err
// RUN: cd %t.dir/overflow && env ARRAYRT_CUDA_DRIVER_LIB=%fake_cuda_driver not %t.cuda 2> %t.err
// RUN: FileCheck %s --check-prefix=OVERFLOW --input-file=%t.err
// RUN: %if cuda-gpu %{ cd %t.dir/huge && not %t.cuda 2> %t.err && FileCheck %s --check-prefix=GPUHUGE --input-file=%t.err %}
// DEVICE-CASE: negative dimension 0 is -1, a negative size
// DEVICE-CASE: overflow it would take 4e+22 bytes, more than a 64-bit size can hold
// DEVICE-CASE: overflow4 it would take 7.38e+19 bytes, more than a 64-bit size can hold
// DEVICE-CASE: huge out of GPU memory: cannot allocate 400000000000 bytes

// NEGATIVE: arrayrt: error: {{.*}}allocation-errors.mlir:[[#LINE:]]:8: array.full: cannot allocate an array of shape [-1, 3] of float32 (4 bytes each): dimension 0 is -1, a negative size
// OVERFLOW: arrayrt: error: {{.*}}allocation-errors.mlir:[[#]]:8: array.full: cannot allocate an array of shape [100000000000, 100000000000] of float32 (4 bytes each): it would take 4e+22 bytes, more than a 64-bit size can hold
// OVERFLOW4: arrayrt: error: {{.*}}allocation-errors.mlir:[[#]]:8: array.full: cannot allocate an array of shape [4611686018427387904, 4] of float32 (4 bytes each): it would take 7.38e+19 bytes, more than a 64-bit size can hold
// HUGE: arrayrt: error: {{.*}}allocation-errors.mlir:[[#]]:8: array.full: out of host memory: cannot allocate {{[0-9]+}} bytes ({{.*}} GiB); the limit is {{.*}} (this machine's memory (RAM and swap))
// LIMIT: arrayrt: error: {{.*}}allocation-errors.mlir:[[#]]:{{[0-9]+}}: array.load_npy: out of host memory: cannot allocate {{[0-9]+}} bytes; the limit is 16 bytes (ARRAYRT_HOST_MEMORY_LIMIT)
// BADLIMIT: arrayrt: error: ARRAYRT_HOST_MEMORY_LIMIT is 'lots': it does not start with a digit; expected a number of bytes (such as 4294967296 or 4GiB) or a percentage of the machine's memory (such as 80%)
// GPUHUGE: arrayrt: error: {{.*}}allocation-errors.mlir:[[#]]:8: out of GPU memory: cannot allocate 400000000000 bytes

// NUMPY: import os
// NUMPY: cases = {".": [2, 3], "negative": [-1, 3], "overflow": [10**11, 10**11], "overflow4": [2**62, 4], "huge": [100000, 1000000]}
// NUMPY: for folder, sizes in cases.items(): os.makedirs(folder, exist_ok=True); np.save(os.path.join(folder, "sizes.npy"), np.array(sizes, np.int64))
// NUMPY: print(np.full((2, 3), 1.5, np.float32))

func.func @fill(%n: index, %m: index) {
  %a = array.full(%n, %m) 1.5 : tensor<?x?xf32>
  array.print %a : tensor<?x?xf32>
  return
}

func.func @main() {
  %sizes = array.load_npy "sizes.npy" : tensor<2xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n64 = tensor.extract %sizes[%c0] : tensor<2xi64>
  %m64 = tensor.extract %sizes[%c1] : tensor<2xi64>
  %n = arith.index_cast %n64 : i64 to index
  %m = arith.index_cast %m64 : i64 to index
  call @fill(%n, %m) : (index, index) -> ()
  return
}
