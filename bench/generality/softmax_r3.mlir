// Softmax over the last axis of a float32 [heads, queries, keys] array.
// NumPy: e = np.exp(x - x.max(-1, keepdims=True)); y = e / e.sum(-1, keepdims=True)
func.func @main(%x: tensor<64x1024x1024xf32>) -> tensor<64x1024x1024xf32> {
  %m = array.max %x axes [2] keepdims : tensor<64x1024x1024xf32> -> tensor<64x1024x1xf32>
  %d = array.sub %x, %m : (tensor<64x1024x1024xf32>, tensor<64x1024x1xf32>) -> tensor<64x1024x1024xf32>
  %e = array.exp %d : tensor<64x1024x1024xf32>
  %s = array.sum %e axes [2] keepdims : tensor<64x1024x1024xf32> -> tensor<64x1024x1xf32>
  %y = array.div %e, %s : (tensor<64x1024x1024xf32>, tensor<64x1024x1xf32>) -> tensor<64x1024x1024xf32>
  return %y : tensor<64x1024x1024xf32>
}
