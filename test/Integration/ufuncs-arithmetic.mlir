// The arithmetic ufuncs (floor_divide, remainder, power, abs, sign,
// reciprocal, square, minimum, fmax, fmin, clip) on floats with NaN, +-inf
// and +-0, on integers with negative operands, zero divisors and
// wraparound, on mixed int32 + float32 (float64) and on bools (int8).
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: x = np.array([7.0, -7.0, 7.0, -7.0, 0.0, -0.0, 1.0, np.inf, np.nan, 5.5])
// NUMPY: y = np.array([2.0, 2.0, -2.0, -2.0, 3.0, 3.0, 0.0, 2.0, 1.0, np.inf])
// NUMPY: print(np.floor_divide(x, y))
// NUMPY: print(np.remainder(x, y))
// NUMPY: print(np.power(x, y))
// NUMPY: print(np.abs(x)); print(np.sign(x)); print(np.reciprocal(x)); print(np.square(x))
// NUMPY: print(np.minimum(x, y)); print(np.fmax(x, y)); print(np.fmin(x, y))
// NUMPY: print(np.clip(x, np.float64(-1.0), y))
// NUMPY: i = np.array([7, -7, 7, -7, 0, 5, -2147483648, -2147483648, 3, -1], np.int32)
// NUMPY: j = np.array([2, 2, -2, -2, 3, 0, -1, 1, 31, 7], np.int32)
// NUMPY: print(np.floor_divide(i, j)); print(np.remainder(i, j))
// NUMPY: print(np.power(i, np.array([3, 2, 0, 1, 5, 3, 2, 1, 2, 7], np.int32)))
// NUMPY: print(np.power(np.array([3, 7, -5, 2], np.int64), np.array([40, 23, 27, 63], np.int64)))
// NUMPY: nb = np.array([1, -1, -1, 2, 0]); ne = np.array([-3, -3, -4, -1, -2])
// NUMPY: print(np.trunc(np.where(nb == 0, 0.0, np.float64(nb) ** ne)).astype(np.int32))
// NUMPY: print(np.abs(i)); print(np.sign(i)); print(np.square(i))
// NUMPY: r = np.array([1, -1, 2, -7, 0]); print(np.where(r == 0, 0, np.trunc(1.0 / np.where(r == 0, 1, r))).astype(np.int32))
// NUMPY: print(np.minimum(i, j)); print(np.fmax(i, j)); print(np.clip(i, np.int32(-3), j))
// NUMPY: k = np.array([100, -100, 127, -128], np.int8)
// NUMPY: print(np.square(k)); print(np.abs(k)); print(np.floor_divide(k, np.array([-3, 7, -1, -1], np.int8)))
// NUMPY: f = np.array([1.5, -2.5, 3.0], np.float32)
// NUMPY: n = np.array([2, 2, -2], np.int32)
// NUMPY: print(np.floor_divide(f, n)); print(np.remainder(f, n)); print(np.power(f, n)); print(np.minimum(n, f))
// NUMPY: b = np.array([True, True, False, False])
// NUMPY: c = np.array([True, False, True, False])
// NUMPY: print(np.power(b, c)); print(np.remainder(b, b)); print(np.square(b)); print(np.abs(b)); print(np.minimum(b, c)); print(np.fmax(b, c))

