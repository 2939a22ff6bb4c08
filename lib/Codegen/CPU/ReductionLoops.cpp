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
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

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

/// The op of `op`'s body that combines an element with the partial result
/// of its only output, when that partial result has no other use and the
/// op has a neutral element (an addition, a product, a maximum...).
Operation *soleCombiner(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1)
    return nullptr;
  Block &body = *op.getBlock();
  Value acc = body.getArgument(op.getNumDpsInputs());
  Value yielded = body.getTerminator()->getOperand(0);
  Operation *combiner = yielded.getDefiningOp();
  if (!combiner || combiner->getBlock() != &body ||
      combiner->getNumOperands() != 2 || !acc.hasOneUse() ||
      !llvm::is_contained(combiner->getOperands(), acc) ||
      !arith::getNeutralElement(combiner))
    return nullptr;
  return combiner;
}

/// How a reduction is lowered: its loops' bounds, and the body.
struct Lowering {
  linalg::GenericOp op;
  unsigned parallel;
  SmallVector<Value> lbs, ubs, steps;

  /// The reduction loop nest at the parallel indices `outer`, from `inits`,
  /// its first reduction loop from `first` to `last` (by default its
  /// bounds).
  SmallVector<Value> reduceFrom(OpBuilder &b, Location loc, ValueRange outer,
                                ValueRange inits, Value first = {},
                                Value last = {}) {
    Block &body = *op.getBlock();
    auto yield = cast<linalg::YieldOp>(body.getTerminator());
    auto from = llvm::to_vector(ArrayRef<Value>(lbs).drop_front(parallel));
    auto to = llvm::to_vector(ArrayRef<Value>(ubs).drop_front(parallel));
    if (first) {
      from.front() = first;
      to.front() = last;
    }
    auto nest = scf::buildLoopNest(
        b, loc, from, to, ArrayRef(steps).drop_front(parallel), inits,
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
    return nest.results;
  }

  /// Loads the outputs at `outer`, reduces, stores them back.
  void reduceInPlace(OpBuilder &b, Location loc, ValueRange outer) {
    SmallVector<Value> inits;
    for (OpOperand &init : op.getDpsInitsMutable())
      inits.push_back(memref::LoadOp::create(
          b, loc, init.get(),
          indicesAt(b, loc, op.getMatchingIndexingMap(&init), outer)));
    SmallVector<Value> results = reduceFrom(b, loc, outer, inits);
    for (auto [init, result] : llvm::zip(op.getDpsInitsMutable(), results))
      memref::StoreOp::create(
          b, loc, result, init.get(),
          indicesAt(b, loc, op.getMatchingIndexingMap(&init), outer));
  }

  /// A whole-array reduction in `kParts` parts (at most; fewer for fewer
  /// than kPartSize iterations each) of its first loop, each from the
  /// combiner's neutral element, in an scf.parallel (which
  /// array-cpu-parallel-loops shares among threads), then combined in
  /// order: the same parts, and the same result, on any number of threads.
  static constexpr int64_t kParts = 32;
  static constexpr int64_t kPartSize = 1024;

  void reduceInParts(RewriterBase &b, Location loc, Operation *combiner) {
    Value out = op.getDpsInitsMutable()[0].get();
    Type type = combiner->getResult(0).getType();
    // The parts' results, in a stack buffer at the function's entry.
    Value partials;
    {
      OpBuilder::InsertionGuard guard(b);
      auto function = op->getParentOfType<FunctionOpInterface>();
      b.setInsertionPointToStart(&function.getFunctionBody().front());
      partials =
          memref::AllocaOp::create(b, loc, MemRefType::get({kParts}, type));
    }
    auto index = [&](int64_t value) -> Value {
      return arith::ConstantIndexOp::create(b, loc, value);
    };
    Value lb = lbs.front(), ub = ubs.front(), step = steps.front();
    Value trips = arith::CeilDivUIOp::create(
        b, loc, arith::SubIOp::create(b, loc, ub, lb), step);
    Value parts = arith::MinUIOp::create(
        b, loc, index(kParts),
        arith::CeilDivUIOp::create(b, loc, trips, index(kPartSize)));
    Value perPart = arith::MulIOp::create(
        b, loc, step,
        arith::CeilDivUIOp::create(
            b, loc, trips, arith::MaxUIOp::create(b, loc, parts, index(1))));
    Value neutral =
        arith::ConstantOp::create(b, loc, *arith::getNeutralElement(combiner));
    scf::ParallelOp::create(
        b, loc, index(0), parts, index(1),
        [&](OpBuilder &b, Location loc, ValueRange part) {
          Value first = arith::AddIOp::create(
              b, loc, lb, arith::MulIOp::create(b, loc, part[0], perPart));
          Value last = arith::MinSIOp::create(
              b, loc, arith::AddIOp::create(b, loc, first, perPart), ub);
          Value result = reduceFrom(b, loc, {}, neutral, first, last).front();
          memref::StoreOp::create(b, loc, result, partials, part[0]);
        });
    Value init = memref::LoadOp::create(b, loc, out, ValueRange());
    auto combine = scf::ForOp::create(
        b, loc, index(0), parts, index(1), init,
        [&](OpBuilder &b, Location loc, Value part, ValueRange acc) {
          Value partial = memref::LoadOp::create(b, loc, partials, part);
          OperationState state(loc, combiner->getName());
          state.addOperands({acc[0], partial});
          state.addTypes(type);
          state.addAttributes(combiner->getAttrs());
          scf::YieldOp::create(b, loc, b.create(state)->getResult(0));
        });
    memref::StoreOp::create(b, loc, combine.getResult(0), out, ValueRange());
  }
};

/// Whether a whole-array reduction is worth splitting: not when it is
/// known to be short.
bool worthSplitting(ArrayRef<Value> lbs, ArrayRef<Value> ubs,
                    ArrayRef<Value> steps) {
  int64_t work = 1;
  for (auto [lb, ub, step] : llvm::zip(lbs, ubs, steps)) {
    auto l = getConstantIntValue(lb), u = getConstantIntValue(ub),
         s = getConstantIntValue(step);
    if (!l || !u || !s)
      return true;
    work *= llvm::divideCeil(*u - *l, *s);
  }
  return work >= Lowering::kParts * Lowering::kPartSize;
}

void lower(RewriterBase &rewriter, linalg::GenericOp op, unsigned parallel) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Lowering lowering{op, parallel, {}, {}, {}};
  for (Range range : cast<linalg::LinalgOp>(op.getOperation())
                         .createLoopRanges(rewriter, loc)) {
    lowering.lbs.push_back(
        getValueOrCreateConstantIndexOp(rewriter, loc, range.offset));
    lowering.ubs.push_back(
        getValueOrCreateConstantIndexOp(rewriter, loc, range.size));
    lowering.steps.push_back(
        getValueOrCreateConstantIndexOp(rewriter, loc, range.stride));
  }
  Operation *combiner = parallel == 0 ? soleCombiner(op) : nullptr;
  if (combiner && worthSplitting(lowering.lbs, lowering.ubs, lowering.steps)) {
    lowering.reduceInParts(rewriter, loc, combiner);
  } else if (parallel == 0) {
    lowering.reduceInPlace(rewriter, loc, {});
  } else {
    scf::ParallelOp::create(rewriter, loc,
                            ArrayRef(lowering.lbs).take_front(parallel),
                            ArrayRef(lowering.ubs).take_front(parallel),
                            ArrayRef(lowering.steps).take_front(parallel),
                            [&](OpBuilder &b, Location loc, ValueRange ivs) {
                              lowering.reduceInPlace(b, loc, ivs);
                            });
  }
  rewriter.eraseOp(op);
}

