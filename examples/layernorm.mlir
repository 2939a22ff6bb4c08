// Layer normalization with an affine transform over the last axis:
// (x - mean) / sqrt(var + eps) * gamma + beta.
//
// NUMPY-RTOL: 1e-5
// NUMPY: x = np.array([[1.0, 2.0, 3.0, 4.0, 5.0], [-2.0, 0.5, 0.0, 8.0, 1.5], [3.0, 3.0, 3.0, 3.0, 3.5]], np.float32)
// NUMPY: gamma = np.array([1.0, 0.5, 2.0, -1.0, 1.5], np.float32)
// NUMPY: beta = np.array([0.0, 0.1, -0.2, 0.3, 0.0], np.float32)
// NUMPY: mu = x.mean(axis=-1, keepdims=True)
// NUMPY: var = x.var(axis=-1, keepdims=True)
// NUMPY: print((x - mu) / np.sqrt(var + np.float32(1e-5)) * gamma + beta)

func.func @layernorm(%x: tensor<3x5xf32>, %gamma: tensor<5xf32>, %beta: tensor<5xf32>) -> tensor<3x5xf32> {
  %eps = array.full 1.0e-5 : tensor<f32>
  %mu = array.mean %x axes [-1] keepdims : tensor<3x5xf32> -> tensor<3x1xf32>
  %var = array.var %x axes [-1] keepdims : tensor<3x5xf32> -> tensor<3x1xf32>
  %centered = array.sub %x, %mu : (tensor<3x5xf32>, tensor<3x1xf32>) -> tensor<3x5xf32>
  %ve = array.add %var, %eps : (tensor<3x1xf32>, tensor<f32>) -> tensor<3x1xf32>
  %sd = array.sqrt %ve : tensor<3x1xf32>
  %normed = array.div %centered, %sd : (tensor<3x5xf32>, tensor<3x1xf32>) -> tensor<3x5xf32>
  %scaled = array.mul %normed, %gamma : (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  %y = array.add %scaled, %beta : (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %y : tensor<3x5xf32>
}

func.func @main() {
  %x = array.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [-2.0, 0.5, 0.0, 8.0, 1.5],
                             [3.0, 3.0, 3.0, 3.0, 3.5]]> : tensor<3x5xf32>
  %gamma = array.constant dense<[1.0, 0.5, 2.0, -1.0, 1.5]> : tensor<5xf32>
  %beta = array.constant dense<[0.0, 0.1, -0.2, 0.3, 0.0]> : tensor<5xf32>
  %y = call @layernorm(%x, %gamma, %beta) : (tensor<3x5xf32>, tensor<5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  array.print %y : tensor<3x5xf32>
  return
}
