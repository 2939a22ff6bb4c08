// The float ufuncs on float32 (computed in float32), and on int32, int16,
// int8 and bool operands, which compute in float64, float32, float16 and
// float16 as in NumPy; mixed int32 + float32 arctan2 gives float64.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}
// NUMPY-RTOL: 1e-5

// NUMPY: import math
// NUMPY: erf = np.vectorize(math.erf, otypes=[np.float64])
// NUMPY: sigmoid = lambda v: 1 / (1 + np.exp(-np.float64(v)))
// NUMPY: x = np.array([0.0, -0.0, 1.0e-06, 0.5, -0.75, 1.0, 3.0, 27.0, -8.0, 50.0, -50.0, np.inf, np.nan], np.float32)
// NUMPY: print(np.exp2(x))
// NUMPY: print(np.expm1(x))
// NUMPY: print(np.log(x))
// NUMPY: print(np.log2(x))
// NUMPY: print(np.log10(x))
// NUMPY: print(np.log1p(x))
// NUMPY: print(np.sqrt(x))
// NUMPY: print((lambda v: 1 / np.sqrt(v))(x))
// NUMPY: print(np.cbrt(x))
// NUMPY: print(np.sin(x))
// NUMPY: print(np.cos(x))
// NUMPY: print(np.tan(x))
// NUMPY: print(np.arcsin(x))
// NUMPY: print(np.arccos(x))
// NUMPY: print(np.arctan(x))
// NUMPY: print(np.sinh(x))
// NUMPY: print(np.cosh(x))
// NUMPY: print(np.tanh(x))
// NUMPY: print(np.arcsinh(x))
// NUMPY: print(np.arccosh(x))
// NUMPY: print(np.arctanh(x))
// NUMPY: print(erf(x).astype(np.float32))
// NUMPY: print(sigmoid(x).astype(np.float32))
// NUMPY: i = np.array([0, 1, 2, -3, 10], np.int32)
// NUMPY: print(np.exp2(i)); print(np.sqrt(i)); print(np.log1p(i)); print(np.sin(i)); print(np.cbrt(i)); print(erf(i)); print(sigmoid(i))
// NUMPY: print(np.arctan2(i, np.array([1.0, -1.0, 0.5, 2.0, -4.0], np.float32)))
// NUMPY: h = np.array([0, 1, 4, -9], np.int16); print(np.sqrt(h)); print(np.tanh(h))
// NUMPY: print(np.exp(np.array([0, 1, -2, 3], np.int8)))
// NUMPY: print(np.log(np.array([True, False])))

func.func @main() {
  %x = array.constant dense<[0.0, -0.0, 1.0e-06, 0.5, -0.75, 1.0, 3.0, 27.0, -8.0, 50.0, -50.0, 0x7F800000, 0x7FC00000]> : tensor<13xf32>
  %0 = array.exp2 %x : tensor<13xf32>
  array.print %0 : tensor<13xf32>
  %1 = array.expm1 %x : tensor<13xf32>
  array.print %1 : tensor<13xf32>
  %2 = array.log %x : tensor<13xf32>
  array.print %2 : tensor<13xf32>
  %3 = array.log2 %x : tensor<13xf32>
  array.print %3 : tensor<13xf32>
  %4 = array.log10 %x : tensor<13xf32>
  array.print %4 : tensor<13xf32>
  %5 = array.log1p %x : tensor<13xf32>
  array.print %5 : tensor<13xf32>
  %6 = array.sqrt %x : tensor<13xf32>
  array.print %6 : tensor<13xf32>
  %7 = array.rsqrt %x : tensor<13xf32>
  array.print %7 : tensor<13xf32>
  %8 = array.cbrt %x : tensor<13xf32>
  array.print %8 : tensor<13xf32>
  %9 = array.sin %x : tensor<13xf32>
  array.print %9 : tensor<13xf32>
  %10 = array.cos %x : tensor<13xf32>
  array.print %10 : tensor<13xf32>
  %11 = array.tan %x : tensor<13xf32>
  array.print %11 : tensor<13xf32>
  %12 = array.arcsin %x : tensor<13xf32>
  array.print %12 : tensor<13xf32>
  %13 = array.arccos %x : tensor<13xf32>
  array.print %13 : tensor<13xf32>
  %14 = array.arctan %x : tensor<13xf32>
  array.print %14 : tensor<13xf32>
  %15 = array.sinh %x : tensor<13xf32>
  array.print %15 : tensor<13xf32>
  %16 = array.cosh %x : tensor<13xf32>
  array.print %16 : tensor<13xf32>
  %17 = array.tanh %x : tensor<13xf32>
  array.print %17 : tensor<13xf32>
  %18 = array.arcsinh %x : tensor<13xf32>
  array.print %18 : tensor<13xf32>
  %19 = array.arccosh %x : tensor<13xf32>
  array.print %19 : tensor<13xf32>
  %20 = array.arctanh %x : tensor<13xf32>
  array.print %20 : tensor<13xf32>
  %21 = array.erf %x : tensor<13xf32>
  array.print %21 : tensor<13xf32>
  %22 = array.sigmoid %x : tensor<13xf32>
  array.print %22 : tensor<13xf32>
  %i = array.constant dense<[0, 1, 2, -3, 10]> : tensor<5xi32>
  %i_exp2 = array.exp2 %i : tensor<5xi32> -> tensor<5xf64>
  array.print %i_exp2 : tensor<5xf64>
  %i_sqrt = array.sqrt %i : tensor<5xi32> -> tensor<5xf64>
  array.print %i_sqrt : tensor<5xf64>
  %i_log1p = array.log1p %i : tensor<5xi32> -> tensor<5xf64>
  array.print %i_log1p : tensor<5xf64>
  %i_sin = array.sin %i : tensor<5xi32> -> tensor<5xf64>
  array.print %i_sin : tensor<5xf64>
  %i_cbrt = array.cbrt %i : tensor<5xi32> -> tensor<5xf64>
  array.print %i_cbrt : tensor<5xf64>
  %i_erf = array.erf %i : tensor<5xi32> -> tensor<5xf64>
  array.print %i_erf : tensor<5xf64>
  %i_sigmoid = array.sigmoid %i : tensor<5xi32> -> tensor<5xf64>
  array.print %i_sigmoid : tensor<5xf64>
  %w = array.constant dense<[1.0, -1.0, 0.5, 2.0, -4.0]> : tensor<5xf32>
  %a2 = array.arctan2 %i, %w : (tensor<5xi32>, tensor<5xf32>) -> tensor<5xf64>
  array.print %a2 : tensor<5xf64>
  %h = array.constant dense<[0, 1, 4, -9]> : tensor<4xi16>
  %h0 = array.sqrt %h : tensor<4xi16> -> tensor<4xf32>
  array.print %h0 : tensor<4xf32>
  %h1 = array.tanh %h : tensor<4xi16> -> tensor<4xf32>
  array.print %h1 : tensor<4xf32>
  %k = array.constant dense<[0, 1, -2, 3]> : tensor<4xi8>
  %k0 = array.exp %k : tensor<4xi8> -> tensor<4xf16>
  array.print %k0 : tensor<4xf16>
  %b = array.constant dense<[true, false]> : tensor<2xi1>
  %b0 = array.log %b : tensor<2xi1> -> tensor<2xf16>
  array.print %b0 : tensor<2xf16>
  return
}
