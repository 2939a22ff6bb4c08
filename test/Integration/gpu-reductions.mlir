// Reductions large enough for array-gpu-reductions' kernels (full, row,
// column; warp and block per row; split over blocks with a second pass;
// vector loads and not) and array-gpu-row-kernels' fused var/std/logsumexp,
// for several dtypes, sizes that are not multiples of 32 or 4, empty
// arrays and NaN. Inputs are functions of arange, so NumPy can rebuild
// them. Prints slices where a result is long.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 1e-5
// NUMPY: a = np.sin(np.arange(1000, dtype=np.float64) * 0.37).astype(np.float32)
// NUMPY: print(a.sum(dtype=np.float64).astype(np.float32))
// NUMPY: b = np.sin(np.arange(300007, dtype=np.float64) * 0.37).astype(np.float32)
// NUMPY: print(b.sum(dtype=np.float64).astype(np.float32))
// NUMPY: c = np.sin(np.arange(1048576, dtype=np.float64) * 0.37).astype(np.float32)
// NUMPY: print(c.sum(dtype=np.float64).astype(np.float32))
// NUMPY: print(c.max())
// NUMPY: d = (np.arange(200003) % 7 - 3).astype(np.int32)
// NUMPY: print(d.sum())
// NUMPY: e = (np.arange(70001) % 13 == 0)
// NUMPY: print(e.any())
// NUMPY: print(e.all())
// NUMPY: print(e.sum())
// NUMPY: f = np.sin(np.arange(185037, dtype=np.float64) * 0.37).astype(np.float64).reshape(37, 5001,)
// NUMPY: print(f.sum(axis=1))
// NUMPY: g = (np.arange(33000) % 7 - 3).astype(np.int32).reshape(1000, 33,)
// NUMPY: print(g.sum(axis=-1)[:40])
// NUMPY: h = np.sin(np.arange(30000, dtype=np.float64) * 0.37).astype(np.float32).reshape(20, 30, 50,)
// NUMPY: print(h.sum(axis=(0, 2), dtype=np.float64).astype(np.float32))
// NUMPY: m = np.sin(np.arange(192000, dtype=np.float64) * 0.37).astype(np.float32).reshape(64, 3000,)
// NUMPY: print(m.mean(axis=1, dtype=np.float64).astype(np.float32))
// NUMPY: i8v = (np.arange(15000) % 7 - 3).astype(np.int8).reshape(50, 300,)
// NUMPY: print(i8v.min(axis=1))
// NUMPY: print(i8v.max(axis=0)[:20])
// NUMPY: hf = (np.arange(4000) % 7 - 3).astype(np.float16).reshape(40, 100,)
// NUMPY: print(hf.max(axis=1))
// NUMPY: print(hf.sum(axis=1))
// NUMPY: p = (1.0 + np.sin(np.arange(10000, dtype=np.float64) * 0.37) * 0.001).astype(np.float64).reshape(10, 1000,)
// NUMPY: print(p.prod(axis=1))
// NUMPY: bb = (np.arange(10000) % 13 == 0).reshape(20, 500,)
// NUMPY: print(bb.any(axis=1))
// NUMPY: print(bb.all(axis=0)[:30])
// NUMPY: cs = np.sin(np.arange(200120, dtype=np.float64) * 0.37).astype(np.float32).reshape(5003, 40,)
// NUMPY: print(cs.sum(axis=0, dtype=np.float64).astype(np.float32))
// NUMPY: ci = (np.arange(100000) % 7 - 3).astype(np.int64).reshape(100, 1000,)
// NUMPY: print(ci.sum(axis=0)[:50])
// NUMPY: cm = np.sin(np.arange(840000, dtype=np.float64) * 0.37).astype(np.float64).reshape(3000, 7, 40,)
// NUMPY: print(cm.max(axis=0)[:2])
// NUMPY: print(cm.min(axis=(0, 1), keepdims=True))
// NUMPY: v = np.sin(np.arange(32000, dtype=np.float64) * 0.37).astype(np.float32).reshape(8, 4000,)
// NUMPY: print(v.astype(np.float64).var(axis=1).astype(np.float32))
// NUMPY: print(v.astype(np.float64).std(axis=0).astype(np.float32)[:10])
// NUMPY: print(np.logaddexp.reduce(v.astype(np.float64), axis=1).astype(np.float32))
// NUMPY: print(np.zeros((0, 100), np.float32).sum(axis=1))
// NUMPY: print(np.zeros((0, 100), np.float32).sum(axis=0)[:5])
// NUMPY: n = np.sin(np.arange(10000, dtype=np.float64) * 0.37).astype(np.float32).reshape(50, 200,)
// NUMPY: nx = n.copy(); nx.reshape(-1)[1234] = np.nan
// NUMPY: print(nx.max(axis=1)[:10])
// NUMPY: print(nx.min(axis=0)[30:40])
// NUMPY: print(nx.sum())

