// RUN: array-opt %s -split-input-file -verify-diagnostics

func.func @result_count(%s: !array.stream, %x: tensor<4xf32>) {
  // expected-error @+1 {{'array.on_stream' op region yields 1 values but the op has 0 results}}
  array.on_stream %s {
    array.stream_yield %x : tensor<4xf32>
  }
  return
}

// -----

func.func @result_type(%s: !array.stream, %x: tensor<4xf32>) {
  // expected-error @+1 {{'array.on_stream' op region yields 'tensor<4xf32>' as value #0 but result #0 has type 'tensor<4xf64>'}}
  %0 = array.on_stream %s -> tensor<4xf64> {
    array.stream_yield %x : tensor<4xf32>
  }
  return
}

// -----

func.func @yield_outside(%x: tensor<4xf32>) {
  // expected-error @+1 {{'array.stream_yield' op expects parent op 'array.on_stream'}}
  array.stream_yield %x : tensor<4xf32>
}

// -----

func.func @not_a_stream(%e: !array.event) {
  // expected-error @+1 {{'array.on_stream' op operand #0 must be A queue of GPU work (a non-blocking CUDA stream).}}
  "array.on_stream"(%e) ({
    array.stream_yield
  }) : (!array.event) -> ()
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @wait_order(%s: !array.stream, %e: !array.event) {
  // expected-error @+1 {{use of value '%e' expects different type than prior uses: '!array.stream' vs '!array.event'}}
  array.stream_wait %e, %s
  return
}

// -----

func.func @to_device_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'array.to_device' op requires the same type for all operands and results}}
  %0 = "array.to_device"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return
}

// -----

// expected-error @+1 {{unknown  type `streams` in dialect `array`}}
func.func @unknown_type(%s: !array.streams) {
  return
}
