// arctan2 of signed zeros, from constants (which MLIR 22's folding of
// math.atan2 turned into NaN: the arctan2 of two zero arrays printed NaN;
// found by random_programs.py, seed 2026 program 607) and from loaded
// arrays, as NumPy gives them: atan2(+-0, +0) = +-0, atan2(+-0, -0) = +-pi.
// RUN: arrayc --target=cpu %s -o %t.cpu
// RUN: rm -rf %t.cpu.dir && mkdir -p %t.cpu.dir && cd %t.cpu.dir && %numpy-ref %s > %t.cpu.ref
// RUN: cd %t.cpu.dir && %t.cpu > %t.cpu.out
// RUN: cd %t.cpu.dir && %numpy-ref --compare %t.cpu.out %s
// RUN: arrayc --target=cuda %s -o %t.cuda
// RUN: %if cuda-gpu %{ rm -rf %t.cuda.dir && mkdir -p %t.cuda.dir && cd %t.cuda.dir && %numpy-ref %s > %t.cuda.ref %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %t.cuda > %t.cuda.out %}
// RUN: %if cuda-gpu %{ cd %t.cuda.dir && %numpy-ref --compare %t.cuda.out %s %}

// NUMPY: y = np.array([0.0, -0.0, 0.0, -0.0, 1.0, -2.0]); x = np.array([0.0, 0.0, -0.0, -0.0, 0.0, -1.0])
// NUMPY: np.save("y.npy", y); np.save("x.npy", x)
// NUMPY: print(np.arctan2(y, x))
// NUMPY: print(np.arctan2(np.zeros(3, np.int64), np.zeros(3, np.int64)))
// NUMPY: print(np.arctan2(np.zeros((1, 4, 1), np.int64), np.zeros((4, 1), np.int64)))
// NUMPY: print(np.arctan2(y.astype(np.float32), x.astype(np.float32)))

func.func @main() {
  %y = array.constant dense<[0.0, -0.0, 0.0, -0.0, 1.0, -2.0]> : tensor<6xf64>
  %x = array.constant dense<[0.0, 0.0, -0.0, -0.0, 0.0, -1.0]> : tensor<6xf64>
  %a = array.arctan2 %y, %x : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
  array.print %a : tensor<6xf64>
  %z = array.full 0 : tensor<3xi64>
  %b = array.arctan2 %z, %z : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xf64>
  array.print %b : tensor<3xf64>
  %n = arith.constant 4 : index
  %zd = array.full(%n) 0 : tensor<?x1xi64>
  %ze = array.expand_dims %zd axis 0 : tensor<?x1xi64> -> tensor<1x?x1xi64>
  %zs = tensor.cast %zd : tensor<?x1xi64> to tensor<4x1xi64>
  %c = array.arctan2 %ze, %zs : (tensor<1x?x1xi64>, tensor<4x1xi64>) -> tensor<1x4x1xf64>
  array.print %c : tensor<1x4x1xf64>
  %yl = array.load_npy "y.npy" : tensor<?xf64>
  %xl = array.load_npy "x.npy" : tensor<?xf64>
  %y32 = array.astype %yl : tensor<?xf64> -> tensor<?xf32>
  %x32 = array.astype %xl : tensor<?xf64> -> tensor<?xf32>
  %d = array.arctan2 %y32, %x32 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  array.print %d : tensor<?xf32>
  return
}
