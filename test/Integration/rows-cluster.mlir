// Row groups whose rows are too long for one block's registers but fit a
// thread-block cluster's (sm_90): on the GPU, each row is split over a
// cluster (RowLayout::clusterSize), the blocks' partial reductions combined
// through distributed shared memory: a softmax over 2 blocks, a float16
// layer norm over 2, a logsumexp over 4 (only rank 0 stores the per-row
// result) and a masked, scaled softmax over 8 (the widest: 8 x 1024 threads
// x 32 elements). Weighted sums check every element. Rows around -200
// whose tails are -inf (whole blocks of -inf, where exp(0 - max) overflows)
// and a row all -inf: a softmax (the blocks' maxima and sums of
// exponentials in one exchange, a block's empty sum staying 0 when
// rescaled) and a logsumexp (shifted by "the max if finite, else 0").
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
// NUMPY: s = (3 * rng.standard_normal((2, 40000))).astype(np.float32); s[1, 123] = 40; np.save("s.npy", s)
// NUMPY: e = np.exp(s - s.max(axis=1, keepdims=True))
// NUMPY: print(e / e.sum(axis=1, keepdims=True))
// NUMPY: print(((e / e.sum(axis=1, keepdims=True)) * s).sum(axis=1))
// NUMPY: x = (2 * rng.standard_normal((2, 2, 65536)) + 1).astype(np.float16); np.save("x.npy", x)
// NUMPY: xf = x.astype(np.float32)
// NUMPY: mu = xf.mean(axis=2, keepdims=True, dtype=np.float64).astype(np.float32)
// NUMPY: var = xf.var(axis=2, keepdims=True, dtype=np.float64).astype(np.float32)
// NUMPY: ln = ((xf - mu) * (1 / np.sqrt(var + np.float32(1e-5)))).astype(np.float16)
// NUMPY: print(ln)
// NUMPY: print((ln.astype(np.float32) * xf).sum(axis=2))
// NUMPY: l = (4 * rng.standard_normal((3, 100000))).astype(np.float32); np.save("l.npy", l)
// NUMPY: lm = l.max(axis=1, keepdims=True)
// NUMPY: print((np.log(np.exp(l - lm).sum(axis=1, keepdims=True)) + lm)[:, 0])
// NUMPY: a = rng.standard_normal((2, 2, 262144)).astype(np.float32); np.save("a.npy", a)
// NUMPY: k = rng.random(262144) < 0.7; k[:5] = False; np.save("k.npy", k)
// NUMPY: z = np.where(k, a * np.float32(0.125), np.float32(-np.inf))
// NUMPY: ez = np.exp(z - z.max(axis=2, keepdims=True))
// NUMPY: print(ez / ez.sum(axis=2, keepdims=True))
// NUMPY: print(((ez / ez.sum(axis=2, keepdims=True)) * a).sum(axis=2))
// NUMPY: c = (rng.standard_normal((6, 65536)) - 200).astype(np.float32)
// NUMPY: c[np.arange(65536)[None, :] >= np.array([1, 16385, 30000, 65536, 0, 40000])[:, None]] = -np.inf; np.save("c.npy", c)
// NUMPY: w = rng.standard_normal((6, 65536)).astype(np.float32); np.save("w.npy", w)
// NUMPY: _ = np.seterr(invalid="ignore", divide="ignore")
// NUMPY: cm = c.max(axis=1, keepdims=True); ec = np.exp(c.astype(np.float64) - cm)
// NUMPY: print(((ec / ec.sum(axis=1, keepdims=True)) * w).sum(axis=1).astype(np.float32))
// NUMPY: cs = np.where(np.isfinite(cm), cm, 0)
// NUMPY: print((np.log(np.exp(c.astype(np.float64) - cs).sum(axis=1, keepdims=True)) + cs)[:, 0].astype(np.float32))

