// CSR SpMV kernels (runtime/lib/sparse/kernels/CsrSpmv.cuh) against cuSPARSE,
// for y = alpha * A @ x + beta * y, A 4M x 4M with 16 distinct random sorted
// columns per row (values uniform in [-1, 1), x in [0, 1)), and a
// power-law matrix of as many entries (row lengths ~ rank^-0.9, rows
// shuffled, one in 16 empty), in f32 and f64 with 32- and 64-bit indices.
// Every variant is checked twice (its first product and one after the
// timings) against a float64 product on the host (normwise relative error
// at most 1e-5), then timed with CUDA events three ways:
//
//   loop        mean of back-to-back products after 5 warm-ups (how CuPy's
//               `a @ x` is timed)
//   cold        median of one-shot products, each after writing 1 GiB of
//               other memory with cudaMemsetAsync (nothing of the inputs in
//               L2)
//   after-copy  median of one-shot products, each after that flush and
//               device-to-device copies of data, indices, indptr and x (in
//               that order, from copies kept apart): the L2 state in which
//               bench/spmv.mlir's product runs, right after its inputs
//               arrived
//
// One table (and --json FILE) per matrix and dtype: ms in the three ways,
// effective GB/s (data + indices + indptr + x + y over the time), the ratio
// to the best cuSPARSE variant of the same table, the error.
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90a -Xcompiler -fopenmp
//          spmv_kernels.cu -o spmv_kernels -lcusparse -lgomp
// Run:   bench/micro/spmv_kernels.sh OUT (bench/README.md); --help lists
//        the options. --host-only builds the matrices and references
//        without a GPU (to check the generators).
#include "../../runtime/lib/sparse/kernels/CsrSpmv.cuh"

#include <cuda_runtime.h>
#include <cusparse.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using csrspmv::Gather;
using csrspmv::LongRows;
using csrspmv::Stream;

namespace {

//===- Options ------------------------------------------------------------===//

struct Options {
  long long rows = 4 << 20;
  long long perRow = 16;
  double zipf = 0.9; // the power-law matrix's exponent
  std::string matrices = "uniform,powerlaw";
  std::string dtypes = "f32i32,f64i32,f32i64";
  std::string filter; // run the variants whose names contain it
  double alpha = 1, beta = 0;
  int loopReps = 50, oneShotReps = 20;
  double maxVariantMs = 150; // fewer repetitions for slow variants
  long long flushBytes = 1ll << 30;
  std::string json;
  bool hostOnly = false;
  uint64_t seed = 1;
};

void usage() {
  printf("spmv_kernels [options]\n"
         "  --rows N           rows and columns (default 4194304)\n"
         "  --per-row K        entries per row of the uniform matrix (16)\n"
         "  --zipf S           row-length exponent of the power-law matrix "
         "(0.9)\n"
         "  --matrices LIST    uniform,powerlaw\n"
         "  --dtypes LIST      f32i32,f64i32,f32i64 (also f64i64)\n"
         "  --filter TEXT      only variants whose names contain TEXT\n"
         "  --alpha A --beta B (1, 0)\n"
         "  --reps N           back-to-back products timed (50)\n"
         "  --one-shot-reps N  cold and after-copy samples (20)\n"
         "  --flush-mib N      memory written to flush L2 (1024)\n"
         "  --json FILE        also write the results as JSON\n"
         "  --seed N           (1)\n"
         "  --host-only        build the matrices and references, no GPU\n");
}

bool contains(const std::string &list, const std::string &item) {
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    if (comma == std::string::npos)
      comma = list.size();
    if (list.compare(start, comma - start, item) == 0)
      return true;
    start = comma + 1;
  }
  return false;
}

Options parse(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> const char * {
      if (i + 1 >= argc) {
        fprintf(stderr, "%s needs a value\n", a.c_str());
        exit(2);
      }
      return argv[++i];
    };
    if (a == "--rows")
      o.rows = atoll(value());
    else if (a == "--per-row")
      o.perRow = atoll(value());
    else if (a == "--zipf")
      o.zipf = atof(value());
    else if (a == "--matrices")
      o.matrices = value();
    else if (a == "--dtypes")
      o.dtypes = value();
    else if (a == "--filter")
      o.filter = value();
    else if (a == "--alpha")
      o.alpha = atof(value());
    else if (a == "--beta")
      o.beta = atof(value());
    else if (a == "--reps")
      o.loopReps = atoi(value());
    else if (a == "--one-shot-reps")
      o.oneShotReps = atoi(value());
    else if (a == "--flush-mib")
      o.flushBytes = atoll(value()) << 20;
    else if (a == "--json")
      o.json = value();
    else if (a == "--seed")
      o.seed = strtoull(value(), nullptr, 10);
    else if (a == "--host-only")
      o.hostOnly = true;
    else {
      usage();
      exit(a == "--help" || a == "-h" ? 0 : 2);
    }
  }
  if (o.rows < 1 || o.rows >= (1ll << 31) || o.perRow < 1 ||
      o.perRow > o.rows || o.loopReps < 1 || o.oneShotReps < 1) {
    fprintf(stderr, "bad sizes\n");
    exit(2);
  }
  return o;
}

//===- Random matrices on the host ----------------------------------------===//

