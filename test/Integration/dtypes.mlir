// The elementwise ops on f64, i32 and i64, including integer wrap-around
// and NaN propagation of maximum.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: x = np.array([[1.0, -2.5, 1e10], [np.nan, 0.125, -3.0]])
// NUMPY: y = np.array([0.1, np.inf, -2.0])
// NUMPY: print(x + y)
// NUMPY: print(x / y)
// NUMPY: print(np.maximum(x, y))
// NUMPY: print(np.exp(np.array([0.0, 1.0, -1.0, 700.0, 710.0])))
// NUMPY: i = np.array([[7, -3, 2147483647], [0, -2147483648, 5]], np.int32)
// NUMPY: j = np.array([2, 1, 1], np.int32)
// NUMPY: with np.errstate(over="ignore"): print(i + j); print(i - j); print(i * j); print(np.maximum(i, j)); print(-i)
// NUMPY: k = np.array([9223372036854775807, -5, 40000000000], np.int64)
// NUMPY: with np.errstate(over="ignore"): print(k + np.int64(1)); print(k * np.int64(3)); print(-k)
// NUMPY: print(np.full((2, 2), -7, np.int64))

func.func @main() {
  %x = array.constant dense<[[1.0, -2.5, 1.0e10], [0x7FF8000000000000, 0.125, -3.0]]> : tensor<2x3xf64>
  %y = array.constant dense<[0.1, 0x7FF0000000000000, -2.0]> : tensor<3xf64>
  %0 = array.add %x, %y : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<2x3xf64>
  array.print %0 : tensor<2x3xf64>
  %1 = array.div %x, %y : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<2x3xf64>
  array.print %1 : tensor<2x3xf64>
  %2 = array.maximum %x, %y : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<2x3xf64>
  array.print %2 : tensor<2x3xf64>
  %e = array.constant dense<[0.0, 1.0, -1.0, 700.0, 710.0]> : tensor<5xf64>
  %3 = array.exp %e : tensor<5xf64>
  array.print %3 : tensor<5xf64>

  %i = array.constant dense<[[7, -3, 2147483647], [0, -2147483648, 5]]> : tensor<2x3xi32>
  %j = array.constant dense<[2, 1, 1]> : tensor<3xi32>
  %4 = array.add %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  array.print %4 : tensor<2x3xi32>
  %5 = array.sub %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  array.print %5 : tensor<2x3xi32>
  %6 = array.mul %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  array.print %6 : tensor<2x3xi32>
  %7 = array.maximum %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  array.print %7 : tensor<2x3xi32>
  %8 = array.neg %i : tensor<2x3xi32>
  array.print %8 : tensor<2x3xi32>

  %k = array.constant dense<[9223372036854775807, -5, 40000000000]> : tensor<3xi64>
  %one = array.full 1 : tensor<i64>
  %three = array.full 3 : tensor<i64>
  %9 = array.add %k, %one : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
  array.print %9 : tensor<3xi64>
  %10 = array.mul %k, %three : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
  array.print %10 : tensor<3xi64>
  %11 = array.neg %k : tensor<3xi64>
  array.print %11 : tensor<3xi64>
  %12 = array.full -7 : tensor<2x2xi64>
  array.print %12 : tensor<2x2xi64>
  return
}
