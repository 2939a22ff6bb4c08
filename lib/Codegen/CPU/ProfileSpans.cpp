//===- ProfileSpans.cpp - Host profiling spans around each op's work ------===//

#include "arrayc/Codegen/CPU/Passes.h"

#include "arrayc/Dialect/Array/IR/SourceLocation.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/CallInterfaces.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYCPUPROFILESPANS
#include "arrayc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// Whether `op` is a piece of an op's work that gets a span: a loop nest
/// to be, a copy, or a runtime call that reads, writes or prints data.
bool isWork(Operation *op) {
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return linalgOp.hasPureBufferSemantics();
  return isa<memref::CopyOp, arrayrt::PrintOp, arrayrt::SaveNpyOp,
             arrayrt::NpyShapeOp, arrayrt::LoadNpyIntoOp, arrayrt::MtxShapeOp,
             arrayrt::ReadMtxOp, arrayrt::ReadMtxIntoOp, arrayrt::BlasMatmulOp>(
      op);
}

/// What may sit inside the span of two pieces of one op's work: nothing
/// that runs other code (a region, a call) or is a runtime op of its own.
bool mayJoin(Operation *op) {
  return op->getNumRegions() == 0 && !isa<CallOpInterface>(op) &&
         !isa<arrayrt::ArrayrtDialect>(op->getDialect());
}

struct Span {
  Operation *first, *last;
  std::string name;
};

/// Collects the spans of `block` and, outside the work ops, of the blocks
/// nested in it.
void collectSpans(Block &block, SmallVectorImpl<Span> &spans) {
  Span open{nullptr, nullptr, ""};
  auto close = [&] {
    if (open.first)
      spans.push_back(open);
    open.first = nullptr;
  };
  for (Operation &op : block) {
    if (isWork(&op)) {
      std::string name = array::formatSpanName(&op);
      if (open.first && open.name == name) {
        open.last = &op;
        continue;
      }
      close();
      open = Span{&op, &op, std::move(name)};
      continue;
    }
    if (!mayJoin(&op))
      close();
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        collectSpans(nested, spans);
  }
  close();
}

struct ArrayCpuProfileSpansPass
    : array::impl::ArrayCpuProfileSpansBase<ArrayCpuProfileSpansPass> {
  void runOnOperation() override {
    SmallVector<Span> spans;
    for (Block &block : getOperation().getBody())
      collectSpans(block, spans);
    OpBuilder b(&getContext());
    for (const Span &span : spans) {
      b.setInsertionPoint(span.first);
      arrayrt::HostSpanBeginOp::create(b, span.first->getLoc(), span.name);
      b.setInsertionPointAfter(span.last);
      arrayrt::HostSpanEndOp::create(b, span.last->getLoc());
    }
  }
};

} // namespace
