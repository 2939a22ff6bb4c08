// RUN: array-opt %s -split-input-file -array-flatten-stream-regions=drop-streams -verify-diagnostics

// The CPU target refuses streams across calls as the CUDA target does
// (gpu-streams-invalid.mlir); it used to leave the function unconverted
// (found by array-cpu-pipeline-fuzzer, tools/fuzz/crashes/).
// expected-error @+1 {{'func.func' op takes or returns an array.stream or array.event; streams and events cannot cross function boundaries yet}}
func.func @markers(%s: !array.stream) {
  return
}

// -----

// expected-error @+1 {{streams and events cannot cross function boundaries yet}}
func.func @returns_event(%s: !array.stream) -> !array.event {
  %e = array.event_record %s
  return %e : !array.event
}
