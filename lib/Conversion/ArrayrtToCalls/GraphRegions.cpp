//===- GraphRegions.cpp - Host loop bodies as CUDA graph regions ----------===//
//
// The body of a host loop that queues device work on one stream, and makes
// the host wait for none of it, goes between arrayrt.graph_begin and
// arrayrt.graph_end: the runtime records each run and replays it as a CUDA
// graph (runtime/lib/graphs/Graphs.h).
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/Passes.h"

#include "GraphWork.h"

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtDialect.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGRAPHREGIONS
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// Brackets `body` with the markers when it qualifies; whether it did.
bool makeRegion(Operation *loop, Block *body) {
  arrayrt::GraphWork work = arrayrt::analyzeGraphWork(body);
  if (work.deviceOps < 2 || work.waits || work.otherStreams || !work.stream)
    return false;
  std::string name = arrayrt::graphRegionName(loop);
  OpBuilder b(body, body->begin());
  arrayrt::GraphBeginOp::create(b, loop->getLoc(), name, work.stream);
  b.setInsertionPoint(body->getTerminator());
  arrayrt::GraphEndOp::create(b, loop->getLoc(), name, work.stream);
  return true;
}

struct ArrayGraphRegionsPass
    : array::impl::ArrayGraphRegionsBase<ArrayGraphRegionsPass> {
  void runOnOperation() override {
    // Host functions only: a gpu.module's kernels are gpu.funcs.
    for (auto func : getOperation().getOps<func::FuncOp>())
      func.walk<WalkOrder::PreOrder>([](Operation *op) {
        Block *body = nullptr;
        if (auto loop = dyn_cast<scf::ForOp>(op))
          body = loop.getBody();
        else if (auto loop = dyn_cast<scf::WhileOp>(op))
          body = loop.getAfterBody();
        // array-graph-while's iterations are regions already.
        if (isa<arrayrt::GraphBeginOp>(op))
          return WalkResult::skip();
        // A region's nested loops are part of it.
        return body && makeRegion(op, body) ? WalkResult::skip()
                                            : WalkResult::advance();
      });
  }
};

} // namespace
