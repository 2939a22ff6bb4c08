// Workload (f): row sums (sum over axis 1) of a 16384x16384 float32 matrix.
//
// NumPy: s = m.sum(axis=1)
// Minimum traffic: read m, write one float per row.

func.func @main() {
  %m = array.load_npy "m.npy" : tensor<16384x16384xf32>
  %s = array.sum %m axes [1] : tensor<16384x16384xf32> -> tensor<16384xf32>
  array.save_npy %s, "rowsum.npy" : tensor<16384xf32>
  return
}
