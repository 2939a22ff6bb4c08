// RUN: array-opt %s -split-input-file -verify-diagnostics


func.func @read_mtx_type(%nnz: index) {
  // expected-error @+1 {{'arrayrt.read_mtx' op result must hold the coordinates (? x 2 of i64) or the values (rank 1, f32 or f64) of the entries, found 'tensor<?x3xi64>'}}
  %a = arrayrt.read_mtx "a.mtx"(%nnz) : tensor<?x3xi64>
  return
}
// -----

func.func @read_mtx_into_type(%b: memref<?xi64>) {
  // expected-error @+1 {{'arrayrt.read_mtx_into' op buffer must hold the coordinates (? x 2 of i64) or the values (rank 1, f32 or f64) of the entries, found 'memref<?xi64>'}}
  arrayrt.read_mtx_into "a.mtx", %b : memref<?xi64>
  return
}
// -----

func.func @npy_shape_empty_path() {
  // expected-error @+1 {{'arrayrt.npy_shape' op expects a non-empty path}}
  %0 = arrayrt.npy_shape "" of f32 : index
  return
}
// -----

func.func @load_into_nul_in_path(%b: memref<2xf32>) {
  // expected-error @+1 {{'arrayrt.load_npy_into' op path contains a NUL character}}
  arrayrt.load_npy_into "\00", %b : memref<2xf32>
  return
}
// -----

func.func @load_into_tensor(%a: tensor<2xf32>) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.memref, but found 'tensor<2xf32>'}}
  arrayrt.load_npy_into "a.npy", %a : tensor<2xf32>
  return
}
// -----

func.func @load_into_signed_integer(%b: memref<2xsi16>) {
  // expected-error @+1 {{'arrayrt.load_npy_into' op operand #0 must be memref of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64 values, but got 'memref<2xsi16>'}}
  arrayrt.load_npy_into "a.npy", %b : memref<2xsi16>
  return
}
// -----

func.func @npy_shape_signed_integer() {
  // expected-error @+1 {{'arrayrt.npy_shape' op attribute 'element_type' failed to satisfy constraint: type attribute of bool (i1), i8, i16, i32, i64, ui8, ui16, ui32, ui64, f16, bf16, f32 or f64}}
  %0:2 = arrayrt.npy_shape "a.npy" of si8 : index, index
  return
}
// -----

func.func @npy_shape_i64_sizes() {
  // expected-error @+1 {{'arrayrt.npy_shape' op result #0 must be variadic of index, but got 'i64'}}
  %0 = arrayrt.npy_shape "a.npy" of f32 : i64
  return
}
// -----

func.func @shape_member_nul() -> index {
  // expected-error @+1 {{'arrayrt.npy_shape' op member name contains a NUL character}}
  %0 = arrayrt.npy_shape "m.npz"["a\00b"] of f32 : index
  return %0 : index
}
// -----

func.func @print_unranked_memref(%a: memref<*xf64>) {
  // expected-error @+1 {{custom op 'arrayrt.print' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf64>'}}
  arrayrt.print %a : memref<*xf64>
  return
}

// -----

func.func @load_part_of_member(%b: memref<2xf32>, %o: index) {
  // expected-error @+1 {{'arrayrt.load_npy_into' op expects no part of an .npz member (members are read whole)}}
  arrayrt.load_npy_into "m.npz"["x"], %b at [%o] in [4] : memref<2xf32>
  return
}

// -----

func.func @load_part_offsets(%b: memref<2x2xf32>, %o: index) {
  // expected-error @+1 {{'arrayrt.load_npy_into' op expects one offset and one size of the whole array per dimension of the buffer (2), found 1 and 2}}
  arrayrt.load_npy_into "m.npy", %b at [%o] in [4, 4] : memref<2x2xf32>
  return
}

// -----

func.func @load_part_negative_size(%b: memref<2xf32>, %o: index) {
  // expected-error @+1 {{'arrayrt.load_npy_into' op expects the whole array's sizes to be -1 (any) or at least 0, found -2}}
  arrayrt.load_npy_into "m.npy", %b at [%o] in [-2] : memref<2xf32>
  return
}

// -----

func.func @load_part_larger(%b: memref<5xf32>, %o: index) {
  // expected-error @+1 {{'arrayrt.load_npy_into' op expects the buffer ('memref<5xf32>') to fit in the whole array: dimension 0 is larger than 4}}
  arrayrt.load_npy_into "m.npy", %b at [%o] in [4] : memref<5xf32>
  return
}

// -----

func.func @load_offsets_without_shape(%b: memref<2xf32>, %o: index) {
  // expected-error @+1 {{'arrayrt.load_npy_into' op expects the whole array's shape (`in`) with offsets}}
  "arrayrt.load_npy_into"(%b, %o) {path = "m.npy", operandSegmentSizes = array<i32: 1, 0, 1>} : (memref<2xf32>, index) -> ()
  return
}
