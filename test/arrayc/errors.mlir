// Bad input gets one clear error with its location and a non-zero exit, and
// leaves no output file behind.
// RUN: split-file %s %t
// RUN: not arrayc %t/shape.mlir -o %t/shape 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not test -e %t/shape
// RUN: not arrayc %t/syntax.mlir -o %t/syntax 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not arrayc %t/nomain.mlir -o %t/nomain 2>&1 | FileCheck %s --check-prefix=NOMAIN
// RUN: not arrayc %t/mainargs.mlir -o %t/mainargs 2>&1 | FileCheck %s --check-prefix=MAINARGS
// RUN: not arrayc %t/missing.mlir -o %t/missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not arrayc --target=cpu --emit=ptx %t/nomain.mlir 2>&1 | FileCheck %s --check-prefix=PTXCPU
// RUN: not arrayc --emit=bogus %t/nomain.mlir 2>&1 | FileCheck %s --check-prefix=EMIT
// RUN: not arrayc --target=cpu %t/reserved.mlir -o %t/reserved 2>&1 | FileCheck %s --check-prefix=RESERVED
// RUN: not arrayc --target=cpu --emit=obj %t/reserved.mlir -o %t/reserved.o 2>&1 | FileCheck %s --check-prefix=RESERVED
// RUN: not test -e %t/reserved
// RUN: not arrayc --target=cpu --runtime-lib=%t/none.a %t/ok.mlir -o %t/ok 2>&1 | FileCheck %s --check-prefix=RUNTIME
// RUN: not test -e %t/ok
// RUN: not arrayc --emit=obj %t/shape.mlir -o %t/shape.o 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not test -e %t/shape.o

// SHAPE: shape.mlir:4:8: error: 'array.add' op operand shapes [4, 3] and [5] do not broadcast (dimension 1: 3 vs 5)
// SYNTAX: syntax.mlir:2:22: error: expected ':'
// NOMAIN: error: expected a 'func.func @main' with a body as the program's entry point
// MAINARGS: mainargs.mlir:1:1: error: cannot export @main: argument 0 has type 'memref<4xf32>', which the ABI cannot pass: expected a ranked tensor or a bool, integer, float or index scalar
// MISSING: arrayc: error: {{.*}}missing.mlir{{.*}}No such file or directory
// PTXCPU: arrayc: error: --emit=ptx needs --target=cuda
// EMIT: Cannot find option named 'bogus'
// RESERVED: reserved.mlir:6:1: error: the symbol name 'arrayc_program_main' is reserved for the compiled entry point (@main); rename this symbol
// RUNTIME: arrayc: error: runtime library '{{.*}}none.a' not found

//--- shape.mlir
func.func @main() {
  %a = array.full 1.0 : tensor<4x3xf32>
  %b = array.full 2.0 : tensor<5xf32>
  %c = array.add %a, %b : (tensor<4x3xf32>, tensor<5xf32>) -> tensor<4x3xf32>
  array.print %c : tensor<4x3xf32>
  return
}
//--- syntax.mlir
func.func @main() {
  %a = array.full 1.0 tensor<4xf32>
  return
}
//--- nomain.mlir
func.func @other() {
  return
}
//--- mainargs.mlir
func.func @main(%a: memref<4xf32>) {
  return
}
//--- ok.mlir
func.func @main() {
  return
}
//--- reserved.mlir
func.func @main() {
  call @arrayc_program_main() : () -> ()
  return
}

func.func @arrayc_program_main() {
  return
}
