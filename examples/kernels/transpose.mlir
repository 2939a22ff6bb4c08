// Matrix transpose with the classic shared-memory tiled kernel
// (transpose.cu, a template instantiated by the name expression
// "transpose<float>", as cupy.RawModule's name_expressions): blocks of
// 32 x 8 threads, one 32 x 32 tile each, padded against bank conflicts.
// The grid is computed by the program from the input's dimensions:
// (ceil(cols / 32), ceil(rows / 32), 1) blocks. Any sizes work (the edge
// tiles are bounds-checked; an empty input launches nothing), with
// rows <= 65535 * 32.
//
//   arrayc examples/kernels/transpose.mlir -o transpose
//   ./transpose x.npy -o xt.npy        # x: float32[rows, cols]; xt = x.T
//   ARRAYRT_PROFILE=1 ./transpose x.npy -o xt.npy
//                                      # the kernel's row in the profile:
//                                      # "transpose<float> @ ...transpose.mlir:LINE:COL"
//
// scripts/kernels_check.py times this program against the same kernel
// launched by CuPy.

func.func @main(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %rows = tensor.dim %x, %c0 : tensor<?x?xf32>
  %cols = tensor.dim %x, %c1 : tensor<?x?xf32>
  %gx = arith.ceildivui %cols, %c32 : index
  %gy = arith.ceildivui %rows, %c32 : index
  %r = arith.index_cast %rows : index to i32
  %c = arith.index_cast %cols : index to i32
  %out = array.empty(%cols, %rows) : tensor<?x?xf32>
  %xt = array.cuda_kernel "transpose<float>" (%x, %out, %r, %c) outputs [1]
          block [32, 8] grid_sizes (%gx, %gy, %c1) {file = "transpose.cu"}
          : (tensor<?x?xf32>, tensor<?x?xf32>, i32, i32) -> tensor<?x?xf32>
  return %xt : tensor<?x?xf32>
}
