// Softmax and layer norm, which array-gpu-row-kernels runs as one kernel
// per group on the GPU: rows whose length is a multiple of 4 or not,
// shorter than a warp, longer than a block's first pass, float32 and
// float64, a NaN in a row, and a row maximum that is used after the group
// (so it must still be written). Inputs are functions of arange.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-5
// NUMPY: a = np.sin(np.arange(64000, dtype=np.float64) * 0.37).astype(np.float32).reshape(64, 1000,)
// NUMPY: e_a = np.exp(a - a.max(axis=-1, keepdims=True)); sm_a = e_a / e_a.sum(axis=-1, keepdims=True)
// NUMPY: print(sm_a[0:4, 994:1000])
// NUMPY: print(sm_a[60:64, 0:6])
// NUMPY: b = np.sin(np.arange(35, dtype=np.float64) * 0.37).astype(np.float32).reshape(5, 7,)
// NUMPY: e_b = np.exp(b - b.max(axis=-1, keepdims=True)); sm_b = e_b / e_b.sum(axis=-1, keepdims=True)
// NUMPY: print(sm_b[0:4, 1:7])
// NUMPY: print(sm_b[1:5, 0:6])
// NUMPY: print(b.max(axis=-1, keepdims=True)[:5])
// NUMPY: c = np.sin(np.arange(3000, dtype=np.float64) * 0.37).astype(np.float64).reshape(10, 300,)
// NUMPY: e_c = np.exp(c - c.max(axis=-1, keepdims=True)); sm_c = e_c / e_c.sum(axis=-1, keepdims=True)
// NUMPY: print(sm_c[0:4, 294:300])
// NUMPY: print(sm_c[6:10, 0:6])
// NUMPY: d = np.sin(np.arange(49152, dtype=np.float64) * 0.37).astype(np.float32).reshape(3, 16384,)
// NUMPY: e_d = np.exp(d - d.max(axis=-1, keepdims=True)); sm_d = e_d / e_d.sum(axis=-1, keepdims=True)
// NUMPY: sm_d = np.round(sm_d * np.float32(1e7))
// NUMPY: print(sm_d[0:3, 16378:16384])
// NUMPY: print(sm_d[0:3, 0:6])
// NUMPY: n = np.sin(np.arange(3000, dtype=np.float64) * 0.37).astype(np.float32).reshape(6, 500,)
// NUMPY: nx = n.copy(); nx.reshape(-1)[1234] = np.nan
// NUMPY: e_nx = np.exp(nx - nx.max(axis=-1, keepdims=True)); sm_nx = e_nx / e_nx.sum(axis=-1, keepdims=True)
// NUMPY: print(sm_nx[0:4, 494:500])
// NUMPY: print(sm_nx[2:6, 0:6])
// NUMPY: l = np.sin(np.arange(131072, dtype=np.float64) * 0.37).astype(np.float32).reshape(32, 4096,)
// NUMPY: gl = (1.0 + np.sin(np.arange(4096, dtype=np.float64) * 0.37) * 0.001).astype(np.float32)
// NUMPY: bl = np.sin(np.arange(4099, dtype=np.float64) * 0.37).astype(np.float32)
// NUMPY: bl = bl[3:]
// NUMPY: ln_l = (l - l.mean(axis=-1, keepdims=True, dtype=np.float64).astype(np.float32)) / np.sqrt(l.astype(np.float64).var(axis=-1, keepdims=True).astype(np.float32) + np.float32(1e-5)) * gl + bl
// NUMPY: print(ln_l[28:32, 0:6])
// NUMPY: print(ln_l.mean(axis=0, dtype=np.float64).astype(np.float32)[:8])
// NUMPY: l2 = np.sin(np.arange(2331, dtype=np.float64) * 0.37).astype(np.float64).reshape(7, 333,)
// NUMPY: gl2 = (1.0 + np.sin(np.arange(333, dtype=np.float64) * 0.37) * 0.001).astype(np.float64)
// NUMPY: bl2 = np.sin(np.arange(336, dtype=np.float64) * 0.37).astype(np.float64)
// NUMPY: bl2 = bl2[3:]
// NUMPY: ln_l2 = (l2 - l2.mean(axis=-1, keepdims=True, dtype=np.float64).astype(np.float64)) / np.sqrt(l2.astype(np.float64).var(axis=-1, keepdims=True).astype(np.float64) + np.float64(1e-5)) * gl2 + bl2
// NUMPY: print(ln_l2[3:7, 0:6])
// NUMPY: print(ln_l2.mean(axis=0, dtype=np.float64).astype(np.float64)[:8])

