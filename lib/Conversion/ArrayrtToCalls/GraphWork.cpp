//===- GraphWork.cpp - What a loop's host code queues on the GPU ----------===//

#include "GraphWork.h"

#include "arrayc/Dialect/Array/IR/SourceLocation.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtDialect.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::arrayrt {

Value streamOfToken(Value token) {
  auto cast = token.getDefiningOp<UnrealizedConversionCastOp>();
  if (!cast || cast.getInputs().size() != 1 ||
      !isa<arrayrt::StreamType>(cast.getInputs()[0].getType()))
    return {};
  return cast.getInputs()[0];
}

namespace {

void noteStream(GraphWork &work, Value stream, Block *body) {
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

} // namespace

GraphWork analyzeGraphWork(Block *body,
                           const SmallPtrSetImpl<Operation *> *skip) {
  GraphWork work;
  Operation *loop = body->getParentOp();
  body->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (skip && skip->contains(op))
      return WalkResult::skip();
    const int weight =
        op->getParentOfType<LoopLikeOpInterface>() == loop ? 1 : 2;
    if (isa<arrayrt::StreamSynchronizeOp, arrayrt::EventSynchronizeOp,
            arrayrt::PrintOp, arrayrt::SaveNpyOp, arrayrt::LoadNpyIntoOp,
            arrayrt::ReadMtxIntoOp>(op)) {
      work.waits = true;
      return WalkResult::advance();
    }
    if (auto wait = dyn_cast<gpu::WaitOp>(op)) {
      if (!wait.getAsyncToken())
        work.waits = true;
      return WalkResult::advance();
    }
    if (isa<gpu::LaunchFuncOp, gpu::MemcpyOp, gpu::MemsetOp>(op)) {
      work.deviceOps += weight;
      auto async = cast<gpu::AsyncOpInterface>(op);
      for (Value token : async.getAsyncDependencies())
        noteStream(work, streamOfToken(token), body);
      return WalkResult::advance();
    }
    if (auto ordered = dyn_cast<arrayrt::StreamOrderedOpInterface>(op)) {
      if (!ordered.isStreamOrdered())
        return WalkResult::advance();
      work.deviceOps += weight;
      noteStream(work, ordered.getStream(), body);
    }
    return WalkResult::advance();
  });
  return work;
}

std::string graphRegionName(Operation *loop) {
  std::string name;
  if (auto func = loop->getParentOfType<func::FuncOp>())
    name = (func.getSymName() + ": ").str();
  name += loop->getName().getStringRef().str();
  std::string where = array::formatSourceLocation(loop->getLoc());
  if (!where.empty())
    name += " at " + where;
  return name;
}

} // namespace mlir::arrayrt
