// RUN: array-opt %s -convert-arrayrt-to-calls -split-input-file -verify-diagnostics | FileCheck %s

// The CSR handle ops on buffers become arrayrt_csr_* calls: buffers as
// (rank, descriptor) pairs, the dtype code (F32 11, F64 12), the index
// width, the op's location and the op's stream (null without one: the
// legacy default stream; array-gpu-streams gives each its stream). A
// handle is the !llvm.ptr its creation returns; arrayrt_csr_nnz is a plain
// host call. The signatures agree with runtime/include/arrayrt/arrayrt.h.

// CHECK-DAG: func.func private @arrayrt_csr_from_dense(i64, !llvm.ptr, i32, i32, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK-DAG: func.func private @arrayrt_csr_spmv(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, f64, f64, i32, !llvm.ptr, !llvm.ptr)
// CHECK-DAG: func.func private @arrayrt_csr_spmm(!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, f64, f64, i32, !llvm.ptr, !llvm.ptr)
// CHECK-DAG: func.func private @arrayrt_csr_to_dense(!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr, !llvm.ptr)
// CHECK-DAG: func.func private @arrayrt_csr_nnz(!llvm.ptr) -> i64
// CHECK-DAG: func.func private @arrayrt_csr_release(!llvm.ptr, !llvm.ptr)
// CHECK-LABEL: func.func @products
// CHECK: %[[H:.+]] = call @arrayrt_csr_from_dense(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) : (i64, !llvm.ptr, i32, i32, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK: call @arrayrt_csr_spmv(%[[H]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}})
// CHECK: call @arrayrt_csr_spmm(%[[H]], {{.+}})
// CHECK: call @arrayrt_csr_to_dense(%[[H]], {{.+}})
// CHECK: %[[N:.+]] = call @arrayrt_csr_nnz(%[[H]]) : (!llvm.ptr) -> i64
// CHECK: arith.index_cast %[[N]] : i64 to index
// CHECK: call @arrayrt_csr_release(%[[H]], %{{.+}})
// CHECK-NOT: arrayrt.csr
// CHECK-NOT: unrealized_conversion_cast %{{.+}} : !llvm.ptr to !arrayrt.csr_handle
func.func @products(%d: memref<4x6xf32>, %x: memref<6xf32>, %y: memref<4xf32>,
                    %b: memref<6x8xf32>, %c: memref<4x8xf32>, %e: memref<4x6xf32>) -> index {
  %h = arrayrt.csr_from_dense %d {index_bits = 32} : memref<4x6xf32>
  arrayrt.csr_spmv %h, %x into %y {alpha = 2.0, beta = 1.0} : memref<6xf32>, memref<4xf32>
  arrayrt.csr_spmm %h, %b into %c : memref<6x8xf32>, memref<4x8xf32>
  arrayrt.csr_to_dense %h into %e : memref<4x6xf32>
  %n = arrayrt.csr_nnz %h
  arrayrt.csr_release %h
  return %n : index
}

// -----

// The borrowed arrays, a file (its path a string constant) and a product.
// CHECK-DAG: func.func private @arrayrt_csr_from_arrays(i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64, i64, i32, i32, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK-DAG: func.func private @arrayrt_csr_load_mtx(!llvm.ptr, i32, i32, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK-DAG: llvm.mlir.global internal constant @arrayrt_mtx_path("a.mtx\00")
// CHECK-LABEL: func.func @creations
// CHECK-DAG: %[[BITS:.+]] = arith.constant 64 : i32
// CHECK-DAG: %[[F64:.+]] = arith.constant 12 : i32
// CHECK: %[[R:.+]] = arith.index_cast %{{.+}} : index to i64
// CHECK: %[[C:.+]] = arith.index_cast %{{.+}} : index to i64
// CHECK: %[[G:.+]] = call @arrayrt_csr_from_arrays(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[R]], %[[C]], %[[BITS]], %[[F64]], %{{.+}}, %{{.+}})
// CHECK: %[[M:.+]] = call @arrayrt_csr_load_mtx(%{{.+}}, %{{.+}}, %[[F64]], %{{.+}}, %{{.+}})
// CHECK: %[[S:.+]] = call @arrayrt_csr_spgemm(%[[G]], %[[M]], %{{.+}}, %{{.+}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK: call @arrayrt_csr_release(%[[G]],
// CHECK: call @arrayrt_csr_release(%[[M]],
// CHECK: call @arrayrt_csr_release(%[[S]],
func.func @creations(%p: memref<?xi64>, %i: memref<?xi64>, %v: memref<?xf64>, %rows: index, %cols: index) {
  %g = arrayrt.csr_from_arrays %p, %i, %v (%rows, %cols) : memref<?xi64>, memref<?xi64>, memref<?xf64>
  %m = arrayrt.csr_load_mtx "a.mtx" {element = f64, index_bits = 64}
  %s = arrayrt.csr_spgemm %g, %m
  arrayrt.csr_release %g keep %p, %i, %v : memref<?xi64>, memref<?xi64>, memref<?xf64>
  arrayrt.csr_release %m
  arrayrt.csr_release %s
  return
}

