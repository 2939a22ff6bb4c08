// Row groups of rank 3 and 4 (rows over several leading axes): a float16
// layer norm with float32 statistics, a softmax over the last axis of a
// rank-4 array and a scaled softmax with a causal mask broadcast over the
// leading axes. On the GPU, the reductions and the ops after them run as
// one row kernel with the row loops collapsed (array-gpu-row-kernels).
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 2e-3
// NUMPY: rng = np.random.default_rng(7)
// NUMPY: x = (2 * rng.standard_normal((2, 4, 96)) + 1).astype(np.float16); np.save("x.npy", x)
// NUMPY: xf = x.astype(np.float32)
// NUMPY: mu = xf.mean(axis=2, keepdims=True, dtype=np.float64).astype(np.float32)
// NUMPY: var = xf.var(axis=2, keepdims=True, dtype=np.float64).astype(np.float32)
// NUMPY: print(((xf - mu) * (1 / np.sqrt(var + np.float32(1e-5)))).astype(np.float16))
// NUMPY: s = rng.standard_normal((2, 3, 4, 64)).astype(np.float32); np.save("s.npy", s)
// NUMPY: e = np.exp(s - s.max(axis=3, keepdims=True))
// NUMPY: print(e / e.sum(axis=3, keepdims=True))
// NUMPY: k = np.tril(np.ones((4, 64), bool), 2); np.save("k.npy", k)
// NUMPY: z = np.where(k, s * np.float32(0.125), np.float32(-np.inf))
// NUMPY: ez = np.exp(z - z.max(axis=3, keepdims=True))
// NUMPY: print(ez / ez.sum(axis=3, keepdims=True))

func.func @main() {
  %x = array.load_npy "x.npy" : tensor<2x4x96xf16>
  %xf = array.astype %x : tensor<2x4x96xf16> -> tensor<2x4x96xf32>
  %mu = array.mean %xf axes [2] keepdims : tensor<2x4x96xf32> -> tensor<2x4x1xf32>
  %c = array.sub %xf, %mu : (tensor<2x4x96xf32>, tensor<2x4x1xf32>) -> tensor<2x4x96xf32>
  %v = array.var %xf axes [2] keepdims : tensor<2x4x96xf32> -> tensor<2x4x1xf32>
  %eps = array.full 1.0e-5 : tensor<f32>
  %ve = array.add %v, %eps : (tensor<2x4x1xf32>, tensor<f32>) -> tensor<2x4x1xf32>
  %r = array.rsqrt %ve : tensor<2x4x1xf32>
  %n = array.mul %c, %r : (tensor<2x4x96xf32>, tensor<2x4x1xf32>) -> tensor<2x4x96xf32>
  %y = array.astype %n : tensor<2x4x96xf32> -> tensor<2x4x96xf16>
  array.print %y : tensor<2x4x96xf16>

  %s = array.load_npy "s.npy" : tensor<2x3x4x64xf32>
  %m = array.max %s axes [3] keepdims : tensor<2x3x4x64xf32> -> tensor<2x3x4x1xf32>
  %d = array.sub %s, %m : (tensor<2x3x4x64xf32>, tensor<2x3x4x1xf32>) -> tensor<2x3x4x64xf32>
  %e = array.exp %d : tensor<2x3x4x64xf32>
  %t = array.sum %e axes [3] keepdims : tensor<2x3x4x64xf32> -> tensor<2x3x4x1xf32>
  %p = array.div %e, %t : (tensor<2x3x4x64xf32>, tensor<2x3x4x1xf32>) -> tensor<2x3x4x64xf32>
  array.print %p : tensor<2x3x4x64xf32>

  // A mask broadcast over the leading axes uses a row loop (axis 2) apart
  // from the others: read at the collapsed row index split back.
  %k = array.load_npy "k.npy" : tensor<4x64xi1>
  %scale = array.full 0.125 : tensor<f32>
  %ss = array.mul %s, %scale : (tensor<2x3x4x64xf32>, tensor<f32>) -> tensor<2x3x4x64xf32>
  %ninf = array.full -inf : tensor<f32>
  %z = array.where %k, %ss, %ninf : (tensor<4x64xi1>, tensor<2x3x4x64xf32>, tensor<f32>) -> tensor<2x3x4x64xf32>
  %zm = array.max %z axes [3] keepdims : tensor<2x3x4x64xf32> -> tensor<2x3x4x1xf32>
  %zd = array.sub %z, %zm : (tensor<2x3x4x64xf32>, tensor<2x3x4x1xf32>) -> tensor<2x3x4x64xf32>
  %ze = array.exp %zd : tensor<2x3x4x64xf32>
  %zs = array.sum %ze axes [3] keepdims : tensor<2x3x4x64xf32> -> tensor<2x3x4x1xf32>
  %zp = array.div %ze, %zs : (tensor<2x3x4x64xf32>, tensor<2x3x4x1xf32>) -> tensor<2x3x4x64xf32>
  array.print %zp : tensor<2x3x4x64xf32>
  return
}
