// np.concatenate, np.stack and np.pad, on the CPU and (where a GPU was
// detected) on the GPU, against NumPy.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: a = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32)
// NUMPY: b = np.array([[-1.0, -2.0, -3.0]], np.float32)
// NUMPY: c = np.array([[7.5], [8.5]], np.float64)
// NUMPY: u = np.array([1, 2, 3], np.int32)
// NUMPY: w = np.array([4, 5, 6], np.int64)
// NUMPY: print(np.concatenate((a, b, a)))
// NUMPY: print(np.concatenate((a, c), axis=1))
// NUMPY: print(np.concatenate((a, a), axis=-1))
// NUMPY: print(np.stack((u, w)))
// NUMPY: print(np.stack((a, a, a), axis=-1))
// NUMPY: print(np.stack((a, a), axis=1))
// NUMPY: print(np.pad(a, ((1, 0), (2, 1)), constant_values=9.5))
// NUMPY: print(np.pad(u, (0, 3)))
// NUMPY: print(np.pad(a, ((1, 1), (1, 1)), constant_values=-1.0) * np.float32(2.0))

func.func @main() {
  %a = array.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = array.constant dense<[[-1.0, -2.0, -3.0]]> : tensor<1x3xf32>
  %c = array.constant dense<[[7.5], [8.5]]> : tensor<2x1xf64>
  %u = array.constant dense<[1, 2, 3]> : tensor<3xi32>
  %w = array.constant dense<[4, 5, 6]> : tensor<3xi64>

  %0 = array.concatenate %a, %b, %a : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  array.print %0 : tensor<5x3xf32>
  %1 = array.concatenate %a, %c axis 1 : (tensor<2x3xf32>, tensor<2x1xf64>) -> tensor<2x4xf64>
  array.print %1 : tensor<2x4xf64>
  %2 = array.concatenate %a, %a axis -1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  array.print %2 : tensor<2x6xf32>

  %3 = array.stack %u, %w : (tensor<3xi32>, tensor<3xi64>) -> tensor<2x3xi64>
  array.print %3 : tensor<2x3xi64>
  %4 = array.stack %a, %a, %a axis -1 : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x3xf32>
  array.print %4 : tensor<2x3x3xf32>
  %5 = array.stack %a, %a axis 1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2x3xf32>
  array.print %5 : tensor<2x2x3xf32>

  %6 = array.pad %a low [1, 2] high [0, 1] value 9.5 : tensor<2x3xf32> -> tensor<3x6xf32>
  array.print %6 : tensor<3x6xf32>
  %7 = array.pad %u low [0] high [3] : tensor<3xi32> -> tensor<6xi32>
  array.print %7 : tensor<6xi32>
  %8 = array.pad %a low [1, 1] high [1, 1] value -1.0 : tensor<2x3xf32> -> tensor<4x5xf32>
  %two = array.full 2.0 : tensor<f32>
  %9 = array.mul %8, %two : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  array.print %9 : tensor<4x5xf32>
  return
}
