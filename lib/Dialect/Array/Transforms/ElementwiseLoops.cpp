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

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <functional>

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYELEMENTWISELOOPS
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// An invariant tensor read at the new op's index through `map`.
using InvariantRead = std::pair<Value, AffineMap>;

bool isScalar(Type type) { return type.isIntOrIndexOrFloat(); }

/// How the op over the carried shape (`rank` dimensions) reads what a 0-d
/// op reads through `map`: a 0-d value, read the same at every element.
AffineMap outerMap(AffineMap map, int64_t rank) {
  if (map.getNumDims() != 0 || rank == 0)
    return map;
  return AffineMap::get(rank, 0, {}, map.getContext());
}

/// What an scf.for and an scf.while have in common here: the values each
/// iteration starts from, and the blocks that compute the next ones.
struct LoopParts {
  Operation *op;
  ValueRange inits;
  /// The values carried into an iteration (scf.while: before's arguments;
  /// after's are the forwarded ones, of the same types).
  Block::BlockArgListType carried;
  SmallVector<Block *> blocks; // in execution order

  static std::optional<LoopParts> of(Operation *op) {
    if (auto loop = dyn_cast<scf::ForOp>(op))
      return LoopParts{
          op, loop.getInitArgs(), loop.getRegionIterArgs(), {loop.getBody()}};
    auto loop = dyn_cast<scf::WhileOp>(op);
    if (!loop)
      return std::nullopt;
    // After's arguments are the forwarded values: their types must be
    // before's for the element loop to forward elements.
    if (!llvm::equal(ValueRange(loop.getBeforeArguments()).getTypes(),
                     ValueRange(loop.getAfterArguments()).getTypes()))
      return std::nullopt;
    return LoopParts{op,
                     loop.getInits(),
                     loop.getBeforeArguments(),
                     {loop.getBeforeBody(), loop.getAfterBody()}};
  }
};

/// Whether a loop is elementwise over the tensors it carries: each value it
/// computes is a tensor of the carried shape computed per element
/// (`varying`), a scalar the same for every element (`uniform`), or a
/// loop-invariant value.
class LoopAnalysis {
public:
  explicit LoopAnalysis(const LoopParts &loop) : loop(loop) {}

  /// Whether the loop can be rewritten; fills `invariants` and `shape`.
  bool run() {
    // The carried shape: the highest rank's (0-d arrays carried next to
    // arrays, counters say, are the same for every element).
    for (Value arg : loop.carried)
      if (auto type = dyn_cast<RankedTensorType>(arg.getType()))
        if (!shape || type.getRank() > shape.getRank())
          shape = type;
    unsigned tensors = 0;
    for (Value arg : loop.carried)
      if (!addCarried(arg, tensors))
        return false;
    if (!tensors)
      return false;
    // Several tensors of a dynamic shape may differ in size at run time.
    if (!shape.hasStaticShape() && tensors > 1)
      return false;
    // The element loop computes no scalar result for after the loop.
    for (Value result : loop.op->getResults())
      if ((isScalar(result.getType()) || isCounter(result.getType())) &&
          !result.use_empty())
        return false;
    if (auto forOp = dyn_cast<scf::ForOp>(loop.op))
      uniform.insert(forOp.getInductionVar());
    findHoistable();
    for (Block *block : loop.blocks) {
      for (BlockArgument arg : block->getArguments())
        if (!llvm::is_contained(loop.carried, arg) && !addCarried(arg, tensors))
          return false;
      for (Operation &op : block->without_terminator())
        if (!hoistable.contains(&op) && !accept(op))
          return false;
      Operation *terminator = block->getTerminator();
      ValueRange next = terminator->getOperands();
      if (auto condition = dyn_cast<scf::ConditionOp>(terminator)) {
        if (!acceptNext(condition.getCondition()))
          return false;
        next = condition.getArgs();
      }
      for (Value value : next)
        if (!acceptNext(value))
          return false;
    }
    return true;
  }

