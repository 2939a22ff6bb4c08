//===- Attention.cpp - arrayrt_attention through cuDNN --------------------===//
//
// One cuDNN handle serves every call, queued on the caller's stream with a
// workspace of that stream's own; per AttentionKey the graph and its plans
// are built once and the fastest plan chosen on first use (under a mutex,
// as everything here).
//
//===----------------------------------------------------------------------===//

#include "dnn/Attention.h"

#include "arrayrt/arrayrt.h"

#include "dnn/AttentionGraph.h"
#include "dnn/Cudnn.h"
#include "driver/Autotune.h"
#include "driver/Driver.h"
#include "driver/Error.h"
#include "graphs/Graphs.h"
#include "memory/Allocator.h"
#include "memory/Memref.h"
#include "profile/Profile.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <mutex>

namespace arrayrt::dnn {

namespace {

using blas::shapeText;

std::string stridesText(const Operand &x) {
  std::string text = "[";
  for (int64_t i = 0; i < x.rank; ++i)
    text += (i ? ", " : "") + std::to_string(x.strides[i]);
  return text + "]";
}

/// Fills t's b and h (dims 0 and 1) from x's batch dimensions (all but its
/// last two), t's dims 2 and 3 being set: rank 2 has none, rank 3 one
/// (h), rank 4 two; more fold into b, which needs them to flatten to one
/// stride. Size-1 dimensions get the stride of a packed layout, since
/// theirs is arbitrary (MLIR leaves it as the memref was built).
std::string mapBatch(const char *name, const Operand &x, Tensor4 &t) {
  int64_t batchRank = x.rank - 2;
  int64_t extent = std::max<int64_t>(
      {t.dims[2] * t.strides[2], t.dims[3] * t.strides[3], 1});
  if (batchRank >= 1) {
    t.dims[1] = x.sizes[batchRank - 1];
    t.strides[1] = x.strides[batchRank - 1];
  }
  if (batchRank == 2) {
    t.dims[0] = x.sizes[0];
    t.strides[0] = x.strides[0];
  } else if (batchRank > 2) {
    // Dimensions 0 .. batchRank - 2 into b, innermost first.
    t.dims[0] = 1;
    int64_t stride = -1, expect = -1;
    for (int64_t i = batchRank - 2; i >= 0; --i) {
      t.dims[0] *= x.sizes[i];
      if (x.sizes[i] == 1)
        continue;
      if (stride < 0) {
        stride = x.strides[i];
        expect = x.strides[i] * x.sizes[i];
      } else if (x.strides[i] != expect) {
        return std::string("the batch dimensions of ") + name + " " +
               shapeText(x) + " (strides " + stridesText(x) +
               ") do not flatten to one stride apart from the last; cuDNN "
               "takes two batch dimensions";
      } else {
        expect *= x.sizes[i];
      }
    }
    t.strides[0] = stride < 0 ? 0 : stride;
  }
  if (t.dims[1] == 1)
    t.strides[1] = extent;
  if (t.dims[0] == 1)
    t.strides[0] = std::max(t.dims[1] * t.strides[1], extent);
  return "";
}

/// t's dims 2 and 3: x's last two dimensions, swapped when `swap`.
void mapMatrix(const Operand &x, bool swap, Tensor4 &t) {
  int64_t r = x.rank - 2, c = x.rank - 1;
  if (swap)
    std::swap(r, c);
  t.dims[2] = x.sizes[r];
  t.dims[3] = x.sizes[c];
  t.strides[2] = x.strides[r];
  t.strides[3] = x.strides[c];
  // A single row's or column's stride is arbitrary; a packed one is what
  // cuDNN expects.
  if (t.dims[2] == 1 && t.strides[3] == 1)
    t.strides[2] = t.dims[3];
  if (t.dims[3] == 1 && t.strides[2] == 1)
    t.strides[3] = t.dims[2];
}

} // namespace

std::string planAttention(const Operand &q, const Operand &k, const Operand &v,
                          const Operand &out, bool kTransposed,
                          AttentionPlan &plan) {
  if (q.rank < 2 || k.rank != q.rank || v.rank != q.rank || out.rank != q.rank)
    return "q, k, v and the result have ranks " + std::to_string(q.rank) +
           ", " + std::to_string(k.rank) + ", " + std::to_string(v.rank) +
           " and " + std::to_string(out.rank) +
           "; they need the same rank, at least 2";
  int64_t rank = q.rank;
  for (int64_t i = 0; i + 2 < rank; ++i)
    if (k.sizes[i] != q.sizes[i] || v.sizes[i] != q.sizes[i] ||
        out.sizes[i] != q.sizes[i])
      return "the batch dimensions of q " + shapeText(q) + ", k " +
             shapeText(k) + ", v " + shapeText(v) + " and the result " +
             shapeText(out) + " differ";
  int64_t sq = q.sizes[rank - 2], d = q.sizes[rank - 1];
  int64_t kd = k.sizes[kTransposed ? rank - 2 : rank - 1];
  int64_t sk = k.sizes[kTransposed ? rank - 1 : rank - 2];
  int64_t vs = v.sizes[rank - 2], dv = v.sizes[rank - 1];
  const char *kForm = kTransposed ? " (given transposed, [..., D, Sk])" : "";
  if (kd != d)
    return "q " + shapeText(q) + " has D = " + std::to_string(d) + " but k " +
           shapeText(k) + kForm + " has " + std::to_string(kd);
  if (vs != sk)
    return "k " + shapeText(k) + kForm + " has Sk = " + std::to_string(sk) +
           " but v " + shapeText(v) + " has " + std::to_string(vs) + " rows";
  if (out.sizes[rank - 2] != sq || out.sizes[rank - 1] != dv)
    return "the result " + shapeText(out) + " is not " + std::to_string(sq) +
           " x " + std::to_string(dv) + " (Sq x Dv)";

  plan = AttentionPlan();
  plan.sq = sq;
  plan.sk = sk;
  plan.d = d;
  plan.dv = dv;
  int64_t batch = 1;
  for (int64_t i = 0; i + 2 < rank; ++i)
    batch *= q.sizes[i];
  if (batch == 0 || sq == 0 || dv == 0) {
    plan.work = AttentionWork::Nothing;
    return "";
  }
  std::string why;
  mapMatrix(out, false, plan.o);
  if (dv > 1 && plan.o.strides[3] != 1)
    return "the result " + shapeText(out) + " with strides " +
           stridesText(out) + " is not row-major (its last stride is not 1)";
  if (!(why = mapBatch("the result", out, plan.o)).empty())
    return why;
  plan.b = plan.o.dims[0];
  plan.h = plan.o.dims[1];
  if (sk == 0) {
    plan.work = AttentionWork::FillNaN;
    return "";
  }

  if (d == 0 || d % 8 != 0 || d > kMaxHeadDim)
    return "the head dimension D of q and k is " + std::to_string(d) +
           "; cuDNN needs a multiple of 8 from 8 to " +
           std::to_string(kMaxHeadDim);
  if (dv % 8 != 0 || dv > kMaxHeadDim)
    return "the head dimension Dv of v and the result is " +
           std::to_string(dv) + "; cuDNN needs a multiple of 8 up to " +
           std::to_string(kMaxHeadDim);
  mapMatrix(q, false, plan.q);
  if (plan.q.strides[3] != 1)
    return "q " + shapeText(q) + " with strides " + stridesText(q) +
           " has no unit stride in its last dimension";
  // K^T: k's [Sk, D] swapped; given transposed, k^T [D, Sk] as it is. Either
  // way D must be contiguous: cuDNN 9.14 crashed (rather than refused) on a
  // packed [D, Sk] k^T.
  mapMatrix(k, !kTransposed, plan.kt);
  if (plan.kt.strides[2] != 1)
    return kTransposed
               ? "k " + shapeText(k) + kForm + " with strides " +
                     stridesText(k) +
                     " has no unit stride along D, which cuDNN's attention "
                     "needs (a transposed view of a row-major [..., Sk, D] "
                     "k has one)"
               : "k " + shapeText(k) + " with strides " + stridesText(k) +
                     " has no unit stride in its last dimension";
  mapMatrix(v, false, plan.v);
  if (plan.v.strides[3] != 1)
    return "v " + shapeText(v) + " with strides " + stridesText(v) +
           " has no unit stride in its last dimension";
  if (!(why = mapBatch("q", q, plan.q)).empty() ||
      !(why = mapBatch("k", k, plan.kt)).empty() ||
      !(why = mapBatch("v", v, plan.v)).empty())
    return why;
  plan.work = AttentionWork::Compute;
  return "";
}

namespace {

struct CachedAttention {
  AttentionGraph graph;
  /// The plan used: the fastest once `tuned`, the heuristic's first that
  /// could be built before.
  size_t chosen = 0;
  bool tuned = false;
};

/// A stream's workspace from the pool, grown to the largest plan run on it
/// and kept.
struct Workspace {
  void *data = nullptr;
  int64_t bytes = 0;
};

struct State {
  std::mutex mutex;
  /// For callers that pass no stream (they wait for the attention).
  CUstream stream = nullptr;
  std::map<CUstream, Workspace> workspaces;
  std::map<AttentionKey, CachedAttention> cache;
};

State &state() {
  static State *s = new State(); // Never destroyed: used at exit.
  return *s;
}

/// The stream work goes on: the caller's, or the runtime's own. Needs the
/// state's mutex.
CUstream queueFor(State &s, arrayrt_stream_t stream) {
  if (stream)
    return reinterpret_cast<CUstream>(stream);
  if (!s.stream)
    check(driver().cuStreamCreate(&s.stream, CU_STREAM_NON_BLOCKING),
          "cuStreamCreate");
  return s.stream;
}

void *workspaceFor(State &s, CUstream stream, int64_t bytes,
                   const char *location) {
  if (bytes <= 0)
    return nullptr;
  Workspace &w = s.workspaces[stream];
  if (w.bytes < bytes) {
    // Stream-ordered: the old one is reused only after the work queued on
    // `stream` before, which may still read it.
    if (w.data)
      freeDevice(w.data, stream);
    w.data = allocateDevice(static_cast<size_t>(bytes), stream, location);
    w.bytes = bytes;
  }
  return w.data;
}

/// The operands of one execution.
struct AttentionArgs {
  void *q, *k, *v, *o;
  float scale, maskFill;
  CUstream stream;
  void *workspace;
};

cudnnStatus_t execute(const CudnnApi &api, const Descriptor &plan,
                      const AttentionArgs &args, bool causal,
                      const char *location) {
  int64_t uids[] = {kUidQ, kUidK, kUidV, kUidO, kUidScale, kUidMaskFill};
  // By-value scalars are host pointers; cuDNN copies them at execution.
  void *pointers[] = {args.q,
                      args.k,
                      args.v,
                      args.o,
                      const_cast<float *>(&args.scale),
                      const_cast<float *>(&args.maskFill)};
  int64_t count = causal ? 6 : 5;
  Descriptor pack(api, CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR, location);
  ARRAYRT_CUDNN_SET(pack, CUDNN_ATTR_VARIANT_PACK_UNIQUE_IDS, CUDNN_TYPE_INT64,
                    count, uids);
  ARRAYRT_CUDNN_SET(pack, CUDNN_ATTR_VARIANT_PACK_DATA_POINTERS,
                    CUDNN_TYPE_VOID_PTR, count, pointers);
  ARRAYRT_CUDNN_SET(pack, CUDNN_ATTR_VARIANT_PACK_WORKSPACE,
                    CUDNN_TYPE_VOID_PTR, args.workspace);
  pack.finalize("variant pack", location);
  checkCudnn(api, api.cudnnSetStream(api.handle, args.stream), "cudnnSetStream",
             location);
  return api.cudnnBackendExecute(api.handle, plan.get(), pack.get());
}

/// Times each plan on this call's operands (the output is written again by
/// the real call) and keeps the fastest (fastestCandidate, as
/// arrayrt_matmul does). A plan that fails is skipped; if all do, the first
/// stays (and its failure is reported by the real call).
void tune(const CudnnApi &api, CachedAttention &cached,
          const AttentionArgs &args, bool causal, const char *location) {
  cached.tuned = true;
  const std::vector<Descriptor> &plans = cached.graph.plans;
  int chosen =
      fastestCandidate(args.stream, static_cast<int>(plans.size()), [&](int i) {
        return execute(api, plans[i], args, causal, location) ==
               CUDNN_STATUS_SUCCESS;
      });
  if (chosen >= 0)
    cached.chosen = static_cast<size_t>(chosen);
}

CachedAttention &lookup(State &s, const CudnnApi &api, const AttentionKey &key,
                        const char *location) {
  auto found = s.cache.find(key);
  if (found != s.cache.end())
    return found->second;
  CachedAttention cached;
  cached.graph = buildAttentionGraph(api, key, location);
  const char *autotune = std::getenv("ARRAYRT_ATTENTION_AUTOTUNE");
  cached.tuned = cached.graph.plans.size() == 1 ||
                 (autotune && std::string(autotune) == "0");
  return s.cache.emplace(key, std::move(cached)).first->second;
}

/// Writes NaN to every element of the result: the softmax of an empty row
/// is 0/0 (NumPy: a NaN per row). Whole heads at once when their rows are
/// packed, else row by row.
void fillNaN(const AttentionPlan &plan, char *out, int32_t dtype,
             CUstream stream) {
  const DriverApi &cu = driver();
  // Quiet NaNs: float16 0x7e00, bfloat16 0x7fc0.
  unsigned short nan = dtype == ARRAYRT_DTYPE_BF16 ? 0x7fc0 : 0x7e00;
  const Tensor4 &o = plan.o;
  bool packedHead = plan.sq == 1 || o.strides[2] == plan.dv;
  profile::ScopedDeviceOp timed(stream, profile::OpKind::Memset,
                                "memset 16-bit");
  for (int64_t b = 0; b < plan.b; ++b)
    for (int64_t h = 0; h < plan.h; ++h) {
      char *head = out + (b * o.strides[0] + h * o.strides[1]) * 2;
      for (int64_t r = 0; r < (packedHead ? 1 : plan.sq); ++r)
        check(cu.cuMemsetD16Async(
                  reinterpret_cast<CUdeviceptr>(head + r * o.strides[2] * 2),
                  nan,
                  static_cast<size_t>(packedHead ? plan.sq * plan.dv : plan.dv),
                  stream),
              "cuMemsetD16Async");
    }
}

} // namespace

size_t cachedAttentionCount() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.cache.size();
}

} // namespace arrayrt::dnn

