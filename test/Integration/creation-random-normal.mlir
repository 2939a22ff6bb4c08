// array.random_normal: Box-Muller on the Philox-4x32-10 words of
// array.random_uniform. The reference recomputes them with NumPy; log and
// cos may differ in the last bit between libm, libdevice and NumPy.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-5
// NUMPY: import functools
// NUMPY: M0, M1, W0, W1, MASK = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57), 0x9E3779B9, 0xBB67AE85, np.uint64(0xFFFFFFFF)
// NUMPY: rnd = lambda c, k: ((M1 * c[2] >> np.uint64(32)) ^ c[1] ^ k[0], (M1 * c[2]) & MASK, (M0 * c[0] >> np.uint64(32)) ^ c[3] ^ k[1], (M0 * c[0]) & MASK)
// NUMPY: key = lambda seed, r: (np.uint64(((seed % 2**64) + r * W0) & 0xFFFFFFFF), np.uint64((((seed % 2**64) >> 32) + r * W1) & 0xFFFFFFFF))
// NUMPY: philox = lambda seed, n: functools.reduce(lambda c, r: rnd(c, key(seed, r)), range(10), (np.arange(n, dtype=np.uint64) & MASK, np.arange(n, dtype=np.uint64) >> np.uint64(32), np.zeros(n, np.uint64), np.zeros(n, np.uint64)))
// NUMPY: u24 = lambda w, d: ((w >> np.uint64(8)) + np.uint64(d)).astype(np.float32) * np.float32(2.0**-24)
// NUMPY: u53 = lambda hi, lo, d: ((((hi << np.uint64(32)) | lo) >> np.uint64(11)) + np.uint64(d)).astype(np.float64) * 2.0**-53
// NUMPY: normal32 = lambda x: np.sqrt(np.float32(-2.0) * np.log(u24(x[0], 1))) * np.cos(np.float32(2 * np.pi) * u24(x[1], 0))
// NUMPY: normal64 = lambda x: np.sqrt(-2.0 * np.log(u53(x[0], x[1], 1))) * np.cos(2 * np.pi * u53(x[2], x[3], 0))
// NUMPY: print(normal32(philox(42, 12)).reshape(3, 4))
// NUMPY: print(normal64(philox(5, 6)))
// NUMPY: print(normal32(philox(9, 6)).astype(np.float16))

func.func @main() {
  %0 = array.random_normal seed 42 : tensor<3x4xf32>
  array.print %0 : tensor<3x4xf32>
  %1 = array.random_normal seed 5 : tensor<6xf64>
  array.print %1 : tensor<6xf64>
  %2 = array.random_normal seed 9 : tensor<6xf16>
  array.print %2 : tensor<6xf16>
  return
}
