//===- ElementwiseLoops.cpp - Loops elementwise over the arrays they carry ===//
//
// A loop such as `for _ in range(100): t = t * 1.0001 + 0.5` is, after
// array-to-linalg and elementwise fusion, an scf.for around one elementwise
// linalg.generic: a kernel launch per iteration, each reading and writing
// the whole array. Each element's next value depends only on that element,
// so the loop can run inside one elementwise op instead, per element, on
// scalars: this pass builds that op (the carried tensors' shape is its
// iteration domain) and clones the loop body's scalar computations into an
// scf.for in its body.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYELEMENTWISELOOPS
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// An invariant tensor read at the new op's index through `map`.
using InvariantRead = std::pair<Value, AffineMap>;

/// Why a loop stays as it is, or the plan to rewrite it.
class LoopAnalysis {
public:
  explicit LoopAnalysis(scf::ForOp loop) : loop(loop) {}

  /// Whether the loop can be rewritten; fills `invariants`.
  bool run() {
    if (loop.getNumRegionIterArgs() == 0)
      return false;
    for (BlockArgument arg : loop.getRegionIterArgs()) {
      auto type = dyn_cast<RankedTensorType>(arg.getType());
      if (!type)
        return false;
      if (!shape)
        shape = type;
      else if (type.getShape() != shape.getShape())
        return false;
      varying.insert(arg);
    }
    // Several tensors of a dynamic shape may differ in size at run time.
    if (!shape.hasStaticShape() && loop.getNumRegionIterArgs() > 1)
      return false;
    for (Operation &op : loop.getBody()->without_terminator())
      if (!accept(op))
        return false;
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (Value value : yield.getOperands())
      if (!varying.contains(value) &&
          !readInvariant(value, identity(shape.getRank())))
        return false;
    return true;
  }

  SmallVector<InvariantRead> invariants;

private:
  AffineMap identity(unsigned rank) {
    return AffineMap::getMultiDimIdentityMap(rank, loop.getContext());
  }

  bool isInvariant(Value value) { return loop.isDefinedOutsideOfLoop(value); }

  /// Records an invariant tensor read through `map`; false if `value` is
  /// not invariant.
  bool readInvariant(Value value, AffineMap map) {
    if (!isInvariant(value) || !isa<RankedTensorType>(value.getType()))
      return false;
    if (!llvm::is_contained(invariants, InvariantRead(value, map)))
      invariants.push_back({value, map});
    return true;
  }

  bool accept(Operation &op) {
    if (auto generic = dyn_cast<linalg::GenericOp>(op))
      return acceptGeneric(generic);
    if (isa<tensor::EmptyOp>(op))
      return true;
    // The sizes of a carried tensor (of a dynamic shape) are its initial
    // value's.
    if (auto dim = dyn_cast<tensor::DimOp>(op))
      return varying.contains(dim.getSource()) &&
             cast<ShapedType>(dim.getSource().getType()).getRank() != 0;
    if (auto elements = dyn_cast<tensor::FromElementsOp>(op)) {
      if (elements.getType().getRank() != 0)
        return false;
      varying.insert(elements.getResult());
      return true;
    }
    // Scalar arithmetic (of the induction variable, say): cloned into the
    // scalar loop.
    auto isScalar = [](Type type) { return type.isIntOrIndexOrFloat(); };
    return op.getNumRegions() == 0 && isMemoryEffectFree(&op) &&
           llvm::all_of(op.getOperandTypes(), isScalar) &&
           llvm::all_of(op.getResultTypes(), isScalar);
  }

