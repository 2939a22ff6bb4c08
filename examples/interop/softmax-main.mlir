// An executable whose @main takes its input from the command line and
// returns its result (docs/abi.md):
//
//   arrayc examples/interop/softmax-main.mlir -o softmax
//   ./softmax --help
//   ./softmax x.npy 2.0 -o y.npy      # y = softmax(x / temperature)

func.func @main(%x: tensor<?x?xf32>, %temperature: tensor<f32>) -> tensor<?x?xf32> {
  %scaled = array.div %x, %temperature : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %max = array.max %scaled axes [-1] keepdims : tensor<?x?xf32> -> tensor<?x1xf32>
  %shifted = array.sub %scaled, %max : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = array.exp %shifted : tensor<?x?xf32>
  %sum = array.sum %e axes [-1] keepdims : tensor<?x?xf32> -> tensor<?x1xf32>
  %y = array.div %e, %sum : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
