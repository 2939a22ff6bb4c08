//===- Blas.cpp - arrayrt_matmul through cuBLASLt --------------------------===//
//
// cuBLASLt is loaded with dlopen on first use, like the driver, so the
// runtime links no CUDA library; cublasLt.h is used for types and
// constants only. One handle serves every product, queued on the caller's
// stream with a workspace of that stream's own; per GemmKey the matmul and
// layout descriptors and the heuristic's algorithms are made once (under a
// mutex, as everything here).
//
//===----------------------------------------------------------------------===//

#include "blas/Blas.h"

#include "arrayrt/arrayrt.h"

#include "driver/Autotune.h"
#include "driver/Driver.h"
#include "driver/Error.h"
#include "graphs/Graphs.h"
#include "memory/Allocator.h"
#include "memory/Memref.h"
#include "profile/Profile.h"

#include <cublasLt.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

namespace arrayrt::blas {

std::string shapeText(const Operand &x) {
  std::string text = "[";
  for (int64_t i = 0; i < x.rank; ++i)
    text += (i ? ", " : "") + std::to_string(x.sizes[i]);
  return text + "]";
}

namespace {

/// Describes a logical R x C matrix with row and column strides (rs, cs)
/// as a column-major matrix: either the transpose (C x R, leading dimension
/// rs; `rowMajor`) or itself (R x C, leading dimension cs). Size-1
/// dimensions accept any stride, and a matrix without elements any
/// strides at all (a dynamic dimension of size 0 gives such strides as
/// [0, 1]).
bool describeMatrix(int64_t rows, int64_t cols, int64_t rs, int64_t cs,
                    bool &rowMajor, int64_t &ld) {
  if (rows == 0 || cols == 0) {
    rowMajor = true;
    ld = std::max<int64_t>(cols, 1);
    return true;
  }
  if ((cols <= 1 || cs == 1) &&
      (rows <= 1 || rs >= std::max<int64_t>(cols, 1))) {
    rowMajor = true;
    ld = rows <= 1 ? std::max<int64_t>(cols, 1) : rs;
    return true;
  }
  if ((rows <= 1 || rs == 1) &&
      (cols <= 1 || cs >= std::max<int64_t>(rows, 1))) {
    rowMajor = false;
    ld = cols <= 1 ? std::max<int64_t>(rows, 1) : cs;
    return true;
  }
  return false;
}

std::string stridesText(const Operand &x) {
  std::string text = "[";
  for (int64_t i = 0; i < x.rank; ++i)
    text += (i ? ", " : "") + std::to_string(x.strides[i]);
  return text + "]";
}

/// The stride between consecutive matrices of `x`, whose batch dimensions
/// (all but its last two) broadcast against out's `outBatch` ones: 0 when
/// `x` holds one matrix, else its batch dimensions must equal out's and
/// flatten to one stride.
std::string batchStride(const char *name, const Operand &x, const Operand &out,
                        int64_t &stride) {
  int64_t batchRank = x.rank - 2, outBatchRank = out.rank - 2;
  int64_t count = 1;
  for (int64_t i = 0; i < batchRank; ++i)
    count *= x.sizes[i];
  stride = 0;
  if (count == 1)
    return "";
  for (int64_t j = 0; j < outBatchRank; ++j) {
    int64_t i = j - (outBatchRank - batchRank);
    int64_t size = i >= 0 ? x.sizes[i] : 1;
    if (size != out.sizes[j])
      return std::string("the batch dimensions of ") + name + " " +
             shapeText(x) + " broadcast only partly to the result's " +
             shapeText(out) + "; cuBLASLt needs all or none";
  }
  int64_t expect = -1;
  for (int64_t i = batchRank - 1; i >= 0; --i) {
    if (x.sizes[i] == 1)
      continue;
    if (expect < 0) {
      stride = x.strides[i];
      expect = x.strides[i] * x.sizes[i];
    } else if (x.strides[i] != expect) {
      return std::string("the batch dimensions of ") + name + " " +
             shapeText(x) + " (strides " + stridesText(x) +
             ") do not flatten to one stride";
    } else {
      expect *= x.sizes[i];
    }
  }
  if (stride <= 0 && x.sizes[x.rank - 2] * x.sizes[x.rank - 1] == 0) {
    // Empty matrices (a product over k = 0): nothing is read, and any
    // stride will do; one past the matrix keeps cuBLASLt's checks happy.
    stride = 1;
    return "";
  }
  if (stride <= 0)
    return std::string("the batch stride of ") + name + " " + shapeText(x) +
           " is " + std::to_string(stride) + "; cuBLASLt needs a positive one";
  return "";
}

} // namespace

std::string planGemm(const Operand &lhs, const Operand &rhs, const Operand &out,
                     bool transposeLhs, bool transposeRhs, GemmPlan &plan) {
  if (lhs.rank < 2 || rhs.rank < 2 || out.rank < 2)
    return "operands of rank " + std::to_string(lhs.rank) + ", " +
           std::to_string(rhs.rank) + " and " + std::to_string(out.rank) +
           "; each needs at least 2";
  if (lhs.rank > out.rank || rhs.rank > out.rank)
    return "the result " + shapeText(out) + " has fewer dimensions than " +
           (lhs.rank > out.rank ? "lhs " + shapeText(lhs)
                                : "rhs " + shapeText(rhs));
  int64_t l0 = lhs.rank - 2, l1 = lhs.rank - 1;
  if (transposeLhs)
    std::swap(l0, l1);
  int64_t r0 = rhs.rank - 2, r1 = rhs.rank - 1;
  if (transposeRhs)
    std::swap(r0, r1);
  int64_t m = lhs.sizes[l0], k = lhs.sizes[l1];
  int64_t kRhs = rhs.sizes[r0], n = rhs.sizes[r1];
  if (k != kRhs)
    return "the contracted dimensions differ: " + std::to_string(k) + " (lhs " +
           shapeText(lhs) + (transposeLhs ? ", transposed" : "") + ") and " +
           std::to_string(kRhs) + " (rhs " + shapeText(rhs) +
           (transposeRhs ? ", transposed" : "") + ")";
  int64_t o0 = out.rank - 2, o1 = out.rank - 1;
  if (out.sizes[o0] != m || out.sizes[o1] != n)
    return "the result " + shapeText(out) + " is not " + std::to_string(m) +
           " x " + std::to_string(n);

  plan = GemmPlan();
  plan.m = n;
  plan.n = m;
  plan.k = k;
  plan.batch = 1;
  for (int64_t i = 0; i < o0; ++i)
    plan.batch *= out.sizes[i];

  bool rowMajor = false;
  // A = rhs^T, N x K.
  if (!describeMatrix(k, n, rhs.strides[r0], rhs.strides[r1], rowMajor,
                      plan.lda))
    return "rhs " + shapeText(rhs) + " with strides " + stridesText(rhs) +
           " has no unit stride in its last two dimensions";
  plan.transA = !rowMajor;
  // B = lhs^T, K x M.
  if (!describeMatrix(m, k, lhs.strides[l0], lhs.strides[l1], rowMajor,
                      plan.ldb))
    return "lhs " + shapeText(lhs) + " with strides " + stridesText(lhs) +
           " has no unit stride in its last two dimensions";
  plan.transB = !rowMajor;
  // D = out^T, N x M: out must be row-major.
  if (!describeMatrix(m, n, out.strides[o0], out.strides[o1], rowMajor,
                      plan.ldd) ||
      !rowMajor)
    return "the result " + shapeText(out) + " with strides " +
           stridesText(out) + " is not row-major";

  if (plan.batch > 1) {
    std::string why = batchStride("rhs", rhs, out, plan.strideA);
    if (why.empty())
      why = batchStride("lhs", lhs, out, plan.strideB);
    if (why.empty())
      why = batchStride("the result", out, out, plan.strideD);
    if (!why.empty())
      return why;
    // One rhs for every batch and row-major lhs and result whose batches
    // follow each other: one product with M * batch rows.
    if (plan.strideA == 0 && !plan.transB && plan.strideB == m * plan.ldb &&
        plan.strideD == m * plan.ldd) {
      plan.n = m * plan.batch;
      plan.batch = 1;
      plan.strideB = plan.strideD = 0;
    }
  }
  return "";
}

uint32_t pointerAlignment(uintptr_t address) {
  uint32_t align = 256;
  while (align > 1 && address % align != 0)
    align /= 2;
  return align;
}

namespace {

#define ARRAYRT_CUBLASLT_FUNCTIONS(X)                                          \
  X(cublasLtCreate)                                                            \
  X(cublasLtGetStatusName)                                                     \
  X(cublasLtGetStatusString)                                                   \
  X(cublasLtMatmulDescCreate)                                                  \
  X(cublasLtMatmulDescSetAttribute)                                            \
  X(cublasLtMatrixLayoutCreate)                                                \
  X(cublasLtMatrixLayoutSetAttribute)                                          \
  X(cublasLtMatmulPreferenceCreate)                                            \
  X(cublasLtMatmulPreferenceSetAttribute)                                      \
  X(cublasLtMatmulAlgoGetHeuristic)                                            \
  X(cublasLtMatmul)

struct LtApi {
#define ARRAYRT_DECLARE_POINTER(name) decltype(&::name) name = nullptr;
  ARRAYRT_CUBLASLT_FUNCTIONS(ARRAYRT_DECLARE_POINTER)
#undef ARRAYRT_DECLARE_POINTER
};

constexpr size_t kWorkspaceBytes = 32u << 20;

/// Heuristic results timed on first use (ARRAYRT_MATMUL_AUTOTUNE=0: the
/// heuristic's first is taken untimed). The heuristic's order is only a
/// guess for small and batched products, where its first was measured 1.5x
/// slower than the best; timing 16 costs tens of ms once per shape.
constexpr int kCandidates = 16;

struct CachedGemm {
  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, d = nullptr;
  cublasLtMatmulHeuristicResult_t candidates[kCandidates] = {};
  int candidateCount = 0;
  /// The candidate used: the fastest once `tuned`, the heuristic's first
  /// before.
  int chosen = 0;
  bool tuned = false;
};

struct State {
  // Recursive: a product queued while a graph region's recorded ones are
  // issued first (graphs::flush, which may run inside a product's call)
  // takes it again on the same thread.
  std::recursive_mutex mutex;
  bool ready = false;
  LtApi api;
  cublasLtHandle_t handle = nullptr;
  /// For callers that pass no stream (they wait for the product).
  CUstream stream = nullptr;
  /// A workspace per stream products are queued on (from the pool, kept),
  /// so that products on different streams never share one.
  std::map<CUstream, void *> workspaces;
  std::map<GemmKey, CachedGemm> cache;
};

State &state() {
  static State *s = new State(); // Never destroyed: used at exit.
  return *s;
}

/// Prints `<location>: <call> failed: <NAME> (<description>)` and exits
/// unless `status` is success.
void checkLt(const LtApi &api, cublasStatus_t status, const char *call,
             const char *location) {
  if (status == CUBLAS_STATUS_SUCCESS)
    return;
  fatal("%s%s%s failed: %s (%s)", location ? location : "",
        location ? ": " : "", call, api.cublasLtGetStatusName(status),
        api.cublasLtGetStatusString(status));
}

void initialize(State &s, const char *location) {
  if (s.ready)
    return;
  const char *where = location ? location : "";
  const char *sep = location ? ": " : "";
  const char *override = std::getenv("ARRAYRT_CUBLASLT_LIB");
  void *library = nullptr;
  std::string tried;
  if (override && *override) {
    library = dlopen(override, RTLD_NOW | RTLD_LOCAL);
    tried = override;
  } else {
    // The loader's path first, then the toolkit's default location.
    for (const char *name : {"libcublasLt.so.13", "libcublasLt.so.12",
                             "/usr/local/cuda/lib64/libcublasLt.so.13",
                             "/usr/local/cuda/lib64/libcublasLt.so.12"}) {
      library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
      if (library)
        break;
      tried += tried.empty() ? name : std::string(" or ") + name;
    }
  }
  if (!library)
    fatal("%s%smatmul: cannot load cuBLASLt (%s): %s", where, sep,
          tried.c_str(), dlerror());
#define ARRAYRT_RESOLVE(name)                                                  \
  s.api.name = reinterpret_cast<decltype(s.api.name)>(dlsym(library, #name));  \
  if (!s.api.name)                                                             \
    fatal("%s%smatmul: the cuBLASLt library lacks %s", where, sep, #name);
  ARRAYRT_CUBLASLT_FUNCTIONS(ARRAYRT_RESOLVE)
#undef ARRAYRT_RESOLVE
  const DriverApi &cu = driver();
  checkLt(s.api, s.api.cublasLtCreate(&s.handle), "cublasLtCreate", location);
  check(cu.cuStreamCreate(&s.stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  s.ready = true;
}

/// The workspace of products queued on `stream`.
void *workspaceFor(State &s, CUstream stream, const char *location) {
  void *&workspace = s.workspaces[stream];
  if (!workspace)
    workspace = allocateDevice(kWorkspaceBytes, stream, location);
  return workspace;
}

cudaDataType_t dataType(int32_t dtype) {
  switch (dtype) {
  case ARRAYRT_DTYPE_F16:
    return CUDA_R_16F;
  case ARRAYRT_DTYPE_BF16:
    return CUDA_R_16BF;
  case ARRAYRT_DTYPE_F32:
    return CUDA_R_32F;
  default:
    return CUDA_R_64F;
  }
}

cublasLtEpilogue_t ltEpilogue(int32_t epilogue) {
  switch (epilogue) {
  case ARRAYRT_MATMUL_RELU:
    return CUBLASLT_EPILOGUE_RELU;
  case ARRAYRT_MATMUL_GELU:
    return CUBLASLT_EPILOGUE_GELU;
  case ARRAYRT_MATMUL_BIAS:
    return CUBLASLT_EPILOGUE_BIAS;
  case ARRAYRT_MATMUL_RELU_BIAS:
    return CUBLASLT_EPILOGUE_RELU_BIAS;
  case ARRAYRT_MATMUL_GELU_BIAS:
    return CUBLASLT_EPILOGUE_GELU_BIAS;
  default:
    return CUBLASLT_EPILOGUE_DEFAULT;
  }
}

const char *dtypeName(int32_t dtype) {
  switch (dtype) {
  case ARRAYRT_DTYPE_F16:
    return "float16";
  case ARRAYRT_DTYPE_BF16:
    return "bfloat16";
  case ARRAYRT_DTYPE_F32:
    return "float32";
  default:
    return "float64";
  }
}

template <typename T>
void setDesc(State &s, cublasLtMatmulDesc_t desc,
             cublasLtMatmulDescAttributes_t attr, const T &value,
             const char *location) {
  checkLt(
      s.api,
      s.api.cublasLtMatmulDescSetAttribute(desc, attr, &value, sizeof(value)),
      "cublasLtMatmulDescSetAttribute", location);
}

cublasLtMatrixLayout_t makeLayout(State &s, cudaDataType_t type, int64_t rows,
                                  int64_t cols, int64_t ld, int64_t batch,
                                  int64_t stride, const char *location) {
  cublasLtMatrixLayout_t layout = nullptr;
  checkLt(s.api,
          s.api.cublasLtMatrixLayoutCreate(&layout, type, rows, cols, ld),
          "cublasLtMatrixLayoutCreate", location);
  if (batch > 1) {
    int32_t count = static_cast<int32_t>(batch);
    checkLt(
        s.api,
        s.api.cublasLtMatrixLayoutSetAttribute(
            layout, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count, sizeof(count)),
        "cublasLtMatrixLayoutSetAttribute", location);
    checkLt(s.api,
            s.api.cublasLtMatrixLayoutSetAttribute(
                layout, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride,
                sizeof(stride)),
            "cublasLtMatrixLayoutSetAttribute", location);
  }
  return layout;
}

CachedGemm &lookup(State &s, const GemmKey &key, const char *location) {
  auto found = s.cache.find(key);
  if (found != s.cache.end())
    return found->second;
  const GemmPlan &p = key.plan;
  CachedGemm gemm;
  cudaDataType_t type = dataType(key.dtype);
  bool f64 = key.dtype == ARRAYRT_DTYPE_F64;
  cublasComputeType_t compute =
      f64 ? CUBLAS_COMPUTE_64F
          : (key.dtype == ARRAYRT_DTYPE_F32 && (key.flags & ARRAYRT_MATMUL_TF32)
                 ? CUBLAS_COMPUTE_32F_FAST_TF32
                 : CUBLAS_COMPUTE_32F);
  checkLt(s.api,
          s.api.cublasLtMatmulDescCreate(&gemm.desc, compute,
                                         f64 ? CUDA_R_64F : CUDA_R_32F),
          "cublasLtMatmulDescCreate", location);
  cublasOperation_t opA = p.transA ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasOperation_t opB = p.transB ? CUBLAS_OP_T : CUBLAS_OP_N;
  setDesc(s, gemm.desc, CUBLASLT_MATMUL_DESC_TRANSA, opA, location);
  setDesc(s, gemm.desc, CUBLASLT_MATMUL_DESC_TRANSB, opB, location);
  cublasLtEpilogue_t epilogue = ltEpilogue(key.epilogue);
  setDesc(s, gemm.desc, CUBLASLT_MATMUL_DESC_EPILOGUE, epilogue, location);
  gemm.a = makeLayout(s, type, p.transA ? p.k : p.m, p.transA ? p.m : p.k,
                      p.lda, p.batch, p.strideA, location);
  gemm.b = makeLayout(s, type, p.transB ? p.n : p.k, p.transB ? p.k : p.n,
                      p.ldb, p.batch, p.strideB, location);
  gemm.d = makeLayout(s, type, p.m, p.n, p.ldd, p.batch, p.strideD, location);

  cublasLtMatmulPreference_t preference = nullptr;
  checkLt(s.api, s.api.cublasLtMatmulPreferenceCreate(&preference),
          "cublasLtMatmulPreferenceCreate", location);
  auto setPreference = [&](cublasLtMatmulPreferenceAttributes_t attr,
                           auto value) {
    checkLt(s.api,
            s.api.cublasLtMatmulPreferenceSetAttribute(preference, attr, &value,
                                                       sizeof(value)),
            "cublasLtMatmulPreferenceSetAttribute", location);
  };
  setPreference(CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                uint64_t{kWorkspaceBytes});
  setPreference(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, key.alignA);
  setPreference(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES, key.alignB);
  setPreference(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, key.alignD);
  setPreference(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES, key.alignD);
  int found_count = 0;
  checkLt(s.api,
          s.api.cublasLtMatmulAlgoGetHeuristic(
              s.handle, gemm.desc, gemm.a, gemm.b, gemm.d, gemm.d, preference,
              kCandidates, gemm.candidates, &found_count),
          "cublasLtMatmulAlgoGetHeuristic", location);
  if (found_count == 0)
    fatal("%s%smatmul: cuBLASLt has no algorithm for a %s product of "
          "%lld x %lld x %lld (batch %lld) with epilogue %d",
          location ? location : "", location ? ": " : "", dtypeName(key.dtype),
          static_cast<long long>(p.n), static_cast<long long>(p.m),
          static_cast<long long>(p.k), static_cast<long long>(p.batch),
          key.epilogue);
  gemm.candidateCount = found_count;
  const char *autotune = std::getenv("ARRAYRT_MATMUL_AUTOTUNE");
  gemm.tuned = found_count == 1 || (autotune && std::string(autotune) == "0");
  return s.cache.emplace(key, gemm).first->second;
}

/// The operands of one call.
struct GemmArgs {
  const void *alpha, *beta;
  const void *a, *b;
  void *d;
  CUstream stream;
  void *workspace;
};

/// alpha and beta in the product's scaling type (float for float16,
/// bfloat16 and float32, double for float64), which GemmArgs point at.
struct GemmScalars {
  GemmScalars(int32_t dtype, double alpha, double beta)
      : f64(dtype == ARRAYRT_DTYPE_F64), alpha(alpha), beta(beta),
        alpha32(static_cast<float>(alpha)), beta32(static_cast<float>(beta)) {}

  /// The arguments of d = alpha * a @ b + beta * d on `stream`; they point
  /// into this object.
  GemmArgs args(const void *a, const void *b, void *d, CUstream stream,
                void *workspace) const {
    GemmArgs result;
    result.alpha = f64 ? static_cast<const void *>(&alpha) : &alpha32;
    result.beta = f64 ? static_cast<const void *>(&beta) : &beta32;
    result.a = a;
    result.b = b;
    result.d = d;
    result.stream = stream;
    result.workspace = workspace;
    return result;
  }

  bool f64;
  double alpha, beta;
  float alpha32, beta32;
};

cublasStatus_t launch(State &s, CachedGemm &gemm, int candidate,
                      const GemmArgs &args) {
  const cublasLtMatmulHeuristicResult_t &c = gemm.candidates[candidate];
  return s.api.cublasLtMatmul(s.handle, gemm.desc, args.alpha, args.a, gemm.a,
                              args.b, gemm.b, args.beta, args.d, gemm.d, args.d,
                              gemm.d, &c.algo, args.workspace,
                              c.workspaceSize, args.stream);
}

/// Times each candidate on this call's operands, which it may overwrite
/// (the output is not read: beta is 0, or the real call follows and writes
/// it again), and keeps the fastest (fastestCandidate). A candidate that
/// fails is skipped; if all do, the first stays.
void tune(State &s, CachedGemm &gemm, const GemmArgs &args) {
  gemm.tuned = true;
  int chosen = fastestCandidate(args.stream, gemm.candidateCount, [&](int i) {
    return launch(s, gemm, i, args) == CUBLAS_STATUS_SUCCESS;
  });
  if (chosen >= 0)
    gemm.chosen = chosen;
}

} // namespace

size_t cachedPlanCount() {
  State &s = state();
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  return s.cache.size();
}

} // namespace arrayrt::blas

namespace {

/// An operand's descriptor behind an unranked memref, and its sizes and
/// strides as planGemm takes them.
struct Descriptor {
  arrayrt::Memref memref;
  arrayrt::blas::Operand operand;
};

Descriptor readDescriptor(int64_t rank, void *descriptor) {
  const arrayrt::Memref memref = arrayrt::readMemref(rank, descriptor);
  return {memref, {rank, memref.sizes, memref.strides}};
}

} // namespace

extern "C" void arrayrt_matmul(int64_t lhs_rank, void *lhs, int64_t rhs_rank,
                               void *rhs, int64_t bias_rank, void *bias,
                               int64_t out_rank, void *out, int32_t dtype,
                               int32_t epilogue, int32_t flags, double alpha,
                               double beta, const char *location,
                               arrayrt_stream_t stream) {
  using namespace arrayrt;
  using namespace arrayrt::blas;
  const char *where = location ? location : "";
  const char *sep = location ? ": " : "";
  if (dtype != ARRAYRT_DTYPE_F16 && dtype != ARRAYRT_DTYPE_BF16 &&
      dtype != ARRAYRT_DTYPE_F32 && dtype != ARRAYRT_DTYPE_F64)
    fatal("%s%smatmul: cuBLASLt products take float16, bfloat16, float32 or "
          "float64 elements, not dtype %d",
          where, sep, dtype);
  if (epilogue < ARRAYRT_MATMUL_DEFAULT || epilogue > ARRAYRT_MATMUL_GELU_BIAS)
    fatal("%s%smatmul: unknown epilogue %d", where, sep, epilogue);
  bool needsBias = epilogue >= ARRAYRT_MATMUL_BIAS;
  if (needsBias != (bias != nullptr))
    fatal("%s%smatmul: epilogue %d %s a bias vector", where, sep, epilogue,
          needsBias ? "needs" : "takes no");

  Descriptor a = readDescriptor(lhs_rank, lhs);
  Descriptor b = readDescriptor(rhs_rank, rhs);
  Descriptor d = readDescriptor(out_rank, out);
  GemmPlan plan;
  std::string why = planGemm(a.operand, b.operand, d.operand,
                             flags & ARRAYRT_MATMUL_TRANSPOSE_LHS,
                             flags & ARRAYRT_MATMUL_TRANSPOSE_RHS, plan);
  if (!why.empty())
    fatal("%s%smatmul: %s", where, sep, why.c_str());
  int64_t elementBytes = dtype == ARRAYRT_DTYPE_F64   ? 8
                         : dtype == ARRAYRT_DTYPE_F32 ? 4
                                                      : 2;
  const char *biasData = nullptr;
  if (bias) {
    Descriptor v = readDescriptor(bias_rank, bias);
    int64_t n = plan.m; // The product's N.
    bool ok = bias_rank >= 1 && v.operand.sizes[bias_rank - 1] == n &&
              (n <= 1 || v.operand.strides[bias_rank - 1] == 1);
    for (int64_t i = 0; ok && i + 1 < bias_rank; ++i)
      ok = v.operand.sizes[i] == 1;
    if (!ok)
      fatal("%s%smatmul: the bias must be a contiguous vector of %lld "
            "elements, not %s",
            where, sep, static_cast<long long>(n),
            shapeText(v.operand).c_str());
    biasData = v.memref.origin(elementBytes);
  }
  // Nothing to compute: an empty result.
  if (plan.m == 0 || plan.n == 0 || plan.batch == 0)
    return;
  if (flags & ARRAYRT_MATMUL_HOST) {
    if (epilogue != ARRAYRT_MATMUL_DEFAULT ||
        (dtype != ARRAYRT_DTYPE_F32 && dtype != ARRAYRT_DTYPE_F64))
      fatal("%s%smatmul: the CPU's BLAS computes float32 and float64 "
            "products without an epilogue",
            where, sep);
    hostGemm(plan, dtype == ARRAYRT_DTYPE_F64, alpha,
             b.memref.origin(elementBytes), a.memref.origin(elementBytes),
             beta, d.memref.origin(elementBytes), location);
    return;
  }

  State &s = state();
  std::lock_guard<std::recursive_mutex> lock(s.mutex);
  initialize(s, location);
  const char *aData = b.memref.origin(elementBytes); // rhs
  const char *bData = a.memref.origin(elementBytes); // lhs
  char *dData = d.memref.origin(elementBytes);
  // Compiled code passes the stream the product belongs on; without one,
  // the runtime's own stream, waited for before returning.
  CUstream queue = stream ? reinterpret_cast<CUstream>(stream) : s.stream;
  GemmKey key;
  key.dtype = dtype;
  key.epilogue = epilogue;
  key.flags = flags & ARRAYRT_MATMUL_TF32;
  key.plan = plan;
  key.alignA = pointerAlignment(reinterpret_cast<uintptr_t>(aData));
  key.alignB = pointerAlignment(reinterpret_cast<uintptr_t>(bData));
  key.alignD = pointerAlignment(reinterpret_cast<uintptr_t>(dData));
  // Inside a graph region (graphs/Graphs.h), a product whose plan is tuned
  // is recorded: its key holds the operands, the scalars, the bias, the
  // workspace (the stream's, which lives as long as the runtime) and the
  // algorithm.
  if (stream && plan.k != 0 && graphs::recordingAny()) {
    CachedGemm &gemm = lookup(s, key, location);
    void *workspace = workspaceFor(s, queue, location);
    graphs::Recorder *recorder = graphs::recorderFor(queue);
    if (recorder && gemm.tuned) {
      uint64_t alphaBits, betaBits;
      std::memcpy(&alphaBits, &alpha, sizeof alpha);
      std::memcpy(&betaBits, &beta, sizeof beta);
      const uint64_t recordKey[] = {reinterpret_cast<uintptr_t>(&gemm),
                                    reinterpret_cast<uintptr_t>(aData),
                                    reinterpret_cast<uintptr_t>(bData),
                                    reinterpret_cast<uintptr_t>(dData),
                                    reinterpret_cast<uintptr_t>(biasData),
                                    reinterpret_cast<uintptr_t>(workspace),
                                    alphaBits,
                                    betaBits,
                                    static_cast<uint64_t>(gemm.chosen)};
      CachedGemm *cached = &gemm;
      graphs::recordCall(
          *recorder, "cublasLtMatmul", recordKey, sizeof recordKey,
          [cached, aData, bData, dData, biasData, workspace,
           scalars = GemmScalars(dtype, alpha, beta),
           location](CUstream target, bool strict) {
            State &s = state();
            std::lock_guard<std::recursive_mutex> lock(s.mutex);
            // The descriptor is shared by every product of this plan: the
            // bias is set for this one when it is queued.
            if (biasData)
              setDesc(s, cached->desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER,
                      biasData, location);
            cublasStatus_t status =
                launch(s, *cached, cached->chosen,
                       scalars.args(aData, bData, dData, target, workspace));
            if (strict)
              checkLt(s.api, status, "cublasLtMatmul", location);
            return status == CUBLAS_STATUS_SUCCESS;
          });
      return;
    }
  }
  // Anything else is queued now, after what a graph region recorded.
  graphs::flush();
  const DriverApi &cu = driver();
  if (plan.k == 0 && beta == 1.0 && epilogue == ARRAYRT_MATMUL_DEFAULT) {
    // A sum of nothing plus the output: the output as it is.
  } else if (plan.k == 0) {
    // A sum of nothing: zeros, which every epilogue without a bias keeps.
    if (bias)
      fatal("%s%smatmul: a product over an empty dimension with a bias "
            "epilogue is not supported",
            where, sep);
    if (beta != 0.0)
      fatal("%s%smatmul: a product over an empty dimension with beta %g "
            "is not supported",
            where, sep, beta);
    for (int64_t i = 0; i < plan.batch; ++i) {
      profile::ScopedDeviceOp timed(queue, profile::OpKind::Memset,
                                    "memset 8-bit");
      check(cu.cuMemsetD8Async(reinterpret_cast<CUdeviceptr>(
                                   dData + i * plan.strideD * elementBytes),
                               0, plan.n * plan.ldd * elementBytes, queue),
            "cuMemsetD8Async");
    }
  } else {
    CachedGemm &gemm = lookup(s, key, location);
    if (bias)
      setDesc(s, gemm.desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, biasData,
              location);
    const GemmScalars scalars(dtype, alpha, beta);
    GemmArgs args = scalars.args(aData, bData, dData, queue,
                                 workspaceFor(s, queue, location));
    if (!gemm.tuned) {
      // With beta != 0 the output is also an input, which tuning would
      // change: the candidates read and write a copy of its extent instead
      // (a copy, so that they read the values they will be timed on, and
      // no uninitialized memory).
      GemmArgs scratch = args;
      size_t extent = 0;
      if (beta != 0.0) {
        extent = static_cast<size_t>((plan.batch - 1) * plan.strideD +
                                     plan.n * plan.ldd) *
                 elementBytes;
        scratch.d = allocateDevice(extent, queue, location);
        check(cu.cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(scratch.d),
                               reinterpret_cast<CUdeviceptr>(dData), extent,
                               queue),
              "cuMemcpyAsync");
      }
      tune(s, gemm, scratch);
      if (extent)
        freeDevice(scratch.d, queue);
    }
    // Each operand read or written once, for the profile's GB/s.
    uint64_t bytes = static_cast<uint64_t>(
        (plan.m * plan.k + plan.k * plan.n + plan.m * plan.n) * plan.batch *
        elementBytes);
    profile::ScopedDeviceOp timed(queue, profile::OpKind::Library,
                                  "cublasLtMatmul", nullptr, nullptr, nullptr,
                                  bytes);
    checkLt(s.api, launch(s, gemm, gemm.chosen, args), "cublasLtMatmul",
            location);
  }
  if (!stream)
    check(cu.cuStreamSynchronize(s.stream), "cuStreamSynchronize");
}