  SmallVector<InvariantRead> invariants;
  RankedTensorType shape;
  /// The loop's shape checks, in order.
  SmallVector<cf::AssertOp> checks;
  /// The ops that do not depend on the loop and have no side effects, in
  /// order: moved before it when it is rewritten (elementwise ops of
  /// invariant tensors are not speculatable to upstream's loop-invariant
  /// code motion; computing them once even when the loop runs no
  /// iteration is harmless here). A loop left alone keeps them.
  SetVector<Operation *> hoistable;

private:
  void findHoistable() {
    for (Block *block : loop.blocks)
      for (Operation &op : block->without_terminator()) {
        if (!isMemoryEffectFree(&op))
          continue;
        // Every value the op or its regions use from outside it.
        WalkResult uses = op.walk([&](Operation *inner) {
          for (Value operand : inner->getOperands())
            if (!op.isAncestor(operand.getParentRegion()->getParentOp()) &&
                !isInvariant(operand))
              return WalkResult::interrupt();
          return WalkResult::advance();
        });
        if (!uses.wasInterrupted())
          hoistable.insert(&op);
      }
  }

  AffineMap identity() {
    return AffineMap::getMultiDimIdentityMap(shape.getRank(),
                                             loop.op->getContext());
  }

  bool isInvariant(Value value) {
    if (!loop.op->isAncestor(value.getParentRegion()->getParentOp()))
      return true;
    Operation *def = value.getDefiningOp();
    return def && hoistable.contains(def);
  }

