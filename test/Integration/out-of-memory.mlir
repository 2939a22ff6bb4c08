// A program whose allocation exceeds ARRAYRT_GPU_MEMORY_LIMIT stops with
// exit status 1 and one line naming the op's source location, the size
// and the memory pool's state: here against the fake driver (the limit is
// the pool's, so no GPU is needed), on a GPU through scripts/gpu_check.py.
// DEVICE-ENV: ARRAYRT_GPU_MEMORY_LIMIT=16MiB
// DEVICE-EXPECT-ERROR: out-of-memory.mlir:20:8: out of GPU memory: cannot allocate 67108864 bytes (64.00 MiB): it would exceed the memory limit of 16777216 bytes (16.00 MiB) (ARRAYRT_GPU_MEMORY_LIMIT); the pool has
// RUN: arrayc --target=cuda %s -o %t
// RUN: env ARRAYRT_CUDA_DRIVER_LIB=%fake_cuda_driver ARRAYRT_GPU_MEMORY_LIMIT=16MiB not %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: count 0 < %t.out
// Under the limit, the same program runs (the fake driver runs no kernel,
// so only the shape of the output is checked).
// RUN: env ARRAYRT_CUDA_DRIVER_LIB=%fake_cuda_driver ARRAYRT_GPU_MEMORY_LIMIT=1GiB %t | FileCheck %s --check-prefix=FITS

// CHECK: arrayrt: error: {{.*}}out-of-memory.mlir:[[@LINE+5]]:8: out of GPU memory: cannot allocate 67108864 bytes (64.00 MiB): it would exceed the memory limit of 16777216 bytes (16.00 MiB) (ARRAYRT_GPU_MEMORY_LIMIT); the pool has {{.*}} in use ({{[0-9]+}} allocations) and {{.*}} cached after releasing its free segments, limit 16777216 bytes (16.00 MiB)
// CHECK-NOT: {{.}}
// FITS: {{^\[\[.* \.\.\. .*\]$}}
func.func @main() {
  // 4096 x 4096 float32: 64 MiB of device memory.
  %a = array.full 1.0 : tensor<4096x4096xf32>
  array.print %a : tensor<4096x4096xf32>
  return
}
