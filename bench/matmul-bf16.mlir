// Workload: bfloat16 8192x8192 @ 8192x8192 through cuBLASLt (float32 accumulation).
//
// NumPy: c = a.astype(bfloat16) @ b.astype(bfloat16); saved: c[:16] as float32
// (the rows bench/run.py checks against float64).
// Timed: the cublasLtMatmul call (the load and conversion are the inputs).

func.func @main() {
  %a0 = array.load_npy "ma.npy" : tensor<8192x8192xf32>
  %b0 = array.load_npy "mb.npy" : tensor<8192x8192xf32>
  %a = array.astype %a0 : tensor<8192x8192xf32> -> tensor<8192x8192xbf16>
  %b = array.astype %b0 : tensor<8192x8192xf32> -> tensor<8192x8192xbf16>
  %c = array.matmul %a, %b : (tensor<8192x8192xbf16>, tensor<8192x8192xbf16>) -> tensor<8192x8192xbf16>
  %rows = array.slice %c [0:16, :] : tensor<8192x8192xbf16> -> tensor<16x8192xbf16>
  %out = array.astype %rows : tensor<16x8192xbf16> -> tensor<16x8192xf32>
  array.save_npy %out, "matmul-bf16.npy" : tensor<16x8192xf32>
  return
}
