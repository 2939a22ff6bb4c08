// y = exp(-x*x/2) * a + b over a 2-D grid of sample points, with a scale per
// column and an offset per row: NumPy broadcasting, fused into one kernel.
//
//   arrayc examples/gaussian.mlir -o gaussian && ./gaussian            (GPU)
//   arrayc --target=cpu examples/gaussian.mlir -o gaussian && ./gaussian
//
// NUMPY: x = np.array([[-2.0, -1.5, -1.0, -0.5, 0.0, 0.5], [1.0, 1.5, 2.0, 2.5, 3.0, 3.5]], np.float32)
// NUMPY: a = np.array([1.0, 2.0, 0.5, -1.0, 4.0, 0.25], np.float32)
// NUMPY: b = np.array([[0.0], [10.0]], np.float32)
// NUMPY: print(np.exp(-(x * x) / np.float32(2)) * a + b)

func.func @main() {
  %x = array.constant dense<[[-2.0, -1.5, -1.0, -0.5, 0.0, 0.5],
                             [1.0, 1.5, 2.0, 2.5, 3.0, 3.5]]> : tensor<2x6xf32>
  %a = array.constant dense<[1.0, 2.0, 0.5, -1.0, 4.0, 0.25]> : tensor<6xf32>
  %b = array.constant dense<[[0.0], [10.0]]> : tensor<2x1xf32>
  %two = array.full 2.0 : tensor<f32>

  %xx = array.mul %x, %x : (tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<2x6xf32>
  %neg = array.neg %xx : tensor<2x6xf32>
  %half = array.div %neg, %two : (tensor<2x6xf32>, tensor<f32>) -> tensor<2x6xf32>
  %g = array.exp %half : tensor<2x6xf32>
  %ga = array.mul %g, %a : (tensor<2x6xf32>, tensor<6xf32>) -> tensor<2x6xf32>
  %y = array.add %ga, %b : (tensor<2x6xf32>, tensor<2x1xf32>) -> tensor<2x6xf32>
  array.print %y : tensor<2x6xf32>
  return
}
