// A loop elementwise over a carried array whose dynamic size does not match
// another operand's: the check, made once before the loop runs
// (array-elementwise-loops), stops the program with the op's source
// location and exit status 1, on both targets; a loop that runs no
// iteration checks nothing, as before.
// DEVICE-EXPECT-ERROR: array.mul: operand sizes differ at run time in dimension 0
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: not %t.cpu > %t.cpu.out 2> %t.cpu.err
// RUN: FileCheck %s --check-prefix=ERR < %t.cpu.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpu.out
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ not %t.cuda > %t.cuda.out 2> %t.cuda.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=ERR < %t.cuda.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=OUT < %t.cuda.out %}

func.func @scale(%t0: tensor<?xf32>, %a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = scf.for %i = %c0 to %n step %c1 iter_args(%ti = %t0) -> (tensor<?xf32>) {
    // ERR: arrayrt: error: {{.*}}loops-elementwise-mismatch.mlir:[[@LINE+1]]:10: array.mul: operand sizes differ at run time in dimension 0
    %m = array.mul %ti, %a : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    scf.yield %m : tensor<?xf32>
  }
  return %t : tensor<?xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %a = array.full 1.0 : tensor<3xf32>
  %b = array.full 2.0 : tensor<4xf32>
  %ad = tensor.cast %a : tensor<3xf32> to tensor<?xf32>
  %bd = tensor.cast %b : tensor<4xf32> to tensor<?xf32>
  // No iteration: no check, the initial value.
  // OUT: [1. 1. 1.]
  %z = call @scale(%ad, %bd, %c0) : (tensor<?xf32>, tensor<?xf32>, index) -> tensor<?xf32>
  array.print %z : tensor<?xf32>
  %r = call @scale(%ad, %bd, %c3) : (tensor<?xf32>, tensor<?xf32>, index) -> tensor<?xf32>
  // OUT-NOT: [
  array.print %r : tensor<?xf32>
  return
}
