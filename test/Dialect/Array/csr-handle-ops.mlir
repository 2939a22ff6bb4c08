// RUN: array-opt %s | array-opt | FileCheck %s

// The CUDA target's CSR handle ops, on tensors and on buffers.

// CHECK-LABEL: func.func @tensors
func.func @tensors(%d: tensor<?x?xf32>, %p: tensor<?xi32>, %i: tensor<?xi32>, %v: tensor<?xf32>,
                   %x: tensor<?xf32>, %y: tensor<?xf32>, %b: tensor<?x8xf32>, %c: tensor<?x8xf32>,
                   %rows: index, %cols: index) -> index {
  // CHECK: %[[H:.+]] = array.csr_from_dense %{{.+}} {index_bits = 32 : i64} : tensor<?x?xf32>
  %h = array.csr_from_dense %d {index_bits = 32} : tensor<?x?xf32>
  // CHECK: %[[G:.+]] = array.csr_from_arrays %{{.+}}, %{{.+}}, %{{.+}} (%{{.+}}, %{{.+}}) : tensor<?xi32>, tensor<?xi32>, tensor<?xf32>
  %g = array.csr_from_arrays %p, %i, %v (%rows, %cols) : tensor<?xi32>, tensor<?xi32>, tensor<?xf32>
  // CHECK: %[[M:.+]] = array.csr_load_mtx "a.mtx" {element = f64, index_bits = 64 : i64}
  %m = array.csr_load_mtx "a.mtx" {element = f64, index_bits = 64}
  // CHECK: %[[P:.+]] = array.csr_spgemm %[[H]], %[[G]]{{$}}
  %pr = array.csr_spgemm %h, %g
  // CHECK: array.csr_nnz %[[H]]
  %n = array.csr_nnz %h
  // CHECK: array.csr_spmv %[[H]], %{{.+}} into %{{.+}} {alpha = 2.000000e+00 : f64, beta = 1.000000e+00 : f64} : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %r = array.csr_spmv %h, %x into %y {alpha = 2.0, beta = 1.0} : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  // CHECK: array.csr_spmm %[[G]], %{{.+}} into %{{.+}} : tensor<?x8xf32>, tensor<?x8xf32> -> tensor<?x8xf32>
  %s = array.csr_spmm %g, %b into %c : tensor<?x8xf32>, tensor<?x8xf32> -> tensor<?x8xf32>
  // CHECK: array.csr_to_dense %[[H]] into %{{.+}} : tensor<?x?xf32> -> tensor<?x?xf32>
  %e = array.csr_to_dense %h into %d : tensor<?x?xf32> -> tensor<?x?xf32>
  // CHECK: array.csr_release %[[H]]{{$}}
  array.csr_release %h
  // CHECK: array.csr_release %[[G]] keep %{{.+}}, %{{.+}}, %{{.+}} : tensor<?xi32>, tensor<?xi32>, tensor<?xf32>
  array.csr_release %g keep %p, %i, %v : tensor<?xi32>, tensor<?xi32>, tensor<?xf32>
  array.csr_release %m
  array.csr_release %pr
  return %n : index
}

// CHECK-LABEL: func.func @buffers
func.func @buffers(%h: !array.csr_handle, %x: memref<?xf64>, %y: memref<?xf64>, %d: memref<4x6xf64>) {
  // CHECK: array.csr_spmv %{{.+}}, %{{.+}} into %{{.+}} : memref<?xf64>, memref<?xf64>{{$}}
  array.csr_spmv %h, %x into %y : memref<?xf64>, memref<?xf64>
  // CHECK: array.csr_to_dense %{{.+}} into %{{.+}} : memref<4x6xf64>{{$}}
  array.csr_to_dense %h into %d : memref<4x6xf64>
  return
}

// CHECK-LABEL: func.func @derived
func.func @derived(%h: !array.csr_handle, %a: tensor<?x3xf32>, %b: tensor<3x?xf32>, %ma: memref<?x3xf64>, %mb: memref<3x?xf64>) {
  // CHECK: array.csr_transpose %{{.+}}
  %t = array.csr_transpose %h
  // CHECK: array.csr_sddmm %{{.+}}, %{{.+}}, %{{.+}} {alpha = 2.000000e+00 : f64} : tensor<?x3xf32>, tensor<3x?xf32>
  %s = array.csr_sddmm %h, %a, %b {alpha = 2.0} : tensor<?x3xf32>, tensor<3x?xf32>
  // CHECK: array.csr_sddmm %{{.+}}, %{{.+}}, %{{.+}} : memref<?x3xf64>, memref<3x?xf64>
  %m = array.csr_sddmm %h, %ma, %mb : memref<?x3xf64>, memref<3x?xf64>
  // CHECK: array.csr_add %{{.+}}, %{{.+}}
  %sum = array.csr_add %h, %t
  // CHECK: array.csr_scale %{{.+}} {alpha = -1.500000e+00 : f64}
  %sc = array.csr_scale %sum {alpha = -1.5 : f64}
  return
}
