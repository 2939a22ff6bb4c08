//===- attention_check.cpp - arrayrt_attention on a real GPU --------------===//
//
// Checks arrayrt_attention (cuDNN's fused attention) against a CPU
// reference (float64, from the same rounded float16 or bfloat16 inputs) on
// a few rows of every head, then times it. Inputs are uniform in [-1, 1)
// from a fixed seed.
//
//   arrayrt-attention-check          the standard cases, one line each:
//       [2, 4, 128, 64] and [1, 32, 2048, 128], causal and not, float16;
//       bfloat16, k given transposed (a view), rank 3, Sq != Sk
//   arrayrt-attention-check B H SQ SK D [causal] [bf16] [kt|ktview]
//       one case (kt: k^T packed, which arrayrt_attention refuses; ktview:
//       k^T as a transposed view of a row-major k)
//
// Prints `PASS`/`FAIL` per case with the largest error and the time per
// call; exit status 1 if any fails. Needs a GPU and cuDNN 9
// (ARRAYRT_CUDNN_LIB names libcudnn.so.9 if the loader cannot find it), so
// it is not a CTest test.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

uint64_t splitmix(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// float to float16 bits, round to nearest even (inputs are in [-1, 1),
/// so no overflow handling is needed beyond the general path).
uint16_t toHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000;
  int32_t exponent = static_cast<int32_t>((x >> 23) & 0xff) - 127 + 15;
  uint32_t mantissa = x & 0x7fffff;
  if (exponent <= 0) {
    if (exponent < -10)
      return static_cast<uint16_t>(sign);
    mantissa |= 0x800000;
    int shift = 14 - exponent;
    uint32_t half = mantissa >> shift;
    uint32_t rest = mantissa & ((1u << shift) - 1);
    uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half & 1)))
      ++half;
    return static_cast<uint16_t>(sign | half);
  }
  if (exponent >= 31)
    return static_cast<uint16_t>(sign | 0x7c00);
  uint32_t half = (static_cast<uint32_t>(exponent) << 10) | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half;
  return static_cast<uint16_t>(sign | half);
}

