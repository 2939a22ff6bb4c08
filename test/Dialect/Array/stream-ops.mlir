// RUN: array-opt %s | array-opt | FileCheck %s
// RUN: array-opt %s -convert-array-to-linalg | FileCheck %s --check-prefix=LINALG

// CHECK-LABEL: func.func @streams
// CHECK: %[[S:.+]] = array.stream_create
// CHECK: %[[T:.+]] = array.stream_create
// CHECK: %[[D:.+]] = array.on_stream %[[S]] -> tensor<4xf32> {
// CHECK:   %[[C:.+]] = array.to_device %{{.+}} : tensor<4xf32>
// CHECK:   array.stream_yield %[[C]] : tensor<4xf32>
// CHECK: }
// CHECK: %[[E:.+]] = array.event_record %[[S]]
// CHECK: array.stream_wait %[[T]], %[[E]]
// CHECK: %[[R:.+]] = array.on_stream %[[T]] -> tensor<4xf32> {
// CHECK:   array.exp %[[D]]
// CHECK: array.on_stream %[[T]] {
// CHECK-NEXT: array.print %[[R]]
// CHECK-NEXT: }
// CHECK: array.stream_synchronize %[[T]]
// CHECK: array.event_synchronize %[[E]]
// LINALG-LABEL: func.func @streams
// LINALG: array.on_stream
// LINALG:   bufferization.alloc_tensor() copy(%{{.+}}) : tensor<4xf32>
// LINALG: array.event_record
// LINALG: array.stream_wait
// LINALG: array.on_stream
// LINALG:   linalg.generic
// LINALG:     math.exp
func.func @streams(%x: tensor<4xf32>) {
  %s = array.stream_create
  %t = array.stream_create
  %d = array.on_stream %s -> tensor<4xf32> {
    %c = array.to_device %x : tensor<4xf32>
    array.stream_yield %c : tensor<4xf32>
  }
  %e = array.event_record %s
  array.stream_wait %t, %e
  %r = array.on_stream %t -> tensor<4xf32> {
    %0 = array.exp %d : tensor<4xf32>
    array.stream_yield %0 : tensor<4xf32>
  }
  array.on_stream %t {
    array.print %r : tensor<4xf32>
  }
  array.stream_synchronize %t
  array.event_synchronize %e
  return
}

// CHECK-LABEL: func.func @two_results
// CHECK: array.on_stream %{{.+}} -> tensor<2xi32>, tensor<f64> {
// CHECK:   array.stream_yield %{{.+}}, %{{.+}} : tensor<2xi32>, tensor<f64>
func.func @two_results(%s: !array.stream, %a: tensor<2xi32>, %b: tensor<f64>)
    -> (tensor<2xi32>, tensor<f64>) {
  %0:2 = array.on_stream %s -> tensor<2xi32>, tensor<f64> {
    array.stream_yield %a, %b : tensor<2xi32>, tensor<f64>
  }
  return %0#0, %0#1 : tensor<2xi32>, tensor<f64>
}
