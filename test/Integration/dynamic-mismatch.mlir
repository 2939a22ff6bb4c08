// Dynamic dimensions that do not match at run time stop the program with
// the op's source location and exit status 1 (not a crash), on both targets.
// DEVICE-EXPECT-ERROR: array.add: operand sizes differ at run time in dimension 0
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: not %t.cpu > %t.cpu.out 2> %t.cpu.err
// RUN: FileCheck %s --check-prefix=ERR < %t.cpu.err
// RUN: FileCheck %s --check-prefix=OUT < %t.cpu.out
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ not %t.cuda > %t.cuda.out 2> %t.cuda.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=ERR < %t.cuda.err %}
// RUN: %if cuda-gpu %{ FileCheck %s --check-prefix=OUT < %t.cuda.out %}

func.func @add(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // ERR: arrayrt: error: {{.*}}dynamic-mismatch.mlir:[[@LINE+1]]:8: array.add: operand sizes differ at run time in dimension 0
  %0 = array.add %x, %y : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @main() {
  %a = array.full 1.0 : tensor<3xf32>
  %b = array.full 2.0 : tensor<4xf32>
  %ad = tensor.cast %a : tensor<3xf32> to tensor<?xf32>
  %bd = tensor.cast %b : tensor<4xf32> to tensor<?xf32>
  // What was printed before the failure is kept.
  // OUT: [1. 1. 1.]
  array.print %a : tensor<3xf32>
  %0 = call @add(%ad, %bd) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // OUT-NOT: [
  array.print %0 : tensor<?xf32>
  return
}
