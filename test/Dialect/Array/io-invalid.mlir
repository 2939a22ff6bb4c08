// RUN: array-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// Paths: a non-empty string without NUL
//===----------------------------------------------------------------------===//

func.func @save_empty_path(%a: tensor<2xf32>) {
  // expected-error @+1 {{'array.save_npy' op expects a non-empty path}}
  array.save_npy %a, "" : tensor<2xf32>
  return
}

// -----

func.func @save_nul_in_path(%a: tensor<2xf32>) {
  // expected-error @+1 {{'array.save_npy' op path contains a NUL character}}
  array.save_npy %a, "a\00b.npy" : tensor<2xf32>
  return
}

// -----

func.func @save_integer_path(%a: tensor<2xf32>) {
  // expected-error @+1 {{integer literal not valid for specified type}}
  array.save_npy %a, 42 : tensor<2xf32>
  return
}

// -----

func.func @save_path_not_string(%a: tensor<2xf32>) {
  // expected-error @+1 {{'array.save_npy' op attribute 'path' failed to satisfy constraint: string attribute}}
  "array.save_npy"(%a) {path = @x} : (tensor<2xf32>) -> ()
  return
}

// -----

func.func @save_without_path(%a: tensor<2xf32>) {
  // expected-error @+1 {{'array.save_npy' op requires attribute 'path'}}
  "array.save_npy"(%a) : (tensor<2xf32>) -> ()
  return
}

// -----

func.func @load_empty_path() {
  // expected-error @+1 {{'array.load_npy' op expects a non-empty path}}
  %0 = array.load_npy "" : tensor<2xf32>
  return
}

// -----

func.func @load_float_path() {
  // expected-error @+1 {{floating point value not valid for specified type}}
  %0 = array.load_npy 1.5 : tensor<2xf32>
  return
}

// -----

func.func @load_path_array() {
  // expected-error @+1 {{'array.load_npy' op attribute 'path' failed to satisfy constraint: string attribute}}
  %0 = "array.load_npy"() {path = ["a.npy"]} : () -> tensor<2xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Types: ranked arrays of an array element type
//===----------------------------------------------------------------------===//

func.func @save_signed_integer(%a: tensor<2xsi8>) {
  // expected-error @+1 {{'array.save_npy' op operand #0 must be ranked tensor of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'tensor<2xsi8>'}}
  array.save_npy %a, "a.npy" : tensor<2xsi8>
  return
}

// -----

func.func @save_vector(%a: vector<2xf32>) {
  // expected-error @+1 {{custom op 'array.save_npy' invalid kind of type specified: expected builtin.tensor, but found 'vector<2xf32>'}}
  array.save_npy %a, "a.npy" : vector<2xf32>
  return
}

// -----

func.func @save_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{custom op 'array.save_npy' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  array.save_npy %a, "a.npy" : tensor<*xf32>
  return
}

// -----

func.func @load_complex() {
  // expected-error @+1 {{'array.load_npy' op result #0 must be ranked tensor of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'tensor<2xcomplex<f32>>'}}
  %0 = array.load_npy "a.npy" : tensor<2xcomplex<f32>>
  return
}

// -----

func.func @load_unranked() {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = array.load_npy "a.npy" : tensor<*xf32>
  return
}

// -----

func.func @load_empty_member() {
  // expected-error @+1 {{'array.load_npy' op expects a non-empty member name}}
  %0 = array.load_npy "m.npz"[""] : tensor<2xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// array.print
//===----------------------------------------------------------------------===//

func.func @print_scalar(%a: f32) {
  // expected-error @+1 {{custom op 'array.print' invalid kind of type specified: expected builtin.tensor, but found 'f32'}}
  array.print %a : f32
  return
}

// -----

func.func @print_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{custom op 'array.print' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  array.print %a : tensor<*xf32>
  return
}

// -----

// Buffers are printed by array.print's bufferized form, arrayrt.print.
func.func @print_memref(%a: memref<2xf32>) {
  // expected-error @+1 {{custom op 'array.print' invalid kind of type specified: expected builtin.tensor, but found 'memref<2xf32>'}}
  array.print %a : memref<2xf32>
  return
}

// -----

func.func @print_vector(%a: vector<4xi32>) {
  // expected-error @+1 {{custom op 'array.print' invalid kind of type specified: expected builtin.tensor, but found 'vector<4xi32>'}}
  array.print %a : vector<4xi32>
  return
}

// -----

// array.load_npy produces a tensor; its bufferized form is
// arrayrt.load_npy_into.
func.func @load_memref() {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor, but found 'memref<2xf32>'}}
  %0 = array.load_npy "a.npy" : memref<2xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// array.load_npy of a part
//===----------------------------------------------------------------------===//

func.func @part_of_member(%o: index) {
  // expected-error @+1 {{'array.load_npy' op expects no part of an .npz member (members are read whole)}}
  %0 = "array.load_npy"(%o) {path = "m.npz", member = "x", whole = tensor<4xf32>, operandSegmentSizes = array<i32: 1, 0>} : (index) -> tensor<2xf32>
  return
}

// -----

func.func @part_offsets(%o: index) {
  // expected-error @+1 {{'array.load_npy' op expects one offset per dimension (2), found 1}}
  %0 = array.load_npy "m.npy" part [%o] sizes() of tensor<4x4xf32> : tensor<2x2xf32>
  return
}

// -----

func.func @part_sizes(%o: index) {
  // expected-error @+1 {{'array.load_npy' op expects one size per dynamic dimension of the part (1), found 0}}
  %0 = array.load_npy "m.npy" part [%o] sizes() of tensor<?xf32> : tensor<?xf32>
  return
}

// -----

func.func @part_whole_type(%o: index) {
  // expected-error @+1 {{'array.load_npy' op expects the whole array ('tensor<4xf64>') to have the rank and element type of the part ('tensor<2xf32>')}}
  %0 = array.load_npy "m.npy" part [%o] sizes() of tensor<4xf64> : tensor<2xf32>
  return
}

// -----

func.func @part_larger(%o: index) {
  // expected-error @+1 {{'array.load_npy' op expects the part ('tensor<2x5xf32>') to fit in the whole array ('tensor<4x4xf32>'): dimension 1 is larger}}
  %0 = array.load_npy "m.npy" part [%o, %o] sizes() of tensor<4x4xf32> : tensor<2x5xf32>
  return
}

// -----

func.func @sizes_without_part(%n: index) {
  // expected-error @+1 {{'array.load_npy' op expects sizes only with a part (`part`)}}
  %0 = "array.load_npy"(%n) {path = "m.npy", operandSegmentSizes = array<i32: 0, 1>} : (index) -> tensor<?xf32>
  return
}
