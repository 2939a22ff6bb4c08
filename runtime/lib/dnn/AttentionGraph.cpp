//===- AttentionGraph.cpp - cuDNN's attention graph and its plans ---------===//
//
// Tensor properties follow cudnn-frontend: every tensor 16-byte aligned,
// intermediates float and virtual, the softmax output in the I/O type
// (cuDNN's second matmul takes its A operand in that type), reductions to
// [b, h, sq, 1], scalars 4-D of size 1 and passed by value.
//
//===----------------------------------------------------------------------===//

#include "dnn/AttentionGraph.h"

#include "arrayrt/types.h"

#include "driver/Error.h"

#include <algorithm>
#include <limits>
#include <string>

namespace arrayrt::dnn {

float maskFillValue(const CudnnApi &api) {
  if (api.version < 91000)
    return std::numeric_limits<float>::lowest();
  return -std::numeric_limits<float>::infinity();
}

namespace {

// CUDNN_ATTR_OPERATIONGRAPH_HANDLE and CUDNN_ATTR_EXECUTION_PLAN_HANDLE are
// marked deprecated in cuDNN 9 but remain the way to give a graph and a
// plan their handle (cudnn-frontend sets them too); by value, so that
// their use does not warn.
constexpr auto kGraphHandle = static_cast<cudnnBackendAttributeName_t>(800);
constexpr auto kPlanHandle = static_cast<cudnnBackendAttributeName_t>(400);

/// Builds the descriptors of one graph, keeping each in `parts`.
class Builder {
public:
  Builder(const CudnnApi &api, std::deque<Descriptor> &parts,
          const char *location)
      : api(api), parts(parts), location(location) {}

  /// A finalized tensor descriptor of 4-D `shape`.
  const Descriptor &tensor(int64_t uid, cudnnDataType_t type,
                           const Tensor4 &shape, bool isVirtual,
                           bool byValue = false) {
    Descriptor t(api, CUDNN_BACKEND_TENSOR_DESCRIPTOR, location);
    ARRAYRT_CUDNN_SET(t, CUDNN_ATTR_TENSOR_DATA_TYPE, CUDNN_TYPE_DATA_TYPE,
                      type);
    ARRAYRT_CUDNN_SET(t, CUDNN_ATTR_TENSOR_DIMENSIONS, CUDNN_TYPE_INT64, 4,
                      shape.dims);
    ARRAYRT_CUDNN_SET(t, CUDNN_ATTR_TENSOR_STRIDES, CUDNN_TYPE_INT64, 4,
                      shape.strides);
    ARRAYRT_CUDNN_SET(t, CUDNN_ATTR_TENSOR_UNIQUE_ID, CUDNN_TYPE_INT64, uid);
    ARRAYRT_CUDNN_SET(t, CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT, CUDNN_TYPE_INT64,
                      int64_t{16});
    if (isVirtual)
      ARRAYRT_CUDNN_SET(t, CUDNN_ATTR_TENSOR_IS_VIRTUAL, CUDNN_TYPE_BOOLEAN,
                        true);
    if (byValue)
      ARRAYRT_CUDNN_SET(t, CUDNN_ATTR_TENSOR_IS_BY_VALUE, CUDNN_TYPE_BOOLEAN,
                        true);
    t.finalize(("tensor " + std::to_string(uid)).c_str(), location);
    return keep(std::move(t));
  }

  /// A virtual tensor with the next free id.
  const Descriptor &virtualTensor(cudnnDataType_t type, const Tensor4 &shape) {
    return tensor(nextVirtualUid++, type, shape, true);
  }

  void matmul(const Descriptor &a, const Descriptor &b, const Descriptor &c) {
    Descriptor desc(api, CUDNN_BACKEND_MATMUL_DESCRIPTOR, location);
    ARRAYRT_CUDNN_SET(desc, CUDNN_ATTR_MATMUL_COMP_TYPE, CUDNN_TYPE_DATA_TYPE,
                      CUDNN_DATA_FLOAT);
    desc.finalize("matmul", location);
    Descriptor op(api, CUDNN_BACKEND_OPERATION_MATMUL_DESCRIPTOR, location);
    ARRAYRT_CUDNN_SET(op, CUDNN_ATTR_OPERATION_MATMUL_ADESC, a);
    ARRAYRT_CUDNN_SET(op, CUDNN_ATTR_OPERATION_MATMUL_BDESC, b);
    ARRAYRT_CUDNN_SET(op, CUDNN_ATTR_OPERATION_MATMUL_CDESC, c);
    ARRAYRT_CUDNN_SET(op, CUDNN_ATTR_OPERATION_MATMUL_DESC, desc);
    op.finalize("matmul operation", location);
    keep(std::move(desc));
    operations.push_back(op.get());
    keep(std::move(op));
  }

