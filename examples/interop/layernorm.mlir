// Layer norm over the last axis of a (rows, features) array, with a scale
// and a shift per feature. The Python examples compile it with
// arrayc.compile and call it on PyTorch, CuPy and NumPy arrays.

func.func @layernorm(%x: tensor<?x?xf32>, %gamma: tensor<?xf32>, %beta: tensor<?xf32>) -> tensor<?x?xf32> {
  %eps = array.full 1.0e-5 : tensor<f32>
  %mu = array.mean %x axes [-1] keepdims : tensor<?x?xf32> -> tensor<?x1xf32>
  %var = array.var %x axes [-1] keepdims : tensor<?x?xf32> -> tensor<?x1xf32>
  %centered = array.sub %x, %mu : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %ve = array.add %var, %eps : (tensor<?x1xf32>, tensor<f32>) -> tensor<?x1xf32>
  %sd = array.sqrt %ve : tensor<?x1xf32>
  %normed = array.div %centered, %sd : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %scaled = array.mul %normed, %gamma : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %y = array.add %scaled, %beta : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
