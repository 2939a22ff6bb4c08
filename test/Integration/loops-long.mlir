// A host loop of a million iterations that launches kernels, compiled for
// the CUDA target and run against the fake driver (no GPU needed: launches
// do nothing there, so only the host code is tested): each iteration's
// launch parameters used to stay on the stack until the function returned,
// and about 100,000 iterations overflowed the 8 MiB stack (SIGSEGV).
// array-loop-stack releases them every iteration.
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: env ARRAYRT_CUDA_DRIVER_LIB=%fake_cuda_driver %t.cuda | FileCheck %s
// The values are whatever the fake device memory holds; the program ends.
// CHECK: {{^}}[

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000 : index
  %t0 = array.full 1.0 : tensor<8xf32>
  %t = scf.for %i = %c0 to %n step %c1 iter_args(%ti = %t0) -> (tensor<8xf32>) {
    // A reduction that feeds back: not an elementwise loop, so a launch
    // per iteration stays.
    %s = array.sum %ti : tensor<8xf32> -> tensor<f32>
    %m = array.sub %ti, %s : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    scf.yield %m : tensor<8xf32>
  }
  array.print %t : tensor<8xf32>
  return
}