  /// y = mode(x[, b[, t]]); `axis` for GEN_INDEX.
  void pointwise(cudnnPointwiseMode_t mode, cudnnDataType_t precision,
                 const Descriptor &x, const Descriptor *b, const Descriptor *t,
                 const Descriptor &y, int64_t axis = -1) {
    Descriptor desc(api, CUDNN_BACKEND_POINTWISE_DESCRIPTOR, location);
    ARRAYRT_CUDNN_SET(desc, CUDNN_ATTR_POINTWISE_MODE,
                      CUDNN_TYPE_POINTWISE_MODE, mode);
    ARRAYRT_CUDNN_SET(desc, CUDNN_ATTR_POINTWISE_MATH_PREC,
                      CUDNN_TYPE_DATA_TYPE, precision);
    if (axis >= 0)
      ARRAYRT_CUDNN_SET(desc, CUDNN_ATTR_POINTWISE_AXIS, CUDNN_TYPE_INT64,
                        axis);
    desc.finalize("pointwise", location);
    Descriptor op(api, CUDNN_BACKEND_OPERATION_POINTWISE_DESCRIPTOR, location);
    ARRAYRT_CUDNN_SET(op, CUDNN_ATTR_OPERATION_POINTWISE_PW_DESCRIPTOR, desc);
    ARRAYRT_CUDNN_SET(op, CUDNN_ATTR_OPERATION_POINTWISE_XDESC, x);
    if (b)
      ARRAYRT_CUDNN_SET(op, CUDNN_ATTR_OPERATION_POINTWISE_BDESC, *b);
    if (t)
      ARRAYRT_CUDNN_SET(op, CUDNN_ATTR_OPERATION_POINTWISE_TDESC, *t);
    ARRAYRT_CUDNN_SET(op, CUDNN_ATTR_OPERATION_POINTWISE_YDESC, y);
    op.finalize("pointwise operation", location);
    keep(std::move(desc));
    operations.push_back(op.get());
    keep(std::move(op));
  }

  void reduction(cudnnReduceTensorOp_t mode, const Descriptor &x,
                 const Descriptor &y) {
    Descriptor desc(api, CUDNN_BACKEND_REDUCTION_DESCRIPTOR, location);
    ARRAYRT_CUDNN_SET(desc, CUDNN_ATTR_REDUCTION_OPERATOR,
                      CUDNN_TYPE_REDUCTION_OPERATOR_TYPE, mode);
    ARRAYRT_CUDNN_SET(desc, CUDNN_ATTR_REDUCTION_COMP_TYPE,
                      CUDNN_TYPE_DATA_TYPE, CUDNN_DATA_FLOAT);
    desc.finalize("reduction", location);
    Descriptor op(api, CUDNN_BACKEND_OPERATION_REDUCTION_DESCRIPTOR, location);
    ARRAYRT_CUDNN_SET(op, CUDNN_ATTR_OPERATION_REDUCTION_XDESC, x);
    ARRAYRT_CUDNN_SET(op, CUDNN_ATTR_OPERATION_REDUCTION_YDESC, y);
    ARRAYRT_CUDNN_SET(op, CUDNN_ATTR_OPERATION_REDUCTION_DESC, desc);
    op.finalize("reduction operation", location);
    keep(std::move(desc));
    operations.push_back(op.get());
    keep(std::move(op));
  }

  /// The finalized operation graph of the operations made so far.
  const Descriptor &graph() {
    Descriptor g(api, CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR, location);
    g.set(kGraphHandle, CUDNN_TYPE_HANDLE, api.handle,
          "CUDNN_ATTR_OPERATIONGRAPH_HANDLE", location);
    g.set(CUDNN_ATTR_OPERATIONGRAPH_OPS, CUDNN_TYPE_BACKEND_DESCRIPTOR,
          static_cast<int64_t>(operations.size()), operations.data(),
          "CUDNN_ATTR_OPERATIONGRAPH_OPS", location);
    g.finalize("operation graph", location);
    return keep(std::move(g));
  }