uint64_t splitmix(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// Uniform in [0, 1).
double unit(uint64_t &state) {
  return (splitmix(state) >> 11) * (1.0 / 9007199254740992.0);
}

/// The generator of item `i` of stream `stream` (independent of threads).
uint64_t stateFor(uint64_t seed, uint64_t stream, uint64_t i) {
  uint64_t s = seed * 0x2545f4914f6cdd1dull + stream;
  s = splitmix(s) ^ i;
  splitmix(s);
  return s;
}

struct HostCsr {
  std::string name;
  long long rows = 0, cols = 0;
  std::vector<long long> indptr;
  std::vector<int> indices;   // cols < 2^31
  std::vector<double> values; // rounded to the value type on upload
  long long nnz() const { return indptr.back(); }
};

/// `count` distinct sorted columns in [0, cols).
void distinctColumns(uint64_t &state, long long count, long long cols,
                     std::vector<int> &out) {
  out.clear();
  if (count * 2 > cols) { // selection sampling (Knuth's algorithm S)
    long long needed = count;
    for (long long c = 0; c < cols && needed; ++c)
      if (unit(state) * (cols - c) < needed) {
        out.push_back(static_cast<int>(c));
        --needed;
      }
    return;
  }
  while (static_cast<long long>(out.size()) < count) {
    for (long long i = out.size(); i < count; ++i)
      out.push_back(static_cast<int>(splitmix(state) % cols));
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }
}

/// Fills the entries of every row from its length (indptr is set).
void fillRows(HostCsr &a, uint64_t seed) {
  a.indices.resize(a.nnz());
  a.values.resize(a.nnz());
#pragma omp parallel
  {
    std::vector<int> columns;
#pragma omp for schedule(dynamic, 1024)
    for (long long r = 0; r < a.rows; ++r) {
      uint64_t state = stateFor(seed, 1, r);
      long long begin = a.indptr[r], count = a.indptr[r + 1] - begin;
      distinctColumns(state, count, a.cols, columns);
      for (long long k = 0; k < count; ++k) {
        a.indices[begin + k] = columns[k];
        a.values[begin + k] = unit(state) * 2 - 1;
      }
    }
  }
}

HostCsr uniformCsr(long long n, long long perRow, uint64_t seed) {
  HostCsr a;
  a.name = "uniform";
  a.rows = a.cols = n;
  a.indptr.resize(n + 1);
  for (long long r = 0; r <= n; ++r)
    a.indptr[r] = r * perRow;
  fillRows(a, seed);
  return a;
}

/// About n * perRow entries; the row of rank k (rows shuffled) has about
/// c * k^-s of them, rounded at random, capped at n; one row in 16 beyond
/// the first 64 ranks is empty.
HostCsr powerLawCsr(long long n, long long perRow, double s, uint64_t seed) {
  HostCsr a;
  a.name = "powerlaw";
  a.rows = a.cols = n;
  double weights = 0;
  for (long long k = 1; k <= n; ++k)
    weights += std::pow(static_cast<double>(k), -s);
  const double c = static_cast<double>(n) * perRow / weights * 16 / 15;
  std::vector<long long> rowOfRank(n);
  for (long long r = 0; r < n; ++r)
    rowOfRank[r] = r;
  uint64_t state = stateFor(seed, 2, 0);
  for (long long i = n - 1; i > 0; --i)
    std::swap(rowOfRank[i], rowOfRank[splitmix(state) % (i + 1)]);
  std::vector<long long> length(n);
#pragma omp parallel for
  for (long long k = 1; k <= n; ++k) {
    uint64_t st = stateFor(seed, 3, k);
    long long len = static_cast<long long>(
        c * std::pow(static_cast<double>(k), -s) + unit(st));
    if (k > 64 && splitmix(st) % 16 == 0)
      len = 0;
    length[rowOfRank[k - 1]] = std::min(len, n);
  }
  a.indptr.resize(n + 1);
  a.indptr[0] = 0;
  for (long long r = 0; r < n; ++r)
    a.indptr[r + 1] = a.indptr[r] + length[r];
  fillRows(a, seed);
  return a;
}

struct RowStats {
  long long maxRow = 0, empty = 0, over1k = 0;
  double shareOver1k = 0; // of the entries, in rows of more than 1024
};

RowStats rowStats(const HostCsr &a) {
  RowStats s;
  long long entriesOver1k = 0;
  for (long long r = 0; r < a.rows; ++r) {
    long long len = a.indptr[r + 1] - a.indptr[r];
    s.maxRow = std::max(s.maxRow, len);
    s.empty += len == 0;
    if (len > 1024) {
      ++s.over1k;
      entriesOver1k += len;
    }
  }
  s.shareOver1k = a.nnz() ? static_cast<double>(entriesOver1k) / a.nnz() : 0;
  return s;
}

std::vector<double> randomVector(long long n, uint64_t seed, uint64_t stream,
                                 double lo, double hi) {
  std::vector<double> v(n);
#pragma omp parallel for
  for (long long i = 0; i < n; ++i) {
    uint64_t state = stateFor(seed, stream, i);
    v[i] = lo + (hi - lo) * unit(state);
  }
  return v;
}

/// alpha * A @ x + beta * y0 in float64, from the values, x and y0 rounded
/// to T (what the device gets).
template <typename T>
std::vector<double> reference(const HostCsr &a, const std::vector<double> &x,
                              const std::vector<double> &y0, double alpha,
                              double beta) {
  std::vector<double> y(a.rows);
#pragma omp parallel for schedule(dynamic, 4096)
  for (long long r = 0; r < a.rows; ++r) {
    double sum = 0;
    for (long long k = a.indptr[r]; k < a.indptr[r + 1]; ++k)
      sum += static_cast<double>(static_cast<T>(a.values[k])) *
             static_cast<double>(static_cast<T>(x[a.indices[k]]));
    y[r] = alpha * sum +
           (beta != 0 ? beta * static_cast<double>(static_cast<T>(y0[r])) : 0);
  }
  return y;
}

double normwiseError(const std::vector<double> &ref, const double *got) {
  double diff = 0, norm = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    double d = got[i] - ref[i];
    diff += d * d;
    norm += ref[i] * ref[i];
  }
  if (std::isnan(diff))
    return INFINITY;
  return norm > 0 ? std::sqrt(diff / norm) : std::sqrt(diff);
}

//===- Report: the table and the JSON file --------------------------------===//

struct Result {
  std::string matrix, dtype, variant, kind, note;
  double loopMs = NAN, coldMs = NAN, afterCopyMs = NAN, error = NAN;
  std::vector<double> coldSamples, afterCopySamples;
  int loopReps = 0, regs = -1;
  double bytes = 0;
  bool ok = false, ran = false;
};

std::string jsonString(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (static_cast<unsigned char>(c) >= 0x20)
      out += c;
  }
  return out + "\"";
}

std::string jsonNumber(double v) {
  if (!std::isfinite(v))
    return "null";
  char text[64];
  snprintf(text, sizeof text, "%.6g", v);
  return text;
}

struct Report {
  std::string path;
  std::string device;            // JSON object
  std::vector<std::string> mats; // JSON objects
  std::vector<Result> results;
  std::string fatal;

