// Reductions against NumPy: axes (several, negative), keepdims, NumPy's
// result types (int sums are int64, means of ints float64), NaN handling,
// argmax/argmin first-index rules, var/std with ddof, logsumexp, scans.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-6
// NUMPY: x = np.array([[[1.5, -2.0, 3.25, 0.5], [4.0, 5.5, -6.0, 7.0], [0.25, 8.0, 9.5, -1.0]], [[2.0, 2.0, -3.5, 1.0], [-4.5, 6.0, 0.0, 3.0], [5.0, -7.5, 1.25, 2.5]]], np.float32)
// NUMPY: print(x.sum())
// NUMPY: print(x.sum(axis=(0, 2)))
// NUMPY: print(x.sum(axis=-1, keepdims=True))
// NUMPY: print(x.prod(axis=1))
// NUMPY: print(x.max(axis=(1, 2)))
// NUMPY: print(x.min(axis=0, keepdims=True))
// NUMPY: print(x.mean(axis=2))
// NUMPY: print(x.var(axis=1))
// NUMPY: print(x.std(axis=(0, 1), ddof=1))
// NUMPY: print(np.argmax(x, axis=2))
// NUMPY: print(np.argmin(x, axis=0))
// NUMPY: print(np.argmax(x))
// NUMPY: print(np.argmin(x, axis=-1).reshape(2, 3, 1))
// NUMPY: print(np.logaddexp.reduce(x.astype(np.float64), axis=1).astype(np.float32))
// NUMPY: print(np.cumsum(x, axis=2))
// NUMPY: print(np.cumprod(x[0], axis=0))
// NUMPY: i = np.array([[3, -1, 7], [2, 2, -9]], np.int32)
// NUMPY: print(i.sum(axis=1))
// NUMPY: print(i.prod(axis=0))
// NUMPY: print(i.mean(axis=0))
// NUMPY: print(i.max(axis=1)); print(np.argmax(i, axis=1)); print(np.argmin(i, axis=0))
// NUMPY: print(np.cumsum(i, axis=0))
// NUMPY: print(np.cumsum(i, axis=-1)); print(np.cumprod(i, axis=-2))
// NUMPY: b = np.array([[True, False, False], [False, False, False]])
// NUMPY: print(b.any(axis=1)); print(b.all(axis=0)); print(b.sum(axis=0)); print(np.array([[0.0, np.nan], [1.0, 2.0]]).all(axis=1))
// NUMPY: n = np.array([[1.0, np.nan, 3.0], [np.nan, 2.0, np.nan], [-np.inf, -np.inf, 0.5]])
// NUMPY: print(n.max(axis=1)); print(n.min(axis=0)); print(np.argmax(n, axis=1)); print(np.argmin(n, axis=1))
// NUMPY: print(np.logaddexp.reduce(np.array([[1000.0, 1000.0], [-np.inf, -np.inf]]), axis=1))

