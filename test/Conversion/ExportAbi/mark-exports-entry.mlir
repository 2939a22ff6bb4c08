// RUN: array-opt %s -split-input-file -verify-diagnostics \
// RUN:   -array-mark-exports=kind=entry | FileCheck %s

// An executable exports @main, arguments and results included, and nothing
// else.
// CHECK-LABEL: func.func @main
// CHECK-SAME: arrayrt.export = #arrayrt.export<kind = entry, prefix = "", signature = (tensor<?xf64>, tensor<ui8>) -> tensor<?xf64>, arg_names = ["x", "arg1"]>
// CHECK: func.func @other(%{{.+}}: tensor<?xf64>) -> tensor<?xf64> {
func.func @main(%x: tensor<?xf64> {arrayrt.name = "x"}, %k: tensor<ui8>) -> tensor<?xf64> {
  return %x : tensor<?xf64>
}
func.func @other(%x: tensor<?xf64>) -> tensor<?xf64> {
  return %x : tensor<?xf64>
}

// -----

// expected-error @below {{expected a 'func.func @main' with a body as the program's entry point}}
module {
  func.func @other(%x: tensor<?xf64>) -> tensor<?xf64> {
    return %x : tensor<?xf64>
  }
}