  void write() const {
    if (path.empty())
      return;
    FILE *f = fopen(path.c_str(), "w");
    if (!f) {
      fprintf(stderr, "cannot write %s\n", path.c_str());
      return;
    }
    fprintf(f, "{\n\"device\": %s,\n\"matrices\": [", device.c_str());
    for (size_t i = 0; i < mats.size(); ++i)
      fprintf(f, "%s\n  %s", i ? "," : "", mats[i].c_str());
    fprintf(f, "],\n\"results\": [");
    for (size_t i = 0; i < results.size(); ++i) {
      const Result &r = results[i];
      std::string cold, after;
      for (double v : r.coldSamples)
        cold += (cold.empty() ? "" : ", ") + jsonNumber(v);
      for (double v : r.afterCopySamples)
        after += (after.empty() ? "" : ", ") + jsonNumber(v);
      fprintf(f,
              "%s\n  {\"matrix\": %s, \"dtype\": %s, \"variant\": %s, "
              "\"kind\": %s, \"ran\": %s, \"ok\": %s, \"note\": %s, "
              "\"loop_ms\": %s, \"loop_reps\": %d, \"cold_ms\": %s, "
              "\"after_copy_ms\": %s, \"rel_err\": %s, \"bytes\": %.0f, "
              "\"registers\": %d, \"cold_samples_ms\": [%s], "
              "\"after_copy_samples_ms\": [%s]}",
              i ? "," : "", jsonString(r.matrix).c_str(),
              jsonString(r.dtype).c_str(), jsonString(r.variant).c_str(),
              jsonString(r.kind).c_str(), r.ran ? "true" : "false",
              r.ok ? "true" : "false", jsonString(r.note).c_str(),
              jsonNumber(r.loopMs).c_str(), r.loopReps,
              jsonNumber(r.coldMs).c_str(), jsonNumber(r.afterCopyMs).c_str(),
              jsonNumber(r.error).c_str(), r.bytes, r.regs, cold.c_str(),
              after.c_str());
    }
    fprintf(f, "],\n\"fatal\": %s\n}\n",
            fatal.empty() ? "null" : jsonString(fatal).c_str());
    fclose(f);
  }
};

Report report;

[[noreturn]] void fatal(const char *format, ...) {
  char text[1024];
  va_list args;
  va_start(args, format);
  vsnprintf(text, sizeof text, format, args);
  va_end(args);
  fprintf(stderr, "spmv_kernels: %s\n", text);
  fflush(stdout);
  report.fatal = text;
  report.write();
  exit(1);
}

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess)                                                     \
      fatal("%s:%d: %s: %s", __FILE__, __LINE__, #call,                        \
            cudaGetErrorString(e_));                                           \
  } while (0)

#define CHECK_SPARSE(call)                                                     \
  do {                                                                         \
    cusparseStatus_t s_ = (call);                                              \
    if (s_ != CUSPARSE_STATUS_SUCCESS)                                         \
      fatal("%s:%d: %s: %s", __FILE__, __LINE__, #call,                        \
            cusparseGetErrorString(s_));                                       \
  } while (0)

//===- The device side of one matrix in one dtype -------------------------===//

struct Gpu {
  cudaStream_t stream = nullptr;
  cusparseHandle_t sparse = nullptr;
  cudaDeviceProp prop{};
  void *flush = nullptr;
  long long flushBytes = 0;
};

Gpu gpu;

template <typename T, typename I> struct Problem {
  std::string matrix, dtype;
  long long rows = 0, cols = 0, nnz = 0;
  double alpha = 1, beta = 0;
  I *indptr = nullptr, *indices = nullptr;
  T *data = nullptr, *x = nullptr, *y = nullptr, *y0 = nullptr;
  // The inputs again, for the after-copy timing's copies.
  I *indptrSrc = nullptr, *indicesSrc = nullptr;
  T *dataSrc = nullptr, *xSrc = nullptr;
  std::vector<double> ref;
  std::vector<T> yHost;
  std::vector<double> yDouble;

  double bytes() const {
    return static_cast<double>(nnz) * (sizeof(T) + sizeof(I)) +
           (rows + 1.0) * sizeof(I) + cols * sizeof(T) +
           rows * sizeof(T) * (beta != 0 ? 2.0 : 1.0);
  }
};

template <typename E> E *deviceCopy(const std::vector<E> &v) {
  E *p = nullptr;
  CHECK(cudaMalloc(&p, std::max<size_t>(v.size(), 1) * sizeof(E)));
  CHECK(cudaMemcpy(p, v.data(), v.size() * sizeof(E), cudaMemcpyHostToDevice));
  return p;
}

template <typename E, typename S>
std::vector<E> convert(const std::vector<S> &v) {
  std::vector<E> out(v.size());
#pragma omp parallel for
  for (long long i = 0; i < static_cast<long long>(v.size()); ++i)
    out[i] = static_cast<E>(v[i]);
  return out;
}

template <typename T, typename I>
void upload(Problem<T, I> &p, const HostCsr &a, const std::vector<double> &x,
            const std::vector<double> &y0) {
  p.matrix = a.name;
  p.rows = a.rows;
  p.cols = a.cols;
  p.nnz = a.nnz();
  {
    auto v = convert<I>(a.indptr);
    p.indptr = deviceCopy(v);
    p.indptrSrc = deviceCopy(v);
  }
  {
    auto v = convert<I>(a.indices);
    p.indices = deviceCopy(v);
    p.indicesSrc = deviceCopy(v);
  }
  {
    auto v = convert<T>(a.values);
    p.data = deviceCopy(v);
    p.dataSrc = deviceCopy(v);
  }
  {
    auto v = convert<T>(x);
    p.x = deviceCopy(v);
    p.xSrc = deviceCopy(v);
  }
  p.y0 = deviceCopy(convert<T>(y0));
  CHECK(cudaMalloc(&p.y, p.rows * sizeof(T)));
  p.ref = reference<T>(a, x, y0, p.alpha, p.beta);
  p.yHost.resize(p.rows);
  p.yDouble.resize(p.rows);
}

template <typename T, typename I> void release(Problem<T, I> &p) {
  for (void *q : {(void *)p.indptr, (void *)p.indices, (void *)p.data,
                  (void *)p.x, (void *)p.y, (void *)p.y0, (void *)p.indptrSrc,
                  (void *)p.indicesSrc, (void *)p.dataSrc, (void *)p.xSrc})
    CHECK(cudaFree(q));
}

//===- Variants -----------------------------------------------------------===//

/// One way of computing the product. setup returns "" or why the variant
/// cannot run here; run queues one product on gpu.stream.
struct Variant {
  std::string name, kind;
  std::function<std::string()> setup = [] { return std::string(); };
  std::function<void()> run;
  std::function<void()> teardown = [] {};
  bool persisting = false; // reset persisting L2 lines before one-shots
  int regs = -1;
};

const char *streamName(Stream s) {
  switch (s) {
  case Stream::Ld:
    return "ld";
  case Stream::Ldg:
    return "ldg";
  case Stream::Cs:
    return "cs";
  case Stream::CsNc:
    return "csnc";
  case Stream::NoAlloc:
    return "na";
  case Stream::EvictFirst:
    return "ef";
  case Stream::EvictFirst256:
    return "ef256";
  }
  return "?";
}

const char *gatherName(Gather g) {
  switch (g) {
  case Gather::Ld:
    return "ld";
  case Gather::Ldg:
    return "ldg";
  case Gather::NoAlloc:
    return "na";
  case Gather::EvictLast:
    return "el";
  }
  return "?";
}

