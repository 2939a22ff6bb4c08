// The float ufuncs on bfloat16, which compute in float32 and round back.
// bfloat16 has no NumPy dtype: the references compute in float32 on the same
// (exactly representable) inputs, and the tolerance covers bfloat16's 8 bits.
//
// Results are printed through array.astype to f32 and compared with the
// NumPy result rounded to bfloat16 (round to nearest even, as the hardware
// and arith do), so both sides print the same float32 values.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}
// NUMPY-RTOL: 1e-2

// NUMPY: import math
// NUMPY: u = lambda a: np.asarray(a, np.float32).view(np.uint32)
// NUMPY: bf = lambda a: np.where(np.isnan(a), np.float32(np.nan), ((u(a) + np.uint32(0x7FFF) + ((u(a) >> np.uint32(16)) & np.uint32(1))) & np.uint32(0xFFFF0000)).view(np.float32))
// NUMPY: erf = np.vectorize(math.erf, otypes=[np.float64])
// NUMPY: sigmoid = lambda v: 1 / (1 + np.exp(-np.float64(v)))
// NUMPY: h = np.array([0.0, 0.5, -0.75, 1.0, 2.5, -3.5, np.inf, np.nan], np.float32)
// NUMPY: for f in [np.exp2, np.expm1, np.log, np.log2, np.log10, np.log1p, np.sqrt, (lambda v: 1 / np.sqrt(v)), np.cbrt, np.sin, np.cos, np.tan, np.arcsin, np.arccos, np.arctan, np.sinh, np.cosh, np.tanh, np.arcsinh, np.arccosh, np.arctanh, erf, sigmoid, np.floor, np.ceil, np.round, np.trunc, np.absolute, np.sign, np.reciprocal, np.square]: print(bf(np.asarray(f(h)).astype(np.float32)))
// NUMPY: c = lambda v: np.float32(v)
// NUMPY: print(bf(np.power(h, c(2.0)))); print(bf(np.floor_divide(h, c(-2.0)))); print(bf(np.remainder(h, c(-2.0))))
// NUMPY: print(bf(np.arctan2(h, c(-1.0)))); print(bf(np.minimum(h, c(0.5)))); print(bf(np.fmin(h, c(0.5))))