  /// A value the loop carries: a tensor of the carried shape or a scalar.
  bool addCarried(Value value, unsigned &tensors) {
    if (isScalar(value.getType())) {
      uniform.insert(value);
      return true;
    }
    if (isCounter(value.getType())) {
      varying.insert(value); // a scalar per element, like a 0-d value
      return true;
    }
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || type.getShape() != shape.getShape())
      return false;
    varying.insert(value);
    ++tensors;
    return true;
  }

  /// Whether `type` is a 0-d array carried next to arrays of a higher rank.
  bool isCounter(Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.getRank() == 0 && shape.getRank() > 0;
  }

  /// Records an invariant tensor read through `map`; false if `value` is
  /// not invariant.
  bool readInvariant(Value value, AffineMap map) {
    if (!isInvariant(value) || !isa<RankedTensorType>(value.getType()))
      return false;
    map = outerMap(map, shape.getRank());
    if (!llvm::is_contained(invariants, InvariantRead(value, map)))
      invariants.push_back({value, map});
    return true;
  }

  /// Whether `map` reads a tensor of the carried shape at the element the
  /// op writes: the identity, but where a dimension has size 1, which a
  /// broadcast reads at 0.
  bool readsSameElement(AffineMap map) {
    if (map.getNumResults() != static_cast<unsigned>(shape.getRank()))
      return false;
    for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
      if (expr == getAffineDimExpr(dim, map.getContext()))
        continue;
      auto constant = dyn_cast<AffineConstantExpr>(expr);
      if (!constant || constant.getValue() != 0 || shape.getDimSize(dim) != 1)
        return false;
    }
    return true;
  }

  /// A value an iteration hands on (yields, forwards, or tests).
  bool acceptNext(Value value) {
    if (varying.contains(value) || uniform.contains(value))
      return true;
    if (isScalar(value.getType()))
      return isInvariant(value);
    return readInvariant(value, identity());
  }

  bool accept(Operation &op) {
    if (auto generic = dyn_cast<linalg::GenericOp>(op))
      return acceptGeneric(generic);
    if (isa<tensor::EmptyOp>(op))
      return true;
    // The sizes of a carried tensor (of a dynamic shape) are its initial
    // value's.
    if (auto dim = dyn_cast<tensor::DimOp>(op)) {
      if (!varying.contains(dim.getSource()) || shape.getRank() == 0)
        return false;
      uniform.insert(dim.getResult());
      shapeInvariant.insert(dim.getResult());
      return true;
    }
    // A check of the carried shapes (dynamic sizes that must match): the
    // same in every iteration, so made once before the loop when it runs
    // an iteration.
    if (auto check = dyn_cast<cf::AssertOp>(op)) {
      if (!isa<scf::ForOp>(loop.op) || !isShapeInvariant(check.getArg()))
        return false;
      checks.push_back(check);
      return true;
    }
    if (auto elements = dyn_cast<tensor::FromElementsOp>(op)) {
      if (elements.getType().getRank() != 0)
        return false;
      varying.insert(elements.getResult());
      return true;
    }
    // A 0-d value's scalar (a counter's, for a while loop's condition).
    if (auto extract = dyn_cast<tensor::ExtractOp>(op)) {
      if (extract.getTensor().getType().getRank() != 0 ||
          !varying.contains(extract.getTensor()))
        return false;
      uniform.insert(extract.getResult());
      return true;
    }
    // Scalar arithmetic (of the induction variable, say): cloned into the
    // element loop.
    if (op.getNumRegions() != 0 || !isMemoryEffectFree(&op) ||
        !llvm::all_of(op.getOperandTypes(), isScalar) ||
        !llvm::all_of(op.getResultTypes(), isScalar))
      return false;
    uniform.insert(op.result_begin(), op.result_end());
    if (llvm::all_of(op.getOperands(),
                     [&](Value v) { return isShapeInvariant(v); }))
      shapeInvariant.insert(op.result_begin(), op.result_end());
    return true;
  }

  /// Whether `value` is the same in every iteration and computable before
  /// the loop: invariant, a size of a carried tensor, or scalar arithmetic
  /// of such values.
  bool isShapeInvariant(Value value) {
    return shapeInvariant.contains(value) ||
           (isScalar(value.getType()) && isInvariant(value));
  }

  /// A 0-d op of 0-d values (a counter's increment): the same scalar
  /// computation for every element.
  bool acceptScalarGeneric(linalg::GenericOp op) {
    for (OpOperand &operand : op->getOpOperands()) {
      BlockArgument arg = op.getMatchingBlockArgument(&operand);
      if (op.isDpsInit(&operand) && arg.use_empty())
        continue;
      Value value = operand.get();
      if (!varying.contains(value) &&
          !readInvariant(value, op.getMatchingIndexingMap(&operand)))
        return false;
    }
    if (!capturesScalarsOnly(op))
      return false;
    varying.insert(op->result_begin(), op->result_end());
    return true;
  }

  /// Whether the values of the loop that `op`'s body uses are scalars (a
  /// captured carried tensor could be read at any element).
  bool capturesScalarsOnly(linalg::GenericOp op) {
    WalkResult captures = op.getRegion().walk([&](Operation *inner) {
      for (Value operand : inner->getOperands())
        if (!isInvariant(operand) &&
            !op.getRegion().isAncestor(operand.getParentRegion()) &&
            !uniform.contains(operand))
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return !captures.wasInterrupted();
  }

  bool acceptGeneric(linalg::GenericOp op) {
    if (op.getNumLoops() == 0 && shape.getRank() > 0)
      return acceptScalarGeneric(op);
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
        if (cast<ShapedType>(value.getType()).getRank() == 0)
          continue;
        if (!readsSameElement(map))
          return false;
        readsVarying = true;
        continue;
      }
      if (!readInvariant(value, map))
        return false;
    }
    if (!capturesScalarsOnly(op))
      return false;
    // A dynamic domain is the carried tensor's only where the op reads it.
    if (!shape.hasStaticShape() && !readsVarying)
      return false;
    varying.insert(op->result_begin(), op->result_end());
    return true;
  }

  const LoopParts &loop;
  /// Tensors whose elements the rewritten loop computes per element.
  DenseSet<Value> varying;
  /// Scalars of the loop, the same for every element.
  DenseSet<Value> uniform;
  /// Scalars the same in every iteration (see isShapeInvariant).
  DenseSet<Value> shapeInvariant;
};