extern "C" void arrayrt_attention(int64_t q_rank, void *q, int64_t k_rank,
                                  void *k, int64_t v_rank, void *v,
                                  int64_t out_rank, void *out, int32_t dtype,
                                  int32_t flags, double scale,
                                  const char *location,
                                  arrayrt_stream_t stream) {
  using namespace arrayrt;
  using namespace arrayrt::dnn;
  // cuDNN's attention is not recorded into graph regions
  // (graphs/Graphs.h): what was recorded goes first.
  graphs::flush();
  std::string prefix = attentionPrefix(location);
  if (dtype != ARRAYRT_DTYPE_F16 && dtype != ARRAYRT_DTYPE_BF16)
    fatal("%scuDNN's fused attention takes float16 or bfloat16 elements, not "
          "dtype %d",
          prefix.c_str(), dtype);
  if (flags & ~(ARRAYRT_ATTENTION_CAUSAL | ARRAYRT_ATTENTION_K_TRANSPOSED))
    fatal("%sunknown flags %d", prefix.c_str(), flags);

  Memref qm = readMemref(q_rank, q), km = readMemref(k_rank, k),
         vm = readMemref(v_rank, v), om = readMemref(out_rank, out);
  AttentionPlan plan;
  std::string why = planAttention(
      {q_rank, qm.sizes, qm.strides}, {k_rank, km.sizes, km.strides},
      {v_rank, vm.sizes, vm.strides}, {out_rank, om.sizes, om.strides},
      flags & ARRAYRT_ATTENTION_K_TRANSPOSED, plan);
  if (!why.empty())
    fatal("%s%s", prefix.c_str(), why.c_str());
  if (plan.work == AttentionWork::Nothing)
    return;

  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  char *oData = om.origin(2);
  if (plan.work == AttentionWork::FillNaN) {
    CUstream queue = queueFor(s, stream);
    fillNaN(plan, oData, dtype, queue);
    if (!stream)
      check(driver().cuStreamSynchronize(queue), "cuStreamSynchronize");
    return;
  }
  char *data[] = {qm.origin(2), km.origin(2), vm.origin(2), oData};
  const char *names[] = {"q", "k", "v", "the result"};
  for (int i = 0; i < 4; ++i)
    if (reinterpret_cast<uintptr_t>(data[i]) % 16 != 0)
      fatal("%s%s starts at %p, which is not 16-byte aligned as cuDNN needs",
            prefix.c_str(), names[i], static_cast<void *>(data[i]));

  CudnnApi &api = loadCudnn(location);
  CUstream queue = queueFor(s, stream);
  AttentionKey key;
  key.dtype = dtype;
  key.causal = flags & ARRAYRT_ATTENTION_CAUSAL;
  key.plan = plan;
  CachedAttention &cached = lookup(s, api, key, location);
  const AttentionGraph &graph = cached.graph;
  // Tuning runs every plan: the workspace fits the largest.
  int64_t workspaceBytes = cached.tuned
                               ? graph.workspaceBytes[cached.chosen]
                               : *std::max_element(graph.workspaceBytes.begin(),
                                                   graph.workspaceBytes.end());
  AttentionArgs args;
  args.q = data[0];
  args.k = data[1];
  args.v = data[2];
  args.o = data[3];
  args.scale = static_cast<float>(scale);
  args.maskFill = maskFillValue(api);
  args.stream = queue;
  args.workspace = workspaceFor(s, queue, workspaceBytes, location);
  if (!cached.tuned)
    tune(api, cached, args, key.causal, location);
  // Each operand read or written once, for the profile's GB/s.
  uint64_t bytes =
      static_cast<uint64_t>(plan.b * plan.h *
                            (plan.sq * plan.d + plan.sk * plan.d +
                             plan.sk * plan.dv + plan.sq * plan.dv) *
                            2);
  {
    profile::ScopedDeviceOp timed(queue, profile::OpKind::Library,
                                  "cudnn attention", nullptr, nullptr, nullptr,
                                  bytes);
    checkCudnn(
        api,
        execute(api, graph.plans[cached.chosen], args, key.causal, location),
        "cudnnBackendExecute", location);
  }
  if (!stream)
    check(driver().cuStreamSynchronize(queue), "cuStreamSynchronize");
}
