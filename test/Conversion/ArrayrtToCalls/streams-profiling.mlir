// RUN: array-opt %s -convert-arrayrt-to-calls -split-input-file | FileCheck %s

// Profiling context: arrayrt.range_push/pop become
// arrayrt_range_push(name)/arrayrt_range_pop(); arrayrt.set_op becomes
// arrayrt_set_op(label, location, bytes), with null strings when the op has
// no source line (so that the previous op's name does not stick).

// CHECK-DAG: llvm.mlir.global internal constant @[[$NAME:arrayrt_range_name[_0-9]*]]("step\00")
// CHECK-DAG: func.func private @arrayrt_range_push(!llvm.ptr)
// CHECK-DAG: func.func private @arrayrt_range_pop()
// CHECK-DAG: func.func private @arrayrt_set_op(!llvm.ptr, !llvm.ptr, i64)
// CHECK-DAG: llvm.mlir.global internal constant @[[$WHERE:arrayrt_location[_0-9]*]]("prog.mlir:3:8\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[$LABEL:arrayrt_op_label[_0-9]*]]("array.exp @ prog.mlir:3:8\00")
// CHECK-LABEL: func.func @ranges
// CHECK-DAG: %[[P:.*]] = llvm.mlir.addressof @[[$NAME]] : !llvm.ptr
// CHECK-DAG: %[[W:.*]] = llvm.mlir.addressof @[[$WHERE]] : !llvm.ptr
// CHECK-DAG: %[[L:.*]] = llvm.mlir.addressof @[[$LABEL]] : !llvm.ptr
// CHECK-DAG: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: call @arrayrt_range_push(%[[P]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: call @arrayrt_set_op(%[[L]], %[[W]], %{{.*}}) : (!llvm.ptr, !llvm.ptr, i64) -> ()
// CHECK-NEXT: call @arrayrt_set_op(%[[NULL]], %[[NULL]], %{{.*}})
// CHECK-NEXT: call @arrayrt_range_pop() : () -> ()
// CHECK-NOT: arrayrt.
func.func @ranges(%bytes: i64) {
  arrayrt.range_push "step"
  arrayrt.set_op %bytes loc(fused["array.exp"("prog.mlir":3:8)])
  arrayrt.set_op %bytes loc(unknown)
  arrayrt.range_pop
  return
}

// -----

// Streams and events are the runtime's pointers; the default stream is
// arrayrt_default_stream()'s.
// CHECK-LABEL: func.func @streams
// CHECK: %[[D:.*]] = call @arrayrt_default_stream() : () -> !llvm.ptr
// CHECK: %[[S:.*]] = call @arrayrt_stream_create() : () -> !llvm.ptr
// CHECK: %[[E:.*]] = call @arrayrt_event_create() : () -> !llvm.ptr
// CHECK: call @arrayrt_event_record(%[[E]], %[[S]])
// CHECK: call @arrayrt_stream_wait_event(%[[D]], %[[E]])
// CHECK: call @arrayrt_stream_wait_stream(%[[D]], %[[S]])
// CHECK: call @arrayrt_event_synchronize(%[[E]])
// CHECK: call @arrayrt_stream_synchronize(%[[S]])
// CHECK: call @arrayrt_event_destroy(%[[E]])
// CHECK: call @arrayrt_stream_destroy(%[[S]])
// CHECK-NOT: arrayrt.
// CHECK-NOT: unrealized_conversion_cast
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
