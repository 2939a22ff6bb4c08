// Runs runtime/lib/sparse/kernels/CsrSpmv.cuh's kernels on the CPU, to check
// their logic where there is no GPU: a block's threads are fibers (ucontext) on
// one OS thread, switched round-robin at __shfl_xor_sync and __syncthreads,
// which wait for their warp or block; the header's loads are plain reads off
// the device. Matrices with rows of 0 to 3000 entries, every shape the bench
// uses and more, f32/f64 with 32/64-bit indices, with and without the long-row
// kernel (small chunks, so long rows span many), each product twice (the
// long-row list must reset itself), against a float64 product.
//
//   g++ -O1 -std=c++20 bench/micro/csr_spmv_host_test.cpp -o t && ./t
//
// (a few minutes: every switch between fibers is a system call). VERBOSE=1
// prints every check.
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <ucontext.h>
#include <vector>

// The CUDA vocabulary the header uses, for the CPU.
#define __device__
#define __global__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __shared__ static // one block runs at a time

struct uint2 {
  uint32_t x, y;
};
struct uint4 {
  uint32_t x, y, z, w;
};
struct Dim3 {
  unsigned x = 0;
};
Dim3 threadIdx, blockIdx, blockDim, gridDim;

namespace sim {

struct Fiber {
  ucontext_t context;
  std::vector<char> stack;
  bool done = false, waiting = false;
};

ucontext_t scheduler;
std::vector<Fiber> fibers;
const std::function<void()> *body;

/// Back to the scheduler, which resumes the next fiber.
void yield() { swapcontext(&fibers[threadIdx.x].context, &scheduler); }

/// Waits until `expected` fibers have arrived; the scheduler skips the
/// waiting ones.
struct Barrier {
  unsigned expected = 0;
  std::vector<unsigned> waiting;
  void wait() {
    if (waiting.size() + 1 == expected) {
      for (unsigned t : waiting)
        fibers[t].waiting = false;
      waiting.clear();
      return;
    }
    waiting.push_back(threadIdx.x);
    fibers[threadIdx.x].waiting = true;
    yield();
  }
};

Barrier block;
std::vector<Barrier> warps;
uint64_t slots[1024];

void entry() {
  (*body)();
  fibers[threadIdx.x].done = true;
  swapcontext(&fibers[threadIdx.x].context, &scheduler);
}

} // namespace sim

void __syncthreads() { sim::block.wait(); }
void __threadfence() {}

template <typename T> T __shfl_xor_sync(unsigned, T v, int offset) {
  static_assert(sizeof(T) <= 8);
  const unsigned t = threadIdx.x, warp = t / 32;
  memcpy(&sim::slots[t], &v, sizeof v);
  sim::warps[warp].wait();
  T out;
  memcpy(&out, &sim::slots[warp * 32 + ((t % 32) ^ offset)], sizeof out);
  sim::warps[warp].wait();
  return out;
}

template <typename T> T atomicAdd(T *p, T v) {
  T old = *p;
  *p = old + v;
  return old;
}

#include "../../runtime/lib/sparse/kernels/CsrSpmv.cuh"

using csrspmv::Gather;
using csrspmv::LongRows;
using csrspmv::Stream;

/// Runs body() as grid x block threads, one block at a time.
void launch(unsigned grid, unsigned block, const std::function<void()> &body) {
  gridDim.x = grid;
  blockDim.x = block;
  sim::body = &body;
  sim::fibers.resize(block);
  for (sim::Fiber &f : sim::fibers)
    f.stack.resize(1 << 16);
  for (unsigned b = 0; b < grid; ++b) {
    blockIdx.x = b;
    sim::block = sim::Barrier{block, {}};
    sim::warps.assign(block / 32, sim::Barrier{32, {}});
    for (sim::Fiber &f : sim::fibers) {
      f.done = false;
      getcontext(&f.context);
      f.context.uc_stack.ss_sp = f.stack.data();
      f.context.uc_stack.ss_size = f.stack.size();
      f.context.uc_link = nullptr;
      makecontext(&f.context, sim::entry, 0);
    }
    for (bool running = true; running;) {
      running = false;
      for (unsigned t = 0; t < block; ++t)
        if (!sim::fibers[t].done && !sim::fibers[t].waiting) {
          threadIdx.x = t;
          swapcontext(&sim::scheduler, &sim::fibers[t].context);
          running = true;
        }
    }
    for (const sim::Fiber &f : sim::fibers)
      if (!f.done) {
        printf("FAIL: a thread of block %u waits forever\n", b);
        exit(1);
      }
  }
}

