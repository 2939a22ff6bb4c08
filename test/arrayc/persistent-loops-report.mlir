// arrayc --persistent-loops --print-kernel-plan: a remark at each host
// loop that launches kernels, saying whether it runs as one persistent
// kernel and, if not, why (--register-loops=false: these loops would be
// register loops first, loops-register.mlir).
// RUN: arrayc --target=cuda --persistent-loops --register-loops=false --print-kernel-plan --emit=gpu %s -o /dev/null 2>&1 | FileCheck %s
// RUN: arrayc --target=cuda --persistent-loops=false --print-kernel-plan --emit=gpu %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// OFF-NOT: persistent loop
// OFF-NOT: register loop
// The default is on: the first loop becomes a register loop.
// RUN: arrayc --target=cuda --print-kernel-plan --emit=gpu %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: persistent-loops-report.mlir:[[#@LINE+6]]:8: remark: register loop: yes

// CHECK: persistent-loops-report.mlir:[[#@LINE+4]]:8: remark: persistent loop: yes: one cooperative kernel, 2 grid barriers per iteration (arrays of at most 1048576 elements; other sizes run the loop as before)
func.func @relax(%t0: tensor<?xf32>, %iters: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = scf.for %i = %c0 to %iters step %c1 iter_args(%ti = %t0) -> (tensor<?xf32>) {
    %s = array.sum %ti : tensor<?xf32> -> tensor<f32>
    %next = array.add %ti, %s : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    scf.yield %next : tensor<?xf32>
  }
  return %t : tensor<?xf32>
}

// A value read on the host each iteration keeps the loop on the host.
// CHECK: persistent-loops-report.mlir:[[#@LINE+5]]:14: remark: persistent loop: no: an operation that is not a kernel, an allocation or a scalar computation
func.func @host_read(%t0: tensor<?xf32>, %iters: index) -> (tensor<?xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %t, %acc = scf.for %i = %c0 to %iters step %c1 iter_args(%ti = %t0, %a = %zero) -> (tensor<?xf32>, f32) {
    %s = array.sum %ti : tensor<?xf32> -> tensor<f32>
    %v = tensor.extract %s[] : tensor<f32>
    %next = array.add %ti, %s : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %an = arith.addf %a, %v : f32
    scf.yield %next, %an : tensor<?xf32>, f32
  }
  return %t, %acc : tensor<?xf32>, f32
}
