// A kernel for compile-kernels.mlir: y = a * x + y over n elements.
#include "saxpy_config.h"

extern "C" __global__ void saxpy(const float *x, float *y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = SAXPY_SCALE * a * x[i] + y[i];
}
