// Histogram of float32 values in [0, 1) into NBINS equal bins, for
// histogram.mlir (array.cuda_kernel "histogram").
//
// Each block first counts its elements in a histogram of its own in shared
// memory (shared-memory atomics are cheap and only the block's threads
// contend), then adds its nonzero counts to the global histogram with one
// global atomicAdd per bin. Value v goes to bin floor(v * NBINS); values
// outside [0, 1), and NaN, are not counted. `hist` is added to, not
// overwritten: the program passes zeros.
//
// The grid may have any number of blocks (a grid-stride loop covers all n
// elements); the program launches one thread per element, blocks of 256.

#ifndef NBINS
#define NBINS 64
#endif

extern "C" __global__ void histogram(const float *x, int n, int *hist) {
  __shared__ int local[NBINS];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    local[b] = 0;
  __syncthreads();

  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += stride) {
    float v = x[i];
    if (v >= 0.0f && v < 1.0f) // false for NaN
      atomicAdd(&local[min((int)(v * NBINS), NBINS - 1)], 1);
  }
  __syncthreads();

  for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
    if (local[b] != 0)
      atomicAdd(&hist[b], local[b]);
}
