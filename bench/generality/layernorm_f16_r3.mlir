// Layer norm of float16 activations [batch, tokens, features], statistics
// in float32 (as torch.nn.functional.layer_norm computes them), no affine.
// NumPy: xf = x.astype(np.float32)
//        y = ((xf - xf.mean(-1, keepdims=True))
//             / np.sqrt(xf.var(-1, keepdims=True) + 1e-5)).astype(np.float16)
func.func @main(%x: tensor<32x4096x1024xf16>) -> tensor<32x4096x1024xf16> {
  %xf = array.astype %x : tensor<32x4096x1024xf16> -> tensor<32x4096x1024xf32>
  %mu = array.mean %xf axes [2] keepdims : tensor<32x4096x1024xf32> -> tensor<32x4096x1xf32>
  %c = array.sub %xf, %mu : (tensor<32x4096x1024xf32>, tensor<32x4096x1xf32>) -> tensor<32x4096x1024xf32>
  %v = array.var %xf axes [2] keepdims : tensor<32x4096x1024xf32> -> tensor<32x4096x1xf32>
  %eps = array.full 1.0e-5 : tensor<f32>
  %ve = array.add %v, %eps : (tensor<32x4096x1xf32>, tensor<f32>) -> tensor<32x4096x1xf32>
  %r = array.rsqrt %ve : tensor<32x4096x1xf32>
  %n = array.mul %c, %r : (tensor<32x4096x1024xf32>, tensor<32x4096x1xf32>) -> tensor<32x4096x1024xf32>
  %y = array.astype %n : tensor<32x4096x1024xf32> -> tensor<32x4096x1024xf16>
  return %y : tensor<32x4096x1024xf16>
}
