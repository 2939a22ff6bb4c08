// Row groups whose rows are too long for registers, and for a cluster's
// (more than 8 blocks of 1024 threads of 32 elements, or of odd length, so
// that the row cannot be split into whole groups of columns): on the GPU,
// array-gpu-row-kernels streams them (RowStrategy::Streaming): a softmax in
// one online pass (max and rescaled sum) and a storing pass, a layer norm
// of float16 in two passes and a storing pass, a logsumexp (no vector
// accesses, the last step masked) and a masked, scaled softmax whose mask
// is a broadcast boolean. Every element is compared with NumPy. Rows
// around -200 with -inf heads and tails and a row all -inf: the online
// sum starts at 0 under a running maximum of -inf, and stays 0 when the
// first finite maximum comes (exp(0 - max) overflows there).
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 2e-3
// NUMPY: rng = np.random.default_rng(11)
// NUMPY: s = (3 * rng.standard_normal((2, 266240))).astype(np.float32); s[1, 123] = 40; np.save("s.npy", s)
// NUMPY: e = np.exp(s - s.max(axis=1, keepdims=True))
// NUMPY: print(e / e.sum(axis=1, keepdims=True))
// NUMPY: print(((e / e.sum(axis=1, keepdims=True)) * s).sum(axis=1))
// NUMPY: x = (2 * rng.standard_normal((2, 2, 36001)) + 1).astype(np.float16); np.save("x.npy", x)
// NUMPY: xf = x.astype(np.float32)
// NUMPY: mu = xf.mean(axis=2, keepdims=True, dtype=np.float64).astype(np.float32)
// NUMPY: var = xf.var(axis=2, keepdims=True, dtype=np.float64).astype(np.float32)
// NUMPY: ln = ((xf - mu) * (1 / np.sqrt(var + np.float32(1e-5)))).astype(np.float16)
// NUMPY: print(ln)
// NUMPY: print((ln.astype(np.float32) * xf).sum(axis=2))
// NUMPY: l = (4 * rng.standard_normal((3, 70001))).astype(np.float32); np.save("l.npy", l)
// NUMPY: lm = l.max(axis=1, keepdims=True)
// NUMPY: print((np.log(np.exp(l - lm).sum(axis=1, keepdims=True)) + lm)[:, 0])
// NUMPY: a = rng.standard_normal((2, 2, 33001)).astype(np.float32); np.save("a.npy", a)
// NUMPY: k = rng.random(33001) < 0.7; k[:5] = False; np.save("k.npy", k)
// NUMPY: z = np.where(k, a * np.float32(0.125), np.float32(-np.inf))
// NUMPY: ez = np.exp(z - z.max(axis=2, keepdims=True))
// NUMPY: print(ez / ez.sum(axis=2, keepdims=True))
// NUMPY: print(((ez / ez.sum(axis=2, keepdims=True)) * a).sum(axis=2))

// NUMPY: c = (rng.standard_normal((5, 100001)) - 200).astype(np.float32)
// NUMPY: col = np.arange(100001)[None, :]
// NUMPY: c[(col < np.array([0, 5000, 70000, 0, 99999])[:, None]) | (col >= np.array([100001, 60000, 100001, 0, 100001])[:, None])] = -np.inf; np.save("c.npy", c)
// NUMPY: w = rng.standard_normal((5, 100001)).astype(np.float32); np.save("w.npy", w)
// NUMPY: _ = np.seterr(invalid="ignore", divide="ignore")
// NUMPY: cm = c.max(axis=1, keepdims=True); ec = np.exp(c.astype(np.float64) - cm)
// NUMPY: print(((ec / ec.sum(axis=1, keepdims=True)) * w).sum(axis=1).astype(np.float32))
// NUMPY: cs = np.where(np.isfinite(cm), cm, 0)
// NUMPY: print((np.log(np.exp(c.astype(np.float64) - cs).sum(axis=1, keepdims=True)) + cs)[:, 0].astype(np.float32))