func.func @main() {
  %s = array.load_npy "s.npy" : tensor<2x40000xf32>
  %m = array.max %s axes [1] keepdims : tensor<2x40000xf32> -> tensor<2x1xf32>
  %d = array.sub %s, %m : (tensor<2x40000xf32>, tensor<2x1xf32>) -> tensor<2x40000xf32>
  %e = array.exp %d : tensor<2x40000xf32>
  %t = array.sum %e axes [1] keepdims : tensor<2x40000xf32> -> tensor<2x1xf32>
  %p = array.div %e, %t : (tensor<2x40000xf32>, tensor<2x1xf32>) -> tensor<2x40000xf32>
  array.print %p : tensor<2x40000xf32>
  // Every element counts in the printed summary: a weighted sum per row.
  %ps = array.mul %p, %s : (tensor<2x40000xf32>, tensor<2x40000xf32>) -> tensor<2x40000xf32>
  %pw = array.sum %ps axes [1] : tensor<2x40000xf32> -> tensor<2xf32>
  array.print %pw : tensor<2xf32>

  %x = array.load_npy "x.npy" : tensor<2x2x65536xf16>
  %xf = array.astype %x : tensor<2x2x65536xf16> -> tensor<2x2x65536xf32>
  %mu = array.mean %xf axes [2] keepdims : tensor<2x2x65536xf32> -> tensor<2x2x1xf32>
  %c = array.sub %xf, %mu : (tensor<2x2x65536xf32>, tensor<2x2x1xf32>) -> tensor<2x2x65536xf32>
  %v = array.var %xf axes [2] keepdims : tensor<2x2x65536xf32> -> tensor<2x2x1xf32>
  %eps = array.full 1.0e-5 : tensor<f32>
  %ve = array.add %v, %eps : (tensor<2x2x1xf32>, tensor<f32>) -> tensor<2x2x1xf32>
  %r = array.rsqrt %ve : tensor<2x2x1xf32>
  %n = array.mul %c, %r : (tensor<2x2x65536xf32>, tensor<2x2x1xf32>) -> tensor<2x2x65536xf32>
  %y = array.astype %n : tensor<2x2x65536xf32> -> tensor<2x2x65536xf16>
  array.print %y : tensor<2x2x65536xf16>
  %yf = array.astype %y : tensor<2x2x65536xf16> -> tensor<2x2x65536xf32>
  %yx = array.mul %yf, %xf : (tensor<2x2x65536xf32>, tensor<2x2x65536xf32>) -> tensor<2x2x65536xf32>
  %yw = array.sum %yx axes [2] : tensor<2x2x65536xf32> -> tensor<2x2xf32>
  array.print %yw : tensor<2x2xf32>

  %l = array.load_npy "l.npy" : tensor<3x100000xf32>
  %lse = array.logsumexp %l axes [1] : tensor<3x100000xf32> -> tensor<3xf32>
  array.print %lse : tensor<3xf32>

  %a = array.load_npy "a.npy" : tensor<2x2x262144xf32>
  %k = array.load_npy "k.npy" : tensor<262144xi1>
  %scale = array.full 0.125 : tensor<f32>
  %as = array.mul %a, %scale : (tensor<2x2x262144xf32>, tensor<f32>) -> tensor<2x2x262144xf32>
  %ninf = array.full -inf : tensor<f32>
  %z = array.where %k, %as, %ninf : (tensor<262144xi1>, tensor<2x2x262144xf32>, tensor<f32>) -> tensor<2x2x262144xf32>
  %zm = array.max %z axes [2] keepdims : tensor<2x2x262144xf32> -> tensor<2x2x1xf32>
  %zd = array.sub %z, %zm : (tensor<2x2x262144xf32>, tensor<2x2x1xf32>) -> tensor<2x2x262144xf32>
  %ze = array.exp %zd : tensor<2x2x262144xf32>
  %zs = array.sum %ze axes [2] keepdims : tensor<2x2x262144xf32> -> tensor<2x2x1xf32>
  %zp = array.div %ze, %zs : (tensor<2x2x262144xf32>, tensor<2x2x1xf32>) -> tensor<2x2x262144xf32>
  array.print %zp : tensor<2x2x262144xf32>
  %za = array.mul %zp, %a : (tensor<2x2x262144xf32>, tensor<2x2x262144xf32>) -> tensor<2x2x262144xf32>
  %zw = array.sum %za axes [2] : tensor<2x2x262144xf32> -> tensor<2x2xf32>
  array.print %zw : tensor<2x2xf32>

  %cc = array.load_npy "c.npy" : tensor<6x65536xf32>
  %cw = array.load_npy "w.npy" : tensor<6x65536xf32>
  %cm = array.max %cc axes [1] keepdims : tensor<6x65536xf32> -> tensor<6x1xf32>
  %cd = array.sub %cc, %cm : (tensor<6x65536xf32>, tensor<6x1xf32>) -> tensor<6x65536xf32>
  %ce = array.exp %cd : tensor<6x65536xf32>
  %cs = array.sum %ce axes [1] keepdims : tensor<6x65536xf32> -> tensor<6x1xf32>
  %cp = array.div %ce, %cs : (tensor<6x65536xf32>, tensor<6x1xf32>) -> tensor<6x65536xf32>
  %cpw = array.mul %cp, %cw : (tensor<6x65536xf32>, tensor<6x65536xf32>) -> tensor<6x65536xf32>
  %cws = array.sum %cpw axes [1] : tensor<6x65536xf32> -> tensor<6xf32>
  array.print %cws : tensor<6xf32>
  %clse = array.logsumexp %cc axes [1] : tensor<6x65536xf32> -> tensor<6xf32>
  array.print %clse : tensor<6xf32>
  return
}
