// What array.csr_matrix's row check costs on the GPU, and why: the
// runtime's arrayrt_csr_row_stats kernel
// (runtime/lib/sparse/kernels/CsrSpmv.cu, included here) at several block sizes
// and rows per thread, against a kernel that only reads indptr the same way
// (the bandwidth floor) and an empty kernel (the launch floor), on issue 7's
// SpMV matrix (4M rows, 16 entries each, 32-bit offsets).
//
//   nvcc -O3 -std=c++17 -arch=sm_90a bench/micro/row_stats.cu -o row_stats
//   ./row_stats [rows]
//
// Two times per variant, in microseconds: "timed" as ARRAYRT_PROFILE times
// an op (an event before and after one launch, L2 flushed first, the mean
// of 50) and "looped" (200 launches between two events, per launch). The
// kernel's results are checked against the host's.
#include "../../runtime/lib/sparse/kernels/CsrSpmv.cu"

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      std::fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e));          \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

namespace {

template <int Groups>
__global__ void stats(long long rows, const int *indptr,
                      unsigned long long *out) {
  rowStats<int, Groups>(rows, indptr, out);
}

/// Reads what stats reads (16-byte loads), keeps nothing.
template <int Groups>
__global__ void readOnly(long long rows, const int *indptr,
                         unsigned long long *out) {
  const long long first = static_cast<long long>(blockIdx.x) * blockDim.x * 4 *
                              Groups +
                          4ll * threadIdx.x;
  int sum = 0;
#pragma unroll
  for (int g = 0; g < Groups; ++g) {
    const long long row = first + g * 4ll * blockDim.x;
    if (row + 4 <= rows) {
      const int4 v = __ldg(reinterpret_cast<const int4 *>(indptr + row));
      sum += v.x ^ v.y ^ v.z ^ v.w;
    }
  }
  if (sum == 0x7fffffff)
    out[0] = sum;
}

__global__ void empty(long long, const int *, unsigned long long *) {}

using Kernel = void (*)(long long, const int *, unsigned long long *);

struct Times {
  double timed, looped;
};

Times measure(Kernel kernel, unsigned blocks, unsigned threads,
              long long rows, const int *indptr, unsigned long long *out,
              char *flush, size_t flushBytes) {
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  double timed = 0;
  const int reps = 50;
  for (int r = 0; r < reps + 3; ++r) {
    CHECK(cudaMemsetAsync(flush, r, flushBytes));
    CHECK(cudaEventRecord(start));
    kernel<<<blocks, threads>>>(rows, indptr, out);
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    if (r >= 3)
      timed += ms * 1e3 / reps;
  }
  const int loops = 200;
  CHECK(cudaEventRecord(start));
  for (int r = 0; r < loops; ++r)
    kernel<<<blocks, threads>>>(rows, indptr, out);
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  CHECK(cudaGetLastError());
  return {timed, ms * 1e3 / loops};
}

} // namespace

int main(int argc, char **argv) {
  const long long rows = argc > 1 ? std::atoll(argv[1]) : 4ll << 20;
  std::vector<int> host(rows + 1);
  for (long long r = 0; r <= rows; ++r)
    host[r] = static_cast<int>(16 * r - (r % 7 == 3 ? 5 : 0));
  long long longest = 0;
  for (long long r = 0; r < rows; ++r)
    longest = std::max<long long>(longest, host[r + 1] - host[r]);
  int *indptr;
  unsigned long long *out;
  char *flush;
  const size_t flushBytes = 256u << 20;
  CHECK(cudaMalloc(&indptr, (rows + 1) * sizeof(int)));
  CHECK(cudaMalloc(&out, (rows / 128 + 4) * 2 * sizeof(unsigned long long)));
  CHECK(cudaMalloc(&flush, flushBytes));
  CHECK(cudaMemcpy(indptr, host.data(), (rows + 1) * sizeof(int),
                   cudaMemcpyHostToDevice));
  struct Variant {
    const char *name;
    Kernel kernel;
    int rowsPerThread;
    bool checked;
  } variants[] = {
      {"stats 4/thread", stats<1>, 4, true},
      {"stats 8/thread", stats<2>, 8, true},
      {"stats 16/thread", stats<4>, 16, true},
      {"stats 32/thread", stats<8>, 32, true},
      {"read-only 8/thread", readOnly<2>, 8, false},
      {"read-only 16/thread", readOnly<4>, 16, false},
      {"empty", empty, 8, false},
  };
  std::printf("rows %lld, indptr %.1f MB\n", rows, (rows + 1) * 4 / 1e6);
  int failures = 0;
  for (const Variant &v : variants) {
    for (unsigned threads : {128u, 256u, 512u, 1024u}) {
      const long long perBlock = static_cast<long long>(threads) *
                                 v.rowsPerThread;
      const unsigned blocks =
          static_cast<unsigned>((rows + perBlock - 1) / perBlock);
      cudaFuncAttributes attributes;
      CHECK(cudaFuncGetAttributes(&attributes, v.kernel));
      if (static_cast<int>(threads) > attributes.maxThreadsPerBlock)
        continue; // Too many registers for blocks this large.
      Times t = measure(v.kernel, blocks, threads, rows, indptr, out, flush,
                        flushBytes);
      const char *check = "";
      if (v.checked) {
        std::vector<unsigned long long> pairs(2 * blocks + 2);
        CHECK(cudaMemcpy(pairs.data(), out, pairs.size() * sizeof(pairs[0]),
                         cudaMemcpyDeviceToHost));
        unsigned long long l = 0, d = ~0ull;
        for (unsigned b = 0; b < blocks; ++b) {
          l = std::max(l, pairs[2 * b]);
          d = std::min(d, pairs[2 * b + 1]);
        }
        const bool ok = l == static_cast<unsigned long long>(longest) &&
                        d == ~0ull && pairs[2 * blocks] == 0 &&
                        pairs[2 * blocks + 1] ==
                            static_cast<unsigned long long>(host[rows]);
        failures += !ok;
        check = ok ? " ok" : " WRONG";
      }
      std::printf("%-20s %5u threads %7u blocks: timed %6.2f us, looped "
                  "%6.2f us (%.0f GB/s)%s\n",
                  v.name, threads, blocks, t.timed, t.looped,
                  (rows + 1) * 4 / t.looped / 1e3, check);
    }
  }
  return failures ? 1 : 0;
}
