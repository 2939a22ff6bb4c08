//===- GraphRegions.cpp - Host loop bodies as CUDA graph regions ----------===//
//
// The body of a host loop that queues device work on one stream, and makes
// the host wait for none of it, goes between arrayrt.graph_begin and
// arrayrt.graph_end: the runtime records each run and replays it as a CUDA
// graph (runtime/lib/graphs/Graphs.h).
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/Passes.h"

#include "arrayc/Dialect/Array/IR/SourceLocation.h"
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

/// What one run of a loop body queues and waits for.
struct BodyWork {
  /// Device operations, those of nested loops counted twice (they run
  /// many times).
  int deviceOps = 0;
  /// The one stream they are queued on; null when none is known.
  Value stream;
  /// Work on more than one stream, or a stream made inside the body.
  bool otherStreams = false;
  /// The host waits for the device, or reads or writes files.
  bool waits = false;
};

/// The !arrayrt.stream a GPU op's async dependency stands for
/// (array-gpu-streams casts the stream to a token), or null.
Value streamOfToken(Value token) {
  auto cast = token.getDefiningOp<UnrealizedConversionCastOp>();
  if (!cast || cast.getInputs().size() != 1 ||
      !isa<arrayrt::StreamType>(cast.getInputs()[0].getType()))
    return {};
  return cast.getInputs()[0];
}

void noteStream(BodyWork &work, Value stream, Block *body) {
  if (!stream) {
    work.otherStreams = true;
    return;
  }
  if (body->getParentOp()->isAncestor(stream.getParentBlock()->getParentOp()))
    work.otherStreams = true; // Made in the loop: not one region's stream.
  else if (!work.stream)
    work.stream = stream;
  else if (work.stream != stream)
    work.otherStreams = true;
}

BodyWork analyze(Block *body) {
  BodyWork work;
  Operation *loop = body->getParentOp();
  body->walk([&](Operation *op) {
    const int weight =
        op->getParentOfType<LoopLikeOpInterface>() == loop ? 1 : 2;
    if (isa<arrayrt::StreamSynchronizeOp, arrayrt::EventSynchronizeOp,
            arrayrt::PrintOp, arrayrt::SaveNpyOp, arrayrt::LoadNpyIntoOp,
            arrayrt::ReadMtxIntoOp>(op)) {
      work.waits = true;
      return;
    }
    if (auto wait = dyn_cast<gpu::WaitOp>(op)) {
      if (!wait.getAsyncToken())
        work.waits = true;
      return;
    }
    if (isa<gpu::LaunchFuncOp, gpu::MemcpyOp, gpu::MemsetOp>(op)) {
      work.deviceOps += weight;
      auto async = cast<gpu::AsyncOpInterface>(op);
      for (Value token : async.getAsyncDependencies())
        noteStream(work, streamOfToken(token), body);
      return;
    }
    if (auto ordered = dyn_cast<arrayrt::StreamOrderedOpInterface>(op)) {
      if (!ordered.isStreamOrdered())
        return;
      work.deviceOps += weight;
      noteStream(work, ordered.getStream(), body);
    }
  });
  return work;
}

/// "main: scf.for at prog.mlir:27:5" (without a source line: no "at").
std::string regionName(Operation *loop) {
  std::string name;
  if (auto func = loop->getParentOfType<func::FuncOp>())
    name = (func.getSymName() + ": ").str();
  name += loop->getName().getStringRef().str();
  std::string where = array::formatSourceLocation(loop->getLoc());
  if (!where.empty())
    name += " at " + where;
  return name;
}

/// Brackets `body` with the markers when it qualifies; whether it did.
bool makeRegion(Operation *loop, Block *body) {
  BodyWork work = analyze(body);
  if (work.deviceOps < 2 || work.waits || work.otherStreams || !work.stream)
    return false;
  std::string name = regionName(loop);
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
        // A region's nested loops are part of it.
        return body && makeRegion(op, body) ? WalkResult::skip()
                                            : WalkResult::advance();
      });
  }
};

} // namespace
