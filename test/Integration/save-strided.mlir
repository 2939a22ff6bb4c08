// Saving and printing values of strided or fully dynamic layout: a slice
// with steps, the result of an scf.if whose branches make their arrays
// differently, and a loop's result. On the CUDA target each goes through a
// contiguous device copy first (they were refused at compile time: "cannot
// move the strided buffer ... between host and device memory yet"; found
// by random_programs.py, seed 2026). NumPy checks each file after the run.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: a = np.arange(24, dtype=np.float32).reshape(4, 6) / 8
// NUMPY: def check(path, expected): got = np.load(path); assert got.dtype == expected.dtype and got.shape == expected.shape and np.allclose(got, expected, rtol=1e-6, atol=0), "%s holds %r, not %r" % (path, got, expected)
// NUMPY: print(a[1:4:2, ::3])
// NUMPY: check("s.npy", a[1:4:2, ::3])
// NUMPY: check("b.npy", np.exp(a[:, 1:4]))
// NUMPY: check("l.npy", a[::2] * np.float32(8))

func.func @main() {
  %r = array.arange 0, 24, 1 : tensor<24xf32>
  %eighth = array.full 0.125 : tensor<f32>
  %r8 = array.mul %r, %eighth : (tensor<24xf32>, tensor<f32>) -> tensor<24xf32>
  %s46 = array.reshape %r8 : tensor<24xf32> -> tensor<4x6xf32>
  %a = tensor.cast %s46 : tensor<4x6xf32> to tensor<?x?xf32>

  %s = array.slice %s46 [1:4:2, ::3] : tensor<4x6xf32> -> tensor<2x2xf32>
  array.save_npy %s, "s.npy" : tensor<2x2xf32>
  array.print %s : tensor<2x2xf32>

  %total = array.sum %a : tensor<?x?xf32> -> tensor<f32>
  %t = tensor.extract %total[] : tensor<f32>
  %zero = arith.constant 0.0 : f32
  %positive = arith.cmpf ogt, %t, %zero : f32
  %b = scf.if %positive -> (tensor<?x?xf32>) {
    %cols = array.slice %s46 [:, 1:4] : tensor<4x6xf32> -> tensor<4x3xf32>
    %e = array.exp %cols : tensor<4x3xf32> -> tensor<4x3xf32>
    %ed = tensor.cast %e : tensor<4x3xf32> to tensor<?x?xf32>
    scf.yield %ed : tensor<?x?xf32>
  } else {
    scf.yield %a : tensor<?x?xf32>
  }
  array.save_npy %b, "b.npy" : tensor<?x?xf32>

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %rows2 = array.slice %s46 [::2] : tensor<4x6xf32> -> tensor<2x6xf32>
  %rows = tensor.cast %rows2 : tensor<2x6xf32> to tensor<?x?xf32>
  %l = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %rows) -> (tensor<?x?xf32>) {
    %two = array.full 2.0 : tensor<f32>
    %y = array.mul %x, %two : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
    scf.yield %y : tensor<?x?xf32>
  }
  array.save_npy %l, "l.npy" : tensor<?x?xf32>
  return
}
