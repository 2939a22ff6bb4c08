// RUN: array-opt %s -convert-arrayrt-to-calls | FileCheck %s

// The Matrix Market ops become calls that match arrayrt.h:
//   void arrayrt_mtx_shape(const char *path, int64_t *sizes,
//                          const char *location);
//   void arrayrt_load_mtx(const char *path, int32_t part, int64_t rank,
//                         void *descriptor, int32_t dtype,
//                         const char *location);
// part 0 (ARRAYRT_MTX_COORDINATES) for the rank-2 coordinates buffer, 1
// (ARRAYRT_MTX_VALUES) for the values; dtype 4 is int64, 12 float64.

// CHECK-DAG: llvm.mlir.global internal constant @[[$PATH:arrayrt_npy_path[_0-9]*]]("a.mtx\00")
// CHECK-DAG: func.func private @arrayrt_mtx_shape(!llvm.ptr, !llvm.ptr, !llvm.ptr)
// CHECK-DAG: func.func private @arrayrt_load_mtx(!llvm.ptr, i32, i64, !llvm.ptr, i32, !llvm.ptr)
// CHECK-LABEL: func.func @mtx
// CHECK-DAG: %[[COORDS:.+]] = arith.constant 0 : i32
// CHECK-DAG: %[[VALUES:.+]] = arith.constant 1 : i32
// CHECK-DAG: %[[I64:.+]] = arith.constant 4 : i32
// CHECK-DAG: %[[F64:.+]] = arith.constant 12 : i32
// CHECK-DAG: %[[P:.+]] = llvm.mlir.addressof @[[$PATH]] : !llvm.ptr
// CHECK: %[[SIZES:.+]] = memref.alloca() : memref<3xi64>
// CHECK: call @arrayrt_mtx_shape(%[[P]], %{{.+}}, %{{.+}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
// CHECK: memref.load %[[SIZES]][%{{.+}}] : memref<3xi64>
// CHECK: memref.load %[[SIZES]][%{{.+}}] : memref<3xi64>
// CHECK: %[[NNZ:.+]] = memref.load %[[SIZES]][%{{.+}}] : memref<3xi64>
// CHECK: %[[N:.+]] = arith.index_cast %[[NNZ]] : i64 to index
// CHECK: memref.alloc(%[[N]]) : memref<?x2xi64>
// CHECK: call @arrayrt_load_mtx(%[[P]], %[[COORDS]], %{{.+}}, %{{.+}}, %[[I64]], %{{.+}})
// CHECK: memref.alloc(%[[N]]) : memref<?xf64>
// CHECK: call @arrayrt_load_mtx(%[[P]], %[[VALUES]], %{{.+}}, %{{.+}}, %[[F64]], %{{.+}})
func.func @mtx() -> (index, index, memref<?x2xi64>, memref<?xf64>) {
  %r, %c, %n = arrayrt.mtx_shape "a.mtx" : index, index, index
  %crd = memref.alloc(%n) : memref<?x2xi64>
  arrayrt.read_mtx_into "a.mtx", %crd : memref<?x2xi64>
  %val = memref.alloc(%n) : memref<?xf64>
  arrayrt.read_mtx_into "a.mtx", %val : memref<?xf64>
  return %r, %c, %crd, %val : index, index, memref<?x2xi64>, memref<?xf64>
}
