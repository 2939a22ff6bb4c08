// One elementwise kernel, y = 2x + 1, exported for the call-overhead
// benchmark (call_overhead.cu, call_overhead.py).
func.func @scale(%x: tensor<?xf32>) -> tensor<?xf32> {
  %two = array.full 2.0 : tensor<f32>
  %one = array.full 1.0 : tensor<f32>
  %t = array.mul %x, %two : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  %y = array.add %t, %one : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