  bool acceptGeneric(linalg::GenericOp op) {
    if (op.getNumParallelLoops() != op.getNumLoops() ||
        op.getNumLoops() != static_cast<unsigned>(shape.getRank()))
      return false;
    // The op's domain is the carried shape: its results have that shape
    // and are written at the identity.
    for (OpOperand &init : op.getDpsInitsMutable()) {
      auto type = dyn_cast<RankedTensorType>(init.get().getType());
      if (!type || type.getShape() != shape.getShape() ||
          !op.getMatchingIndexingMap(&init).isIdentity())
        return false;
    }
    bool readsVarying = false;
    for (OpOperand &operand : op->getOpOperands()) {
      BlockArgument arg = op.getMatchingBlockArgument(&operand);
      if (op.isDpsInit(&operand) && arg.use_empty())
        continue;
      Value value = operand.get();
      AffineMap map = op.getMatchingIndexingMap(&operand);
      if (varying.contains(value)) {
        // The same element only (0-d values are scalars).
        if (cast<ShapedType>(value.getType()).getRank() != 0 &&
            !map.isIdentity())
          return false;
        readsVarying |= map.isIdentity();
        continue;
      }
      if (!readInvariant(value, map))
        return false;
    }
    // Values of the loop body that the op's body captures: scalars only
    // (a captured carried tensor could be read at any element).
    WalkResult captures = op.getRegion().walk([&](Operation *inner) {
      for (Value operand : inner->getOperands())
        if (!isInvariant(operand) &&
            !op.getRegion().isAncestor(operand.getParentRegion()) &&
            !operand.getType().isIntOrIndexOrFloat())
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (captures.wasInterrupted())
      return false;
    // A dynamic domain is the carried tensor's only where the op reads it.
    if (!shape.hasStaticShape() && !readsVarying)
      return false;
    varying.insert(op->result_begin(), op->result_end());
    return true;
  }

  scf::ForOp loop;
  RankedTensorType shape;
  /// Tensors whose elements the rewritten loop computes per element.
  DenseSet<Value> varying;
};

/// Replaces `loop` by one linalg.generic whose body runs it on scalars.
void rewrite(scf::ForOp loop, ArrayRef<InvariantRead> invariants) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  MLIRContext *context = loop.getContext();
  auto shape = cast<RankedTensorType>(loop.getRegionIterArgs()[0].getType());
  unsigned rank = shape.getRank();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, context);

  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (const InvariantRead &read : invariants) {
    inputs.push_back(read.first);
    maps.push_back(read.second);
  }
  for (Value init : loop.getInitArgs()) {
    inputs.push_back(init);
    maps.push_back(identity);
  }
  SmallVector<OpFoldResult> sizes =
      tensor::getMixedSizes(b, loc, loop.getInitArgs()[0]);
  SmallVector<Value> outputs;
  for (Value init : loop.getInitArgs()) {
    outputs.push_back(tensor::EmptyOp::create(
        b, loc, sizes, cast<ShapedType>(init.getType()).getElementType()));
    maps.push_back(identity);
  }
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);

  auto generic = linalg::GenericOp::create(
      b, loc, loop.getResultTypes(), inputs, outputs, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> indices;
        for (unsigned dim = 0; dim < rank; ++dim)
          indices.push_back(linalg::IndexOp::create(nb, nloc, dim));
        // Each invariant read's element.
        DenseMap<InvariantRead, Value> invariantElement;
        for (auto [read, arg] : llvm::zip(invariants, args))
          invariantElement[read] = arg;
        ValueRange initElements =
            args.slice(invariants.size(), loop.getNumRegionIterArgs());
        auto scalarLoop = scf::ForOp::create(
            nb, nloc, loop.getLowerBound(), loop.getUpperBound(),
            loop.getStep(), initElements,
            [&](OpBuilder &lb, Location lloc, Value iv, ValueRange carried) {
              // The element of each varying tensor, and the clones of the
              // body's scalars.
              DenseMap<Value, Value> element;
              IRMapping scalars;
              scalars.map(loop.getInductionVar(), iv);
              for (auto [arg, value] :
                   llvm::zip(loop.getRegionIterArgs(), carried))
                element[arg] = value;
              auto elementOf = [&](Value value, AffineMap map) {
                if (Value known = element.lookup(value))
                  return known;
                return invariantElement.lookup({value, map});
              };
              for (Operation &op : loop.getBody()->without_terminator()) {
                if (isa<tensor::EmptyOp>(op))
                  continue;
                if (auto dim = dyn_cast<tensor::DimOp>(op)) {
                  scalars.map(dim.getResult(),
                              tensor::DimOp::create(
                                  lb, lloc, loop.getInitArgs()[0],
                                  scalars.lookupOrDefault(dim.getIndex())));
                  continue;
                }
                if (auto elements = dyn_cast<tensor::FromElementsOp>(op)) {
                  element[elements.getResult()] =
                      scalars.lookupOrDefault(elements.getElements()[0]);
                  continue;
                }
                auto inner = dyn_cast<linalg::GenericOp>(op);
                if (!inner) {
                  lb.clone(op, scalars);
                  continue;
                }
                // The scalars of the loop body the op's body captures.
                IRMapping mapping = scalars;
                for (OpOperand &operand : inner->getOpOperands()) {
                  BlockArgument arg = inner.getMatchingBlockArgument(&operand);
                  if (!arg.use_empty())
                    mapping.map(
                        arg, elementOf(operand.get(),
                                       inner.getMatchingIndexingMap(&operand)));
                }
                for (Operation &bodyOp :
                     inner.getBody()->without_terminator()) {
                  if (auto index = dyn_cast<linalg::IndexOp>(bodyOp)) {
                    mapping.map(index.getResult(), indices[index.getDim()]);
                    continue;
                  }
                  lb.clone(bodyOp, mapping);
                }
                auto yield =
                    cast<linalg::YieldOp>(inner.getBody()->getTerminator());
                for (auto [result, value] :
                     llvm::zip(inner.getResults(), yield.getValues()))
                  element[result] = mapping.lookupOrDefault(value);
              }
              auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
              SmallVector<Value> next;
              for (Value value : yield.getOperands())
                next.push_back(elementOf(value, identity));
              scf::YieldOp::create(lb, lloc, next);
            });
        linalg::YieldOp::create(nb, nloc, scalarLoop.getResults());
        for (Value index : indices)
          if (index.use_empty())
            index.getDefiningOp()->erase();
      });
  loop.replaceAllUsesWith(generic.getResults());
  loop.erase();
}

struct ArrayElementwiseLoopsPass
    : array::impl::ArrayElementwiseLoopsBase<ArrayElementwiseLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    // Inner loops first: an inner loop rewritten may make its outer loop
    // elementwise too.
    getOperation()->walk<WalkOrder::PostOrder>(
        [&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      hoistInvariants(loop);
      LoopAnalysis analysis(loop);
      if (analysis.run())
        rewrite(loop, analysis.invariants);
    }
  }

  /// Moves the ops of `loop` that do not depend on it and have no side
  /// effects before it (elementwise ops of invariant tensors are not
  /// speculatable to upstream's loop-invariant code motion, which leaves
  /// them in; computing them once even when the loop runs no iteration is
  /// harmless here).
  static void hoistInvariants(scf::ForOp loop) {
    moveLoopInvariantCode(
        &loop.getRegion(),
        [&](Value value, Region *) {
          return loop.isDefinedOutsideOfLoop(value);
        },
        [&](Operation *op, Region *) { return isMemoryEffectFree(op); },
        [&](Operation *op, Region *) { loop.moveOutOfLoop(op); });
  }
};

} // namespace
