// Shape ops on dynamically shaped arrays (function arguments of unknown
// size), on the CPU and (where a GPU was detected) on the GPU, against
// NumPy. At most one run-time size check per program for now: the
// lowering of cf.assert to arrayrt_check_failed gives every message global
// the same symbol name.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: a = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32)
// NUMPY: b = np.array([[-1.0, -2.0, -3.0]], np.float32)
// NUMPY: print(a.reshape(3, 2))
// NUMPY: print(a.T)
// NUMPY: print(np.broadcast_to(a, (2, 2, 3)))
// NUMPY: print(np.concatenate((a, b, a)))
// NUMPY: print(np.stack((a, a), axis=-1))
// NUMPY: print(np.pad(a, ((1, 0), (0, 2)), constant_values=7.0))
// NUMPY: print(np.take(a, np.array([2, -1, 0, 5], np.int32), axis=1, mode='clip'))
// NUMPY: print(np.squeeze(np.expand_dims(a, 0), 0))

func.func @transpose(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = array.transpose %x : tensor<?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @broadcast(%x: tensor<?x?xf32>) -> tensor<2x?x?xf32> {
  %0 = array.broadcast_to %x : tensor<?x?xf32> -> tensor<2x?x?xf32>
  return %0 : tensor<2x?x?xf32>
}

func.func @concatenate(%x: tensor<?x3xf32>, %y: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = array.concatenate %x, %y, %x : (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

func.func @stack(%x: tensor<?x?xf32>) -> tensor<?x?x2xf32> {
  %0 = array.stack %x, %x axis -1 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?x2xf32>
  return %0 : tensor<?x?x2xf32>
}

func.func @pad(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = array.pad %x low [1, 0] high [0, 2] value 7.0 : tensor<?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @take(%x: tensor<?x?xf32>, %i: tensor<?xi32>) -> tensor<?x?xf32> {
  %0 = array.take %x, %i axis 1 : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @main() {
  %a = array.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = array.constant dense<[[-1.0, -2.0, -3.0]]> : tensor<1x3xf32>
  %i = array.constant dense<[2, -1, 0, 5]> : tensor<4xi32>
  %x = tensor.cast %a : tensor<2x3xf32> to tensor<?x?xf32>
  %y = tensor.cast %b : tensor<1x3xf32> to tensor<?x3xf32>
  %j = tensor.cast %i : tensor<4xi32> to tensor<?xi32>

  // Views stay in @main: a function that returns a view of its argument
  // needs bufferization.clone lowered, which the pipelines do not do yet.
  %0 = array.reshape %x : tensor<?x?xf32> -> tensor<3x2xf32>
  array.print %0 : tensor<3x2xf32>
  %1 = call @transpose(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  array.print %1 : tensor<?x?xf32>
  %2 = call @broadcast(%x) : (tensor<?x?xf32>) -> tensor<2x?x?xf32>
  array.print %2 : tensor<2x?x?xf32>
  %x3 = tensor.cast %a : tensor<2x3xf32> to tensor<?x3xf32>
  %3 = call @concatenate(%x3, %y) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  array.print %3 : tensor<?x3xf32>
  %4 = call @stack(%x) : (tensor<?x?xf32>) -> tensor<?x?x2xf32>
  array.print %4 : tensor<?x?x2xf32>
  %5 = call @pad(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  array.print %5 : tensor<?x?xf32>
  %6 = call @take(%x, %j) : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  array.print %6 : tensor<?x?xf32>
  %e = array.expand_dims %x axis 0 : tensor<?x?xf32> -> tensor<1x?x?xf32>
  %7 = array.squeeze %e axes [0] : tensor<1x?x?xf32> -> tensor<?x?xf32>
  array.print %7 : tensor<?x?xf32>
  return
}
