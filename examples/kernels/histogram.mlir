// Histogram of float32 values in [0, 1) into 64 bins with a CUDA C++
// kernel of our own (histogram.cu): each block counts its elements in a
// shared-memory histogram with atomicAdd, then adds its counts to the
// global one with atomicAdd. Values outside [0, 1), and NaN, are not
// counted; for x in [0, 1) the result is
// np.histogram(x, bins=64, range=(0, 1))[0] as int32. Up to 2^31 - 1
// values (the kernel's count is an int).
//
//   arrayc examples/kernels/histogram.mlir -o histogram
//   ./histogram --help
//   ./histogram x.npy -o counts.npy     # x: float32[n]; counts: int32[64]
//
// The program makes the zeros the kernel adds to (destination passing:
// the result is that array after the kernel) and launches one thread per
// element of %x in blocks of 256 (`threads_over 0`: no launch at all for
// an empty %x, whose histogram is all zeros).

func.func @main(%x: tensor<?xf32>) -> tensor<64xi32> {
  %c0 = arith.constant 0 : index
  %len = tensor.dim %x, %c0 : tensor<?xf32>
  %n = arith.index_cast %len : index to i32
  %zeros = array.full 0 : tensor<64xi32>
  %counts = array.cuda_kernel "histogram" (%x, %n, %zeros) outputs [2]
              block [256] threads_over 0
              {file = "histogram.cu", options = ["-DNBINS=64"]}
              : (tensor<?xf32>, i32, tensor<64xi32>) -> tensor<64xi32>
  return %counts : tensor<64xi32>
}
