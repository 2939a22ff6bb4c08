// bfloat16 products through cuBLASLt (CUDA only: the CPU target cannot
// link bfloat16 arithmetic, which needs libgcc's __truncsfbf2): alpha from
// a scalar product and a bias in one call, a plain product with a
// transposed rhs, and GELU (tanh form) with a bias. The inputs are
// multiples of 1/4, so the float32 accumulations are exact and every
// result is rounded to bfloat16 once (NumPy: through float32, rounded to
// bfloat16's 8 significant bits).
// RUN: arrayc --target=cuda %s -o %t && %t > %t.out
// RUN: %numpy-ref --compare %t.out %s

// NUMPY-RTOL: 2e-3
// NUMPY: f32 = np.float32
// NUMPY: u32 = lambda v: np.asarray(v, f32).view(np.uint32)
// NUMPY: bf16 = lambda v: ((u32(v) + np.uint32(0x7FFF) + ((u32(v) >> np.uint32(16)) & np.uint32(1))) & np.uint32(0xFFFF0000)).view(f32)
// NUMPY: A = np.array([[1.0, -0.5, 0.25, 2.0], [0.75, 1.5, -1.0, 0.5], [-2.0, 0.25, 1.25, -0.75]], f32)
// NUMPY: B = np.array([[0.5, 1.0, -1.5], [2.0, -0.25, 0.75], [-1.0, 0.5, 1.0], [0.25, 1.75, -0.5]], f32)
// NUMPY: bias = np.array([8.0, 6.5, 9.0], f32)
// NUMPY: print(bf16(A @ B * f32(0.5) + bias))
// NUMPY: print(bf16(A @ B))
// NUMPY: x = (A @ B + bias).astype(np.float64)
// NUMPY: print(bf16(0.5 * x * (1 + np.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))))

func.func @main() {
  %A = array.constant dense<[[1.0, -0.5, 0.25, 2.0], [0.75, 1.5, -1.0, 0.5], [-2.0, 0.25, 1.25, -0.75]]> : tensor<3x4xbf16>
  %B = array.constant dense<[[0.5, 1.0, -1.5], [2.0, -0.25, 0.75], [-1.0, 0.5, 1.0], [0.25, 1.75, -0.5]]> : tensor<4x3xbf16>
  %BT = array.constant dense<[[0.5, 2.0, -1.0, 0.25], [1.0, -0.25, 0.5, 1.75], [-1.5, 0.75, 1.0, -0.5]]> : tensor<3x4xbf16>
  %bias = array.constant dense<[8.0, 6.5, 9.0]> : tensor<3xbf16>
  %half = array.full 0.5 : tensor<bf16>
  %p = array.matmul %A, %B : (tensor<3x4xbf16>, tensor<4x3xbf16>) -> tensor<3x3xbf16>
  %s = array.mul %half, %p : (tensor<bf16>, tensor<3x3xbf16>) -> tensor<3x3xbf16>
  %t = array.add %s, %bias : (tensor<3x3xbf16>, tensor<3xbf16>) -> tensor<3x3xbf16>
  %o = array.astype %t : tensor<3x3xbf16> -> tensor<3x3xf32>
  array.print %o : tensor<3x3xf32>

  %bt = array.transpose %BT : tensor<3x4xbf16> -> tensor<4x3xbf16>
  %q = array.matmul %A, %bt : (tensor<3x4xbf16>, tensor<4x3xbf16>) -> tensor<3x3xbf16>
  %qo = array.astype %q : tensor<3x3xbf16> -> tensor<3x3xf32>
  array.print %qo : tensor<3x3xf32>

  %p2 = array.matmul %A, %B : (tensor<3x4xbf16>, tensor<4x3xbf16>) -> tensor<3x3xbf16>
  %x = array.add %bias, %p2 : (tensor<3xbf16>, tensor<3x3xbf16>) -> tensor<3x3xbf16>
  %one = array.full 1.0 : tensor<bf16>
  %c = array.full 0.044715 : tensor<bf16>
  %k = array.full 0.7978845608028654 : tensor<bf16>
  %x2 = array.mul %x, %x : (tensor<3x3xbf16>, tensor<3x3xbf16>) -> tensor<3x3xbf16>
  %x3 = array.mul %x, %x2 : (tensor<3x3xbf16>, tensor<3x3xbf16>) -> tensor<3x3xbf16>
  %cx3 = array.mul %c, %x3 : (tensor<bf16>, tensor<3x3xbf16>) -> tensor<3x3xbf16>
  %inner = array.add %cx3, %x : (tensor<3x3xbf16>, tensor<3x3xbf16>) -> tensor<3x3xbf16>
  %scaled = array.mul %k, %inner : (tensor<bf16>, tensor<3x3xbf16>) -> tensor<3x3xbf16>
  %th = array.tanh %scaled : tensor<3x3xbf16>
  %t1 = array.add %one, %th : (tensor<bf16>, tensor<3x3xbf16>) -> tensor<3x3xbf16>
  %xt = array.mul %x, %t1 : (tensor<3x3xbf16>, tensor<3x3xbf16>) -> tensor<3x3xbf16>
  %g = array.mul %xt, %half : (tensor<3x3xbf16>, tensor<bf16>) -> tensor<3x3xbf16>
  %go = array.astype %g : tensor<3x3xbf16> -> tensor<3x3xf32>
  array.print %go : tensor<3x3xf32>
  return
}
