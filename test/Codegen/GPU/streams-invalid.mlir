// RUN: array-opt %s -split-input-file -array-gpu-streams -verify-diagnostics

// expected-error @+1 {{'func.func' op takes or returns an array.stream or array.event; streams and events cannot cross function boundaries yet}}
func.func @argument(%s: !array.stream) {
  return
}

// -----

func.func @escape(%c: i1) {
  %s = array.stream_create
  %t = array.stream_create
  // expected-error @+1 {{'arith.select' op uses an array.stream or array.event as an operand; only the stream ops may}}
  %u = arith.select %c, %s, %t : !array.stream
  return
}

// -----

func.func @unbalanced() {
  %s = array.stream_create
  %t = array.stream_create
  arrayrt.stream_begin %s
  // expected-error @+1 {{'arrayrt.stream_end' op does not close the innermost arrayrt.stream_begin of its block}}
  arrayrt.stream_end %t
  return
}
