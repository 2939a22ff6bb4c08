//===- ParallelLoops.cpp - Outermost parallel loops on all cores ----------===//
//
// Each outermost scf.parallel becomes an OpenMP worksharing loop over the
// dimensions worth sharing, or scf.for loops when it is too small to pay
// for the threads (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "arrayc/Codegen/CPU/Passes.h"

#include "arrayc/Dialect/Array/IR/SourceLocation.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYCPUPARALLELLOOPS
#include "arrayc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// The iteration count of a loop from `lb` to `ub` by `step`, folded when
/// the bounds are constants.
Value tripCount(OpBuilder &b, Location loc, Value lb, Value ub, Value step) {
  Value extent = b.createOrFold<arith::SubIOp>(loc, ub, lb);
  return b.createOrFold<arith::CeilDivUIOp>(loc, extent, step);
}

bool definedOutside(Value value, Operation *op) {
  return !op->isAncestor(value.getParentBlock()->getParentOp());
}

/// The iteration count of a loop that runs at most `extent` past its
/// lower bound: one from `lb` to min(lb + extent, x) or min(x, lb + extent)
/// (a chunk of a larger loop) with `extent` defined outside `outermost`.
Value chunkExtent(Value lb, Value ub, Operation *outermost) {
  auto min = ub.getDefiningOp<arith::MinSIOp>();
  if (!min)
    return {};
  for (Value operand : min->getOperands()) {
    auto add = operand.getDefiningOp<arith::AddIOp>();
    if (!add)
      continue;
    if (add.getLhs() == lb && definedOutside(add.getRhs(), outermost))
      return add.getRhs();
    if (add.getRhs() == lb && definedOutside(add.getLhs(), outermost))
      return add.getLhs();
  }
  return {};
}

/// The innermost iterations one iteration of the loop body `block` makes:
/// the loops in it times their own bodies' (loops one after another add
/// up). A loop's iteration count is known before `outermost` when its
/// bounds are, or when it is a chunk of known size; other loops count as
/// one iteration. Built before `outermost`.
Value bodyWork(OpBuilder &b, Location loc, Block &block, Operation *outermost) {
  Value total;
  auto add = [&](Value work) {
    total = total ? b.createOrFold<arith::AddIOp>(loc, total, work) : work;
  };
  for (Operation &op : block) {
    auto addLoop = [&](ValueRange lbs, ValueRange ubs, ValueRange steps,
                       Block &body) {
      Value work = bodyWork(b, loc, body, outermost);
      for (auto [lb, ub, step] : llvm::zip(lbs, ubs, steps)) {
        if (!definedOutside(step, outermost))
          continue;
        Value trips;
        if (definedOutside(lb, outermost) && definedOutside(ub, outermost))
          trips = tripCount(b, loc, lb, ub, step);
        else if (Value extent = chunkExtent(lb, ub, outermost))
          trips = b.createOrFold<arith::CeilDivUIOp>(loc, extent, step);
        if (trips)
          work = b.createOrFold<arith::MulIOp>(loc, work, trips);
      }
      add(work);
    };
    if (auto loop = dyn_cast<scf::ForOp>(op))
      addLoop(loop.getLowerBound(), loop.getUpperBound(), loop.getStep(),
              *loop.getBody());
    else if (auto loop = dyn_cast<scf::ParallelOp>(op))
      addLoop(loop.getLowerBound(), loop.getUpperBound(), loop.getStep(),
              *loop.getBody());
    else
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          if (Value work = bodyWork(b, loc, nested, outermost);
              !isConstantIntValue(work, 1))
            add(work);
  }
  return total ? total : arith::ConstantIndexOp::create(b, loc, 1);
}

/// Clones the body of `loop` at the builder's insertion point, its
/// induction variables replaced by `ivs`, without its terminator.
void cloneBody(OpBuilder &b, scf::ParallelOp loop, ValueRange ivs) {
  IRMapping mapping;
  mapping.map(loop.getInductionVars(), ivs);
  for (Operation &op : loop.getBody()->without_terminator())
    b.clone(op, mapping);
}

/// Replaces `loop` (which has no reductions) with an scf.for nest.
void toSerialLoops(RewriterBase &rewriter, scf::ParallelOp loop) {
  rewriter.setInsertionPoint(loop);
  scf::buildLoopNest(
      rewriter, loop.getLoc(), loop.getLowerBound(), loop.getUpperBound(),
      loop.getStep(),
      [&](OpBuilder &b, Location, ValueRange ivs) { cloneBody(b, loop, ivs); });
  rewriter.eraseOp(loop);
}

/// Every scf.parallel inside `op` to scf.for nests.
void serializeNested(RewriterBase &rewriter, Operation *op) {
  SmallVector<scf::ParallelOp> nested;
  op->walk([&](scf::ParallelOp loop) {
    if (loop != op)
      nested.push_back(loop);
  });
  // Post-order: inner loops first, so that cloning moves finished bodies.
  for (scf::ParallelOp loop : nested)
    toSerialLoops(rewriter, loop);
}

/// Collects the ops a builder creates.
struct RecordingListener : OpBuilder::Listener {
  explicit RecordingListener(SmallVectorImpl<Operation *> &ops) : ops(ops) {}
  void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint) override {
    ops.push_back(op);
  }
  SmallVectorImpl<Operation *> &ops;
};

