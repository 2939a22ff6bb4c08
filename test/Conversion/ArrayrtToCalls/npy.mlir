// RUN: array-opt %s -convert-arrayrt-to-calls -split-input-file -verify-diagnostics | FileCheck %s
// RUN: array-opt %s -split-input-file -verify-diagnostics -convert-arrayrt-to-calls -finalize-memref-to-llvm -convert-func-to-llvm -convert-arith-to-llvm -reconcile-unrealized-casts -canonicalize | FileCheck %s --check-prefix=LLVM

// The .npy ops become calls that match runtime/include/arrayrt/arrayrt.h:
//   void arrayrt_save_npy(const char *path, int64_t rank, void *descriptor,
//                         int32_t dtype, const char *location);
//   void arrayrt_npy_shape(const char *path, int64_t rank, int64_t *shape,
//                          int32_t dtype, const char *location);
//   void arrayrt_load_npy(const char *path, int64_t rank, void *descriptor,
//                         int32_t dtype, const char *location);
// One declaration serves every dtype, so the buffer is passed as the
// (rank, descriptor) pair of its unranked memref's LLVM form. Paths and the
// ops' `file:line:col` are NUL-terminated string constants, one per text.

// CHECK-LABEL: module
// CHECK-DAG: llvm.mlir.global internal constant @[[$OUT:arrayrt_npy_path[_0-9]*]]("out/a.npy\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[$B:arrayrt_npy_path[_0-9]*]]("b c.npy\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[$LOC2:arrayrt_location[_0-9]*]]("{{.*}}npy.mlir:[[#@LINE+44]]:3\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[$LOC3:arrayrt_location[_0-9]*]]("{{.*}}npy.mlir:[[#@LINE+44]]:3\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[$LOC4:arrayrt_location[_0-9]*]]("{{.*}}npy.mlir:[[#@LINE+44]]:3\00")
// CHECK-DAG: func.func private @arrayrt_save_npy(!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr)
// CHECK-LABEL: func.func @save
// CHECK-SAME: (%[[A:.*]]: memref<4x3xf32>, %[[BB:.*]]: memref<?xi1, strided<[?], offset: ?>>, %[[C:.*]]: memref<f64>)
// CHECK-DAG: %[[F32:.*]] = arith.constant 11 : i32
// CHECK-DAG: %[[I1:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[F64:.*]] = arith.constant 12 : i32
// CHECK-DAG: %[[PATH_OUT:.*]] = llvm.mlir.addressof @[[$OUT]] : !llvm.ptr
// CHECK-DAG: %[[PATH_B:.*]] = llvm.mlir.addressof @[[$B]] : !llvm.ptr
// CHECK-DAG: %[[L2:.*]] = llvm.mlir.addressof @[[$LOC2]] : !llvm.ptr
// CHECK-DAG: %[[L3:.*]] = llvm.mlir.addressof @[[$LOC3]] : !llvm.ptr
// CHECK-DAG: %[[L4:.*]] = llvm.mlir.addressof @[[$LOC4]] : !llvm.ptr
// CHECK: %[[UA:.*]] = memref.cast %[[A]] : memref<4x3xf32> to memref<*xf32>
// CHECK-NEXT: %[[DA:.*]] = builtin.unrealized_conversion_cast %[[UA]] : memref<*xf32> to !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[RA:.*]] = llvm.extractvalue %[[DA]][0] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[PA:.*]] = llvm.extractvalue %[[DA]][1] : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: call @arrayrt_save_npy(%[[PATH_OUT]], %[[RA]], %[[PA]], %[[F32]], %[[L2]]) : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr) -> ()
// CHECK-NEXT: %[[UB:.*]] = memref.cast %[[BB]] : memref<?xi1, strided<[?], offset: ?>> to memref<*xi1>
// CHECK-NEXT: %[[DB:.*]] = builtin.unrealized_conversion_cast %[[UB]]
// CHECK-NEXT: %[[RB:.*]] = llvm.extractvalue %[[DB]][0]
// CHECK-NEXT: %[[PB:.*]] = llvm.extractvalue %[[DB]][1]
// CHECK-NEXT: call @arrayrt_save_npy(%[[PATH_B]], %[[RB]], %[[PB]], %[[I1]], %[[L3]])
// The same path again uses the same string.
// CHECK-NEXT: %[[UC:.*]] = memref.cast %[[C]] : memref<f64> to memref<*xf64>
// CHECK-NEXT: %[[DC:.*]] = builtin.unrealized_conversion_cast %[[UC]]
// CHECK-NEXT: %[[RC:.*]] = llvm.extractvalue %[[DC]][0]
// CHECK-NEXT: %[[PC:.*]] = llvm.extractvalue %[[DC]][1]
// CHECK-NEXT: call @arrayrt_save_npy(%[[PATH_OUT]], %[[RC]], %[[PC]], %[[F64]], %[[L4]])
// CHECK-NEXT: return

