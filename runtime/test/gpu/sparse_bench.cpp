//===- sparse_bench.cpp - arrayrt's cuSPARSE products on a real GPU -------===//
//
// Checks arrayrt_spmv and arrayrt_spmm against a CPU CSR product (float64
// accumulation) and times them. Random CSR matrices with a fixed number of
// distinct, sorted columns per row (and some empty rows in the small
// cases) are generated on the host from a seed.
//
//   arrayrt-sparse-bench check
//       small cases: f32 and f64, 32- and 64-bit indices, alpha and beta,
//       SpMM with n = 1, 3 and 64; one line each, exit status 1 on failure
//   arrayrt-sparse-bench spmv ROWS NNZ_PER_ROW REPS
//   arrayrt-sparse-bench spmm ROWS NNZ_PER_ROW N REPS
//       one product checked on every row, then REPS timed back to back on
//       one stream (wall clock between two synchronizations, after 5
//       warm-up calls); prints `sparse-bench: {json}`
//
// Needs a GPU (and libcusparse.so.12), so it is not a CTest test.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

uint64_t splitmix(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

double uniform(uint64_t &state) { // [-1, 1)
  return (splitmix(state) >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

struct Csr {
  int64_t rows, cols;
  std::vector<int64_t> offsets, columns;
  std::vector<double> values;
};

/// `perRow` distinct sorted columns per row; every `emptyEvery`-th row empty.
Csr randomCsr(int64_t rows, int64_t cols, int64_t perRow, uint64_t seed,
              int64_t emptyEvery) {
  Csr a{rows, cols, {}, {}, {}};
  perRow = std::min(perRow, cols);
  a.offsets.reserve(rows + 1);
  a.columns.reserve(rows * perRow);
  a.values.reserve(rows * perRow);
  a.offsets.push_back(0);
  uint64_t state = seed;
  std::vector<int64_t> row;
  for (int64_t i = 0; i < rows; ++i) {
    row.clear();
    if (!(emptyEvery && i % emptyEvery == emptyEvery - 1)) {
      while (static_cast<int64_t>(row.size()) < perRow) {
        int64_t c = splitmix(state) % cols;
        if (std::find(row.begin(), row.end(), c) == row.end())
          row.push_back(c);
      }
      std::sort(row.begin(), row.end());
    }
    for (int64_t c : row) {
      a.columns.push_back(c);
      a.values.push_back(uniform(state));
    }
    a.offsets.push_back(a.columns.size());
  }
  return a;
}

std::vector<double> randomVector(size_t size, uint64_t seed) {
  std::vector<double> v(size);
  for (double &x : v)
    x = uniform(seed);
  return v;
}

/// `values` as float (`bytes` 4) or double (8) elements.
std::vector<char> pack(const std::vector<double> &values, int bytes) {
  std::vector<char> out(values.size() * bytes);
  for (size_t i = 0; i < values.size(); ++i) {
    if (bytes == 4) {
      float f = static_cast<float>(values[i]);
      std::memcpy(&out[i * 4], &f, 4);
    } else {
      std::memcpy(&out[i * 8], &values[i], 8);
    }
  }
  return out;
}

std::vector<char> packIndices(const std::vector<int64_t> &values, int bits) {
  std::vector<char> out(values.size() * bits / 8);
  for (size_t i = 0; i < values.size(); ++i) {
    if (bits == 32) {
      int32_t v = static_cast<int32_t>(values[i]);
      std::memcpy(&out[i * 4], &v, 4);
    } else {
      std::memcpy(&out[i * 8], &values[i], 8);
    }
  }
  return out;
}

std::vector<double> unpack(const std::vector<char> &bytes, int width) {
  std::vector<double> out(bytes.size() / width);
  for (size_t i = 0; i < out.size(); ++i) {
    if (width == 4) {
      float f;
      std::memcpy(&f, &bytes[i * 4], 4);
      out[i] = f;
    } else {
      std::memcpy(&out[i], &bytes[i * 8], 8);
    }
  }
  return out;
}

void *upload(const std::vector<char> &host, arrayrt_stream_t stream) {
  void *device = arrayrt_alloc(host.size(), stream);
  arrayrt_memcpy(device, host.data(), host.size(), stream);
  return device;
}

/// The values a float `width` product rounds to, in float64: the CSR
/// operands are rounded the same way as the device's.
double rounded(double v, int width) {
  return width == 4 ? static_cast<double>(static_cast<float>(v)) : v;
}

/// C = alpha * A @ B + beta * C (B cols x n, row-major), float64.
std::vector<double> reference(const Csr &a, const std::vector<double> &b,
                              int64_t n, const std::vector<double> &c,
                              double alpha, double beta, int width) {
  std::vector<double> out(a.rows * n);
  for (int64_t i = 0; i < a.rows; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double sum = 0;
      for (int64_t p = a.offsets[i]; p < a.offsets[i + 1]; ++p)
        sum += rounded(a.values[p], width) *
               rounded(b[a.columns[p] * n + j], width);
      out[i * n + j] =
          alpha * sum + (beta != 0 ? beta * rounded(c[i * n + j], width) : 0);
    }
  return out;
}

struct Outcome {
  double error;   // normwise relative error
  double seconds; // per product, when timed
};

/// One product (SpMV when `n` is 0) checked, then `reps` timed.
Outcome run(const Csr &a, int64_t n, int width, int indexBits, double alpha,
            double beta, int reps, arrayrt_stream_t stream) {
  int64_t columns = n ? n : 1;
  std::vector<double> b = randomVector(a.cols * columns, 11);
  std::vector<double> c = randomVector(a.rows * columns, 13);
  void *offsets = upload(packIndices(a.offsets, indexBits), stream);
  void *indices = upload(packIndices(a.columns, indexBits), stream);
  void *values = upload(pack(a.values, width), stream);
  void *db = upload(pack(b, width), stream);
  std::vector<char> cHost = pack(c, width);
  void *dc = upload(cHost, stream);
  arrayrt_csr_t handle = arrayrt_csr_create(
      a.rows, a.cols, a.columns.size(), offsets, indices, values, indexBits,
      width == 4 ? ARRAYRT_DTYPE_F32 : ARRAYRT_DTYPE_F64, "sparse_bench");
  auto product = [&] {
    if (n)
      arrayrt_spmm(handle, db, n, dc, alpha, beta, stream, "sparse_bench");
    else
      arrayrt_spmv(handle, db, dc, alpha, beta, stream, "sparse_bench");
  };
  product();
  arrayrt_memcpy(cHost.data(), dc, cHost.size(), stream);
  arrayrt_stream_synchronize(stream);
  std::vector<double> got = unpack(cHost, width);
  std::vector<double> want = reference(a, b, columns, c, alpha, beta, width);
  double diff = 0, norm = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    diff += (got[i] - want[i]) * (got[i] - want[i]);
    norm += want[i] * want[i];
  }
  Outcome outcome{norm > 0 ? std::sqrt(diff / norm) : std::sqrt(diff), 0};
  if (reps > 0) {
    // beta = 0 from here: each timed product overwrites C, as a program's.
    alpha = 1;
    beta = 0;
    for (int i = 0; i < 5; ++i)
      product();
    arrayrt_stream_synchronize(stream);
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < reps; ++i)
      product();
    arrayrt_stream_synchronize(stream);
    std::chrono::duration<double> elapsed =
        std::chrono::steady_clock::now() - start;
    outcome.seconds = elapsed.count() / reps;
  }
  arrayrt_csr_destroy(handle);
  for (void *p : {offsets, indices, values, db, dc})
    arrayrt_free(p, stream);
  return outcome;
}

int check(arrayrt_stream_t stream) {
  struct Case {
    int64_t rows, cols, perRow, n;
    int width, bits;
    double alpha, beta;
  };
  const Case cases[] = {
      // SpMV, then SpMM; 64-bit indices last in each (an error stops the
      // program at that case).
      {1, 1, 1, 0, 4, 32, 1, 0},         {7, 5, 2, 0, 4, 32, 2.5, -1.5},
      {1000, 800, 9, 0, 8, 64, 1, 1},    {513, 2000, 30, 0, 4, 64, -0.5, 0},
      {300, 200, 5, 1, 4, 32, 1, 0},     {300, 200, 5, 3, 8, 32, 2, 0.5},
      {4096, 4096, 16, 64, 4, 32, 1, 0}, {257, 100, 7, 64, 8, 64, 1, -1},
  };
  int failures = 0;
  for (const Case &k : cases) {
    Csr a = randomCsr(k.rows, k.cols, k.perRow, k.rows * 31 + k.n, 5);
    Outcome o = run(a, k.n, k.width, k.bits, k.alpha, k.beta, 0, stream);
    double tolerance = k.width == 4 ? 1e-5 : 1e-12;
    bool ok = o.error <= tolerance;
    failures += !ok;
    std::printf("sparse-check: %s %s %lldx%lld, %lld per row, n=%lld, "
                "%d-bit indices, alpha %g, beta %g: relative error %.3g %s\n",
                ok ? "ok" : "FAIL", k.n ? "spmm" : "spmv",
                static_cast<long long>(k.rows), static_cast<long long>(k.cols),
                static_cast<long long>(k.perRow), static_cast<long long>(k.n),
                k.bits, k.alpha, k.beta, o.error, k.width == 4 ? "f32" : "f64");
    std::fflush(stdout);
  }
  return failures ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: %s check | spmv ROWS NNZ_PER_ROW REPS | spmm "
                 "ROWS NNZ_PER_ROW N REPS\n",
                 argv[0]);
    return 2;
  }
  arrayrt_stream_t stream = arrayrt_stream_create();
  if (!std::strcmp(argv[1], "check"))
    return check(stream);
  bool spmm = !std::strcmp(argv[1], "spmm");
  if ((spmm && argc != 6) || (!spmm && argc != 5)) {
    std::fprintf(stderr, "wrong arguments\n");
    return 2;
  }
  int64_t rows = std::atoll(argv[2]), perRow = std::atoll(argv[3]);
  int64_t n = spmm ? std::atoll(argv[4]) : 0;
  int reps = std::atoi(argv[spmm ? 5 : 4]);
  auto start = std::chrono::steady_clock::now();
  Csr a = randomCsr(rows, rows, perRow, 1234, 0);
  std::chrono::duration<double> generated =
      std::chrono::steady_clock::now() - start;
  Outcome o = run(a, n, 4, 32, 1, 0, reps, stream);
  bool ok = o.error <= 1e-5;
  std::printf("sparse-bench: {\"op\": \"%s\", \"rows\": %lld, \"nnz\": %zu, "
              "\"n\": %lld, \"dtype\": \"float32\", \"index_bits\": 32, "
              "\"ms\": %.4f, \"reps\": %d, \"relative_error\": %.3g, "
              "\"ok\": %s, \"generate_s\": %.1f}\n",
              spmm ? "spmm" : "spmv", static_cast<long long>(rows),
              a.columns.size(), static_cast<long long>(n), o.seconds * 1e3,
              reps, o.error, ok ? "true" : "false", generated.count());
  return ok ? 0 : 1;
}
