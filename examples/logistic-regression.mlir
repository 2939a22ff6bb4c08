// One gradient-descent step of logistic regression:
//   p = sigmoid(X @ w + b);  w -= lr * X.T @ (p - y) / n;  b -= lr * mean(p - y)
// and the mean log loss before the step.
//
// NUMPY-RTOL: 1e-6
// NUMPY: X = np.array([[1.0, 2.0, -1.0], [0.5, -1.5, 2.0], [-2.0, 0.0, 1.0], [3.0, 1.0, 0.5], [0.0, -2.0, -1.5], [1.5, 1.5, 1.5]])
// NUMPY: y = np.array([1.0, 0.0, 0.0, 1.0, 0.0, 1.0])
// NUMPY: w = np.array([0.1, -0.2, 0.05]); b = 0.3; lr = 0.5
// NUMPY: p = 1.0 / (1.0 + np.exp(-(X @ w + b)))
// NUMPY: print(np.array(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))))
// NUMPY: print(w - lr * X.T @ (p - y) / len(y))
// NUMPY: print(np.array(b - lr * np.mean(p - y)))

func.func @main() {
  %X = array.constant dense<[[1.0, 2.0, -1.0], [0.5, -1.5, 2.0], [-2.0, 0.0, 1.0],
                             [3.0, 1.0, 0.5], [0.0, -2.0, -1.5], [1.5, 1.5, 1.5]]> : tensor<6x3xf64>
  %y = array.constant dense<[1.0, 0.0, 0.0, 1.0, 0.0, 1.0]> : tensor<6xf64>
  %w = array.constant dense<[0.1, -0.2, 0.05]> : tensor<3xf64>
  %b = array.full 0.3 : tensor<f64>
  %lr = array.full 0.5 : tensor<f64>
  %one = array.full 1.0 : tensor<f64>

  %xw = array.matmul %X, %w : (tensor<6x3xf64>, tensor<3xf64>) -> tensor<6xf64>
  %z = array.add %xw, %b : (tensor<6xf64>, tensor<f64>) -> tensor<6xf64>
  %p = array.sigmoid %z : tensor<6xf64>

  // Mean log loss.
  %logp = array.log %p : tensor<6xf64>
  %q = array.sub %one, %p : (tensor<f64>, tensor<6xf64>) -> tensor<6xf64>
  %logq = array.log %q : tensor<6xf64>
  %ny = array.sub %one, %y : (tensor<f64>, tensor<6xf64>) -> tensor<6xf64>
  %t1 = array.mul %y, %logp : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
  %t2 = array.mul %ny, %logq : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
  %ll = array.add %t1, %t2 : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
  %mll = array.mean %ll : tensor<6xf64> -> tensor<f64>
  %loss = array.neg %mll : tensor<f64>
  array.print %loss : tensor<f64>

  // Gradient step.
  %err = array.sub %p, %y : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
  %Xt = array.transpose %X : tensor<6x3xf64> -> tensor<3x6xf64>
  %g = array.matmul %Xt, %err : (tensor<3x6xf64>, tensor<6xf64>) -> tensor<3xf64>
  %n = array.full 6.0 : tensor<f64>
  %gn = array.div %g, %n : (tensor<3xf64>, tensor<f64>) -> tensor<3xf64>
  %step = array.mul %gn, %lr : (tensor<3xf64>, tensor<f64>) -> tensor<3xf64>
  %w2 = array.sub %w, %step : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  array.print %w2 : tensor<3xf64>
  %gb = array.mean %err : tensor<6xf64> -> tensor<f64>
  %bstep = array.mul %gb, %lr : (tensor<f64>, tensor<f64>) -> tensor<f64>
  %b2 = array.sub %b, %bstep : (tensor<f64>, tensor<f64>) -> tensor<f64>
  array.print %b2 : tensor<f64>
  return
}