/// Clones a loop's blocks into the body of the element loop: the element of
/// each varying tensor instead of the tensor, the scalars as they are.
class ElementCloner {
public:
  ElementCloner(const DenseMap<InvariantRead, Value> &invariantElement,
                ArrayRef<Value> indices, Value sizesOf)
      : invariantElement(invariantElement), indices(indices), sizesOf(sizesOf) {
  }

  /// Maps a block argument to its element (a tensor) or value (a scalar).
  void bind(Value arg, Value value) {
    if (isScalar(arg.getType()))
      scalars.map(arg, value);
    else
      element[arg] = value;
  }

  /// The element (or the scalar) `value` stands for, read through `map`
  /// where it is an invariant tensor.
  Value lookup(Value value, AffineMap map) {
    if (Value known = element.lookup(value))
      return known;
    if (isScalar(value.getType()))
      return scalars.lookupOrDefault(value);
    return invariantElement.lookup(
        {value, outerMap(map, static_cast<int64_t>(indices.size()))});
  }

  /// Clones the ops of `block` but its terminator.
  void clone(OpBuilder &b, Location loc, Block &block) {
    for (Operation &op : block.without_terminator()) {
      if (isa<tensor::EmptyOp, cf::AssertOp>(op))
        continue;
      if (auto dim = dyn_cast<tensor::DimOp>(op)) {
        scalars.map(
            dim.getResult(),
            tensor::DimOp::create(b, loc, sizesOf,
                                  scalars.lookupOrDefault(dim.getIndex())));
        continue;
      }
      if (auto elements = dyn_cast<tensor::FromElementsOp>(op)) {
        element[elements.getResult()] =
            scalars.lookupOrDefault(elements.getElements()[0]);
        continue;
      }
      if (auto extract = dyn_cast<tensor::ExtractOp>(op)) {
        scalars.map(extract.getResult(), element.lookup(extract.getTensor()));
        continue;
      }
      auto inner = dyn_cast<linalg::GenericOp>(op);
      if (!inner) {
        b.clone(op, scalars);
        continue;
      }
      // The loop's scalars that the op's body captures, its arguments'
      // elements and the domain's indices.
      IRMapping mapping = scalars;
      for (OpOperand &operand : inner->getOpOperands()) {
        BlockArgument arg = inner.getMatchingBlockArgument(&operand);
        if (!arg.use_empty())
          mapping.map(arg, lookup(operand.get(),
                                  inner.getMatchingIndexingMap(&operand)));
      }
      for (Operation &bodyOp : inner.getBody()->without_terminator()) {
        if (auto index = dyn_cast<linalg::IndexOp>(bodyOp))
          mapping.map(index.getResult(), indices[index.getDim()]);
        else
          b.clone(bodyOp, mapping);
      }
      auto yield = cast<linalg::YieldOp>(inner.getBody()->getTerminator());
      for (auto [result, value] :
           llvm::zip(inner.getResults(), yield.getValues()))
        element[result] = mapping.lookupOrDefault(value);
    }
  }

  /// Clones `block` with its arguments bound to `args`; returns the
  /// elements (or scalars) of what its terminator hands on.
  SmallVector<Value> cloneBlock(OpBuilder &b, Location loc, Block &block,
                                ValueRange args, AffineMap identity) {
    for (auto [arg, value] : llvm::zip_equal(block.getArguments(), args))
      bind(arg, value);
    clone(b, loc, block);
    return lookupAll(block.getTerminator()->getOperands(), identity);
  }

