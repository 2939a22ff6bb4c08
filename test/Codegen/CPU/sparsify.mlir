// RUN: array-opt %s -array-sparsify -split-input-file | FileCheck %s

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#map2 = affine_map<(i, j) -> (i, j)>
#mapj = affine_map<(i, j) -> (j)>
#mapi = affine_map<(i, j) -> (i)>

// A sparse operand becomes its buffers (32-bit positions and coordinates,
// values) and the product a loop over each row's positions; nothing is
// left as a tensor.
// CHECK-LABEL: func.func @spmv
// CHECK-SAME: (%{{.+}}: memref<?xi32>, %{{.+}}: memref<?xi32>, %{{.+}}: memref<?xf32>, %{{.+}}: !llvm.struct<{{.+}}>, %{{.+}}: memref<6xf32>, %{{.+}}: memref<4xf32>) -> memref<4xf32>
// CHECK: scf.for %[[I:[a-z0-9]+]] =
// CHECK:   memref.load %{{.+}}[%[[I]]] : memref<?xi32>
// CHECK:   scf.for %[[P:[a-z0-9]+]] =
// CHECK:     memref.load %{{.+}}[%[[P]]] : memref<?xi32>
// CHECK:     memref.load %{{.+}}[%[[P]]] : memref<?xf32>
// CHECK:     arith.mulf
// CHECK-NOT: tensor<
func.func @spmv(%a: tensor<4x6xf32, #CSR>, %x: tensor<6xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#map2, #mapj, #mapi], iterator_types = ["parallel", "reduction"]}
      ins(%a, %x : tensor<4x6xf32, #CSR>, tensor<6xf32>) outs(%y : tensor<4xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %1 = arith.mulf %in, %in_0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Without sparse tensors the module is left for the usual bufferization.
// CHECK-LABEL: func.func @dense
// CHECK: arith.addf %{{.+}}, %{{.+}} : tensor<4xf32>
// CHECK: return %{{.+}} : tensor<4xf32>
func.func @dense(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed), posWidth = 32, crdWidth = 32}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton), posWidth = 32, crdWidth = 32}>

// A 1 x 1 operand read through two constant indices by a kernel whose
// result becomes sparse (upstream's sparsifier crashed ordering its loops)
// is first broadcast to the loop space by a dense loop nest of its own.
// CHECK-LABEL: func.func @broadcast_scalar_matrix
// CHECK: %[[B:.+]] = memref.alloc() {{.*}} : memref<3x2xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}], {{.*}} ins(%{{.+}} : memref<1x1xf32>) outs(%[[B]] : memref<3x2xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK: memref.load %[[B]]
// CHECK: arith.negf
func.func @broadcast_scalar_matrix(%x: tensor<1x1xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<3x2xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(i, j) -> (0, 0)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x1xf32>) outs(%e : tensor<3x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<3x2xf32>
  %s = sparse_tensor.convert %b : tensor<3x2xf32> to tensor<3x2xf32, #CSR>
  %t = sparse_tensor.reinterpret_map %s : tensor<3x2xf32, #CSR> to tensor<2x3xf32, #CSC>
  %c = sparse_tensor.convert %t : tensor<2x3xf32, #CSC> to tensor<2x3xf32, #COO>
  %d = sparse_tensor.convert %c : tensor<2x3xf32, #COO> to tensor<2x3xf32>
  return %d : tensor<2x3xf32>
}