func.func @main() {
  %s = array.load_npy "s.npy" : tensor<2x266240xf32>
  %m = array.max %s axes [1] keepdims : tensor<2x266240xf32> -> tensor<2x1xf32>
  %d = array.sub %s, %m : (tensor<2x266240xf32>, tensor<2x1xf32>) -> tensor<2x266240xf32>
  %e = array.exp %d : tensor<2x266240xf32>
  %t = array.sum %e axes [1] keepdims : tensor<2x266240xf32> -> tensor<2x1xf32>
  %p = array.div %e, %t : (tensor<2x266240xf32>, tensor<2x1xf32>) -> tensor<2x266240xf32>
  array.print %p : tensor<2x266240xf32>
  // Every element counts in the printed summary: a weighted sum per row.
  %ps = array.mul %p, %s : (tensor<2x266240xf32>, tensor<2x266240xf32>) -> tensor<2x266240xf32>
  %pw = array.sum %ps axes [1] : tensor<2x266240xf32> -> tensor<2xf32>
  array.print %pw : tensor<2xf32>

  %x = array.load_npy "x.npy" : tensor<2x2x36001xf16>
  %xf = array.astype %x : tensor<2x2x36001xf16> -> tensor<2x2x36001xf32>
  %mu = array.mean %xf axes [2] keepdims : tensor<2x2x36001xf32> -> tensor<2x2x1xf32>
  %c = array.sub %xf, %mu : (tensor<2x2x36001xf32>, tensor<2x2x1xf32>) -> tensor<2x2x36001xf32>
  %v = array.var %xf axes [2] keepdims : tensor<2x2x36001xf32> -> tensor<2x2x1xf32>
  %eps = array.full 1.0e-5 : tensor<f32>
  %ve = array.add %v, %eps : (tensor<2x2x1xf32>, tensor<f32>) -> tensor<2x2x1xf32>
  %r = array.rsqrt %ve : tensor<2x2x1xf32>
  %n = array.mul %c, %r : (tensor<2x2x36001xf32>, tensor<2x2x1xf32>) -> tensor<2x2x36001xf32>
  %y = array.astype %n : tensor<2x2x36001xf32> -> tensor<2x2x36001xf16>
  array.print %y : tensor<2x2x36001xf16>
  %yf = array.astype %y : tensor<2x2x36001xf16> -> tensor<2x2x36001xf32>
  %yx = array.mul %yf, %xf : (tensor<2x2x36001xf32>, tensor<2x2x36001xf32>) -> tensor<2x2x36001xf32>
  %yw = array.sum %yx axes [2] : tensor<2x2x36001xf32> -> tensor<2x2xf32>
  array.print %yw : tensor<2x2xf32>

  %l = array.load_npy "l.npy" : tensor<3x70001xf32>
  %lse = array.logsumexp %l axes [1] : tensor<3x70001xf32> -> tensor<3xf32>
  array.print %lse : tensor<3xf32>

  %a = array.load_npy "a.npy" : tensor<2x2x33001xf32>
  %k = array.load_npy "k.npy" : tensor<33001xi1>
  %scale = array.full 0.125 : tensor<f32>
  %as = array.mul %a, %scale : (tensor<2x2x33001xf32>, tensor<f32>) -> tensor<2x2x33001xf32>
  %ninf = array.full -inf : tensor<f32>
  %z = array.where %k, %as, %ninf : (tensor<33001xi1>, tensor<2x2x33001xf32>, tensor<f32>) -> tensor<2x2x33001xf32>
  %zm = array.max %z axes [2] keepdims : tensor<2x2x33001xf32> -> tensor<2x2x1xf32>
  %zd = array.sub %z, %zm : (tensor<2x2x33001xf32>, tensor<2x2x1xf32>) -> tensor<2x2x33001xf32>
  %ze = array.exp %zd : tensor<2x2x33001xf32>
  %zs = array.sum %ze axes [2] keepdims : tensor<2x2x33001xf32> -> tensor<2x2x1xf32>
  %zp = array.div %ze, %zs : (tensor<2x2x33001xf32>, tensor<2x2x1xf32>) -> tensor<2x2x33001xf32>
  array.print %zp : tensor<2x2x33001xf32>
  %za = array.mul %zp, %a : (tensor<2x2x33001xf32>, tensor<2x2x33001xf32>) -> tensor<2x2x33001xf32>
  %zw = array.sum %za axes [2] : tensor<2x2x33001xf32> -> tensor<2x2xf32>
  array.print %zw : tensor<2x2xf32>

  %cc = array.load_npy "c.npy" : tensor<5x100001xf32>
  %cw = array.load_npy "w.npy" : tensor<5x100001xf32>
  %cm = array.max %cc axes [1] keepdims : tensor<5x100001xf32> -> tensor<5x1xf32>
  %cd = array.sub %cc, %cm : (tensor<5x100001xf32>, tensor<5x1xf32>) -> tensor<5x100001xf32>
  %ce = array.exp %cd : tensor<5x100001xf32>
  %cs = array.sum %ce axes [1] keepdims : tensor<5x100001xf32> -> tensor<5x1xf32>
  %cp = array.div %ce, %cs : (tensor<5x100001xf32>, tensor<5x1xf32>) -> tensor<5x100001xf32>
  %cpw = array.mul %cp, %cw : (tensor<5x100001xf32>, tensor<5x100001xf32>) -> tensor<5x100001xf32>
  %cws = array.sum %cpw axes [1] : tensor<5x100001xf32> -> tensor<5xf32>
  array.print %cws : tensor<5xf32>
  %clse = array.logsumexp %cc axes [1] : tensor<5x100001xf32> -> tensor<5xf32>
  array.print %clse : tensor<5xf32>
  return
}
