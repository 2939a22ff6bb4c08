// A random program (random_programs.py --seed 1216 --index 2343): a while loop
// carrying a matrix and the largest change of its elements, in a module with
// sparse tensors. Upstream's sparsification-and-bufferization hoisted the
// reduction's fill out of the loop after deciding its writes were in place,
// so the change accumulated across iterations and the loop ran once too often
// (4 iterations instead of 3, every later result off). Now array-sparsify
// hoists loop invariants before that analysis.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY-RTOL: 0.0001
// NUMPY: def _bf(v): v = np.asarray(v, np.float32); b = v.view(np.uint32); return np.where(np.isnan(v), np.float32(np.nan), ((b + np.uint32(0x7FFF) + ((b >> np.uint32(16)) & np.uint32(1))) & np.uint32(0xFFFF0000)).view(np.float32))
// NUMPY: def _as(x, t): x = np.asarray(x); return _bf(x.astype(np.float32)) if t == 'bfloat16' else (x.astype(np.int64) if x.dtype.kind == 'f' and t[0] == 'u' else x).astype(t)
// NUMPY: def _while(b, a, s): c, f = b(*s); return _while(b, a, a(*f)) if c else f
// NUMPY: i1 = np.array([[[0.07232104, 0.9129362, 1.6540908, -0.570992, -0.04081891, 1.2326605, -0.07334327, 0.8772445]], [[0.5048051, -0.42611313, -1.6222626, 0.7516233, 0.49952638, 1.9162292, 0.48326817, 0.9322498]], [[0.7107217, -1.996021, -1.7831421, -0.706014, -0.98806405, -0.059336983, -1.4345309, -0.87680066]], [[1.1345677, 1.3138497, 1.3652314, 0.7932924, 1.0564567, 0.06463279, 0.28584242, 1.3917296]], [[-0.6830146, -0.8725379, -1.2355096, -1.9331872, 0.9500747, 0.95006305, 1.5698842, -0.09389402]], [[0.26409614, 1.1462374, -0.9400618, -1.285424, 0.35417062, 1.9704216, -0.2710273, 0.8537885]], [[-0.74731624, -1.4578142, -0.8724628, -0.9404435, 1.8311371, 0.91663283, 0.3135281, -1.9440957]], [[-1.9331931, -1.2879448, -0.40720904, 0.20268323, -0.005799053, 0.6986078, 1.4257286, 0.44099182]]], dtype=np.float32).reshape((8, 1, 8)); np.save("i1.npy", i1)
// NUMPY: i2 = np.array(0.1634547575562162, dtype=np.float64).reshape(()); np.save("i2.npy", i2)
// NUMPY: i3 = np.array([[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]], dtype=np.float64).reshape((3, 4)); np.save("i3.npy", i3)
// NUMPY: i5 = np.array([[-1.147777211609188, 1.2137388673211569], [-1.9391868277641269, -1.502561251005846], [0.6772671041579734, 1.2619662585566913]], dtype=np.float64).reshape((3, 2)); np.save("i5.npy", i5)
// NUMPY: i6 = np.array([[1.953707697003428, -0.36422292671682577, 1.7923487513351564, 1.3229910320973635], [0.12128760635504543, -1.425402769086241, -0.8357563248085418, -0.63776633783427]], dtype=np.float64).reshape((2, 4)); np.save("i6.npy", i6)
// NUMPY: i29 = np.array([[4, -1, 4, -4], [-5, -1, -2, 5]], dtype=np.int32).reshape((2, 4)); np.save("i29.npy", i29)
// NUMPY: i33 = np.array(1.0, dtype=np.float64).reshape(()); np.save("i33.npy", i33)
// NUMPY: i36 = np.array([-0.09754541, -1.9649742, 0.66196406, 1.6591634, -1.9171317, 0.33266786, 0.831105, 0.14138104], dtype=np.float32).reshape((8,)); np.save("i36.npy", i36)
// NUMPY: i38 = np.array([-1.3468878, 0.72444963, -1.7101606, -0.14093977, 0.23055105, -0.13224538, 0.09028613, -0.27207366], dtype=np.float32).reshape((8,)); np.save("i38.npy", i38)
// NUMPY: v4 = i3
// NUMPY: v7 = _as(np.where(v4 != 0, -0.5 * (i5 @ i6) + -1.5 * v4, 0), 'float64')
// NUMPY: v8 = v7
// NUMPY: v9 = i6
// NUMPY: v10 = np.full((), 0, dtype=np.int64)
// NUMPY: v11 = np.full((), 1.0, dtype=np.float64)
// NUMPY: (v43_0, v43_1, v43_2, v43_3,) = _while(lambda b12, b13, b14, b15: ((v20 := b12[()]), (v21 := np.int64(4)), (v22 := bool(v20 < v21)), (v23 := b15[()]), (v24 := np.float64(0.05)), (v25 := bool(v23 > v24)), (v26 := bool(v22 & v25)), (v26, (b12, b13, b14, b15,)),)[-1], lambda b16, b17, b18, b19: ((v27 := np.full((), 1, dtype=np.int64)), (v28 := np.add(b16, v27)), (v30 := np.add(b17, _as(i29, 'float64'))), (v31 := np.abs(v30)), (v32 := np.max(v31, axis=None, keepdims=True, initial=-np.inf)), (v34 := np.add(v32, i33)), (v35 := np.divide(v30, v34)), (v37 := np.maximum(b18, i36)), (v39 := np.minimum(v37, i38)), (v40 := np.subtract(v35, b17)), (v41 := np.abs(v40)), (v42 := np.max(v41, axis=None, keepdims=False, initial=-np.inf)), (v28, v35, v39, v42,),)[-1], (v10, v9, i1, v11,))
// NUMPY: print(v43_0)
// NUMPY: print(v43_1)
// NUMPY: print(v43_2)
// NUMPY: print(v43_3)