/// How a variant of ours is launched.
struct Launch {
  int block = 256;
  int blocksPerSm = 0;   // 0: enough blocks for one pass over the rows
  long long longRow = 0; // 0: every row in csrSpmvRows
  long long chunk = 4096;
  int longBlocksPerSm = 8;
  Launch &withBlock(int b) {
    block = b;
    return *this;
  }
  Launch &persistent(int perSm) {
    blocksPerSm = perSm;
    return *this;
  }
  Launch &longRows(long long threshold, int perSm = 8) {
    longRow = threshold;
    longBlocksPerSm = perSm;
    return *this;
  }
};

/// The long-row kernel's shape: 256 threads, 16 bytes of values per load,
/// two loads in flight.
constexpr int kLongBlock = 256, kLongU = 2;

/// kFull: csrSpmvRows256x8 (256 threads, at most 32 registers), else
/// csrSpmvRows.
template <typename T, typename I, int L, int V, int U, int R, Stream S,
          Gather G, bool kFull = false>
Variant ours(Problem<T, I> &p, Launch launch) {
  constexpr int kLongV = 16 / sizeof(T) > 0 ? 16 / sizeof(T) : 1;
  char name[160];
  int n = snprintf(name, sizeof name, "L%d V%d U%d R%d b%d %s/%s", L, V, U, R,
                   launch.block, streamName(S), gatherName(G));
  if (kFull)
    n += snprintf(name + n, sizeof name - n, " full-occ");
  if (launch.blocksPerSm)
    n += snprintf(name + n, sizeof name - n, " grid%d/SM", launch.blocksPerSm);
  if (launch.longRow)
    n += snprintf(name + n, sizeof name - n, " +long>%lld", launch.longRow);
  if (launch.longRow && launch.longBlocksPerSm != 8)
    n += snprintf(name + n, sizeof name - n, " grid%d/SM",
                  launch.longBlocksPerSm);
  Variant v;
  v.name = name;
  v.kind = "ours";
  if (kFull)
    launch.block = 256;
  // (Only the kernel used is instantiated.)
  auto rowsKernel = [] {
    if constexpr (kFull)
      return csrspmv::csrSpmvRows256x8<T, I, L, V, U, R, S, G>;
    else
      return csrspmv::csrSpmvRows<T, I, L, V, U, R, S, G>;
  }();
  auto longKernel =
      csrspmv::csrSpmvLongRows<T, I, kLongBlock, kLongV, kLongU, S, G>;
  cudaFuncAttributes attributes{};
  if (cudaFuncGetAttributes(&attributes, rowsKernel) == cudaSuccess)
    v.regs = attributes.numRegs;
  auto list = std::make_shared<LongRows<I>>();
  v.setup = [&p, launch, list] {
    const size_t vectorBytes = std::max(V * sizeof(T), V * sizeof(I));
    if (reinterpret_cast<uintptr_t>(p.data) % vectorBytes ||
        reinterpret_cast<uintptr_t>(p.indices) % vectorBytes)
      return std::string("arrays not aligned to V elements");
    *list = LongRows<I>();
    if (launch.longRow) {
      list->chunk = launch.chunk;
      list->capacity = LongRows<I>::capacityFor(p.nnz, launch.longRow);
      if (list->capacity >= (1ll << 24))
        return std::string("long-row list over 2^24 entries");
      CHECK(cudaMalloc(&list->packed, 16));
      CHECK(cudaMemset(list->packed, 0, 16));
      list->done = reinterpret_cast<unsigned *>(list->packed + 1);
      CHECK(cudaMalloc(&list->rows, list->capacity * sizeof(I)));
      CHECK(cudaMalloc(&list->firstChunk,
                       list->capacity * sizeof(unsigned long long)));
    }
    return std::string();
  };
  v.teardown = [list] {
    CHECK(cudaFree(list->packed));
    CHECK(cudaFree(list->rows));
    CHECK(cudaFree(list->firstChunk));
    *list = LongRows<I>();
  };
  const int sms = gpu.prop.multiProcessorCount;
  v.run = [&p, launch, list, rowsKernel, longKernel, sms] {
    const long long rowsPerBlock = launch.block / 32 * (32 / L) * R;
    long long blocks = (p.rows + rowsPerBlock - 1) / rowsPerBlock;
    if (launch.blocksPerSm)
      blocks = std::min<long long>(blocks, 1ll * sms * launch.blocksPerSm);
    blocks = std::min<long long>(blocks, INT_MAX);
    rowsKernel<<<static_cast<unsigned>(blocks), launch.block, 0, gpu.stream>>>(
        p.rows, p.indptr, p.indices, p.data, p.x, p.y, static_cast<T>(p.alpha),
        static_cast<T>(p.beta), launch.longRow ? launch.longRow : LLONG_MAX,
        *list);
    if (launch.longRow)
      longKernel<<<sms * launch.longBlocksPerSm, kLongBlock, 0, gpu.stream>>>(
          p.indptr, p.indices, p.data, p.x, p.y, static_cast<T>(p.alpha),
          *list);
  };
  return v;
}

template <typename T> cudaDataType valueType() {
  return sizeof(T) == 4 ? CUDA_R_32F : CUDA_R_64F;
}

template <typename I> cusparseIndexType_t indexType() {
  return sizeof(I) == 4 ? CUSPARSE_INDEX_32I : CUSPARSE_INDEX_64I;
}

