// Workload: float32 8192x8192 @ 8192x8192 through cuBLASLt (precision = "tf32": TF32 tensor cores, float32 accumulation).
//
// NumPy: c = a.astype(float32) @ b.astype(float32); saved: c[:16] as float32
// (the rows bench/run.py checks against float64).
// Timed: the cublasLtMatmul call (the load and conversion are the inputs).

func.func @main() {
  %a0 = array.load_npy "ma.npy" : tensor<8192x8192xf32>
  %b0 = array.load_npy "mb.npy" : tensor<8192x8192xf32>
  %c = array.matmul %a0, %b0 {precision = "tf32"} : (tensor<8192x8192xf32>, tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  %out = array.slice %c [0:16, :] : tensor<8192x8192xf32> -> tensor<16x8192xf32>
  array.save_npy %out, "matmul-tf32.npy" : tensor<16x8192xf32>
  return
}
