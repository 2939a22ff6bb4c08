//===- ReductionLoops.cpp - Reductions with partial results in registers --===//
//
// A linalg.generic reduction on buffers becomes an scf.parallel over its
// parallel dimensions around an scf.for nest over its reduction dimensions
// that carries the partial results (iter_args), so that LLVM keeps them in
// registers and vectorizes the loop (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "arrayc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYCPUREDUCTIONLOOPS
#include "arrayc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// The number of leading parallel dimensions of `op` when it is a reduction
/// this pass lowers: every reduction dimension after every parallel one,
/// and each result indexed by parallel dimensions only.
std::optional<unsigned> leadingParallelDims(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumReductionLoops() == 0)
    return std::nullopt;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  unsigned parallel = 0;
  while (parallel < iterators.size() &&
         iterators[parallel] == utils::IteratorType::parallel)
    ++parallel;
  for (unsigned d = parallel; d < iterators.size(); ++d)
    if (iterators[d] != utils::IteratorType::reduction)
      return std::nullopt;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    AffineMap map = op.getMatchingIndexingMap(&init);
    for (AffineExpr result : map.getResults()) {
      auto dim = dyn_cast<AffineDimExpr>(result);
      if (!dim || dim.getPosition() >= parallel)
        return std::nullopt;
    }
  }
  return parallel;
}

/// The indices of `map` at the loop indices `ivs`.
SmallVector<Value> indicesAt(OpBuilder &b, Location loc, AffineMap map,
                             ValueRange ivs) {
  SmallVector<Value> indices;
  for (AffineExpr result : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(result)) {
      indices.push_back(ivs[dim.getPosition()]);
      continue;
    }
    indices.push_back(affine::AffineApplyOp::create(
        b, loc, AffineMap::get(map.getNumDims(), 0, result), ivs));
  }
  return indices;
}

/// Lets LLVM reassociate the op that combines an element with the partial
/// result `acc` into `combined`.
void allowReassociation(Value combined, Value acc) {
  Operation *op = combined.getDefiningOp();
  auto fastMath = dyn_cast_or_null<arith::ArithFastMathInterface>(op);
  if (!fastMath || !llvm::is_contained(op->getOperands(), acc))
    return;
  auto flags = fastMath.getFastMathFlagsAttr().getValue() |
               arith::FastMathFlags::reassoc;
  op->setAttr(fastMath.getFastMathAttrName(),
              arith::FastMathFlagsAttr::get(op->getContext(), flags));
}

void lower(RewriterBase &rewriter, linalg::GenericOp op, unsigned parallel) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Value> lbs, ubs, steps;
  for (Range range : cast<linalg::LinalgOp>(op.getOperation())
                         .createLoopRanges(rewriter, loc)) {
    lbs.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, range.offset));
    ubs.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, range.size));
    steps.push_back(
        getValueOrCreateConstantIndexOp(rewriter, loc, range.stride));
  }
  Block &body = *op.getBlock();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());

  // The reduction loops at the parallel indices `outer`.
  auto reduce = [&](OpBuilder &b, Location loc, ValueRange outer) {
    SmallVector<Value> inits;
    for (OpOperand &init : op.getDpsInitsMutable())
      inits.push_back(memref::LoadOp::create(
          b, loc, init.get(),
          indicesAt(b, loc, op.getMatchingIndexingMap(&init), outer)));
    auto nest = scf::buildLoopNest(
        b, loc, ArrayRef(lbs).drop_front(parallel),
        ArrayRef(ubs).drop_front(parallel),
        ArrayRef(steps).drop_front(parallel), inits,
        [&](OpBuilder &b, Location loc, ValueRange inner, ValueRange accs) {
          SmallVector<Value> ivs(outer);
          ivs.append(inner.begin(), inner.end());
          IRMapping mapping;
          for (OpOperand *input : op.getDpsInputOperands())
            mapping.map(
                body.getArgument(input->getOperandNumber()),
                memref::LoadOp::create(
                    b, loc, input->get(),
                    indicesAt(b, loc, op.getMatchingIndexingMap(input), ivs)));
          for (auto [i, acc] : llvm::enumerate(accs))
            mapping.map(body.getArgument(op.getNumDpsInputs() + i), acc);
          for (Operation &nested : body.without_terminator()) {
            if (auto index = dyn_cast<linalg::IndexOp>(nested)) {
              mapping.map(index.getResult(), ivs[index.getDim()]);
              continue;
            }
            b.clone(nested, mapping);
          }
          scf::ValueVector next;
          for (auto [i, value] : llvm::enumerate(yield.getValues())) {
            next.push_back(mapping.lookupOrDefault(value));
            allowReassociation(next.back(), accs[i]);
          }
          return next;
        });
    for (auto [init, result] : llvm::zip(op.getDpsInitsMutable(), nest.results))
      memref::StoreOp::create(
          b, loc, result, init.get(),
          indicesAt(b, loc, op.getMatchingIndexingMap(&init), outer));
  };

  if (parallel == 0) {
    reduce(rewriter, loc, {});
  } else {
    scf::ParallelOp::create(rewriter, loc, ArrayRef(lbs).take_front(parallel),
                            ArrayRef(ubs).take_front(parallel),
                            ArrayRef(steps).take_front(parallel),
                            [&](OpBuilder &b, Location loc, ValueRange ivs) {
                              reduce(b, loc, ivs);
                            });
  }
  rewriter.eraseOp(op);
}

struct ReductionLoops
    : array::impl::ArrayCpuReductionLoopsBase<ReductionLoops> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, unsigned>> reductions;
    getOperation().walk([&](linalg::GenericOp op) {
      if (auto parallel = leadingParallelDims(op))
        reductions.push_back({op, *parallel});
    });
    IRRewriter rewriter(&getContext());
    for (auto [op, parallel] : reductions)
      lower(rewriter, op, parallel);
  }
};

} // namespace