func.func @main() {
  %x = array.constant dense<[7.0, -7.0, 7.0, -7.0, 0.0, -0.0, 1.0, 0x7FF0000000000000, 0x7FF8000000000000, 5.5]> : tensor<10xf64>
  %y = array.constant dense<[2.0, 2.0, -2.0, -2.0, 3.0, 3.0, 0.0, 2.0, 1.0, 0x7FF0000000000000]> : tensor<10xf64>
  %0 = array.floor_divide %x, %y : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
  array.print %0 : tensor<10xf64>
  %1 = array.remainder %x, %y : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
  array.print %1 : tensor<10xf64>
  %2 = array.power %x, %y : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
  array.print %2 : tensor<10xf64>
  %3 = array.abs %x : tensor<10xf64>
  array.print %3 : tensor<10xf64>
  %4 = array.sign %x : tensor<10xf64>
  array.print %4 : tensor<10xf64>
  %5 = array.reciprocal %x : tensor<10xf64>
  array.print %5 : tensor<10xf64>
  %6 = array.square %x : tensor<10xf64>
  array.print %6 : tensor<10xf64>
  %7 = array.minimum %x, %y : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
  array.print %7 : tensor<10xf64>
  %8 = array.fmax %x, %y : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
  array.print %8 : tensor<10xf64>
  %9 = array.fmin %x, %y : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
  array.print %9 : tensor<10xf64>
  %lo = array.full -1.0 : tensor<f64>
  %10 = array.clip %x, %lo, %y : (tensor<10xf64>, tensor<f64>, tensor<10xf64>) -> tensor<10xf64>
  array.print %10 : tensor<10xf64>

  %i = array.constant dense<[7, -7, 7, -7, 0, 5, -2147483648, -2147483648, 3, -1]> : tensor<10xi32>
  %j = array.constant dense<[2, 2, -2, -2, 3, 0, -1, 1, 31, 7]> : tensor<10xi32>
  %11 = array.floor_divide %i, %j : (tensor<10xi32>, tensor<10xi32>) -> tensor<10xi32>
  array.print %11 : tensor<10xi32>
  %12 = array.remainder %i, %j : (tensor<10xi32>, tensor<10xi32>) -> tensor<10xi32>
  array.print %12 : tensor<10xi32>
  %e = array.constant dense<[3, 2, 0, 1, 5, 3, 2, 1, 2, 7]> : tensor<10xi32>
  %13 = array.power %i, %e : (tensor<10xi32>, tensor<10xi32>) -> tensor<10xi32>
  array.print %13 : tensor<10xi32>
  %pb = array.constant dense<[3, 7, -5, 2]> : tensor<4xi64>
  %pe = array.constant dense<[40, 23, 27, 63]> : tensor<4xi64>
  %14 = array.power %pb, %pe : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  array.print %14 : tensor<4xi64>
  // Negative exponents (NumPy raises): 1, -1 or 1 by parity, else 0.
  %nb = array.constant dense<[1, -1, -1, 2, 0]> : tensor<5xi32>
  %ne = array.constant dense<[-3, -3, -4, -1, -2]> : tensor<5xi32>
  %npow = array.power %nb, %ne : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
  array.print %npow : tensor<5xi32>
  %17 = array.abs %i : tensor<10xi32>
  array.print %17 : tensor<10xi32>
  %18 = array.sign %i : tensor<10xi32>
  array.print %18 : tensor<10xi32>
  %19 = array.square %i : tensor<10xi32>
  array.print %19 : tensor<10xi32>
  // Integer reciprocal: 1, -1, 0 for |x| > 1, and 0 for 0.
  %rin = array.constant dense<[1, -1, 2, -7, 0]> : tensor<5xi32>
  %20 = array.reciprocal %rin : tensor<5xi32>
  array.print %20 : tensor<5xi32>
  %21 = array.minimum %i, %j : (tensor<10xi32>, tensor<10xi32>) -> tensor<10xi32>
  array.print %21 : tensor<10xi32>
  %22 = array.fmax %i, %j : (tensor<10xi32>, tensor<10xi32>) -> tensor<10xi32>
  array.print %22 : tensor<10xi32>
  %ilo = array.full -3 : tensor<i32>
  %23 = array.clip %i, %ilo, %j : (tensor<10xi32>, tensor<i32>, tensor<10xi32>) -> tensor<10xi32>
  array.print %23 : tensor<10xi32>

  %k = array.constant dense<[100, -100, 127, -128]> : tensor<4xi8>
  %24 = array.square %k : tensor<4xi8>
  array.print %24 : tensor<4xi8>
  %25 = array.abs %k : tensor<4xi8>
  array.print %25 : tensor<4xi8>
  %kd = array.constant dense<[-3, 7, -1, -1]> : tensor<4xi8>
  %26 = array.floor_divide %k, %kd : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  array.print %26 : tensor<4xi8>

  // int32 with float32 computes in float64.
  %f = array.constant dense<[1.5, -2.5, 3.0]> : tensor<3xf32>
  %n = array.constant dense<[2, 2, -2]> : tensor<3xi32>
  %27 = array.floor_divide %f, %n : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xf64>
  array.print %27 : tensor<3xf64>
  %28 = array.remainder %f, %n : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xf64>
  array.print %28 : tensor<3xf64>
  %29 = array.power %f, %n : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xf64>
  array.print %29 : tensor<3xf64>
  %30 = array.minimum %n, %f : (tensor<3xi32>, tensor<3xf32>) -> tensor<3xf64>
  array.print %30 : tensor<3xf64>

  // Bools: power, remainder and square give int8; abs, minimum, fmax stay bool.
  %b = array.constant dense<[true, true, false, false]> : tensor<4xi1>
  %c = array.constant dense<[true, false, true, false]> : tensor<4xi1>
  %31 = array.power %b, %c : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi8>
  array.print %31 : tensor<4xi8>
  %32 = array.remainder %b, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi8>
  array.print %32 : tensor<4xi8>
  %33 = array.square %b : tensor<4xi1> -> tensor<4xi8>
  array.print %33 : tensor<4xi8>
  %34 = array.abs %b : tensor<4xi1>
  array.print %34 : tensor<4xi1>
  %35 = array.minimum %b, %c : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  array.print %35 : tensor<4xi1>
  %36 = array.fmax %b, %c : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  array.print %36 : tensor<4xi1>
  return
}
