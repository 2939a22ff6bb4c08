// RUN: array-opt %s -split-input-file -verify-diagnostics -array-reject-gpu-kernels | FileCheck %s

// The CPU target has no CUDA: a user's kernel (CUDA C++ or a gpu.func) is
// an error at the op; nothing else is.

func.func @cuda(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' launches a CUDA kernel, which the CPU target cannot run: compile with --target=cuda (a CUDA toolkit is needed to compile, a GPU to run)}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [4] grid [1] {source = ""} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

module {
  gpu.module @kernels {
    gpu.func @k(%x: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @mlir(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error @+1 {{'array.gpu_kernel' launches a CUDA kernel, which the CPU target cannot run}}
    %y = array.gpu_kernel @kernels::@k (%x) outputs [0] block [4] grid [1] : (tensor<4xf32>) -> tensor<4xf32>
    return %y : tensor<4xf32>
  }
}

// -----

// CHECK-LABEL: func.func @no_kernels
// CHECK: array.add
func.func @no_kernels(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = array.add %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
