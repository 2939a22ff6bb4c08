// RUN: array-opt %s -convert-arrayrt-to-calls | FileCheck %s

// arrayrt.launch_image (a user's array.cuda_kernel) becomes one call of
// arrayrt_launch_image(slot, image, image size, symbol, grid x/y/z,
// block x/y/z, shared bytes, stream, params): the image and the symbol are
// constant globals shared by the launches of one kernel, each launch site
// has its own slot (the loaded function, cached by the runtime), and the
// parameters are an array of pointers to each argument's value (a buffer's
// device pointer, a scalar as itself), in allocas of the entry block.

// CHECK-DAG: llvm.mlir.global internal constant @arrayrt_kernel_image("IMG\00") {{.*}}alignment = 8
// CHECK-DAG: llvm.mlir.global internal constant @arrayrt_kernel_symbol("_Z1kIfEvPT_i\00")
// CHECK-DAG: llvm.mlir.global internal @arrayrt_kernel_slot(0 : i64)
// CHECK-DAG: llvm.mlir.global internal @arrayrt_kernel_slot_0(0 : i64)
// CHECK-DAG: func.func private @arrayrt_launch_image(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i64, i64, i64, i64, !llvm.ptr, !llvm.ptr)

// CHECK-LABEL: func.func @launch
// CHECK-SAME: (%[[X:.+]]: memref<?xf32>, %[[N:.+]]: i32, %[[G:.+]]: index)
// CHECK-DAG: %[[SLOT1:.+]] = llvm.mlir.addressof @arrayrt_kernel_slot :
// CHECK-DAG: %[[SLOT0:.+]] = llvm.mlir.addressof @arrayrt_kernel_slot_0 :
// CHECK-DAG: %[[IMAGE:.+]] = llvm.mlir.addressof @arrayrt_kernel_image
// CHECK-DAG: %[[SYMBOL:.+]] = llvm.mlir.addressof @arrayrt_kernel_symbol
// CHECK-DAG: %[[SIZE:.+]] = arith.constant 4 : i64
// CHECK-DAG: %[[PARAMS:.+]] = llvm.alloca %{{.+}} x !llvm.array<2 x ptr>
// CHECK-DAG: %[[PTR:.+]] = llvm.alloca %{{.+}} x !llvm.ptr
// CHECK-DAG: %[[SCALAR:.+]] = llvm.alloca %{{.+}} x i32
// CHECK: %[[STREAM:.+]] = call @arrayrt_default_stream()
// CHECK: %[[ADDR:.+]] = memref.extract_aligned_pointer_as_index %[[X]]
// CHECK: llvm.store %{{.+}}, %[[PTR]]
// CHECK: %[[P0:.+]] = llvm.getelementptr %[[PARAMS]][0, 0]
// CHECK: llvm.store %[[PTR]], %[[P0]]
// CHECK: llvm.store %[[N]], %[[SCALAR]] : i32
// CHECK: %[[P1:.+]] = llvm.getelementptr %[[PARAMS]][0, 1]
// CHECK: llvm.store %[[SCALAR]], %[[P1]]
// CHECK: %[[GX:.+]] = arith.index_cast %[[G]] : index to i64
// CHECK: call @arrayrt_launch_image(%[[SLOT0]], %[[IMAGE]], %[[SIZE]], %[[SYMBOL]], %[[GX]], %c1_i64, %c1_i64, %c256_i64, %c1_i64, %c1_i64, %c128_i64, %[[STREAM]], %[[PARAMS]])
// CHECK: call @arrayrt_launch_image(%[[SLOT1]], %[[IMAGE]], %[[SIZE]], %[[SYMBOL]], %{{.+}}, %c1_i64, %c1_i64, %c256_i64, %c1_i64, %c1_i64, %c0_i64, %[[STREAM]], %{{.+}})
func.func @launch(%x: memref<?xf32>, %n: i32, %g: index) {
  %c1 = arith.constant 1 : index
  %s = arrayrt.default_stream
  arrayrt.launch_image "_Z1kIfEvPT_i"(%x, %n) grid(%g, %c1, %c1) block [256, 1, 1] shared 128 outputs [0] on %s {image = "IMG\00", kernel = "k<float>"} : memref<?xf32>, i32
  arrayrt.launch_image "_Z1kIfEvPT_i"(%x, %n) grid(%g, %c1, %c1) block [256, 1, 1] outputs [0] on %s {image = "IMG\00", kernel = "k<float>"} : memref<?xf32>, i32
  return
}
