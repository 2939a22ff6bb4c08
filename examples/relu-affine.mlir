// relu(w * x + bias) on f64, batch of 3 rows: the elementwise tail of a
// dense layer, written with array ops.
//
// NUMPY: x = np.array([[1.0, -2.0, 3.0, -4.0], [0.5, 0.25, -0.125, 8.0], [-1.0, -1.0, 2.0, 2.0]])
// NUMPY: w = np.array([2.0, -1.0, 0.5, 1.5])
// NUMPY: bias = np.array([[-1.0], [0.0], [1.0]])
// NUMPY: print(np.maximum(w * x + bias, np.float64(0.0)))

func.func @main() {
  %x = array.constant dense<[[1.0, -2.0, 3.0, -4.0], [0.5, 0.25, -0.125, 8.0],
                             [-1.0, -1.0, 2.0, 2.0]]> : tensor<3x4xf64>
  %w = array.constant dense<[2.0, -1.0, 0.5, 1.5]> : tensor<4xf64>
  %bias = array.constant dense<[[-1.0], [0.0], [1.0]]> : tensor<3x1xf64>
  %zero = array.full 0.0 : tensor<f64>
  %wx = array.mul %w, %x : (tensor<4xf64>, tensor<3x4xf64>) -> tensor<3x4xf64>
  %z = array.add %wx, %bias : (tensor<3x4xf64>, tensor<3x1xf64>) -> tensor<3x4xf64>
  %y = array.maximum %z, %zero : (tensor<3x4xf64>, tensor<f64>) -> tensor<3x4xf64>
  array.print %y : tensor<3x4xf64>
  return
}