struct ParallelLoops : array::impl::ArrayCpuParallelLoopsBase<ParallelLoops> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ParallelOp> outermost;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (!loop->getParentOfType<scf::ParallelOp>() &&
          !loop->getParentOfType<omp::ParallelOp>())
        outermost.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ParallelOp loop : outermost) {
      if (loop.getNumReductions() != 0) {
        loop.emitOpError("array-cpu-parallel-loops: reductions in "
                         "scf.parallel are not supported");
        return signalPassFailure();
      }
      share(rewriter, loop);
    }
  }

  void share(RewriterBase &rewriter, scf::ParallelOp loop) {
    Location loc = loop.getLoc();
    serializeNested(rewriter, loop);
    rewriter.setInsertionPoint(loop);

    // The dimensions of more than one iteration, and the loop's work,
    // computed before the loop by ops that are erased again unless an if
    // clause needs them.
    SmallVector<unsigned> dims;
    SmallVector<Operation *> workOps;
    Value work;
    {
      OpBuilder b(loop);
      RecordingListener recorder(workOps);
      b.setListener(&recorder);
      work = bodyWork(b, loc, *loop.getBody(), loop);
      for (unsigned d = 0, e = loop.getNumLoops(); d < e; ++d) {
        Value trips = tripCount(b, loc, loop.getLowerBound()[d],
                                loop.getUpperBound()[d], loop.getStep()[d]);
        if (isConstantIntValue(trips, 1))
          continue;
        dims.push_back(d);
        work = b.createOrFold<arith::MulIOp>(loc, work, trips);
      }
    }
    std::optional<int64_t> staticWork = getConstantIntValue(work);
    Value enough;
    if (!dims.empty() && !staticWork)
      enough = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::sge, work,
          arith::ConstantIndexOp::create(rewriter, loc, grain));
    for (Operation *op : llvm::reverse(workOps))
      if (op->use_empty())
        rewriter.eraseOp(op);
    if (dims.empty() || (staticWork && *staticWork < grain))
      return toSerialLoops(rewriter, loop);

    bool straightLine = true;
    loop.getBody()->walk([&](Operation *op) {
      if (isa<LoopLikeOpInterface>(op))
        straightLine = false;
    });
    // The shared dimensions: all but the innermost of a straight-line
    // body (which each thread runs as a vectorizable loop), or chunks of
    // a one-dimensional one.
    SmallVector<unsigned> shared(dims);
    std::optional<unsigned> inner;
    if (straightLine)
      inner = shared.pop_back_val();
    bool chunked = straightLine && shared.empty();

    omp::LoopNestOperands bounds;
    ValueRange lbs = loop.getLowerBound(), ubs = loop.getUpperBound(),
               steps = loop.getStep();
    Value chunkStep;
    if (chunked) {
      std::optional<int64_t> step = getConstantIntValue(steps[*inner]);
      chunkStep =
          step ? arith::ConstantIndexOp::create(rewriter, loc, *step * chunk)
                     .getResult()
               : arith::MulIOp::create(
                     rewriter, loc, steps[*inner],
                     arith::ConstantIndexOp::create(rewriter, loc, chunk))
                     .getResult();
      bounds.loopLowerBounds.push_back(lbs[*inner]);
      bounds.loopUpperBounds.push_back(ubs[*inner]);
      bounds.loopSteps.push_back(chunkStep);
    } else {
      for (unsigned d : shared) {
        bounds.loopLowerBounds.push_back(lbs[d]);
        bounds.loopUpperBounds.push_back(ubs[d]);
        bounds.loopSteps.push_back(steps[d]);
      }
    }
    if (bounds.loopLowerBounds.size() > 1)
      bounds.collapseNumLoops =
          rewriter.getI64IntegerAttr(bounds.loopLowerBounds.size());

    omp::ParallelOperands parallelClauses;
    parallelClauses.ifExpr = enough;
    auto parallel = omp::ParallelOp::create(rewriter, loc, parallelClauses);
    rewriter.createBlock(&parallel.getRegion());
    // Each thread's share of the loop, a span on its own trace track.
    arrayrt::HostSpanBeginOp::create(rewriter, loc,
                                     array::formatSpanName(loop) + " (share)");
    auto wsloop = omp::WsloopOp::create(rewriter, loc, omp::WsloopOperands());
    rewriter.createBlock(&wsloop.getRegion());
    auto nest = omp::LoopNestOp::create(rewriter, loc, bounds);
    SmallVector<Type> ivTypes(bounds.loopLowerBounds.size(),
                              rewriter.getIndexType());
    SmallVector<Location> ivLocs(ivTypes.size(), loc);
    Block *body = rewriter.createBlock(&nest.getRegion(), {}, ivTypes, ivLocs);

    // The loop's induction variables inside the nest: shared ones from
    // the nest, the inner one from an scf.for, the others their lower
    // bound.
    SmallVector<Value> ivs(lbs.begin(), lbs.end());
    if (!chunked)
      for (auto [d, iv] : llvm::zip(shared, body->getArguments()))
        ivs[d] = iv;
    auto emitBody = [&](OpBuilder &b) {
      if (!inner)
        return cloneBody(b, loop, ivs);
      Value from = chunked ? body->getArgument(0) : lbs[*inner];
      Value to = ubs[*inner];
      if (chunked)
        to = b.createOrFold<arith::MinSIOp>(
            loc, b.createOrFold<arith::AddIOp>(loc, from, chunkStep), to);
      scf::ForOp::create(b, loc, from, to, steps[*inner], ValueRange(),
                         [&](OpBuilder &b, Location, Value iv, ValueRange) {
                           ivs[*inner] = iv;
                           cloneBody(b, loop, ivs);
                           scf::YieldOp::create(b, loc);
                         });
    };
    emitBody(rewriter);
    omp::YieldOp::create(rewriter, loc);
    rewriter.setInsertionPointToEnd(&parallel.getRegion().front());
    arrayrt::HostSpanEndOp::create(rewriter, loc);
    omp::TerminatorOp::create(rewriter, loc);
    rewriter.eraseOp(loop);
  }
};

} // namespace