func.func @main() {
  %i1 = array.load_npy "i1.npy" : tensor<8x?x8xf32>
  %i2 = array.load_npy "i2.npy" : tensor<f64>
  %i3 = array.load_npy "i3.npy" : tensor<?x4xf64>
  %i5 = array.load_npy "i5.npy" : tensor<?x2xf64>
  %i6 = array.load_npy "i6.npy" : tensor<2x4xf64>
  %i29 = array.load_npy "i29.npy" : tensor<?x?xi32>
  %i33 = array.load_npy "i33.npy" : tensor<f64>
  %i36 = array.load_npy "i36.npy" : tensor<8xf32>
  %i38 = array.load_npy "i38.npy" : tensor<8xf32>
  %v4 = array.to_sparse %i3 : tensor<?x4xf64> -> tensor<?x4xf64, #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed), posWidth = 64, crdWidth = 64}>>
  %v7 = array.sddmm %v4, %i5, %i6 {alpha = -0.5, beta = -1.5} : tensor<?x4xf64, #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed), posWidth = 64, crdWidth = 64}>>, tensor<?x2xf64>, tensor<2x4xf64>
  %v8 = array.to_dense %v7 : tensor<?x4xf64, #sparse_tensor.encoding<{map = (i, j) -> (j : dense, i : compressed), posWidth = 64, crdWidth = 64}>> -> tensor<?x4xf64>
  %v9 = tensor.cast %i6 : tensor<2x4xf64> to tensor<?x?xf64>
  %v10 = array.full 0 : tensor<i64>
  %v11 = array.full 1.0 : tensor<f64>
  %v43:4 = scf.while (%b12 = %v10, %b13 = %v9, %b14 = %i1, %b15 = %v11) : (tensor<i64>, tensor<?x?xf64>, tensor<8x?x8xf32>, tensor<f64>) -> (tensor<i64>, tensor<?x?xf64>, tensor<8x?x8xf32>, tensor<f64>) {
    %v20 = tensor.extract %b12[] : tensor<i64>
    %v21 = arith.constant 4 : i64
    %v22 = arith.cmpi slt, %v20, %v21 : i64
    %v23 = tensor.extract %b15[] : tensor<f64>
    %v24 = arith.constant 0.05 : f64
    %v25 = arith.cmpf ogt, %v23, %v24 : f64
    %v26 = arith.andi %v22, %v25 : i1
    scf.condition(%v26) %b12, %b13, %b14, %b15 : tensor<i64>, tensor<?x?xf64>, tensor<8x?x8xf32>, tensor<f64>
  } do {
  ^bb0(%b16: tensor<i64>, %b17: tensor<?x?xf64>, %b18: tensor<8x?x8xf32>, %b19: tensor<f64>):
    %v27 = array.full 1 : tensor<i64>
    %v28 = array.add %b16, %v27 : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %v30 = array.add %b17, %i29 : (tensor<?x?xf64>, tensor<?x?xi32>) -> tensor<?x?xf64>
    %v31 = array.abs %v30 : tensor<?x?xf64> -> tensor<?x?xf64>
    %v32 = array.max %v31 keepdims : tensor<?x?xf64> -> tensor<1x1xf64>
    %v34 = array.add %v32, %i33 : (tensor<1x1xf64>, tensor<f64>) -> tensor<1x1xf64>
    %v35 = array.div %v30, %v34 : (tensor<?x?xf64>, tensor<1x1xf64>) -> tensor<?x?xf64>
    %v37 = array.maximum %b18, %i36 : (tensor<8x?x8xf32>, tensor<8xf32>) -> tensor<8x?x8xf32>
    %v39 = array.minimum %v37, %i38 : (tensor<8x?x8xf32>, tensor<8xf32>) -> tensor<8x?x8xf32>
    %v40 = array.sub %v35, %b17 : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
    %v41 = array.abs %v40 : tensor<?x?xf64> -> tensor<?x?xf64>
    %v42 = array.max %v41 : tensor<?x?xf64> -> tensor<f64>
    scf.yield %v28, %v35, %v39, %v42 : tensor<i64>, tensor<?x?xf64>, tensor<8x?x8xf32>, tensor<f64>
  }
  array.print %v43#0 : tensor<i64>
  array.print %v43#1 : tensor<?x?xf64>
  array.print %v43#2 : tensor<8x?x8xf32>
  array.print %v43#3 : tensor<f64>
  return
}
