// array.load_npy on the CUDA target of a file whose array exceeds
// ARRAYRT_GPU_MEMORY_LIMIT: the allocation of the device buffer stops the
// program with exit status 1 and the memory pool's line, which names the
// op's location, the size and the limit, and then the file the array is
// for, its shape, dtype and size. Against the fake driver (the limit is the
// pool's, so no GPU is needed), on a GPU through scripts/gpu_check.py. The
// NumPy code writes the header of a 64 MiB float32 array and extends the
// file to its full size without writing the data (a sparse file).
// DEVICE-ENV: ARRAYRT_GPU_MEMORY_LIMIT=16MiB
// DEVICE-EXPECT-ERROR: out of GPU memory: cannot allocate 67108864 bytes (64.00 MiB): it would exceed the memory limit of 16777216 bytes (16.00 MiB) (ARRAYRT_GPU_MEMORY_LIMIT)
// RUN: arrayc --target=cuda %s -o %t
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %numpy-ref %s > /dev/null
// RUN: cd %t.dir && env ARRAYRT_CUDA_DRIVER_LIB=%fake_cuda_driver ARRAYRT_GPU_MEMORY_LIMIT=16MiB not %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: count 0 < %t.out

// CHECK: arrayrt: error: {{.*}}npy-load-gpu-memory-limit.mlir:[[@LINE+7]]:8: out of GPU memory: cannot allocate 67108864 bytes (64.00 MiB): it would exceed the memory limit of 16777216 bytes (16.00 MiB) (ARRAYRT_GPU_MEMORY_LIMIT); the pool has {{.*}} (for the array of 'x.npy': shape (16777216,), f32, 67108864 bytes (64.00 MiB))
// CHECK-NOT: {{.}}

// NUMPY: f = open("x.npy", "wb"); np.lib.format.write_array_header_1_0(f, {"descr": "<f4", "fortran_order": False, "shape": (2 ** 24,)}); f.truncate(f.tell() + 4 * 2 ** 24); f.close()

func.func @main() {
  // On the GPU: the sum reads the array where it was loaded.
  %x = array.load_npy "x.npy" : tensor<?xf32>
  %s = array.sum %x : tensor<?xf32> -> tensor<f32>
  array.print %s : tensor<f32>
  return
}
