// GELU in both of its forms: the exact one with erf, and the tanh
// approximation most frameworks use.
//
// NUMPY-RTOL: 1e-5
// NUMPY: import math
// NUMPY: x = np.array([-4.0, -2.0, -1.0, -0.5, 0.0, 0.25, 0.5, 1.0, 2.0, 3.5], np.float64)
// NUMPY: print(0.5 * x * (1.0 + np.array([math.erf(v / math.sqrt(2.0)) for v in x])))
// NUMPY: print(0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3))))

func.func @main() {
  %x = array.constant dense<[-4.0, -2.0, -1.0, -0.5, 0.0, 0.25, 0.5, 1.0, 2.0, 3.5]> : tensor<10xf64>
  %half = array.full 0.5 : tensor<f64>
  %one = array.full 1.0 : tensor<f64>
  %rsqrt2 = array.full 0.7071067811865476 : tensor<f64>

  // Exact: 0.5 * x * (1 + erf(x / sqrt(2))).
  %xs = array.mul %x, %rsqrt2 : (tensor<10xf64>, tensor<f64>) -> tensor<10xf64>
  %erf = array.erf %xs : tensor<10xf64>
  %e1 = array.add %erf, %one : (tensor<10xf64>, tensor<f64>) -> tensor<10xf64>
  %hx = array.mul %x, %half : (tensor<10xf64>, tensor<f64>) -> tensor<10xf64>
  %exact = array.mul %hx, %e1 : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
  array.print %exact : tensor<10xf64>

  // Tanh form: 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3))).
  %c = array.full 0.044715 : tensor<f64>
  %k = array.full 0.7978845608028654 : tensor<f64>
  %x2 = array.mul %x, %x : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
  %x3 = array.mul %x2, %x : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
  %cx3 = array.mul %x3, %c : (tensor<10xf64>, tensor<f64>) -> tensor<10xf64>
  %inner = array.add %x, %cx3 : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
  %scaled = array.mul %inner, %k : (tensor<10xf64>, tensor<f64>) -> tensor<10xf64>
  %t = array.tanh %scaled : tensor<10xf64>
  %t1 = array.add %t, %one : (tensor<10xf64>, tensor<f64>) -> tensor<10xf64>
  %approx = array.mul %hx, %t1 : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
  array.print %approx : tensor<10xf64>
  return
}
