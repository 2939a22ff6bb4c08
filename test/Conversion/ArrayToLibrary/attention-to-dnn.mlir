// RUN: array-opt %s -array-gpu-attention-to-dnn -split-input-file | FileCheck %s

// The block as a user writes it in f16: Q @ K^T, a scale, the softmax in
// f32 and the probabilities cast back before @ V. One call; nothing of the
// block is left.
// CHECK-LABEL: func.func @scaled_f32_softmax
// CHECK-SAME: (%[[Q:.+]]: tensor<2x4x64x32xf16>, %[[K:.+]]: tensor<2x4x48x32xf16>, %[[V:.+]]: tensor<2x4x48x16xf16>)
// CHECK: %[[INIT:.+]] = tensor.empty() : tensor<2x4x64x16xf16>
// CHECK: %[[O:.+]] = arrayrt.attention %[[Q]], %[[K]], %[[V]] into %[[INIT]] {scale = 1.250000e-01 : f64}
// CHECK-NOT: array.
// CHECK: return %[[O]]
func.func @scaled_f32_softmax(%q: tensor<2x4x64x32xf16>, %k: tensor<2x4x48x32xf16>, %v: tensor<2x4x48x16xf16>) -> tensor<2x4x64x16xf16> {
  %kt = array.transpose %k permutation [0, 1, 3, 2] : tensor<2x4x48x32xf16> -> tensor<2x4x32x48xf16>
  %s = array.matmul %q, %kt : (tensor<2x4x64x32xf16>, tensor<2x4x32x48xf16>) -> tensor<2x4x64x48xf16>
  %sf = array.astype %s : tensor<2x4x64x48xf16> -> tensor<2x4x64x48xf32>
  %c = array.full 0.125 : tensor<f32>
  %x = array.mul %sf, %c : (tensor<2x4x64x48xf32>, tensor<f32>) -> tensor<2x4x64x48xf32>
  %m = array.max %x axes [3] keepdims : tensor<2x4x64x48xf32> -> tensor<2x4x64x1xf32>
  %d = array.sub %x, %m : (tensor<2x4x64x48xf32>, tensor<2x4x64x1xf32>) -> tensor<2x4x64x48xf32>
  %e = array.exp %d : tensor<2x4x64x48xf32> -> tensor<2x4x64x48xf32>
  %z = array.sum %e axes [-1] keepdims : tensor<2x4x64x48xf32> -> tensor<2x4x64x1xf32>
  %p = array.div %e, %z : (tensor<2x4x64x48xf32>, tensor<2x4x64x1xf32>) -> tensor<2x4x64x48xf32>
  %ph = array.astype %p : tensor<2x4x64x48xf32> -> tensor<2x4x64x48xf16>
  %o = array.matmul %ph, %v : (tensor<2x4x64x48xf16>, tensor<2x4x48x16xf16>) -> tensor<2x4x64x16xf16>
  return %o : tensor<2x4x64x16xf16>
}

// -----

