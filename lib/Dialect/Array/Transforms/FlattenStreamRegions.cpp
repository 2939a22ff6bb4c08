//===- FlattenStreamRegions.cpp - array.on_stream to stream markers -----===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYFLATTENSTREAMREGIONS
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using namespace mlir::array;

namespace {

/// Inlines `op`'s body before it between stream markers (or without them).
void flatten(IRRewriter &rewriter, OnStreamOp op, bool dropStreams) {
  Block &body = op.getBody().front();
  auto yield = cast<StreamYieldOp>(body.getTerminator());
  SmallVector<Value> results(yield.getValues());
  rewriter.setInsertionPoint(op);
  if (!dropStreams)
    arrayrt::StreamBeginOp::create(rewriter, op.getLoc(), op.getStream());
  rewriter.inlineBlockBefore(&body, op);
  rewriter.setInsertionPoint(op);
  if (!dropStreams)
    arrayrt::StreamEndOp::create(rewriter, op.getLoc(), op.getStream());
  rewriter.eraseOp(yield);
  rewriter.replaceOp(op, results);
}

struct ArrayFlattenStreamRegionsPass
    : array::impl::ArrayFlattenStreamRegionsBase<
          ArrayFlattenStreamRegionsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // Post-order: inner regions first, so each body is flat when inlined.
    SmallVector<OnStreamOp> regions;
    getOperation().walk([&](OnStreamOp op) { regions.push_back(op); });
    for (OnStreamOp op : regions)
      flatten(rewriter, op, dropStreams);
    if (!dropStreams)
      return;

    // As on the CUDA target (array-gpu-streams): a stream or event is a
    // value of one function.
    func::FuncOp func = getOperation();
    auto isStreamType = [](Type type) {
      return isa<StreamType, EventType>(type);
    };
    if (llvm::any_of(func.getArgumentTypes(), isStreamType) ||
        llvm::any_of(func.getResultTypes(), isStreamType)) {
      func.emitOpError("takes or returns an array.stream or array.event; "
                       "streams and events cannot cross function boundaries "
                       "yet");
      return signalPassFailure();
    }

    // Users before producers: waits and records before the streams.
    SmallVector<Operation *> streamOps;
    getOperation().walk([&](Operation *op) {
      if (isa<StreamCreateOp, EventRecordOp, StreamWaitOp, StreamSynchronizeOp,
              EventSynchronizeOp>(op))
        streamOps.push_back(op);
    });
    for (Operation *op : llvm::reverse(streamOps)) {
      if (!op->use_empty()) {
        op->emitOpError("is used by an op that is not a stream op; the CPU "
                        "target cannot remove it");
        return signalPassFailure();
      }
      rewriter.eraseOp(op);
    }
  }
};

} // namespace
