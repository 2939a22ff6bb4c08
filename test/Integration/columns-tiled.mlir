// Column reductions (the contiguous axis kept) that array-gpu-reductions
// maps to column tiles on the GPU: one kernel, each thread owning a vector
// of consecutive outputs, the reduced elements split over a block's warps
// and, on sm_90, over a thread-block cluster whose blocks combine their
// partials through distributed shared memory. Vectors of 8 float16 over a
// middle axis (a cluster of 4), of 4 float32 (a cluster of 8, the last
// tile partly past the outputs), of 2 int32, a float32 max with a NaN, a
// float64 mean over 40 rows (no cluster), a float16 sum over two leading
// axes. Each result is printed (summarized) with the sum of its squares,
// to which every output contributes.
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-4
// NUMPY: rng = np.random.default_rng(7)
// NUMPY: def show(r): print(r); print((r.astype(np.float64) ** 2).sum())
// NUMPY: h = (2 * rng.standard_normal((16, 600, 512))).astype(np.float16); np.save("h.npy", h)
// NUMPY: show(h.astype(np.float32).sum(axis=1, dtype=np.float64).astype(np.float32))
// NUMPY: f = rng.standard_normal((2049, 4000)).astype(np.float32); np.save("f.npy", f)
// NUMPY: show(f.sum(axis=0, dtype=np.float64).astype(np.float32))
// NUMPY: i = rng.integers(-1000, 1000, (1024, 2050)).astype(np.int32); np.save("i.npy", i)
// NUMPY: show(i.sum(axis=0))
// NUMPY: m = rng.standard_normal((1100, 4096)).astype(np.float32); m[500, 17] = np.nan; np.save("m.npy", m)
// NUMPY: mm = m.max(axis=0); print(mm[17:18]); show(np.nan_to_num(mm))
// NUMPY: d = rng.standard_normal((40, 2000)); np.save("d.npy", d)
// NUMPY: show(d.mean(axis=0))
// NUMPY: g = rng.standard_normal((3, 400, 8192)).astype(np.float16); np.save("g.npy", g)
// NUMPY: show(g.astype(np.float32).sum(axis=(0, 1), dtype=np.float64).astype(np.float32))

func.func @main() {
  %h = array.load_npy "h.npy" : tensor<16x600x512xf16>
  %hf = array.astype %h : tensor<16x600x512xf16> -> tensor<16x600x512xf32>
  %hr = array.sum %hf axes [1] : tensor<16x600x512xf32> -> tensor<16x512xf32>
  array.print %hr : tensor<16x512xf32>
  %hr64 = array.astype %hr : tensor<16x512xf32> -> tensor<16x512xf64>
  %hrq = array.mul %hr64, %hr64 : (tensor<16x512xf64>, tensor<16x512xf64>) -> tensor<16x512xf64>
  %hrs = array.sum %hrq : tensor<16x512xf64> -> tensor<f64>
  array.print %hrs : tensor<f64>

  %f = array.load_npy "f.npy" : tensor<2049x4000xf32>
  %fr = array.sum %f axes [0] : tensor<2049x4000xf32> -> tensor<4000xf32>
  array.print %fr : tensor<4000xf32>
  %fr64 = array.astype %fr : tensor<4000xf32> -> tensor<4000xf64>
  %frq = array.mul %fr64, %fr64 : (tensor<4000xf64>, tensor<4000xf64>) -> tensor<4000xf64>
  %frs = array.sum %frq : tensor<4000xf64> -> tensor<f64>
  array.print %frs : tensor<f64>

  %i = array.load_npy "i.npy" : tensor<1024x2050xi32>
  %ir = array.sum %i axes [0] : tensor<1024x2050xi32> -> tensor<2050xi64>
  array.print %ir : tensor<2050xi64>
  %ir64 = array.astype %ir : tensor<2050xi64> -> tensor<2050xf64>
  %irq = array.mul %ir64, %ir64 : (tensor<2050xf64>, tensor<2050xf64>) -> tensor<2050xf64>
  %irs = array.sum %irq : tensor<2050xf64> -> tensor<f64>
  array.print %irs : tensor<f64>

  %m = array.load_npy "m.npy" : tensor<1100x4096xf32>
  %mm = array.max %m axes [0] : tensor<1100x4096xf32> -> tensor<4096xf32>
  %m17 = array.slice %mm [17:18] : tensor<4096xf32> -> tensor<1xf32>
  array.print %m17 : tensor<1xf32>
  %zero = array.full 0.0 : tensor<f32>
  %nan = array.isnan %mm : tensor<4096xf32> -> tensor<4096xi1>
  %mr = array.where %nan, %zero, %mm : (tensor<4096xi1>, tensor<f32>, tensor<4096xf32>) -> tensor<4096xf32>
  array.print %mr : tensor<4096xf32>
  %mr64 = array.astype %mr : tensor<4096xf32> -> tensor<4096xf64>
  %mrq = array.mul %mr64, %mr64 : (tensor<4096xf64>, tensor<4096xf64>) -> tensor<4096xf64>
  %mrs = array.sum %mrq : tensor<4096xf64> -> tensor<f64>
  array.print %mrs : tensor<f64>

  %d = array.load_npy "d.npy" : tensor<40x2000xf64>
  %dm = array.mean %d axes [0] : tensor<40x2000xf64> -> tensor<2000xf64>
  array.print %dm : tensor<2000xf64>
  %dq = array.mul %dm, %dm : (tensor<2000xf64>, tensor<2000xf64>) -> tensor<2000xf64>
  %ds = array.sum %dq : tensor<2000xf64> -> tensor<f64>
  array.print %ds : tensor<f64>

  %g = array.load_npy "g.npy" : tensor<3x400x8192xf16>
  %gf = array.astype %g : tensor<3x400x8192xf16> -> tensor<3x400x8192xf32>
  %gr = array.sum %gf axes [0, 1] : tensor<3x400x8192xf32> -> tensor<8192xf32>
  array.print %gr : tensor<8192xf32>
  %gr64 = array.astype %gr : tensor<8192xf32> -> tensor<8192xf64>
  %grq = array.mul %gr64, %gr64 : (tensor<8192xf64>, tensor<8192xf64>) -> tensor<8192xf64>
  %grs = array.sum %grq : tensor<8192xf64> -> tensor<f64>
  array.print %grs : tensor<f64>
  return
}
