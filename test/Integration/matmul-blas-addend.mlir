// Matrix products with a matrix added (cuBLASLt's C, beta): A @ B + C and
// C + A @ B become one call that reads C (beta 1), A @ B - C beta -1,
// C - A @ B alpha -1, a scaling after the sum scales alpha and beta, an
// activation and a bias apply after the sum, batched products take a
// batched C; C stays intact for its other users (printed last). The CPU target computes the same
// through linalg. Inputs are multiples of 1/4, so every result is exact.
// RUN: arrayc --target=cpu %s -o %t.cpu && %t.cpu > %t.cpu.out
// RUN: %numpy-ref --compare %t.cpu.out %s
// RUN: %if cuda-gpu %{ arrayc --target=cuda %s -o %t.cuda && %t.cuda > %t.cuda.out && %numpy-ref --compare %t.cuda.out %s %}
// RUN: arrayc --target=cuda --emit=linalg %s -o - | FileCheck %s --check-prefix=BLAS

// Every product with its additions, scaling and ReLU is one cuBLASLt call:
// no elementwise add, subtract, multiply or maximum is left.
// BLAS-NOT: arith.{{(add|sub|mul|maximum)}}f
// BLAS: arrayrt.blas_matmul {{.*}} {beta = 1.000000e+00 : f64} : tensor<6x8xf32>
// BLAS: arrayrt.blas_matmul {{.*}} {alpha = 2.000000e+00 : f64, beta = 2.000000e+00 : f64}
// BLAS: arrayrt.blas_matmul {{.*}} bias {{.*}} {beta = 1.000000e+00 : f64, epilogue = #arrayrt<epilogue relu>}
// BLAS: arrayrt.blas_matmul {{.*}} {beta = -1.000000e+00 : f64} : tensor<6x8xf64>
// BLAS: arrayrt.blas_matmul {{.*}} {alpha = -1.000000e+00 : f64, beta = 1.000000e+00 : f64}
// BLAS: arrayrt.blas_matmul {{.*}} {beta = 1.000000e+00 : f64} : tensor<3x4x8xf32>
// BLAS-NOT: arith.{{(add|sub|mul|maximum)}}f
// NUMPY: A = np.array([[ 2.  ,  0.5 ,  0.75,  1.75,  0.25,  1.25,  1.5 , -1.25], [-2.  , -0.75, -1.  ,  1.5 ,  1.75, -2.  ,  0.  ,  1.25], [-1.5 ,  1.25, -1.5 , -0.25,  1.25, -0.75, -0.75, -1.  ], [ 1.  , -1.  ,  2.  , -0.25,  0.  ,  0.  ,  0.25,  0.25], [ 0.  ,  2.  ,  1.25,  1.25,  0.75,  0.5 , -0.75,  2.  ], [-0.25, -1.25,  1.5 , -1.5 ,  1.5 ,  0.5 , -1.75, -2.  ]])
// NUMPY: B = np.array([[-0.25, -2.  , -1.5 ,  0.  ,  2.  ], [-0.25,  1.25,  1.75,  1.25,  0.5 ], [-0.25,  0.  , -1.  ,  0.  , -0.5 ], [-1.  ,  2.  , -2.  , -1.75, -1.25], [ 2.  ,  0.75,  1.5 , -1.25,  1.  ], [-0.5 ,  0.  , -2.  ,  0.5 ,  1.5 ], [ 0.75, -1.5 ,  0.25, -1.  ,  2.  ], [ 1.5 , -1.25,  0.  ,  1.75,  1.5 ]])
// NUMPY: C = np.array([[ 1.  ,  0.5 , -2.  ,  1.  ,  0.  ], [-1.75, -1.  ,  0.25,  1.  ,  0.  ], [ 0.5 ,  1.5 ,  0.75, -0.5 ,  0.5 ], [ 0.5 , -1.75, -1.75,  0.75, -0.5 ], [ 0.5 , -0.75, -1.25, -1.5 , -0.5 ], [ 1.25, -0.5 , -0.5 ,  0.25,  2.  ]])
// NUMPY: bias = np.array([-0.5 ,  0.5 , -0.25,  0.5 , -0.25])
// NUMPY: X = np.array([[[ 0.5 ,  0.25,  0.75,  2.  , -1.5 ,  0.25, -0.25, -0.5 ],  [-1.  , -2.  , -0.5 ,  1.5 , -1.75, -0.5 ,  2.  ,  2.  ],  [-1.25, -2.  ,  0.75, -2.  , -0.75,  0.  ,  1.5 , -1.75],  [ 0.75,  0.25, -1.5 ,  1.5 ,  1.5 ,  0.  ,  2.  ,  0.5 ]], [[ 1.75,  2.  ,  0.25, -1.  , -1.5 ,  0.25, -1.25,  1.  ],  [ 1.75, -1.  ,  0.25, -2.  , -1.25, -0.5 ,  1.75,  2.  ],  [ 0.5 ,  0.25,  0.25, -1.75, -0.5 ,  2.  , -0.5 , -1.25],  [-1.  ,  1.  , -2.  ,  2.  ,  1.5 ,  0.25, -0.25,  1.  ]], [[ 0.25,  0.  , -0.75, -0.25,  1.  , -2.  , -2.  ,  1.  ],  [-0.5 ,  1.25, -2.  ,  1.75, -1.5 , -0.25,  2.  , -1.75],  [ 0.75,  1.  , -0.25, -1.75,  0.  , -0.25,  1.5 ,  0.75],  [-0.75, -2.  ,  0.5 , -1.  ,  0.75,  1.5 , -0.5 ,  1.75]]])
// NUMPY: Y = np.array([[[ 0.  ,  0.25,  1.25,  1.25,  1.75],  [ 2.  , -1.5 , -0.25,  1.75, -0.75],  [-2.  ,  0.25,  1.  ,  1.  ,  1.25],  [ 0.5 , -1.5 ,  1.5 , -0.25,  1.5 ],  [ 1.25,  2.  , -2.  ,  1.5 ,  0.5 ],  [ 0.  ,  1.25,  2.  ,  0.  , -1.75],  [ 1.  , -1.25, -1.25, -1.25, -1.25],  [ 1.75, -0.5 , -1.75, -1.25, -0.5 ]], [[-0.75, -0.75,  2.  ,  1.5 ,  0.25],  [ 2.  , -0.75, -1.5 , -1.  , -1.75],  [ 2.  , -1.25, -0.25, -1.25,  2.  ],  [-1.5 ,  0.  ,  2.  ,  0.  ,  1.75],  [ 1.75,  1.25,  1.  ,  0.25,  0.25],  [ 1.5 , -0.25,  2.  ,  1.5 , -0.5 ],  [-0.5 ,  1.  ,  1.75, -1.75, -1.75],  [-1.  , -0.25, -1.5 ,  0.  ,  0.25]], [[ 2.  ,  1.  , -1.  ,  1.25,  1.25],  [ 0.75,  0.75, -0.75,  1.  , -1.5 ],  [ 0.5 ,  1.75,  2.  , -0.75, -0.75],  [ 0.5 , -0.5 ,  1.  , -1.25, -1.5 ],  [-2.  , -0.25, -1.25, -0.75,  1.75],  [ 1.25,  1.5 ,  0.5 , -1.75,  1.  ],  [ 0.5 ,  1.75,  0.  , -1.5 ,  0.5 ],  [-0.25,  0.75, -0.5 , -0.75, -1.5 ]]])
// NUMPY: Z = np.array([[[ 2.  ,  1.  , -0.25, -1.25,  0.5 ],  [-0.25,  0.5 , -1.75, -1.25,  1.  ],  [-1.75,  0.75, -0.5 , -2.  ,  1.  ],  [ 0.75,  1.25,  1.75,  1.  ,  1.5 ]], [[-1.75,  1.75,  1.75,  0.75,  1.25],  [ 1.  ,  1.5 ,  1.75,  0.  ,  1.25],  [ 1.75, -0.75, -2.  , -1.5 , -2.  ],  [-0.25, -2.  , -1.  , -1.  ,  1.  ]], [[-1.  ,  2.  , -1.25,  2.  ,  0.25],  [-1.  , -2.  , -0.75,  0.5 , -1.75],  [-1.5 , -1.75,  0.75, -1.75, -2.  ],  [-0.25, -0.75,  0.25,  1.75,  1.5 ]]])
// NUMPY: f16, f32 = np.float16, np.float32
// NUMPY: print(A.astype(f32) @ B.astype(f32) + C.astype(f32))
// NUMPY: print((C.astype(f32) + A.astype(f32) @ B.astype(f32)) * f32(2))
// NUMPY: print(np.maximum((A @ B + C + bias).astype(f16), f16(0)).astype(f32))
// NUMPY: print(A @ B - C)
// NUMPY: print(C.astype(f32) - A.astype(f32) @ B.astype(f32))
// NUMPY: print(X.astype(f32) @ Y.astype(f32) + Z.astype(f32))
// NUMPY: print(C.astype(f32))

