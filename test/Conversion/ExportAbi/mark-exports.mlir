// RUN: array-opt %s -split-input-file -verify-diagnostics \
// RUN:   -array-mark-exports='kind=library prefix=prog' | FileCheck %s

// Every public function with a body is exported with its tensor-level
// signature and its arguments' names (arrayrt.name, which the pass
// consumes; else arg<i>); private functions and declarations are not.
// The caller owns the arrays: tensor arguments are not writable in place.
// CHECK-LABEL: func.func @scale
// CHECK-SAME: (%{{.+}}: tensor<?x4xf32> {bufferization.writable = false}, %{{.+}}: f32, %{{.+}}: index)
// CHECK-NOT: arrayrt.name
// CHECK-SAME: arrayrt.export = #arrayrt.export<kind = library, prefix = "prog", signature = (tensor<?x4xf32>, f32, index) -> (tensor<?x4xf32>, tensor<i1>), arg_names = ["x", "arg1", "n"]>
// CHECK-LABEL: func.func private @helper
// CHECK-NOT: arrayrt.export
// CHECK: func.func private @external(tensor<?xf32>) -> tensor<?xf32>{{$}}
func.func @scale(%x: tensor<?x4xf32> {arrayrt.name = "x"}, %s: f32,
                 %n: index {arrayrt.name = "n"}) -> (tensor<?x4xf32>, tensor<i1>) {
  %b = array.constant dense<true> : tensor<i1>
  return %x, %b : tensor<?x4xf32>, tensor<i1>
}
func.func private @helper(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
func.func private @external(tensor<?xf32>) -> tensor<?xf32>

// -----

// In a library, @main is a function like the others.
// CHECK-LABEL: func.func @main
// CHECK-SAME: #arrayrt.export<kind = library
func.func @main(%x: tensor<?xf64>, %k: tensor<ui8>) -> tensor<?xf64> {
  return %x : tensor<?xf64>
}

// -----

// expected-error @below {{cannot export @f: argument 0 has type 'memref<4xf32>', which the ABI cannot pass: expected a ranked tensor or a bool, integer, float or index scalar}}
func.func @f(%x: memref<4xf32>) {
  return
}

// -----

// expected-error @below {{cannot export @f: argument 0 has type 'tensor<*xf32>', which the ABI cannot pass}}
func.func @f(%x: tensor<*xf32>) {
  return
}

// -----

// expected-error @below {{cannot export @f: result 0 has type 'f32', a scalar; exported functions return tensors (return a 0-d tensor<f32> instead)}}
func.func @f(%x: tensor<f32>) -> f32 {
  %c = arith.constant 1.0 : f32
  return %c : f32
}

// -----

// expected-error @below {{cannot export @f: argument 0 has type 'tensor<4xcomplex<f32>>', whose elements the ABI cannot pass: expected bool, integer or float elements}}
func.func @f(%x: tensor<4xcomplex<f32>>) {
  return
}

// -----

func.func @f_into(%x: tensor<4xf32>) {
  return
}
// expected-error @below {{cannot export @f and @f_into: both would define the C function prog_f_into}}
func.func @f(%x: tensor<4xf32>) {
  return
}

// -----

// expected-error @below {{cannot export @call: prog_call is one of the library's own C functions (rename it)}}
func.func @call(%x: tensor<4xf32>) {
  return
}

// -----

// expected-error @below {{a shared library exports its public functions, and this module has none with a body (private functions are not exported)}}
module {
  func.func private @helper(%x: tensor<?xf32>) -> tensor<?xf32> {
    return %x : tensor<?xf32>
  }
}
