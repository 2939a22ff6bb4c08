// RUN: array-opt %s | array-opt | FileCheck %s
// RUN: array-opt %s --mlir-print-op-generic | array-opt | FileCheck %s
// RUN: array-opt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s --check-prefix=BUF

//===----------------------------------------------------------------------===//
// array.save_npy and array.load_npy on tensors
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @save
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>, %[[B:.*]]: tensor<?xi1>, %[[C:.*]]: tensor<f64>)
// CHECK: array.save_npy %[[A]], "out/a.npy" : tensor<4x3xf32>
// CHECK: array.save_npy %[[B]], "/tmp/b c.npy" : tensor<?xi1>
// CHECK: array.save_npy %[[C]], "c.npy" : tensor<f64>
// Saving only reads the operand's buffer: no copy.
// BUF-LABEL: func.func @save
// BUF-SAME: (%[[A:.*]]: memref<4x3xf32, strided<[?, ?], offset: ?>>, %[[B:.*]]: memref<?xi1, strided<[?], offset: ?>>, %[[C:.*]]: memref<f64, strided<[], offset: ?>>)
// BUF-NOT: memref.alloc
// BUF-NOT: memref.copy
// BUF: arrayrt.save_npy %[[A]], "out/a.npy" : memref<4x3xf32, strided<[?, ?], offset: ?>>
// BUF: arrayrt.save_npy %[[B]], "/tmp/b c.npy" : memref<?xi1, strided<[?], offset: ?>>
// BUF: arrayrt.save_npy %[[C]], "c.npy" : memref<f64, strided<[], offset: ?>>
// BUF-NEXT: return
func.func @save(%a: tensor<4x3xf32>, %b: tensor<?xi1>, %c: tensor<f64>) {
  array.save_npy %a, "out/a.npy" : tensor<4x3xf32>
  array.save_npy %b, "/tmp/b c.npy" : tensor<?xi1>
  array.save_npy %c, "c.npy" : tensor<f64>
  return
}

// CHECK-LABEL: func.func @load
// CHECK: %[[A:.*]] = array.load_npy "a.npy" : tensor<?x3x?xi64>
// CHECK: %[[B:.*]] = array.load_npy "b.npy" : tensor<2x2xf16>
// CHECK: %[[C:.*]] = array.load_npy "c.npy" : tensor<bf16>
// CHECK: return %[[A]], %[[B]], %[[C]]
// A dynamic result reads the file's header for its sizes before allocating;
// a static one allocates at once. The file is read into the new buffer.
// BUF-LABEL: func.func @load
// BUF-SAME: -> (memref<?x3x?xi64>, memref<2x2xf16>, memref<bf16>)
// BUF: %[[SIZES:.*]]:3 = arrayrt.npy_shape "a.npy" of i64 : index, index, index
// BUF-NEXT: %[[A:.*]] = memref.alloc(%[[SIZES]]#0, %[[SIZES]]#2) {{.*}}: memref<?x3x?xi64>
// BUF-NEXT: arrayrt.load_npy_into "a.npy", %[[A]] : memref<?x3x?xi64>
// BUF-NEXT: %[[B:.*]] = memref.alloc() {{.*}}: memref<2x2xf16>
// BUF-NEXT: arrayrt.load_npy_into "b.npy", %[[B]] : memref<2x2xf16>
// BUF-NEXT: %[[C:.*]] = memref.alloc() {{.*}}: memref<bf16>
// BUF-NEXT: arrayrt.load_npy_into "c.npy", %[[C]] : memref<bf16>
// BUF: return %[[A]], %[[B]], %[[C]]
func.func @load() -> (tensor<?x3x?xi64>, tensor<2x2xf16>, tensor<bf16>) {
  %a = array.load_npy "a.npy" : tensor<?x3x?xi64>
  %b = array.load_npy "b.npy" : tensor<2x2xf16>
  %c = array.load_npy "c.npy" : tensor<bf16>
  return %a, %b, %c : tensor<?x3x?xi64>, tensor<2x2xf16>, tensor<bf16>
}

