// RUN: array-opt %s | array-opt | FileCheck %s
// RUN: array-opt %s --mlir-print-op-generic | array-opt | FileCheck %s

// A CUDA C++ kernel from a file, one thread per element of %x, writing its
// third argument.
// CHECK-LABEL: func.func @histogram
// CHECK: %[[H:.+]] = array.cuda_kernel "histogram"(%arg0, %arg1, %arg2) outputs [2] block [256] threads_over 0 {file = "histogram.cu"} : (tensor<?xf32>, i32, tensor<64xi32>) -> tensor<64xi32>
// CHECK: return %[[H]]
func.func @histogram(%x: tensor<?xf32>, %n: i32, %zeros: tensor<64xi32>) -> tensor<64xi32> {
  %h = array.cuda_kernel "histogram" (%x, %n, %zeros) outputs [2]
         block [256] threads_over 0 {file = "histogram.cu"}
         : (tensor<?xf32>, i32, tensor<64xi32>) -> tensor<64xi32>
  return %h : tensor<64xi32>
}

// Inline source, a template by name expression, options, a static grid
// and shared memory; two outputs.
// CHECK-LABEL: func.func @inline
// CHECK: array.cuda_kernel "tile<float, 32>"(%arg0, %arg1, %arg2) outputs [1, 2] block [32, 8] grid [4, 4] shared 4224 {options = ["-std=c++17", "-DK=2"], source = "{{.*}}"} : (tensor<128x128xf32>, tensor<128x128xf32>, tensor<4xf32>) -> (tensor<128x128xf32>, tensor<4xf32>)
func.func @inline(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>, %c: tensor<4xf32>) -> (tensor<128x128xf32>, tensor<4xf32>) {
  %r:2 = array.cuda_kernel "tile<float, 32>" (%a, %b, %c) outputs [1, 2]
           block [32, 8] grid [4, 4] shared 4224
           {source = "template <typename T, int N> __global__ void tile(const T *a, T *b, T *c) {}",
            options = ["-std=c++17", "-DK=2"]}
           : (tensor<128x128xf32>, tensor<128x128xf32>, tensor<4xf32>) -> (tensor<128x128xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<128x128xf32>, tensor<4xf32>
}

// A grid computed by the program; a precompiled PTX file; index and f16
// scalars.
// CHECK-LABEL: func.func @dynamic_grid
// CHECK: array.cuda_kernel "k"(%arg0, %arg1, %arg2) outputs [0] block [128] grid_sizes(%arg3, %c1, %c1) {file = "k.ptx"} : (tensor<?xf32>, index, f16) -> tensor<?xf32>
func.func @dynamic_grid(%x: tensor<?xf32>, %i: index, %h: f16, %g: index) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %y = array.cuda_kernel "k" (%x, %i, %h) outputs [0] block [128]
         grid_sizes (%g, %c1, %c1) {file = "k.ptx"}
         : (tensor<?xf32>, index, f16) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// A kernel written in MLIR: an array is passed as the memref of its shape.
// CHECK-LABEL: gpu.module @kernels
// CHECK-LABEL: func.func @mlir_kernel
// CHECK: array.gpu_kernel @kernels::@scale(%arg0, %arg1, %{{.*}}) outputs [1] block [256] threads_over 0 : (tensor<?xf32>, tensor<?xf32>, f32) -> tensor<?xf32>
// CHECK: array.gpu_kernel @kernels::@scale(%arg0, %arg1, %{{.*}}) outputs [1] block [16, 16] grid [2, 3] shared 1024 : (tensor<?xf32>, tensor<?xf32>, f32) -> tensor<?xf32>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%x: memref<?xf32>, %y: memref<?xf32>, %a: f32) kernel {
      gpu.return
    }
  }
  func.func @mlir_kernel(%x: tensor<?xf32>, %y: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
    %a = arith.constant 2.0 : f32
    %r = array.gpu_kernel @kernels::@scale (%x, %y, %a) outputs [1]
           block [256] threads_over 0
           : (tensor<?xf32>, tensor<?xf32>, f32) -> tensor<?xf32>
    %s = array.gpu_kernel @kernels::@scale (%x, %y, %a) outputs [1]
           block [16, 16] grid [2, 3] shared 1024
           : (tensor<?xf32>, tensor<?xf32>, f32) -> tensor<?xf32>
    return %r, %s : tensor<?xf32>, tensor<?xf32>
  }
}
