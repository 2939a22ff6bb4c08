// Dynamic shapes: a function on tensor<?x?xf32> called with several shapes,
// broadcasting a dynamic row against dynamic and static dims, and
// array.full with a size known only at run time.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: a = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32)
// NUMPY: r = np.array([0.5, -1.0, 2.0], np.float32)
// NUMPY: print(a * r + np.float32(1.0))
// NUMPY: b = np.arange(1, 9, dtype=np.float32).reshape(4, 2)
// NUMPY: print(b * np.array([3.0, -2.0], np.float32) + np.float32(1.0))
// NUMPY: print(np.full(5, 1.5, np.float32) + np.float32(1.0))
// NUMPY: print(np.maximum(a, np.array([[2.5], [4.5]], np.float32)))

func.func @scale_shift(%x: tensor<?x?xf32>, %row: tensor<?xf32>) -> tensor<?x?xf32> {
  %one = array.full 1.0 : tensor<f32>
  %0 = array.mul %x, %row : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = array.add %0, %one : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

func.func @add_one(%x: tensor<?xf32>) -> tensor<?xf32> {
  %one = array.full 1.0 : tensor<1xf32>
  %0 = array.add %x, %one : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @main() {
  %a = array.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %r = array.constant dense<[0.5, -1.0, 2.0]> : tensor<3xf32>
  %ad = tensor.cast %a : tensor<2x3xf32> to tensor<?x?xf32>
  %rd = tensor.cast %r : tensor<3xf32> to tensor<?xf32>
  %0 = call @scale_shift(%ad, %rd) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  array.print %0 : tensor<?x?xf32>

  %b = array.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %s = array.constant dense<[3.0, -2.0]> : tensor<2xf32>
  %bd = tensor.cast %b : tensor<4x2xf32> to tensor<?x?xf32>
  %sd = tensor.cast %s : tensor<2xf32> to tensor<?xf32>
  %1 = call @scale_shift(%bd, %sd) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  array.print %1 : tensor<?x?xf32>

  %n = arith.constant 5 : index
  %f = array.full(%n) 1.5 : tensor<?xf32>
  %2 = call @add_one(%f) : (tensor<?xf32>) -> tensor<?xf32>
  array.print %2 : tensor<?xf32>

  // A dynamic dimension against a static one of the same size.
  %c = array.constant dense<[[2.5], [4.5]]> : tensor<2x1xf32>
  %3 = array.maximum %ad, %c : (tensor<?x?xf32>, tensor<2x1xf32>) -> tensor<2x?xf32>
  array.print %3 : tensor<2x?xf32>
  return
}
