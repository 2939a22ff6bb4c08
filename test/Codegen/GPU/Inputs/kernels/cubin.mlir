// For compile-kernels-errors.test, copied next to saxpy.cubin.
func.func @cubin(%x: tensor<?xf32>, %y: tensor<?xf32>, %a: f32, %n: i32) -> tensor<?xf32> {
  %r = array.cuda_kernel "saxpy" (%x, %y, %a, %n) outputs [1] block [128]
         threads_over 1 {file = "saxpy.cubin"}
         : (tensor<?xf32>, tensor<?xf32>, f32, i32) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @cubin_symbol(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op 'scale' is not a symbol of}}
  %y = array.cuda_kernel "scale" (%x) outputs [0] block [4] grid [1]
         {file = "saxpy.cubin"} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
