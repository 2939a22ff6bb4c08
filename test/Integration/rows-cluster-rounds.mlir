// Cluster row kernels (sm_90) whose clusters take several rows each: the
// runtime launches at most the clusters that fit on the GPU at once, so
// each loops over rows and its blocks' totals go through alternate
// mbarriers and slots on alternate rows. Every element is compared with
// NumPy in the program (a count of elements off by more than the
// tolerance, printed and expected 0):
// - an RMS norm, one exchange per row (300 rows of 65536: 4 blocks of
//   1024 threads holding 16 elements per row);
// - a softmax, one exchange per reduction, two per row (200 rows of 50304:
//   4 blocks of 416);
// - int32 rows, a max (32-bit totals) and a sum widened to int64 (64-bit
//   totals) per row, exact (64 rows of 131072: 8 blocks of 512);
// - float16 rows shifted by their maximum in float32, rounded back to
//   float16 (40 rows of 262144: 16 blocks of 1024, a non-portable cluster
//   size), exact.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda --print-kernel-plan %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// PLAN: row kernel: 300 rows x 65536, {{.*}} a cluster of 4 blocks of 1024 per row, 4 x 4 elements
// PLAN: row kernel: 200 rows x 50304, {{.*}} a cluster of 4 blocks of 416 per row
// PLAN: row kernel: 64 rows x 131072, {{.*}} a cluster of 8 blocks of 512 per row
// PLAN: row kernel: 40 rows x 262144, {{.*}} a cluster of 16 blocks of 1024 per row

// NUMPY: rng = np.random.default_rng(17)
// NUMPY: r = rng.standard_normal((300, 65536)).astype(np.float32); np.save("r.npy", r)
// NUMPY: np.save("rn.npy", (r / np.sqrt((r.astype(np.float64) ** 2).mean(axis=1, keepdims=True) + 1e-6)).astype(np.float32))
// NUMPY: print(0)
// NUMPY: s = (3 * rng.standard_normal((200, 50304))).astype(np.float32); s[7, 11] = 50; np.save("s.npy", s)
// NUMPY: e = np.exp(s.astype(np.float64) - s.max(axis=1, keepdims=True))
// NUMPY: np.save("sm.npy", (e / e.sum(axis=1, keepdims=True)).astype(np.float32))
// NUMPY: print(0)
// NUMPY: i = rng.integers(-1000000, 1000000, (64, 131072)).astype(np.int32); i[3, 5] = 2**31 - 1; np.save("i.npy", i)
// NUMPY: np.save("ic.npy", (i - i.max(axis=1, keepdims=True)).astype(np.int32))
// NUMPY: np.save("is.npy", i.astype(np.int64) * 131072 - i.sum(axis=1, keepdims=True, dtype=np.int64))
// NUMPY: print(0)
// NUMPY: print(0)
// NUMPY: h = (4 * rng.standard_normal((40, 262144))).astype(np.float16); h[9, 100] = 60000; np.save("h.npy", h)
// NUMPY: hf = h.astype(np.float32); np.save("hc.npy", (hf - hf.max(axis=1, keepdims=True)).astype(np.float16))
// NUMPY: print(0)

