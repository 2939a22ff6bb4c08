// Rounding (floor, ceil, round half to even, trunc), comparisons (NaN
// compares false except not_equal; int32 with float32 compares in float64;
// bools as 0 and 1) and classification (isnan, isinf, isfinite; integers
// are finite).
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: x = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.7, 2.7, -0.0, np.inf, -np.inf, np.nan])
// NUMPY: print(np.floor(x)); print(np.ceil(x)); print(np.round(x)); print(np.trunc(x))
// NUMPY: f = np.array([2.5, -3.5, 0.49999997], np.float32); print(np.round(f)); print(np.floor(f))
// NUMPY: a = np.array([1.0, 2.0, np.nan, 3.0, -np.inf, 16777217.0], np.float32)
// NUMPY: b = np.array([1, 3, 0, 2, -5, 16777217], np.int32)
// NUMPY: print(np.equal(a, b)); print(np.not_equal(a, b)); print(np.less(a, b)); print(np.less_equal(a, b)); print(np.greater(a, b)); print(np.greater_equal(a, b))
// NUMPY: t = np.array([True, False, True]); u = np.array([[True], [False]])
// NUMPY: print(np.less(t, u)); print(np.greater_equal(t, u)); print(np.equal(t, np.array([1, 0, 2], np.int8)))
// NUMPY: print(np.isnan(x)); print(np.isinf(x)); print(np.isfinite(x))
// NUMPY: i = np.array([0, -7, 2147483647], np.int32); print(np.isnan(i)); print(np.isinf(i)); print(np.isfinite(t))
// NUMPY: h = np.array([np.inf, np.nan, 65504.0], np.float16); print(np.isinf(h)); print(np.isnan(h)); print(np.isfinite(h))

func.func @main() {
  %x = array.constant dense<[0.5, 1.5, 2.5, -0.5, -1.5, -2.7, 2.7, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000]> : tensor<11xf64>
  %0 = array.floor %x : tensor<11xf64>
  array.print %0 : tensor<11xf64>
  %1 = array.ceil %x : tensor<11xf64>
  array.print %1 : tensor<11xf64>
  %2 = array.round %x : tensor<11xf64>
  array.print %2 : tensor<11xf64>
  %3 = array.trunc %x : tensor<11xf64>
  array.print %3 : tensor<11xf64>
  %f = array.constant dense<[2.5, -3.5, 0.49999997]> : tensor<3xf32>
  %4 = array.round %f : tensor<3xf32>
  array.print %4 : tensor<3xf32>
  %5 = array.floor %f : tensor<3xf32>
  array.print %5 : tensor<3xf32>

  // 16777217 is not a float32, but int32 with float32 compares in float64.
  %a = array.constant dense<[1.0, 2.0, 0x7FC00000, 3.0, 0xFF800000, 16777217.0]> : tensor<6xf32>
  %b = array.constant dense<[1, 3, 0, 2, -5, 16777217]> : tensor<6xi32>
  %6 = array.equal %a, %b : (tensor<6xf32>, tensor<6xi32>) -> tensor<6xi1>
  array.print %6 : tensor<6xi1>
  %7 = array.not_equal %a, %b : (tensor<6xf32>, tensor<6xi32>) -> tensor<6xi1>
  array.print %7 : tensor<6xi1>
  %8 = array.less %a, %b : (tensor<6xf32>, tensor<6xi32>) -> tensor<6xi1>
  array.print %8 : tensor<6xi1>
  %9 = array.less_equal %a, %b : (tensor<6xf32>, tensor<6xi32>) -> tensor<6xi1>
  array.print %9 : tensor<6xi1>
  %10 = array.greater %a, %b : (tensor<6xf32>, tensor<6xi32>) -> tensor<6xi1>
  array.print %10 : tensor<6xi1>
  %11 = array.greater_equal %a, %b : (tensor<6xf32>, tensor<6xi32>) -> tensor<6xi1>
  array.print %11 : tensor<6xi1>

  %t = array.constant dense<[true, false, true]> : tensor<3xi1>
  %u = array.constant dense<[[true], [false]]> : tensor<2x1xi1>
  %12 = array.less %t, %u : (tensor<3xi1>, tensor<2x1xi1>) -> tensor<2x3xi1>
  array.print %12 : tensor<2x3xi1>
  %13 = array.greater_equal %t, %u : (tensor<3xi1>, tensor<2x1xi1>) -> tensor<2x3xi1>
  array.print %13 : tensor<2x3xi1>
  %s = array.constant dense<[1, 0, 2]> : tensor<3xi8>
  %14 = array.equal %t, %s : (tensor<3xi1>, tensor<3xi8>) -> tensor<3xi1>
  array.print %14 : tensor<3xi1>

  %15 = array.isnan %x : tensor<11xf64> -> tensor<11xi1>
  array.print %15 : tensor<11xi1>
  %16 = array.isinf %x : tensor<11xf64> -> tensor<11xi1>
  array.print %16 : tensor<11xi1>
  %17 = array.isfinite %x : tensor<11xf64> -> tensor<11xi1>
  array.print %17 : tensor<11xi1>
  %i = array.constant dense<[0, -7, 2147483647]> : tensor<3xi32>
  %18 = array.isnan %i : tensor<3xi32> -> tensor<3xi1>
  array.print %18 : tensor<3xi1>
  %19 = array.isinf %i : tensor<3xi32> -> tensor<3xi1>
  array.print %19 : tensor<3xi1>
  %20 = array.isfinite %t : tensor<3xi1>
  array.print %20 : tensor<3xi1>
  %h = array.constant dense<[0x7C00, 0x7E00, 65504.0]> : tensor<3xf16>
  %21 = array.isinf %h : tensor<3xf16> -> tensor<3xi1>
  array.print %21 : tensor<3xi1>
  %22 = array.isnan %h : tensor<3xf16> -> tensor<3xi1>
  array.print %22 : tensor<3xi1>
  %23 = array.isfinite %h : tensor<3xf16> -> tensor<3xi1>
  array.print %23 : tensor<3xi1>
  return
}
