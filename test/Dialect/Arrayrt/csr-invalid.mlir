// RUN: array-opt %s -split-input-file -verify-diagnostics

func.func @index_bits(%d: tensor<4x6xf32>) {
  // expected-error @+1 {{'arrayrt.csr_from_dense' op index_bits must be 32 or 64, found 16}}
  %h = arrayrt.csr_from_dense %d {index_bits = 16} : tensor<4x6xf32>
  return
}

// -----

func.func @dense_rank(%d: tensor<24xf32>) {
  // expected-error @+1 {{'arrayrt.csr_from_dense' op operand must have rank 2, found 'tensor<24xf32>'}}
  %h = arrayrt.csr_from_dense %d {index_bits = 32} : tensor<24xf32>
  return
}

// -----

func.func @integer_values(%d: tensor<4x6xi32>) {
  // expected-error @+1 {{'arrayrt.csr_from_dense' op operand must have f16, bf16, f32 or f64 elements, found 'i32'}}
  %h = arrayrt.csr_from_dense %d {index_bits = 32} : tensor<4x6xi32>
  return
}

// -----

func.func @mixed_indices(%p: tensor<?xi32>, %i: tensor<?xi64>, %v: tensor<?xf32>, %n: index) {
  // expected-error @+1 {{'arrayrt.csr_from_arrays' op indices must have element type 'i32', found 'i64'}}
  %h = arrayrt.csr_from_arrays %p, %i, %v (%n, %n) : tensor<?xi32>, tensor<?xi64>, tensor<?xf32>
  return
}

// -----

func.func @float_indptr(%p: tensor<?xf32>, %i: tensor<?xf32>, %v: tensor<?xf32>, %n: index) {
  // expected-error @+1 {{'arrayrt.csr_from_arrays' op indptr must have i32 or i64 elements, found 'f32'}}
  %h = arrayrt.csr_from_arrays %p, %i, %v (%n, %n) : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
  return
}

// -----

func.func @mixed_kinds(%p: memref<?xi32>, %i: tensor<?xi32>, %v: tensor<?xf32>, %n: index) {
  // expected-error @+1 {{'arrayrt.csr_from_arrays' op operands must be all ranked tensors or all memrefs, found 'tensor<?xi32>' with 'memref<?xi32>'}}
  %h = arrayrt.csr_from_arrays %p, %i, %v (%n, %n) : memref<?xi32>, tensor<?xi32>, tensor<?xf32>
  return
}

// -----

func.func @mtx_element() {
  // expected-error @+1 {{'arrayrt.csr_load_mtx' op element must be f32 or f64, found 'f16'}}
  %h = arrayrt.csr_load_mtx "a.mtx" {element = f16, index_bits = 32}
  return
}

// -----

func.func @spmv_types(%h: !arrayrt.csr_handle, %x: tensor<?xf32>, %y: tensor<?xf64>) {
  // expected-error @+1 {{'arrayrt.csr_spmv' op init must have element type 'f32', found 'f64'}}
  %r = arrayrt.csr_spmv %h, %x into %y : tensor<?xf32>, tensor<?xf64> -> tensor<?xf64>
  return
}

// -----

func.func @spmm_columns(%h: !arrayrt.csr_handle, %b: tensor<?x8xf32>, %c: tensor<?x4xf32>) {
  // expected-error @+1 {{'arrayrt.csr_spmm' op b and init must have as many columns, found 'tensor<?x8xf32>' and 'tensor<?x4xf32>'}}
  %r = arrayrt.csr_spmm %h, %b into %c : tensor<?x8xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  return
}
