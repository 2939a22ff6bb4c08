// Workload (c): row softmax of a 16384x16384 float32 matrix.
//
// NumPy: e = np.exp(m - m.max(axis=1, keepdims=True))
//        y = e / e.sum(axis=1, keepdims=True)
// Minimum traffic: read m, write y (8 bytes per element).

func.func @main() {
  %m = array.load_npy "m.npy" : tensor<16384x16384xf32>
  %max = array.max %m axes [1] keepdims : tensor<16384x16384xf32> -> tensor<16384x1xf32>
  %shifted = array.sub %m, %max : (tensor<16384x16384xf32>, tensor<16384x1xf32>) -> tensor<16384x16384xf32>
  %e = array.exp %shifted : tensor<16384x16384xf32>
  %sum = array.sum %e axes [1] keepdims : tensor<16384x16384xf32> -> tensor<16384x1xf32>
  %y = array.div %e, %sum : (tensor<16384x16384xf32>, tensor<16384x1xf32>) -> tensor<16384x16384xf32>
  array.save_npy %y, "softmax.npy" : tensor<16384x16384xf32>
  return
}