uint64_t state = 12345;
uint64_t next() {
  state = state * 6364136223846793005ull + 1442695040888963407ull;
  return state >> 17;
}

template <typename T, typename I> struct Matrix {
  long long rows, cols;
  std::vector<I> indptr, indices;
  std::vector<T> data, x, y0;
  std::vector<double> ref;
};

template <typename T, typename I>
Matrix<T, I> randomMatrix(long long rows, long long cols, double alpha,
                          double beta) {
  static const long long lengths[] = {0,  1,  2,  3,  4,  5,   7,   13,
                                      16, 17, 31, 33, 64, 100, 255, 300,
                                      2,  16, 1,  0,  16, 8,   9,   3000};
  Matrix<T, I> m{rows, cols, {0}, {}, {}, {}, {}, {}};
  for (long long r = 0; r < rows; ++r) {
    long long len = lengths[next() % (sizeof lengths / sizeof *lengths)];
    for (long long k = 0; k < len; ++k) {
      m.indices.push_back(static_cast<I>(next() % cols));
      m.data.push_back(static_cast<T>((next() % 2001) / 1000.0 - 1));
    }
    m.indptr.push_back(static_cast<I>(m.indices.size()));
  }
  for (long long c = 0; c < cols; ++c)
    m.x.push_back(static_cast<T>((next() % 1000) / 1000.0));
  for (long long r = 0; r < rows; ++r)
    m.y0.push_back(static_cast<T>((next() % 2001) / 1000.0 - 1));
  for (long long r = 0; r < rows; ++r) {
    double sum = 0;
    for (I k = m.indptr[r]; k < m.indptr[r + 1]; ++k)
      sum += static_cast<double>(m.data[k]) * m.x[m.indices[k]];
    m.ref.push_back(alpha * sum + beta * m.y0[r]);
  }
  return m;
}

int failures = 0, checks = 0;

template <typename T, typename I>
void compare(const Matrix<T, I> &m, const std::vector<T> &y, const char *what) {
  double diff = 0, norm = 0;
  for (long long r = 0; r < m.rows; ++r) {
    diff += (y[r] - m.ref[r]) * (y[r] - m.ref[r]);
    norm += m.ref[r] * m.ref[r];
  }
  const double error = std::sqrt(diff / norm);
  const double limit = sizeof(T) == 4 ? 1e-5 : 1e-12;
  ++checks;
  if (getenv("VERBOSE"))
    printf("%s: %.3g\n", what, error);
  fflush(stdout);
  if (!(error <= limit)) {
    ++failures;
    printf("FAIL %s: relative error %.3g\n", what, error);
  }
}