// After lowering to LLVM, the pair is the rank and a stack copy of the
// ranked descriptor, as for any unranked memref argument.
// LLVM-LABEL: llvm.func @save
// LLVM-SAME: (%[[ALLOC:[^:]*]]: !llvm.ptr, %[[ALIGNED:[^:]*]]: !llvm.ptr,
// LLVM-DAG: %[[TWO:.*]] = llvm.mlir.constant(2 : index) : i64
// LLVM-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// LLVM-DAG: %[[F32:.*]] = llvm.mlir.constant(11 : i32) : i32
// LLVM: %[[DESC:.*]] = llvm.alloca %[[ONE]] x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// LLVM: llvm.store %{{.*}}, %[[DESC]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
// LLVM: llvm.call @arrayrt_save_npy(%{{.*}}, %[[TWO]], %[[DESC]], %[[F32]], %{{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr) -> ()
// LLVM-NOT: unrealized_conversion_cast
func.func @save(%a: memref<4x3xf32>, %b: memref<?xi1, strided<[?], offset: ?>>, %c: memref<f64>) {
  arrayrt.save_npy %a, "out/a.npy" : memref<4x3xf32>
  arrayrt.save_npy %b, "b c.npy" : memref<?xi1, strided<[?], offset: ?>>
  arrayrt.save_npy %c, "out/a.npy" : memref<f64>
  return
}

// -----

