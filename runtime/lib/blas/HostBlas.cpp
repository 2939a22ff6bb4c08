//===- HostBlas.cpp - Matrix products of the CPU target -------------------===//
//
// arrayrt_matmul with ARRAYRT_MATMUL_HOST: the CPU's BLAS, loaded at run
// time like cuBLASLt (no program links a BLAS it does not use).
//
//===----------------------------------------------------------------------===//

#include "blas/Blas.h"

#include "driver/Error.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <string>
#include <vector>

namespace arrayrt::blas {
namespace {

// CBLAS's interface, as cblas.h declares it (the values are the standard's).
enum Order { ColMajor = 102 };
enum Transpose { NoTrans = 111, Trans = 112 };
using Sgemm = void (*)(int, int, int, int, int, int, float, const float *,
                       int, const float *, int, float, float *, int);
using Dgemm = void (*)(int, int, int, int, int, int, double, const double *,
                       int, const double *, int, double, double *, int);

struct HostBlas {
  Sgemm sgemm = nullptr;
  Dgemm dgemm = nullptr;
  std::string failure; // Why there is none.
};

const HostBlas &hostBlas() {
  static HostBlas blas;
  static std::once_flag once;
  std::call_once(once, [] {
    const char *override = std::getenv("ARRAYRT_BLAS_LIB");
    std::vector<const char *> names = {"libopenblas.so.0", "libblas.so.3",
                                       "libcblas.so.3"};
    if (override && *override)
      names = {override};
    std::string tried;
    for (const char *name : names) {
      void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
      tried += std::string(tried.empty() ? "" : ", ") + name;
      if (!handle)
        continue;
      blas.sgemm = reinterpret_cast<Sgemm>(dlsym(handle, "cblas_sgemm"));
      blas.dgemm = reinterpret_cast<Dgemm>(dlsym(handle, "cblas_dgemm"));
      if (blas.sgemm && blas.dgemm)
        return;
      blas.sgemm = nullptr;
      blas.dgemm = nullptr;
    }
    blas.failure = "no BLAS with cblas_sgemm and cblas_dgemm could be loaded "
                   "(tried " +
                   tried +
                   "; install a BLAS, such as Debian's libopenblas0, or "
                   "name one in ARRAYRT_BLAS_LIB)";
  });
  return blas;
}

int blasInt(int64_t value, const char *what, const char *location) {
  if (value > INT32_MAX)
    fatal("%s%smatmul: %s is %lld, more than the BLAS's 32-bit integers "
          "hold",
          location ? location : "", location ? ": " : "", what,
          static_cast<long long>(value));
  return static_cast<int>(value);
}

} // namespace

void hostGemm(const GemmPlan &plan, bool f64, double alpha, const void *a,
              const void *b, double beta, void *d, const char *location) {
  const HostBlas &blas = hostBlas();
  if (!blas.sgemm)
    fatal("%s%smatmul: %s", location ? location : "", location ? ": " : "",
          blas.failure.c_str());
  int m = blasInt(plan.m, "M", location), n = blasInt(plan.n, "N", location),
      k = blasInt(plan.k, "K", location);
  int lda = blasInt(plan.lda, "a leading dimension", location),
      ldb = blasInt(plan.ldb, "a leading dimension", location),
      ldd = blasInt(plan.ldd, "a leading dimension", location);
  int transA = plan.transA ? Trans : NoTrans;
  int transB = plan.transB ? Trans : NoTrans;
  for (int64_t i = 0; i < plan.batch; ++i) {
    if (f64) {
      auto *ab = static_cast<const double *>(a) + i * plan.strideA;
      auto *bb = static_cast<const double *>(b) + i * plan.strideB;
      auto *db = static_cast<double *>(d) + i * plan.strideD;
      blas.dgemm(ColMajor, transA, transB, m, n, k, alpha, ab, lda, bb, ldb,
                 beta, db, ldd);
    } else {
      auto *ab = static_cast<const float *>(a) + i * plan.strideA;
      auto *bb = static_cast<const float *>(b) + i * plan.strideB;
      auto *db = static_cast<float *>(d) + i * plan.strideD;
      blas.sgemm(ColMajor, transA, transB, m, n, k, static_cast<float>(alpha),
                 ab, lda, bb, ldb, static_cast<float>(beta), db, ldd);
    }
  }
}

} // namespace arrayrt::blas
