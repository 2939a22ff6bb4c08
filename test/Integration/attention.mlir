// Attention blocks (Q @ K^T, a scale, an optional causal mask, the softmax
// over the last axis, @ V) in float16: on the CUDA target
// array-gpu-attention-to-dnn makes each one cuDNN call (arrayrt_attention;
// the CHECK lines pin it), on the CPU target they run unfused. Rank 4 with
// Sq != Sk and the softmax in float32; rank 4 causal with the softmax in
// float16; rank 3 causal (the inverse condition) over 200 tokens. Inputs
// are random normal float16 (V centred on 4, so that no output is near 0
// and a relative tolerance that float16 probabilities meet applies); two
// columns of every output are compared with float64 NumPy.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda --emit=llvm %s -o - | FileCheck %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda %}
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}
// CHECK-COUNT-3: call void @arrayrt_attention(
// CHECK-NOT: call void @arrayrt_attention(

// NUMPY-RTOL: 5e-3
// NUMPY: rng = np.random.default_rng(20)
// NUMPY: inp = lambda name, shape, loc: np.save(name + ".npy", rng.normal(loc, 1.0, shape).astype(np.float16)) or np.load(name + ".npy").astype(np.float64)
// NUMPY: tril = lambda s, causal: np.where(np.tril(np.ones(s.shape[-2:], bool)), s, -np.inf) if causal else s
// NUMPY: softmax = lambda s: np.exp(s - s.max(-1, keepdims=True)) / np.exp(s - s.max(-1, keepdims=True)).sum(-1, keepdims=True)
// NUMPY: attention = lambda q, k, v, scale, causal: softmax(tril((q @ k.swapaxes(-1, -2)) * scale, causal)) @ v
// NUMPY: show = lambda o: [print(o[..., c:c + 1].astype(np.float16)) for c in (0, 37)]
// NUMPY: show(attention(inp('qa', (2, 2, 128, 64), 0.0), inp('ka', (2, 2, 96, 64), 0.0), inp('va', (2, 2, 96, 64), 4.0), 0.5, False))
// NUMPY: show(attention(inp('qb', (2, 2, 128, 64), 0.0), inp('kb', (2, 2, 128, 64), 0.0), inp('vb', (2, 2, 128, 64), 4.0), 0.5, True))
// NUMPY: show(attention(inp('qc', (4, 200, 64), 0.0), inp('kc', (4, 200, 64), 0.0), inp('vc', (4, 200, 64), 4.0), 0.5, True))