/// Both kernels as the bench launches them, twice; grid 0 means one pass.
template <typename T, typename I, int L, int V, int U, int R>
void check(Matrix<T, I> &m, T alpha, T beta, int block, unsigned grid,
           long long longRow, long long chunk) {
  constexpr Stream S = Stream::Cs;
  constexpr Gather G = Gather::Ldg;
  char what[160];
  snprintf(what, sizeof what,
           "%s i%zu L%d V%d U%d R%d b%d grid %u longRow %lld chunk %lld",
           sizeof(T) == 4 ? "f32" : "f64", 8 * sizeof(I), L, V, U, R, block,
           grid, longRow, chunk);
  LongRows<I> list;
  std::vector<unsigned long long> counters(2, 0), firstChunk;
  std::vector<I> rows;
  if (longRow) {
    list.capacity = LongRows<I>::capacityFor(m.indptr.back(), longRow);
    rows.resize(list.capacity);
    firstChunk.resize(list.capacity);
    list.packed = &counters[0];
    list.done = reinterpret_cast<unsigned *>(&counters[1]);
    list.rows = rows.data();
    list.firstChunk = firstChunk.data();
    list.chunk = chunk;
  }
  const long long rowsPerBlock = block / 32 * (32 / L) * R;
  if (!grid)
    grid = static_cast<unsigned>((m.rows + rowsPerBlock - 1) / rowsPerBlock);
  for (int repeat = 0; repeat < 2; ++repeat) {
    // With beta = 0, y must not be read: start from NaN.
    std::vector<T> y = beta != 0 ? m.y0 : std::vector<T>(m.rows, NAN);
    launch(grid, block, [&] {
      csrspmv::csrSpmvRows<T, I, L, V, U, R, S, G>(
          m.rows, m.indptr.data(), m.indices.data(), m.data.data(), m.x.data(),
          y.data(), alpha, beta, longRow ? longRow : LLONG_MAX, list);
    });
    if (longRow)
      launch(3, 64, [&] {
        csrspmv::csrSpmvLongRows<T, I, 64, 16 / sizeof(T), 2, S, G>(
            m.indptr.data(), m.indices.data(), m.data.data(), m.x.data(),
            y.data(), alpha, list);
      });
    compare(m, y, what);
    if (counters[0] || counters[1]) {
      ++failures;
      printf("FAIL %s: the long-row list was not reset\n", what);
    }
  }
}

template <typename T, typename I> void checkAll() {
  const double alpha = 2, beta = -0.5;
  Matrix<T, I> m = randomMatrix<T, I>(200, 3000, alpha, beta);
  const T a = static_cast<T>(alpha), b = static_cast<T>(beta);
  // Every shape of the bench, one pass and a persistent grid.
  check<T, I, 32, 1, 1, 1>(m, a, b, 64, 0, 0, 0);
  check<T, I, 16, 1, 1, 1>(m, a, b, 64, 0, 0, 0);
  check<T, I, 16, 1, 1, 2>(m, a, b, 64, 2, 0, 0);
  check<T, I, 8, 1, 2, 1>(m, a, b, 64, 0, 0, 0);
  check<T, I, 8, 2, 1, 1>(m, a, b, 96, 0, 0, 0);
  check<T, I, 8, 2, 1, 2>(m, a, b, 64, 3, 0, 0);
  check<T, I, 4, 1, 4, 1>(m, a, b, 64, 0, 0, 0);
  check<T, I, 4, 4, 1, 1>(m, a, b, 64, 0, 0, 0);
  check<T, I, 4, 4, 1, 2>(m, a, b, 64, 0, 0, 0);
  check<T, I, 4, 4, 1, 4>(m, a, b, 128, 1, 0, 0);
  check<T, I, 4, 2, 2, 1>(m, a, b, 64, 0, 0, 0);
  check<T, I, 2, 4, 2, 1>(m, a, b, 64, 0, 0, 0);
  check<T, I, 1, 4, 4, 1>(m, a, b, 32, 0, 0, 0);
  check<T, I, 4, 8, 2, 1>(m, a, b, 64, 0, 0, 0);
  // With the long-row kernel: thresholds below and above most rows,
  // chunks of one vector to many.
  check<T, I, 4, 4, 1, 1>(m, a, b, 64, 0, 20, 64);
  check<T, I, 4, 4, 1, 1>(m, a, b, 64, 0, 1, 7);
  check<T, I, 8, 2, 1, 1>(m, a, b, 64, 2, 100, 1000);
  check<T, I, 16, 1, 1, 1>(m, a, b, 64, 0, 250, 4096);
  check<T, I, 1, 4, 4, 1>(m, a, b, 64, 0, 16, 33);
  // beta = 0 (y not read) with long rows.
  Matrix<T, I> m0 = randomMatrix<T, I>(300, 400, 1, 0);
  check<T, I, 4, 4, 1, 1>(m0, 1, 0, 64, 0, 30, 64);
  check<T, I, 16, 1, 1, 1>(m0, 1, 0, 64, 0, 0, 0);
}

int main() {
  checkAll<float, int>();
  checkAll<double, int>();
  checkAll<float, long long>();
  checkAll<double, long long>();
  printf("%d of %d checks failed\n", failures, checks);
  return failures != 0;
}
