// Whole-array and few-row reductions of dynamic size (arrays loaded from
// files) around the sizes where array-gpu-reductions' split rows (partials
// and a second kernel) read a few unrolled rounds per thread: dot products
// as a CG iteration computes them, float64 sums, maxima, integer sums,
// several rows, and an empty array.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-5
// NUMPY: w = lambda n: np.sin(np.arange(n, dtype=np.float64) * 0.37)
// NUMPY: sizes = [65536, 131072, 131076, 100003, 0]
// NUMPY: [np.save("p%d.npy" % i, w(n).astype(np.float32)) for i, n in enumerate(sizes)]
// NUMPY: [np.save("q%d.npy" % i, np.cos(np.arange(n) * 0.11).astype(np.float32)) for i, n in enumerate(sizes)]
// NUMPY: np.save("d.npy", w(65536)); np.save("e.npy", w(90001)); np.save("k.npy", (np.arange(120000) % 7 - 3).astype(np.int32))
// NUMPY: np.save("r.npy", w(5 * 40000).astype(np.float32).reshape(5, 40000))
// NUMPY: for i, n in enumerate(sizes): p = np.load("p%d.npy" % i); q = np.load("q%d.npy" % i); print((p.astype(np.float64) * q).sum().astype(np.float32)); print(p.max()) if n else None
// NUMPY: print(np.load("d.npy").sum())
// NUMPY: print(np.load("e.npy").sum())
// NUMPY: print(np.load("k.npy").sum())
// NUMPY: print(np.load("r.npy").sum(axis=1, dtype=np.float64).astype(np.float32))

func.func @dot(%p: tensor<?xf32>, %q: tensor<?xf32>) {
  %pq = array.mul %p, %q : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %s = array.sum %pq : tensor<?xf32> -> tensor<f32>
  array.print %s : tensor<f32>
  return
}

func.func @dot_max(%p: tensor<?xf32>, %q: tensor<?xf32>) {
  func.call @dot(%p, %q) : (tensor<?xf32>, tensor<?xf32>) -> ()
  %m = array.max %p : tensor<?xf32> -> tensor<f32>
  array.print %m : tensor<f32>
  return
}

func.func @main() {
  %p0 = array.load_npy "p0.npy" : tensor<?xf32>
  %q0 = array.load_npy "q0.npy" : tensor<?xf32>
  func.call @dot_max(%p0, %q0) : (tensor<?xf32>, tensor<?xf32>) -> ()
  %p1 = array.load_npy "p1.npy" : tensor<?xf32>
  %q1 = array.load_npy "q1.npy" : tensor<?xf32>
  func.call @dot_max(%p1, %q1) : (tensor<?xf32>, tensor<?xf32>) -> ()
  %p2 = array.load_npy "p2.npy" : tensor<?xf32>
  %q2 = array.load_npy "q2.npy" : tensor<?xf32>
  func.call @dot_max(%p2, %q2) : (tensor<?xf32>, tensor<?xf32>) -> ()
  %p3 = array.load_npy "p3.npy" : tensor<?xf32>
  %q3 = array.load_npy "q3.npy" : tensor<?xf32>
  func.call @dot_max(%p3, %q3) : (tensor<?xf32>, tensor<?xf32>) -> ()
  %p4 = array.load_npy "p4.npy" : tensor<?xf32>
  %q4 = array.load_npy "q4.npy" : tensor<?xf32>
  func.call @dot(%p4, %q4) : (tensor<?xf32>, tensor<?xf32>) -> ()
  %d = array.load_npy "d.npy" : tensor<?xf64>
  %ds = array.sum %d : tensor<?xf64> -> tensor<f64>
  array.print %ds : tensor<f64>
  %e = array.load_npy "e.npy" : tensor<?xf64>
  %es = array.sum %e : tensor<?xf64> -> tensor<f64>
  array.print %es : tensor<f64>
  %k = array.load_npy "k.npy" : tensor<?xi32>
  %ks = array.sum %k : tensor<?xi32> -> tensor<i64>
  array.print %ks : tensor<i64>
  %r = array.load_npy "r.npy" : tensor<?x?xf32>
  %rs = array.sum %r axes [1] : tensor<?x?xf32> -> tensor<?xf32>
  array.print %rs : tensor<?xf32>
  return
}
