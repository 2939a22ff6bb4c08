// MLIR 22's sparsifier crashes (a segfault in
// IterationGraphSorter::addConstraints) on a kernel that reads a dense
// operand through two consecutive constant indices once a conversion of
// its result to a sparse matrix is folded into it: a 1 x 1 array broadcast
// into a matrix that becomes sparse, then transposed. array-sparsify guards
// it (test/Dialect/Array/Transforms/sparsify.mlir,
// test/Integration/Generated/sparse-broadcast-scalar-matrix.mlir); upstream's
// own pipeline, here, has no guard. Expected to fail until upstream fixes it;
// then this test passes unexpectedly and can be turned around.
// XFAIL: *
// RUN: env ASAN_OPTIONS=handle_segv=0:detect_leaks=0 array-opt %s --sparsifier | FileCheck %s
// CHECK: llvm.func @main

#bcast = affine_map<(i, j) -> (0, 0)>
#id = affine_map<(i, j) -> (i, j)>
#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
#CSC = #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed)}>
#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>

func.func @main(%x: tensor<1x1xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<3x2xf32>
  %b = linalg.generic {indexing_maps = [#bcast, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x1xf32>) outs(%e : tensor<3x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<3x2xf32>
  %s = sparse_tensor.convert %b : tensor<3x2xf32> to tensor<3x2xf32, #CSR>
  %t = sparse_tensor.reinterpret_map %s : tensor<3x2xf32, #CSR> to tensor<2x3xf32, #CSC>
  %c = sparse_tensor.convert %t : tensor<2x3xf32, #CSC> to tensor<2x3xf32, #COO>
  %d = sparse_tensor.convert %c : tensor<2x3xf32, #COO> to tensor<2x3xf32>
  return %d : tensor<2x3xf32>
}
