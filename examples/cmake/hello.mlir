// An executable of examples/cmake: prints exp(0..3).
func.func @main() {
  %x = array.arange 0.0, 4.0, 1.0 : tensor<4xf32>
  %y = array.exp %x : tensor<4xf32>
  array.print %y : tensor<4xf32>
  return
}