// A causal mask from two aranges (i >= j keeps), the scale a division
// before the mask and a product after it, all in bf16, rank 3.
// CHECK-LABEL: func.func @causal
// CHECK: arrayrt.attention %{{.+}}, %{{.+}}, %{{.+}} into %{{.+}} {causal, scale = 6.250000e-02 : f64} : tensor<8x64x32xbf16>, tensor<8x64x32xbf16>, tensor<8x64x32xbf16>, tensor<8x64x32xbf16> -> tensor<8x64x32xbf16>
// CHECK-NOT: array.
func.func @causal(%q: tensor<8x64x32xbf16>, %k: tensor<8x64x32xbf16>, %v: tensor<8x64x32xbf16>) -> tensor<8x64x32xbf16> {
  %kt = array.transpose %k permutation [0, 2, 1] : tensor<8x64x32xbf16> -> tensor<8x32x64xbf16>
  %s = array.matmul %q, %kt : (tensor<8x64x32xbf16>, tensor<8x32x64xbf16>) -> tensor<8x64x64xbf16>
  %four = array.full 4.0 : tensor<bf16>
  %s1 = array.div %s, %four : (tensor<8x64x64xbf16>, tensor<bf16>) -> tensor<8x64x64xbf16>
  %i = array.arange 0, 64, 1 : tensor<64xi64>
  %ic = array.expand_dims %i axis 1 : tensor<64xi64> -> tensor<64x1xi64>
  %j = array.arange 0, 64, 1 : tensor<64xi64>
  %jr = array.expand_dims %j axis 0 : tensor<64xi64> -> tensor<1x64xi64>
  %keep = array.greater_equal %ic, %jr : (tensor<64x1xi64>, tensor<1x64xi64>) -> tensor<64x64xi1>
  %ninf = array.full -inf : tensor<bf16>
  %s2 = array.where %keep, %s1, %ninf : (tensor<64x64xi1>, tensor<8x64x64xbf16>, tensor<bf16>) -> tensor<8x64x64xbf16>
  %quarter = array.full 0.25 : tensor<bf16>
  %x = array.mul %quarter, %s2 : (tensor<bf16>, tensor<8x64x64xbf16>) -> tensor<8x64x64xbf16>
  %m = array.max %x axes [2] keepdims : tensor<8x64x64xbf16> -> tensor<8x64x1xbf16>
  %d = array.sub %x, %m : (tensor<8x64x64xbf16>, tensor<8x64x1xbf16>) -> tensor<8x64x64xbf16>
  %e = array.exp %d : tensor<8x64x64xbf16> -> tensor<8x64x64xbf16>
  %z = array.sum %e axes [2] keepdims : tensor<8x64x64xbf16> -> tensor<8x64x1xbf16>
  %p = array.div %e, %z : (tensor<8x64x64xbf16>, tensor<8x64x1xbf16>) -> tensor<8x64x64xbf16>
  %o = array.matmul %p, %v : (tensor<8x64x64xbf16>, tensor<8x64x32xbf16>) -> tensor<8x64x32xbf16>
  return %o : tensor<8x64x32xbf16>
}

// -----

// The inverse condition (j > i masks), with aranges reshaped into a column
// and a row, a float32 -inf stand-in, and a dynamic batch size: the
// result's comes from q.
// CHECK-LABEL: func.func @causal_inverse_dynamic
// CHECK-SAME: (%[[Q:[^:]+]]: tensor<?x128x64xf16>,
// CHECK: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[B:.+]] = tensor.dim %[[Q]], %[[C0]]
// CHECK: %[[INIT:.+]] = tensor.empty(%[[B]]) : tensor<?x128x64xf16>
// CHECK: arrayrt.attention %[[Q]], %{{.+}}, %{{.+}} into %[[INIT]] {causal, scale = 1.000000e+00 : f64}
func.func @causal_inverse_dynamic(%q: tensor<?x128x64xf16>, %k: tensor<?x128x64xf16>, %v: tensor<?x128x64xf16>) -> tensor<?x128x64xf16> {
  %kt = array.transpose %k permutation [0, 2, 1] : tensor<?x128x64xf16> -> tensor<?x64x128xf16>
  %s = array.matmul %q, %kt : (tensor<?x128x64xf16>, tensor<?x64x128xf16>) -> tensor<?x128x128xf16>
  %i = array.arange 0, 128, 1 : tensor<128xi32>
  %ic = array.reshape %i : tensor<128xi32> -> tensor<128x1xi32>
  %jr = array.reshape %i : tensor<128xi32> -> tensor<1x128xi32>
  %masked = array.greater %jr, %ic : (tensor<1x128xi32>, tensor<128x1xi32>) -> tensor<128x128xi1>
  %ninf = array.full -3.4e38 : tensor<f32>
  %x = array.where %masked, %ninf, %s : (tensor<128x128xi1>, tensor<f32>, tensor<?x128x128xf16>) -> tensor<?x128x128xf32>
  %m = array.max %x axes [2] keepdims : tensor<?x128x128xf32> -> tensor<?x128x1xf32>
  %d = array.sub %x, %m : (tensor<?x128x128xf32>, tensor<?x128x1xf32>) -> tensor<?x128x128xf32>
  %e = array.exp %d : tensor<?x128x128xf32> -> tensor<?x128x128xf32>
  %z = array.sum %e axes [2] keepdims : tensor<?x128x128xf32> -> tensor<?x128x1xf32>
  %p = array.div %e, %z : (tensor<?x128x128xf32>, tensor<?x128x1xf32>) -> tensor<?x128x128xf32>
  %ph = array.astype %p : tensor<?x128x128xf32> -> tensor<?x128x128xf16>
  %o = array.matmul %ph, %v : (tensor<?x128x128xf16>, tensor<?x128x64xf16>) -> tensor<?x128x64xf16>
  return %o : tensor<?x128x64xf16>
}

