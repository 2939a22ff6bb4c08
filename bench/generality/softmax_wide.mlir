// Softmax over vocabulary-wide rows: float32 [64, 50304].
// NumPy: e = np.exp(x - x.max(-1, keepdims=True)); y = e / e.sum(-1, keepdims=True)
func.func @main(%x: tensor<1024x50304xf32>) -> tensor<1024x50304xf32> {
  %m = array.max %x axes [1] keepdims : tensor<1024x50304xf32> -> tensor<1024x1xf32>
  %d = array.sub %x, %m : (tensor<1024x50304xf32>, tensor<1024x1xf32>) -> tensor<1024x50304xf32>
  %e = array.exp %d : tensor<1024x50304xf32>
  %s = array.sum %e axes [1] keepdims : tensor<1024x50304xf32> -> tensor<1024x1xf32>
  %y = array.div %e, %s : (tensor<1024x50304xf32>, tensor<1024x1xf32>) -> tensor<1024x50304xf32>
  return %y : tensor<1024x50304xf32>
}
