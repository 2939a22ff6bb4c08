// array.random_uniform: Philox-4x32-10 on (seed, linear index), the same
// bits on the CPU and the GPU. NumPy's own generators are stateful, so the
// reference below recomputes Philox-4x32-10 (Random123's constants) with
// NumPy integer arithmetic and scales the words as the op's description
// says; the GPU output must also equal the CPU output byte for byte.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}
// RUN: %if cuda-gpu %{ diff %t.cpu.out %t.cuda.out %}

// NUMPY: import functools
// NUMPY: M0, M1, W0, W1, MASK = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57), 0x9E3779B9, 0xBB67AE85, np.uint64(0xFFFFFFFF)
// NUMPY: rnd = lambda c, k: ((M1 * c[2] >> np.uint64(32)) ^ c[1] ^ k[0], (M1 * c[2]) & MASK, (M0 * c[0] >> np.uint64(32)) ^ c[3] ^ k[1], (M0 * c[0]) & MASK)
// NUMPY: key = lambda seed, r: (np.uint64(((seed % 2**64) + r * W0) & 0xFFFFFFFF), np.uint64((((seed % 2**64) >> 32) + r * W1) & 0xFFFFFFFF))
// NUMPY: philox = lambda seed, n: functools.reduce(lambda c, r: rnd(c, key(seed, r)), range(10), (np.arange(n, dtype=np.uint64) & MASK, np.arange(n, dtype=np.uint64) >> np.uint64(32), np.zeros(n, np.uint64), np.zeros(n, np.uint64)))
// NUMPY: f32 = lambda x: (x[0] >> np.uint64(8)).astype(np.float32) * np.float32(2.0**-24)
// NUMPY: f64 = lambda x: (((x[0] << np.uint64(32)) | x[1]) >> np.uint64(11)).astype(np.float64) * 2.0**-53
// NUMPY: f16 = lambda x: ((x[0] >> np.uint64(21)).astype(np.float32) * np.float32(2.0**-11)).astype(np.float16)
// NUMPY: print(f32(philox(42, 12)).reshape(4, 3))
// NUMPY: print(f64(philox(-7, 6)))
// NUMPY: print(f16(philox(0, 8)).reshape(2, 4))
// NUMPY: print(f32(philox(2**40 + 3, 5)))

func.func @uniform_f64(%n: index) -> tensor<?xf64> {
  %0 = array.random_uniform(%n) seed -7 : tensor<?xf64>
  return %0 : tensor<?xf64>
}

func.func @main() {
  %0 = array.random_uniform seed 42 : tensor<4x3xf32>
  array.print %0 : tensor<4x3xf32>
  %n = arith.constant 6 : index
  %1 = call @uniform_f64(%n) : (index) -> tensor<?xf64>
  array.print %1 : tensor<?xf64>
  %2 = array.random_uniform seed 0 : tensor<2x4xf16>
  array.print %2 : tensor<2x4xf16>
  %3 = array.random_uniform seed 1099511627779 : tensor<5xf32>
  array.print %3 : tensor<5xf32>
  return
}