// -----

// Not attention blocks cuDNN computes: each keeps its products.
// CHECK-LABEL: func.func @float32_inputs
// CHECK-NOT: arrayrt.attention
// CHECK: array.matmul
func.func @float32_inputs(%q: tensor<64x32xf32>, %k: tensor<64x32xf32>, %v: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %kt = array.transpose %k : tensor<64x32xf32> -> tensor<32x64xf32>
  %x = array.matmul %q, %kt : (tensor<64x32xf32>, tensor<32x64xf32>) -> tensor<64x64xf32>
  %m = array.max %x axes [1] keepdims : tensor<64x64xf32> -> tensor<64x1xf32>
  %d = array.sub %x, %m : (tensor<64x64xf32>, tensor<64x1xf32>) -> tensor<64x64xf32>
  %e = array.exp %d : tensor<64x64xf32> -> tensor<64x64xf32>
  %z = array.sum %e axes [1] keepdims : tensor<64x64xf32> -> tensor<64x1xf32>
  %p = array.div %e, %z : (tensor<64x64xf32>, tensor<64x1xf32>) -> tensor<64x64xf32>
  %o = array.matmul %p, %v : (tensor<64x64xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  return %o : tensor<64x32xf32>
}

// -----

// A mask that is an argument could be anything: not causal.
// CHECK-LABEL: func.func @argument_mask
// CHECK-NOT: arrayrt.attention
func.func @argument_mask(%q: tensor<64x32xf16>, %k: tensor<64x32xf16>, %v: tensor<64x32xf16>, %mask: tensor<64x64xi1>) -> tensor<64x32xf16> {
  %kt = array.transpose %k : tensor<64x32xf16> -> tensor<32x64xf16>
  %s = array.matmul %q, %kt : (tensor<64x32xf16>, tensor<32x64xf16>) -> tensor<64x64xf16>
  %ninf = array.full -inf : tensor<f16>
  %x = array.where %mask, %s, %ninf : (tensor<64x64xi1>, tensor<64x64xf16>, tensor<f16>) -> tensor<64x64xf16>
  %m = array.max %x axes [1] keepdims : tensor<64x64xf16> -> tensor<64x1xf16>
  %d = array.sub %x, %m : (tensor<64x64xf16>, tensor<64x1xf16>) -> tensor<64x64xf16>
  %e = array.exp %d : tensor<64x64xf16> -> tensor<64x64xf16>
  %z = array.sum %e axes [1] keepdims : tensor<64x64xf16> -> tensor<64x1xf16>
  %p = array.div %e, %z : (tensor<64x64xf16>, tensor<64x1xf16>) -> tensor<64x64xf16>
  %o = array.matmul %p, %v : (tensor<64x64xf16>, tensor<64x32xf16>) -> tensor<64x32xf16>
  return %o : tensor<64x32xf16>
}

// -----

// The anti-causal mask (i <= j keeps) is not the causal one.
// CHECK-LABEL: func.func @anti_causal
// CHECK-NOT: arrayrt.attention
func.func @anti_causal(%q: tensor<64x32xf16>, %k: tensor<64x32xf16>, %v: tensor<64x32xf16>) -> tensor<64x32xf16> {
  %kt = array.transpose %k : tensor<64x32xf16> -> tensor<32x64xf16>
  %s = array.matmul %q, %kt : (tensor<64x32xf16>, tensor<32x64xf16>) -> tensor<64x64xf16>
  %i = array.arange 0, 64, 1 : tensor<64xi64>
  %ic = array.expand_dims %i axis 1 : tensor<64xi64> -> tensor<64x1xi64>
  %jr = array.expand_dims %i axis 0 : tensor<64xi64> -> tensor<1x64xi64>
  %keep = array.less_equal %ic, %jr : (tensor<64x1xi64>, tensor<1x64xi64>) -> tensor<64x64xi1>
  %ninf = array.full -inf : tensor<f16>
  %x = array.where %keep, %s, %ninf : (tensor<64x64xi1>, tensor<64x64xf16>, tensor<f16>) -> tensor<64x64xf16>
  %m = array.max %x axes [1] keepdims : tensor<64x64xf16> -> tensor<64x1xf16>
  %d = array.sub %x, %m : (tensor<64x64xf16>, tensor<64x1xf16>) -> tensor<64x64xf16>
  %e = array.exp %d : tensor<64x64xf16> -> tensor<64x64xf16>
  %z = array.sum %e axes [1] keepdims : tensor<64x64xf16> -> tensor<64x1xf16>
  %p = array.div %e, %z : (tensor<64x64xf16>, tensor<64x1xf16>) -> tensor<64x64xf16>
  %o = array.matmul %p, %v : (tensor<64x64xf16>, tensor<64x32xf16>) -> tensor<64x32xf16>
  return %o : tensor<64x32xf16>
}

// -----

// The probabilities are returned too: the block must stay.
// CHECK-LABEL: func.func @probabilities_used
// CHECK-NOT: arrayrt.attention
func.func @probabilities_used(%q: tensor<64x32xf16>, %k: tensor<64x32xf16>, %v: tensor<64x32xf16>) -> (tensor<64x32xf16>, tensor<64x64xf16>) {
  %kt = array.transpose %k : tensor<64x32xf16> -> tensor<32x64xf16>
  %x = array.matmul %q, %kt : (tensor<64x32xf16>, tensor<32x64xf16>) -> tensor<64x64xf16>
  %m = array.max %x axes [1] keepdims : tensor<64x64xf16> -> tensor<64x1xf16>
  %d = array.sub %x, %m : (tensor<64x64xf16>, tensor<64x1xf16>) -> tensor<64x64xf16>
  %e = array.exp %d : tensor<64x64xf16> -> tensor<64x64xf16>
  %z = array.sum %e axes [1] keepdims : tensor<64x64xf16> -> tensor<64x1xf16>
  %p = array.div %e, %z : (tensor<64x64xf16>, tensor<64x1xf16>) -> tensor<64x64xf16>
  %o = array.matmul %p, %v : (tensor<64x64xf16>, tensor<64x32xf16>) -> tensor<64x32xf16>
  return %o, %p : tensor<64x32xf16>, tensor<64x64xf16>
}

// -----

// A softmax over the other axis, and a head size cuDNN does not take.
// CHECK-LABEL: func.func @other_axis
// CHECK-NOT: arrayrt.attention
func.func @other_axis(%q: tensor<64x32xf16>, %k: tensor<64x32xf16>, %v: tensor<64x32xf16>) -> tensor<64x32xf16> {
  %kt = array.transpose %k : tensor<64x32xf16> -> tensor<32x64xf16>
  %x = array.matmul %q, %kt : (tensor<64x32xf16>, tensor<32x64xf16>) -> tensor<64x64xf16>
  %m = array.max %x axes [0] keepdims : tensor<64x64xf16> -> tensor<1x64xf16>
  %d = array.sub %x, %m : (tensor<64x64xf16>, tensor<1x64xf16>) -> tensor<64x64xf16>
  %e = array.exp %d : tensor<64x64xf16> -> tensor<64x64xf16>
  %z = array.sum %e axes [0] keepdims : tensor<64x64xf16> -> tensor<1x64xf16>
  %p = array.div %e, %z : (tensor<64x64xf16>, tensor<1x64xf16>) -> tensor<64x64xf16>
  %o = array.matmul %p, %v : (tensor<64x64xf16>, tensor<64x32xf16>) -> tensor<64x32xf16>
  return %o : tensor<64x32xf16>
}

// CHECK-LABEL: func.func @head_size_20
// CHECK-NOT: arrayrt.attention
func.func @head_size_20(%q: tensor<64x20xf16>, %k: tensor<64x20xf16>, %v: tensor<64x20xf16>) -> tensor<64x20xf16> {
  %kt = array.transpose %k : tensor<64x20xf16> -> tensor<20x64xf16>
  %x = array.matmul %q, %kt : (tensor<64x20xf16>, tensor<20x64xf16>) -> tensor<64x64xf16>
  %m = array.max %x axes [1] keepdims : tensor<64x64xf16> -> tensor<64x1xf16>
  %d = array.sub %x, %m : (tensor<64x64xf16>, tensor<64x1xf16>) -> tensor<64x64xf16>
  %e = array.exp %d : tensor<64x64xf16> -> tensor<64x64xf16>
  %z = array.sum %e axes [1] keepdims : tensor<64x64xf16> -> tensor<64x1xf16>
  %p = array.div %e, %z : (tensor<64x64xf16>, tensor<64x1xf16>) -> tensor<64x64xf16>
  %o = array.matmul %p, %v : (tensor<64x64xf16>, tensor<64x20xf16>) -> tensor<64x20xf16>
  return %o : tensor<64x20xf16>
}
