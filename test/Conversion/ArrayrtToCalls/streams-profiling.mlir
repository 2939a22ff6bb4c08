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

// -----

// arrayrt.result_alloc: arrayrt_abi_result_alloc(result, rank, sizes,
// element bytes, stream) returns the buffer; the row-major descriptor is
// built around it.
// CHECK-LABEL: func.func @result_alloc
// CHECK-SAME: (%[[N:.+]]: index, %[[S:.+]]: !arrayrt.stream)
// CHECK-DAG: %[[ONE:.+]] = arith.constant 1 : i64
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0 : i64
// CHECK-DAG: %[[FOUR:.+]] = arith.constant 4 : i64
// CHECK-DAG: %[[RESULT:.+]] = arith.constant 1 : i32
// CHECK-DAG: %[[RANK:.+]] = arith.constant 2 : i32
// CHECK-DAG: %[[SIZES:.+]] = memref.alloca() : memref<2xi64>
// CHECK-DAG: %[[N64:.+]] = arith.index_cast %[[N]] : index to i64
// CHECK: memref.store %[[N64]], %[[SIZES]]
// CHECK: memref.store %[[FOUR]], %[[SIZES]]
// CHECK: %[[SP:.+]] = builtin.unrealized_conversion_cast %[[S]] : !arrayrt.stream to !llvm.ptr
// CHECK: %[[P:.+]] = call @arrayrt_abi_result_alloc(%[[RESULT]], %[[RANK]], %{{.+}}, %[[FOUR]], %[[SP]]) : (i32, i32, !llvm.ptr, i64, !llvm.ptr) -> !llvm.ptr
// CHECK: %[[D0:.+]] = llvm.insertvalue %[[P]], %{{.+}}[0]
// CHECK: %[[D1:.+]] = llvm.insertvalue %[[P]], %[[D0]][1]
// CHECK: %[[D2:.+]] = llvm.insertvalue %[[ZERO]], %[[D1]][2]
// CHECK: %[[D3:.+]] = llvm.insertvalue %[[FOUR]], %[[D2]][3, 1]
// CHECK: %[[D4:.+]] = llvm.insertvalue %[[ONE]], %[[D3]][4, 1]
// CHECK: %[[D5:.+]] = llvm.insertvalue %[[N64]], %[[D4]][3, 0]
// CHECK: %[[D6:.+]] = llvm.insertvalue %[[FOUR]], %[[D5]][4, 0]
// CHECK: %[[M:.+]] = builtin.unrealized_conversion_cast %[[D6]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<?x4xf32>
// CHECK: return %[[M]]
func.func @result_alloc(%n: index, %s: !arrayrt.stream) -> memref<?x4xf32> {
  %0 = arrayrt.result_alloc(%n) result 1 on %s : memref<?x4xf32>
  return %0 : memref<?x4xf32>
}

// -----

// Host spans: arrayrt_host_span_begin(name), its name the constant that an
// op label of the same text uses too, and arrayrt_host_span_end().
// CHECK-DAG: func.func private @arrayrt_host_span_begin(!llvm.ptr)
// CHECK-DAG: func.func private @arrayrt_host_span_end()
// CHECK-DAG: llvm.mlir.global internal constant @[[$SPAN:arrayrt_op_label[_0-9]*]]("array.exp @ prog.mlir:3:8\00")
// CHECK-NOT: llvm.mlir.global internal constant @{{.*}}("array.exp @ prog.mlir:3:8\00")
// CHECK-LABEL: func.func @spans
// CHECK: %[[N:.*]] = llvm.mlir.addressof @[[$SPAN]] : !llvm.ptr
// CHECK: call @arrayrt_host_span_begin(%[[N]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: call @arrayrt_set_op(%[[N]],
// CHECK-NEXT: call @arrayrt_host_span_end() : () -> ()
// CHECK-NOT: arrayrt.
func.func @spans(%bytes: i64) {
  arrayrt.host_span_begin "array.exp @ prog.mlir:3:8"
  arrayrt.set_op %bytes loc(fused["array.exp"("prog.mlir":3:8)])
  arrayrt.host_span_end
  return
}
