// A row softmax over any number of rows and columns, exported as a C
// function by `arrayc --emit=shared softmax.mlir -o libsoftmax.so`
// (softmax.h declares softmax_softmax and softmax_softmax_into; see
// softmax_caller.cpp and docs/abi.md).

func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %max = array.max %x axes [-1] keepdims : tensor<?x?xf32> -> tensor<?x1xf32>
  %shifted = array.sub %x, %max : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = array.exp %shifted : tensor<?x?xf32>
  %sum = array.sum %e axes [-1] keepdims : tensor<?x?xf32> -> tensor<?x1xf32>
  %y = array.div %e, %sum : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
