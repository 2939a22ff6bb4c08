// Matrix products through cuBLASLt on the CUDA target (array-gpu-matmul-to-blas)
// with every fused epilogue, and the same program through linalg on the CPU:
// bias + ReLU (f16), bias + GELU tanh form (f32), the erf form left to a
// following kernel (f32), alpha from a quotient, transposes folded into the
// call, TF32, batched and broadcast f64 products, alpha on f64, and dot
// (bfloat16: CUDA/matmul-blas-bf16.mlir). The inputs are multiples of 1/4,
// so the products are exact in f16 and f32 (and in TF32).
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// On the CPU the float32/float64 products go to the CPU's BLAS, loaded at
// run time (without one the program stops, naming what it tried); with
// --matmul-blas=false they are loops.
// RUN: not env ARRAYRT_BLAS_LIB=libno-such-blas.so.3 %t.cpu 2>&1 | FileCheck %s --check-prefix=NOBLAS
// NOBLAS: matmul: no BLAS with cblas_sgemm and cblas_dgemm could be loaded (tried libno-such-blas.so.3;
// RUN: arrayc --target=cpu --matmul-blas=false %s -o %t.loops && %t.loops > %t.loops.out
// RUN: %numpy-ref --compare %t.loops.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}

// cuBLASLt's GELU may use a fast tanh: the GELU inputs are kept positive
// (gbias), where its error stays below 2e-3 relative.
// NUMPY-RTOL: 2e-3
// NUMPY: A = np.array([[2.0, 0.5, 0.75, 1.75, 0.25, 1.25, 1.5, -1.25], [-2.0, -0.75, -1.0, 1.5, 1.75, -2.0, 0.0, 1.25], [-1.5, 1.25, -1.5, -0.25, 1.25, -0.75, -0.75, -1.0], [1.0, -1.0, 2.0, -0.25, 0.0, 0.0, 0.25, 0.25], [0.0, 2.0, 1.25, 1.25, 0.75, 0.5, -0.75, 2.0], [-0.25, -1.25, 1.5, -1.5, 1.5, 0.5, -1.75, -2.0]])
// NUMPY: B = np.array([[-0.25, -2.0, -1.5, 0.0, 2.0], [-0.25, 1.25, 1.75, 1.25, 0.5], [-0.25, 0.0, -1.0, 0.0, -0.5], [-1.0, 2.0, -2.0, -1.75, -1.25], [2.0, 0.75, 1.5, -1.25, 1.0], [-0.5, 0.0, -2.0, 0.5, 1.5], [0.75, -1.5, 0.25, -1.0, 2.0], [1.5, -1.25, 0.0, 1.75, 1.5]])
// NUMPY: bias = np.array([1.0, 0.5, -2.0, 1.0, 0.0])
// NUMPY: BT = np.array([[-1.75, -1.0, 0.25, 1.0, 0.0, 0.5, 1.5, 0.75], [-0.5, 0.5, 0.5, -1.75, -1.75, 0.75, -0.5, 0.5], [-0.75, -1.25, -1.5, -0.5, 1.25, -0.5, -0.5, 0.25], [2.0, -0.5, 0.5, -0.25, 0.5, -0.25, 0.5, 0.25], [0.75, 2.0, -1.5, 0.25, -0.25, -0.5, -1.0, -2.0]])
// NUMPY: AT = np.array([[-0.5, 1.5, -1.75, -0.5, 2.0, 2.0], [-1.25, -2.0, 0.75, -2.0, -0.75, 0.0], [1.5, -1.75, 0.75, 0.25, -1.5, 1.5], [1.5, 0.0, 2.0, 0.5, 1.75, 2.0], [0.25, -1.0, -1.5, 0.25, -1.25, 1.0], [1.75, -1.0, 0.25, -2.0, -1.25, -0.5], [1.75, 2.0, 0.5, 0.25, 0.25, -1.75], [-0.5, 2.0, -0.5, -1.25, -1.0, 1.0]])
// NUMPY: X = np.array([[[-2.0, 2.0, 1.5, 0.25, -0.25, 1.0, 0.25, 0.0], [-0.75, -0.25, 1.0, -2.0, -2.0, 1.0, -0.5, 1.25], [-2.0, 1.75, -1.5, -0.25, 2.0, -1.75, 0.75, 1.0], [-0.25, -1.75, 0.0, -0.25, 1.5, 0.75, -0.75, -2.0]], [[0.5, -1.0, 0.75, 1.5, -0.5, 1.75, 0.0, 0.25], [1.25, 1.25, 1.75, 2.0, -1.5, -0.25, 1.75, -0.75], [-2.0, 0.25, 1.0, 1.0, 1.25, 0.5, -1.5, 1.5], [-0.25, 1.5, 1.25, 2.0, -2.0, 1.5, 0.5, 0.0]], [[1.25, 2.0, 0.0, -1.75, 1.0, -1.25, -1.25, -1.25], [-1.25, 1.75, -0.5, -1.75, -1.25, -0.5, -0.75, -0.75], [2.0, 1.5, 0.25, 2.0, -0.75, -1.5, -1.0, -1.75], [2.0, -1.25, -0.25, -1.25, 2.0, -1.5, 0.0, 2.0]]])
// NUMPY: Y = np.array([[[0.0, 1.75, 1.75, 1.25, 1.0], [0.25, 0.25, 1.5, -0.25, 2.0], [1.5, -0.5, -0.5, 1.0, 1.75], [-1.75, -1.75, -1.0, -0.25, -1.5], [0.0, 0.25, 2.0, 1.0, -1.0], [1.25, 1.25, 0.75, 0.75, -0.75], [1.0, -1.5, 0.5, 1.75, 2.0], [-0.75, -0.75, 0.5, -0.5, 1.0]], [[-1.25, -1.5, -2.0, -0.25, -1.25], [-0.75, 1.75, 1.25, 1.5, 0.5], [-1.75, 1.0, 0.5, 1.75, 0.0], [-1.5, 0.5, -0.25, 0.75, -0.5], [-0.75, -1.5, 2.0, 1.0, -0.25], [-1.25, 0.5, -0.25, 0.5, -1.75], [-1.25, 1.0, -1.75, 0.75, -0.5], [-2.0, 1.0, 0.75, 1.25, 1.75]], [[1.0, 1.5, -1.75, 1.75, 1.75], [0.75, 1.25, 1.0, 1.5, 1.75], [0.0, 1.25, 1.75, -0.75, -2.0], [-1.5, -2.0, -0.25, -2.0, -1.0], [-1.0, 1.0, -1.0, 2.0, -1.25], [2.0, 0.25, -1.0, -2.0, -0.75], [0.5, -1.75, -1.5, -1.75, 0.75], [-1.75, -2.0, -0.25, -0.75, 0.25]]])
// NUMPY: W = np.array([[1.75, 1.5, 0.25, 0.5, 1.25], [-0.25, 0.75, -1.25, 0.5, -1.0], [-1.25, 1.0, 0.25, -0.5, -2.0], [-1.0, 1.25, -0.25, 2.0, 1.75], [1.5, -2.0, -2.0, 0.25, -0.75], [1.5, -0.75, -1.5, -1.75, -0.75], [0.5, -1.5, 1.25, -0.75, -0.75], [0.75, 1.5, -0.25, 1.25, -0.75]])
// NUMPY: gbias = np.array([9.0, 8.5, 10.0, 9.5, 8.0])
// NUMPY: f16, f32 = np.float16, np.float32
// NUMPY: p = A.astype(f16).astype(f32) @ B.astype(f16).astype(f32)
// NUMPY: print(np.maximum(p.astype(f16) + bias.astype(f16), f16(0)).astype(f32))
// NUMPY: x = (A.astype(f32) @ B.astype(f32)) + gbias.astype(f32)
// NUMPY: print(f32(0.5) * x * (f32(1) + np.tanh(f32(0.7978845608028654) * (x + f32(0.044715) * x * x * x))))
// NUMPY: from math import erf
// NUMPY: print(np.array([[0.5 * v * (1 + erf(v / np.sqrt(2))) for v in row] for row in x.astype(np.float64)], f32))
// NUMPY: print((A.astype(f32) @ BT.T.astype(f32)) / f32(4))
// NUMPY: print(AT.T.astype(f32) @ B.astype(f32))
// NUMPY: print(A.astype(f32) @ B.astype(f32))
// NUMPY: print(X @ Y)
// NUMPY: print(X @ W)
// NUMPY: print(np.dot(A, B))
// NUMPY: print(np.matmul(X[:, :, :].transpose(0, 2, 1).transpose(0, 2, 1), W) * 3.0)

