// bfloat16 .npy files as NumPy + ml_dtypes write and read them: np.save of
// an ml_dtypes.bfloat16 array writes descr '<V2' (a 2-byte void holding the
// bf16 bits), np.load(f).view(ml_dtypes.bfloat16) reads it back.
// array.load_npy of a bf16 array takes such a file (and '|V2'), and
// array.save_npy writes '<V2'. The fixtures are written byte by byte
// (Inputs/bf16_npy.py), so ml_dtypes is not needed here.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %numpy-python %S/Inputs/bf16_npy.py write
// RUN: arrayc --target=cpu %s -o %t/prog
// RUN: %t/prog | FileCheck %s
// RUN: %numpy-python %S/Inputs/bf16_npy.py check out.npy
// RUN: %if cuda-gpu %{ rm -f out.npy && arrayc %s -o %t/prog-gpu && %t/prog-gpu | FileCheck %s %}
// RUN: %if cuda-gpu %{ %numpy-python %S/Inputs/bf16_npy.py check out.npy %}

// x * x + y (x from '<V2', y from '|V2'), printed as array.print prints
// bf16 (3 significant digits).
// CHECK: [1. 6.25 9.9 4. ]
func.func @main() {
  %x = array.load_npy "x.npy" : tensor<4xbf16>
  %y = array.load_npy "y.npy" : tensor<4xbf16>
  %xx = array.mul %x, %x : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xbf16>
  %r = array.add %xx, %y : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xbf16>
  array.save_npy %r, "out.npy" : tensor<4xbf16>
  array.print %r : tensor<4xbf16>
  return
}
