// Workload (a): y = exp(-x*x/2) * a + b over 2^28 float32 elements, with the
// scalars a and b loaded as 0-d arrays. bench/run.py writes the inputs and
// checks y.npy against a float64 NumPy reference.
//
// NumPy: y = np.exp(-(x * x) / np.float32(2)) * a + b
// Minimum traffic: read x, write y (8 bytes per element).

func.func @main() {
  %x = array.load_npy "x.npy" : tensor<268435456xf32>
  %a = array.load_npy "a.npy" : tensor<f32>
  %b = array.load_npy "b.npy" : tensor<f32>
  %two = array.full 2.0 : tensor<f32>
  %xx = array.mul %x, %x : (tensor<268435456xf32>, tensor<268435456xf32>) -> tensor<268435456xf32>
  %neg = array.neg %xx : tensor<268435456xf32>
  %half = array.div %neg, %two : (tensor<268435456xf32>, tensor<f32>) -> tensor<268435456xf32>
  %g = array.exp %half : tensor<268435456xf32>
  %ga = array.mul %g, %a : (tensor<268435456xf32>, tensor<f32>) -> tensor<268435456xf32>
  %y = array.add %ga, %b : (tensor<268435456xf32>, tensor<f32>) -> tensor<268435456xf32>
  array.save_npy %y, "gaussian.npy" : tensor<268435456xf32>
  return
}