func.func @main() {
  %gbias = array.constant dense<[9.0, 8.5, 10.0, 9.5, 8.0]> : tensor<5xf64>
  %A = array.constant dense<[[2.0, 0.5, 0.75, 1.75, 0.25, 1.25, 1.5, -1.25], [-2.0, -0.75, -1.0, 1.5, 1.75, -2.0, 0.0, 1.25], [-1.5, 1.25, -1.5, -0.25, 1.25, -0.75, -0.75, -1.0], [1.0, -1.0, 2.0, -0.25, 0.0, 0.0, 0.25, 0.25], [0.0, 2.0, 1.25, 1.25, 0.75, 0.5, -0.75, 2.0], [-0.25, -1.25, 1.5, -1.5, 1.5, 0.5, -1.75, -2.0]]> : tensor<6x8xf64>
  %B = array.constant dense<[[-0.25, -2.0, -1.5, 0.0, 2.0], [-0.25, 1.25, 1.75, 1.25, 0.5], [-0.25, 0.0, -1.0, 0.0, -0.5], [-1.0, 2.0, -2.0, -1.75, -1.25], [2.0, 0.75, 1.5, -1.25, 1.0], [-0.5, 0.0, -2.0, 0.5, 1.5], [0.75, -1.5, 0.25, -1.0, 2.0], [1.5, -1.25, 0.0, 1.75, 1.5]]> : tensor<8x5xf64>
  %bias = array.constant dense<[1.0, 0.5, -2.0, 1.0, 0.0]> : tensor<5xf64>
  %BT = array.constant dense<[[-1.75, -1.0, 0.25, 1.0, 0.0, 0.5, 1.5, 0.75], [-0.5, 0.5, 0.5, -1.75, -1.75, 0.75, -0.5, 0.5], [-0.75, -1.25, -1.5, -0.5, 1.25, -0.5, -0.5, 0.25], [2.0, -0.5, 0.5, -0.25, 0.5, -0.25, 0.5, 0.25], [0.75, 2.0, -1.5, 0.25, -0.25, -0.5, -1.0, -2.0]]> : tensor<5x8xf64>
  %AT = array.constant dense<[[-0.5, 1.5, -1.75, -0.5, 2.0, 2.0], [-1.25, -2.0, 0.75, -2.0, -0.75, 0.0], [1.5, -1.75, 0.75, 0.25, -1.5, 1.5], [1.5, 0.0, 2.0, 0.5, 1.75, 2.0], [0.25, -1.0, -1.5, 0.25, -1.25, 1.0], [1.75, -1.0, 0.25, -2.0, -1.25, -0.5], [1.75, 2.0, 0.5, 0.25, 0.25, -1.75], [-0.5, 2.0, -0.5, -1.25, -1.0, 1.0]]> : tensor<8x6xf64>
  %X = array.constant dense<[[[-2.0, 2.0, 1.5, 0.25, -0.25, 1.0, 0.25, 0.0], [-0.75, -0.25, 1.0, -2.0, -2.0, 1.0, -0.5, 1.25], [-2.0, 1.75, -1.5, -0.25, 2.0, -1.75, 0.75, 1.0], [-0.25, -1.75, 0.0, -0.25, 1.5, 0.75, -0.75, -2.0]], [[0.5, -1.0, 0.75, 1.5, -0.5, 1.75, 0.0, 0.25], [1.25, 1.25, 1.75, 2.0, -1.5, -0.25, 1.75, -0.75], [-2.0, 0.25, 1.0, 1.0, 1.25, 0.5, -1.5, 1.5], [-0.25, 1.5, 1.25, 2.0, -2.0, 1.5, 0.5, 0.0]], [[1.25, 2.0, 0.0, -1.75, 1.0, -1.25, -1.25, -1.25], [-1.25, 1.75, -0.5, -1.75, -1.25, -0.5, -0.75, -0.75], [2.0, 1.5, 0.25, 2.0, -0.75, -1.5, -1.0, -1.75], [2.0, -1.25, -0.25, -1.25, 2.0, -1.5, 0.0, 2.0]]]> : tensor<3x4x8xf64>
  %Y = array.constant dense<[[[0.0, 1.75, 1.75, 1.25, 1.0], [0.25, 0.25, 1.5, -0.25, 2.0], [1.5, -0.5, -0.5, 1.0, 1.75], [-1.75, -1.75, -1.0, -0.25, -1.5], [0.0, 0.25, 2.0, 1.0, -1.0], [1.25, 1.25, 0.75, 0.75, -0.75], [1.0, -1.5, 0.5, 1.75, 2.0], [-0.75, -0.75, 0.5, -0.5, 1.0]], [[-1.25, -1.5, -2.0, -0.25, -1.25], [-0.75, 1.75, 1.25, 1.5, 0.5], [-1.75, 1.0, 0.5, 1.75, 0.0], [-1.5, 0.5, -0.25, 0.75, -0.5], [-0.75, -1.5, 2.0, 1.0, -0.25], [-1.25, 0.5, -0.25, 0.5, -1.75], [-1.25, 1.0, -1.75, 0.75, -0.5], [-2.0, 1.0, 0.75, 1.25, 1.75]], [[1.0, 1.5, -1.75, 1.75, 1.75], [0.75, 1.25, 1.0, 1.5, 1.75], [0.0, 1.25, 1.75, -0.75, -2.0], [-1.5, -2.0, -0.25, -2.0, -1.0], [-1.0, 1.0, -1.0, 2.0, -1.25], [2.0, 0.25, -1.0, -2.0, -0.75], [0.5, -1.75, -1.5, -1.75, 0.75], [-1.75, -2.0, -0.25, -0.75, 0.25]]]> : tensor<3x8x5xf64>
  %W = array.constant dense<[[1.75, 1.5, 0.25, 0.5, 1.25], [-0.25, 0.75, -1.25, 0.5, -1.0], [-1.25, 1.0, 0.25, -0.5, -2.0], [-1.0, 1.25, -0.25, 2.0, 1.75], [1.5, -2.0, -2.0, 0.25, -0.75], [1.5, -0.75, -1.5, -1.75, -0.75], [0.5, -1.5, 1.25, -0.75, -0.75], [0.75, 1.5, -0.25, 1.25, -0.75]]> : tensor<8x5xf64>
  // f16: relu(A @ B + bias).
  %a16 = array.astype %A : tensor<6x8xf64> -> tensor<6x8xf16>
  %b16 = array.astype %B : tensor<8x5xf64> -> tensor<8x5xf16>
  %bias16 = array.astype %bias : tensor<5xf64> -> tensor<5xf16>
  %zero16 = array.full 0.0 : tensor<f16>
  %p16 = array.matmul %a16, %b16 : (tensor<6x8xf16>, tensor<8x5xf16>) -> tensor<6x5xf16>
  %s16 = array.add %p16, %bias16 : (tensor<6x5xf16>, tensor<5xf16>) -> tensor<6x5xf16>
  %r16 = array.maximum %s16, %zero16 : (tensor<6x5xf16>, tensor<f16>) -> tensor<6x5xf16>
  %o16 = array.astype %r16 : tensor<6x5xf16> -> tensor<6x5xf32>
  array.print %o16 : tensor<6x5xf32>

  // f32: gelu_tanh(A @ B + bias), one call with the GELU_BIAS epilogue.
  %a = array.astype %A : tensor<6x8xf64> -> tensor<6x8xf32>
  %b = array.astype %B : tensor<8x5xf64> -> tensor<8x5xf32>
  %bias32 = array.astype %gbias : tensor<5xf64> -> tensor<5xf32>
  %p = array.matmul %a, %b : (tensor<6x8xf32>, tensor<8x5xf32>) -> tensor<6x5xf32>
  %x = array.add %p, %bias32 : (tensor<6x5xf32>, tensor<5xf32>) -> tensor<6x5xf32>
  %half = array.full 0.5 : tensor<f32>
  %one = array.full 1.0 : tensor<f32>
  %c = array.full 0.044715 : tensor<f32>
  %k = array.full 0.7978845608028654 : tensor<f32>
  %hx = array.mul %x, %half : (tensor<6x5xf32>, tensor<f32>) -> tensor<6x5xf32>
  %x2 = array.mul %x, %x : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
  %x3 = array.mul %x2, %x : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
  %cx3 = array.mul %x3, %c : (tensor<6x5xf32>, tensor<f32>) -> tensor<6x5xf32>
  %inner = array.add %x, %cx3 : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
  %scaled = array.mul %inner, %k : (tensor<6x5xf32>, tensor<f32>) -> tensor<6x5xf32>
  %t = array.tanh %scaled : tensor<6x5xf32>
  %t1 = array.add %t, %one : (tensor<6x5xf32>, tensor<f32>) -> tensor<6x5xf32>
  %gelu = array.mul %hx, %t1 : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
  array.print %gelu : tensor<6x5xf32>

  // f32: the erf form is not cuBLASLt's GELU: bias in the call, erf after.
  %p2 = array.matmul %a, %b : (tensor<6x8xf32>, tensor<8x5xf32>) -> tensor<6x5xf32>
  %y = array.add %p2, %bias32 : (tensor<6x5xf32>, tensor<5xf32>) -> tensor<6x5xf32>
  %rsqrt2 = array.full 0.7071067811865476 : tensor<f32>
  %ys = array.mul %y, %rsqrt2 : (tensor<6x5xf32>, tensor<f32>) -> tensor<6x5xf32>
  %erf = array.erf %ys : tensor<6x5xf32>
  %e1 = array.add %erf, %one : (tensor<6x5xf32>, tensor<f32>) -> tensor<6x5xf32>
  %hy = array.mul %y, %half : (tensor<6x5xf32>, tensor<f32>) -> tensor<6x5xf32>
  %exact = array.mul %hy, %e1 : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
  array.print %exact : tensor<6x5xf32>

  // Transposed operands are read in place; the quotient becomes alpha.
  %bt = array.astype %BT : tensor<5x8xf64> -> tensor<5x8xf32>
  %btt = array.transpose %bt : tensor<5x8xf32> -> tensor<8x5xf32>
  %q = array.matmul %a, %btt : (tensor<6x8xf32>, tensor<8x5xf32>) -> tensor<6x5xf32>
  %four = array.full 4.0 : tensor<f32>
  %q4 = array.div %q, %four : (tensor<6x5xf32>, tensor<f32>) -> tensor<6x5xf32>
  array.print %q4 : tensor<6x5xf32>
  %at = array.astype %AT : tensor<8x6xf64> -> tensor<8x6xf32>
  %att = array.transpose %at permutation [1, 0] : tensor<8x6xf32> -> tensor<6x8xf32>
  %u = array.matmul %att, %b : (tensor<6x8xf32>, tensor<8x5xf32>) -> tensor<6x5xf32>
  array.print %u : tensor<6x5xf32>

  // TF32 (exact for these inputs).
  %tf = array.matmul %a, %b {precision = "tf32"} : (tensor<6x8xf32>, tensor<8x5xf32>) -> tensor<6x5xf32>
  array.print %tf : tensor<6x5xf32>

  // f64: strided batches, a broadcast rhs, dot, and a batched transpose.
  %xy = array.matmul %X, %Y : (tensor<3x4x8xf64>, tensor<3x8x5xf64>) -> tensor<3x4x5xf64>
  array.print %xy : tensor<3x4x5xf64>
  %xw = array.matmul %X, %W : (tensor<3x4x8xf64>, tensor<8x5xf64>) -> tensor<3x4x5xf64>
  array.print %xw : tensor<3x4x5xf64>
  %d = array.dot %A, %B : (tensor<6x8xf64>, tensor<8x5xf64>) -> tensor<6x5xf64>
  array.print %d : tensor<6x5xf64>
  %xt = array.transpose %X permutation [0, 2, 1] : tensor<3x4x8xf64> -> tensor<3x8x4xf64>
  %xtt = array.transpose %xt permutation [0, 2, 1] : tensor<3x8x4xf64> -> tensor<3x4x8xf64>
  %three = array.full 3.0 : tensor<f64>
  %xw3 = array.matmul %xtt, %W : (tensor<3x4x8xf64>, tensor<8x5xf64>) -> tensor<3x4x5xf64>
  %xw3s = array.mul %three, %xw3 : (tensor<f64>, tensor<3x4x5xf64>) -> tensor<3x4x5xf64>
  array.print %xw3s : tensor<3x4x5xf64>
  return
}
