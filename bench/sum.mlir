// Workload (b): the sum of 2^28 float32 elements (accumulated in float64 by
// array.sum, returned as float32).
//
// NumPy: s = x.sum()
// Minimum traffic: read x (4 bytes per element).

func.func @main() {
  %x = array.load_npy "x.npy" : tensor<268435456xf32>
  %s = array.sum %x : tensor<268435456xf32> -> tensor<f32>
  array.save_npy %s, "sum.npy" : tensor<f32>
  return
}
