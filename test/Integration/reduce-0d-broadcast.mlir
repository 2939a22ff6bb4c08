// Reductions of a 0-d array (the value itself; a variance of 0) whose
// result is broadcast by the next op. Fusion used to move the reduction,
// which accumulates into its output, into the broadcasting op, where it
// ran once per element: prod gave [2 4 8 16 32]. Found by
// random_programs.py (seed 1216: programs 1025, 2100, 2703, 2977).
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: a = np.array(2.0, dtype=np.float32); np.save("a.npy", a)
// NUMPY: z = np.zeros((5,), np.float32)
// NUMPY: print(np.float32(np.prod(a)) + z)
// NUMPY: print(np.float32(np.mean(a)) + z)
// NUMPY: print(np.float32(np.sum(a, keepdims=True)) + np.ones((2, 3), np.float32))
// NUMPY: print(np.minimum(np.float32(np.var(a)), np.exp2(np.arange(4, dtype=np.float32))))
// NUMPY: print(np.float32(np.std(a)) + z)

func.func @main() {
  %a = array.load_npy "a.npy" : tensor<f32>
  %z = array.full 0.0 : tensor<5xf32>
  %p = array.prod %a : tensor<f32> -> tensor<f32>
  %r1 = array.add %p, %z : (tensor<f32>, tensor<5xf32>) -> tensor<5xf32>
  array.print %r1 : tensor<5xf32>
  %m = array.mean %a : tensor<f32> -> tensor<f32>
  %r2 = array.add %m, %z : (tensor<f32>, tensor<5xf32>) -> tensor<5xf32>
  array.print %r2 : tensor<5xf32>
  %s = array.sum %a keepdims : tensor<f32> -> tensor<f32>
  %o = array.full 1.0 : tensor<2x3xf32>
  %r3 = array.add %s, %o : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  array.print %r3 : tensor<2x3xf32>
  %v = array.var %a : tensor<f32> -> tensor<f32>
  %i = array.arange 0, 4, 1 : tensor<4xf32>
  %e = array.exp2 %i : tensor<4xf32> -> tensor<4xf32>
  %r4 = array.minimum %v, %e : (tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  array.print %r4 : tensor<4xf32>
  %d = array.std %a : tensor<f32> -> tensor<f32>
  %r5 = array.add %d, %z : (tensor<f32>, tensor<5xf32>) -> tensor<5xf32>
  array.print %r5 : tensor<5xf32>
  return
}
