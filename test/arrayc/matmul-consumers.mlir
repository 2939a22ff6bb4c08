// Elementwise consumers of a cuBLASLt product go into the first kernel
// that reads it: a float16 product widened, added to a residual, layer-
// normalized and scaled (a row group) and, from the same product, tanh
// times a weight become one row kernel after the one arrayrt.blas_matmul;
// the product is read once and no widened copy of it is stored.
// RUN: arrayc --target=cuda --emit=gpu --print-kernel-plan %s -o - 2>&1 | FileCheck %s

// CHECK: remark: kernel plan: row kernel: 512 rows x 768, 7 ops (2 reductions)
// CHECK-NOT: remark: kernel plan: row kernel
// CHECK: arrayrt.blas_matmul %{{.+}}, %{{.+}} into %[[P:[^ ]+]] on {{.*}} memref<512x768xf16>
// CHECK: gpu.launch_func {{.*}} args(%[[P]] : memref<512x768xf16>
// CHECK-NOT: gpu.launch_func
// CHECK-NOT: arrayrt.blas_matmul
// CHECK: return
func.func @main(%a: tensor<512x1024xf16>, %b: tensor<1024x768xf16>, %w: tensor<768xf32>, %r: tensor<512x768xf32>) -> (tensor<512x768xf32>, tensor<512x768xf32>) {
  %p = array.matmul %a, %b : (tensor<512x1024xf16>, tensor<1024x768xf16>) -> tensor<512x768xf16>
  %pf = array.astype %p : tensor<512x768xf16> -> tensor<512x768xf32>
  %t = array.add %pf, %r : (tensor<512x768xf32>, tensor<512x768xf32>) -> tensor<512x768xf32>
  %mu = array.mean %t axes [1] keepdims : tensor<512x768xf32> -> tensor<512x1xf32>
  %d = array.sub %t, %mu : (tensor<512x768xf32>, tensor<512x1xf32>) -> tensor<512x768xf32>
  %v = array.var %t axes [1] keepdims : tensor<512x768xf32> -> tensor<512x1xf32>
  %eps = array.full 1.0e-5 : tensor<f32>
  %ve = array.add %v, %eps : (tensor<512x1xf32>, tensor<f32>) -> tensor<512x1xf32>
  %rs = array.rsqrt %ve : tensor<512x1xf32>
  %y = array.mul %d, %rs : (tensor<512x768xf32>, tensor<512x1xf32>) -> tensor<512x768xf32>
  %yw = array.mul %y, %w : (tensor<512x768xf32>, tensor<768xf32>) -> tensor<512x768xf32>
  %th = array.tanh %pf : tensor<512x768xf32>
  %z = array.mul %th, %w : (tensor<512x768xf32>, tensor<768xf32>) -> tensor<512x768xf32>
  return %yw, %z : tensor<512x768xf32>, tensor<512x768xf32>
}
