// Row computations over a 1-D array (array-gpu-unit-rows): on the GPU each
// becomes one row kernel of one row. A softmax over 30000, a float16 layer
// norm with a weight over 4096 (its mean also returned), a log-softmax over
// 3000, a softmax over 0 elements and over 1 (left to the other kernels).
// Weighted sums check every element.
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}
// The plan: three row kernels of one row.
// RUN: arrayc --target=cuda --print-kernel-plan --emit=gpu %s -o /dev/null 2>&1 | FileCheck %s
// CHECK-DAG: remark: kernel plan: row kernel: 1 rows x 30000, 6 ops (2 reductions), block 960
// CHECK-DAG: remark: kernel plan: row kernel: 1 rows x 4096
// CHECK-DAG: remark: kernel plan: row kernel: 1 rows x 3000

// NUMPY-RTOL: 2e-3
// NUMPY: rng = np.random.default_rng(5)
// NUMPY: s = (3 * rng.standard_normal(30000)).astype(np.float32); s[77] = 30; np.save("s.npy", s)
// NUMPY: e = np.exp(s - s.max()); p = e / e.sum()
// NUMPY: print(p); print((p * s).sum())
// NUMPY: x = (2 * rng.standard_normal(4096) + 1).astype(np.float16); np.save("x.npy", x)
// NUMPY: w = rng.standard_normal(4096).astype(np.float16); np.save("w.npy", w)
// NUMPY: xf = x.astype(np.float32); mu = xf.mean(dtype=np.float64).astype(np.float32)
// NUMPY: var = xf.var(dtype=np.float64).astype(np.float32)
// NUMPY: y = ((xf - mu) * (1 / np.sqrt(var + np.float32(1e-5))) * w.astype(np.float32)).astype(np.float16)
// NUMPY: print(y); print((y.astype(np.float32) * xf).sum()); print(mu)
// NUMPY: l = (4 * rng.standard_normal(3000)).astype(np.float32); np.save("l.npy", l)
// NUMPY: lm = l.max(); ls = (l - lm) - np.log(np.exp(l - lm).sum())
// NUMPY: print(ls); print((ls * l).sum())
// NUMPY: z = np.zeros(0, np.float32); ez = np.exp(z - (z.max() if z.size else 0)); print(ez / ez.sum())
// NUMPY: o = np.array([2.5], np.float32); eo = np.exp(o - o.max()); print(eo / eo.sum())

func.func @main() {
  %s = array.load_npy "s.npy" : tensor<30000xf32>
  %sm = array.max %s : tensor<30000xf32> -> tensor<f32>
  %sd = array.sub %s, %sm : (tensor<30000xf32>, tensor<f32>) -> tensor<30000xf32>
  %se = array.exp %sd : tensor<30000xf32>
  %st = array.sum %se : tensor<30000xf32> -> tensor<f32>
  %p = array.div %se, %st : (tensor<30000xf32>, tensor<f32>) -> tensor<30000xf32>
  array.print %p : tensor<30000xf32>
  %ps = array.mul %p, %s : (tensor<30000xf32>, tensor<30000xf32>) -> tensor<30000xf32>
  %pw = array.sum %ps : tensor<30000xf32> -> tensor<f32>
  array.print %pw : tensor<f32>

  %x = array.load_npy "x.npy" : tensor<4096xf16>
  %w = array.load_npy "w.npy" : tensor<4096xf16>
  %xf = array.astype %x : tensor<4096xf16> -> tensor<4096xf32>
  %mu = array.mean %xf : tensor<4096xf32> -> tensor<f32>
  %xc = array.sub %xf, %mu : (tensor<4096xf32>, tensor<f32>) -> tensor<4096xf32>
  %v = array.var %xf : tensor<4096xf32> -> tensor<f32>
  %eps = array.full 1.0e-5 : tensor<f32>
  %ve = array.add %v, %eps : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %r = array.rsqrt %ve : tensor<f32>
  %xn = array.mul %xc, %r : (tensor<4096xf32>, tensor<f32>) -> tensor<4096xf32>
  %wf = array.astype %w : tensor<4096xf16> -> tensor<4096xf32>
  %yw = array.mul %xn, %wf : (tensor<4096xf32>, tensor<4096xf32>) -> tensor<4096xf32>
  %y = array.astype %yw : tensor<4096xf32> -> tensor<4096xf16>
  array.print %y : tensor<4096xf16>
  %y32 = array.astype %y : tensor<4096xf16> -> tensor<4096xf32>
  %yx = array.mul %y32, %xf : (tensor<4096xf32>, tensor<4096xf32>) -> tensor<4096xf32>
  %yxs = array.sum %yx : tensor<4096xf32> -> tensor<f32>
  array.print %yxs : tensor<f32>
  array.print %mu : tensor<f32>

  %l = array.load_npy "l.npy" : tensor<3000xf32>
  %lm = array.max %l : tensor<3000xf32> -> tensor<f32>
  %ld = array.sub %l, %lm : (tensor<3000xf32>, tensor<f32>) -> tensor<3000xf32>
  %le = array.exp %ld : tensor<3000xf32>
  %lt = array.sum %le : tensor<3000xf32> -> tensor<f32>
  %lg = array.log %lt : tensor<f32>
  %ls = array.sub %ld, %lg : (tensor<3000xf32>, tensor<f32>) -> tensor<3000xf32>
  array.print %ls : tensor<3000xf32>
  %lw = array.mul %ls, %l : (tensor<3000xf32>, tensor<3000xf32>) -> tensor<3000xf32>
  %lws = array.sum %lw : tensor<3000xf32> -> tensor<f32>
  array.print %lws : tensor<f32>

  %z = array.full 0.0 : tensor<0xf32>
  %zm = array.sum %z : tensor<0xf32> -> tensor<f32>
  %zd = array.sub %z, %zm : (tensor<0xf32>, tensor<f32>) -> tensor<0xf32>
  %ze = array.exp %zd : tensor<0xf32>
  %zt = array.sum %ze : tensor<0xf32> -> tensor<f32>
  %zp = array.div %ze, %zt : (tensor<0xf32>, tensor<f32>) -> tensor<0xf32>
  array.print %zp : tensor<0xf32>

  %o = array.full 2.5 : tensor<1xf32>
  %om = array.max %o : tensor<1xf32> -> tensor<f32>
  %od = array.sub %o, %om : (tensor<1xf32>, tensor<f32>) -> tensor<1xf32>
  %oe = array.exp %od : tensor<1xf32>
  %ot = array.sum %oe : tensor<1xf32> -> tensor<f32>
  %op = array.div %oe, %ot : (tensor<1xf32>, tensor<f32>) -> tensor<1xf32>
  array.print %op : tensor<1xf32>
  return
}
