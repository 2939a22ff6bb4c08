// Reshape, transpose, broadcast_to, expand_dims and squeeze, on the CPU and
// (where a GPU was detected) on the GPU, against NumPy.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: a = np.array([[0.5, -1.25, 2.0], [3.5, 0.0, -4.0], [1.0, 2.5, -0.75], [6.0, -2.0, 0.25]], np.float32)
// NUMPY: b = np.array([1.5, -0.5, 2.0], np.float32)
// NUMPY: i = np.arange(24, dtype=np.int64).reshape(2, 3, 4)
// NUMPY: print(a.reshape(2, 6))
// NUMPY: print(a.reshape(12))
// NUMPY: print(i.reshape(4, 6))
// NUMPY: print(a.T)
// NUMPY: print(np.transpose(i, (1, 0, 2)))
// NUMPY: print(np.transpose(i))
// NUMPY: print(np.broadcast_to(b, (2, 4, 3)))
// NUMPY: print(np.broadcast_to(a[:, :1], (4, 3)))
// NUMPY: print(np.expand_dims(b, 0))
// NUMPY: print(np.expand_dims(b, -1))
// NUMPY: print(np.squeeze(np.expand_dims(a, 1)))
// NUMPY: print(np.squeeze(a[:, :1], axis=-1))
// NUMPY: print(a.T.reshape(2, 6) + b.reshape(1, 3).T.reshape(3)[0])

func.func @main() {
  %a = array.constant dense<[[0.5, -1.25, 2.0], [3.5, 0.0, -4.0], [1.0, 2.5, -0.75], [6.0, -2.0, 0.25]]> : tensor<4x3xf32>
  %b = array.constant dense<[1.5, -0.5, 2.0]> : tensor<3xf32>
  %i = array.constant dense<[[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], [[12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23]]]> : tensor<2x3x4xi64>
  %col = array.constant dense<[[0.5], [3.5], [1.0], [6.0]]> : tensor<4x1xf32>

  %r0 = array.reshape %a : tensor<4x3xf32> -> tensor<2x6xf32>
  array.print %r0 : tensor<2x6xf32>
  %r1 = array.reshape %a : tensor<4x3xf32> -> tensor<12xf32>
  array.print %r1 : tensor<12xf32>
  %r2 = array.reshape %i : tensor<2x3x4xi64> -> tensor<4x6xi64>
  array.print %r2 : tensor<4x6xi64>

  %t0 = array.transpose %a : tensor<4x3xf32> -> tensor<3x4xf32>
  array.print %t0 : tensor<3x4xf32>
  %t1 = array.transpose %i permutation [1, 0, 2] : tensor<2x3x4xi64> -> tensor<3x2x4xi64>
  array.print %t1 : tensor<3x2x4xi64>
  %t2 = array.transpose %i : tensor<2x3x4xi64> -> tensor<4x3x2xi64>
  array.print %t2 : tensor<4x3x2xi64>

  %b0 = array.broadcast_to %b : tensor<3xf32> -> tensor<2x4x3xf32>
  array.print %b0 : tensor<2x4x3xf32>
  %b1 = array.broadcast_to %col : tensor<4x1xf32> -> tensor<4x3xf32>
  array.print %b1 : tensor<4x3xf32>

  %e0 = array.expand_dims %b axis 0 : tensor<3xf32> -> tensor<1x3xf32>
  array.print %e0 : tensor<1x3xf32>
  %e1 = array.expand_dims %b axis -1 : tensor<3xf32> -> tensor<3x1xf32>
  array.print %e1 : tensor<3x1xf32>

  %e2 = array.expand_dims %a axis 1 : tensor<4x3xf32> -> tensor<4x1x3xf32>
  %s0 = array.squeeze %e2 : tensor<4x1x3xf32> -> tensor<4x3xf32>
  array.print %s0 : tensor<4x3xf32>
  %s1 = array.squeeze %col axes [-1] : tensor<4x1xf32> -> tensor<4xf32>
  array.print %s1 : tensor<4xf32>

  // Views feeding a kernel: a transposed, reshaped array plus a scalar
  // taken through reshapes.
  %t3 = array.reshape %t0 : tensor<3x4xf32> -> tensor<2x6xf32>
  %b2 = array.reshape %b : tensor<3xf32> -> tensor<1x3xf32>
  %b3 = array.transpose %b2 : tensor<1x3xf32> -> tensor<3x1xf32>
  %b4 = array.reshape %b3 : tensor<3x1xf32> -> tensor<3xf32>
  %first = array.slice %b4 [0:1] : tensor<3xf32> -> tensor<1xf32>
  %y = array.add %t3, %first : (tensor<2x6xf32>, tensor<1xf32>) -> tensor<2x6xf32>
  array.print %y : tensor<2x6xf32>
  return
}
