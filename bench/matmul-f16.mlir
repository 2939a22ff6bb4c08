// Workload: float16 8192x8192 @ 8192x8192 through cuBLASLt (float32 accumulation).
//
// NumPy: c = a.astype(float16) @ b.astype(float16); saved: c[:16] as float32
// (the rows bench/run.py checks against float64).
// Timed: the cublasLtMatmul call (the load and conversion are the inputs).

func.func @main() {
  %a0 = array.load_npy "m16a.npy" : tensor<8192x8192xf16>
  %b0 = array.load_npy "m16b.npy" : tensor<8192x8192xf16>
  %c = array.matmul %a0, %b0 : (tensor<8192x8192xf16>, tensor<8192x8192xf16>) -> tensor<8192x8192xf16>
  %rows = array.slice %c [0:16, :] : tensor<8192x8192xf16> -> tensor<16x8192xf16>
  %out = array.astype %rows : tensor<16x8192xf16> -> tensor<16x8192xf32>
  array.save_npy %out, "matmul-f16.npy" : tensor<16x8192xf32>
  return
}
