//===- Attention.h - Fused attention through cuDNN --------------*- C++ -*-===//
//
// arrayrt_attention in three parts: planAttention maps the four memref
// operands onto the 4-D [b, h, s, d] tensors cuDNN's attention graph takes
// (pure, so it is unit tested without a GPU), AttentionGraph.cpp builds and
// plans that graph, and Attention.cpp runs it with a plan cached per
// AttentionKey.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_DNN_ATTENTION_H
#define ARRAYRT_LIB_DNN_ATTENTION_H

#include "blas/Blas.h"

#include <cstdint>
#include <string>
#include <tuple>

namespace arrayrt::dnn {

/// Sizes and strides, row-major order, in elements (planGemm's operand).
using Operand = blas::Operand;

/// A 4-D tensor as cuDNN describes it: [b, h, s, d] sizes and strides in
/// elements.
struct Tensor4 {
  int64_t dims[4] = {1, 1, 1, 1};
  int64_t strides[4] = {1, 1, 1, 1};

  auto tie() const {
    return std::make_tuple(dims[0], dims[1], dims[2], dims[3], strides[0],
                           strides[1], strides[2], strides[3]);
  }
};

/// What arrayrt_attention does for a problem.
enum class AttentionWork {
  Compute, // Run the cuDNN graph.
  Nothing, // The output has no elements.
  FillNaN, // Sk is 0: every output row is the softmax of nothing, NaN.
};

/// The cuDNN problem: Q [b, h, sq, d], K^T [b, h, d, sk] (k's strides
/// swapped unless it is given transposed), V [b, h, sk, dv] and
/// O [b, h, sq, dv].
struct AttentionPlan {
  int64_t b = 1, h = 1, sq = 0, sk = 0, d = 0, dv = 0;
  Tensor4 q, kt, v, o;
  AttentionWork work = AttentionWork::Compute;
};

/// The largest D and Dv cuDNN's fused attention takes.
constexpr int64_t kMaxHeadDim = 256;

/// Plans out = softmax(q @ k^T) @ v. Returns an empty string or what is
/// wrong, as a message that can follow "attention: ". With an empty output
/// or Sk = 0 only the output's layout is checked (no cuDNN limits apply).
std::string planAttention(const Operand &q, const Operand &k, const Operand &v,
                          const Operand &out, bool kTransposed,
                          AttentionPlan &plan);

/// Everything a cached graph and plan depend on. The alignment cuDNN is
/// told is always 16 bytes (arrayrt_attention checks it), and the scale is
/// passed by value at execution, so neither is part of the key.
struct AttentionKey {
  int32_t dtype = 0;
  bool causal = false;
  AttentionPlan plan;

  auto tie() const {
    return std::tuple_cat(std::make_tuple(dtype, causal), plan.q.tie(),
                          plan.kt.tie(), plan.v.tie(), plan.o.tie());
  }
  bool operator<(const AttentionKey &other) const {
    return tie() < other.tie();
  }
};

/// Number of problems with a cached graph so far.
size_t cachedAttentionCount();

} // namespace arrayrt::dnn

#endif // ARRAYRT_LIB_DNN_ATTENTION_H