float fromHalf(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16;
  uint32_t exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  uint32_t x;
  if (exponent == 0) {
    if (mantissa == 0) {
      x = sign;
    } else {
      int e = -1;
      do {
        ++e;
        mantissa <<= 1;
      } while (!(mantissa & 0x400));
      x = sign | ((127 - 15 - e) << 23) | ((mantissa & 0x3ff) << 13);
    }
  } else if (exponent == 31) {
    x = sign | 0x7f800000 | (mantissa << 13);
  } else {
    x = sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

uint16_t toBf16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  x += 0x7fff + ((x >> 16) & 1);
  return static_cast<uint16_t>(x >> 16);
}

float fromBf16(uint16_t b) {
  uint32_t x = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

struct Case {
  int64_t b, h, sq, sk, d;
  bool causal = false, bf16 = false, kTransposed = false;
  /// Rank 3 ([b * h, s, d]) instead of 4.
  bool rank3 = false;
  /// With kTransposed: k^T as a view of a row-major k (D contiguous)
  /// rather than a packed [D, Sk] array.
  bool kView = false;
};

/// A rank-4 memref descriptor (rank 3 uses the first three of each).
struct Descriptor4 {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizesAndStrides[8];
};

Descriptor4 describe(void *data, std::vector<int64_t> sizes) {
  Descriptor4 d = {data, data, 0, {}};
  size_t rank = sizes.size();
  int64_t stride = 1;
  for (size_t i = rank; i-- > 0;) {
    d.sizesAndStrides[i] = sizes[i];
    d.sizesAndStrides[rank + i] = stride;
    stride *= sizes[i];
  }
  return d;
}

std::string caseName(const Case &c) {
  char text[160];
  std::snprintf(text, sizeof(text), "[%lld, %lld, %lld/%lld, %lld]%s%s%s%s",
                static_cast<long long>(c.b), static_cast<long long>(c.h),
                static_cast<long long>(c.sq), static_cast<long long>(c.sk),
                static_cast<long long>(c.d), c.causal ? " causal" : "",
                c.bf16 ? " bf16" : " f16",
                c.kTransposed ? (c.kView ? " k^T view" : " k^T") : "",
                c.rank3 ? " rank3" : "");
  return text;
}

bool runCase(const Case &c, arrayrt_stream_t stream) {
  uint64_t seed = 2026;
  int64_t heads = c.b * c.h;
  size_t qn = heads * c.sq * c.d, kn = heads * c.sk * c.d,
         vn = heads * c.sk * c.d, on = heads * c.sq * c.d;
  auto encode = c.bf16 ? toBf16 : toHalf;
  auto decode = c.bf16 ? fromBf16 : fromHalf;
  auto fill = [&](std::vector<uint16_t> &bits, std::vector<float> &values,
                  size_t n) {
    bits.resize(n);
    values.resize(n);
    for (size_t i = 0; i < n; ++i) {
      float x = static_cast<float>(splitmix(seed) >> 40) / 16777216.0f;
      bits[i] = encode(2 * x - 1);
      values[i] = decode(bits[i]);
    }
  };
  std::vector<uint16_t> qb, kb, vb;
  std::vector<float> qf, kf, vf;
  fill(qb, qf, qn);
  fill(kb, kf, kn); // [heads, sk, d]
  fill(vb, vf, vn);
  std::vector<uint16_t> kUpload = kb;
  if (c.kTransposed && !c.kView) // [heads, d, sk]
    for (int64_t hd = 0; hd < heads; ++hd)
      for (int64_t j = 0; j < c.sk; ++j)
        for (int64_t e = 0; e < c.d; ++e)
          kUpload[(hd * c.d + e) * c.sk + j] = kb[(hd * c.sk + j) * c.d + e];

  void *q = arrayrt_alloc(qn * 2, stream), *k = arrayrt_alloc(kn * 2, stream),
       *v = arrayrt_alloc(vn * 2, stream), *o = arrayrt_alloc(on * 2, stream);
  arrayrt_memcpy(q, qb.data(), qn * 2, stream);
  arrayrt_memcpy(k, kUpload.data(), kn * 2, stream);
  arrayrt_memcpy(v, vb.data(), vn * 2, stream);
  arrayrt_memset16(o, 0xffff, on, stream); // NaN: unwritten shows.
  auto shape = [&](int64_t rows, int64_t cols) {
    return c.rank3 ? std::vector<int64_t>{heads, rows, cols}
                   : std::vector<int64_t>{c.b, c.h, rows, cols};
  };
  Descriptor4 qd = describe(q, shape(c.sq, c.d));
  Descriptor4 kd =
      describe(k, c.kTransposed ? shape(c.d, c.sk) : shape(c.sk, c.d));
  if (c.kView) {
    // k^T as a transposed view of the row-major k: strides [..., 1, D].
    kd = describe(k, shape(c.sk, c.d));
    int64_t r = c.rank3 ? 3 : 4;
    std::swap(kd.sizesAndStrides[r - 2], kd.sizesAndStrides[r - 1]);
    std::swap(kd.sizesAndStrides[2 * r - 2], kd.sizesAndStrides[2 * r - 1]);
  }
  Descriptor4 vd = describe(v, shape(c.sk, c.d));
  Descriptor4 od = describe(o, shape(c.sq, c.d));
  int64_t rank = c.rank3 ? 3 : 4;
  int32_t dtype = c.bf16 ? ARRAYRT_DTYPE_BF16 : ARRAYRT_DTYPE_F16;
  int32_t flags = (c.causal ? ARRAYRT_ATTENTION_CAUSAL : 0) |
                  (c.kTransposed ? ARRAYRT_ATTENTION_K_TRANSPOSED : 0);
  double scale = 1.0 / std::sqrt(static_cast<double>(c.d));
  auto call = [&] {
    arrayrt_attention(rank, &qd, rank, &kd, rank, &vd, rank, &od, dtype, flags,
                      scale, "attention_check", stream);
  };
  call(); // Builds, tunes and runs.
  std::vector<uint16_t> ob(on);
  arrayrt_memcpy(ob.data(), o, on * 2, stream);
  arrayrt_stream_synchronize(stream);

  // Rows 0, 1, the middle and the last of every head.
  double maxError = 0;
  std::vector<int64_t> rows = {0, 1, c.sq / 2, c.sq - 1};
  std::vector<double> scores(c.sk);
  for (int64_t hd = 0; hd < heads; ++hd)
    for (int64_t i : rows) {
      if (i < 0 || i >= c.sq)
        continue;
      double max = -INFINITY;
      for (int64_t j = 0; j < c.sk; ++j) {
        double s = 0;
        for (int64_t e = 0; e < c.d; ++e)
          s += static_cast<double>(qf[(hd * c.sq + i) * c.d + e]) *
               kf[(hd * c.sk + j) * c.d + e];
        s *= scale;
        scores[j] = c.causal && j > i ? -INFINITY : s;
        max = std::max(max, scores[j]);
      }
      double sum = 0;
      for (int64_t j = 0; j < c.sk; ++j)
        sum += scores[j] = std::exp(scores[j] - max);
      for (int64_t e = 0; e < c.d; ++e) {
        double expect = 0;
        for (int64_t j = 0; j < c.sk; ++j)
          expect += scores[j] / sum * vf[(hd * c.sk + j) * c.d + e];
        double got = decode(ob[(hd * c.sq + i) * c.d + e]);
        double error = std::fabs(got - expect);
        if (!(error <= maxError)) // NaN counts as failing.
          maxError = std::isnan(error) ? INFINITY : error;
      }
    }

  // Time back-to-back calls (wall clock between two synchronizations).
  for (int i = 0; i < 3; ++i)
    call();
  arrayrt_stream_synchronize(stream);
  int reps = 20;
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i)
    call();
  arrayrt_stream_synchronize(stream);
  double us = std::chrono::duration<double, std::micro>(
                  std::chrono::steady_clock::now() - start)
                  .count() /
              reps;
  // Two products of 2 * Sq * Sk * D flops each (half of it when causal).
  double flops = 4.0 * heads * c.sq * c.sk * c.d * (c.causal ? 0.5 : 1.0);
  double tolerance = c.bf16 ? 3e-2 : 5e-3;
  bool pass = maxError <= tolerance;
  std::printf("%s attention %s: max error %.3g (tolerance %.0e), %.1f us, "
              "%.1f TFLOP/s\n",
              pass ? "PASS" : "FAIL", caseName(c).c_str(), maxError, tolerance,
              us, flops / us * 1e-6);
  for (void *p : {q, k, v, o})
    arrayrt_free(p, stream);
  return pass;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<Case> cases;
  if (argc >= 6) {
    Case c;
    c.b = std::atoll(argv[1]);
    c.h = std::atoll(argv[2]);
    c.sq = std::atoll(argv[3]);
    c.sk = std::atoll(argv[4]);
    c.d = std::atoll(argv[5]);
    for (int i = 6; i < argc; ++i) {
      std::string flag = argv[i];
      c.causal |= flag == "causal";
      c.bf16 |= flag == "bf16";
      c.kTransposed |= flag == "kt" || flag == "ktview";
      c.kView |= flag == "ktview";
    }
    cases.push_back(c);
  } else {
    for (bool causal : {false, true}) {
      cases.push_back({2, 4, 128, 128, 64, causal});
      cases.push_back({1, 32, 2048, 2048, 128, causal});
    }
    cases.push_back({2, 4, 128, 128, 64, true, true}); // bfloat16
    cases.push_back(
        {2, 4, 128, 128, 64, false, false, true, false, true});      // k^T view
    cases.push_back({2, 4, 256, 128, 64, true, false, false, true}); // rank 3
    cases.push_back({1, 8, 64, 320, 128, false});                    // Sq < Sk
  }
  arrayrt_stream_t stream = arrayrt_stream_create();
  bool ok = true;
  for (const Case &c : cases)
    ok = runCase(c, stream) && ok;
  arrayrt_stream_destroy(stream);
  return ok ? 0 : 1;
}
