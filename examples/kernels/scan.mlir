// Inclusive prefix sum (np.cumsum(x, axis=1)) of each row of a
// rows x 1024 float32 array with a CUDA C++ kernel (scan.cu): one block of
// 1024 threads per row, warp scans with __shfl_up_sync, then a pass over
// the 32 warp totals in shared memory. Float32 sums in a tree order, so
// the result differs from a sequential float32 cumsum in the last bits.
//
//   arrayc examples/kernels/scan.mlir -o scan
//   ./scan x.npy -o y.npy              # x: float32[rows, 1024]; y the same
//
// The grid, one block per row, is the row count (`grid_sizes`); 0 rows
// launch nothing.

func.func @main(%x: tensor<?x1024xf32>) -> tensor<?x1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = tensor.dim %x, %c0 : tensor<?x1024xf32>
  %r = arith.index_cast %rows : index to i32
  %out = array.empty(%rows) : tensor<?x1024xf32>
  %y = array.cuda_kernel "scan_rows" (%x, %out, %r) outputs [1]
         block [1024] grid_sizes (%rows, %c1, %c1) {file = "scan.cu"}
         : (tensor<?x1024xf32>, tensor<?x1024xf32>, i32) -> tensor<?x1024xf32>
  return %y : tensor<?x1024xf32>
}
