// Biases over the last axes in flat elementwise kernels
// (array-gpu-map-linalg's FlatAccess::Suffix): the bias is read in vectors
// at the flat offset modulo its size when that size is a multiple of the
// vector width (rows of 12 and a [3, 8] bias over a rank-3 array), by the
// general kernel otherwise (rows of 7), and with tails after the last
// whole tile (1003 rows of 12).
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-3
// NUMPY: rng = np.random.default_rng(3)
// NUMPY: x = rng.standard_normal((1003, 12)).astype(np.float32); np.save("x.npy", x)
// NUMPY: b = rng.standard_normal(12).astype(np.float32); np.save("b.npy", b)
// NUMPY: print((x * np.float32(0.5) + b).astype(np.float16))
// NUMPY: s = rng.standard_normal((5, 7)).astype(np.float32); np.save("s.npy", s)
// NUMPY: c = rng.standard_normal(7).astype(np.float32); np.save("c.npy", c)
// NUMPY: print(s - c)
// NUMPY: r = rng.standard_normal((2, 3, 8)).astype(np.float32); np.save("r.npy", r)
// NUMPY: w = rng.standard_normal((3, 8)).astype(np.float32); np.save("w.npy", w)
// NUMPY: print(r * w)

func.func @main() {
  %x = array.load_npy "x.npy" : tensor<1003x12xf32>
  %b = array.load_npy "b.npy" : tensor<12xf32>
  %h = array.full 0.5 : tensor<f32>
  %xs = array.mul %x, %h : (tensor<1003x12xf32>, tensor<f32>) -> tensor<1003x12xf32>
  %xb = array.add %xs, %b : (tensor<1003x12xf32>, tensor<12xf32>) -> tensor<1003x12xf32>
  %y = array.astype %xb : tensor<1003x12xf32> -> tensor<1003x12xf16>
  array.print %y : tensor<1003x12xf16>

  %s = array.load_npy "s.npy" : tensor<5x7xf32>
  %c = array.load_npy "c.npy" : tensor<7xf32>
  %sc = array.sub %s, %c : (tensor<5x7xf32>, tensor<7xf32>) -> tensor<5x7xf32>
  array.print %sc : tensor<5x7xf32>

  %r = array.load_npy "r.npy" : tensor<2x3x8xf32>
  %w = array.load_npy "w.npy" : tensor<3x8xf32>
  %rw = array.mul %r, %w : (tensor<2x3x8xf32>, tensor<3x8xf32>) -> tensor<2x3x8xf32>
  array.print %rw : tensor<2x3x8xf32>
  return
}
