// Workload (d): layer normalization over the rows of a 16384x16384 float32
// matrix with an affine gamma/beta per column, eps = 1e-5.
//
// NumPy: mu = m.mean(axis=1, keepdims=True); var = m.var(axis=1, keepdims=True)
//        y = (m - mu) / np.sqrt(var + np.float32(1e-5)) * gamma + beta
// Minimum traffic: read m, gamma and beta, write y.

func.func @main() {
  %m = array.load_npy "m.npy" : tensor<16384x16384xf32>
  %gamma = array.load_npy "gamma.npy" : tensor<16384xf32>
  %beta = array.load_npy "beta.npy" : tensor<16384xf32>
  %eps = array.full 1.0e-5 : tensor<f32>
  %mu = array.mean %m axes [1] keepdims : tensor<16384x16384xf32> -> tensor<16384x1xf32>
  %var = array.var %m axes [1] keepdims : tensor<16384x16384xf32> -> tensor<16384x1xf32>
  %centered = array.sub %m, %mu : (tensor<16384x16384xf32>, tensor<16384x1xf32>) -> tensor<16384x16384xf32>
  %ve = array.add %var, %eps : (tensor<16384x1xf32>, tensor<f32>) -> tensor<16384x1xf32>
  %sd = array.sqrt %ve : tensor<16384x1xf32>
  %normed = array.div %centered, %sd : (tensor<16384x16384xf32>, tensor<16384x1xf32>) -> tensor<16384x16384xf32>
  %scaled = array.mul %normed, %gamma : (tensor<16384x16384xf32>, tensor<16384xf32>) -> tensor<16384x16384xf32>
  %y = array.add %scaled, %beta : (tensor<16384x16384xf32>, tensor<16384xf32>) -> tensor<16384x16384xf32>
  array.save_npy %y, "layernorm.npy" : tensor<16384x16384xf32>
  return
}