// The shape is read into an i64 buffer on the stack of the function (not of
// the loop), whose elements become the sizes; the load passes the buffer's
// descriptor.
// CHECK-LABEL: module
// CHECK-DAG: llvm.mlir.global internal constant @[[$PATH:arrayrt_npy_path[_0-9]*]]("a.npy\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[$SLOC:arrayrt_location[_0-9]*]]("{{.*}}npy.mlir:[[#@LINE+38]]:12\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[$LLOC:arrayrt_location[_0-9]*]]("{{.*}}npy.mlir:[[#@LINE+39]]:5\00")
// CHECK-DAG: func.func private @arrayrt_npy_shape(!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr)
// CHECK-DAG: func.func private @arrayrt_load_npy(!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr)
// CHECK-LABEL: func.func @load
// CHECK-DAG: %[[I64:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[RANK:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[P:.*]] = llvm.mlir.addressof @[[$PATH]] : !llvm.ptr
// CHECK-DAG: %[[SL:.*]] = llvm.mlir.addressof @[[$SLOC]] : !llvm.ptr
// CHECK-DAG: %[[LL:.*]] = llvm.mlir.addressof @[[$LLOC]] : !llvm.ptr
// CHECK-DAG: %[[SHAPE:.*]] = memref.alloca() : memref<2xi64>
// CHECK: scf.for
// CHECK: %[[ADDR:.*]] = memref.extract_aligned_pointer_as_index %[[SHAPE]] : memref<2xi64> -> index
// CHECK-NEXT: %[[ADDR64:.*]] = arith.index_cast %[[ADDR]] : index to i64
// CHECK-NEXT: %[[PTR:.*]] = llvm.inttoptr %[[ADDR64]] : i64 to !llvm.ptr
// CHECK-NEXT: call @arrayrt_npy_shape(%[[P]], %[[RANK]], %[[PTR]], %[[I64]], %[[SL]]) : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr) -> ()
// CHECK-NEXT: %[[S0:.*]] = memref.load %[[SHAPE]][%[[C0]]] : memref<2xi64>
// CHECK-NEXT: %[[D0:.*]] = arith.index_cast %[[S0]] : i64 to index
// CHECK-NEXT: %[[S1:.*]] = memref.load %[[SHAPE]][%[[C1]]] : memref<2xi64>
// CHECK-NEXT: %[[D1:.*]] = arith.index_cast %[[S1]] : i64 to index
// CHECK-NEXT: %[[BUF:.*]] = memref.alloc(%[[D0]]) : memref<?x3xi64>
// CHECK-NEXT: %[[U:.*]] = memref.cast %[[BUF]] : memref<?x3xi64> to memref<*xi64>
// CHECK-NEXT: %[[D:.*]] = builtin.unrealized_conversion_cast %[[U]] : memref<*xi64> to !llvm.struct<(i64, ptr)>
// CHECK-NEXT: %[[R:.*]] = llvm.extractvalue %[[D]][0]
// CHECK-NEXT: %[[DP:.*]] = llvm.extractvalue %[[D]][1]
// CHECK-NEXT: call @arrayrt_load_npy(%[[P]], %[[R]], %[[DP]], %[[I64]], %[[LL]]) : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr) -> ()
// CHECK: call @use(%[[BUF]], %[[D1]])
// LLVM-LABEL: llvm.func @load
// LLVM: llvm.call @arrayrt_npy_shape
// LLVM: llvm.call @arrayrt_load_npy
// LLVM-NOT: unrealized_conversion_cast
func.func private @use(memref<?x3xi64>, index)
func.func @load(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %s:2 = arrayrt.npy_shape "a.npy" of i64 : index, index
    %buf = memref.alloc(%s#0) : memref<?x3xi64>
    arrayrt.load_npy_into "a.npy", %buf : memref<?x3xi64>
    func.call @use(%buf, %s#1) : (memref<?x3xi64>, index) -> ()
    memref.dealloc %buf : memref<?x3xi64>
  }
  return
}

// -----

// A part: the whole array's sizes (-1: any) and the part's offsets in two
// stack arrays of i64 made at the function's start, filled where the load
// stands.
// CHECK-LABEL: func.func @load_part
// CHECK-SAME: (%[[BUF:.*]]: memref<2x?xf32>, %[[O:.*]]: index)
// CHECK-DAG: %[[M1:.*]] = arith.constant -1 : i64
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK: memref.alloca() : memref<2xi64>
// CHECK: memref.alloca() : memref<2xi64>
// CHECK: %[[O64:.*]] = arith.index_cast %[[O]] : index to i64
// CHECK-NEXT: memref.store %[[C6]], %[[WHOLE:.*]][%c0] : memref<2xi64>
// CHECK-NEXT: memref.store %[[O64]], %[[OFFS:.*]][%c0] : memref<2xi64>
// CHECK-NEXT: memref.store %[[M1]], %[[WHOLE]][%c1] : memref<2xi64>
// CHECK-NEXT: memref.store %[[C1]], %[[OFFS]][%c1] : memref<2xi64>
// CHECK: call @arrayrt_load_npy_part({{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
// LLVM-LABEL: llvm.func @load_part
// LLVM: llvm.call @arrayrt_load_npy_part
func.func @load_part(%buf: memref<2x?xf32>, %o: index) {
  %c1 = arith.constant 1 : index
  arrayrt.load_npy_into "m.npy", %buf at [%o, %c1] in [6, -1] : memref<2x?xf32>
  return
}

// -----

// Every dtype code of arrayrt_dtype_t (bf16 too: the runtime rejects it with
// a message that names the op).
// CHECK-LABEL: func.func @dtypes
// CHECK: call @arrayrt_load_npy({{.*}}, %c0_i32, {{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr) -> ()
// CHECK: call @arrayrt_load_npy({{.*}}, %c1_i32, {{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr) -> ()
// CHECK: call @arrayrt_load_npy({{.*}}, %c2_i32, {{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr) -> ()
// CHECK: call @arrayrt_load_npy({{.*}}, %c3_i32, {{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr) -> ()
// CHECK: call @arrayrt_load_npy({{.*}}, %c4_i32, {{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr) -> ()
// CHECK: call @arrayrt_load_npy({{.*}}, %c9_i32, {{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr) -> ()
// CHECK: call @arrayrt_load_npy({{.*}}, %c10_i32, {{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr) -> ()
// CHECK: call @arrayrt_load_npy({{.*}}, %c11_i32, {{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr) -> ()
// CHECK: call @arrayrt_load_npy({{.*}}, %c12_i32, {{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr) -> ()
func.func @dtypes(%b: memref<2xi1>, %i8: memref<2xi8>, %i16: memref<2xi16>, %i32: memref<2xi32>, %i64: memref<2xi64>, %f16: memref<2xf16>, %bf16: memref<2xbf16>, %f32: memref<2xf32>, %f64: memref<2xf64>) {
  arrayrt.load_npy_into "x.npy", %b : memref<2xi1>
  arrayrt.load_npy_into "x.npy", %i8 : memref<2xi8>
  arrayrt.load_npy_into "x.npy", %i16 : memref<2xi16>
  arrayrt.load_npy_into "x.npy", %i32 : memref<2xi32>
  arrayrt.load_npy_into "x.npy", %i64 : memref<2xi64>
  arrayrt.load_npy_into "x.npy", %f16 : memref<2xf16>
  arrayrt.load_npy_into "x.npy", %bf16 : memref<2xbf16>
  arrayrt.load_npy_into "x.npy", %f32 : memref<2xf32>
  arrayrt.load_npy_into "x.npy", %f64 : memref<2xf64>
  return
}

// -----

// An op without a file location passes a null location.
// CHECK-LABEL: func.func @no_location
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: call @arrayrt_save_npy(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[NULL]])
func.func @no_location(%a: memref<2xf32>) {
  arrayrt.save_npy %a, "a.npy" : memref<2xf32> loc(unknown)
  return
}

