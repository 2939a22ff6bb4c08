// Workload: gelu(a @ b + bias), tanh form, bfloat16 8192^3: one cuBLASLt
// call with the GELU_BIAS epilogue (array-gpu-matmul-to-blas).
//
// NumPy: x = a @ b + bias
//        y = 0.5 * x * (1 + tanh(0.7978845608 * (x + 0.044715 * x**3)))
// in bfloat16 (float32 accumulation); saved: y[:16] as float32.
// Timed: the device work after the inputs are converted (the one call).

func.func @main() {
  %a0 = array.load_npy "ma.npy" : tensor<8192x8192xf32>
  %b0 = array.load_npy "mb.npy" : tensor<8192x8192xf32>
  %bias0 = array.load_npy "mbias.npy" : tensor<8192xf32>
  %a = array.astype %a0 : tensor<8192x8192xf32> -> tensor<8192x8192xbf16>
  %b = array.astype %b0 : tensor<8192x8192xf32> -> tensor<8192x8192xbf16>
  %bias = array.astype %bias0 : tensor<8192xf32> -> tensor<8192xbf16>
  %p = array.matmul %a, %b : (tensor<8192x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16>
  %x = array.add %p, %bias : (tensor<8192x8192xbf16>, tensor<8192xbf16>) -> tensor<8192x8192xbf16>
  %half = array.full 0.5 : tensor<bf16>
  %one = array.full 1.0 : tensor<bf16>
  %c = array.full 0.044715 : tensor<bf16>
  %k = array.full 0.7978845608028654 : tensor<bf16>
  %hx = array.mul %x, %half : (tensor<8192x8192xbf16>, tensor<bf16>) -> tensor<8192x8192xbf16>
  %x2 = array.mul %x, %x : (tensor<8192x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16>
  %x3 = array.mul %x2, %x : (tensor<8192x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16>
  %cx3 = array.mul %x3, %c : (tensor<8192x8192xbf16>, tensor<bf16>) -> tensor<8192x8192xbf16>
  %inner = array.add %x, %cx3 : (tensor<8192x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16>
  %scaled = array.mul %inner, %k : (tensor<8192x8192xbf16>, tensor<bf16>) -> tensor<8192x8192xbf16>
  %t = array.tanh %scaled : tensor<8192x8192xbf16>
  %t1 = array.add %t, %one : (tensor<8192x8192xbf16>, tensor<bf16>) -> tensor<8192x8192xbf16>
  %y = array.mul %hx, %t1 : (tensor<8192x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16>
  %rows = array.slice %y [0:16, :] : tensor<8192x8192xbf16> -> tensor<16x8192xbf16>
  %out = array.astype %rows : tensor<16x8192xbf16> -> tensor<16x8192xf32>
  array.save_npy %out, "matmul-gelu.npy" : tensor<16x8192xf32>
  return
}
