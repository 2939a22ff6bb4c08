// Inclusive prefix sum of each row of a rows x 1024 float32 array, for
// scan.mlir (array.cuda_kernel "scan_rows").
//
// One block of 1024 threads per row, one element per thread:
//   1. each warp scans its 32 elements with __shfl_up_sync (5 steps);
//   2. the last lane of each warp stores the warp's total in shared memory;
//   3. warp 0 scans the 32 totals the same way;
//   4. every warp but the first adds the total of the warps before it.
// Launch: block (1024, 1, 1), grid (rows, 1, 1).

constexpr int COLS = 1024;
constexpr int WARP = 32;
constexpr int WARPS = COLS / WARP;
static_assert(WARPS == WARP, "warp 0 scans one total per lane");

__device__ __forceinline__ float warp_inclusive_scan(float v, int lane) {
#pragma unroll
  for (int d = 1; d < WARP; d <<= 1) {
    float up = __shfl_up_sync(0xffffffffu, v, d);
    if (lane >= d)
      v += up;
  }
  return v;
}

__global__ void scan_rows(const float *in, float *out, int rows) {
  __shared__ float totals[WARPS];
  if ((int)blockIdx.x >= rows) // the whole block leaves together
    return;
  int lane = threadIdx.x % WARP;
  int warp = threadIdx.x / WARP;
  size_t at = (size_t)blockIdx.x * COLS + threadIdx.x;

  float v = warp_inclusive_scan(in[at], lane);
  if (lane == WARP - 1)
    totals[warp] = v;
  __syncthreads();
  if (warp == 0)
    totals[lane] = warp_inclusive_scan(totals[lane], lane);
  __syncthreads();
  if (warp > 0)
    v += totals[warp - 1];
  out[at] = v;
}