template <typename T, typename I>
Variant cusparse(Problem<T, I> &p, cusparseSpMVAlg_t alg, bool preprocess) {
  struct State {
    cusparseSpMatDescr_t a = nullptr;
    cusparseDnVecDescr_t x = nullptr, y = nullptr;
    void *buffer = nullptr;
    T alpha = 1, beta = 0;
  };
  auto state = std::make_shared<State>();
  Variant v;
  v.name = std::string("cusparse ") +
           (alg == CUSPARSE_SPMV_CSR_ALG1 ? "alg1" : "alg2") +
           (preprocess ? " +preprocess" : "");
  v.kind = "cusparse";
  v.setup = [&p, alg, preprocess, state]() -> std::string {
  // A call cuSPARSE refuses (say, ALG2's preprocessing in some version)
  // skips the variant.
#define TRY_SPARSE(call)                                                       \
  do {                                                                         \
    cusparseStatus_t s_ = (call);                                              \
    if (s_ != CUSPARSE_STATUS_SUCCESS)                                         \
      return std::string(#call).substr(0, std::string(#call).find('(')) +      \
             ": " + cusparseGetErrorString(s_);                                \
  } while (0)
    State &s = *state;
    s.alpha = static_cast<T>(p.alpha);
    s.beta = static_cast<T>(p.beta);
    TRY_SPARSE(cusparseCreateCsr(&s.a, p.rows, p.cols, p.nnz, p.indptr,
                                 p.indices, p.data, indexType<I>(),
                                 indexType<I>(), CUSPARSE_INDEX_BASE_ZERO,
                                 valueType<T>()));
    TRY_SPARSE(cusparseCreateDnVec(&s.x, p.cols, p.x, valueType<T>()));
    TRY_SPARSE(cusparseCreateDnVec(&s.y, p.rows, p.y, valueType<T>()));
    size_t size = 0;
    TRY_SPARSE(cusparseSpMV_bufferSize(
        gpu.sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &s.alpha, s.a, s.x,
        &s.beta, s.y, valueType<T>(), alg, &size));
    CHECK(cudaMalloc(&s.buffer, std::max<size_t>(size, 16)));
    if (preprocess)
      TRY_SPARSE(cusparseSpMV_preprocess(
          gpu.sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &s.alpha, s.a, s.x,
          &s.beta, s.y, valueType<T>(), alg, s.buffer));
#undef TRY_SPARSE
    CHECK(cudaStreamSynchronize(gpu.stream));
    return std::string();
  };
  v.run = [alg, state] {
    State &s = *state;
    CHECK_SPARSE(cusparseSpMV(gpu.sparse, CUSPARSE_OPERATION_NON_TRANSPOSE,
                              &s.alpha, s.a, s.x, &s.beta, s.y, valueType<T>(),
                              alg, s.buffer));
  };
  v.teardown = [state] {
    State &s = *state;
    if (s.a)
      CHECK_SPARSE(cusparseDestroySpMat(s.a));
    if (s.x)
      CHECK_SPARSE(cusparseDestroyDnVec(s.x));
    if (s.y)
      CHECK_SPARSE(cusparseDestroyDnVec(s.y));
    CHECK(cudaFree(s.buffer));
    s = State();
  };
  return v;
}

/// The variant with x's lines made persisting in L2: "+persist" sets
/// aside L2 for persisting lines (cudaLimitPersistingL2CacheSize, x's size
/// or the most allowed), which evict_last loads use; "+window" also marks
/// x persisting for every kernel on the stream (an access policy window).
template <typename T, typename I>
Variant persistingX(Problem<T, I> &p, Variant v, bool window) {
  v.name += window ? " +window" : " +persist";
  v.persisting = true;
  auto setup = v.setup;
  auto teardown = v.teardown;
  v.setup = [&p, setup, window] {
    const size_t xBytes = p.cols * sizeof(T);
    size_t limit = std::min<size_t>(xBytes, gpu.prop.persistingL2CacheMaxSize);
    cudaError_t e = cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, limit);
    if (e != cudaSuccess) {
      cudaGetLastError();
      return std::string("cudaLimitPersistingL2CacheSize: ") +
             cudaGetErrorString(e);
    }
    if (window) {
      cudaStreamAttrValue value{};
      value.accessPolicyWindow.base_ptr = p.x;
      value.accessPolicyWindow.num_bytes =
          std::min<size_t>(xBytes, gpu.prop.accessPolicyMaxWindowSize);
      value.accessPolicyWindow.hitRatio = 1.0f;
      value.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
      value.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
      e = cudaStreamSetAttribute(gpu.stream,
                                 cudaStreamAttributeAccessPolicyWindow, &value);
      if (e != cudaSuccess) {
        cudaGetLastError();
        cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0);
        return std::string("access policy window: ") + cudaGetErrorString(e);
      }
    }
    return setup();
  };
  v.teardown = [teardown, window] {
    teardown();
    if (window) {
      cudaStreamAttrValue value{};
      value.accessPolicyWindow.num_bytes = 0;
      value.accessPolicyWindow.hitProp = cudaAccessPropertyNormal;
      value.accessPolicyWindow.missProp = cudaAccessPropertyNormal;
      CHECK(cudaStreamSetAttribute(
          gpu.stream, cudaStreamAttributeAccessPolicyWindow, &value));
    }
    if (cudaCtxResetPersistingL2Cache() != cudaSuccess ||
        cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0) != cudaSuccess)
      cudaGetLastError();
  };
  return v;
}

// The variant lists. Names: L lanes per row, V entries per load, U loads in
// flight, R rows per group, b threads per block, stream/gather hints
// (CsrSpmv.cuh: ld, ldg, cs, csnc, na, ef, ef256 / ld, ldg, na, el).
#define OURS(L, V, U, R, S, G, LAUNCH)                                         \
  list.push_back(                                                              \
      ours<T, I, L, V, U, R, Stream::S, Gather::G>(p, Launch() LAUNCH))
#define OURS_FULL(L, V, U, R, S, G)                                            \
  list.push_back(                                                              \
      ours<T, I, L, V, U, R, Stream::S, Gather::G, true>(p, Launch()))

template <typename T, typename I>
void cusparseVariants(Problem<T, I> &p, std::vector<Variant> &list, bool all) {
  list.push_back(cusparse(p, CUSPARSE_SPMV_CSR_ALG1, true));
  list.push_back(cusparse(p, CUSPARSE_SPMV_CSR_ALG1, false));
  if (all) {
    list.push_back(cusparse(p, CUSPARSE_SPMV_CSR_ALG2, true));
    list.push_back(cusparse(p, CUSPARSE_SPMV_CSR_ALG2, false));
  }
}