// -----

// The transpose, the sampled product, the sum and the scaling return new
// handles.
// CHECK-LABEL: func.func @derived
// CHECK-DAG: %[[ALPHA:.+]] = arith.constant 5.000000e-01 : f64
// CHECK-DAG: %[[BETA:.+]] = arith.constant 2.000000e+00 : f64
// CHECK-DAG: %[[F32:.+]] = arith.constant 11 : i32
// CHECK: %[[H:.+]] = call @arrayrt_csr_from_dense(
// CHECK: %[[T:.+]] = call @arrayrt_csr_transpose(%[[H]], %{{.+}}, %{{.+}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK: %[[S:.+]] = call @arrayrt_csr_sddmm(%[[H]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[ALPHA]], %[[BETA]], %[[F32]], %{{.+}}, %{{.+}}) : (!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, f64, f64, i32, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK: %[[SUM:.+]] = call @arrayrt_csr_add(%[[S]], %[[T]], %{{.+}}, %{{.+}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK: %[[SC:.+]] = call @arrayrt_csr_scale(%[[SUM]], %[[BETA]], %{{.+}}, %{{.+}}) : (!llvm.ptr, f64, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK: call @arrayrt_csr_release(%[[SC]],
// CHECK: call @arrayrt_csr_release(%[[SUM]],
// CHECK: call @arrayrt_csr_release(%[[S]],
// CHECK: call @arrayrt_csr_release(%[[T]],
// CHECK: call @arrayrt_csr_release(%[[H]],
func.func @derived(%d: memref<4x6xf32>, %a: memref<4x3xf32>, %b: memref<3x6xf32>) {
  %h = arrayrt.csr_from_dense %d {index_bits = 32} : memref<4x6xf32>
  %t = arrayrt.csr_transpose %h
  %s = arrayrt.csr_sddmm %h, %a, %b {alpha = 0.5, beta = 2.0} : memref<4x3xf32>, memref<3x6xf32>
  %sum = arrayrt.csr_add %s, %t
  %sc = arrayrt.csr_scale %sum {alpha = 2.0 : f64}
  arrayrt.csr_release %sc
  arrayrt.csr_release %sum
  arrayrt.csr_release %s
  arrayrt.csr_release %t
  arrayrt.csr_release %h
  return
}

// -----

// On tensors: the pass ran before bufferization.
func.func @tensors(%d: tensor<4x6xf32>) {
  // expected-error @+1 {{'arrayrt.csr_from_dense' op must be bufferized before convert-arrayrt-to-calls}}
  %h = arrayrt.csr_from_dense %d {index_bits = 32} : tensor<4x6xf32>
  return
}

// -----

// f16 and bf16 values pass their dtype codes (F16 9, BF16 10): cuSPARSE
// computes with them in f32.
// CHECK-LABEL: func.func @half_values
// CHECK-DAG: %[[F16:.+]] = arith.constant 9 : i32
// CHECK-DAG: %[[BF16:.+]] = arith.constant 10 : i32
// CHECK: %[[H:.+]] = call @arrayrt_csr_from_dense(%{{.+}}, %{{.+}}, %{{.+}}, %[[F16]],
// CHECK: call @arrayrt_csr_spmv(%[[H]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[F16]],
// CHECK: %[[G:.+]] = call @arrayrt_csr_from_dense(%{{.+}}, %{{.+}}, %{{.+}}, %[[BF16]],
// CHECK: call @arrayrt_csr_to_dense(%[[G]], %{{.+}}, %{{.+}}, %[[BF16]],
func.func @half_values(%d: memref<4x6xf16>, %x: memref<6xf16>, %y: memref<4xf16>,
                       %e: memref<4x6xbf16>, %f: memref<4x6xbf16>) {
  %h = arrayrt.csr_from_dense %d {index_bits = 32} : memref<4x6xf16>
  arrayrt.csr_spmv %h, %x into %y : memref<6xf16>, memref<4xf16>
  arrayrt.csr_release %h
  %g = arrayrt.csr_from_dense %e {index_bits = 32} : memref<4x6xbf16>
  arrayrt.csr_to_dense %g into %f : memref<4x6xbf16>
  arrayrt.csr_release %g
  return
}
