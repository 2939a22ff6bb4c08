// Row softmax: exp(x - max) / sum, with the max and the sum over the last
// axis kept as size-1 dimensions so they broadcast back over the row.
//
//   arrayc examples/softmax.mlir -o softmax && ./softmax
//
// NUMPY-RTOL: 1e-5
// NUMPY: x = np.array([[1.0, 2.0, 3.0, 4.0, -1.0, 0.5], [10.0, 10.0, 10.0, 10.0, 10.0, 10.0], [-3.0, 0.0, 3.0, 100.0, -100.0, 2.5], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]], np.float32)
// NUMPY: e = np.exp(x - x.max(axis=-1, keepdims=True))
// NUMPY: print(e / e.sum(axis=-1, keepdims=True))

func.func @softmax(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %max = array.max %x axes [-1] keepdims : tensor<4x6xf32> -> tensor<4x1xf32>
  %shifted = array.sub %x, %max : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  %e = array.exp %shifted : tensor<4x6xf32>
  %sum = array.sum %e axes [-1] keepdims : tensor<4x6xf32> -> tensor<4x1xf32>
  %y = array.div %e, %sum : (tensor<4x6xf32>, tensor<4x1xf32>) -> tensor<4x6xf32>
  return %y : tensor<4x6xf32>
}

func.func @main() {
  %x = array.constant dense<[[1.0, 2.0, 3.0, 4.0, -1.0, 0.5],
                             [10.0, 10.0, 10.0, 10.0, 10.0, 10.0],
                             [-3.0, 0.0, 3.0, 100.0, -100.0, 2.5],
                             [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]]> : tensor<4x6xf32>
  %y = call @softmax(%x) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  array.print %y : tensor<4x6xf32>
  return
}
