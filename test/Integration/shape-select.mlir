// Basic slicing (a[1:7:2, ::-1]) and np.take (mode='clip'), on the CPU and
// (where a GPU was detected) on the GPU, against NumPy.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: a = np.arange(32, dtype=np.float32).reshape(8, 4) * np.float32(0.5)
// NUMPY: v = np.array([10, 20, 30, 40, 50], np.int32)
// NUMPY: print(a[1:7:2, ::-1])
// NUMPY: print(a[-2:])
// NUMPY: print(a[-3:-7:-2, 1:-1])
// NUMPY: print(a[::-3, 2:3])
// NUMPY: print(v[::-1])
// NUMPY: print(np.take(a, np.array([7, 0, 3], np.int64), axis=0))
// NUMPY: print(np.take(a, np.array([[3, 0], [1, 1]], np.int32), axis=1))
// NUMPY: print(np.take(v, np.array([-4, 2, 9, 4], np.int64), mode='clip'))
// NUMPY: print(np.take(v, np.array(3, np.int64)))

func.func @main() {
  %a = array.constant dense<[[0.0, 0.5, 1.0, 1.5], [2.0, 2.5, 3.0, 3.5], [4.0, 4.5, 5.0, 5.5], [6.0, 6.5, 7.0, 7.5], [8.0, 8.5, 9.0, 9.5], [10.0, 10.5, 11.0, 11.5], [12.0, 12.5, 13.0, 13.5], [14.0, 14.5, 15.0, 15.5]]> : tensor<8x4xf32>
  %v = array.constant dense<[10, 20, 30, 40, 50]> : tensor<5xi32>

  %0 = array.slice %a [1:7:2, ::-1] : tensor<8x4xf32> -> tensor<3x4xf32>
  array.print %0 : tensor<3x4xf32>
  %1 = array.slice %a [-2:] : tensor<8x4xf32> -> tensor<2x4xf32>
  array.print %1 : tensor<2x4xf32>
  %2 = array.slice %a [-3:-7:-2, 1:-1] : tensor<8x4xf32> -> tensor<2x2xf32>
  array.print %2 : tensor<2x2xf32>
  %3 = array.slice %a [::-3, 2:3] : tensor<8x4xf32> -> tensor<3x1xf32>
  array.print %3 : tensor<3x1xf32>
  %4 = array.slice %v [::-1] : tensor<5xi32> -> tensor<5xi32>
  array.print %4 : tensor<5xi32>

  %i = array.constant dense<[7, 0, 3]> : tensor<3xi64>
  %5 = array.take %a, %i axis 0 : (tensor<8x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  array.print %5 : tensor<3x4xf32>
  %j = array.constant dense<[[3, 0], [1, 1]]> : tensor<2x2xi32>
  %6 = array.take %a, %j axis 1 : (tensor<8x4xf32>, tensor<2x2xi32>) -> tensor<8x2x2xf32>
  array.print %6 : tensor<8x2x2xf32>
  // Out-of-range indices are clipped.
  %k = array.constant dense<[-4, 2, 9, 4]> : tensor<4xi64>
  %7 = array.take %v, %k axis 0 : (tensor<5xi32>, tensor<4xi64>) -> tensor<4xi32>
  array.print %7 : tensor<4xi32>
  %s = array.constant dense<3> : tensor<i64>
  %8 = array.take %v, %s axis 0 : (tensor<5xi32>, tensor<i64>) -> tensor<i32>
  array.print %8 : tensor<i32>
  return
}