func.func @main() {
  // RMS norm: one reduction per row.
  %r = array.load_npy "r.npy" : tensor<300x65536xf32>
  %rref = array.load_npy "rn.npy" : tensor<300x65536xf32>
  %sq = array.mul %r, %r : (tensor<300x65536xf32>, tensor<300x65536xf32>) -> tensor<300x65536xf32>
  %ms = array.mean %sq axes [1] keepdims : tensor<300x65536xf32> -> tensor<300x1xf32>
  %eps = array.full 1.0e-6 : tensor<f32>
  %mse = array.add %ms, %eps : (tensor<300x1xf32>, tensor<f32>) -> tensor<300x1xf32>
  %rs = array.rsqrt %mse : tensor<300x1xf32>
  %rn = array.mul %r, %rs : (tensor<300x65536xf32>, tensor<300x1xf32>) -> tensor<300x65536xf32>
  %rbad = func.call @off_f32_300(%rn, %rref) : (tensor<300x65536xf32>, tensor<300x65536xf32>) -> tensor<i64>
  array.print %rbad : tensor<i64>

  // Softmax: two reductions per row.
  %s = array.load_npy "s.npy" : tensor<200x50304xf32>
  %sref = array.load_npy "sm.npy" : tensor<200x50304xf32>
  %m = array.max %s axes [1] keepdims : tensor<200x50304xf32> -> tensor<200x1xf32>
  %d = array.sub %s, %m : (tensor<200x50304xf32>, tensor<200x1xf32>) -> tensor<200x50304xf32>
  %e = array.exp %d : tensor<200x50304xf32>
  %t = array.sum %e axes [1] keepdims : tensor<200x50304xf32> -> tensor<200x1xf32>
  %p = array.div %e, %t : (tensor<200x50304xf32>, tensor<200x1xf32>) -> tensor<200x50304xf32>
  %pbad = func.call @off_f32_200(%p, %sref) : (tensor<200x50304xf32>, tensor<200x50304xf32>) -> tensor<i64>
  array.print %pbad : tensor<i64>

  // int32 rows: a max and an int64 sum per row, exact.
  %i = array.load_npy "i.npy" : tensor<64x131072xi32>
  %icref = array.load_npy "ic.npy" : tensor<64x131072xi32>
  %isref = array.load_npy "is.npy" : tensor<64x131072xi64>
  %imax = array.max %i axes [1] keepdims : tensor<64x131072xi32> -> tensor<64x1xi32>
  %ic = array.sub %i, %imax : (tensor<64x131072xi32>, tensor<64x1xi32>) -> tensor<64x131072xi32>
  %isum = array.sum %i axes [1] keepdims : tensor<64x131072xi32> -> tensor<64x1xi64>
  %n = array.full 131072 : tensor<i64>
  %iw = array.mul %i, %n : (tensor<64x131072xi32>, tensor<i64>) -> tensor<64x131072xi64>
  %is = array.sub %iw, %isum : (tensor<64x131072xi64>, tensor<64x1xi64>) -> tensor<64x131072xi64>
  %icne = array.not_equal %ic, %icref : (tensor<64x131072xi32>, tensor<64x131072xi32>) -> tensor<64x131072xi1>
  %icbad = array.sum %icne : tensor<64x131072xi1> -> tensor<i64>
  array.print %icbad : tensor<i64>
  %isne = array.not_equal %is, %isref : (tensor<64x131072xi64>, tensor<64x131072xi64>) -> tensor<64x131072xi1>
  %isbad = array.sum %isne : tensor<64x131072xi1> -> tensor<i64>
  array.print %isbad : tensor<i64>

  // float16 rows shifted by their float32 maximum, over 16 blocks, exact.
  %h = array.load_npy "h.npy" : tensor<40x262144xf16>
  %hcref = array.load_npy "hc.npy" : tensor<40x262144xf16>
  %hf = array.astype %h : tensor<40x262144xf16> -> tensor<40x262144xf32>
  %hm = array.max %hf axes [1] keepdims : tensor<40x262144xf32> -> tensor<40x1xf32>
  %hd = array.sub %hf, %hm : (tensor<40x262144xf32>, tensor<40x1xf32>) -> tensor<40x262144xf32>
  %hc = array.astype %hd : tensor<40x262144xf32> -> tensor<40x262144xf16>
  %hne = array.not_equal %hc, %hcref : (tensor<40x262144xf16>, tensor<40x262144xf16>) -> tensor<40x262144xi1>
  %hbad = array.sum %hne : tensor<40x262144xi1> -> tensor<i64>
  array.print %hbad : tensor<i64>
  return
}

// Elements of `a` off `ref` by more than 1e-6 + 2e-3 |ref|.
func.func private @off_f32_300(%a: tensor<300x65536xf32>, %ref: tensor<300x65536xf32>) -> tensor<i64> {
  %d = array.sub %a, %ref : (tensor<300x65536xf32>, tensor<300x65536xf32>) -> tensor<300x65536xf32>
  %ad = array.abs %d : tensor<300x65536xf32>
  %ar = array.abs %ref : tensor<300x65536xf32>
  %rt = array.full 2.0e-3 : tensor<f32>
  %at = array.full 1.0e-6 : tensor<f32>
  %tr = array.mul %ar, %rt : (tensor<300x65536xf32>, tensor<f32>) -> tensor<300x65536xf32>
  %tol = array.add %tr, %at : (tensor<300x65536xf32>, tensor<f32>) -> tensor<300x65536xf32>
  %off = array.greater %ad, %tol : (tensor<300x65536xf32>, tensor<300x65536xf32>) -> tensor<300x65536xi1>
  %n = array.sum %off : tensor<300x65536xi1> -> tensor<i64>
  return %n : tensor<i64>
}

func.func private @off_f32_200(%a: tensor<200x50304xf32>, %ref: tensor<200x50304xf32>) -> tensor<i64> {
  %d = array.sub %a, %ref : (tensor<200x50304xf32>, tensor<200x50304xf32>) -> tensor<200x50304xf32>
  %ad = array.abs %d : tensor<200x50304xf32>
  %ar = array.abs %ref : tensor<200x50304xf32>
  %rt = array.full 2.0e-3 : tensor<f32>
  %at = array.full 1.0e-6 : tensor<f32>
  %tr = array.mul %ar, %rt : (tensor<200x50304xf32>, tensor<f32>) -> tensor<200x50304xf32>
  %tol = array.add %tr, %at : (tensor<200x50304xf32>, tensor<f32>) -> tensor<200x50304xf32>
  %off = array.greater %ad, %tol : (tensor<200x50304xf32>, tensor<200x50304xf32>) -> tensor<200x50304xi1>
  %n = array.sum %off : tensor<200x50304xi1> -> tensor<i64>
  return %n : tensor<i64>
}
