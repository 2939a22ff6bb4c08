//===- GraphWhile.cpp - While loops run on the device as CUDA graphs ------===//
//
// A host while loop that carries nothing (its arrays stay in their buffers:
// array-while-in-place), whose test is a device i1 its condition region
// copies to the host, and whose iterations queue device work on one stream
// without other host waits, becomes: the test once on the host, then
// iterations recorded as graph regions whose end (arrayrt.graph_while_end)
// launches the rest of the loop on the device, a CUDA graph with a
// conditional WHILE node; the host reads the test only when that did not
// happen.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/Passes.h"

#include "GraphWork.h"

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtDialect.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGRAPHWHILE
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// How a while loop's condition region reads its test: a host buffer
/// `host` that `copy` fills from the device buffer `test`, a
/// synchronization of the stream, the load, the host buffer's dealloc; and
/// the test's device dealloc, if the region has one.
struct TestRead {
  Value test;
  memref::AllocOp host;
  gpu::MemcpyOp copy;
  arrayrt::StreamSynchronizeOp wait;
  memref::LoadOp load;
  memref::DeallocOp hostDealloc;
  gpu::DeallocOp testDealloc;

  /// The ops that read the test on the host, in their order.
  SmallVector<Operation *> hostOps() const {
    return {host, copy, wait, load, hostDealloc};
  }
};

/// The test read of `loop`'s condition region, when it is the one above
/// and the region's only host wait.
std::optional<TestRead> matchTestRead(scf::WhileOp loop) {
  Block *before = loop.getBeforeBody();
  TestRead read;
  read.load =
      loop.getConditionOp().getCondition().getDefiningOp<memref::LoadOp>();
  if (!read.load || read.load->getBlock() != before || !read.load->hasOneUse())
    return std::nullopt;
  read.host = read.load.getMemRef().getDefiningOp<memref::AllocOp>();
  if (!read.host || read.host->getBlock() != before)
    return std::nullopt;
  for (Operation *user : read.host->getUsers()) {
    if (user == read.load)
      continue;
    if (auto copy = dyn_cast<gpu::MemcpyOp>(user);
        copy && !read.copy && copy.getDst() == read.host.getResult() &&
        copy->getBlock() == before &&
        (!copy.getAsyncToken() || copy.getAsyncToken().use_empty()))
      read.copy = copy;
    else if (auto dealloc = dyn_cast<memref::DeallocOp>(user);
             dealloc && !read.hostDealloc && dealloc->getBlock() == before)
      read.hostDealloc = dealloc;
    else
      return std::nullopt;
  }
  if (!read.copy || !read.hostDealloc ||
      !read.copy->isBeforeInBlock(read.load) ||
      !read.load->isBeforeInBlock(read.hostDealloc))
    return std::nullopt;
  read.test = read.copy.getSrc();
  // One synchronization, between the copy and the load.
  for (Operation *op = read.copy->getNextNode(); op != read.load;
       op = op->getNextNode())
    if (auto wait = dyn_cast<arrayrt::StreamSynchronizeOp>(op))
      read.wait = wait;
  if (!read.wait)
    return std::nullopt;
  for (Operation *user : read.test.getUsers())
    if (auto dealloc = dyn_cast<gpu::DeallocOp>(user);
        dealloc && dealloc->getBlock() == before &&
        (!dealloc.getAsyncToken() || dealloc.getAsyncToken().use_empty()))
      read.testDealloc = dealloc;
  return read;
}

