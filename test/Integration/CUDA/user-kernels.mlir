// Users' kernels between array ops, compared with NumPy: CUDA C++ kernels
// (array.cuda_kernel, compiled by NVRTC: inline source, a template by name
// expression, dynamic shared memory, scalar arguments) and a kernel written
// in MLIR (array.gpu_kernel of a gpu.func). The kernels are fusion barriers:
// the array ops before and after them run as their own kernels, in order.
// An output that the program reads again afterwards is copied first (the
// input keeps its values); an empty array launches nothing.
// REQUIRES: nvrtc
// RUN: arrayc --target=cuda %s -o %t && %t > %t.out
// RUN: %numpy-ref --compare %t.out %s

// NUMPY: f32 = np.float32
// NUMPY: x = np.array([[1.5, -2.0, 0.25], [3.0, -0.5, 4.0]], f32)
// NUMPY: a = x * f32(2)
// NUMPY: print(a * a + f32(0.5) - x)
// NUMPY: v = np.array([0.0, 1.0, -2.0, 3.5, -4.0, 5.0, -6.0, 7.0], f32)
// NUMPY: print(v[::-1] * f32(3))
// NUMPY: print(x)
// NUMPY: print(x + f32(0.5))
// NUMPY: print(np.where(v > 0, v, f32(0.125) * v))
// NUMPY: print(x.T + f32(0.5))
// NUMPY: print(np.zeros(0, f32))

gpu.module @kernels {
  gpu.func @leaky(%x: memref<8xf32>, %y: memref<8xf32>, %alpha: f32) kernel {
    %i = gpu.thread_id x
    %v = memref.load %x[%i] : memref<8xf32>
    %zero = arith.constant 0.0 : f32
    %positive = arith.cmpf ogt, %v, %zero : f32
    %scaled = arith.mulf %v, %alpha : f32
    %r = arith.select %positive, %v, %scaled : f32
    memref.store %r, %y[%i] : memref<8xf32>
    gpu.return
  }
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %x = array.constant dense<[[1.5, -2.0, 0.25], [3.0, -0.5, 4.0]]> : tensor<2x3xf32>
  %two = array.full 2.0 : tensor<f32>
  %a = array.mul %x, %two : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %e = array.empty : tensor<2x3xf32>
  %half = arith.constant 0.5 : f32
  %n6 = arith.constant 6 : i32
  %sq = array.cuda_kernel "square_plus" (%a, %e, %half, %n6) outputs [1]
          block [4] threads_over 0
          {source = "extern \"C\" __global__ void square_plus(const float *a, float *y, float c, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) y[i] = a[i] * a[i] + c;\n}\n"}
          : (tensor<2x3xf32>, tensor<2x3xf32>, f32, i32) -> tensor<2x3xf32>
  %d = array.sub %sq, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  array.print %d : tensor<2x3xf32>

  // A template instantiated by name expression, with dynamic shared memory.
  %v = array.constant dense<[0.0, 1.0, -2.0, 3.5, -4.0, 5.0, -6.0, 7.0]> : tensor<8xf32>
  %ev = array.empty : tensor<8xf32>
  %n8 = arith.constant 8 : i32
  %three = arith.constant 3.0 : f32
  %rev = array.cuda_kernel "reverse_scale<float>" (%v, %ev, %three, %n8) outputs [1]
           block [8] grid [1] shared 32
           {source = "template <typename T> __global__ void reverse_scale(const T *x, T *y, T s, int n) {\n  extern __shared__ unsigned char smem[];\n  T *tile = reinterpret_cast<T *>(smem);\n  int i = threadIdx.x;\n  if (i < n) tile[i] = x[i];\n  __syncthreads();\n  if (i < n) y[n - 1 - i] = tile[i] * s;\n}\n",
            options = ["-std=c++17"]}
           : (tensor<8xf32>, tensor<8xf32>, f32, i32) -> tensor<8xf32>
  array.print %rev : tensor<8xf32>

  // The kernel writes %x's buffer, which is printed afterwards: a copy.
  %inplace = array.cuda_kernel "add_half" (%x, %n6) outputs [0]
               block [32] threads_over 0
               {source = "extern \"C\" __global__ void add_half(float *x, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) x[i] += 0.5f;\n}\n"}
               : (tensor<2x3xf32>, i32) -> tensor<2x3xf32>
  array.print %x : tensor<2x3xf32>
  array.print %inplace : tensor<2x3xf32>

  // A kernel written in MLIR.
  %alpha = arith.constant 0.125 : f32
  %ey = array.empty : tensor<8xf32>
  %leaky = array.gpu_kernel @kernels::@leaky (%v, %ey, %alpha) outputs [1]
             block [8] grid [1]
             : (tensor<8xf32>, tensor<8xf32>, f32) -> tensor<8xf32>
  array.print %leaky : tensor<8xf32>

  // A transposed array (a strided view) through a contiguous copy.
  %xt = array.transpose %x : tensor<2x3xf32> -> tensor<3x2xf32>
  %xt2 = array.cuda_kernel "add_half" (%xt, %n6) outputs [0]
           block [32] threads_over 0
           {source = "extern \"C\" __global__ void add_half(float *x, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) x[i] += 0.5f;\n}\n"}
           : (tensor<3x2xf32>, i32) -> tensor<3x2xf32>
  array.print %xt2 : tensor<3x2xf32>

  // Nothing to do: no launch.
  %z = array.empty : tensor<0xf32>
  %n0 = arith.constant 0 : i32
  %z2 = array.cuda_kernel "add_half" (%z, %n0) outputs [0]
          block [32] threads_over 0
          {source = "extern \"C\" __global__ void add_half(float *x, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) x[i] += 0.5f;\n}\n"}
          : (tensor<0xf32>, i32) -> tensor<0xf32>
  array.print %z2 : tensor<0xf32>
  return
}
