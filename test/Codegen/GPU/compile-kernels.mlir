// REQUIRES: nvrtc
// RUN: array-opt %s -split-input-file -array-gpu-compile-kernels -verify-diagnostics | FileCheck %s
// RUN: array-opt %s -split-input-file -array-gpu-compile-kernels="chip=compute_90" -verify-diagnostics | FileCheck %s --check-prefix=PTX

// A template instance by name expression, from inline source: the image is
// a cubin (ELF) for sm_90a, the symbol its mangled name; for compute_90 the
// image is PTX.
// CHECK-LABEL: func.func @template
// CHECK: array.cuda_kernel "scale<float, 4>"
// CHECK-SAME: image = "\7FELF
// CHECK-SAME: symbol = "_Z5scaleIfLi4EEvPT_S0_i"
// PTX-LABEL: func.func @template
// PTX: image = "{{.*}}.target sm_90{{.*}}.entry _Z5scaleIfLi4EEvPT_S0_i
func.func @template(%x: tensor<?xf32>, %a: f32, %n: i32) -> tensor<?xf32> {
  %y = array.cuda_kernel "scale<float, 4>" (%x, %a, %n) outputs [0]
         block [256] threads_over 0
         {source = "template <typename T, int N> __global__ void scale(T *x, T a, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= a * N; }"}
         : (tensor<?xf32>, f32, i32) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// A .cu file next to the program, which includes a header of its own
// directory; options reach NVRTC (-D).
// CHECK-LABEL: func.func @from_file
// CHECK: symbol = "saxpy"
func.func @from_file(%x: tensor<?xf32>, %y: tensor<?xf32>, %a: f32, %n: i32) -> tensor<?xf32> {
  %r = array.cuda_kernel "saxpy" (%x, %y, %a, %n) outputs [1] block [128]
         threads_over 1 {file = "Inputs/kernels/saxpy.cu", options = ["-DUNUSED=1", "--use_fast_math"]}
         : (tensor<?xf32>, tensor<?xf32>, f32, i32) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A PTX file is embedded as it is, NUL-terminated for the driver.
// CHECK-LABEL: func.func @ptx_file
// CHECK: image = "{{.*}}.entry scale({{.*}}\00"
// CHECK-SAME: symbol = "scale"
func.func @ptx_file(%x: tensor<?xf32>, %a: f32, %n: i32) -> tensor<?xf32> {
  %y = array.cuda_kernel "scale" (%x, %a, %n) outputs [0] block [256]
         threads_over 0 {file = "Inputs/kernels/scale.ptx"}
         : (tensor<?xf32>, f32, i32) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// Two kernels of one source (the same text and options) compile once.
// CHECK-LABEL: func.func @two_kernels
// CHECK: symbol = "_Z3twoPf"
// CHECK: symbol = "_Z3onePf"
func.func @two_kernels(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = array.cuda_kernel "two" (%x) outputs [0] block [4] grid [1]
         {source = "__global__ void one(float *x) { x[threadIdx.x] = 1; } __global__ void two(float *x) { x[threadIdx.x] *= 2; }"}
         : (tensor<4xf32>) -> tensor<4xf32>
  %b = array.cuda_kernel "one" (%a) outputs [0] block [4] grid [1]
         {source = "__global__ void one(float *x) { x[threadIdx.x] = 1; } __global__ void two(float *x) { x[threadIdx.x] *= 2; }"}
         : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

func.func @argument_count(%x: tensor<?xf32>, %a: f32) -> tensor<?xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op passes 2 arguments to kernel 'scale', which takes 3 parameters}}
  %y = array.cuda_kernel "scale" (%x, %a) outputs [0] block [256]
         threads_over 0 {file = "Inputs/kernels/scale.ptx"}
         : (tensor<?xf32>, f32) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @argument_kind(%x: tensor<?xf32>, %a: i32, %n: i32) -> tensor<?xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op argument 1 of type 'i32' (4 bytes) does not match parameter 1 of kernel 'scale', a .f32 (4 bytes)}}
  %y = array.cuda_kernel "scale" (%x, %a, %n) outputs [0] block [256]
         threads_over 0 {file = "Inputs/kernels/scale.ptx"}
         : (tensor<?xf32>, i32, i32) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @argument_size(%x: tensor<?xf32>, %a: f32, %n: i64) -> tensor<?xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op argument 3 of type 'i64' (8 bytes) does not match parameter 3 of kernel 'saxpy', a .u32 (4 bytes)}}
  %y = array.cuda_kernel "saxpy" (%x, %x, %a, %n) outputs [1] block [256]
         threads_over 0 {file = "Inputs/kernels/saxpy.cu"}
         : (tensor<?xf32>, tensor<?xf32>, f32, i64) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @array_to_scalar(%x: tensor<?xf32>, %n: i32) -> tensor<?xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op argument 1 of type 'tensor<?xf32>' (a pointer, 8 bytes) does not match parameter 1 of kernel 'scale', a .f32 (4 bytes)}}
  %y = array.cuda_kernel "scale" (%x, %x, %n) outputs [0] block [256]
         threads_over 0 {file = "Inputs/kernels/scale.ptx"}
         : (tensor<?xf32>, tensor<?xf32>, i32) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @missing_file(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op cannot read the kernel file '}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [4] grid [1]
         {file = "Inputs/kernels/no-such-file.cu"}
         : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @ptx_entry(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'array.cuda_kernel' op 'scale<float>' is not an entry of}}
  %y = array.cuda_kernel "scale<float>" (%x) outputs [0] block [4] grid [1]
         {file = "Inputs/kernels/scale.ptx"}
         : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// NVRTC's errors in inline source: a note per message, naming the line.
func.func @inline_error(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+3 {{'array.cuda_kernel' op NVRTC could not compile kernel 'k' of k.cu for}}
  // expected-note @+2 {{line 2 of the inline source: error: identifier "oops" is undefined}}
  // expected-note @+1 {{line 3 of the inline source: error: expected a ";"}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [4] grid [1]
         {source = "__global__ void k(float *x) {\n  x[0] = oops;\n  x[1] = 2 }\n"}
         : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// A kernel name that is no function of the source.
func.func @unknown_name(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'array.cuda_kernel' op NVRTC could not compile kernel 'missing' of missing.cu}}
  // expected-note @+1 {{in the kernel's name: error: identifier "missing" is undefined}}
  %y = array.cuda_kernel "missing" (%x) outputs [0] block [4] grid [1]
         {source = "__global__ void k(float *x) {}"}
         : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// A bad option: NVRTC's answer and the options.
func.func @bad_option(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{NVRTC_ERROR_INVALID_OPTION}}
  %y = array.cuda_kernel "k" (%x) outputs [0] block [4] grid [1]
         {source = "__global__ void k(float *x) {}", options = ["--no-such-option"]}
         : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
