// np.arange, np.linspace and np.eye, on the CPU and (where a GPU was
// detected) on the GPU, against NumPy.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: print(np.arange(0, 10, 2, dtype=np.int64))
// NUMPY: print(np.arange(10, 0, -3, dtype=np.int8))
// NUMPY: print(np.arange(-1.0, 1.0, 0.25, dtype=np.float32))
// NUMPY: print(np.arange(0, 1, 0.1, dtype=np.float64))
// NUMPY: print(np.arange(0.5, 3, 0.7, dtype=np.float32))
// NUMPY: print(np.arange(3, 3, 1, dtype=np.int32))
// NUMPY: print(np.linspace(0.0, 1.0, 5, dtype=np.float32))
// NUMPY: print(np.linspace(2, -2, 9, dtype=np.float64))
// NUMPY: print(np.linspace(0.0, 1.0, 7, dtype=np.float64))
// NUMPY: print(np.linspace(0, 10, 4, dtype=np.int32))
// NUMPY: print(np.linspace(-1, 1, 4, dtype=np.int64))
// NUMPY: print(np.linspace(3.5, 9.0, 1, dtype=np.float32))
// NUMPY: print(np.eye(3, dtype=np.float32))
// NUMPY: print(np.eye(3, 4, k=1, dtype=np.int32))
// NUMPY: print(np.eye(4, 2, k=-2, dtype=np.bool_))
// NUMPY: print(np.eye(2, 3, k=-1, dtype=np.float64) + np.arange(0, 3, 1, dtype=np.float64))

func.func @main() {
  %0 = array.arange 0, 10, 2 : tensor<5xi64>
  array.print %0 : tensor<5xi64>
  %1 = array.arange 10, 0, -3 : tensor<4xi8>
  array.print %1 : tensor<4xi8>
  %2 = array.arange -1.0, 1.0, 0.25 : tensor<8xf32>
  array.print %2 : tensor<8xf32>
  %3 = array.arange 0, 1, 0.1 : tensor<10xf64>
  array.print %3 : tensor<10xf64>
  %4 = array.arange 0.5, 3, 0.7 : tensor<4xf32>
  array.print %4 : tensor<4xf32>
  %5 = array.arange 3, 3, 1 : tensor<0xi32>
  array.print %5 : tensor<0xi32>

  %6 = array.linspace 0.0, 1.0 : tensor<5xf32>
  array.print %6 : tensor<5xf32>
  %7 = array.linspace 2, -2 : tensor<9xf64>
  array.print %7 : tensor<9xf64>
  %8 = array.linspace 0.0, 1.0 : tensor<7xf64>
  array.print %8 : tensor<7xf64>
  %9 = array.linspace 0, 10 : tensor<4xi32>
  array.print %9 : tensor<4xi32>
  %10 = array.linspace -1, 1 : tensor<4xi64>
  array.print %10 : tensor<4xi64>
  %11 = array.linspace 3.5, 9.0 : tensor<1xf32>
  array.print %11 : tensor<1xf32>

  %12 = array.eye : tensor<3x3xf32>
  array.print %12 : tensor<3x3xf32>
  %13 = array.eye k 1 : tensor<3x4xi32>
  array.print %13 : tensor<3x4xi32>
  %14 = array.eye k -2 : tensor<4x2xi1>
  array.print %14 : tensor<4x2xi1>
  %15 = array.eye k -1 : tensor<2x3xf64>
  %16 = array.arange 0, 3, 1 : tensor<3xf64>
  %17 = array.add %15, %16 : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<2x3xf64>
  array.print %17 : tensor<2x3xf64>
  return
}