// A part of the file's array (what each process of a sharded program
// reads): its dynamic sizes are the op's, not the file's header; the load
// carries the offsets and the whole array's shape (-1: any).
// CHECK-LABEL: func.func @load_part
// CHECK-SAME: (%[[O:.*]]: index, %[[N:.*]]: index)
// CHECK: %[[P:.*]] = array.load_npy "m.npy" part [%[[O]], %[[O]]] sizes(%[[N]]) of tensor<4x?xf32> : tensor<2x?xf32>
// BUF-LABEL: func.func @load_part
// BUF-SAME: (%[[O:.*]]: index, %[[N:.*]]: index)
// BUF-NOT: arrayrt.npy_shape
// BUF: %[[P:.*]] = memref.alloc(%[[N]]) {{.*}}: memref<2x?xf32>
// BUF-NEXT: arrayrt.load_npy_into "m.npy", %[[P]] at [%[[O]], %[[O]]] in [4, -1] : memref<2x?xf32>
func.func @load_part(%o: index, %n: index) -> tensor<2x?xf32> {
  %p = array.load_npy "m.npy" part [%o, %o] sizes(%n) of tensor<4x?xf32> : tensor<2x?xf32>
  return %p : tensor<2x?xf32>
}

// A member of a .npz archive: the member name travels to the shape query
// and the load.
// CHECK-LABEL: func.func @load_member
// CHECK: %[[D:.*]] = array.load_npy "m.npz"["data"] : tensor<?xf32>
// CHECK: %[[S:.*]] = array.load_npy "m.npz"["shape.npy"] : tensor<2xi64>
// BUF-LABEL: func.func @load_member
// BUF: %[[N:.*]] = arrayrt.npy_shape "m.npz"["data"] of f32 : index
// BUF-NEXT: %[[D:.*]] = memref.alloc(%[[N]]) {{.*}}: memref<?xf32>
// BUF-NEXT: arrayrt.load_npy_into "m.npz"["data"], %[[D]] : memref<?xf32>
// BUF-NEXT: %[[S:.*]] = memref.alloc() {{.*}}: memref<2xi64>
// BUF-NEXT: arrayrt.load_npy_into "m.npz"["shape.npy"], %[[S]] : memref<2xi64>
func.func @load_member() -> (tensor<?xf32>, tensor<2xi64>) {
  %d = array.load_npy "m.npz"["data"] : tensor<?xf32>
  %s = array.load_npy "m.npz"["shape.npy"] : tensor<2xi64>
  return %d, %s : tensor<?xf32>, tensor<2xi64>
}

// A load whose result is unused is kept (a missing file stops the program),
// and a load after a save of the same file stays after it.
// CHECK-LABEL: func.func @order
// CHECK-SAME: (%[[A:.*]]: tensor<3xi8>)
// CHECK: array.load_npy "unused.npy" : tensor<3xi8>
// CHECK: array.save_npy %[[A]], "x.npy" : tensor<3xi8>
// CHECK: %[[X:.*]] = array.load_npy "x.npy" : tensor<3xi8>
// CHECK: array.print %[[X]]
// BUF-LABEL: func.func @order
// BUF: arrayrt.load_npy_into "unused.npy"
// BUF: arrayrt.save_npy {{.*}}, "x.npy"
// BUF: arrayrt.load_npy_into "x.npy"
// BUF: arrayrt.print
func.func @order(%a: tensor<3xi8>) {
  %unused = array.load_npy "unused.npy" : tensor<3xi8>
  array.save_npy %a, "x.npy" : tensor<3xi8>
  %x = array.load_npy "x.npy" : tensor<3xi8>
  array.print %x : tensor<3xi8>
  return
}

// A loaded array is an ordinary new buffer: writing to it needs no copy.
// BUF-LABEL: func.func @load_then_write
// BUF: %[[X:.*]] = memref.alloc() {{.*}}: memref<4xi32>
// BUF-NEXT: arrayrt.load_npy_into "x.npy", %[[X]] : memref<4xi32>
// BUF-NOT: memref.copy
// BUF: memref.store %{{.*}}, %[[X]]
func.func @load_then_write(%v: i32) -> tensor<4xi32> {
  %x = array.load_npy "x.npy" : tensor<4xi32>
  %c0 = arith.constant 0 : index
  %y = tensor.insert %v into %x[%c0] : tensor<4xi32>
  return %y : tensor<4xi32>
}

//===----------------------------------------------------------------------===//
// array.print
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @print
// CHECK-SAME: (%[[T:.*]]: tensor<4x3xf32>, %[[D:.*]]: tensor<?xi64>, %[[Z:.*]]: tensor<f64>)
// CHECK: array.print %[[T]] : tensor<4x3xf32>
// CHECK: array.print %[[D]] : tensor<?xi64>
// CHECK: array.print %[[Z]] : tensor<f64>
// Prints are never dropped or reordered, even of the same value.
// CHECK: array.print %[[T]] : tensor<4x3xf32>
func.func @print(%t: tensor<4x3xf32>, %d: tensor<?xi64>, %z: tensor<f64>) {
  array.print %t : tensor<4x3xf32>
  array.print %d : tensor<?xi64>
  array.print %z : tensor<f64>
  array.print %t : tensor<4x3xf32>
  return
}
