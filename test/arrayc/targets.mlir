// A CPU executable needs no CUDA library. A CUDA executable started where
// no driver can be loaded exits 1 with a clear message, not a crash.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: llvm-readelf --needed-libs %t.cpu | FileCheck %s --check-prefix=CPULIBS
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: llvm-readelf --needed-libs %t.cuda | FileCheck %s --check-prefix=CUDALIBS
// RUN: env ARRAYRT_CUDA_DRIVER_LIB=libcuda-missing.so.1 not %t.cuda > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=NODRIVER < %t.err
// RUN: count 0 < %t.out

// CPULIBS-NOT: cuda
// CPULIBS-NOT: stdc++
// CPULIBS: libc.so
// CPULIBS-NOT: cuda
// CUDALIBS-NOT: cuda
// CUDALIBS-NOT: stdc++
// NODRIVER: arrayrt: error: cannot run on the GPU: libcuda-missing.so.1 could not be loaded ({{.*}}); this program was compiled with --target=cuda and needs an NVIDIA GPU and driver (compile with --target=cpu to run on the CPU)

func.func @main() {
  %a = array.full 1.0 : tensor<4xf32>
  %b = array.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  array.print %b : tensor<4xf32>
  return
}
