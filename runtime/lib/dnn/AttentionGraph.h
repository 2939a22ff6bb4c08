//===- AttentionGraph.h - cuDNN's attention graph and its plans -*- C++ -*-===//
//
// The forward (inference) graph cudnn-frontend's CompositeSDPANode builds,
// without statistics or dropout, made with the backend API directly:
//
//   S  = Q @ K^T                  matmul, float
//   S1 = S * scale                scale passed by value
//   S2 = select(S1, mask, row >= col)   only when causal
//   P  = exp(S2 - max(S2)) / sum(exp(S2 - max(S2)))   P in the I/O type
//        (and the virtual log-sum-exp max + log(sum), as the frontend has)
//   O  = P @ V
//
// cuDNN recognises this pattern and runs it as one fused flash-attention
// kernel; the graph is only its description.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_DNN_ATTENTIONGRAPH_H
#define ARRAYRT_LIB_DNN_ATTENTIONGRAPH_H

#include "dnn/Attention.h"
#include "dnn/Cudnn.h"

#include <deque>
#include <vector>

namespace arrayrt::dnn {

/// The unique ids of the tensors an execution binds (the variant pack).
enum : int64_t {
  kUidQ = 1,
  kUidK = 2,
  kUidV = 3,
  kUidO = 4,
  kUidScale = 5,    // float, by value.
  kUidMaskFill = 6, // float, by value: what masked scores become.
};

/// A problem's graph and the execution plans cuDNN could build for it.
struct AttentionGraph {
  /// Tensors, operations, the graph, the heuristic and its engine
  /// configurations: kept as long as the plans that refer to them. A
  /// deque, so that references to its elements survive additions.
  std::deque<Descriptor> parts;
  /// Finalized plans, the heuristic's order, and the workspace each needs.
  std::vector<Descriptor> plans;
  std::vector<int64_t> workspaceBytes;
};

/// At most this many of the heuristic's engine configurations are tried.
constexpr int kMaxEngineConfigs = 8;

/// Builds the graph of `key` and its plans; exits when cuDNN cannot build
/// the graph or any plan for it.
AttentionGraph buildAttentionGraph(const CudnnApi &api, const AttentionKey &key,
                                   const char *location);

/// The value masked scores take: -inf from cuDNN 9.10 on, the lowest float
/// before (whose softmax rejected infinities), as cudnn-frontend does.
float maskFillValue(const CudnnApi &api);

} // namespace arrayrt::dnn

#endif // ARRAYRT_LIB_DNN_ATTENTIONGRAPH_H