  const Descriptor &keep(Descriptor d) {
    parts.push_back(std::move(d));
    return parts.back();
  }

private:
  const CudnnApi &api;
  std::deque<Descriptor> &parts;
  const char *location;
  std::vector<cudnnBackendDescriptor_t> operations;
  int64_t nextVirtualUid = 100;
};

/// [b, h, rows, cols], row-major and packed.
Tensor4 packed(int64_t b, int64_t h, int64_t rows, int64_t cols) {
  Tensor4 t;
  int64_t dims[4] = {b, h, rows, cols};
  int64_t stride = 1;
  for (int i = 3; i >= 0; --i) {
    t.dims[i] = dims[i];
    t.strides[i] = stride;
    stride *= dims[i];
  }
  return t;
}

std::string problemText(const AttentionKey &key) {
  const AttentionPlan &p = key.plan;
  return formatString(
      "%s attention of b %lld, h %lld, Sq %lld, Sk %lld, D %lld, Dv %lld%s",
      key.dtype == ARRAYRT_DTYPE_BF16 ? "bfloat16" : "float16",
      static_cast<long long>(p.b), static_cast<long long>(p.h),
      static_cast<long long>(p.sq), static_cast<long long>(p.sk),
      static_cast<long long>(p.d), static_cast<long long>(p.dv),
      key.causal ? ", causal" : "");
}

} // namespace

AttentionGraph buildAttentionGraph(const CudnnApi &api, const AttentionKey &key,
                                   const char *location) {
  const AttentionPlan &p = key.plan;
  AttentionGraph result;
  Builder build(api, result.parts, location);
  cudnnDataType_t io =
      key.dtype == ARRAYRT_DTYPE_BF16 ? CUDNN_DATA_BFLOAT16 : CUDNN_DATA_HALF;

  const Descriptor &q = build.tensor(kUidQ, io, p.q, false);
  const Descriptor &kt = build.tensor(kUidK, io, p.kt, false);
  const Descriptor &v = build.tensor(kUidV, io, p.v, false);
  const Descriptor &o = build.tensor(kUidO, io, p.o, false);
  Tensor4 scalar;
  const Descriptor &scale =
      build.tensor(kUidScale, CUDNN_DATA_FLOAT, scalar, false, true);

  Tensor4 scores = packed(p.b, p.h, p.sq, p.sk);
  Tensor4 rowStats = packed(p.b, p.h, p.sq, 1);
  const Descriptor &s = build.virtualTensor(CUDNN_DATA_FLOAT, scores);
  build.matmul(q, kt, s);
  const Descriptor &scaled = build.virtualTensor(CUDNN_DATA_FLOAT, scores);
  build.pointwise(CUDNN_POINTWISE_MUL, CUDNN_DATA_FLOAT, s, &scale, nullptr,
                  scaled);
  const Descriptor *masked = &scaled;
  if (key.causal) {
    // Top-left causal mask as cudnn-frontend's diagonal band mask with
    // right bound 0: keep where row >= col, else the fill value.
    const Descriptor &fill =
        build.tensor(kUidMaskFill, CUDNN_DATA_FLOAT, scalar, false, true);
    const Descriptor &row = build.virtualTensor(CUDNN_DATA_INT32, scores);
    build.pointwise(CUDNN_POINTWISE_GEN_INDEX, CUDNN_DATA_INT32, scaled,
                    nullptr, nullptr, row, 2);
    const Descriptor &col = build.virtualTensor(CUDNN_DATA_INT32, scores);
    build.pointwise(CUDNN_POINTWISE_GEN_INDEX, CUDNN_DATA_INT32, scaled,
                    nullptr, nullptr, col, 3);
    const Descriptor &keepScore =
        build.virtualTensor(CUDNN_DATA_BOOLEAN, scores);
    build.pointwise(CUDNN_POINTWISE_CMP_GE, CUDNN_DATA_BOOLEAN, row, &col,
                    nullptr, keepScore);
    // BINARY_SELECT: y = t ? x : b.
    masked = &build.virtualTensor(CUDNN_DATA_FLOAT, scores);
    build.pointwise(CUDNN_POINTWISE_BINARY_SELECT, CUDNN_DATA_FLOAT, scaled,
                    &fill, &keepScore, *masked);
  }
  // The softmax as cudnn-frontend's CompositeSoftmaxNode spells it.
  const Descriptor &max = build.virtualTensor(CUDNN_DATA_FLOAT, rowStats);
  build.reduction(CUDNN_REDUCE_TENSOR_MAX, *masked, max);
  const Descriptor &shifted = build.virtualTensor(CUDNN_DATA_FLOAT, scores);
  build.pointwise(CUDNN_POINTWISE_SUB, CUDNN_DATA_FLOAT, *masked, &max, nullptr,
                  shifted);
  const Descriptor &exp = build.virtualTensor(CUDNN_DATA_FLOAT, scores);
  build.pointwise(CUDNN_POINTWISE_EXP, CUDNN_DATA_FLOAT, shifted, nullptr,
                  nullptr, exp);
  const Descriptor &sum = build.virtualTensor(CUDNN_DATA_FLOAT, rowStats);
  build.reduction(CUDNN_REDUCE_TENSOR_ADD, exp, sum);
  // The log-sum-exp statistics, virtual: no output needs them, but
  // cudnn-frontend always adds them (it makes an unrequested Stats output
  // virtual) and cuDNN's attention pattern is that graph; without them it
  // finds no engine.
  const Descriptor &logSum = build.virtualTensor(CUDNN_DATA_FLOAT, rowStats);
  build.pointwise(CUDNN_POINTWISE_LOG, CUDNN_DATA_FLOAT, sum, nullptr, nullptr,
                  logSum);
  const Descriptor &stats = build.virtualTensor(CUDNN_DATA_FLOAT, rowStats);
  build.pointwise(CUDNN_POINTWISE_ADD, CUDNN_DATA_FLOAT, max, &logSum, nullptr,
                  stats);
  // In the I/O type: cuDNN takes the second matmul's A operand in it.
  const Descriptor &probabilities = build.virtualTensor(io, scores);
  build.pointwise(CUDNN_POINTWISE_DIV, CUDNN_DATA_FLOAT, exp, &sum, nullptr,
                  probabilities);
  build.matmul(probabilities, v, o);
  const Descriptor &graph = build.graph();

  Descriptor heuristic(api, CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR, location);
  ARRAYRT_CUDNN_SET(heuristic, CUDNN_ATTR_ENGINEHEUR_OPERATION_GRAPH, graph);
  ARRAYRT_CUDNN_SET(heuristic, CUDNN_ATTR_ENGINEHEUR_MODE, CUDNN_TYPE_HEUR_MODE,
                    CUDNN_HEUR_MODE_A);
  heuristic.finalize("engine heuristic", location);
  int64_t available = 0;
  checkCudnn(api,
             api.cudnnBackendGetAttribute(
                 heuristic.get(), CUDNN_ATTR_ENGINEHEUR_RESULTS,
                 CUDNN_TYPE_BACKEND_DESCRIPTOR, 0, &available, nullptr),
             "cudnnBackendGetAttribute(CUDNN_ATTR_ENGINEHEUR_RESULTS)",
             location);
  if (available <= 0)
    fatal("%scuDNN has no engine for a %s", attentionPrefix(location).c_str(),
          problemText(key).c_str());
  int64_t wanted = std::min<int64_t>(available, kMaxEngineConfigs);
  std::vector<Descriptor> configs;
  std::vector<cudnnBackendDescriptor_t> configHandles;
  for (int64_t i = 0; i < wanted; ++i) {
    configs.emplace_back(api, CUDNN_BACKEND_ENGINECFG_DESCRIPTOR, location);
    configHandles.push_back(configs.back().get());
  }
  int64_t returned = 0;
  checkCudnn(api,
             api.cudnnBackendGetAttribute(heuristic.get(),
                                          CUDNN_ATTR_ENGINEHEUR_RESULTS,
                                          CUDNN_TYPE_BACKEND_DESCRIPTOR, wanted,
                                          &returned, configHandles.data()),
             "cudnnBackendGetAttribute(CUDNN_ATTR_ENGINEHEUR_RESULTS)",
             location);
  if (returned <= 0)
    fatal("%scuDNN has no engine for a %s (of %lld it knows: %s)",
          attentionPrefix(location).c_str(), problemText(key).c_str(),
          static_cast<long long>(available),
          describeStatus(api, CUDNN_STATUS_NOT_SUPPORTED).c_str());
  build.keep(std::move(heuristic));

  // An engine configuration whose plan cannot be built (a kernel that does
  // not fit this device or layout) is skipped; only if none can is it an
  // error, with the last reason cuDNN gave.
  std::string lastFailure;
  for (int64_t i = 0; i < returned; ++i) {
    Descriptor plan(api, CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR, location);
    plan.set(kPlanHandle, CUDNN_TYPE_HANDLE, api.handle,
             "CUDNN_ATTR_EXECUTION_PLAN_HANDLE", location);
    ARRAYRT_CUDNN_SET(plan, CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG,
                      configs[i]);
    cudnnStatus_t status = plan.tryFinalize();
    if (status != CUDNN_STATUS_SUCCESS) {
      lastFailure = describeStatus(api, status);
      continue;
    }
    int64_t workspace = 0, count = 0;
    checkCudnn(api,
               api.cudnnBackendGetAttribute(
                   plan.get(), CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE,
                   CUDNN_TYPE_INT64, 1, &count, &workspace),
               "cudnnBackendGetAttribute(CUDNN_ATTR_EXECUTION_PLAN_"
               "WORKSPACE_SIZE)",
               location);
    result.plans.push_back(std::move(plan));
    result.workspaceBytes.push_back(std::max<int64_t>(workspace, 0));
  }
  for (Descriptor &config : configs)
    build.keep(std::move(config));
  if (result.plans.empty())
    fatal("%scuDNN could build none of the %lld engine configurations its "
          "heuristic proposed for a %s (last: %s)",
          attentionPrefix(location).c_str(), static_cast<long long>(returned),
          problemText(key).c_str(), lastFailure.c_str());
  return result;
}

} // namespace arrayrt::dnn
