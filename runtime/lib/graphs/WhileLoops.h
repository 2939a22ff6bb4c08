//===- WhileLoops.h - While loops run on the device -------------*- C++ -*-===//
//
// A graph region that is one iteration of a while loop (its body, then its
// test written to a device byte) becomes a CUDA graph with a conditional
// WHILE node (CUDA 12.4 drivers and later): the node runs the iteration
// once, then again as long as the test is nonzero, set by a kernel of the
// runtime's own (kernels/SetCondition.cu) at the end of each run. The host
// queues the whole rest of the loop with one launch and waits for none of
// its tests.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_GRAPHS_WHILELOOPS_H
#define ARRAYRT_LIB_GRAPHS_WHILELOOPS_H

#include <cuda.h>

#include <cstdint>
#include <functional>

namespace arrayrt::graphs {

/// Queues one iteration's operations on the stream it is given (under
/// capture); returns the first failure.
using IssueIteration = std::function<CUresult(CUstream stream)>;

/// A new graph in `graph` that runs `iteration` (captured on
/// `captureStream`) at least once and then while the byte at `test`, which
/// the iteration writes, is nonzero. Fails (CUDA_ERROR_NOT_SUPPORTED when
/// the driver has no conditional nodes, or this runtime no kernel for the
/// GPU) without a graph.
CUresult buildWhileGraph(CUstream captureStream,
                         const IssueIteration &iteration, uint64_t test,
                         CUgraph &graph);

} // namespace arrayrt::graphs

#endif // ARRAYRT_LIB_GRAPHS_WHILELOOPS_H
