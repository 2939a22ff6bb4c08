// A fused custom activation as inline CUDA C++ (no .cu file): quick GELU,
// y = x * sigmoid(1.702 * x), on float16 arrays computed in float32, then
// doubled by an ordinary array op, which the compiler turns into a
// generated kernel that runs after ours on the same stream.
//
//   arrayc examples/kernels/activation.mlir -o activation
//   ./activation x.npy -o y.npy        # x: float16[n]; y = 2 * quick_gelu(x), float16
//
// The kernel, as the `source` string below spells it on one line:
//
//   #include <cuda_fp16.h>
//   extern "C" __global__ void quick_gelu(const __half *x, __half *y,
//                                         float alpha, long long n) {
//     long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
//     if (i < n) {
//       float v = __half2float(x[i]);
//       y[i] = __float2half(v / (1.0f + expf(-alpha * v)));
//     }
//   }
//
// alpha is an f32 scalar, n an index (a 64-bit integer, `long long`); one
// thread per element in blocks of 256 (`threads_over 0`).

func.func @main(%x: tensor<?xf16>) -> tensor<?xf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf16>
  %alpha = arith.constant 1.702 : f32
  %init = array.empty(%n) : tensor<?xf16>
  %g = array.cuda_kernel "quick_gelu" (%x, %init, %alpha, %n) outputs [1]
         block [256] threads_over 0
         {source = "#include <cuda_fp16.h>\nextern \"C\" __global__ void quick_gelu(const __half *x, __half *y, float alpha, long long n) {\n  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) {\n    float v = __half2float(x[i]);\n    y[i] = __float2half(v / (1.0f + expf(-alpha * v)));\n  }\n}\n"}
         : (tensor<?xf16>, tensor<?xf16>, f32, index) -> tensor<?xf16>
  %two = array.full 2.0 : tensor<f16>
  %y = array.mul %g, %two : (tensor<?xf16>, tensor<f16>) -> tensor<?xf16>
  return %y : tensor<?xf16>
}