/// The issue's case (f32 values, 32-bit indices) on the uniform matrix:
/// shapes, hints, block sizes, grids, L2 persistence.
std::vector<Variant> uniformF32I32(Problem<float, int> &p) {
  using T = float;
  using I = int;
  std::vector<Variant> list;
  cusparseVariants(p, list, true);
  list.push_back(
      persistingX(p, cusparse(p, CUSPARSE_SPMV_CSR_ALG1, true), true));
  // Shapes, with plain loads and with the hypothesis's hints.
  OURS(32, 1, 1, 1, Ld, Ld, );
  OURS(16, 1, 1, 1, Ld, Ld, );
  OURS(16, 1, 1, 1, Cs, Ldg, );
  OURS(16, 1, 1, 2, Cs, Ldg, );
  OURS(8, 1, 2, 1, Ld, Ld, );
  OURS(8, 1, 2, 1, Cs, Ldg, );
  OURS(8, 2, 1, 1, Ld, Ld, );
  OURS(8, 2, 1, 1, Cs, Ldg, );
  OURS(8, 2, 1, 2, Cs, Ldg, );
  OURS(4, 1, 4, 1, Ld, Ld, );
  OURS(4, 1, 4, 1, Cs, Ldg, );
  OURS(4, 4, 1, 1, Ld, Ld, );
  OURS(4, 4, 1, 1, Cs, Ldg, );
  OURS(4, 4, 1, 2, Cs, Ldg, );
  OURS(4, 4, 1, 4, Cs, Ldg, );
  OURS(2, 4, 2, 1, Ld, Ld, );
  OURS(2, 4, 2, 1, Cs, Ldg, );
  OURS(1, 4, 4, 1, Cs, Ldg, );
  // Hints, on three shapes.
  OURS(4, 4, 1, 1, Ldg, Ldg, );
  OURS(4, 4, 1, 1, Cs, Ld, );
  OURS(4, 4, 1, 1, CsNc, Ldg, );
  OURS(4, 4, 1, 1, NoAlloc, Ldg, );
  OURS(4, 4, 1, 1, EvictFirst, Ldg, );
  OURS(4, 4, 1, 1, EvictFirst256, Ldg, );
  OURS(4, 4, 1, 1, EvictFirst, EvictLast, );
  OURS(4, 4, 1, 1, Cs, EvictLast, );
  OURS(4, 4, 1, 1, Cs, NoAlloc, );
  OURS(8, 2, 1, 1, Ldg, Ldg, );
  OURS(8, 2, 1, 1, EvictFirst, Ldg, );
  OURS(8, 2, 1, 1, EvictFirst256, Ldg, );
  OURS(8, 2, 1, 1, EvictFirst, EvictLast, );
  OURS(16, 1, 1, 1, Ldg, Ldg, );
  OURS(16, 1, 1, 1, EvictFirst, Ldg, );
  OURS(16, 1, 1, 1, EvictFirst, EvictLast, );
  // L2 set aside for persisting lines (evict_last), or x in a window.
  list.push_back(
      persistingX(p,
                  ours<T, I, 4, 4, 1, 1, Stream::EvictFirst, Gather::EvictLast>(
                      p, Launch()),
                  false));
  list.push_back(persistingX(
      p, ours<T, I, 4, 4, 1, 1, Stream::Cs, Gather::Ldg>(p, Launch()), true));
  // Block sizes, occupancy, persistent grids.
  OURS(4, 4, 1, 1, Cs, Ldg, .withBlock(128));
  OURS(4, 4, 1, 1, Cs, Ldg, .withBlock(512));
  OURS(4, 4, 1, 1, Cs, Ldg, .withBlock(1024));
  OURS_FULL(4, 4, 1, 1, Cs, Ldg);
  OURS_FULL(8, 2, 1, 1, Cs, Ldg);
  OURS(16, 1, 1, 1, Cs, Ldg, .withBlock(128));
  OURS(16, 1, 1, 1, Cs, Ldg, .withBlock(512));
  OURS_FULL(16, 1, 1, 1, Cs, Ldg);
  OURS(4, 4, 1, 1, Cs, Ldg, .persistent(8));
  OURS(4, 4, 1, 1, Cs, Ldg, .persistent(32));
  // The long-row kernel's cost where it has nothing to do.
  OURS(4, 4, 1, 1, Cs, Ldg, .longRows(1024));
  OURS(8, 2, 1, 1, Cs, Ldg, .longRows(1024));
  OURS(16, 1, 1, 1, Cs, Ldg, .longRows(1024));
  return list;
}

/// Power-law rows: without and with the long-row kernel (thresholds, its
/// grid).
std::vector<Variant> powerLawF32I32(Problem<float, int> &p) {
  using T = float;
  using I = int;
  std::vector<Variant> list;
  cusparseVariants(p, list, true);
  OURS(4, 4, 1, 1, Cs, Ldg, );
  OURS(16, 1, 1, 1, Cs, Ldg, );
  OURS(32, 1, 1, 1, Cs, Ldg, );
  OURS(4, 4, 1, 1, Cs, Ldg, .longRows(256));
  OURS(4, 4, 1, 1, Cs, Ldg, .longRows(1024));
  OURS(4, 4, 1, 1, Cs, Ldg, .longRows(4096));
  OURS(4, 4, 1, 1, Cs, Ldg, .longRows(1024, 2));
  OURS(4, 4, 1, 1, Cs, Ldg, .longRows(1024, 32));
  OURS(8, 2, 1, 1, Cs, Ldg, .longRows(1024));
  OURS(16, 1, 1, 1, Cs, Ldg, .longRows(1024));
  OURS(16, 1, 1, 1, Cs, Ldg, .longRows(4096));
  OURS(4, 4, 1, 1, EvictFirst, EvictLast, .longRows(1024));
  OURS(4, 4, 1, 1, Ld, Ld, .longRows(1024));
  return list;
}

/// Other dtypes: a few shapes and hints, and the long-row kernel.
template <typename T, typename I>
std::vector<Variant> otherDtype(Problem<T, I> &p) {
  std::vector<Variant> list;
  cusparseVariants(p, list, false);
  OURS(16, 1, 1, 1, Ld, Ld, );
  OURS(16, 1, 1, 1, Cs, Ldg, );
  OURS(8, 2, 1, 1, Cs, Ldg, );
  OURS(4, 4, 1, 1, Ld, Ld, );
  OURS(4, 4, 1, 1, Cs, Ldg, );
  OURS(4, 4, 1, 1, EvictFirst, EvictLast, );
  OURS(4, 2, 2, 1, Cs, Ldg, );
  OURS(4, 4, 1, 1, Cs, Ldg, .longRows(1024));
  return list;
}
#undef OURS
#undef OURS_FULL

//===- Timing -------------------------------------------------------------===//

struct Events {
  cudaEvent_t start, stop;
  Events() {
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
  }
  ~Events() {
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
  }
  /// Milliseconds of `work` on the stream.
  template <typename F> double time(F work) {
    CHECK(cudaEventRecord(start, gpu.stream));
    work();
    CHECK(cudaEventRecord(stop, gpu.stream));
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaGetLastError());
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    return ms;
  }
};

double median(std::vector<double> v) {
  if (v.empty())
    return NAN;
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// One product from y = y0 (or y full of NaN when beta is 0: every row
/// must be written), its normwise error.
template <typename T, typename I>
double checkOnce(Problem<T, I> &p, const Variant &v) {
  if (p.beta != 0)
    CHECK(cudaMemcpyAsync(p.y, p.y0, p.rows * sizeof(T),
                          cudaMemcpyDeviceToDevice, gpu.stream));
  else
    CHECK(cudaMemsetAsync(p.y, 0xff, p.rows * sizeof(T), gpu.stream));
  v.run();
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpyAsync(p.yHost.data(), p.y, p.rows * sizeof(T),
                        cudaMemcpyDeviceToHost, gpu.stream));
  CHECK(cudaStreamSynchronize(gpu.stream));
  for (long long i = 0; i < p.rows; ++i)
    p.yDouble[i] = p.yHost[i];
  return normwiseError(p.ref, p.yDouble.data());
}

