// Inputs on which MLIR 22's own parser crashes. array-opt is mlir-opt with
// the dialect and has no guard (arrayc checks the text first: see
// test/arrayc/source-checks.mlir). Expected to fail until upstream fixes
// them; then this test passes unexpectedly and can be turned around.
// XFAIL: *
// RUN: split-file %s %t
// RUN: not env ASAN_OPTIONS=handle_segv=0:detect_leaks=0 array-opt %t/index-array.mlir 2>&1 | FileCheck %s
// RUN: %numpy-python -c "print('func.func @main() {\n %%c = arith.constant true'); print(' scf.if %%c {' * 20000); print(' }' * 20000); print(' return\n}')" > %t/deep.mlir
// RUN: not env ASAN_OPTIONS=handle_segv=0:detect_leaks=0 array-opt %t/deep.mlir 2>&1 | FileCheck %s

// CHECK: error:

//--- index-array.mlir
// parseDenseArrayAttr reads an index element type as a float type.
func.func @main() attributes {foo = array<index: 1>} {
  return
}
