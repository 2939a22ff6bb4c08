// Softmax over the last axis of a float32 [heads, queries, keys] array.
// NumPy: e = np.exp(x - x.max(-1, keepdims=True)); y = e / e.sum(-1, keepdims=True)
func.func @main(%x: tensor<32x512x512xf32>) -> tensor<32x512x512xf32> {
  %m = array.max %x axes [2] keepdims : tensor<32x512x512xf32> -> tensor<32x512x1xf32>
  %d = array.sub %x, %m : (tensor<32x512x512xf32>, tensor<32x512x1xf32>) -> tensor<32x512x512xf32>
  %e = array.exp %d : tensor<32x512x512xf32>
  %s = array.sum %e axes [2] keepdims : tensor<32x512x512xf32> -> tensor<32x512x1xf32>
  %y = array.div %e, %s : (tensor<32x512x512xf32>, tensor<32x512x1xf32>) -> tensor<32x512x512xf32>
  return %y : tensor<32x512x512xf32>
}