func.func @main() {
  %ar1 = array.arange 0, 64000, 1 : tensor<64000xi64>
  %af2 = array.astype %ar1 : tensor<64000xi64> -> tensor<64000xf64>
  %k3 = array.full 0.37 : tensor<f64>
  %m4 = array.mul %af2, %k3 : (tensor<64000xf64>, tensor<f64>) -> tensor<64000xf64>
  %s5 = array.sin %m4 : tensor<64000xf64>
  %c6 = array.astype %s5 : tensor<64000xf64> -> tensor<64000xf32>
  %x7 = array.reshape %c6 : tensor<64000xf32> -> tensor<64x1000xf32>
  %mx8 = array.max %x7 axes [-1] keepdims : tensor<64x1000xf32> -> tensor<64x1xf32>
  %sh9 = array.sub %x7, %mx8 : (tensor<64x1000xf32>, tensor<64x1xf32>) -> tensor<64x1000xf32>
  %ex10 = array.exp %sh9 : tensor<64x1000xf32>
  %su11 = array.sum %ex10 axes [-1] keepdims : tensor<64x1000xf32> -> tensor<64x1xf32>
  %sm12 = array.div %ex10, %su11 : (tensor<64x1000xf32>, tensor<64x1xf32>) -> tensor<64x1000xf32>
  %sl13 = array.slice %sm12 [0:4, 994:1000] : tensor<64x1000xf32> -> tensor<4x6xf32>
  array.print %sl13 : tensor<4x6xf32>
  %sl14 = array.slice %sm12 [60:64, 0:6] : tensor<64x1000xf32> -> tensor<4x6xf32>
  array.print %sl14 : tensor<4x6xf32>
  %ar15 = array.arange 0, 35, 1 : tensor<35xi64>
  %af16 = array.astype %ar15 : tensor<35xi64> -> tensor<35xf64>
  %k17 = array.full 0.37 : tensor<f64>
  %m18 = array.mul %af16, %k17 : (tensor<35xf64>, tensor<f64>) -> tensor<35xf64>
  %s19 = array.sin %m18 : tensor<35xf64>
  %c20 = array.astype %s19 : tensor<35xf64> -> tensor<35xf32>
  %x21 = array.reshape %c20 : tensor<35xf32> -> tensor<5x7xf32>
  %mx22 = array.max %x21 axes [-1] keepdims : tensor<5x7xf32> -> tensor<5x1xf32>
  %sh23 = array.sub %x21, %mx22 : (tensor<5x7xf32>, tensor<5x1xf32>) -> tensor<5x7xf32>
  %ex24 = array.exp %sh23 : tensor<5x7xf32>
  %su25 = array.sum %ex24 axes [-1] keepdims : tensor<5x7xf32> -> tensor<5x1xf32>
  %sm26 = array.div %ex24, %su25 : (tensor<5x7xf32>, tensor<5x1xf32>) -> tensor<5x7xf32>
  %sl27 = array.slice %sm26 [0:4, 1:7] : tensor<5x7xf32> -> tensor<4x6xf32>
  array.print %sl27 : tensor<4x6xf32>
  %sl28 = array.slice %sm26 [1:5, 0:6] : tensor<5x7xf32> -> tensor<4x6xf32>
  array.print %sl28 : tensor<4x6xf32>
  %sl29 = array.slice %mx22 [0:5, 0:1] : tensor<5x1xf32> -> tensor<5x1xf32>
  array.print %sl29 : tensor<5x1xf32>
  %ar30 = array.arange 0, 3000, 1 : tensor<3000xi64>
  %af31 = array.astype %ar30 : tensor<3000xi64> -> tensor<3000xf64>
  %k32 = array.full 0.37 : tensor<f64>
  %m33 = array.mul %af31, %k32 : (tensor<3000xf64>, tensor<f64>) -> tensor<3000xf64>
  %s34 = array.sin %m33 : tensor<3000xf64>
  %x35 = array.reshape %s34 : tensor<3000xf64> -> tensor<10x300xf64>
  %mx36 = array.max %x35 axes [-1] keepdims : tensor<10x300xf64> -> tensor<10x1xf64>
  %sh37 = array.sub %x35, %mx36 : (tensor<10x300xf64>, tensor<10x1xf64>) -> tensor<10x300xf64>
  %ex38 = array.exp %sh37 : tensor<10x300xf64>
  %su39 = array.sum %ex38 axes [-1] keepdims : tensor<10x300xf64> -> tensor<10x1xf64>
  %sm40 = array.div %ex38, %su39 : (tensor<10x300xf64>, tensor<10x1xf64>) -> tensor<10x300xf64>
  %sl41 = array.slice %sm40 [0:4, 294:300] : tensor<10x300xf64> -> tensor<4x6xf64>
  array.print %sl41 : tensor<4x6xf64>
  %sl42 = array.slice %sm40 [6:10, 0:6] : tensor<10x300xf64> -> tensor<4x6xf64>
  array.print %sl42 : tensor<4x6xf64>
  %ar43 = array.arange 0, 49152, 1 : tensor<49152xi64>
  %af44 = array.astype %ar43 : tensor<49152xi64> -> tensor<49152xf64>
  %k45 = array.full 0.37 : tensor<f64>
  %m46 = array.mul %af44, %k45 : (tensor<49152xf64>, tensor<f64>) -> tensor<49152xf64>
  %s47 = array.sin %m46 : tensor<49152xf64>
  %c48 = array.astype %s47 : tensor<49152xf64> -> tensor<49152xf32>
  %x49 = array.reshape %c48 : tensor<49152xf32> -> tensor<3x16384xf32>
  %mx50 = array.max %x49 axes [-1] keepdims : tensor<3x16384xf32> -> tensor<3x1xf32>
  %sh51 = array.sub %x49, %mx50 : (tensor<3x16384xf32>, tensor<3x1xf32>) -> tensor<3x16384xf32>
  %ex52 = array.exp %sh51 : tensor<3x16384xf32>
  %su53 = array.sum %ex52 axes [-1] keepdims : tensor<3x16384xf32> -> tensor<3x1xf32>
  %sm54 = array.div %ex52, %su53 : (tensor<3x16384xf32>, tensor<3x1xf32>) -> tensor<3x16384xf32>
  %k55 = array.full 1.0e7 : tensor<f32>
  %ys56 = array.mul %sm54, %k55 : (tensor<3x16384xf32>, tensor<f32>) -> tensor<3x16384xf32>
  %yr57 = array.round %ys56 : tensor<3x16384xf32>
  %sl58 = array.slice %yr57 [0:3, 16378:16384] : tensor<3x16384xf32> -> tensor<3x6xf32>
  array.print %sl58 : tensor<3x6xf32>
  %sl59 = array.slice %yr57 [0:3, 0:6] : tensor<3x16384xf32> -> tensor<3x6xf32>
  array.print %sl59 : tensor<3x6xf32>
  %ar60 = array.arange 0, 3000, 1 : tensor<3000xi64>
  %af61 = array.astype %ar60 : tensor<3000xi64> -> tensor<3000xf64>
  %k62 = array.full 0.37 : tensor<f64>
  %m63 = array.mul %af61, %k62 : (tensor<3000xf64>, tensor<f64>) -> tensor<3000xf64>
  %s64 = array.sin %m63 : tensor<3000xf64>
  %c65 = array.astype %s64 : tensor<3000xf64> -> tensor<3000xf32>
  %x66 = array.reshape %c65 : tensor<3000xf32> -> tensor<6x500xf32>
  %nz = array.full 0.0 : tensor<f32>
  %nan = array.div %nz, %nz : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %nidx = array.arange 0, 3000, 1 : tensor<3000xi64>
  %nidx2 = array.reshape %nidx : tensor<3000xi64> -> tensor<6x500xi64>
  %n1234 = array.full 1234 : tensor<i64>
  %nsel = array.equal %nidx2, %n1234 : (tensor<6x500xi64>, tensor<i64>) -> tensor<6x500xi1>
  %nx = array.where %nsel, %nan, %x66 : (tensor<6x500xi1>, tensor<f32>, tensor<6x500xf32>) -> tensor<6x500xf32>
  %mx67 = array.max %nx axes [-1] keepdims : tensor<6x500xf32> -> tensor<6x1xf32>
  %sh68 = array.sub %nx, %mx67 : (tensor<6x500xf32>, tensor<6x1xf32>) -> tensor<6x500xf32>
  %ex69 = array.exp %sh68 : tensor<6x500xf32>
  %su70 = array.sum %ex69 axes [-1] keepdims : tensor<6x500xf32> -> tensor<6x1xf32>
  %sm71 = array.div %ex69, %su70 : (tensor<6x500xf32>, tensor<6x1xf32>) -> tensor<6x500xf32>
  %sl72 = array.slice %sm71 [0:4, 494:500] : tensor<6x500xf32> -> tensor<4x6xf32>
  array.print %sl72 : tensor<4x6xf32>
  %sl73 = array.slice %sm71 [2:6, 0:6] : tensor<6x500xf32> -> tensor<4x6xf32>
  array.print %sl73 : tensor<4x6xf32>
  %ar74 = array.arange 0, 131072, 1 : tensor<131072xi64>
  %af75 = array.astype %ar74 : tensor<131072xi64> -> tensor<131072xf64>
  %k76 = array.full 0.37 : tensor<f64>
  %m77 = array.mul %af75, %k76 : (tensor<131072xf64>, tensor<f64>) -> tensor<131072xf64>
  %s78 = array.sin %m77 : tensor<131072xf64>
  %c79 = array.astype %s78 : tensor<131072xf64> -> tensor<131072xf32>
  %x80 = array.reshape %c79 : tensor<131072xf32> -> tensor<32x4096xf32>
  %ar81 = array.arange 0, 4096, 1 : tensor<4096xi64>
  %af82 = array.astype %ar81 : tensor<4096xi64> -> tensor<4096xf64>
  %k83 = array.full 0.37 : tensor<f64>
  %m84 = array.mul %af82, %k83 : (tensor<4096xf64>, tensor<f64>) -> tensor<4096xf64>
  %s85 = array.sin %m84 : tensor<4096xf64>
  %e86 = array.full 0.001 : tensor<f64>
  %t87 = array.mul %s85, %e86 : (tensor<4096xf64>, tensor<f64>) -> tensor<4096xf64>
  %o88 = array.full 1.0 : tensor<f64>
  %s89 = array.add %t87, %o88 : (tensor<4096xf64>, tensor<f64>) -> tensor<4096xf64>
  %c90 = array.astype %s89 : tensor<4096xf64> -> tensor<4096xf32>
  %ar91 = array.arange 0, 4099, 1 : tensor<4099xi64>
  %af92 = array.astype %ar91 : tensor<4099xi64> -> tensor<4099xf64>
  %k93 = array.full 0.37 : tensor<f64>
  %m94 = array.mul %af92, %k93 : (tensor<4099xf64>, tensor<f64>) -> tensor<4099xf64>
  %s95 = array.sin %m94 : tensor<4099xf64>
  %c96 = array.astype %s95 : tensor<4099xf64> -> tensor<4099xf32>
  %bt97 = array.slice %c96 [3:4099] : tensor<4099xf32> -> tensor<4096xf32>
  %eps98 = array.full 1.0e-5 : tensor<f32>
  %mu99 = array.mean %x80 axes [-1] keepdims : tensor<32x4096xf32> -> tensor<32x1xf32>
  %var100 = array.var %x80 axes [-1] keepdims : tensor<32x4096xf32> -> tensor<32x1xf32>
  %ce101 = array.sub %x80, %mu99 : (tensor<32x4096xf32>, tensor<32x1xf32>) -> tensor<32x4096xf32>
  %ve102 = array.add %var100, %eps98 : (tensor<32x1xf32>, tensor<f32>) -> tensor<32x1xf32>
  %sd103 = array.sqrt %ve102 : tensor<32x1xf32>
  %nm104 = array.div %ce101, %sd103 : (tensor<32x4096xf32>, tensor<32x1xf32>) -> tensor<32x4096xf32>
  %sc105 = array.mul %nm104, %c90 : (tensor<32x4096xf32>, tensor<4096xf32>) -> tensor<32x4096xf32>
  %ln106 = array.add %sc105, %bt97 : (tensor<32x4096xf32>, tensor<4096xf32>) -> tensor<32x4096xf32>
  %sl107 = array.slice %ln106 [28:32, 0:6] : tensor<32x4096xf32> -> tensor<4x6xf32>
  array.print %sl107 : tensor<4x6xf32>
  %ms108 = array.mean %ln106 axes [0] : tensor<32x4096xf32> -> tensor<4096xf32>
  %sl109 = array.slice %ms108 [0:8] : tensor<4096xf32> -> tensor<8xf32>
  array.print %sl109 : tensor<8xf32>
  %ar110 = array.arange 0, 2331, 1 : tensor<2331xi64>
  %af111 = array.astype %ar110 : tensor<2331xi64> -> tensor<2331xf64>
  %k112 = array.full 0.37 : tensor<f64>
  %m113 = array.mul %af111, %k112 : (tensor<2331xf64>, tensor<f64>) -> tensor<2331xf64>
  %s114 = array.sin %m113 : tensor<2331xf64>
  %x115 = array.reshape %s114 : tensor<2331xf64> -> tensor<7x333xf64>
  %ar116 = array.arange 0, 333, 1 : tensor<333xi64>
  %af117 = array.astype %ar116 : tensor<333xi64> -> tensor<333xf64>
  %k118 = array.full 0.37 : tensor<f64>
  %m119 = array.mul %af117, %k118 : (tensor<333xf64>, tensor<f64>) -> tensor<333xf64>
  %s120 = array.sin %m119 : tensor<333xf64>
  %e121 = array.full 0.001 : tensor<f64>
  %t122 = array.mul %s120, %e121 : (tensor<333xf64>, tensor<f64>) -> tensor<333xf64>
  %o123 = array.full 1.0 : tensor<f64>
  %s124 = array.add %t122, %o123 : (tensor<333xf64>, tensor<f64>) -> tensor<333xf64>
  %ar125 = array.arange 0, 336, 1 : tensor<336xi64>
  %af126 = array.astype %ar125 : tensor<336xi64> -> tensor<336xf64>
  %k127 = array.full 0.37 : tensor<f64>
  %m128 = array.mul %af126, %k127 : (tensor<336xf64>, tensor<f64>) -> tensor<336xf64>
  %s129 = array.sin %m128 : tensor<336xf64>
  %bt130 = array.slice %s129 [3:336] : tensor<336xf64> -> tensor<333xf64>
  %eps131 = array.full 1.0e-5 : tensor<f64>
  %mu132 = array.mean %x115 axes [-1] keepdims : tensor<7x333xf64> -> tensor<7x1xf64>
  %var133 = array.var %x115 axes [-1] keepdims : tensor<7x333xf64> -> tensor<7x1xf64>
  %ce134 = array.sub %x115, %mu132 : (tensor<7x333xf64>, tensor<7x1xf64>) -> tensor<7x333xf64>
  %ve135 = array.add %var133, %eps131 : (tensor<7x1xf64>, tensor<f64>) -> tensor<7x1xf64>
  %sd136 = array.sqrt %ve135 : tensor<7x1xf64>
  %nm137 = array.div %ce134, %sd136 : (tensor<7x333xf64>, tensor<7x1xf64>) -> tensor<7x333xf64>
  %sc138 = array.mul %nm137, %s124 : (tensor<7x333xf64>, tensor<333xf64>) -> tensor<7x333xf64>
  %ln139 = array.add %sc138, %bt130 : (tensor<7x333xf64>, tensor<333xf64>) -> tensor<7x333xf64>
  %sl140 = array.slice %ln139 [3:7, 0:6] : tensor<7x333xf64> -> tensor<4x6xf64>
  array.print %sl140 : tensor<4x6xf64>
  %ms141 = array.mean %ln139 axes [0] : tensor<7x333xf64> -> tensor<333xf64>
  %sl142 = array.slice %ms141 [0:8] : tensor<333xf64> -> tensor<8xf64>
  array.print %sl142 : tensor<8xf64>
  return
}
