// RUN: array-opt %s -split-input-file -verify-diagnostics

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op 'arrayrt.min_blocks_per_sm' must be a positive integer (blocks per SM)}}
  gpu.func @k() kernel attributes {arrayrt.min_blocks_per_sm = 0 : i32} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'gpu.func' op 'arrayrt.min_blocks_per_sm' must be a positive integer (blocks per SM)}}
  gpu.func @k() kernel attributes {arrayrt.min_blocks_per_sm = "two"} {
    gpu.return
  }
}

// -----

// expected-error @+1 {{'func.func' op has unknown arrayrt attribute 'arrayrt.stream_operand'}}
func.func @unknown() attributes {arrayrt.stream_operand = 1 : i64} {
  return
}

// -----

func.func @event_not_stream(%e: !arrayrt.event) {
  // expected-error @+1 {{'arrayrt.stream_synchronize' op operand #0 must be runtime stream (arrayrt_stream_t), but got '!arrayrt.event'}}
  "arrayrt.stream_synchronize"(%e) : (!arrayrt.event) -> ()
  return
}

// -----

func.func @markers_on_runtime_stream(%s: !arrayrt.stream) {
  // expected-error @+1 {{'arrayrt.stream_begin' op operand #0 must be !array.stream, but got '!arrayrt.stream'}}
  "arrayrt.stream_begin"(%s) : (!arrayrt.stream) -> ()
  return
}

// -----

func.func @sizes_not_i64(%sizes: memref<2xi32>) {
  // expected-error @+1 {{'arrayrt.bad_allocation' op operand #0 must be memref of 64-bit signless integer values, but got 'memref<2xi32>'}}
  arrayrt.bad_allocation %sizes {element_type = f32, rank = 2 : i64} : memref<2xi32>
  return
}

// -----

func.func @result_alloc_sizes(%n: index) {
  // expected-error @+1 {{'arrayrt.result_alloc' op expected 2 dynamic sizes for 'memref<?x?xf32>', found 1}}
  %0 = arrayrt.result_alloc(%n) result 0 : memref<?x?xf32>
  return
}

// -----

func.func @result_alloc_layout() {
  // expected-error @+1 {{'arrayrt.result_alloc' op expected a row-major buffer (identity layout), found 'memref<4x4xf32, strided<[1, 4]>>'}}
  %0 = arrayrt.result_alloc result 0 : memref<4x4xf32, strided<[1, 4]>>
  return
}

// -----

func.func @result_alloc_space() {
  // expected-error @+1 {{'arrayrt.result_alloc' op expected a buffer in the default memory space, found 'memref<4xf32, 1>'}}
  %0 = arrayrt.result_alloc result 0 : memref<4xf32, 1>
  return
}

// -----

func.func @result_alloc_index() {
  // expected-error @+1 {{'arrayrt.result_alloc' op attribute 'result' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  %0 = "arrayrt.result_alloc"() <{result = -1 : i32, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}
