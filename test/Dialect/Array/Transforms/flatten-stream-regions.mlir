// RUN: array-opt %s -split-input-file -array-flatten-stream-regions | FileCheck %s
// RUN: array-opt %s -split-input-file -array-flatten-stream-regions=drop-streams | FileCheck %s --check-prefix=DROP

// The body goes between markers of its stream; the results are the yielded
// values. Nested regions flatten inside out.
// CHECK-LABEL: func.func @flatten
// CHECK: %[[S:.+]] = array.stream_create
// CHECK: %[[T:.+]] = array.stream_create
// CHECK-NEXT: arrayrt.stream_begin %[[S]]
// CHECK-NEXT: %[[E:.+]] = array.exp %{{.+}}
// CHECK-NEXT: arrayrt.stream_begin %[[T]]
// CHECK-NEXT: %[[L:.+]] = array.log %[[E]]
// CHECK-NEXT: arrayrt.stream_end %[[T]]
// CHECK-NEXT: arrayrt.stream_end %[[S]]
// CHECK-NEXT: %[[R:.+]] = array.event_record %[[S]]
// CHECK-NEXT: array.stream_wait %[[T]], %[[R]]
// CHECK-NEXT: array.stream_synchronize %[[T]]
// CHECK-NEXT: array.print %[[L]]
// CHECK-NOT: array.on_stream
// DROP-LABEL: func.func @flatten
// DROP-NEXT: %[[E:.+]] = array.exp %{{.+}}
// DROP-NEXT: %[[L:.+]] = array.log %[[E]]
// DROP-NEXT: array.print %[[L]]
// DROP-NEXT: return
func.func @flatten(%x: tensor<4xf32>) {
  %s = array.stream_create
  %t = array.stream_create
  %0 = array.on_stream %s -> tensor<4xf32> {
    %e = array.exp %x : tensor<4xf32>
    %l = array.on_stream %t -> tensor<4xf32> {
      %1 = array.log %e : tensor<4xf32>
      array.stream_yield %1 : tensor<4xf32>
    }
    array.stream_yield %l : tensor<4xf32>
  }
  %r = array.event_record %s
  array.stream_wait %t, %r
  array.stream_synchronize %t
  array.print %0 : tensor<4xf32>
  return
}

// -----

// A region yielding a value defined outside it.
// CHECK-LABEL: func.func @passthrough
// CHECK: arrayrt.stream_begin
// CHECK-NEXT: arrayrt.stream_end
// CHECK-NEXT: return %arg0
// DROP-LABEL: func.func @passthrough
// DROP-NEXT: return %arg0
func.func @passthrough(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = array.stream_create
  %0 = array.on_stream %s -> tensor<4xf32> {
    array.stream_yield %x : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}
