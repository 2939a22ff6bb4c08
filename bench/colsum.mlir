// Workload (e): column sums (sum over axis 0) of a 16384x16384 float32
// matrix.
//
// NumPy: s = m.sum(axis=0)
// Minimum traffic: read m, write one float per column.

func.func @main() {
  %m = array.load_npy "m.npy" : tensor<16384x16384xf32>
  %s = array.sum %m axes [0] : tensor<16384x16384xf32> -> tensor<16384xf32>
  array.save_npy %s, "colsum.npy" : tensor<16384xf32>
  return
}
