// A library function for examples/cmake/app.c: y = 2 x + 1.
func.func @affine(%x: tensor<?xf32>) -> tensor<?xf32> {
  %two = array.full 2.0 : tensor<f32>
  %one = array.full 1.0 : tensor<f32>
  %t = array.mul %x, %two : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  %y = array.add %t, %one : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
