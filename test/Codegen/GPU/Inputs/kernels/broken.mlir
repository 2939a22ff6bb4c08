// For compile-kernels-errors.test: a .cu file that NVRTC rejects.
func.func @broken(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = array.cuda_kernel "broken" (%x) outputs [0] block [4] grid [1]
         {file = "broken.cu"} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
