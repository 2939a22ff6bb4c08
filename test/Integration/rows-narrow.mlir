// Row groups over narrow rows: on the GPU, several rows share a block, each
// on an aligned group of lanes (RowLayout::rowsPerBlock): rows of 100
// (8 lanes of 4 groups, the last groups masked), of 64 in float16, rows of
// 3 (one lane per row, no shuffle) and a single row. Every element is
// compared with NumPy.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 2e-3
// NUMPY: rng = np.random.default_rng(5)
// NUMPY: s = (3 * rng.standard_normal((48, 100))).astype(np.float32); np.save("s.npy", s)
// NUMPY: e = np.exp(s - s.max(axis=1, keepdims=True))
// NUMPY: print(e / e.sum(axis=1, keepdims=True))
// NUMPY: x = (2 * rng.standard_normal((6, 10, 64)) + 1).astype(np.float16); np.save("x.npy", x)
// NUMPY: xf = x.astype(np.float32)
// NUMPY: mu = xf.mean(axis=2, keepdims=True, dtype=np.float64).astype(np.float32)
// NUMPY: var = xf.var(axis=2, keepdims=True, dtype=np.float64).astype(np.float32)
// NUMPY: print(((xf - mu) * (1 / np.sqrt(var + np.float32(1e-5)))).astype(np.float16))
// NUMPY: t = rng.standard_normal((6, 3)).astype(np.float32); np.save("t.npy", t)
// NUMPY: et = np.exp(t - t.max(axis=1, keepdims=True))
// NUMPY: print(et / et.sum(axis=1, keepdims=True))
// NUMPY: o = rng.standard_normal((1, 200)).astype(np.float32); np.save("o.npy", o)
// NUMPY: print(o - o.mean(axis=1, keepdims=True))

func.func @main() {
  %s = array.load_npy "s.npy" : tensor<48x100xf32>
  %m = array.max %s axes [1] keepdims : tensor<48x100xf32> -> tensor<48x1xf32>
  %d = array.sub %s, %m : (tensor<48x100xf32>, tensor<48x1xf32>) -> tensor<48x100xf32>
  %e = array.exp %d : tensor<48x100xf32>
  %t = array.sum %e axes [1] keepdims : tensor<48x100xf32> -> tensor<48x1xf32>
  %p = array.div %e, %t : (tensor<48x100xf32>, tensor<48x1xf32>) -> tensor<48x100xf32>
  array.print %p : tensor<48x100xf32>

  %x = array.load_npy "x.npy" : tensor<6x10x64xf16>
  %xf = array.astype %x : tensor<6x10x64xf16> -> tensor<6x10x64xf32>
  %mu = array.mean %xf axes [2] keepdims : tensor<6x10x64xf32> -> tensor<6x10x1xf32>
  %c = array.sub %xf, %mu : (tensor<6x10x64xf32>, tensor<6x10x1xf32>) -> tensor<6x10x64xf32>
  %v = array.var %xf axes [2] keepdims : tensor<6x10x64xf32> -> tensor<6x10x1xf32>
  %eps = array.full 1.0e-5 : tensor<f32>
  %ve = array.add %v, %eps : (tensor<6x10x1xf32>, tensor<f32>) -> tensor<6x10x1xf32>
  %r = array.rsqrt %ve : tensor<6x10x1xf32>
  %n = array.mul %c, %r : (tensor<6x10x64xf32>, tensor<6x10x1xf32>) -> tensor<6x10x64xf32>
  %y = array.astype %n : tensor<6x10x64xf32> -> tensor<6x10x64xf16>
  array.print %y : tensor<6x10x64xf16>

  %tt = array.load_npy "t.npy" : tensor<6x3xf32>
  %tm = array.max %tt axes [1] keepdims : tensor<6x3xf32> -> tensor<6x1xf32>
  %td = array.sub %tt, %tm : (tensor<6x3xf32>, tensor<6x1xf32>) -> tensor<6x3xf32>
  %te = array.exp %td : tensor<6x3xf32>
  %ts = array.sum %te axes [1] keepdims : tensor<6x3xf32> -> tensor<6x1xf32>
  %tp = array.div %te, %ts : (tensor<6x3xf32>, tensor<6x1xf32>) -> tensor<6x3xf32>
  array.print %tp : tensor<6x3xf32>

  %o = array.load_npy "o.npy" : tensor<1x200xf32>
  %om = array.mean %o axes [1] keepdims : tensor<1x200xf32> -> tensor<1x1xf32>
  %oc = array.sub %o, %om : (tensor<1x200xf32>, tensor<1x1xf32>) -> tensor<1x200xf32>
  array.print %oc : tensor<1x200xf32>
  return
}
