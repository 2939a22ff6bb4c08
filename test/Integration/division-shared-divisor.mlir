// Quotients by a divisor shared across a row (a row kernel's per-row
// value, a softmax's sum): on the GPU, array-gpu-row-kernels multiplies by
// the divisor's reciprocal (divideByRowValues: (x * scale) * (1 / (s *
// scale)), scale a power of two), within 2 ulps of the quotient. Dividends
// over the whole exponent range (subnormals, signed zeros, infinities,
// NaN, the largest finite values); divisors ordinary, at the edges of the
// normal range, subnormal, beyond 2^(emax - 1) (scaled), zero, negative
// zero, infinite and NaN; float32 rows in registers, float32 rows streamed
// (odd length) and float64 rows. Each line prints the quotients off
// NumPy's IEEE quotient by more than 2 ulps (0 where it is infinite or
// NaN), or of another NaN-ness, or a zero of another sign: 0.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// The row kernels take each divisor's reciprocal once and multiply.
// PTX: rcp.rn.f32
// PTX: mul.rn.f32
// PTX: rcp.rn.f64
// PTX: mul.rn.f64

// NUMPY: rng = np.random.default_rng(23)
// NUMPY: _ = np.seterr(all="ignore")
// NUMPY: specials = lambda f: [0, -0.0, np.inf, -np.inf, np.nan, f.max, -f.max, f.tiny, f.smallest_subnormal, 1, -3, 0.5]
// NUMPY: def dividends(shape, dtype, lo, hi): x = np.ldexp(rng.uniform(1, 2, shape) * rng.choice([-1.0, 1.0], shape), rng.integers(lo, hi, shape)).astype(dtype); x[:, :12] = specials(np.finfo(dtype)); return x
// NUMPY: def divisors(dtype): f = np.finfo(dtype); e = int(f.maxexp); return np.array([3, f.smallest_subnormal * 5, 0, np.inf, -2.5, f.max / 3, f.tiny * 1.5, np.nan, 7, -0.0, f.tiny, 2.0 ** (e - 2), 2.0 ** (e - 1), 0.1], dtype)
// NUMPY: def save(name, x, s): t = np.full(x.shape, -np.inf, x.dtype); t[:, 5] = s; q = x / s[:, None]; tol = np.where(np.isfinite(q), 2 * np.spacing(np.abs(q)), 0).astype(x.dtype); [np.save(name + k + ".npy", v) for k, v in (("x", x), ("t", t), ("q", q), ("tol", tol))]
// NUMPY: save("a", dividends((14, 4096), np.float32, -152, 130), divisors(np.float32))
// NUMPY: save("b", dividends((14, 40001), np.float32, -152, 130), divisors(np.float32))
// NUMPY: save("c", dividends((14, 4096), np.float64, -1080, 1026), divisors(np.float64))
// NUMPY: print(0)
// NUMPY: print(0)
// NUMPY: print(0)

func.func @main() {
  %ax = array.load_npy "ax.npy" : tensor<14x4096xf32>
  %at = array.load_npy "at.npy" : tensor<14x4096xf32>
  %aq = array.load_npy "aq.npy" : tensor<14x4096xf32>
  %atol = array.load_npy "atol.npy" : tensor<14x4096xf32>
  %as = array.max %at axes [1] keepdims : tensor<14x4096xf32> -> tensor<14x1xf32>
  %ay = array.div %ax, %as : (tensor<14x4096xf32>, tensor<14x1xf32>) -> tensor<14x4096xf32>
  %abad = func.call @differ_a(%ay, %aq, %atol) : (tensor<14x4096xf32>, tensor<14x4096xf32>, tensor<14x4096xf32>) -> tensor<i64>
  array.print %abad : tensor<i64>

  %bx = array.load_npy "bx.npy" : tensor<14x40001xf32>
  %bt = array.load_npy "bt.npy" : tensor<14x40001xf32>
  %bq = array.load_npy "bq.npy" : tensor<14x40001xf32>
  %btol = array.load_npy "btol.npy" : tensor<14x40001xf32>
  %bs = array.max %bt axes [1] keepdims : tensor<14x40001xf32> -> tensor<14x1xf32>
  %by = array.div %bx, %bs : (tensor<14x40001xf32>, tensor<14x1xf32>) -> tensor<14x40001xf32>
  %bbad = func.call @differ_b(%by, %bq, %btol) : (tensor<14x40001xf32>, tensor<14x40001xf32>, tensor<14x40001xf32>) -> tensor<i64>
  array.print %bbad : tensor<i64>

  %cx = array.load_npy "cx.npy" : tensor<14x4096xf64>
  %ct = array.load_npy "ct.npy" : tensor<14x4096xf64>
  %cq = array.load_npy "cq.npy" : tensor<14x4096xf64>
  %ctol = array.load_npy "ctol.npy" : tensor<14x4096xf64>
  %cs = array.max %ct axes [1] keepdims : tensor<14x4096xf64> -> tensor<14x1xf64>
  %cy = array.div %cx, %cs : (tensor<14x4096xf64>, tensor<14x1xf64>) -> tensor<14x4096xf64>
  %cbad = func.call @differ_c(%cy, %cq, %ctol) : (tensor<14x4096xf64>, tensor<14x4096xf64>, tensor<14x4096xf64>) -> tensor<i64>
  array.print %cbad : tensor<i64>
  return
}