func.func @main() {
  %h = array.constant dense<[0.0, 0.5, -0.75, 1.0, 2.5, -3.5, 0x7F80, 0x7FC0]> : tensor<8xbf16>
  %exp2 = array.exp2 %h : tensor<8xbf16>
  %exp2_f32 = array.astype %exp2 : tensor<8xbf16> -> tensor<8xf32>
  array.print %exp2_f32 : tensor<8xf32>
  %expm1 = array.expm1 %h : tensor<8xbf16>
  %expm1_f32 = array.astype %expm1 : tensor<8xbf16> -> tensor<8xf32>
  array.print %expm1_f32 : tensor<8xf32>
  %log = array.log %h : tensor<8xbf16>
  %log_f32 = array.astype %log : tensor<8xbf16> -> tensor<8xf32>
  array.print %log_f32 : tensor<8xf32>
  %log2 = array.log2 %h : tensor<8xbf16>
  %log2_f32 = array.astype %log2 : tensor<8xbf16> -> tensor<8xf32>
  array.print %log2_f32 : tensor<8xf32>
  %log10 = array.log10 %h : tensor<8xbf16>
  %log10_f32 = array.astype %log10 : tensor<8xbf16> -> tensor<8xf32>
  array.print %log10_f32 : tensor<8xf32>
  %log1p = array.log1p %h : tensor<8xbf16>
  %log1p_f32 = array.astype %log1p : tensor<8xbf16> -> tensor<8xf32>
  array.print %log1p_f32 : tensor<8xf32>
  %sqrt = array.sqrt %h : tensor<8xbf16>
  %sqrt_f32 = array.astype %sqrt : tensor<8xbf16> -> tensor<8xf32>
  array.print %sqrt_f32 : tensor<8xf32>
  %rsqrt = array.rsqrt %h : tensor<8xbf16>
  %rsqrt_f32 = array.astype %rsqrt : tensor<8xbf16> -> tensor<8xf32>
  array.print %rsqrt_f32 : tensor<8xf32>
  %cbrt = array.cbrt %h : tensor<8xbf16>
  %cbrt_f32 = array.astype %cbrt : tensor<8xbf16> -> tensor<8xf32>
  array.print %cbrt_f32 : tensor<8xf32>
  %sin = array.sin %h : tensor<8xbf16>
  %sin_f32 = array.astype %sin : tensor<8xbf16> -> tensor<8xf32>
  array.print %sin_f32 : tensor<8xf32>
  %cos = array.cos %h : tensor<8xbf16>
  %cos_f32 = array.astype %cos : tensor<8xbf16> -> tensor<8xf32>
  array.print %cos_f32 : tensor<8xf32>
  %tan = array.tan %h : tensor<8xbf16>
  %tan_f32 = array.astype %tan : tensor<8xbf16> -> tensor<8xf32>
  array.print %tan_f32 : tensor<8xf32>
  %arcsin = array.arcsin %h : tensor<8xbf16>
  %arcsin_f32 = array.astype %arcsin : tensor<8xbf16> -> tensor<8xf32>
  array.print %arcsin_f32 : tensor<8xf32>
  %arccos = array.arccos %h : tensor<8xbf16>
  %arccos_f32 = array.astype %arccos : tensor<8xbf16> -> tensor<8xf32>
  array.print %arccos_f32 : tensor<8xf32>
  %arctan = array.arctan %h : tensor<8xbf16>
  %arctan_f32 = array.astype %arctan : tensor<8xbf16> -> tensor<8xf32>
  array.print %arctan_f32 : tensor<8xf32>
  %sinh = array.sinh %h : tensor<8xbf16>
  %sinh_f32 = array.astype %sinh : tensor<8xbf16> -> tensor<8xf32>
  array.print %sinh_f32 : tensor<8xf32>
  %cosh = array.cosh %h : tensor<8xbf16>
  %cosh_f32 = array.astype %cosh : tensor<8xbf16> -> tensor<8xf32>
  array.print %cosh_f32 : tensor<8xf32>
  %tanh = array.tanh %h : tensor<8xbf16>
  %tanh_f32 = array.astype %tanh : tensor<8xbf16> -> tensor<8xf32>
  array.print %tanh_f32 : tensor<8xf32>
  %arcsinh = array.arcsinh %h : tensor<8xbf16>
  %arcsinh_f32 = array.astype %arcsinh : tensor<8xbf16> -> tensor<8xf32>
  array.print %arcsinh_f32 : tensor<8xf32>
  %arccosh = array.arccosh %h : tensor<8xbf16>
  %arccosh_f32 = array.astype %arccosh : tensor<8xbf16> -> tensor<8xf32>
  array.print %arccosh_f32 : tensor<8xf32>
  %arctanh = array.arctanh %h : tensor<8xbf16>
  %arctanh_f32 = array.astype %arctanh : tensor<8xbf16> -> tensor<8xf32>
  array.print %arctanh_f32 : tensor<8xf32>
  %erf = array.erf %h : tensor<8xbf16>
  %erf_f32 = array.astype %erf : tensor<8xbf16> -> tensor<8xf32>
  array.print %erf_f32 : tensor<8xf32>
  %sigmoid = array.sigmoid %h : tensor<8xbf16>
  %sigmoid_f32 = array.astype %sigmoid : tensor<8xbf16> -> tensor<8xf32>
  array.print %sigmoid_f32 : tensor<8xf32>
  %floor = array.floor %h : tensor<8xbf16>
  %floor_f32 = array.astype %floor : tensor<8xbf16> -> tensor<8xf32>
  array.print %floor_f32 : tensor<8xf32>
  %ceil = array.ceil %h : tensor<8xbf16>
  %ceil_f32 = array.astype %ceil : tensor<8xbf16> -> tensor<8xf32>
  array.print %ceil_f32 : tensor<8xf32>
  %round = array.round %h : tensor<8xbf16>
  %round_f32 = array.astype %round : tensor<8xbf16> -> tensor<8xf32>
  array.print %round_f32 : tensor<8xf32>
  %trunc = array.trunc %h : tensor<8xbf16>
  %trunc_f32 = array.astype %trunc : tensor<8xbf16> -> tensor<8xf32>
  array.print %trunc_f32 : tensor<8xf32>
  %abs = array.abs %h : tensor<8xbf16>
  %abs_f32 = array.astype %abs : tensor<8xbf16> -> tensor<8xf32>
  array.print %abs_f32 : tensor<8xf32>
  %sign = array.sign %h : tensor<8xbf16>
  %sign_f32 = array.astype %sign : tensor<8xbf16> -> tensor<8xf32>
  array.print %sign_f32 : tensor<8xf32>
  %reciprocal = array.reciprocal %h : tensor<8xbf16>
  %reciprocal_f32 = array.astype %reciprocal : tensor<8xbf16> -> tensor<8xf32>
  array.print %reciprocal_f32 : tensor<8xf32>
  %square = array.square %h : tensor<8xbf16>
  %square_f32 = array.astype %square : tensor<8xbf16> -> tensor<8xf32>
  array.print %square_f32 : tensor<8xf32>
  %two = array.constant dense<2.0> : tensor<bf16>
  %m2 = array.constant dense<-2.0> : tensor<bf16>
  %m1 = array.constant dense<-1.0> : tensor<bf16>
  %half = array.constant dense<0.5> : tensor<bf16>
  %p = array.power %h, %two : (tensor<8xbf16>, tensor<bf16>) -> tensor<8xbf16>
  %p_f32 = array.astype %p : tensor<8xbf16> -> tensor<8xf32>
  array.print %p_f32 : tensor<8xf32>
  %fd = array.floor_divide %h, %m2 : (tensor<8xbf16>, tensor<bf16>) -> tensor<8xbf16>
  %fd_f32 = array.astype %fd : tensor<8xbf16> -> tensor<8xf32>
  array.print %fd_f32 : tensor<8xf32>
  %r = array.remainder %h, %m2 : (tensor<8xbf16>, tensor<bf16>) -> tensor<8xbf16>
  %r_f32 = array.astype %r : tensor<8xbf16> -> tensor<8xf32>
  array.print %r_f32 : tensor<8xf32>
  %a = array.arctan2 %h, %m1 : (tensor<8xbf16>, tensor<bf16>) -> tensor<8xbf16>
  %a_f32 = array.astype %a : tensor<8xbf16> -> tensor<8xf32>
  array.print %a_f32 : tensor<8xf32>
  %mn = array.minimum %h, %half : (tensor<8xbf16>, tensor<bf16>) -> tensor<8xbf16>
  %mn_f32 = array.astype %mn : tensor<8xbf16> -> tensor<8xf32>
  array.print %mn_f32 : tensor<8xf32>
  %fm = array.fmin %h, %half : (tensor<8xbf16>, tensor<bf16>) -> tensor<8xbf16>
  %fm_f32 = array.astype %fm : tensor<8xbf16> -> tensor<8xf32>
  array.print %fm_f32 : tensor<8xf32>
  return
}
