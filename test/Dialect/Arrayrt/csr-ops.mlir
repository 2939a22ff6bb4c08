// RUN: array-opt %s | array-opt | FileCheck %s

// The CUDA target's CSR handle ops, on tensors and on buffers.

// CHECK-LABEL: func.func @tensors
func.func @tensors(%d: tensor<?x?xf32>, %p: tensor<?xi32>, %i: tensor<?xi32>, %v: tensor<?xf32>,
                   %x: tensor<?xf32>, %y: tensor<?xf32>, %b: tensor<?x8xf32>, %c: tensor<?x8xf32>,
                   %rows: index, %cols: index) -> index {
  // CHECK: %[[H:.+]] = arrayrt.csr_from_dense %{{.+}} {index_bits = 32 : i64} : tensor<?x?xf32>
  %h = arrayrt.csr_from_dense %d {index_bits = 32} : tensor<?x?xf32>
  // CHECK: %[[G:.+]] = arrayrt.csr_from_arrays %{{.+}}, %{{.+}}, %{{.+}} (%{{.+}}, %{{.+}}) : tensor<?xi32>, tensor<?xi32>, tensor<?xf32>
  %g = arrayrt.csr_from_arrays %p, %i, %v (%rows, %cols) : tensor<?xi32>, tensor<?xi32>, tensor<?xf32>
  // CHECK: %[[M:.+]] = arrayrt.csr_load_mtx "a.mtx" {element = f64, index_bits = 64 : i64}
  %m = arrayrt.csr_load_mtx "a.mtx" {element = f64, index_bits = 64}
  // CHECK: %[[P:.+]] = arrayrt.csr_spgemm %[[H]], %[[G]]{{$}}
  %pr = arrayrt.csr_spgemm %h, %g
  // CHECK: arrayrt.csr_nnz %[[H]]
  %n = arrayrt.csr_nnz %h
  // CHECK: arrayrt.csr_spmv %[[H]], %{{.+}} into %{{.+}} {alpha = 2.000000e+00 : f64, beta = 1.000000e+00 : f64} : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %r = arrayrt.csr_spmv %h, %x into %y {alpha = 2.0, beta = 1.0} : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  // CHECK: arrayrt.csr_spmm %[[G]], %{{.+}} into %{{.+}} : tensor<?x8xf32>, tensor<?x8xf32> -> tensor<?x8xf32>
  %s = arrayrt.csr_spmm %g, %b into %c : tensor<?x8xf32>, tensor<?x8xf32> -> tensor<?x8xf32>
  // CHECK: arrayrt.csr_to_dense %[[H]] into %{{.+}} : tensor<?x?xf32> -> tensor<?x?xf32>
  %e = arrayrt.csr_to_dense %h into %d : tensor<?x?xf32> -> tensor<?x?xf32>
  // CHECK: arrayrt.csr_release %[[H]]{{$}}
  arrayrt.csr_release %h
  // CHECK: arrayrt.csr_release %[[G]] keep %{{.+}}, %{{.+}}, %{{.+}} : tensor<?xi32>, tensor<?xi32>, tensor<?xf32>
  arrayrt.csr_release %g keep %p, %i, %v : tensor<?xi32>, tensor<?xi32>, tensor<?xf32>
  arrayrt.csr_release %m
  arrayrt.csr_release %pr
  return %n : index
}

// CHECK-LABEL: func.func @buffers
func.func @buffers(%h: !arrayrt.csr_handle, %x: memref<?xf64>, %y: memref<?xf64>, %d: memref<4x6xf64>) {
  // CHECK: arrayrt.csr_spmv %{{.+}}, %{{.+}} into %{{.+}} : memref<?xf64>, memref<?xf64>{{$}}
  arrayrt.csr_spmv %h, %x into %y : memref<?xf64>, memref<?xf64>
  // CHECK: arrayrt.csr_to_dense %{{.+}} into %{{.+}} : memref<4x6xf64>{{$}}
  arrayrt.csr_to_dense %h into %d : memref<4x6xf64>
  return
}

// CHECK-LABEL: func.func @derived
func.func @derived(%h: !arrayrt.csr_handle, %a: tensor<?x3xf32>, %b: tensor<3x?xf32>, %ma: memref<?x3xf64>, %mb: memref<3x?xf64>) {
  // CHECK: arrayrt.csr_transpose %{{.+}}
  %t = arrayrt.csr_transpose %h
  // CHECK: arrayrt.csr_sddmm %{{.+}}, %{{.+}}, %{{.+}} {alpha = 2.000000e+00 : f64} : tensor<?x3xf32>, tensor<3x?xf32>
  %s = arrayrt.csr_sddmm %h, %a, %b {alpha = 2.0} : tensor<?x3xf32>, tensor<3x?xf32>
  // CHECK: arrayrt.csr_sddmm %{{.+}}, %{{.+}}, %{{.+}} : memref<?x3xf64>, memref<3x?xf64>
  %m = arrayrt.csr_sddmm %h, %ma, %mb : memref<?x3xf64>, memref<3x?xf64>
  // CHECK: arrayrt.csr_add %{{.+}}, %{{.+}}
  %sum = arrayrt.csr_add %h, %t
  // CHECK: arrayrt.csr_scale %{{.+}} {alpha = -1.500000e+00 : f64}
  %sc = arrayrt.csr_scale %sum {alpha = -1.5 : f64}
  return
}