/// Whether the host code of `block` does the same every iteration, so that
/// running it once does what running it each iteration would: it queues
/// the same device work (no loads of memory the loop may change, no
/// calls) and changes no host memory but its own scratch (stores into
/// allocas it makes: the allocation checks' error paths).
bool sameWorkEachRun(Block *block, Operation *allowedLoad) {
  Operation *loop = block->getParentOp();
  bool same = true;
  block->walk([&](Operation *op) {
    bool scratch = false;
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      auto alloca = store.getMemRef().getDefiningOp<memref::AllocaOp>();
      scratch = alloca && loop->isAncestor(alloca);
    }
    if ((isa<memref::LoadOp>(op) && op != allowedLoad) ||
        (isa<memref::StoreOp>(op) && !scratch) ||
        isa<memref::CopyOp, func::CallOp, func::CallIndirectOp>(op)) {
      same = false;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return same;
}

/// Rewrites `loop` when it qualifies; whether it did.
bool runOnDevice(scf::WhileOp loop) {
  if (loop->getNumOperands() != 0 || loop->getNumResults() != 0)
    return false;
  std::optional<TestRead> read = matchTestRead(loop);
  if (!read)
    return false;
  Block *before = loop.getBeforeBody();
  Block *after = loop.getAfterBody();
  SmallPtrSet<Operation *, 8> readOps;
  for (Operation *op : read->hostOps())
    readOps.insert(op);
  arrayrt::GraphWork test = arrayrt::analyzeGraphWork(before, &readOps);
  arrayrt::GraphWork body = arrayrt::analyzeGraphWork(after);
  if (test.waits || test.otherStreams || body.waits || body.otherStreams ||
      !body.stream || body.deviceOps < 1 ||
      (test.stream && test.stream != body.stream) ||
      read->wait.getStream() != body.stream ||
      !sameWorkEachRun(before, read->load) || !sameWorkEachRun(after, nullptr))
    return false;
  for (Value token : read->copy.getAsyncDependencies())
    if (arrayrt::streamOfToken(token) != body.stream)
      return false;

  Location loc = loop.getLoc();
  Value stream = body.stream;
  std::string name = arrayrt::graphRegionName(loop);
  OpBuilder b(loop);
  // The first test, on the host, as the loop made it.
  IRMapping first;
  for (Operation &op : before->without_terminator())
    b.clone(op, first);
  Value go = first.lookup(read->load.getResult());
  auto started = scf::IfOp::create(b, loc, go, /*withElseRegion=*/false);
  b.setInsertionPointToStart(&started.getThenRegion().front());

  // Iterations: each recorded, then run with the rest of the loop on the
  // device; when that did not happen, the test read on the host.
  auto iterations = scf::WhileOp::create(b, loc, TypeRange(), ValueRange());
  b.createBlock(&iterations.getBefore());
  arrayrt::GraphBeginOp::create(b, loc, name, stream);
  IRMapping run;
  for (Operation &op : after->without_terminator())
    b.clone(op, run);
  for (Operation &op : before->without_terminator())
    if (!readOps.contains(&op) && &op != read->testDealloc.getOperation())
      b.clone(op, run);
  Value deviceTest = run.lookupOrDefault(read->test);
  Value ran = arrayrt::GraphWhileEndOp::create(b, loc, b.getI1Type(), name,
                                               stream, deviceTest);
  auto again = scf::IfOp::create(b, loc, b.getI1Type(), ran,
                                 /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&again.getThenRegion().front());
    Value done = arith::ConstantIntOp::create(b, loc, 0, 1);
    scf::YieldOp::create(b, loc, done);
    b.setInsertionPointToStart(&again.getElseRegion().front());
    IRMapping host = run;
    for (Operation *op : read->hostOps())
      b.clone(*op, host);
    scf::YieldOp::create(b, loc, host.lookup(read->load.getResult()));
  }
  if (read->testDealloc)
    b.clone(*read->testDealloc, run);
  scf::ConditionOp::create(b, loc, again.getResult(0), ValueRange());
  b.createBlock(&iterations.getAfter());
  scf::YieldOp::create(b, loc);
  loop.erase();
  return true;
}

struct ArrayGraphWhilePass
    : array::impl::ArrayGraphWhileBase<ArrayGraphWhilePass> {
  void runOnOperation() override {
    SmallVector<scf::WhileOp> loops;
    for (auto func : getOperation().getOps<func::FuncOp>())
      func.walk([&](scf::WhileOp loop) { loops.push_back(loop); });
    // Innermost first; an outer loop holding a rewritten one waits on the
    // host (its first test) and stays.
    for (scf::WhileOp loop : loops)
      runOnDevice(loop);
  }
};

} // namespace