/// Queues the flush (and, for after-copy, the inputs' copies).
template <typename T, typename I>
void prepareOneShot(Problem<T, I> &p, const Variant &v, bool copies, int i) {
  if (v.persisting && cudaCtxResetPersistingL2Cache() != cudaSuccess)
    cudaGetLastError(); // then x may stay in L2: the note says so
  CHECK(cudaMemsetAsync(gpu.flush, i % 2 ? 0x5a : 0xa5, gpu.flushBytes,
                        gpu.stream));
  if (!copies)
    return;
  auto copy = [](void *to, const void *from, size_t bytes) {
    CHECK(
        cudaMemcpyAsync(to, from, bytes, cudaMemcpyDeviceToDevice, gpu.stream));
  };
  copy(p.data, p.dataSrc, p.nnz * sizeof(T));
  copy(p.indices, p.indicesSrc, p.nnz * sizeof(I));
  copy(p.indptr, p.indptrSrc, (p.rows + 1) * sizeof(I));
  copy(p.x, p.xSrc, p.cols * sizeof(T));
  if (p.beta != 0) // keep y bounded across the repetitions
    copy(p.y, p.y0, p.rows * sizeof(T));
}

constexpr double kTolerance = 1e-5;

std::vector<double> bestCusparse(3, INFINITY); // loop, cold, after-copy
std::vector<std::string> summary; // every table's best lines, again at the end

void printHeader(const std::string &title) {
  printf("\n== %s\n%-44s %8s %8s %8s %7s %7s %6s %6s %8s  %s\n", title.c_str(),
         "variant", "loop", "cold", "aftercp", "GB/s", "GB/s", "loop", "aftcp",
         "rel err", "regs / note");
  printf("%-44s %8s %8s %8s %7s %7s %6s %6s %8s\n", "", "ms", "ms", "ms",
         "loop", "aftcp", "/cusp", "/cusp", "");
  fflush(stdout);
}

void printResult(const Result &r) {
  if (!r.ran) {
    printf("%-44s skipped: %s\n", r.variant.c_str(), r.note.c_str());
    fflush(stdout);
    return;
  }
  printf("%-44s %8.4f %8.4f %8.4f %7.0f %7.0f %6.3f %6.3f %8.1e  %s%s%s\n",
         r.variant.c_str(), r.loopMs, r.coldMs, r.afterCopyMs,
         r.bytes / r.loopMs / 1e6, r.bytes / r.afterCopyMs / 1e6,
         r.loopMs / bestCusparse[0], r.afterCopyMs / bestCusparse[2], r.error,
         r.regs >= 0 ? (std::to_string(r.regs) + " regs").c_str() : "",
         r.ok ? "" : " WRONG", r.note.empty() ? "" : (" " + r.note).c_str());
  fflush(stdout);
}

template <typename T, typename I>
void runVariants(const Options &o, Problem<T, I> &p,
                 std::vector<Variant> variants) {
  std::fill(bestCusparse.begin(), bestCusparse.end(), INFINITY);
  printHeader(p.matrix + " " + p.dtype);
  Events events;
  struct Best {
    double ms = INFINITY;
    std::string name;
  };
  Best best[2][3]; // [cusparse, ours][loop, cold, after-copy]
  for (const Variant &v : variants) {
    if (!o.filter.empty() && v.kind != "cusparse" &&
        v.name.find(o.filter) == std::string::npos)
      continue;
    Result r;
    r.matrix = p.matrix;
    r.dtype = p.dtype;
    r.variant = v.name;
    r.kind = v.kind;
    r.bytes = p.bytes();
    r.regs = v.regs;
    r.note = v.setup();
    if (!r.note.empty()) {
      v.teardown(); // what the setup made before it failed
      printResult(r);
      report.results.push_back(r);
      report.write();
      continue;
    }
    // A launch the device refuses (too many registers for the block, say)
    // skips the variant; a fault in a kernel ends the run (CHECK).
    v.run();
    if (cudaError_t e = cudaGetLastError(); e != cudaSuccess) {
      r.note = std::string("launch: ") + cudaGetErrorString(e);
      CHECK(cudaStreamSynchronize(gpu.stream));
      v.teardown();
      printResult(r);
      report.results.push_back(r);
      report.write();
      continue;
    }
    CHECK(cudaStreamSynchronize(gpu.stream));
    r.ran = true;
    r.error = checkOnce(p, v);
    // Fewer repetitions for slow variants (a long row in one group).
    const double once = events.time([&] { v.run(); });
    const int loopReps = std::max(
        3, std::min(o.loopReps, static_cast<int>(o.maxVariantMs / once)));
    const int oneShotReps = std::max(
        3, std::min(o.oneShotReps, static_cast<int>(o.maxVariantMs / once)));
    for (int i = 0; i < std::min(5, loopReps); ++i)
      v.run();
    r.loopReps = loopReps;
    r.loopMs = events.time([&] {
      for (int i = 0; i < loopReps; ++i)
        v.run();
    }) / loopReps;
    for (int copies = 0; copies < 2; ++copies) {
      std::vector<double> &samples =
          copies ? r.afterCopySamples : r.coldSamples;
      for (int i = 0; i < oneShotReps; ++i) {
        prepareOneShot(p, v, copies, i);
        samples.push_back(events.time([&] { v.run(); }));
      }
    }
    r.coldMs = median(r.coldSamples);
    r.afterCopyMs = median(r.afterCopySamples);
    // Again after many products (the long-row list must have been reset).
    r.error = std::max(r.error, checkOnce(p, v));
    r.ok = r.error <= kTolerance;
    v.teardown();
    CHECK(cudaDeviceSynchronize());
    const bool isCusparse = v.kind == "cusparse";
    if (isCusparse && !v.persisting) {
      bestCusparse[0] = std::min(bestCusparse[0], r.loopMs);
      bestCusparse[1] = std::min(bestCusparse[1], r.coldMs);
      bestCusparse[2] = std::min(bestCusparse[2], r.afterCopyMs);
    }
    if (r.ok) {
      const double ms[3] = {r.loopMs, r.coldMs, r.afterCopyMs};
      for (int m = 0; m < 3; ++m)
        if (ms[m] < best[isCusparse ? 0 : 1][m].ms)
          best[isCusparse ? 0 : 1][m] = {ms[m], v.name};
    }
    printResult(r);
    report.results.push_back(r);
    report.write();
  }
  const char *modes[3] = {"loop", "cold", "after-copy"};
  for (int m = 0; m < 3; ++m) {
    char line[512];
    snprintf(line, sizeof line,
             "%s %s, %-10s: cuSPARSE %.4f ms (%s), ours %.4f ms (%s): %.3f",
             p.matrix.c_str(), p.dtype.c_str(), modes[m], best[0][m].ms,
             best[0][m].name.c_str(), best[1][m].ms, best[1][m].name.c_str(),
             best[1][m].ms / best[0][m].ms);
    printf("best %s\n", line);
    summary.push_back(line);
  }
  fflush(stdout);
}

