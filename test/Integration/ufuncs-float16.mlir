// The float ufuncs on float16, which compute in float32 and round back, as
// NumPy's float16 loops do.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}
// NUMPY-RTOL: 1e-2

// NUMPY: import math
// NUMPY: erf = np.vectorize(math.erf, otypes=[np.float64])
// NUMPY: sigmoid = lambda v: 1 / (1 + np.exp(-np.float64(v)))
// NUMPY: h = np.array([0.0, 0.5, -0.75, 1.0, 2.5, -3.5, np.inf, np.nan], np.float16)
// NUMPY: for f in [np.exp2, np.expm1, np.log, np.log2, np.log10, np.log1p, np.sqrt, (lambda v: 1 / np.sqrt(v)), np.cbrt, np.sin, np.cos, np.tan, np.arcsin, np.arccos, np.arctan, np.sinh, np.cosh, np.tanh, np.arcsinh, np.arccosh, np.arctanh, erf, sigmoid, np.floor, np.ceil, np.round, np.trunc, np.absolute, np.sign, np.reciprocal, np.square]: print(np.asarray(f(h)).astype(np.float16))
// NUMPY: c = lambda v: np.float16(v)
// NUMPY: print(np.power(h, c(2.0))); print(np.floor_divide(h, c(-2.0))); print(np.remainder(h, c(-2.0)))
// NUMPY: print(np.arctan2(h, c(-1.0))); print(np.minimum(h, c(0.5))); print(np.fmin(h, c(0.5)))

func.func @main() {
  %h = array.constant dense<[0.0, 0.5, -0.75, 1.0, 2.5, -3.5, 0x7C00, 0x7E00]> : tensor<8xf16>
  %exp2 = array.exp2 %h : tensor<8xf16>
  array.print %exp2 : tensor<8xf16>
  %expm1 = array.expm1 %h : tensor<8xf16>
  array.print %expm1 : tensor<8xf16>
  %log = array.log %h : tensor<8xf16>
  array.print %log : tensor<8xf16>
  %log2 = array.log2 %h : tensor<8xf16>
  array.print %log2 : tensor<8xf16>
  %log10 = array.log10 %h : tensor<8xf16>
  array.print %log10 : tensor<8xf16>
  %log1p = array.log1p %h : tensor<8xf16>
  array.print %log1p : tensor<8xf16>
  %sqrt = array.sqrt %h : tensor<8xf16>
  array.print %sqrt : tensor<8xf16>
  %rsqrt = array.rsqrt %h : tensor<8xf16>
  array.print %rsqrt : tensor<8xf16>
  %cbrt = array.cbrt %h : tensor<8xf16>
  array.print %cbrt : tensor<8xf16>
  %sin = array.sin %h : tensor<8xf16>
  array.print %sin : tensor<8xf16>
  %cos = array.cos %h : tensor<8xf16>
  array.print %cos : tensor<8xf16>
  %tan = array.tan %h : tensor<8xf16>
  array.print %tan : tensor<8xf16>
  %arcsin = array.arcsin %h : tensor<8xf16>
  array.print %arcsin : tensor<8xf16>
  %arccos = array.arccos %h : tensor<8xf16>
  array.print %arccos : tensor<8xf16>
  %arctan = array.arctan %h : tensor<8xf16>
  array.print %arctan : tensor<8xf16>
  %sinh = array.sinh %h : tensor<8xf16>
  array.print %sinh : tensor<8xf16>
  %cosh = array.cosh %h : tensor<8xf16>
  array.print %cosh : tensor<8xf16>
  %tanh = array.tanh %h : tensor<8xf16>
  array.print %tanh : tensor<8xf16>
  %arcsinh = array.arcsinh %h : tensor<8xf16>
  array.print %arcsinh : tensor<8xf16>
  %arccosh = array.arccosh %h : tensor<8xf16>
  array.print %arccosh : tensor<8xf16>
  %arctanh = array.arctanh %h : tensor<8xf16>
  array.print %arctanh : tensor<8xf16>
  %erf = array.erf %h : tensor<8xf16>
  array.print %erf : tensor<8xf16>
  %sigmoid = array.sigmoid %h : tensor<8xf16>
  array.print %sigmoid : tensor<8xf16>
  %floor = array.floor %h : tensor<8xf16>
  array.print %floor : tensor<8xf16>
  %ceil = array.ceil %h : tensor<8xf16>
  array.print %ceil : tensor<8xf16>
  %round = array.round %h : tensor<8xf16>
  array.print %round : tensor<8xf16>
  %trunc = array.trunc %h : tensor<8xf16>
  array.print %trunc : tensor<8xf16>
  %abs = array.abs %h : tensor<8xf16>
  array.print %abs : tensor<8xf16>
  %sign = array.sign %h : tensor<8xf16>
  array.print %sign : tensor<8xf16>
  %reciprocal = array.reciprocal %h : tensor<8xf16>
  array.print %reciprocal : tensor<8xf16>
  %square = array.square %h : tensor<8xf16>
  array.print %square : tensor<8xf16>
  %two = array.constant dense<2.0> : tensor<f16>
  %m2 = array.constant dense<-2.0> : tensor<f16>
  %m1 = array.constant dense<-1.0> : tensor<f16>
  %half = array.constant dense<0.5> : tensor<f16>
  %p = array.power %h, %two : (tensor<8xf16>, tensor<f16>) -> tensor<8xf16>
  array.print %p : tensor<8xf16>
  %fd = array.floor_divide %h, %m2 : (tensor<8xf16>, tensor<f16>) -> tensor<8xf16>
  array.print %fd : tensor<8xf16>
  %r = array.remainder %h, %m2 : (tensor<8xf16>, tensor<f16>) -> tensor<8xf16>
  array.print %r : tensor<8xf16>
  %a = array.arctan2 %h, %m1 : (tensor<8xf16>, tensor<f16>) -> tensor<8xf16>
  array.print %a : tensor<8xf16>
  %mn = array.minimum %h, %half : (tensor<8xf16>, tensor<f16>) -> tensor<8xf16>
  array.print %mn : tensor<8xf16>
  %fm = array.fmin %h, %half : (tensor<8xf16>, tensor<f16>) -> tensor<8xf16>
  array.print %fm : tensor<8xf16>
  return
}