  SmallVector<Value> lookupAll(ValueRange values, AffineMap identity) {
    return llvm::map_to_vector(
        values, [&](Value value) { return lookup(value, identity); });
  }

private:
  const DenseMap<InvariantRead, Value> &invariantElement;
  ArrayRef<Value> indices;
  Value sizesOf;
  DenseMap<Value, Value> element;
  IRMapping scalars;
};

/// Makes the shape checks of an scf.for before it, when it runs an
/// iteration: their conditions from the carried tensors' initial sizes.
void hoistChecks(scf::ForOp loop, ArrayRef<cf::AssertOp> checks,
                 Value sizesOf) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Value runs =
      arith::CmpIOp::create(b, loc,
                            loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                  : arith::CmpIPredicate::slt,
                            loop.getLowerBound(), loop.getUpperBound());
  auto ifOp = scf::IfOp::create(b, loc, runs, /*withElseRegion=*/false);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  IRMapping mapping;
  std::function<Value(Value)> materialize = [&](Value value) -> Value {
    if (!loop->isAncestor(value.getParentRegion()->getParentOp()))
      return value;
    if (Value done = mapping.lookupOrNull(value))
      return done;
    Operation *def = value.getDefiningOp();
    Value result;
    if (auto dim = dyn_cast<tensor::DimOp>(def)) {
      result =
          tensor::DimOp::create(b, loc, sizesOf, materialize(dim.getIndex()));
    } else {
      for (Value operand : def->getOperands())
        materialize(operand);
      result = b.clone(*def, mapping)
                   ->getResult(cast<OpResult>(value).getResultNumber());
    }
    mapping.map(value, result);
    return result;
  };
  for (cf::AssertOp check : checks)
    cf::AssertOp::create(b, check.getLoc(), materialize(check.getArg()),
                         check.getMsg());
}