/// The loop order of a contraction whose output's last dimension `j` is
/// some input's last dimension too (a matrix product: C[i, j] += A[i, k] *
/// B[k, j]): the other parallel dimensions, the reduction dimensions, then
/// `j`, so that the innermost loop runs along rows of the output and of
/// that input (contiguous, vectorized) instead of down a column of it.
std::optional<SmallVector<unsigned>> contiguousOrder(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumReductionLoops() == 0 ||
      op.getNumDpsInits() != 1)
    return std::nullopt;
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (out.getNumResults() == 0)
    return std::nullopt;
  auto last = dyn_cast<AffineDimExpr>(out.getResults().back());
  if (!last)
    return std::nullopt;
  unsigned j = last.getPosition();
  bool contiguous = llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *in) {
    AffineMap map = op.getMatchingIndexingMap(in);
    return map.getNumResults() > 0 && map.getResults().back() == last;
  });
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (!contiguous || iterators[j] != utils::IteratorType::parallel)
    return std::nullopt;
  SmallVector<unsigned> order;
  for (unsigned d = 0; d < iterators.size(); ++d)
    if (d != j && iterators[d] == utils::IteratorType::parallel)
      order.push_back(d);
  for (unsigned d = 0; d < iterators.size(); ++d)
    if (iterators[d] == utils::IteratorType::reduction)
      order.push_back(d);
  order.push_back(j);
  if (llvm::equal(order, llvm::seq<unsigned>(0, order.size())))
    return std::nullopt;
  return order;
}

struct ReductionLoops
    : array::impl::ArrayCpuReductionLoopsBase<ReductionLoops> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // Named reductions (matmul, matvec, dot, reduce...) as generic ops.
    SmallVector<linalg::LinalgOp> named;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!isa<linalg::GenericOp>(op) && op.hasPureBufferSemantics() &&
          op.getNumReductionLoops() > 0)
        named.push_back(op);
    });
    for (linalg::LinalgOp op : named) {
      rewriter.setInsertionPoint(op);
      (void)linalg::generalizeNamedOp(rewriter, op);
    }
    // Contractions: reordered, they are left to the loop lowering.
    SmallVector<std::pair<linalg::GenericOp, SmallVector<unsigned>>> reorder;
    getOperation().walk([&](linalg::GenericOp op) {
      if (auto order = contiguousOrder(op))
        reorder.push_back({op, *order});
    });
    for (auto &[op, order] : reorder) {
      rewriter.setInsertionPoint(op);
      (void)linalg::interchangeGenericOp(rewriter, op, order);
    }
    SmallVector<std::pair<linalg::GenericOp, unsigned>> reductions;
    getOperation().walk([&](linalg::GenericOp op) {
      if (auto parallel = leadingParallelDims(op))
        reductions.push_back({op, *parallel});
    });
    for (auto [op, parallel] : reductions)
      lower(rewriter, op, parallel);
  }
};

} // namespace