func.func @main() {
  %c0_5 = array.full 0.5 : tensor<f32>
  %h2 = array.full 2.0 : tensor<f16>
  %hninf = array.full -inf : tensor<f16>
  %ninf = array.full -inf : tensor<f32>
  %qa = array.load_npy "qa.npy" : tensor<2x2x128x64xf16>
  %ka = array.load_npy "ka.npy" : tensor<2x2x96x64xf16>
  %va = array.load_npy "va.npy" : tensor<2x2x96x64xf16>
  %ka_t = array.transpose %ka permutation [0, 1, 3, 2] : tensor<2x2x96x64xf16> -> tensor<2x2x64x96xf16>
  %sa = array.matmul %qa, %ka_t : (tensor<2x2x128x64xf16>, tensor<2x2x64x96xf16>) -> tensor<2x2x128x96xf16>
  %sa_f = array.astype %sa : tensor<2x2x128x96xf16> -> tensor<2x2x128x96xf32>
  %xa = array.mul %sa_f, %c0_5 : (tensor<2x2x128x96xf32>, tensor<f32>) -> tensor<2x2x128x96xf32>
  %pa_max = array.max %xa axes [3] keepdims : tensor<2x2x128x96xf32> -> tensor<2x2x128x1xf32>
  %pa_d = array.sub %xa, %pa_max : (tensor<2x2x128x96xf32>, tensor<2x2x128x1xf32>) -> tensor<2x2x128x96xf32>
  %pa_e = array.exp %pa_d : tensor<2x2x128x96xf32> -> tensor<2x2x128x96xf32>
  %pa_z = array.sum %pa_e axes [-1] keepdims : tensor<2x2x128x96xf32> -> tensor<2x2x128x1xf32>
  %pa = array.div %pa_e, %pa_z : (tensor<2x2x128x96xf32>, tensor<2x2x128x1xf32>) -> tensor<2x2x128x96xf32>
  %pa_h = array.astype %pa : tensor<2x2x128x96xf32> -> tensor<2x2x128x96xf16>
  %oa = array.matmul %pa_h, %va : (tensor<2x2x128x96xf16>, tensor<2x2x96x64xf16>) -> tensor<2x2x128x64xf16>
  %oa_c0 = array.slice %oa [:, :, :, 0:1] : tensor<2x2x128x64xf16> -> tensor<2x2x128x1xf16>
  array.print %oa_c0 : tensor<2x2x128x1xf16>
  %oa_c37 = array.slice %oa [:, :, :, 37:38] : tensor<2x2x128x64xf16> -> tensor<2x2x128x1xf16>
  array.print %oa_c37 : tensor<2x2x128x1xf16>
  %qb = array.load_npy "qb.npy" : tensor<2x2x128x64xf16>
  %kb = array.load_npy "kb.npy" : tensor<2x2x128x64xf16>
  %vb = array.load_npy "vb.npy" : tensor<2x2x128x64xf16>
  %kb_t = array.transpose %kb permutation [0, 1, 3, 2] : tensor<2x2x128x64xf16> -> tensor<2x2x64x128xf16>
  %sb = array.matmul %qb, %kb_t : (tensor<2x2x128x64xf16>, tensor<2x2x64x128xf16>) -> tensor<2x2x128x128xf16>
  %sb_s = array.div %sb, %h2 : (tensor<2x2x128x128xf16>, tensor<f16>) -> tensor<2x2x128x128xf16>
  %ib = array.arange 0, 128, 1 : tensor<128xi64>
  %ib_c = array.expand_dims %ib axis 1 : tensor<128xi64> -> tensor<128x1xi64>
  %ib_r = array.expand_dims %ib axis 0 : tensor<128xi64> -> tensor<1x128xi64>
  %keepb = array.greater_equal %ib_c, %ib_r : (tensor<128x1xi64>, tensor<1x128xi64>) -> tensor<128x128xi1>
  %xb = array.where %keepb, %sb_s, %hninf : (tensor<128x128xi1>, tensor<2x2x128x128xf16>, tensor<f16>) -> tensor<2x2x128x128xf16>
  %pb_max = array.max %xb axes [3] keepdims : tensor<2x2x128x128xf16> -> tensor<2x2x128x1xf16>
  %pb_d = array.sub %xb, %pb_max : (tensor<2x2x128x128xf16>, tensor<2x2x128x1xf16>) -> tensor<2x2x128x128xf16>
  %pb_e = array.exp %pb_d : tensor<2x2x128x128xf16> -> tensor<2x2x128x128xf16>
  %pb_z = array.sum %pb_e axes [-1] keepdims : tensor<2x2x128x128xf16> -> tensor<2x2x128x1xf16>
  %pb = array.div %pb_e, %pb_z : (tensor<2x2x128x128xf16>, tensor<2x2x128x1xf16>) -> tensor<2x2x128x128xf16>
  %ob = array.matmul %pb, %vb : (tensor<2x2x128x128xf16>, tensor<2x2x128x64xf16>) -> tensor<2x2x128x64xf16>
  %ob_c0 = array.slice %ob [:, :, :, 0:1] : tensor<2x2x128x64xf16> -> tensor<2x2x128x1xf16>
  array.print %ob_c0 : tensor<2x2x128x1xf16>
  %ob_c37 = array.slice %ob [:, :, :, 37:38] : tensor<2x2x128x64xf16> -> tensor<2x2x128x1xf16>
  array.print %ob_c37 : tensor<2x2x128x1xf16>
  %qc = array.load_npy "qc.npy" : tensor<4x200x64xf16>
  %kc = array.load_npy "kc.npy" : tensor<4x200x64xf16>
  %vc = array.load_npy "vc.npy" : tensor<4x200x64xf16>
  %kc_t = array.transpose %kc permutation [0, 2, 1] : tensor<4x200x64xf16> -> tensor<4x64x200xf16>
  %sc = array.matmul %qc, %kc_t : (tensor<4x200x64xf16>, tensor<4x64x200xf16>) -> tensor<4x200x200xf16>
  %sc_f = array.astype %sc : tensor<4x200x200xf16> -> tensor<4x200x200xf32>
  %sc_s = array.mul %c0_5, %sc_f : (tensor<f32>, tensor<4x200x200xf32>) -> tensor<4x200x200xf32>
  %ic = array.arange 0, 200, 1 : tensor<200xi32>
  %ic_c = array.reshape %ic : tensor<200xi32> -> tensor<200x1xi32>
  %ic_r = array.reshape %ic : tensor<200xi32> -> tensor<1x200xi32>
  %dropc = array.greater %ic_r, %ic_c : (tensor<1x200xi32>, tensor<200x1xi32>) -> tensor<200x200xi1>
  %xc = array.where %dropc, %ninf, %sc_s : (tensor<200x200xi1>, tensor<f32>, tensor<4x200x200xf32>) -> tensor<4x200x200xf32>
  %pc_max = array.max %xc axes [2] keepdims : tensor<4x200x200xf32> -> tensor<4x200x1xf32>
  %pc_d = array.sub %xc, %pc_max : (tensor<4x200x200xf32>, tensor<4x200x1xf32>) -> tensor<4x200x200xf32>
  %pc_e = array.exp %pc_d : tensor<4x200x200xf32> -> tensor<4x200x200xf32>
  %pc_z = array.sum %pc_e axes [-1] keepdims : tensor<4x200x200xf32> -> tensor<4x200x1xf32>
  %pc = array.div %pc_e, %pc_z : (tensor<4x200x200xf32>, tensor<4x200x1xf32>) -> tensor<4x200x200xf32>
  %pc_h = array.astype %pc : tensor<4x200x200xf32> -> tensor<4x200x200xf16>
  %oc = array.matmul %pc_h, %vc : (tensor<4x200x200xf16>, tensor<4x200x64xf16>) -> tensor<4x200x64xf16>
  %oc_c0 = array.slice %oc [:, :, 0:1] : tensor<4x200x64xf16> -> tensor<4x200x1xf16>
  array.print %oc_c0 : tensor<4x200x1xf16>
  %oc_c37 = array.slice %oc [:, :, 37:38] : tensor<4x200x64xf16> -> tensor<4x200x1xf16>
  array.print %oc_c37 : tensor<4x200x1xf16>
  return
}
