// Inputs that crash MLIR 22's parser or that it reports unclearly get a
// clear error at their place before it runs (arrayc/Support/SourceChecks.h).
// RUN: split-file %s %t
// RUN: not arrayc --target=cpu %t/negative.mlir -o %t/negative 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not arrayc --target=cpu %t/negative-memref.mlir -o %t/negative 2>&1 | FileCheck %s --check-prefix=NEGMEMREF
// RUN: not arrayc --target=cpu %t/index-array.mlir -o %t/index 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: %numpy-python -c "print('func.func @main() {\n %%c = arith.constant true'); print(' scf.if %%c {' * 1200); print(' }' * 1200); print(' return\n}')" > %t/deep.mlir
// RUN: not arrayc --target=cpu %t/deep.mlir -o %t/deep 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %numpy-python -c "print('func.func @main() attributes {a = ' + '[' * 50000 + ']' * 50000 + '} {\n return\n}')" > %t/deep-attr.mlir
// RUN: not arrayc --target=cpu %t/deep-attr.mlir -o %t/deep 2>&1 | FileCheck %s --check-prefix=DEEPATTR
// RUN: not ls %t/negative %t/index %t/deep
// Nesting up to the limit compiles, on both targets; comments, strings and
// arrows do not count.
// RUN: %numpy-python -c "print('func.func @main() {\n %%c = arith.constant true'); print(' scf.if %%c {' * 990); print(' }' * 990); print(' return\n}')" > %t/ok-deep.mlir
// RUN: arrayc --target=cpu %t/ok-deep.mlir -o %t/ok-deep
// RUN: arrayc --target=cuda %t/ok-deep.mlir -o %t/ok-deep-cuda
// RUN: arrayc --target=cpu %t/trivia.mlir -o %t/trivia

// NEGATIVE: negative.mlir:2:34: error: dimension size -1 is negative; sizes are non-negative integers, or ? for a size known at run time
// NEGMEMREF: negative-memref.mlir:1:29: error: dimension size -4 is negative
// INDEX: index-array.mlir:1:43: error: dense arrays (array<T: ...>) take integer or float elements, not index (MLIR 22's parser crashes on array<index: ...>; use i64)
// DEEP: deep.mlir:{{[0-9]+}}:{{[0-9]+}}: error: brackets nest deeper than 1000 levels here; arrayc accepts at most 1000 (deeper programs overflow the stack of MLIR's parser and passes)
// DEEPATTR: deep-attr.mlir:1:{{[0-9]+}}: error: brackets nest deeper than 1000 levels

//--- negative.mlir
func.func @main() {
  %a = array.full 1.0 : tensor<3x-1xf32>
  return
}
//--- negative-memref.mlir
func.func @f(%a: memref<2x?x-4xf32>) {
  return
}
//--- index-array.mlir
func.func @main() attributes {foo = array<index: 1>} {
  return
}
//--- trivia.mlir
// A comment with (((( [[[[ {{{{ <<<< and tensor<-1xf32> and array<index: 1>
func.func @main() attributes {s = "{{{{ tensor<-2xf32> ((((", m = affine_map<(d0) -> (d0)>, i = array<i64: 1, 2>, set = affine_set<(d0) : (d0 - 1 >= 0)>} {
  %a = array.full 1.0 : tensor<2x3xf32> loc("a (weird [name")
  array.print %a : tensor<2x3xf32>
  return
}
