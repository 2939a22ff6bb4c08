// The float ufuncs on float64 with special values: +-0, tiny arguments
// (where expm1/log1p/asinh/erf must stay exact), domain edges (+-1),
// overflow (+-800), +-inf and NaN. erf and sigmoid compare with math.erf
// and 1 / (1 + exp(-x)).
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: import math
// NUMPY: erf = np.vectorize(math.erf, otypes=[np.float64])
// NUMPY: sigmoid = lambda v: 1 / (1 + np.exp(-np.float64(v)))
// NUMPY: x = np.array([0.0, -0.0, 1.0e-10, -1.0e-10, 0.5, -0.75, 1.0, -1.0, 3.0, 27.0, -64.0, 25.0, 800.0, -800.0, np.inf, -np.inf, np.nan])
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
// NUMPY: print(erf(x))
// NUMPY: print(sigmoid(x))
// NUMPY: y = np.array([1.0, -1.0, 0.0, -0.0, np.inf, -np.inf, 2.0, np.nan])
// NUMPY: z = np.array([0.0, 0.0, -1.0, -1.0, np.inf, 1.0, -3.0, 1.0])
// NUMPY: print(np.arctan2(y, z))

func.func @main() {
  %x = array.constant dense<[0.0, -0.0, 1.0e-10, -1.0e-10, 0.5, -0.75, 1.0, -1.0, 3.0, 27.0, -64.0, 25.0, 800.0, -800.0, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000]> : tensor<17xf64>
  %0 = array.exp2 %x : tensor<17xf64>
  array.print %0 : tensor<17xf64>
  %1 = array.expm1 %x : tensor<17xf64>
  array.print %1 : tensor<17xf64>
  %2 = array.log %x : tensor<17xf64>
  array.print %2 : tensor<17xf64>
  %3 = array.log2 %x : tensor<17xf64>
  array.print %3 : tensor<17xf64>
  %4 = array.log10 %x : tensor<17xf64>
  array.print %4 : tensor<17xf64>
  %5 = array.log1p %x : tensor<17xf64>
  array.print %5 : tensor<17xf64>
  %6 = array.sqrt %x : tensor<17xf64>
  array.print %6 : tensor<17xf64>
  %7 = array.rsqrt %x : tensor<17xf64>
  array.print %7 : tensor<17xf64>
  %8 = array.cbrt %x : tensor<17xf64>
  array.print %8 : tensor<17xf64>
  %9 = array.sin %x : tensor<17xf64>
  array.print %9 : tensor<17xf64>
  %10 = array.cos %x : tensor<17xf64>
  array.print %10 : tensor<17xf64>
  %11 = array.tan %x : tensor<17xf64>
  array.print %11 : tensor<17xf64>
  %12 = array.arcsin %x : tensor<17xf64>
  array.print %12 : tensor<17xf64>
  %13 = array.arccos %x : tensor<17xf64>
  array.print %13 : tensor<17xf64>
  %14 = array.arctan %x : tensor<17xf64>
  array.print %14 : tensor<17xf64>
  %15 = array.sinh %x : tensor<17xf64>
  array.print %15 : tensor<17xf64>
  %16 = array.cosh %x : tensor<17xf64>
  array.print %16 : tensor<17xf64>
  %17 = array.tanh %x : tensor<17xf64>
  array.print %17 : tensor<17xf64>
  %18 = array.arcsinh %x : tensor<17xf64>
  array.print %18 : tensor<17xf64>
  %19 = array.arccosh %x : tensor<17xf64>
  array.print %19 : tensor<17xf64>
  %20 = array.arctanh %x : tensor<17xf64>
  array.print %20 : tensor<17xf64>
  %21 = array.erf %x : tensor<17xf64>
  array.print %21 : tensor<17xf64>
  %22 = array.sigmoid %x : tensor<17xf64>
  array.print %22 : tensor<17xf64>
  %y = array.constant dense<[1.0, -1.0, 0.0, -0.0, 0x7FF0000000000000, 0xFFF0000000000000, 2.0, 0x7FF8000000000000]> : tensor<8xf64>
  %z = array.constant dense<[0.0, 0.0, -1.0, -1.0, 0x7FF0000000000000, 1.0, -3.0, 1.0]> : tensor<8xf64>
  %a2 = array.arctan2 %y, %z : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xf64>
  array.print %a2 : tensor<8xf64>
  return
}