template <typename T, typename I>
void runDtype(const Options &o, const HostCsr &a, const std::vector<double> &x,
              const std::vector<double> &y0, const std::string &dtype) {
  Problem<T, I> p;
  p.dtype = dtype;
  p.alpha = o.alpha;
  p.beta = o.beta;
  if (sizeof(I) == 4 && a.nnz() >= (1ll << 31)) {
    printf("\n== %s %s: skipped, nnz over 2^31\n", a.name.c_str(),
           dtype.c_str());
    return;
  }
  upload(p, a, x, y0);
  std::vector<Variant> variants;
  if constexpr (sizeof(T) == 4 && sizeof(I) == 4) {
    if (a.name == "uniform")
      variants = uniformF32I32(p);
    else
      variants = powerLawF32I32(p);
  } else {
    variants = otherDtype(p);
  }
  runVariants(o, p, std::move(variants));
  release(p);
}

std::string deviceJson(const Options &o) {
  int driver = 0, runtime = 0, sparseVersion = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  cusparseGetVersion(gpu.sparse, &sparseVersion);
  const cudaDeviceProp &d = gpu.prop;
  char text[1024];
  snprintf(text, sizeof text,
           "{\"name\": %s, \"sms\": %d, \"l2_bytes\": %d, "
           "\"persisting_l2_max_bytes\": %d, \"access_policy_max_window\": %d, "
           "\"driver\": %d, \"runtime\": %d, \"cusparse\": %d, "
           "\"flush_bytes\": %lld, \"alpha\": %g, \"beta\": %g, "
           "\"tolerance\": %g}",
           jsonString(d.name).c_str(), d.multiProcessorCount, d.l2CacheSize,
           d.persistingL2CacheMaxSize, d.accessPolicyMaxWindowSize, driver,
           runtime, sparseVersion, o.flushBytes, o.alpha, o.beta, kTolerance);
  return text;
}

} // namespace

int main(int argc, char **argv) {
  const Options o = parse(argc, argv);
  report.path = o.json;
  report.device = "null";
  if (!o.hostOnly) {
    CHECK(cudaGetDeviceProperties(&gpu.prop, 0));
    CHECK(cudaStreamCreateWithFlags(&gpu.stream, cudaStreamNonBlocking));
    CHECK_SPARSE(cusparseCreate(&gpu.sparse));
    CHECK_SPARSE(cusparseSetStream(gpu.sparse, gpu.stream));
    gpu.flushBytes = o.flushBytes;
    CHECK(cudaMalloc(&gpu.flush, gpu.flushBytes));
    report.device = deviceJson(o);
    printf("%s: %d SMs, L2 %d MB (persisting at most %d MB); flush %lld MiB\n",
           gpu.prop.name, gpu.prop.multiProcessorCount,
           gpu.prop.l2CacheSize >> 20, gpu.prop.persistingL2CacheMaxSize >> 20,
           o.flushBytes >> 20);
  }
  const std::vector<double> x = randomVector(o.rows, o.seed, 10, 0, 1);
  const std::vector<double> y0 = randomVector(o.rows, o.seed, 11, -1, 1);
  for (const char *kind : {"uniform", "powerlaw"}) {
    if (!contains(o.matrices, kind))
      continue;
    HostCsr a = std::string(kind) == "uniform"
                    ? uniformCsr(o.rows, o.perRow, o.seed)
                    : powerLawCsr(o.rows, o.perRow, o.zipf, o.seed + 1);
    const RowStats s = rowStats(a);
    printf("\n%s: %lld x %lld, %lld entries, longest row %lld, %lld empty "
           "rows, %lld rows over 1024 entries holding %.1f%% of them\n",
           a.name.c_str(), a.rows, a.cols, a.nnz(), s.maxRow, s.empty, s.over1k,
           100 * s.shareOver1k);
    char text[512];
    snprintf(text, sizeof text,
             "{\"name\": %s, \"rows\": %lld, \"cols\": %lld, \"nnz\": %lld, "
             "\"max_row\": %lld, \"empty_rows\": %lld, \"rows_over_1024\": "
             "%lld, \"share_over_1024\": %.4f}",
             jsonString(a.name).c_str(), a.rows, a.cols, a.nnz(), s.maxRow,
             s.empty, s.over1k, s.shareOver1k);
    report.mats.push_back(text);
    if (o.hostOnly) {
      std::vector<double> ref = reference<float>(a, x, y0, o.alpha, o.beta);
      double norm = 0, sum = 0;
      for (double v : ref) {
        norm += v * v;
        sum += v;
      }
      long long check = 0;
      for (long long k = 0; k < a.nnz(); k += 4099)
        check = check * 31 + a.indices[k];
      printf("  reference: 2-norm %.9g, sum %.9g; columns checksum %lld\n",
             std::sqrt(norm), sum, check);
      // Every row's columns strictly increasing and in range.
      for (long long r = 0; r < a.rows; ++r)
        for (long long k = a.indptr[r]; k < a.indptr[r + 1]; ++k)
          if (a.indices[k] < 0 || a.indices[k] >= a.cols ||
              (k > a.indptr[r] && a.indices[k] <= a.indices[k - 1]))
            fatal("row %lld: bad columns", r);
      continue;
    }
    if (contains(o.dtypes, "f32i32"))
      runDtype<float, int>(o, a, x, y0, "f32i32");
    if (contains(o.dtypes, "f64i32"))
      runDtype<double, int>(o, a, x, y0, "f64i32");
    if (contains(o.dtypes, "f32i64"))
      runDtype<float, long long>(o, a, x, y0, "f32i64");
    if (contains(o.dtypes, "f64i64"))
      runDtype<double, long long>(o, a, x, y0, "f64i64");
  }
  report.write();
  int wrong = 0;
  printf("\nBest correct variants (ours / cuSPARSE's best):\n");
  for (const std::string &line : summary)
    printf("  %s\n", line.c_str());
  for (const Result &r : report.results)
    if (r.ran && !r.ok) {
      ++wrong;
      printf("WRONG: %s %s %s (rel err %.1e)\n", r.matrix.c_str(),
             r.dtype.c_str(), r.variant.c_str(), r.error);
    }
  printf("%d variant(s) wrong\n", wrong);
  return wrong ? 1 : 0;
}
