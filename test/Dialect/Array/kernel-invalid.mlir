// RUN: array-opt %s -split-input-file -verify-diagnostics

func.func @no_name(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op needs the kernel's name (or a name expression such as "scale<float>"), found an empty string}}
  %y = array.cuda_kernel "" (%x) outputs [0] block [4] grid [1] {source = ""} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @no_code(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op needs the kernel's code: exactly one of `source` (CUDA C++ text) and `file` (a .cu, .ptx or .cubin file), found neither}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [4] grid [1] : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @both_codes(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{found both}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [4] grid [1] {source = "", file = "k.cu"} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @options_for_ptx(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op has NVRTC `options`, but k.ptx is compiled already}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [4] grid [1] {file = "k.ptx", options = ["-DN=1"]} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @big_block(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op a block of [64, 32] has 2048 threads, more than CUDA's 1024}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [64, 32] grid [1] {source = ""} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @zero_block(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op block size 1 is 0, expected 1 to 1024}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [4, 0] grid [1] {source = ""} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @grid_z(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op grid size 2 is 70000, expected 1 to 65535}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [4] grid [1, 1, 70000] {source = ""} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @two_grids(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op needs exactly one of `grid [x, y, z]`, `threads_over <argument>` and `grid_sizes (%x, %y, %z)`, found 2}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [4] grid [1] threads_over 0 {source = ""} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @no_grid(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{found 0}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [4] {source = ""} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @over_scalar(%x: tensor<4xf32>, %n: i32) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op `threads_over` names argument 1 of type 'i32', expected an array}}
  %y = array.cuda_kernel "k" (%x, %n) outputs [0] block [4] threads_over 1 {source = ""} : (tensor<4xf32>, i32) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @over_2d_block(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op `threads_over` launches blocks of block[0] threads in x, found a block of [4, 2]}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [4, 2] threads_over 0 {source = ""} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @output_scalar(%x: tensor<4xf32>, %n: i32) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op output 0 is argument 1 of type 'i32', expected an array (the kernel writes it)}}
  %y = array.cuda_kernel "k" (%x, %n) outputs [1] block [4] grid [1] {source = ""} : (tensor<4xf32>, i32) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @output_twice(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error @+1 {{'array.cuda_kernel' op argument 0 is an output twice}}
  %y:2 = array.cuda_kernel "k" (%x) outputs [0, 0] block [4] grid [1] {source = ""} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %y#0, %y#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @result_type(%x: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{'array.cuda_kernel' op result 0 has type 'tensor<4xi32>', expected its output's type 'tensor<4xf32>'}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [4] grid [1] {source = ""} : (tensor<4xf32>) -> tensor<4xi32>
  return %y : tensor<4xi32>
}

// -----

func.func @result_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{'array.cuda_kernel' op has 1 outputs but 0 results: one result per output}}
  array.cuda_kernel "k" (%x) outputs [0] block [4] grid [1] {source = ""} : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @memref_arg(%x: memref<4xf32>) {
  // expected-error @+1 {{'array.cuda_kernel' op argument 0 has type 'memref<4xf32>', expected an array or a scalar (bool, integer, float or index)}}
  array.cuda_kernel "k" (%x) outputs [] block [4] grid [1] {source = ""} : (memref<4xf32>) -> ()
  return
}

// -----

func.func @too_much_shared(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op asks for 300000 bytes of shared memory, expected 0 to 232448}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [4] grid [1] shared 300000 {source = ""} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @grid_sizes_count(%x: tensor<4xf32>, %g: index) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op expected 3 `grid_sizes`, found 1}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [4] grid_sizes (%g) {source = ""} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// array.gpu_kernel: the kernel must be a gpu.func marked `kernel` whose
// parameters match the arguments (an array as the memref of its shape).

func.func @gpu_kernel_missing(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.gpu_kernel' op needs a `gpu.func` marked `kernel` named @kernels::@nothing, found none}}
  %y = array.gpu_kernel @kernels::@nothing (%x) outputs [0] block [4] grid [1] : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @helper(%x: memref<4xf32>) {
      gpu.return
    }
  }
  func.func @gpu_kernel_not_kernel(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error @+1 {{'array.gpu_kernel' op needs a `gpu.func` marked `kernel` named @kernels::@helper, found 'gpu.func'}}
    %y = array.gpu_kernel @kernels::@helper (%x) outputs [0] block [4] grid [1] : (tensor<4xf32>) -> tensor<4xf32>
    return %y : tensor<4xf32>
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%x: memref<4xf32>, %a: f32) kernel {
      gpu.return
    }
  }
  func.func @gpu_kernel_count(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error @+1 {{'array.gpu_kernel' op passes 1 arguments to @kernels::@scale, which takes 2}}
    %y = array.gpu_kernel @kernels::@scale (%x) outputs [0] block [4] grid [1] : (tensor<4xf32>) -> tensor<4xf32>
    return %y : tensor<4xf32>
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%x: memref<?xf32>, %a: f32) kernel {
      gpu.return
    }
  }
  func.func @gpu_kernel_type(%x: tensor<4xf32>, %a: f64) -> tensor<4xf32> {
    // expected-error @+1 {{'array.gpu_kernel' op argument 0 of type 'tensor<4xf32>' is passed as 'memref<4xf32>', but @kernels::@scale takes 'memref<?xf32>'}}
    %y = array.gpu_kernel @kernels::@scale (%x, %a) outputs [0] block [4] grid [1] : (tensor<4xf32>, f64) -> tensor<4xf32>
    return %y : tensor<4xf32>
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%x: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @gpu_kernel_launch(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error @+1 {{'array.gpu_kernel' op a block of [64, 32] has 2048 threads, more than CUDA's 1024}}
    %y = array.gpu_kernel @kernels::@scale (%x) outputs [0] block [64, 32] grid [1] : (tensor<4xf32>) -> tensor<4xf32>
    return %y : tensor<4xf32>
  }
}