// The elements of `y` off `ref` by more than `tol`, of another NaN-ness,
// or zeros of another sign (1 / y and 1 / ref then differ).
func.func private @differ_a(%y: tensor<14x4096xf32>, %ref: tensor<14x4096xf32>, %tol: tensor<14x4096xf32>) -> tensor<i64> {
  %d = array.sub %y, %ref : (tensor<14x4096xf32>, tensor<14x4096xf32>) -> tensor<14x4096xf32>
  %ad = array.abs %d : tensor<14x4096xf32>
  %far = array.greater %ad, %tol : (tensor<14x4096xf32>, tensor<14x4096xf32>) -> tensor<14x4096xi1>
  %yn = array.isnan %y : tensor<14x4096xf32> -> tensor<14x4096xi1>
  %rn = array.isnan %ref : tensor<14x4096xf32> -> tensor<14x4096xi1>
  %nan = array.not_equal %yn, %rn : (tensor<14x4096xi1>, tensor<14x4096xi1>) -> tensor<14x4096xi1>
  %one = array.full 1.0 : tensor<f32>
  %zero = array.full 0.0 : tensor<f32>
  %yi = array.div %one, %y : (tensor<f32>, tensor<14x4096xf32>) -> tensor<14x4096xf32>
  %ri = array.div %one, %ref : (tensor<f32>, tensor<14x4096xf32>) -> tensor<14x4096xf32>
  %yz = array.equal %y, %zero : (tensor<14x4096xf32>, tensor<f32>) -> tensor<14x4096xi1>
  %rz = array.equal %ref, %zero : (tensor<14x4096xf32>, tensor<f32>) -> tensor<14x4096xi1>
  %zz = array.logical_and %yz, %rz : (tensor<14x4096xi1>, tensor<14x4096xi1>) -> tensor<14x4096xi1>
  %ine = array.not_equal %yi, %ri : (tensor<14x4096xf32>, tensor<14x4096xf32>) -> tensor<14x4096xi1>
  %sign = array.logical_and %zz, %ine : (tensor<14x4096xi1>, tensor<14x4096xi1>) -> tensor<14x4096xi1>
  %bad0 = array.logical_or %far, %nan : (tensor<14x4096xi1>, tensor<14x4096xi1>) -> tensor<14x4096xi1>
  %bad = array.logical_or %bad0, %sign : (tensor<14x4096xi1>, tensor<14x4096xi1>) -> tensor<14x4096xi1>
  %n = array.sum %bad : tensor<14x4096xi1> -> tensor<i64>
  return %n : tensor<i64>
}

