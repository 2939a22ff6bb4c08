//===- SparseValues.cu - Elementwise kernels for sparse matrices ----------===//
//
// Compiled by nvcc at build time into a fatbinary that the runtime embeds
// and loads on first use (ValueKernels.cpp), as CsrSpmv.cu is. extern "C"
// names, one per type:
//
//   arrayrt_scale_<f16|bf16|f32|f64>(n, in, out, alpha)
//       out[k] = alpha * in[k] for k < n, as NumPy multiplies an array by a
//       Python float: alpha rounded to the array's type first, the product
//       of 16-bit values computed in float32 and rounded once.
//   arrayrt_convert_<from>_<to>(n, in, out)
//       out[k] = in[k] converted, for i32 <-> i64 (indices; a narrowed
//       value must fit, which the host checks from the sizes) and f16,
//       bf16 <-> f32 (values; round to nearest even).
//
// Any grid: each thread strides over the arrays.
//
//===----------------------------------------------------------------------===//

#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace {

/// The type 16-bit values are computed in, and conversions to and from it.
template <typename T> struct Compute {
  using Type = T;
  static __device__ Type widen(T v) { return v; }
  static __device__ T narrow(Type v) { return v; }
  static __device__ T fromDouble(double v) { return static_cast<T>(v); }
};
template <> struct Compute<__half> {
  using Type = float;
  static __device__ float widen(__half v) { return __half2float(v); }
  static __device__ __half narrow(float v) { return __float2half_rn(v); }
  static __device__ __half fromDouble(double v) { return __double2half(v); }
};
template <> struct Compute<__nv_bfloat16> {
  using Type = float;
  static __device__ float widen(__nv_bfloat16 v) { return __bfloat162float(v); }
  static __device__ __nv_bfloat16 narrow(float v) {
    return __float2bfloat16_rn(v);
  }
  static __device__ __nv_bfloat16 fromDouble(double v) {
    return __double2bfloat16(v);
  }
};

template <typename T>
__device__ __forceinline__ void scale(long long n, const T *__restrict__ in,
                                      T *__restrict__ out, double alpha) {
  using C = Compute<T>;
  const typename C::Type a = C::widen(C::fromDouble(alpha));
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long k = static_cast<long long>(blockIdx.x) * blockDim.x +
                     threadIdx.x;
       k < n; k += stride)
    out[k] = C::narrow(a * C::widen(in[k]));
}

template <typename From, typename To> __device__ To convertOne(From v) {
  return static_cast<To>(v);
}
template <> __device__ float convertOne<__half, float>(__half v) {
  return __half2float(v);
}
template <> __device__ __half convertOne<float, __half>(float v) {
  return __float2half_rn(v);
}
template <>
__device__ float convertOne<__nv_bfloat16, float>(__nv_bfloat16 v) {
  return __bfloat162float(v);
}
template <>
__device__ __nv_bfloat16 convertOne<float, __nv_bfloat16>(float v) {
  return __float2bfloat16_rn(v);
}

template <typename From, typename To>
__device__ __forceinline__ void convert(long long n,
                                        const From *__restrict__ in,
                                        To *__restrict__ out) {
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long k = static_cast<long long>(blockIdx.x) * blockDim.x +
                     threadIdx.x;
       k < n; k += stride)
    out[k] = convertOne<From, To>(in[k]);
}

} // namespace

#define ARRAYRT_SCALE_KERNEL(T, NAME)                                          \
  extern "C" __global__ void NAME(long long n, const T *in, T *out,            \
                                  double alpha) {                              \
    scale<T>(n, in, out, alpha);                                               \
  }
ARRAYRT_SCALE_KERNEL(__half, arrayrt_scale_f16)
ARRAYRT_SCALE_KERNEL(__nv_bfloat16, arrayrt_scale_bf16)
ARRAYRT_SCALE_KERNEL(float, arrayrt_scale_f32)
ARRAYRT_SCALE_KERNEL(double, arrayrt_scale_f64)
#undef ARRAYRT_SCALE_KERNEL

#define ARRAYRT_CONVERT_KERNEL(FROM, TO, NAME)                                 \
  extern "C" __global__ void NAME(long long n, const FROM *in, TO *out) {      \
    convert<FROM, TO>(n, in, out);                                             \
  }
ARRAYRT_CONVERT_KERNEL(int, long long, arrayrt_convert_i32_i64)
ARRAYRT_CONVERT_KERNEL(long long, int, arrayrt_convert_i64_i32)
ARRAYRT_CONVERT_KERNEL(__half, float, arrayrt_convert_f16_f32)
ARRAYRT_CONVERT_KERNEL(float, __half, arrayrt_convert_f32_f16)
ARRAYRT_CONVERT_KERNEL(__nv_bfloat16, float, arrayrt_convert_bf16_f32)
ARRAYRT_CONVERT_KERNEL(float, __nv_bfloat16, arrayrt_convert_f32_bf16)
#undef ARRAYRT_CONVERT_KERNEL