// -----

// A fused location (as after fusion or CSE) names its first file location.
// CHECK: llvm.mlir.global internal constant @arrayrt_location("prog.mlir:7:9\00")
// CHECK-LABEL: func.func @fused_location
func.func @fused_location(%a: memref<2xf32>) {
  arrayrt.save_npy %a, "a.npy" : memref<2xf32> loc(fused["x", "prog.mlir":7:9, "other.mlir":1:1])
  return
}

// -----

func.func @device_buffer(%a: memref<2xf32, 1>) {
  // expected-error @+1 {{'arrayrt.save_npy' op saves a buffer in memory space 1 : i64; the runtime reads host memory (the default memory space)}}
  arrayrt.save_npy %a, "a.npy" : memref<2xf32, 1>
  return
}

// -----

func.func @load_into_device_buffer(%a: memref<2xf32, 1>) {
  // expected-error @+1 {{'arrayrt.load_npy_into' op loads into a buffer in memory space 1 : i64; the runtime reads host memory (the default memory space)}}
  arrayrt.load_npy_into "a.npy", %a : memref<2xf32, 1>
  return
}

// -----

func.func @save_tensor(%a: tensor<2xf32>) {
  // expected-error @+1 {{'array.save_npy' op must be bufferized before convert-arrayrt-to-calls}}
  array.save_npy %a, "a.npy" : tensor<2xf32>
  return
}

// -----

func.func @load_tensor() -> tensor<2xf32> {
  // expected-error @+1 {{'array.load_npy' op must be bufferized before convert-arrayrt-to-calls}}
  %0 = array.load_npy "a.npy" : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func private @arrayrt_save_npy(memref<*xf32>)
func.func @clash(%a: memref<2xf32>) {
  // expected-error @+1 {{'arrayrt.save_npy' op needs runtime function @arrayrt_save_npy of type '(!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr) -> ()', but the module already defines that symbol differently}}
  arrayrt.save_npy %a, "a.npy" : memref<2xf32>
  return
}

// -----

// On a device buffer (`device`, array-gpu-device-memory's mark), the device
// forms, which take the op's stream: null without one, else the stream
// array-gpu-streams gave the op.
// CHECK-LABEL: module
// CHECK-DAG: func.func private @arrayrt_load_npy_device(!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr)
// CHECK-DAG: func.func private @arrayrt_save_npy_device(!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr)
// CHECK-LABEL: func.func @device
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[S:.*]] = call @arrayrt_default_stream() : () -> !llvm.ptr
// CHECK: call @arrayrt_load_npy_device(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[NULL]], %{{.*}})
// CHECK: call @arrayrt_save_npy_device(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[NULL]], %{{.*}})
// CHECK: call @arrayrt_save_npy_device(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[S]], %{{.*}})
// LLVM-LABEL: llvm.func @device
// LLVM-NOT: unrealized_conversion_cast
func.func @device(%a: memref<4x3xf32>) {
  %s = arrayrt.default_stream
  arrayrt.load_npy_into "a.npy", %a {device} : memref<4x3xf32>
  arrayrt.save_npy %a, "b.npy" {device} : memref<4x3xf32>
  arrayrt.save_npy %a, "b.npy" on %s {device} : memref<4x3xf32>
  return
}

// -----

// A member of a .npz archive: arrayrt_npz_shape, arrayrt_load_npz and
// arrayrt_load_npz_device take the member name after the path (the stream
// and the written descriptor move one operand on).
// CHECK-LABEL: module
// CHECK-DAG: llvm.mlir.global internal constant @[[$MEMBER:arrayrt_npz_member[_0-9]*]]("data\00")
// CHECK-DAG: func.func private @arrayrt_npz_shape(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr)
// CHECK-DAG: func.func private @arrayrt_load_npz(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr)
// CHECK-DAG: func.func private @arrayrt_load_npz_device(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr)
// CHECK-LABEL: func.func @npz
// CHECK-DAG: %[[M:.*]] = llvm.mlir.addressof @[[$MEMBER]]
// CHECK: call @arrayrt_npz_shape(%{{.*}}, %[[M]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK: call @arrayrt_load_npz(%{{.*}}, %[[M]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK: call @arrayrt_load_npz_device(%{{.*}}, %[[M]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
func.func @npz(%a: memref<?xf32>, %b: memref<?xf32>) -> index {
  %n = arrayrt.npy_shape "m.npz"["data"] of f32 : index
  arrayrt.load_npy_into "m.npz"["data"], %a : memref<?xf32>
  arrayrt.load_npy_into "m.npz"["data"], %b {device} : memref<?xf32>
  return %n : index
}
