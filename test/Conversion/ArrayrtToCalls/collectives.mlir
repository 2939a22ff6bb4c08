// RUN: array-opt %s -convert-arrayrt-to-calls | FileCheck %s

// Each collective is one call of arrayrt/collectives.h: buffers as (rank,
// descriptor), the dtype, the reduction, the grid's size, the location.

// CHECK-LABEL: func.func @collectives
// CHECK: %[[I:.*]] = call @arrayrt_process_index(%{{.*}}, %{{.*}}) : (i64, !llvm.ptr) -> i64
// CHECK: arith.index_cast %[[I]] : i64 to index
// CHECK: call @arrayrt_all_reduce(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, !llvm.ptr, i32, i32, i64, !llvm.ptr) -> ()
// CHECK: call @arrayrt_all_gather(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, !llvm.ptr, i64, !llvm.ptr, i32, i64, !llvm.ptr) -> ()
func.func @collectives(%a: memref<3xf64>, %b: memref<2xf32>, %c: memref<2x2xf32>) -> index {
  %i = arrayrt.process_index of 2
  arrayrt.all_reduce %a, max of 2 : memref<3xf64>
  arrayrt.all_gather %b into %c of 2 : memref<2xf32>, memref<2x2xf32>
  return %i : index
}

// The device forms (NCCL) take the op's stream before the location.
// CHECK-LABEL: func.func @device
// CHECK: call @arrayrt_all_reduce_device(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, !llvm.ptr, i32, i32, i64, !llvm.ptr, !llvm.ptr) -> ()
// CHECK: call @arrayrt_all_gather_device(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, !llvm.ptr, i64, !llvm.ptr, i32, i64, !llvm.ptr, !llvm.ptr) -> ()
func.func @device(%s: !arrayrt.stream, %a: memref<3xf64>, %b: memref<2xf32>, %c: memref<2x2xf32>) {
  arrayrt.all_reduce %a, sum of 2 on %s {device} : memref<3xf64>
  arrayrt.all_gather %b into %c of 2 on %s {device} : memref<2xf32>, memref<2x2xf32>
  return
}
