// Broadcasting across ranks: 0-d operands, 3-D against 2-D and 1-D, size-1
// dimensions on both sides, empty arrays (no kernel is launched), and an
// array larger than one grid covers (the grid-stride loop).
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: s = np.array(3.0, np.float32)
// NUMPY: print(s * s)
// NUMPY: col = np.array([[1.0], [2.0], [3.0]], np.float32)
// NUMPY: row = np.array([[10.0, 20.0, 30.0, 40.0]], np.float32)
// NUMPY: print(col + row)
// NUMPY: cube = np.array([[[1.0, 2.0, 3.0, 4.0]], [[-1.0, -2.0, -3.0, -4.0]]], np.float32)
// NUMPY: print(cube * (col + row))
// NUMPY: print(cube - s)
// NUMPY: print(np.zeros((0, 3), np.float32) + np.array([1.0, 2.0, 3.0], np.float32))
// NUMPY: big = np.full((600, 1000), 0.5, np.float32) * np.array([[1.0], [2.0]] * 300, np.float32) + np.arange(1000, dtype=np.float32) % np.float32(4)
// NUMPY: print(big)

func.func @main() {
  %s = array.full 3.0 : tensor<f32>
  %0 = array.mul %s, %s : (tensor<f32>, tensor<f32>) -> tensor<f32>
  array.print %0 : tensor<f32>

  %col = array.constant dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf32>
  %row = array.constant dense<[[10.0, 20.0, 30.0, 40.0]]> : tensor<1x4xf32>
  %1 = array.add %col, %row : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  array.print %1 : tensor<3x4xf32>

  %cube = array.constant dense<[[[1.0, 2.0, 3.0, 4.0]], [[-1.0, -2.0, -3.0, -4.0]]]> : tensor<2x1x4xf32>
  %2 = array.mul %cube, %1 : (tensor<2x1x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  array.print %2 : tensor<2x3x4xf32>
  %3 = array.sub %cube, %s : (tensor<2x1x4xf32>, tensor<f32>) -> tensor<2x1x4xf32>
  array.print %3 : tensor<2x1x4xf32>

  %empty = array.full 0.0 : tensor<0x3xf32>
  %v = array.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %4 = array.add %empty, %v : (tensor<0x3xf32>, tensor<3xf32>) -> tensor<0x3xf32>
  array.print %4 : tensor<0x3xf32>

  // 600000 elements: more than 1056 blocks of 256 threads cover at once.
  %half = array.full 0.5 : tensor<600x1000xf32>
  %alt = array.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %alt300 = array.full 1.0 : tensor<300x2x1xf32>
  %rows3 = array.mul %alt300, %alt : (tensor<300x2x1xf32>, tensor<2x1xf32>) -> tensor<300x2x1xf32>
  %rows = tensor.collapse_shape %rows3 [[0, 1], [2]] : tensor<300x2x1xf32> into tensor<600x1xf32>
  %pattern = array.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %pattern250 = array.full 0.0 : tensor<250x4xf32>
  %cols2 = array.add %pattern250, %pattern : (tensor<250x4xf32>, tensor<4xf32>) -> tensor<250x4xf32>
  %cols = tensor.collapse_shape %cols2 [[0, 1]] : tensor<250x4xf32> into tensor<1000xf32>
  %5 = array.mul %half, %rows : (tensor<600x1000xf32>, tensor<600x1xf32>) -> tensor<600x1000xf32>
  %6 = array.add %5, %cols : (tensor<600x1000xf32>, tensor<1000xf32>) -> tensor<600x1000xf32>
  array.print %6 : tensor<600x1000xf32>
  return
}
