// matmul and dot with NumPy's rules: 2-D, batched with broadcast batch
// dimensions, vectors on either side, mixed dtypes, f16 accumulating in
// f32, integers wrapping, dynamic sizes.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-6
// NUMPY: a = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32)
// NUMPY: b = np.array([[0.5, -1.0], [2.0, 0.25], [-3.0, 1.5]], np.float32)
// NUMPY: print(a @ b)
// NUMPY: batch = np.array([[[1.0, 0.0], [0.0, 1.0]], [[2.0, 1.0], [1.0, 2.0]], [[0.0, -1.0], [1.0, 0.0]]])
// NUMPY: m = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
// NUMPY: print(batch @ m)
// NUMPY: v = np.array([1.0, -1.0, 2.0], np.float32)
// NUMPY: print(a @ v)
// NUMPY: print(np.array([2.0, -1.0], np.float32) @ a)
// NUMPY: print(np.dot(v, v))
// NUMPY: print(np.dot(a, b))
// NUMPY: i = np.array([[2147483647, 2], [3, 4]], np.int32)
// NUMPY: with np.errstate(over="ignore"): print(i @ i)
// NUMPY: print(np.array([[1, 2], [3, 4]], np.int32) @ np.array([[0.5], [0.25]]))
// NUMPY: h = np.array([[0.1, 0.2, 0.3, 0.4]] * 3, np.float16)
// NUMPY: print((h.astype(np.float32) @ h.T.astype(np.float32)).astype(np.float16))
// NUMPY: print(np.dot(np.arange(24, dtype=np.float64).reshape(2, 3, 4), np.arange(4, dtype=np.float64)))

func.func @dyn(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = array.matmul %x, %y : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @main() {
  %a = array.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = array.constant dense<[[0.5, -1.0], [2.0, 0.25], [-3.0, 1.5]]> : tensor<3x2xf32>
  %ad = tensor.cast %a : tensor<2x3xf32> to tensor<?x?xf32>
  %bd = tensor.cast %b : tensor<3x2xf32> to tensor<?x?xf32>
  %0 = call @dyn(%ad, %bd) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  array.print %0 : tensor<?x?xf32>

  %batch = array.constant dense<[[[1.0, 0.0], [0.0, 1.0]], [[2.0, 1.0], [1.0, 2.0]], [[0.0, -1.0], [1.0, 0.0]]]> : tensor<3x2x2xf64>
  %m = array.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf64>
  %1 = array.matmul %batch, %m : (tensor<3x2x2xf64>, tensor<2x3xf64>) -> tensor<3x2x3xf64>
  array.print %1 : tensor<3x2x3xf64>

  %v = array.constant dense<[1.0, -1.0, 2.0]> : tensor<3xf32>
  %2 = array.matmul %a, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  array.print %2 : tensor<2xf32>
  %u = array.constant dense<[2.0, -1.0]> : tensor<2xf32>
  %3 = array.matmul %u, %a : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<3xf32>
  array.print %3 : tensor<3xf32>
  %4 = array.dot %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  array.print %4 : tensor<f32>
  %5 = array.dot %a, %b : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  array.print %5 : tensor<2x2xf32>

  %i = array.constant dense<[[2147483647, 2], [3, 4]]> : tensor<2x2xi32>
  %6 = array.matmul %i, %i : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  array.print %6 : tensor<2x2xi32>
  %j = array.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %w = array.constant dense<[[0.5], [0.25]]> : tensor<2x1xf64>
  %7 = array.matmul %j, %w : (tensor<2x2xi32>, tensor<2x1xf64>) -> tensor<2x1xf64>
  array.print %7 : tensor<2x1xf64>

  %h = array.constant dense<[[0.1, 0.2, 0.3, 0.4], [0.1, 0.2, 0.3, 0.4], [0.1, 0.2, 0.3, 0.4]]> : tensor<3x4xf16>
  %ht = array.constant dense<[[0.1, 0.1, 0.1], [0.2, 0.2, 0.2], [0.3, 0.3, 0.3], [0.4, 0.4, 0.4]]> : tensor<4x3xf16>
  %8 = array.matmul %h, %ht : (tensor<3x4xf16>, tensor<4x3xf16>) -> tensor<3x3xf16>
  array.print %8 : tensor<3x3xf16>

  %t = array.arange 0, 24, 1 : tensor<24xf64>
  %t3 = array.reshape %t : tensor<24xf64> -> tensor<2x3x4xf64>
  %r = array.arange 0, 4, 1 : tensor<4xf64>
  %9 = array.dot %t3, %r : (tensor<2x3x4xf64>, tensor<4xf64>) -> tensor<2x3xf64>
  array.print %9 : tensor<2x3xf64>
  return
}
