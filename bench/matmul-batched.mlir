// Workload: 64 float16 products of 512x512 @ 512x512 (strided batches,
// float32 accumulation) through cuBLASLt.
//
// NumPy: c = x @ y with x, y of shape (64, 512, 512); saved: c[:2] as
// float32.
// Timed: the cublasLtMatmul call.

func.func @main() {
  %x = array.load_npy "bx16.npy" : tensor<64x512x512xf16>
  %y = array.load_npy "by16.npy" : tensor<64x512x512xf16>
  %c = array.matmul %x, %y : (tensor<64x512x512xf16>, tensor<64x512x512xf16>) -> tensor<64x512x512xf16>
  %two = array.slice %c [0:2, :, :] : tensor<64x512x512xf16> -> tensor<2x512x512xf16>
  %out = array.astype %two : tensor<2x512x512xf16> -> tensor<2x512x512xf32>
  array.save_npy %out, "matmul-batched.npy" : tensor<2x512x512xf32>
  return
}
