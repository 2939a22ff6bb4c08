//===- WhileLoops.cpp - While loops run on the device ---------------------===//

#include "graphs/WhileLoops.h"

#include "driver/Driver.h"
#include "driver/EmbeddedKernels.h"

#ifdef ARRAYRT_HAVE_KERNELS
#include "kernels/SetConditionFatbin.inc" // setConditionFatbin[], from bin2c
#endif

namespace arrayrt::graphs {

namespace {

/// The entry points of conditional graphs, resolved once; null without
/// one of them.
struct ConditionalApi {
  decltype(&::cuCtxGetCurrent) currentContext = nullptr;
  decltype(&::cuGraphCreate) create = nullptr;
  decltype(&::cuGraphDestroy) destroy = nullptr;
  decltype(&::cuGraphConditionalHandleCreate) handleCreate = nullptr;
  decltype(&::cuGraphAddNode) addNode = nullptr; // cuGraphAddNode_v2
  decltype(&::cuStreamBeginCaptureToGraph) beginCaptureToGraph = nullptr;
  decltype(&::cuStreamEndCapture) endCapture = nullptr;
};

const ConditionalApi *conditionalApi() {
  static const ConditionalApi *api = []() -> const ConditionalApi * {
    static ConditionalApi found;
    bool complete = true;
    complete &= resolveDriverSymbol(found.currentContext, "cuCtxGetCurrent");
    complete &= resolveDriverSymbol(found.create, "cuGraphCreate");
    complete &= resolveDriverSymbol(found.destroy, "cuGraphDestroy");
    complete &= resolveDriverSymbol(found.handleCreate,
                                    "cuGraphConditionalHandleCreate");
    complete &= resolveDriverSymbol(found.addNode, "cuGraphAddNode_v2");
    complete &= resolveDriverSymbol(found.beginCaptureToGraph,
                                    "cuStreamBeginCaptureToGraph");
    complete &= resolveDriverSymbol(found.endCapture, "cuStreamEndCapture");
    return complete ? &found : nullptr;
  }();
  return api;
}

struct Kernels {
  CUfunction setCondition = nullptr;
};

/// arrayrt_set_while_condition, or null (no image for this GPU).
CUfunction setConditionKernel() {
  const Kernels *kernels = embeddedKernels<Kernels>(
      ARRAYRT_EMBEDDED_IMAGE(setConditionFatbin), "arrayrt's while-loop kernel",
      [](const KernelLookup &lookup, Kernels &k) {
        k.setCondition = lookup("arrayrt_set_while_condition");
      });
  return kernels ? kernels->setCondition : nullptr;
}

} // namespace

CUresult buildWhileGraph(CUstream captureStream,
                         const IssueIteration &iteration, uint64_t test,
                         CUgraph &graph) {
  graph = nullptr;
  const ConditionalApi *api = conditionalApi();
  CUfunction setCondition = api ? setConditionKernel() : nullptr;
  if (!setCondition)
    return CUDA_ERROR_NOT_SUPPORTED;
  CUcontext context = nullptr;
  if (CUresult status = api->currentContext(&context))
    return status;
  CUgraph loop = nullptr;
  if (CUresult status = api->create(&loop, 0))
    return status;
  auto fail = [&](CUresult status) {
    api->destroy(loop);
    return status;
  };
  // The condition starts true (the host has seen the test pass) and each
  // run of the body sets it.
  CUgraphConditionalHandle handle = 0;
  if (CUresult status = api->handleCreate(&handle, loop, context, 1,
                                          CU_GRAPH_COND_ASSIGN_DEFAULT))
    return fail(status);
  CUgraphNodeParams params = {};
  params.type = CU_GRAPH_NODE_TYPE_CONDITIONAL;
  params.conditional.handle = handle;
  params.conditional.type = CU_GRAPH_COND_TYPE_WHILE;
  params.conditional.size = 1;
  params.conditional.ctx = context;
  CUgraphNode node = nullptr;
  if (CUresult status = api->addNode(&node, loop, nullptr, nullptr, 0, &params))
    return fail(status);
  CUgraph body = params.conditional.phGraph_out[0];
  if (CUresult status =
          api->beginCaptureToGraph(captureStream, body, nullptr, nullptr, 0,
                                   CU_STREAM_CAPTURE_MODE_RELAXED))
    return fail(status);
  CUresult failed = iteration(captureStream);
  if (!failed) {
    void *args[] = {&handle, &test};
    failed = loadedDriver().cuLaunchKernel(setCondition, 1, 1, 1, 1, 1, 1, 0,
                                           captureStream, args, nullptr);
  }
  // The capture ends even after a failure (which invalidated it).
  CUgraph captured = nullptr;
  CUresult ended = api->endCapture(captureStream, &captured);
  if (failed || ended)
    return fail(failed ? failed : ended);
  graph = loop;
  return CUDA_SUCCESS;
}

} // namespace arrayrt::graphs
