// RUN: array-opt %s | array-opt | FileCheck %s
// RUN: array-opt %s --mlir-print-op-generic | array-opt | FileCheck %s

// The runtime's I/O on buffers: what array.print, array.save_npy and
// array.load_npy bufferize to, and what the sparse matrix reads use.

// CHECK-LABEL: func.func @npy
// CHECK-SAME: (%[[A:.*]]: memref<?x3xf32>, %[[B:.*]]: memref<2xi16, strided<[?], offset: ?>>, %[[S:.*]]: !arrayrt.stream)
// CHECK: arrayrt.save_npy %[[A]], "a.npy" : memref<?x3xf32>
// CHECK: arrayrt.save_npy %[[A]], "a.npy" on %[[S]] {device} : memref<?x3xf32>
// CHECK: %[[SH:.*]]:2 = arrayrt.npy_shape "a.npy" of f32 : index, index
// CHECK: %[[D:.*]] = arrayrt.npy_shape "d.npy" of i1 : index
// CHECK: arrayrt.npy_shape "e.npy" of f64{{$}}
// CHECK: arrayrt.npy_shape "m.npz"["x"] of f64 : index
// CHECK: arrayrt.load_npy_into "a.npy", %[[A]] : memref<?x3xf32>
// CHECK: arrayrt.load_npy_into "b.npy", %[[B]] on %[[S]] {device} : memref<2xi16, strided<[?], offset: ?>>
// CHECK: arrayrt.load_npy_into "m.npz"["y"], %[[B]] : memref<2xi16, strided<[?], offset: ?>>
// CHECK: arrayrt.load_npy_into "a.npy", %[[A]] at [%[[SH]]#0, %[[D]]] in [-1, 6] : memref<?x3xf32>
// CHECK: arrayrt.load_npy_into "b.npy", %[[B]] at [%[[D]]] in [4] on %[[S]] {device} : memref<2xi16, strided<[?], offset: ?>>
// CHECK: return %[[SH]]#0, %[[SH]]#1, %[[D]]
func.func @npy(%a: memref<?x3xf32>, %b: memref<2xi16, strided<[?], offset: ?>>, %s: !arrayrt.stream) -> (index, index, index) {
  arrayrt.save_npy %a, "a.npy" : memref<?x3xf32>
  arrayrt.save_npy %a, "a.npy" on %s {device} : memref<?x3xf32>
  %sh:2 = arrayrt.npy_shape "a.npy" of f32 : index, index
  %d = arrayrt.npy_shape "d.npy" of i1 : index
  arrayrt.npy_shape "e.npy" of f64
  %m = arrayrt.npy_shape "m.npz"["x"] of f64 : index
  arrayrt.load_npy_into "a.npy", %a : memref<?x3xf32>
  arrayrt.load_npy_into "b.npy", %b on %s {device} : memref<2xi16, strided<[?], offset: ?>>
  arrayrt.load_npy_into "m.npz"["y"], %b : memref<2xi16, strided<[?], offset: ?>>
  arrayrt.load_npy_into "a.npy", %a at [%sh#0, %d] in [-1, 6] : memref<?x3xf32>
  arrayrt.load_npy_into "b.npy", %b at [%d] in [4] on %s {device} : memref<2xi16, strided<[?], offset: ?>>
  return %sh#0, %sh#1, %d : index, index, index
}

// CHECK-LABEL: func.func @print
// CHECK: arrayrt.print %{{.*}} : memref<2x2xi32>
// CHECK: arrayrt.print %{{.*}} : memref<?xf32, strided<[?], offset: ?>>
func.func @print(%m: memref<2x2xi32>, %n: memref<?xf32, strided<[?], offset: ?>>) {
  arrayrt.print %m : memref<2x2xi32>
  arrayrt.print %n : memref<?xf32, strided<[?], offset: ?>>
  return
}

// CHECK-LABEL: func.func @mtx
func.func @mtx(%c: memref<?x2xi64>, %v: memref<?xf32>) -> (tensor<?x2xi64>, tensor<?xf32>) {
  // CHECK: %{{.+}}, %{{.+}}, %[[NNZ:.+]] = arrayrt.mtx_shape "a.mtx" : index, index, index
  %r, %k, %nnz = arrayrt.mtx_shape "a.mtx" : index, index, index
  // CHECK: arrayrt.read_mtx "a.mtx"(%{{.+}}) : tensor<?x2xi64>
  %crd = arrayrt.read_mtx "a.mtx"(%nnz) : tensor<?x2xi64>
  // CHECK: arrayrt.read_mtx "a.mtx"(%{{.+}}) : tensor<?xf32>
  %val = arrayrt.read_mtx "a.mtx"(%nnz) : tensor<?xf32>
  // CHECK: arrayrt.read_mtx_into "a.mtx", %{{.+}} : memref<?x2xi64>
  arrayrt.read_mtx_into "a.mtx", %c : memref<?x2xi64>
  // CHECK: arrayrt.read_mtx_into "a.mtx", %{{.+}} : memref<?xf32>
  arrayrt.read_mtx_into "a.mtx", %v : memref<?xf32>
  return %crd, %val : tensor<?x2xi64>, tensor<?xf32>
}
