// Booleans in row groups: a random mask broadcast over the leading axis of
// a masked softmax (read in 4-byte groups by the row kernel), and a boolean
// result of a row group (x > its row's mean, stored in byte groups).
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-5
// NUMPY: rng = np.random.default_rng(11)
// NUMPY: x = rng.standard_normal((4, 64, 128)).astype(np.float32); np.save("x.npy", x)
// NUMPY: mask = rng.random((64, 128)) < 0.6; mask[:, 0] = True; np.save("mask.npy", mask)
// NUMPY: z = np.where(mask, x, -np.inf); e = np.exp(z - z.max(-1, keepdims=True))
// NUMPY: print((e / e.sum(-1, keepdims=True))[:, ::16, ::16])
// NUMPY: w = rng.standard_normal((2, 4, 64)).astype(np.float32); np.save("w.npy", w)
// NUMPY: print(w > w.mean(-1, keepdims=True))

func.func @main() {
  %x = array.load_npy "x.npy" : tensor<4x64x128xf32>
  %mask = array.load_npy "mask.npy" : tensor<64x128xi1>
  %ninf = array.full -inf : tensor<f32>
  %z = array.where %mask, %x, %ninf : (tensor<64x128xi1>, tensor<4x64x128xf32>, tensor<f32>) -> tensor<4x64x128xf32>
  %m = array.max %z axes [2] keepdims : tensor<4x64x128xf32> -> tensor<4x64x1xf32>
  %d = array.sub %z, %m : (tensor<4x64x128xf32>, tensor<4x64x1xf32>) -> tensor<4x64x128xf32>
  %e = array.exp %d : tensor<4x64x128xf32> -> tensor<4x64x128xf32>
  %s = array.sum %e axes [2] keepdims : tensor<4x64x128xf32> -> tensor<4x64x1xf32>
  %p = array.div %e, %s : (tensor<4x64x128xf32>, tensor<4x64x1xf32>) -> tensor<4x64x128xf32>
  %ps = array.slice %p [:, ::16, ::16] : tensor<4x64x128xf32> -> tensor<4x4x8xf32>
  array.print %ps : tensor<4x4x8xf32>
  %w = array.load_npy "w.npy" : tensor<2x4x64xf32>
  %mu = array.mean %w axes [2] keepdims : tensor<2x4x64xf32> -> tensor<2x4x1xf32>
  %b = array.greater %w, %mu : (tensor<2x4x64xf32>, tensor<2x4x1xf32>) -> tensor<2x4x64xi1>
  array.print %b : tensor<2x4x64xi1>
  return
}
