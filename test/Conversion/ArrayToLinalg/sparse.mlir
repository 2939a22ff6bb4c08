// RUN: array-opt %s -convert-array-to-linalg -split-input-file | FileCheck %s

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// SpMV: beta * y first (a dense generic), then one generic with the sparse
// operand accumulating alpha * (A * x) into it: the sparsifier's form.
// CHECK-DAG: #[[$A:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$X:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$Y:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @spmv
// CHECK-SAME: (%[[A:.+]]: tensor<4x6xf32, #sparse>, %[[X:.+]]: tensor<6xf32>, %[[Y:.+]]: tensor<4xf32>)
// CHECK: %[[BETA:.+]] = arith.constant 5.000000e-01 : f32
// CHECK: %[[SCALED:.+]] = linalg.generic {{.*}} ins(%[[Y]] : tensor<4xf32>)
// CHECK:   arith.mulf %[[BETA]]
// CHECK: %[[R:.+]] = linalg.generic {indexing_maps = [#[[$A]], #[[$X]], #[[$Y]]], iterator_types = ["parallel", "reduction"]} ins(%[[A]], %[[X]] : tensor<4x6xf32, #sparse>, tensor<6xf32>) outs(%[[SCALED]] : tensor<4xf32>)
// CHECK: ^bb0(%[[IA:.+]]: f32, %[[IX:.+]]: f32, %[[OUT:.+]]: f32):
// CHECK:   %[[P:.+]] = arith.mulf %[[IA]], %[[IX]] : f32
// CHECK:   %[[ALPHA:.+]] = arith.constant 2.000000e+00 : f32
// CHECK:   %[[Q:.+]] = arith.mulf %[[ALPHA]], %[[P]] : f32
// CHECK:   %[[S:.+]] = arith.addf %[[OUT]], %[[Q]] : f32
// CHECK:   linalg.yield %[[S]]
// CHECK: return %[[R]]
func.func @spmv(%a: tensor<4x6xf32, #CSR>, %x: tensor<6xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = array.spmv %a, %x, %y {alpha = 2.0, beta = 0.5} : (tensor<4x6xf32, #CSR>, tensor<6xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// SpMM without C (and SpMV with y but beta 0, which does not read y):
// zeros to accumulate into; dynamic contracted sizes are checked at run
// time.
// CHECK-DAG: #[[$A:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$B:.+]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$C:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @spmm
// CHECK: cf.assert %{{.+}}, "{{.+}}sparse.mlir:{{[0-9]+}}:{{[0-9]+}}: array.spmm: A's columns and B's rows differ in size at run time"
// CHECK: %[[M:.+]] = tensor.dim %{{.+}}, %{{.+}} : tensor<?x?xf64, #sparse>
// CHECK: %[[E:.+]] = tensor.empty(%[[M]]) : tensor<?x8xf64>
// CHECK: %[[Z:.+]] = linalg.fill ins(%{{.+}} : f64) outs(%[[E]] : tensor<?x8xf64>)
// CHECK: linalg.generic {indexing_maps = [#[[$A]], #[[$B]], #[[$C]]], iterator_types = ["parallel", "parallel", "reduction"]} {{.*}} outs(%[[Z]] : tensor<?x8xf64>)
// CHECK-NOT: arith.constant
// CHECK: linalg.yield
func.func @spmm(%a: tensor<?x?xf64, #CSR>, %b: tensor<?x8xf64>) -> tensor<?x8xf64> {
  %0 = array.spmm %a, %b : (tensor<?x?xf64, #CSR>, tensor<?x8xf64>) -> tensor<?x8xf64>
  return %0 : tensor<?x8xf64>
}

// CHECK-LABEL: func.func @spmv_beta_zero
// CHECK-NOT: ins(%arg2
// CHECK: linalg.fill
// CHECK: linalg.generic
func.func @spmv_beta_zero(%a: tensor<4x6xf32, #CSR>, %x: tensor<6xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = array.spmv %a, %x, %y : (tensor<4x6xf32, #CSR>, tensor<6xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// Conversions are sparse_tensor.convert, of a dense operand cast to the
// result's shape (checked at run time); nnz is number_of_entries.
// CHECK-LABEL: func.func @conversions
// CHECK-SAME: (%[[D:.+]]: tensor<?x?xf32>)
// CHECK: cf.assert %{{.+}}, "{{.+}}: array.to_sparse: dimension 0 is not of size 4 at run time"
// CHECK: %[[CAST:.+]] = tensor.cast %[[D]] : tensor<?x?xf32> to tensor<4x?xf32>
// CHECK: %[[S:.+]] = sparse_tensor.convert %[[CAST]] : tensor<4x?xf32> to tensor<4x?xf32, #sparse>
// CHECK: %[[N:.+]] = sparse_tensor.number_of_entries %[[S]] : tensor<4x?xf32, #sparse>
// CHECK: %[[B:.+]] = sparse_tensor.convert %[[S]] : tensor<4x?xf32, #sparse> to tensor<4x?xf32>
// CHECK: return %[[B]], %[[N]]
func.func @conversions(%d: tensor<?x?xf32>) -> (tensor<4x?xf32>, index) {
  %a = array.to_sparse %d : tensor<?x?xf32> -> tensor<4x?xf32, #CSR>
  %n = array.nnz %a : tensor<4x?xf32, #CSR>
  %b = array.to_dense %a : tensor<4x?xf32, #CSR> -> tensor<4x?xf32>
  return %b, %n : tensor<4x?xf32>, index
}

// -----

#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed), posWidth = 32, crdWidth = 32}>

// load_mtx: the sizes (the static one checked), the sorted entries inserted
// in order into a CSR matrix of the result's widths, converted to CSC.
// CHECK-LABEL: func.func @load_mtx
// CHECK: %[[R:.+]], %[[C:.+]], %[[N:.+]] = arrayrt.mtx_shape "a.mtx" : index, index, index
// CHECK: cf.assert %{{.+}}, "{{.+}}: array.load_mtx: 'a.mtx' does not have 5 rows, as the result type says"
// CHECK: %[[CRD:.+]] = arrayrt.read_mtx "a.mtx"(%[[N]]) : tensor<?x2xi64>
// CHECK: %[[VAL:.+]] = arrayrt.read_mtx "a.mtx"(%[[N]]) : tensor<?xf32>
// CHECK: %[[E:.+]] = bufferization.alloc_tensor(%[[C]]) : tensor<5x?xf32, #[[$CSR:.+]]>
// CHECK: %[[T:.+]] = scf.for %[[K:.+]] = %{{.+}} to %[[N]] step %{{.+}} iter_args(%[[ACC:.+]] = %[[E]])
// CHECK:   tensor.extract %[[CRD]][%[[K]], %{{.+}}] : tensor<?x2xi64>
// CHECK:   tensor.extract %[[VAL]][%[[K]]] : tensor<?xf32>
// CHECK:   tensor.insert %{{.+}} into %[[ACC]][%{{.+}}, %{{.+}}] : tensor<5x?xf32, #[[$CSR]]>
// CHECK: %[[L:.+]] = sparse_tensor.load %[[T]] hasInserts : tensor<5x?xf32, #[[$CSR]]>
// CHECK: sparse_tensor.convert %[[L]] : tensor<5x?xf32, #[[$CSR]]> to tensor<5x?xf32, #{{.+}}>
func.func @load_mtx() -> tensor<5x?xf32, #CSC> {
  %a = array.load_mtx "a.mtx" : tensor<5x?xf32, #CSC>
  return %a : tensor<5x?xf32, #CSC>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

// Sum and scaling: all-parallel generics over the sparse operands into an
// empty sparse result of their type (the sparsifier co-iterates them). The
// empty results are bufferization.alloc_tensor ops, which CSE keeps apart
// (two chains of insertions into one tensor.empty filled one matrix).
// CHECK-LABEL: func.func @add_scale
// CHECK-SAME: (%[[A:.+]]: tensor<?x6xf32, #sparse>, %[[B:.+]]: tensor<?x6xf32, #sparse>)
// CHECK: cf.assert %{{.+}}, "{{.+}}: array.sparse_add: the operands' rows differ in size at run time"
// CHECK: %[[E:.+]] = bufferization.alloc_tensor(%{{.+}}) : tensor<?x6xf32, #sparse>
// CHECK: %[[S:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<?x6xf32, #sparse>, tensor<?x6xf32, #sparse>) outs(%[[E]] : tensor<?x6xf32, #sparse>)
// CHECK:   arith.addf
// CHECK: %[[E2:.+]] = bufferization.alloc_tensor(%{{.+}}) : tensor<?x6xf32, #sparse>
// CHECK: linalg.generic {{.*}} ins(%[[S]] : tensor<?x6xf32, #sparse>) outs(%[[E2]] : tensor<?x6xf32, #sparse>)
// CHECK:   %[[C:.+]] = arith.constant -3.000000e+00 : f32
// CHECK:   arith.mulf %{{.+}}, %[[C]] : f32
func.func @add_scale(%a: tensor<?x6xf32, #CSR>, %b: tensor<?x6xf32, #CSR>) -> tensor<?x6xf32, #CSR> {
  %0 = array.sparse_add %a, %b : tensor<?x6xf32, #CSR>
  %1 = array.sparse_scale %0 by -3.0 : tensor<?x6xf32, #CSR>
  return %1 : tensor<?x6xf32, #CSR>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

// csr_matrix: SciPy's canonical form checked, then each row's entries
// inserted in order (a loop over rows, one over the row's entries, which
// checks that the column indices increase and stay below the columns).
// CHECK-LABEL: func.func @csr_matrix
// CHECK-SAME: (%[[V:.+]]: tensor<?xf32>, %[[I:.+]]: tensor<?xi32>, %[[P:.+]]: tensor<?xi32>)
// CHECK: cf.assert %{{.+}}, "{{.+}}: array.csr_matrix: indptr must have rows + 1 elements, found none"
// CHECK: cf.assert %{{.+}}, "{{.+}}: array.csr_matrix: indices and data must have one size"
// CHECK: cf.assert %{{.+}}, "{{.+}}: array.csr_matrix: indptr[0] must be 0"
// CHECK: cf.assert %{{.+}}, "{{.+}}: array.csr_matrix: indptr[rows] must be the number of entries (the size of data and indices)"
// CHECK: %[[E:.+]] = bufferization.alloc_tensor(%{{.+}}) : tensor<?x6xf32, #[[$CSR:.+]]>
// CHECK: %[[T:.+]] = scf.for %[[ROW:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %[[E]])
// CHECK:   cf.assert %{{.+}}, "{{.+}}: array.csr_matrix: indptr must be nondecreasing"
// CHECK:   scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ROWACC:.+]] = %[[ACC]], %[[PREV:.+]] = %{{.+}})
// CHECK:     cf.assert %{{.+}}, "{{.+}}: array.csr_matrix: the column indices of a row must be increasing and below the number of columns"
// CHECK:     %[[X:.+]] = tensor.extract %[[V]][%[[K]]] : tensor<?xf32>
// CHECK:     tensor.insert %[[X]] into %[[ROWACC]][%[[ROW]], %{{.+}}] : tensor<?x6xf32, #[[$CSR]]>
// CHECK: sparse_tensor.load %[[T]] hasInserts : tensor<?x6xf32, #[[$CSR]]>
func.func @csr_matrix(%v: tensor<?xf32>, %i: tensor<?xi32>, %p: tensor<?xi32>) -> tensor<?x6xf32, #CSR> {
  %a = array.csr_matrix %v, %i, %p : tensor<?xf32>, tensor<?xi32>, tensor<?xi32> -> tensor<?x6xf32, #CSR>
  return %a : tensor<?x6xf32, #CSR>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>

// spgemm on the CPU: the dense product (array.matmul's generic) of the
// dense forms, back to CSR.
// CHECK-LABEL: func.func @spgemm
// CHECK-SAME: (%[[A:.+]]: tensor<4x?xf32, #[[$CSR:.+]]>, %[[B:.+]]: tensor<?x5xf32, #[[$CSR]]>)
// CHECK-DAG: %[[DA:.+]] = sparse_tensor.convert %[[A]] : tensor<4x?xf32, #[[$CSR]]> to tensor<4x?xf32>
// CHECK-DAG: %[[DB:.+]] = sparse_tensor.convert %[[B]] : tensor<?x5xf32, #[[$CSR]]> to tensor<?x5xf32>
// CHECK: %[[P:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[DA]], %[[DB]] : tensor<4x?xf32>, tensor<?x5xf32>)
// CHECK: sparse_tensor.convert %[[P]] : tensor<4x5xf32> to tensor<4x5xf32, #[[$CSR]]>
func.func @spgemm(%a: tensor<4x?xf32, #CSR>, %b: tensor<?x5xf32, #CSR>) -> tensor<4x5xf32, #CSR> {
  %c = array.spgemm %a, %b : tensor<4x?xf32, #CSR>, tensor<?x5xf32, #CSR> -> tensor<4x5xf32, #CSR>
  return %c : tensor<4x5xf32, #CSR>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed), posWidth = 32, crdWidth = 32}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>

// sparse_transpose: CSR M x N is CSC N x M over the same arrays (a
// reinterpret_map, no copy); another result type converts after it; COO is
// made CSR first.
// CHECK-LABEL: func.func @transpose
// CHECK-SAME: (%[[A:.+]]: tensor<?x6xf32, #[[$CSR32:sparse[0-9]*]]>, %[[C:.+]]: tensor<4x6xf32, #[[$COO:sparse[0-9]*]]>)
// CHECK: %[[T:.+]] = sparse_tensor.reinterpret_map %[[A]] : tensor<?x6xf32, #[[$CSR32]]> to tensor<6x?xf32, #[[$CSC32:sparse[0-9]*]]>
// CHECK: %[[T2:.+]] = sparse_tensor.reinterpret_map %[[A]] : tensor<?x6xf32, #[[$CSR32]]> to tensor<6x?xf32, #[[$CSC32]]>
// CHECK: %[[R2:.+]] = sparse_tensor.convert %[[T2]] : tensor<6x?xf32, #[[$CSC32]]> to tensor<6x?xf32, #[[$CSR32]]>
// CHECK: %[[CSR:.+]] = sparse_tensor.convert %[[C]] : tensor<4x6xf32, #[[$COO]]> to tensor<4x6xf32, #[[$CSRI:sparse[0-9]*]]>
// CHECK: %[[T3:.+]] = sparse_tensor.reinterpret_map %[[CSR]] : tensor<4x6xf32, #[[$CSRI]]> to tensor<6x4xf32, #[[$CSCI:sparse[0-9]*]]>
// CHECK: %[[R3:.+]] = sparse_tensor.convert %[[T3]] : tensor<6x4xf32, #[[$CSCI]]> to tensor<6x4xf32, #[[$COO]]>
// CHECK: return %[[T]], %[[R2]], %[[R3]]
func.func @transpose(%a: tensor<?x6xf32, #CSR>, %c: tensor<4x6xf32, #COO>) -> (tensor<6x?xf32, #CSC>, tensor<6x?xf32, #CSR>, tensor<6x4xf32, #COO>) {
  %0 = array.sparse_transpose %a : tensor<?x6xf32, #CSR> -> tensor<6x?xf32, #CSC>
  %1 = array.sparse_transpose %a : tensor<?x6xf32, #CSR> -> tensor<6x?xf32, #CSR>
  %2 = array.sparse_transpose %c : tensor<4x6xf32, #COO> -> tensor<6x4xf32, #COO>
  return %0, %1, %2 : tensor<6x?xf32, #CSC>, tensor<6x?xf32, #CSR>, tensor<6x4xf32, #COO>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed), posWidth = 32, crdWidth = 32}>

// sddmm: sizes checked, then loops over S's rows and stored entries (its
// positions, coordinates and values), a dot product over K for each, the
// result inserted in order; alpha and beta * S[i, j] applied per entry. A
// CSC S goes through CSR and back.
// CHECK-LABEL: func.func @sddmm
// CHECK-SAME: (%[[S:.+]]: tensor<?x?xf32, #[[$CSR:sparse[0-9]*]]>, %[[A:.+]]: tensor<?x?xf32>, %[[B:.+]]: tensor<?x?xf32>, %[[SC:.+]]: tensor<4x6xf32, #[[$CSC:sparse[0-9]*]]>)
// CHECK: cf.assert %{{.+}}, "{{.+}}: array.sddmm: A's rows and S's rows differ in size at run time"
// CHECK: cf.assert %{{.+}}, "{{.+}}: array.sddmm: A's columns and B's rows differ in size at run time"
// CHECK: cf.assert %{{.+}}, "{{.+}}: array.sddmm: B's columns and S's columns differ in size at run time"
// CHECK: %[[POS:.+]] = sparse_tensor.positions %[[S]] {level = 1 : index} : tensor<?x?xf32, #[[$CSR]]> to memref<?xi32>
// CHECK: %[[CRD:.+]] = sparse_tensor.coordinates %[[S]] {level = 1 : index} : tensor<?x?xf32, #[[$CSR]]> to memref<?xi32>
// CHECK: %[[VAL:.+]] = sparse_tensor.values %[[S]] : tensor<?x?xf32, #[[$CSR]]> to memref<?xf32>
// CHECK: %[[E:.+]] = bufferization.alloc_tensor(%{{.+}}, %{{.+}}) : tensor<?x?xf32, #[[$CSR]]>
// CHECK: %[[T:.+]] = scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %[[E]])
// CHECK:   scf.for %[[P:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ROWACC:.+]] = %[[ACC]])
// CHECK:     memref.load %[[CRD]][%[[P]]] : memref<?xi32>
// CHECK:     %[[DOT:.+]] = scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[SUM:.+]] = %{{.+}}) -> (f32)
// CHECK:       tensor.extract %[[A]][%[[I]], %[[K]]] : tensor<?x?xf32>
// CHECK:       tensor.extract %[[B]][%[[K]], %{{.+}}] : tensor<?x?xf32>
// CHECK:     %[[SCALED:.+]] = arith.mulf %{{.+}}, %[[DOT]] : f32
// CHECK:     %[[STORED:.+]] = memref.load %[[VAL]][%[[P]]] : memref<?xf32>
// CHECK:     %[[BS:.+]] = arith.mulf %{{.+}}, %[[STORED]] : f32
// CHECK:     %[[V:.+]] = arith.addf %[[SCALED]], %[[BS]] : f32
// CHECK:     tensor.insert %[[V]] into %[[ROWACC]][%[[I]], %{{.+}}] : tensor<?x?xf32, #[[$CSR]]>
// CHECK: sparse_tensor.load %[[T]] hasInserts : tensor<?x?xf32, #[[$CSR]]>
// CHECK: %[[AS:.+]] = sparse_tensor.convert %[[SC]] : tensor<4x6xf32, #[[$CSC]]> to tensor<4x6xf32, #[[$CSR4:sparse[0-9]*]]>
// CHECK: %[[R:.+]] = sparse_tensor.load %{{.+}} hasInserts : tensor<4x6xf32, #[[$CSR4]]>
// CHECK: sparse_tensor.convert %[[R]] : tensor<4x6xf32, #[[$CSR4]]> to tensor<4x6xf32, #[[$CSC]]>
func.func @sddmm(%s: tensor<?x?xf32, #CSR>, %a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %sc: tensor<4x6xf32, #CSC>) -> (tensor<?x?xf32, #CSR>, tensor<4x6xf32, #CSC>) {
  %0 = array.sddmm %s, %a, %b {alpha = 0.5, beta = 2.0} : tensor<?x?xf32, #CSR>, tensor<?x?xf32>, tensor<?x?xf32>
  %a2 = tensor.cast %a : tensor<?x?xf32> to tensor<4x?xf32>
  %b2 = tensor.cast %b : tensor<?x?xf32> to tensor<?x6xf32>
  %1 = array.sddmm %sc, %a2, %b2 : tensor<4x6xf32, #CSC>, tensor<4x?xf32>, tensor<?x6xf32>
  return %0, %1 : tensor<?x?xf32, #CSR>, tensor<4x6xf32, #CSC>
}

// -----

#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>

// load_sparse lowers as load_mtx (the runtime reads either kind of file);
// its checks name it.
// CHECK-LABEL: func.func @load_sparse
// CHECK: %[[R:.+]], %[[C:.+]], %[[N:.+]] = arrayrt.mtx_shape "m.npz" : index, index, index
// CHECK: cf.assert %{{.+}}, "{{.+}}: array.load_sparse: 'm.npz' does not have 3 columns, as the result type says"
// CHECK: arrayrt.read_mtx "m.npz"(%[[N]]) : tensor<?x2xi64>
// CHECK: arrayrt.read_mtx "m.npz"(%[[N]]) : tensor<?xf64>
// CHECK: sparse_tensor.convert %{{.+}} : tensor<?x3xf64, #{{.+}}> to tensor<?x3xf64, #{{.+}}>
func.func @load_sparse() -> tensor<?x3xf64, #COO> {
  %a = array.load_sparse "m.npz" : tensor<?x3xf64, #COO>
  return %a : tensor<?x3xf64, #COO>
}
