// Used by options.mlir: a program that fails to verify.
func.func @main() {
  %a = array.full 1.0 : tensor<4x3xf32>
  %b = array.full 2.0 : tensor<5xf32>
  %c = array.add %a, %b : (tensor<4x3xf32>, tensor<5xf32>) -> tensor<4x3xf32>
  return
}