func.func @main() {
  %A = array.constant dense<[[ 2.  ,  0.5 ,  0.75,  1.75,  0.25,  1.25,  1.5 , -1.25], [-2.  , -0.75, -1.  ,  1.5 ,  1.75, -2.  ,  0.  ,  1.25], [-1.5 ,  1.25, -1.5 , -0.25,  1.25, -0.75, -0.75, -1.  ], [ 1.  , -1.  ,  2.  , -0.25,  0.  ,  0.  ,  0.25,  0.25], [ 0.  ,  2.  ,  1.25,  1.25,  0.75,  0.5 , -0.75,  2.  ], [-0.25, -1.25,  1.5 , -1.5 ,  1.5 ,  0.5 , -1.75, -2.  ]]> : tensor<6x8xf64>
  %B = array.constant dense<[[-0.25, -2.  , -1.5 ,  0.  ,  2.  ], [-0.25,  1.25,  1.75,  1.25,  0.5 ], [-0.25,  0.  , -1.  ,  0.  , -0.5 ], [-1.  ,  2.  , -2.  , -1.75, -1.25], [ 2.  ,  0.75,  1.5 , -1.25,  1.  ], [-0.5 ,  0.  , -2.  ,  0.5 ,  1.5 ], [ 0.75, -1.5 ,  0.25, -1.  ,  2.  ], [ 1.5 , -1.25,  0.  ,  1.75,  1.5 ]]> : tensor<8x5xf64>
  %C = array.constant dense<[[ 1.  ,  0.5 , -2.  ,  1.  ,  0.  ], [-1.75, -1.  ,  0.25,  1.  ,  0.  ], [ 0.5 ,  1.5 ,  0.75, -0.5 ,  0.5 ], [ 0.5 , -1.75, -1.75,  0.75, -0.5 ], [ 0.5 , -0.75, -1.25, -1.5 , -0.5 ], [ 1.25, -0.5 , -0.5 ,  0.25,  2.  ]]> : tensor<6x5xf64>
  %bias = array.constant dense<[-0.5 ,  0.5 , -0.25,  0.5 , -0.25]> : tensor<5xf64>
  %X = array.constant dense<[[[ 0.5 ,  0.25,  0.75,  2.  , -1.5 ,  0.25, -0.25, -0.5 ],  [-1.  , -2.  , -0.5 ,  1.5 , -1.75, -0.5 ,  2.  ,  2.  ],  [-1.25, -2.  ,  0.75, -2.  , -0.75,  0.  ,  1.5 , -1.75],  [ 0.75,  0.25, -1.5 ,  1.5 ,  1.5 ,  0.  ,  2.  ,  0.5 ]], [[ 1.75,  2.  ,  0.25, -1.  , -1.5 ,  0.25, -1.25,  1.  ],  [ 1.75, -1.  ,  0.25, -2.  , -1.25, -0.5 ,  1.75,  2.  ],  [ 0.5 ,  0.25,  0.25, -1.75, -0.5 ,  2.  , -0.5 , -1.25],  [-1.  ,  1.  , -2.  ,  2.  ,  1.5 ,  0.25, -0.25,  1.  ]], [[ 0.25,  0.  , -0.75, -0.25,  1.  , -2.  , -2.  ,  1.  ],  [-0.5 ,  1.25, -2.  ,  1.75, -1.5 , -0.25,  2.  , -1.75],  [ 0.75,  1.  , -0.25, -1.75,  0.  , -0.25,  1.5 ,  0.75],  [-0.75, -2.  ,  0.5 , -1.  ,  0.75,  1.5 , -0.5 ,  1.75]]]> : tensor<3x4x8xf64>
  %Y = array.constant dense<[[[ 0.  ,  0.25,  1.25,  1.25,  1.75],  [ 2.  , -1.5 , -0.25,  1.75, -0.75],  [-2.  ,  0.25,  1.  ,  1.  ,  1.25],  [ 0.5 , -1.5 ,  1.5 , -0.25,  1.5 ],  [ 1.25,  2.  , -2.  ,  1.5 ,  0.5 ],  [ 0.  ,  1.25,  2.  ,  0.  , -1.75],  [ 1.  , -1.25, -1.25, -1.25, -1.25],  [ 1.75, -0.5 , -1.75, -1.25, -0.5 ]], [[-0.75, -0.75,  2.  ,  1.5 ,  0.25],  [ 2.  , -0.75, -1.5 , -1.  , -1.75],  [ 2.  , -1.25, -0.25, -1.25,  2.  ],  [-1.5 ,  0.  ,  2.  ,  0.  ,  1.75],  [ 1.75,  1.25,  1.  ,  0.25,  0.25],  [ 1.5 , -0.25,  2.  ,  1.5 , -0.5 ],  [-0.5 ,  1.  ,  1.75, -1.75, -1.75],  [-1.  , -0.25, -1.5 ,  0.  ,  0.25]], [[ 2.  ,  1.  , -1.  ,  1.25,  1.25],  [ 0.75,  0.75, -0.75,  1.  , -1.5 ],  [ 0.5 ,  1.75,  2.  , -0.75, -0.75],  [ 0.5 , -0.5 ,  1.  , -1.25, -1.5 ],  [-2.  , -0.25, -1.25, -0.75,  1.75],  [ 1.25,  1.5 ,  0.5 , -1.75,  1.  ],  [ 0.5 ,  1.75,  0.  , -1.5 ,  0.5 ],  [-0.25,  0.75, -0.5 , -0.75, -1.5 ]]]> : tensor<3x8x5xf64>
  %Z = array.constant dense<[[[ 2.  ,  1.  , -0.25, -1.25,  0.5 ],  [-0.25,  0.5 , -1.75, -1.25,  1.  ],  [-1.75,  0.75, -0.5 , -2.  ,  1.  ],  [ 0.75,  1.25,  1.75,  1.  ,  1.5 ]], [[-1.75,  1.75,  1.75,  0.75,  1.25],  [ 1.  ,  1.5 ,  1.75,  0.  ,  1.25],  [ 1.75, -0.75, -2.  , -1.5 , -2.  ],  [-0.25, -2.  , -1.  , -1.  ,  1.  ]], [[-1.  ,  2.  , -1.25,  2.  ,  0.25],  [-1.  , -2.  , -0.75,  0.5 , -1.75],  [-1.5 , -1.75,  0.75, -1.75, -2.  ],  [-0.25, -0.75,  0.25,  1.75,  1.5 ]]]> : tensor<3x4x5xf64>
  %a = array.astype %A : tensor<6x8xf64> -> tensor<6x8xf32>
  %b = array.astype %B : tensor<8x5xf64> -> tensor<8x5xf32>
  %c = array.astype %C : tensor<6x5xf64> -> tensor<6x5xf32>
  // f32: A @ B + C.
  %p = array.matmul %a, %b : (tensor<6x8xf32>, tensor<8x5xf32>) -> tensor<6x5xf32>
  %s = array.add %p, %c : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
  array.print %s : tensor<6x5xf32>
  // f32: (C + A @ B) * 2: alpha 2, beta 2.
  %p2 = array.matmul %a, %b : (tensor<6x8xf32>, tensor<8x5xf32>) -> tensor<6x5xf32>
  %s2 = array.add %c, %p2 : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
  %two = array.full 2.0 : tensor<f32>
  %t2 = array.mul %s2, %two : (tensor<6x5xf32>, tensor<f32>) -> tensor<6x5xf32>
  array.print %t2 : tensor<6x5xf32>
  // f16: relu(A @ B + C + bias).
  %a16 = array.astype %A : tensor<6x8xf64> -> tensor<6x8xf16>
  %b16 = array.astype %B : tensor<8x5xf64> -> tensor<8x5xf16>
  %c16 = array.astype %C : tensor<6x5xf64> -> tensor<6x5xf16>
  %bias16 = array.astype %bias : tensor<5xf64> -> tensor<5xf16>
  %zero16 = array.full 0.0 : tensor<f16>
  %p16 = array.matmul %a16, %b16 : (tensor<6x8xf16>, tensor<8x5xf16>) -> tensor<6x5xf16>
  %s16 = array.add %p16, %c16 : (tensor<6x5xf16>, tensor<6x5xf16>) -> tensor<6x5xf16>
  %sb16 = array.add %s16, %bias16 : (tensor<6x5xf16>, tensor<5xf16>) -> tensor<6x5xf16>
  %r16 = array.maximum %sb16, %zero16 : (tensor<6x5xf16>, tensor<f16>) -> tensor<6x5xf16>
  %o16 = array.astype %r16 : tensor<6x5xf16> -> tensor<6x5xf32>
  array.print %o16 : tensor<6x5xf32>
  // f64: A @ B - C (beta -1).
  %p64 = array.matmul %A, %B : (tensor<6x8xf64>, tensor<8x5xf64>) -> tensor<6x5xf64>
  %d64 = array.sub %p64, %C : (tensor<6x5xf64>, tensor<6x5xf64>) -> tensor<6x5xf64>
  array.print %d64 : tensor<6x5xf64>
  // f32: C - A @ B (alpha -1).
  %p5 = array.matmul %a, %b : (tensor<6x8xf32>, tensor<8x5xf32>) -> tensor<6x5xf32>
  %d5 = array.sub %c, %p5 : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
  array.print %d5 : tensor<6x5xf32>
  // f32 batched: X @ Y + Z.
  %x = array.astype %X : tensor<3x4x8xf64> -> tensor<3x4x8xf32>
  %y = array.astype %Y : tensor<3x8x5xf64> -> tensor<3x8x5xf32>
  %z = array.astype %Z : tensor<3x4x5xf64> -> tensor<3x4x5xf32>
  %xy = array.matmul %x, %y : (tensor<3x4x8xf32>, tensor<3x8x5xf32>) -> tensor<3x4x5xf32>
  %xyz = array.add %xy, %z : (tensor<3x4x5xf32>, tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  array.print %xyz : tensor<3x4x5xf32>
  // C itself, unchanged by the products that read it.
  array.print %c : tensor<6x5xf32>
  return
}