func.func @main() {
  %x = array.constant dense<[[[1.5, -2.0, 3.25, 0.5], [4.0, 5.5, -6.0, 7.0], [0.25, 8.0, 9.5, -1.0]],
                             [[2.0, 2.0, -3.5, 1.0], [-4.5, 6.0, 0.0, 3.0], [5.0, -7.5, 1.25, 2.5]]]> : tensor<2x3x4xf32>
  %0 = array.sum %x : tensor<2x3x4xf32> -> tensor<f32>
  array.print %0 : tensor<f32>
  %1 = array.sum %x axes [0, 2] : tensor<2x3x4xf32> -> tensor<3xf32>
  array.print %1 : tensor<3xf32>
  %2 = array.sum %x axes [-1] keepdims : tensor<2x3x4xf32> -> tensor<2x3x1xf32>
  array.print %2 : tensor<2x3x1xf32>
  %3 = array.prod %x axes [1] : tensor<2x3x4xf32> -> tensor<2x4xf32>
  array.print %3 : tensor<2x4xf32>
  %4 = array.max %x axes [1, 2] : tensor<2x3x4xf32> -> tensor<2xf32>
  array.print %4 : tensor<2xf32>
  %5 = array.min %x axes [0] keepdims : tensor<2x3x4xf32> -> tensor<1x3x4xf32>
  array.print %5 : tensor<1x3x4xf32>
  %6 = array.mean %x axes [2] : tensor<2x3x4xf32> -> tensor<2x3xf32>
  array.print %6 : tensor<2x3xf32>
  %7 = array.var %x axes [1] : tensor<2x3x4xf32> -> tensor<2x4xf32>
  array.print %7 : tensor<2x4xf32>
  %8 = array.std %x axes [0, 1] ddof 1 : tensor<2x3x4xf32> -> tensor<4xf32>
  array.print %8 : tensor<4xf32>
  %9 = array.argmax %x axis 2 : tensor<2x3x4xf32> -> tensor<2x3xi64>
  array.print %9 : tensor<2x3xi64>
  %10 = array.argmin %x axis 0 : tensor<2x3x4xf32> -> tensor<3x4xi64>
  array.print %10 : tensor<3x4xi64>
  %11 = array.argmax %x : tensor<2x3x4xf32> -> tensor<i64>
  array.print %11 : tensor<i64>
  %12 = array.argmin %x axis -1 keepdims : tensor<2x3x4xf32> -> tensor<2x3x1xi64>
  array.print %12 : tensor<2x3x1xi64>
  %13 = array.logsumexp %x axes [1] : tensor<2x3x4xf32> -> tensor<2x4xf32>
  array.print %13 : tensor<2x4xf32>
  %14 = array.cumsum %x axis 2 : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  array.print %14 : tensor<2x3x4xf32>
  %x0 = array.constant dense<[[1.5, -2.0, 3.25, 0.5], [4.0, 5.5, -6.0, 7.0], [0.25, 8.0, 9.5, -1.0]]> : tensor<3x4xf32>
  %15 = array.cumprod %x0 axis 0 : tensor<3x4xf32> -> tensor<3x4xf32>
  array.print %15 : tensor<3x4xf32>

  %i = array.constant dense<[[3, -1, 7], [2, 2, -9]]> : tensor<2x3xi32>
  %16 = array.sum %i axes [1] : tensor<2x3xi32> -> tensor<2xi64>
  array.print %16 : tensor<2xi64>
  %17 = array.prod %i axes [0] : tensor<2x3xi32> -> tensor<3xi64>
  array.print %17 : tensor<3xi64>
  %18 = array.mean %i axes [0] : tensor<2x3xi32> -> tensor<3xf64>
  array.print %18 : tensor<3xf64>
  %19 = array.max %i axes [1] : tensor<2x3xi32> -> tensor<2xi32>
  array.print %19 : tensor<2xi32>
  %20 = array.argmax %i axis 1 : tensor<2x3xi32> -> tensor<2xi64>
  array.print %20 : tensor<2xi64>
  %21 = array.argmin %i axis 0 : tensor<2x3xi32> -> tensor<3xi64>
  array.print %21 : tensor<3xi64>
  %22 = array.cumsum %i axis 0 : tensor<2x3xi32> -> tensor<2x3xi64>
  array.print %22 : tensor<2x3xi64>
  %cneg = array.cumsum %i axis -1 : tensor<2x3xi32> -> tensor<2x3xi64>
  array.print %cneg : tensor<2x3xi64>
  %pneg = array.cumprod %i axis -2 : tensor<2x3xi32> -> tensor<2x3xi64>
  array.print %pneg : tensor<2x3xi64>

  %b = array.constant dense<[[true, false, false], [false, false, false]]> : tensor<2x3xi1>
  %23 = array.any %b axes [1] : tensor<2x3xi1> -> tensor<2xi1>
  array.print %23 : tensor<2xi1>
  %24 = array.all %b axes [0] : tensor<2x3xi1> -> tensor<3xi1>
  array.print %24 : tensor<3xi1>
  %25 = array.sum %b axes [0] : tensor<2x3xi1> -> tensor<3xi64>
  array.print %25 : tensor<3xi64>
  %nanall = array.constant dense<[[0.0, 0x7FF8000000000000], [1.0, 2.0]]> : tensor<2x2xf64>
  %26 = array.all %nanall axes [1] : tensor<2x2xf64> -> tensor<2xi1>
  array.print %26 : tensor<2xi1>

  %n = array.constant dense<[[1.0, 0x7FF8000000000000, 3.0], [0x7FF8000000000000, 2.0, 0x7FF8000000000000], [0xFFF0000000000000, 0xFFF0000000000000, 0.5]]> : tensor<3x3xf64>
  %27 = array.max %n axes [1] : tensor<3x3xf64> -> tensor<3xf64>
  array.print %27 : tensor<3xf64>
  %28 = array.min %n axes [0] : tensor<3x3xf64> -> tensor<3xf64>
  array.print %28 : tensor<3xf64>
  %29 = array.argmax %n axis 1 : tensor<3x3xf64> -> tensor<3xi64>
  array.print %29 : tensor<3xi64>
  %30 = array.argmin %n axis 1 : tensor<3x3xf64> -> tensor<3xi64>
  array.print %30 : tensor<3xi64>
  %big = array.constant dense<[[1000.0, 1000.0], [0xFFF0000000000000, 0xFFF0000000000000]]> : tensor<2x2xf64>
  %31 = array.logsumexp %big axes [1] : tensor<2x2xf64> -> tensor<2xf64>
  array.print %31 : tensor<2xf64>
  return
}