func.func private @differ_b(%y: tensor<14x40001xf32>, %ref: tensor<14x40001xf32>, %tol: tensor<14x40001xf32>) -> tensor<i64> {
  %d = array.sub %y, %ref : (tensor<14x40001xf32>, tensor<14x40001xf32>) -> tensor<14x40001xf32>
  %ad = array.abs %d : tensor<14x40001xf32>
  %far = array.greater %ad, %tol : (tensor<14x40001xf32>, tensor<14x40001xf32>) -> tensor<14x40001xi1>
  %yn = array.isnan %y : tensor<14x40001xf32> -> tensor<14x40001xi1>
  %rn = array.isnan %ref : tensor<14x40001xf32> -> tensor<14x40001xi1>
  %nan = array.not_equal %yn, %rn : (tensor<14x40001xi1>, tensor<14x40001xi1>) -> tensor<14x40001xi1>
  %one = array.full 1.0 : tensor<f32>
  %zero = array.full 0.0 : tensor<f32>
  %yi = array.div %one, %y : (tensor<f32>, tensor<14x40001xf32>) -> tensor<14x40001xf32>
  %ri = array.div %one, %ref : (tensor<f32>, tensor<14x40001xf32>) -> tensor<14x40001xf32>
  %yz = array.equal %y, %zero : (tensor<14x40001xf32>, tensor<f32>) -> tensor<14x40001xi1>
  %rz = array.equal %ref, %zero : (tensor<14x40001xf32>, tensor<f32>) -> tensor<14x40001xi1>
  %zz = array.logical_and %yz, %rz : (tensor<14x40001xi1>, tensor<14x40001xi1>) -> tensor<14x40001xi1>
  %ine = array.not_equal %yi, %ri : (tensor<14x40001xf32>, tensor<14x40001xf32>) -> tensor<14x40001xi1>
  %sign = array.logical_and %zz, %ine : (tensor<14x40001xi1>, tensor<14x40001xi1>) -> tensor<14x40001xi1>
  %bad0 = array.logical_or %far, %nan : (tensor<14x40001xi1>, tensor<14x40001xi1>) -> tensor<14x40001xi1>
  %bad = array.logical_or %bad0, %sign : (tensor<14x40001xi1>, tensor<14x40001xi1>) -> tensor<14x40001xi1>
  %n = array.sum %bad : tensor<14x40001xi1> -> tensor<i64>
  return %n : tensor<i64>
}

func.func private @differ_c(%y: tensor<14x4096xf64>, %ref: tensor<14x4096xf64>, %tol: tensor<14x4096xf64>) -> tensor<i64> {
  %d = array.sub %y, %ref : (tensor<14x4096xf64>, tensor<14x4096xf64>) -> tensor<14x4096xf64>
  %ad = array.abs %d : tensor<14x4096xf64>
  %far = array.greater %ad, %tol : (tensor<14x4096xf64>, tensor<14x4096xf64>) -> tensor<14x4096xi1>
  %yn = array.isnan %y : tensor<14x4096xf64> -> tensor<14x4096xi1>
  %rn = array.isnan %ref : tensor<14x4096xf64> -> tensor<14x4096xi1>
  %nan = array.not_equal %yn, %rn : (tensor<14x4096xi1>, tensor<14x4096xi1>) -> tensor<14x4096xi1>
  %one = array.full 1.0 : tensor<f64>
  %zero = array.full 0.0 : tensor<f64>
  %yi = array.div %one, %y : (tensor<f64>, tensor<14x4096xf64>) -> tensor<14x4096xf64>
  %ri = array.div %one, %ref : (tensor<f64>, tensor<14x4096xf64>) -> tensor<14x4096xf64>
  %yz = array.equal %y, %zero : (tensor<14x4096xf64>, tensor<f64>) -> tensor<14x4096xi1>
  %rz = array.equal %ref, %zero : (tensor<14x4096xf64>, tensor<f64>) -> tensor<14x4096xi1>
  %zz = array.logical_and %yz, %rz : (tensor<14x4096xi1>, tensor<14x4096xi1>) -> tensor<14x4096xi1>
  %ine = array.not_equal %yi, %ri : (tensor<14x4096xf64>, tensor<14x4096xf64>) -> tensor<14x4096xi1>
  %sign = array.logical_and %zz, %ine : (tensor<14x4096xi1>, tensor<14x4096xi1>) -> tensor<14x4096xi1>
  %bad0 = array.logical_or %far, %nan : (tensor<14x4096xi1>, tensor<14x4096xi1>) -> tensor<14x4096xi1>
  %bad = array.logical_or %bad0, %sign : (tensor<14x4096xi1>, tensor<14x4096xi1>) -> tensor<14x4096xi1>
  %n = array.sum %bad : tensor<14x4096xi1> -> tensor<i64>
  return %n : tensor<i64>
}