func.func @main() {
  %ar1 = array.arange 0, 1000, 1 : tensor<1000xi64>
  %af2 = array.astype %ar1 : tensor<1000xi64> -> tensor<1000xf64>
  %k3 = array.full 0.37 : tensor<f64>
  %m4 = array.mul %af2, %k3 : (tensor<1000xf64>, tensor<f64>) -> tensor<1000xf64>
  %s5 = array.sin %m4 : tensor<1000xf64>
  %c6 = array.astype %s5 : tensor<1000xf64> -> tensor<1000xf32>
  %y7 = array.sum %c6 : tensor<1000xf32> -> tensor<f32>
  array.print %y7 : tensor<f32>
  %ar8 = array.arange 0, 300007, 1 : tensor<300007xi64>
  %af9 = array.astype %ar8 : tensor<300007xi64> -> tensor<300007xf64>
  %k10 = array.full 0.37 : tensor<f64>
  %m11 = array.mul %af9, %k10 : (tensor<300007xf64>, tensor<f64>) -> tensor<300007xf64>
  %s12 = array.sin %m11 : tensor<300007xf64>
  %c13 = array.astype %s12 : tensor<300007xf64> -> tensor<300007xf32>
  %y14 = array.sum %c13 : tensor<300007xf32> -> tensor<f32>
  array.print %y14 : tensor<f32>
  %ar15 = array.arange 0, 1048576, 1 : tensor<1048576xi64>
  %af16 = array.astype %ar15 : tensor<1048576xi64> -> tensor<1048576xf64>
  %k17 = array.full 0.37 : tensor<f64>
  %m18 = array.mul %af16, %k17 : (tensor<1048576xf64>, tensor<f64>) -> tensor<1048576xf64>
  %s19 = array.sin %m18 : tensor<1048576xf64>
  %c20 = array.astype %s19 : tensor<1048576xf64> -> tensor<1048576xf32>
  %y21 = array.sum %c20 : tensor<1048576xf32> -> tensor<f32>
  array.print %y21 : tensor<f32>
  %y22 = array.max %c20 : tensor<1048576xf32> -> tensor<f32>
  array.print %y22 : tensor<f32>
  %ar23 = array.arange 0, 200003, 1 : tensor<200003xi64>
  %q24 = array.full 7 : tensor<i64>
  %r25 = array.remainder %ar23, %q24 : (tensor<200003xi64>, tensor<i64>) -> tensor<200003xi64>
  %q26 = array.full 3 : tensor<i64>
  %d27 = array.sub %r25, %q26 : (tensor<200003xi64>, tensor<i64>) -> tensor<200003xi64>
  %c28 = array.astype %d27 : tensor<200003xi64> -> tensor<200003xi32>
  %y29 = array.sum %c28 : tensor<200003xi32> -> tensor<i64>
  array.print %y29 : tensor<i64>
  %ar30 = array.arange 0, 70001, 1 : tensor<70001xi64>
  %q31 = array.full 13 : tensor<i64>
  %r32 = array.remainder %ar30, %q31 : (tensor<70001xi64>, tensor<i64>) -> tensor<70001xi64>
  %z33 = array.full 0 : tensor<i64>
  %b34 = array.equal %r32, %z33 : (tensor<70001xi64>, tensor<i64>) -> tensor<70001xi1>
  %y35 = array.any %b34 : tensor<70001xi1> -> tensor<i1>
  array.print %y35 : tensor<i1>
  %y36 = array.all %b34 : tensor<70001xi1> -> tensor<i1>
  array.print %y36 : tensor<i1>
  %y37 = array.sum %b34 : tensor<70001xi1> -> tensor<i64>
  array.print %y37 : tensor<i64>
  %ar38 = array.arange 0, 185037, 1 : tensor<185037xi64>
  %af39 = array.astype %ar38 : tensor<185037xi64> -> tensor<185037xf64>
  %k40 = array.full 0.37 : tensor<f64>
  %m41 = array.mul %af39, %k40 : (tensor<185037xf64>, tensor<f64>) -> tensor<185037xf64>
  %s42 = array.sin %m41 : tensor<185037xf64>
  %x43 = array.reshape %s42 : tensor<185037xf64> -> tensor<37x5001xf64>
  %y44 = array.sum %x43 axes [1] : tensor<37x5001xf64> -> tensor<37xf64>
  array.print %y44 : tensor<37xf64>
  %ar45 = array.arange 0, 33000, 1 : tensor<33000xi64>
  %q46 = array.full 7 : tensor<i64>
  %r47 = array.remainder %ar45, %q46 : (tensor<33000xi64>, tensor<i64>) -> tensor<33000xi64>
  %q48 = array.full 3 : tensor<i64>
  %d49 = array.sub %r47, %q48 : (tensor<33000xi64>, tensor<i64>) -> tensor<33000xi64>
  %c50 = array.astype %d49 : tensor<33000xi64> -> tensor<33000xi32>
  %x51 = array.reshape %c50 : tensor<33000xi32> -> tensor<1000x33xi32>
  %y52 = array.sum %x51 axes [-1] : tensor<1000x33xi32> -> tensor<1000xi64>
  %sl53 = array.slice %y52 [0:40] : tensor<1000xi64> -> tensor<40xi64>
  array.print %sl53 : tensor<40xi64>
  %ar54 = array.arange 0, 30000, 1 : tensor<30000xi64>
  %af55 = array.astype %ar54 : tensor<30000xi64> -> tensor<30000xf64>
  %k56 = array.full 0.37 : tensor<f64>
  %m57 = array.mul %af55, %k56 : (tensor<30000xf64>, tensor<f64>) -> tensor<30000xf64>
  %s58 = array.sin %m57 : tensor<30000xf64>
  %c59 = array.astype %s58 : tensor<30000xf64> -> tensor<30000xf32>
  %x60 = array.reshape %c59 : tensor<30000xf32> -> tensor<20x30x50xf32>
  %y61 = array.sum %x60 axes [0, 2] : tensor<20x30x50xf32> -> tensor<30xf32>
  array.print %y61 : tensor<30xf32>
  %ar62 = array.arange 0, 192000, 1 : tensor<192000xi64>
  %af63 = array.astype %ar62 : tensor<192000xi64> -> tensor<192000xf64>
  %k64 = array.full 0.37 : tensor<f64>
  %m65 = array.mul %af63, %k64 : (tensor<192000xf64>, tensor<f64>) -> tensor<192000xf64>
  %s66 = array.sin %m65 : tensor<192000xf64>
  %c67 = array.astype %s66 : tensor<192000xf64> -> tensor<192000xf32>
  %x68 = array.reshape %c67 : tensor<192000xf32> -> tensor<64x3000xf32>
  %y69 = array.mean %x68 axes [1] : tensor<64x3000xf32> -> tensor<64xf32>
  array.print %y69 : tensor<64xf32>
  %ar70 = array.arange 0, 15000, 1 : tensor<15000xi64>
  %q71 = array.full 7 : tensor<i64>
  %r72 = array.remainder %ar70, %q71 : (tensor<15000xi64>, tensor<i64>) -> tensor<15000xi64>
  %q73 = array.full 3 : tensor<i64>
  %d74 = array.sub %r72, %q73 : (tensor<15000xi64>, tensor<i64>) -> tensor<15000xi64>
  %c75 = array.astype %d74 : tensor<15000xi64> -> tensor<15000xi8>
  %x76 = array.reshape %c75 : tensor<15000xi8> -> tensor<50x300xi8>
  %y77 = array.min %x76 axes [1] : tensor<50x300xi8> -> tensor<50xi8>
  array.print %y77 : tensor<50xi8>
  %y78 = array.max %x76 axes [0] : tensor<50x300xi8> -> tensor<300xi8>
  %sl79 = array.slice %y78 [0:20] : tensor<300xi8> -> tensor<20xi8>
  array.print %sl79 : tensor<20xi8>
  %ar80 = array.arange 0, 4000, 1 : tensor<4000xi64>
  %q81 = array.full 7 : tensor<i64>
  %r82 = array.remainder %ar80, %q81 : (tensor<4000xi64>, tensor<i64>) -> tensor<4000xi64>
  %q83 = array.full 3 : tensor<i64>
  %d84 = array.sub %r82, %q83 : (tensor<4000xi64>, tensor<i64>) -> tensor<4000xi64>
  %c85 = array.astype %d84 : tensor<4000xi64> -> tensor<4000xf16>
  %x86 = array.reshape %c85 : tensor<4000xf16> -> tensor<40x100xf16>
  %y87 = array.max %x86 axes [1] : tensor<40x100xf16> -> tensor<40xf16>
  array.print %y87 : tensor<40xf16>
  %y88 = array.sum %x86 axes [1] : tensor<40x100xf16> -> tensor<40xf16>
  array.print %y88 : tensor<40xf16>
  %ar89 = array.arange 0, 10000, 1 : tensor<10000xi64>
  %af90 = array.astype %ar89 : tensor<10000xi64> -> tensor<10000xf64>
  %k91 = array.full 0.37 : tensor<f64>
  %m92 = array.mul %af90, %k91 : (tensor<10000xf64>, tensor<f64>) -> tensor<10000xf64>
  %s93 = array.sin %m92 : tensor<10000xf64>
  %e94 = array.full 0.001 : tensor<f64>
  %t95 = array.mul %s93, %e94 : (tensor<10000xf64>, tensor<f64>) -> tensor<10000xf64>
  %o96 = array.full 1.0 : tensor<f64>
  %s97 = array.add %t95, %o96 : (tensor<10000xf64>, tensor<f64>) -> tensor<10000xf64>
  %x98 = array.reshape %s97 : tensor<10000xf64> -> tensor<10x1000xf64>
  %y99 = array.prod %x98 axes [1] : tensor<10x1000xf64> -> tensor<10xf64>
  array.print %y99 : tensor<10xf64>
  %ar100 = array.arange 0, 10000, 1 : tensor<10000xi64>
  %q101 = array.full 13 : tensor<i64>
  %r102 = array.remainder %ar100, %q101 : (tensor<10000xi64>, tensor<i64>) -> tensor<10000xi64>
  %z103 = array.full 0 : tensor<i64>
  %b104 = array.equal %r102, %z103 : (tensor<10000xi64>, tensor<i64>) -> tensor<10000xi1>
  %x105 = array.reshape %b104 : tensor<10000xi1> -> tensor<20x500xi1>
  %y106 = array.any %x105 axes [1] : tensor<20x500xi1> -> tensor<20xi1>
  array.print %y106 : tensor<20xi1>
  %y107 = array.all %x105 axes [0] : tensor<20x500xi1> -> tensor<500xi1>
  %sl108 = array.slice %y107 [0:30] : tensor<500xi1> -> tensor<30xi1>
  array.print %sl108 : tensor<30xi1>
  %ar109 = array.arange 0, 200120, 1 : tensor<200120xi64>
  %af110 = array.astype %ar109 : tensor<200120xi64> -> tensor<200120xf64>
  %k111 = array.full 0.37 : tensor<f64>
  %m112 = array.mul %af110, %k111 : (tensor<200120xf64>, tensor<f64>) -> tensor<200120xf64>
  %s113 = array.sin %m112 : tensor<200120xf64>
  %c114 = array.astype %s113 : tensor<200120xf64> -> tensor<200120xf32>
  %x115 = array.reshape %c114 : tensor<200120xf32> -> tensor<5003x40xf32>
  %y116 = array.sum %x115 axes [0] : tensor<5003x40xf32> -> tensor<40xf32>
  array.print %y116 : tensor<40xf32>
  %ar117 = array.arange 0, 100000, 1 : tensor<100000xi64>
  %q118 = array.full 7 : tensor<i64>
  %r119 = array.remainder %ar117, %q118 : (tensor<100000xi64>, tensor<i64>) -> tensor<100000xi64>
  %q120 = array.full 3 : tensor<i64>
  %d121 = array.sub %r119, %q120 : (tensor<100000xi64>, tensor<i64>) -> tensor<100000xi64>
  %x122 = array.reshape %d121 : tensor<100000xi64> -> tensor<100x1000xi64>
  %y123 = array.sum %x122 axes [0] : tensor<100x1000xi64> -> tensor<1000xi64>
  %sl124 = array.slice %y123 [0:50] : tensor<1000xi64> -> tensor<50xi64>
  array.print %sl124 : tensor<50xi64>
  %ar125 = array.arange 0, 840000, 1 : tensor<840000xi64>
  %af126 = array.astype %ar125 : tensor<840000xi64> -> tensor<840000xf64>
  %k127 = array.full 0.37 : tensor<f64>
  %m128 = array.mul %af126, %k127 : (tensor<840000xf64>, tensor<f64>) -> tensor<840000xf64>
  %s129 = array.sin %m128 : tensor<840000xf64>
  %x130 = array.reshape %s129 : tensor<840000xf64> -> tensor<3000x7x40xf64>
  %y131 = array.max %x130 axes [0] : tensor<3000x7x40xf64> -> tensor<7x40xf64>
  %sl132 = array.slice %y131 [0:2] : tensor<7x40xf64> -> tensor<2x40xf64>
  array.print %sl132 : tensor<2x40xf64>
  %y133 = array.min %x130 axes [0, 1] keepdims : tensor<3000x7x40xf64> -> tensor<1x1x40xf64>
  array.print %y133 : tensor<1x1x40xf64>
  %ar134 = array.arange 0, 32000, 1 : tensor<32000xi64>
  %af135 = array.astype %ar134 : tensor<32000xi64> -> tensor<32000xf64>
  %k136 = array.full 0.37 : tensor<f64>
  %m137 = array.mul %af135, %k136 : (tensor<32000xf64>, tensor<f64>) -> tensor<32000xf64>
  %s138 = array.sin %m137 : tensor<32000xf64>
  %c139 = array.astype %s138 : tensor<32000xf64> -> tensor<32000xf32>
  %x140 = array.reshape %c139 : tensor<32000xf32> -> tensor<8x4000xf32>
  %y141 = array.var %x140 axes [1] : tensor<8x4000xf32> -> tensor<8xf32>
  array.print %y141 : tensor<8xf32>
  %y142 = array.std %x140 axes [0] : tensor<8x4000xf32> -> tensor<4000xf32>
  %sl143 = array.slice %y142 [0:10] : tensor<4000xf32> -> tensor<10xf32>
  array.print %sl143 : tensor<10xf32>
  %y144 = array.logsumexp %x140 axes [1] : tensor<8x4000xf32> -> tensor<8xf32>
  array.print %y144 : tensor<8xf32>
  %empty = array.full 1.0 : tensor<0x100xf32>
  %esum = array.sum %empty axes [1] : tensor<0x100xf32> -> tensor<0xf32>
  array.print %esum : tensor<0xf32>
  %esum2 = array.sum %empty axes [0] : tensor<0x100xf32> -> tensor<100xf32>
  %esl = array.slice %esum2 [0:5] : tensor<100xf32> -> tensor<5xf32>
  array.print %esl : tensor<5xf32>
  %ar145 = array.arange 0, 10000, 1 : tensor<10000xi64>
  %af146 = array.astype %ar145 : tensor<10000xi64> -> tensor<10000xf64>
  %k147 = array.full 0.37 : tensor<f64>
  %m148 = array.mul %af146, %k147 : (tensor<10000xf64>, tensor<f64>) -> tensor<10000xf64>
  %s149 = array.sin %m148 : tensor<10000xf64>
  %c150 = array.astype %s149 : tensor<10000xf64> -> tensor<10000xf32>
  %x151 = array.reshape %c150 : tensor<10000xf32> -> tensor<50x200xf32>
  %nz = array.full 0.0 : tensor<f32>
  %nan = array.div %nz, %nz : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %nidx = array.arange 0, 10000, 1 : tensor<10000xi64>
  %nidx2 = array.reshape %nidx : tensor<10000xi64> -> tensor<50x200xi64>
  %n1234 = array.full 1234 : tensor<i64>
  %nsel = array.equal %nidx2, %n1234 : (tensor<50x200xi64>, tensor<i64>) -> tensor<50x200xi1>
  %nx = array.where %nsel, %nan, %x151 : (tensor<50x200xi1>, tensor<f32>, tensor<50x200xf32>) -> tensor<50x200xf32>
  %y152 = array.max %nx axes [1] : tensor<50x200xf32> -> tensor<50xf32>
  %sl153 = array.slice %y152 [0:10] : tensor<50xf32> -> tensor<10xf32>
  array.print %sl153 : tensor<10xf32>
  %y154 = array.min %nx axes [0] : tensor<50x200xf32> -> tensor<200xf32>
  %sl155 = array.slice %y154 [30:40] : tensor<200xf32> -> tensor<10xf32>
  array.print %sl155 : tensor<10xf32>
  %y156 = array.sum %nx : tensor<50x200xf32> -> tensor<f32>
  array.print %y156 : tensor<f32>
  return
}