/// Replaces `loop` by one linalg.generic whose body runs it on elements.
void rewrite(const LoopParts &loop, RankedTensorType shape,
             ArrayRef<InvariantRead> invariants,
             ArrayRef<cf::AssertOp> checks) {
  OpBuilder b(loop.op);
  Location loc = loop.op->getLoc();
  unsigned rank = shape.getRank();
  AffineMap identity =
      AffineMap::getMultiDimIdentityMap(rank, loop.op->getContext());

  // The positions of the carried tensors of the carried shape, and one of
  // their initial values (the domain's sizes); of the 0-d ones carried next
  // to them (counters: the same scalar at every element).
  SmallVector<unsigned> tensorPositions, counterPositions;
  for (auto [i, init] : llvm::enumerate(loop.inits)) {
    if (isScalar(init.getType()))
      continue;
    if (rank > 0 && cast<ShapedType>(init.getType()).getRank() == 0)
      counterPositions.push_back(i);
    else
      tensorPositions.push_back(i);
  }
  Value sizesOf = loop.inits[tensorPositions.front()];
  if (!checks.empty())
    hoistChecks(cast<scf::ForOp>(loop.op), checks, sizesOf);

  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (const InvariantRead &read : invariants) {
    inputs.push_back(read.first);
    maps.push_back(read.second);
  }
  for (unsigned i : tensorPositions) {
    inputs.push_back(loop.inits[i]);
    maps.push_back(identity);
  }
  for (unsigned i : counterPositions) {
    inputs.push_back(loop.inits[i]);
    maps.push_back(AffineMap::get(rank, 0, {}, loop.op->getContext()));
  }
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, sizesOf);
  SmallVector<Value> outputs;
  SmallVector<Type> resultTypes;
  for (unsigned i : tensorPositions) {
    Type type = loop.op->getResult(i).getType();
    outputs.push_back(tensor::EmptyOp::create(
        b, loc, sizes, cast<ShapedType>(type).getElementType()));
    maps.push_back(identity);
    resultTypes.push_back(type);
  }
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);

  auto generic = linalg::GenericOp::create(
      b, loc, resultTypes, inputs, outputs, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> indices;
        for (unsigned dim = 0; dim < rank; ++dim)
          indices.push_back(linalg::IndexOp::create(nb, nloc, dim));
        DenseMap<InvariantRead, Value> invariantElement;
        for (auto [read, arg] : llvm::zip(invariants, args))
          invariantElement[read] = arg;
        // The element loop starts from the carried tensors' elements and
        // the carried scalars' initial values.
        SmallVector<Value> inits(loop.inits.begin(), loop.inits.end());
        for (auto [k, i] : llvm::enumerate(tensorPositions))
          inits[i] = args[invariants.size() + k];
        for (auto [k, i] : llvm::enumerate(counterPositions))
          inits[i] = args[invariants.size() + tensorPositions.size() + k];
        ElementCloner cloner(invariantElement, indices, sizesOf);
        ValueRange results;
        if (auto forOp = dyn_cast<scf::ForOp>(loop.op)) {
          auto elementLoop = scf::ForOp::create(
              nb, nloc, forOp.getLowerBound(), forOp.getUpperBound(),
              forOp.getStep(), inits,
              [&](OpBuilder &lb, Location lloc, Value iv, ValueRange carried) {
                SmallVector<Value> args{iv};
                llvm::append_range(args, carried);
                scf::YieldOp::create(lb, lloc,
                                     cloner.cloneBlock(lb, lloc,
                                                       *forOp.getBody(), args,
                                                       identity));
              },
              forOp.getUnsignedCmp());
          results = elementLoop.getResults();
        } else {
          auto whileOp = cast<scf::WhileOp>(loop.op);
          auto elementLoop = scf::WhileOp::create(
              nb, nloc, ValueRange(inits).getTypes(), inits,
              [&](OpBuilder &lb, Location lloc, ValueRange carried) {
                // The condition, then the forwarded values.
                SmallVector<Value> next = cloner.cloneBlock(
                    lb, lloc, *whileOp.getBeforeBody(), carried, identity);
                scf::ConditionOp::create(lb, lloc, next.front(),
                                         ArrayRef(next).drop_front());
              },
              [&](OpBuilder &lb, Location lloc, ValueRange forwarded) {
                scf::YieldOp::create(lb, lloc,
                                     cloner.cloneBlock(lb, lloc,
                                                       *whileOp.getAfterBody(),
                                                       forwarded, identity));
              });
          results = elementLoop.getResults();
        }
        SmallVector<Value> elements;
        for (unsigned i : tensorPositions)
          elements.push_back(results[i]);
        linalg::YieldOp::create(nb, nloc, elements);
        for (Value index : indices)
          if (index.use_empty())
            index.getDefiningOp()->erase();
      });
  for (auto [k, i] : llvm::enumerate(tensorPositions))
    loop.op->getResult(i).replaceAllUsesWith(generic.getResult(k));
  loop.op->erase();
  // What only the checks read (the sizes they compare) is dead inside.
  generic.getRegion().walk<WalkOrder::PostOrder, ReverseIterator>(
      [](Operation *op) {
        if (isOpTriviallyDead(op))
          op->erase();
      });
}

struct ArrayElementwiseLoopsPass
    : array::impl::ArrayElementwiseLoopsBase<ArrayElementwiseLoopsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> loops;
    // Inner loops first: an inner loop rewritten may make its outer loop
    // elementwise too.
    getOperation()->walk<WalkOrder::PostOrder>([&](Operation *op) {
      if (isa<scf::ForOp, scf::WhileOp>(op))
        loops.push_back(op);
    });
    for (Operation *op : loops) {
      std::optional<LoopParts> loop = LoopParts::of(op);
      if (!loop)
        continue;
      LoopAnalysis analysis(*loop);
      if (!analysis.run())
        continue;
      for (Operation *invariant : analysis.hoistable)
        invariant->moveBefore(op);
      rewrite(*loop, analysis.shape, analysis.invariants, analysis.checks);
    }
  }
};

} // namespace
