// RMS norm of float16 activations [batch, tokens, features], in float32.
// NumPy: xf = x.astype(np.float32)
//        y = (xf / np.sqrt((xf * xf).mean(-1, keepdims=True) + 1e-6)).astype(np.float16)
func.func @main(%x: tensor<32x4096x1024xf16>) -> tensor<32x4096x1024xf16> {
  %xf = array.astype %x : tensor<32x4096x1024xf16> -> tensor<32x4096x1024xf32>
  %sq = array.mul %xf, %xf : (tensor<32x4096x1024xf32>, tensor<32x4096x1024xf32>) -> tensor<32x4096x1024xf32>
  %ms = array.mean %sq axes [2] keepdims : tensor<32x4096x1024xf32> -> tensor<32x4096x1xf32>
  %eps = array.full 1.0e-6 : tensor<f32>
  %mse = array.add %ms, %eps : (tensor<32x4096x1xf32>, tensor<f32>) -> tensor<32x4096x1xf32>
  %r = array.rsqrt %mse : tensor<32x4096x1xf32>
  %n = array.mul %xf, %r : (tensor<32x4096x1024xf32>, tensor<32x4096x1xf32>) -> tensor<32x4096x1024xf32>
  %y = array.astype %n : tensor<32x4096x1024xf32> -> tensor<32x4096x1024xf16>
  return %y : tensor<32x4096x1024xf16>
}
