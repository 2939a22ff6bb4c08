// Every elementwise op on f32 with broadcasting, on the CPU and (where a GPU
// was detected) on the GPU, against NumPy.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: a = np.array([[0.5, -1.25, 2.0], [3.5, 0.0, -4.0], [1.0, 2.5, -0.75], [6.0, -2.0, 0.25]], np.float32)
// NUMPY: b = np.array([1.5, -0.5, 2.0], np.float32)
// NUMPY: c = np.array([[2.0], [-1.0], [0.5], [4.0]], np.float32)
// NUMPY: print(a + b)
// NUMPY: print(a - c)
// NUMPY: print(b * c)
// NUMPY: print(a / b)
// NUMPY: print(np.maximum(a, c))
// NUMPY: print(-a)
// NUMPY: print(np.exp(a))
// NUMPY: print(np.full((2, 3), 2.5, np.float32))
// NUMPY: print(np.exp(-(a * a) / np.float32(2)) * b + c)

func.func @main() {
  %a = array.constant dense<[[0.5, -1.25, 2.0], [3.5, 0.0, -4.0], [1.0, 2.5, -0.75], [6.0, -2.0, 0.25]]> : tensor<4x3xf32>
  %b = array.constant dense<[1.5, -0.5, 2.0]> : tensor<3xf32>
  %c = array.constant dense<[[2.0], [-1.0], [0.5], [4.0]]> : tensor<4x1xf32>

  %add = array.add %a, %b : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  array.print %add : tensor<4x3xf32>
  %sub = array.sub %a, %c : (tensor<4x3xf32>, tensor<4x1xf32>) -> tensor<4x3xf32>
  array.print %sub : tensor<4x3xf32>
  %mul = array.mul %b, %c : (tensor<3xf32>, tensor<4x1xf32>) -> tensor<4x3xf32>
  array.print %mul : tensor<4x3xf32>
  %div = array.div %a, %b : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  array.print %div : tensor<4x3xf32>
  %max = array.maximum %a, %c : (tensor<4x3xf32>, tensor<4x1xf32>) -> tensor<4x3xf32>
  array.print %max : tensor<4x3xf32>
  %neg = array.neg %a : tensor<4x3xf32>
  array.print %neg : tensor<4x3xf32>
  %exp = array.exp %a : tensor<4x3xf32>
  array.print %exp : tensor<4x3xf32>
  %full = array.full 2.5 : tensor<2x3xf32>
  array.print %full : tensor<2x3xf32>

  // A fused chain: exp(-(a*a)/2) * b + c.
  %two = array.full 2.0 : tensor<f32>
  %sq = array.mul %a, %a : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %nsq = array.neg %sq : tensor<4x3xf32>
  %half = array.div %nsq, %two : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  %e = array.exp %half : tensor<4x3xf32>
  %eb = array.mul %e, %b : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %y = array.add %eb, %c : (tensor<4x3xf32>, tensor<4x1xf32>) -> tensor<4x3xf32>
  array.print %y : tensor<4x3xf32>
  return
}
