// RUN: array-opt %s | array-opt | FileCheck %s
// RUN: array-opt %s --mlir-print-op-generic | array-opt | FileCheck %s

// Streams, events, profiling context and device queries: each is one
// runtime call after convert-arrayrt-to-calls.

// CHECK-LABEL: func.func @streams
// CHECK: %[[D:.+]] = arrayrt.default_stream
// CHECK: %[[S:.+]] = arrayrt.stream_create
// CHECK: %[[E:.+]] = arrayrt.event_create
// CHECK: arrayrt.event_record %[[E]], %[[S]]
// CHECK: arrayrt.stream_wait_event %[[D]], %[[E]]
// CHECK: arrayrt.stream_wait_stream %[[D]], %[[S]]
// CHECK: arrayrt.event_synchronize %[[E]]
// CHECK: arrayrt.stream_synchronize %[[S]]
// CHECK: arrayrt.event_destroy %[[E]]
// CHECK: arrayrt.stream_destroy %[[S]]
func.func @streams() {
  %d = arrayrt.default_stream
  %s = arrayrt.stream_create
  %e = arrayrt.event_create
  arrayrt.event_record %e, %s
  arrayrt.stream_wait_event %d, %e
  arrayrt.stream_wait_stream %d, %s
  arrayrt.event_synchronize %e
  arrayrt.stream_synchronize %s
  arrayrt.event_destroy %e
  arrayrt.stream_destroy %s
  return
}

// array-flatten-stream-regions' markers around an array.on_stream body.
// CHECK-LABEL: func.func @markers
// CHECK: arrayrt.stream_begin %[[S:.+]]
// CHECK: arrayrt.stream_end %[[S]]
func.func @markers(%s: !array.stream) {
  arrayrt.stream_begin %s
  arrayrt.stream_end %s
  return
}

// CHECK-LABEL: func.func @profiling
// CHECK: arrayrt.range_push "solve"
// CHECK: arrayrt.set_op %{{.+}}
// CHECK: arrayrt.host_span_begin "array.exp @ prog.mlir:3:8"
// CHECK: arrayrt.host_span_end
// CHECK: arrayrt.range_pop
func.func @profiling(%bytes: i64) {
  arrayrt.range_push "solve"
  arrayrt.set_op %bytes
  arrayrt.host_span_begin "array.exp @ prog.mlir:3:8"
  arrayrt.host_span_end
  arrayrt.range_pop
  return
}

// CHECK-LABEL: func.func @queries
// CHECK: arrayrt.multiprocessor_count : index
// CHECK: arrayrt.bad_allocation %{{.+}} {element_type = f32, rank = 2 : i64} : memref<2xi64>
func.func @queries(%sizes: memref<2xi64>) -> index {
  %0 = arrayrt.multiprocessor_count : index
  arrayrt.bad_allocation %sizes {element_type = f32, rank = 2 : i64} : memref<2xi64>
  return %0 : index
}

// The occupancy a kernel strategy asks of its kernel.
// CHECK-LABEL: gpu.module @kernels
// CHECK: gpu.func @k() kernel attributes {arrayrt.min_blocks_per_sm = 2 : i32}
gpu.module @kernels {
  gpu.func @k() kernel attributes {arrayrt.min_blocks_per_sm = 2 : i32} {
    gpu.return
  }
}

// A library function's result buffer (array-export-result-buffers).
// CHECK-LABEL: func.func @result_alloc
// CHECK: arrayrt.result_alloc(%{{.+}}) result 0 on %{{.+}} : memref<?x4xf32>
// CHECK: arrayrt.result_alloc result 1 : memref<i1>
func.func @result_alloc(%n: index, %s: !arrayrt.stream) -> (memref<?x4xf32>, memref<i1>) {
  %0 = arrayrt.result_alloc(%n) result 0 on %s : memref<?x4xf32>
  %1 = arrayrt.result_alloc result 1 : memref<i1>
  return %0, %1 : memref<?x4xf32>, memref<i1>
}
