//===- RegisterLoops.cpp - Vector loops as one kernel, in registers -------===//
//
// An iterative solver's loop (conjugate gradients, power iteration, a
// Jacobi sweep) works on a few vectors of one length n: elementwise
// updates, dot products and norms that feed back as scalars, and products
// with a sparse matrix that stays the same. Launched kernel by kernel its
// iterations cost a few launches each; as phases of one persistent kernel
// (array-gpu-persistent-loops) they cost a grid barrier each, and every
// phase reloads its vectors. This pass runs such a loop inside one
// cooperative kernel whose threads each own the same elements for the
// whole loop: element i of every vector lives in a register of its owner,
// a dot product's partial sums are written in the phase that produces its
// terms, and the matrix's rows stay in registers too. Only what crosses
// threads goes through memory: each block's partial sums (every block then
// adds them up itself, in the same order, so all hold the same total) and
// a vector that a sparse product gathers. A grid barrier comes only before
// those reads; and where the gathered vector is carried and one
// elementwise kernel computed it (CG's p = r + beta * p), later iterations
// gather that kernel's inputs, stored before a barrier the iteration has
// anyway, and compute the vector's elements in the gather: two barriers
// per conjugate-gradient iteration.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Codegen/GPU/Passes.h"

#include "GpuUtils.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUREGISTERLOOPS
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using mlir::array::gpu_utils::cst;
namespace gpu_utils = mlir::array::gpu_utils;

namespace {

/// What the rewrite needs to know about an admitted loop.
struct Plan {
  scf::ForOp loop;
  /// Positions of the carried arrays: vectors (rank 1, all of one length
  /// n) and 0-d arrays; and of buffer deallocation's ownership flags.
  SmallVector<unsigned> vectors, scalars, flags;
  /// Buffers from before the loop that the body reads elementwise.
  SetVector<Value> outsideVectors, outsideScalars;
  /// The body's allocations (their sizes are checked against n).
  SmallVector<memref::AllocOp> allocs;
  /// Buffers from before the loop that only its body uses, writing them
  /// before it reads them: held like the body's allocations.
  SetVector<Value> owned;
  SmallVector<cf::AssertOp> asserts;
  SmallVector<linalg::GenericOp> reductions;
  SmallVector<arrayrt::CsrSpmvOp> products;
};

bool isVectorType(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.getRank() == 1 && memref.getLayout().isIdentity() &&
         memref.getElementType().isIntOrFloat();
}

bool isScalarType(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.getRank() == 0 && memref.getLayout().isIdentity() &&
         memref.getElementType().isIntOrFloat();
}

/// Whether the region of a linalg op only computes on its arguments and on
/// values from before `loop`.
bool pureBody(scf::ForOp loop, linalg::LinalgOp op) {
  WalkResult walk = op->getRegion(0).walk([&](Operation *inner) {
    if (inner->getNumRegions() || !isMemoryEffectFree(inner))
      return WalkResult::interrupt();
    for (Value operand : inner->getOperands())
      if (!op->getRegion(0).isAncestor(operand.getParentRegion()) &&
          !loop.isDefinedOutsideOfLoop(operand))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !walk.wasInterrupted();
}

/// Admits `plan.loop`; null or why not.
const char *admit(Plan &plan) {
  scf::ForOp loop = plan.loop;
  if (!loop.getInductionVar().getType().isIndex())
    return "an induction variable that is not an index";
  if (loop->getParentOfType<gpu::LaunchOp>())
    return "inside a kernel";
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  // What the body holds: vectors and 0-d arrays (a buffer of the loop and
  // the views that name it), and which have been written.
  DenseSet<Value> vectors, scalars, written, filled;
  for (auto [index, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
    Type type = arg.getType();
    if (isVectorType(type)) {
      plan.vectors.push_back(index);
      vectors.insert(arg);
    } else if (isScalarType(type)) {
      plan.scalars.push_back(index);
      scalars.insert(arg);
    } else if (type.isInteger(1) &&
               matchPattern(yield.getOperand(index), m_One())) {
      plan.flags.push_back(index);
    } else {
      return "a carried value that is not a vector or 0-d array";
    }
    written.insert(arg);
  }
  if (plan.vectors.empty())
    return "no carried vector";
  for (unsigned index : plan.flags)
    for (Operation *user : loop.getRegionIterArgs()[index].getUsers())
      if (!isa<scf::IfOp>(user))
        return "a carried flag used other than by a deallocation";

  // An operand the body reads: one of its arrays, already written, or a
  // buffer from before the loop (recorded).
  auto readable = [&](Value value, bool wantVector) {
    if (plan.owned.contains(value))
      return written.contains(value);
    if (loop.isDefinedOutsideOfLoop(value)) {
      if (wantVector ? !isVectorType(value.getType())
                     : !isScalarType(value.getType()))
        return false;
      (wantVector ? plan.outsideVectors : plan.outsideScalars).insert(value);
      return true;
    }
    return (wantVector ? vectors : scalars).contains(value) &&
           written.contains(value);
  };
  // An output the body writes once: one of its fresh allocations, or a
  // buffer allocated before the loop only for it (the body writes it before
  // reading it, and after the loop it is only freed).
  auto writable = [&](Value value, bool wantVector) {
    if (written.contains(value) || !value.getDefiningOp<memref::AllocOp>())
      return false;
    if (value.getParentBlock() == body)
      return (wantVector ? vectors : scalars).contains(value);
    if (!value.getParentRegion()->isAncestor(loop->getParentRegion()) ||
        !(wantVector ? isVectorType(value.getType())
                     : isScalarType(value.getType())) ||
        plan.outsideVectors.contains(value) ||
        plan.outsideScalars.contains(value))
      return false;
    for (Operation *user : value.getUsers())
      if (!loop->isAncestor(user) &&
          !isa<memref::DeallocOp, memref::ExtractAlignedPointerAsIndexOp,
               memref::ExtractStridedMetadataOp>(user))
        return false;
    plan.owned.insert(value);
    (wantVector ? vectors : scalars).insert(value);
    return true;
  };

  for (Operation &op : body->without_terminator()) {
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      if (!alloc.getSymbolOperands().empty())
        return "an allocation with symbols";
      if (isVectorType(alloc.getType()))
        vectors.insert(alloc);
      else if (isScalarType(alloc.getType()))
        scalars.insert(alloc);
      else
        return "an allocation that is not a vector or 0-d array";
      plan.allocs.push_back(alloc);
      continue;
    }
    if (auto cast = dyn_cast<memref::CastOp>(op)) {
      if (!vectors.contains(cast.getSource()) ||
          llvm::cast<MemRefType>(cast.getType()).getRank() != 1)
        return "a cast of something other than a vector of the loop";
      vectors.insert(cast);
      if (written.contains(cast.getSource()))
        written.insert(cast);
      continue;
    }
    if (auto fill = dyn_cast<linalg::FillOp>(op)) {
      if (fill.getOutputs().size() != 1 ||
          !loop.isDefinedOutsideOfLoop(fill.getInputs()[0]))
        return "a fill with a value computed in the loop";
      Value out = fill.getOutputs()[0];
      if (!writable(out, /*wantVector=*/false) &&
          !writable(out, /*wantVector=*/true))
        return "a fill of something other than a fresh array of the loop";
      written.insert(out);
      filled.insert(out);
      continue;
    }
    if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
      if (!generic.hasPureBufferSemantics() || generic.getNumDpsInits() != 1 ||
          !pureBody(loop, generic))
        return "a kernel that is not one output computed from its inputs";
      unsigned loops = generic.getNumLoops();
      auto iterators = generic.getIteratorTypesArray();
      Value out = generic.getDpsInits()[0];
      bool reduction =
          loops == 1 && iterators[0] == utils::IteratorType::reduction;
      for (OpOperand *input : generic.getDpsInputOperands()) {
        AffineMap map = generic.getMatchingIndexingMap(input);
        bool vector = map.getNumResults() == 1;
        if (loops == 0 && vector)
          return "a 0-d kernel reading a vector";
        if (vector && !map.isIdentity())
          return "a kernel reading a vector other than elementwise";
        if (!vector && map.getNumResults() != 0)
          return "a kernel over more than one dimension";
        if (!readable(input->get(), vector))
          return "a kernel reading an array the loop has not written";
      }
      if (loops > 1)
        return "a kernel over more than one dimension";
      if (reduction) {
        if (!gpu_utils::matchCombiner(generic))
          return "a reduction that is not one associative combination";
        if (!vectors.contains(out) && !scalars.contains(out))
          return "a reduction into an array from before the loop";
        if (!scalars.contains(out) || !written.contains(out) ||
            !out.getDefiningOp<memref::AllocOp>())
          return "a reduction into something other than a filled 0-d array";
        plan.reductions.push_back(generic);
        continue;
      }
      if (loops == 1 && iterators[0] != utils::IteratorType::parallel)
        return "a kernel that is neither elementwise nor a reduction";
      if (!generic.getMatchingIndexingMap(generic.getDpsInitOperand(0))
               .isIdentity())
        return "a kernel writing other than elementwise";
      if (!writable(out, /*wantVector=*/loops == 1))
        return "a kernel writing something other than a fresh array";
      written.insert(out);
      continue;
    }
    if (auto product = dyn_cast<arrayrt::CsrSpmvOp>(op)) {
      auto matrix =
          product.getHandle().getDefiningOp<arrayrt::CsrFromArraysOp>();
      if (!matrix || !loop.isDefinedOutsideOfLoop(matrix))
        return "a sparse product of a matrix made in the loop";
      if (product.getStream() || !product.getBeta().isZero())
        return "a sparse product on a stream or adding to its output";
      Type element =
          cast<MemRefType>(matrix.getData().getType()).getElementType();
      if (!element.isF32() && !element.isF64())
        return "a sparse product that is not float32 or float64";
      if (!readable(product.getX(), /*wantVector=*/true))
        return "a sparse product of a vector the loop has not written";
      // (beta is 0: a fill of the output before it does not matter.)
      if (!writable(product.getInit(), /*wantVector=*/true) &&
          !(filled.contains(product.getInit()) &&
            vectors.contains(product.getInit()) &&
            product.getInit().getDefiningOp<memref::AllocOp>()))
        return "a sparse product into something other than a fresh vector";
      written.insert(product.getInit());
      plan.products.push_back(product);
      continue;
    }
    if (auto check = dyn_cast<cf::AssertOp>(op)) {
      plan.asserts.push_back(check);
      continue;
    }
    if (isa<memref::DimOp>(op)) {
      auto dim = cast<memref::DimOp>(op);
      if (!vectors.contains(dim.getSource()) &&
          !loop.isDefinedOutsideOfLoop(dim.getSource()))
        return "a size of an array that is not a vector of the loop";
      continue;
    }
    if (isa<memref::ExtractStridedMetadataOp, memref::DeallocOp>(op))
      continue;
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      bool onlyFrees = ifOp.getNumResults() == 0;
      ifOp->walk([&](Operation *inner) {
        if (inner != ifOp && !isa<memref::DeallocOp, scf::YieldOp>(inner))
          onlyFrees = false;
      });
      if (!onlyFrees)
        return "a branch that does more than free buffers";
      continue;
    }
    if (op.getNumRegions() == 0 && isMemoryEffectFree(&op) &&
        op.getDialect()->getNamespace() == "arith")
      continue; // sizes and checks, computed on the host
    return "an operation that is not a vector kernel, a sparse product, an "
           "allocation or a check";
  }
  for (unsigned index : plan.vectors)
    if (!vectors.contains(yield.getOperand(index)) ||
        !written.contains(yield.getOperand(index)))
      return "a carried vector that is not the loop's";
  for (unsigned index : plan.scalars)
    if (!scalars.contains(yield.getOperand(index)) ||
        !written.contains(yield.getOperand(index)))
      return "a carried 0-d array that is not the loop's";
  // What the body computes on the host side (sizes, checks) must not feed
  // its kernels: scalars of the body are only sizes and conditions.
  for (Operation &op : body->without_terminator())
    if (op.getDialect()->getNamespace() == "arith")
      for (Operation *user : op.getUsers())
        if (!isa<cf::AssertOp, memref::AllocOp>(user) &&
            user->getDialect()->getNamespace() != "arith")
          return "a scalar of the loop used by a kernel";
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Host side: sizes and checks computed before the loop
//===----------------------------------------------------------------------===//

/// Clones what a size or check of the body is computed from before the
/// loop, every vector's length being `n`; null when something is not a
/// function of sizes and values from before the loop.
Value onHost(OpBuilder &b, scf::ForOp loop, Value value, Value n,
             IRMapping &mapping) {
  if (Value known = mapping.lookupOrNull(value))
    return known;
  if (loop.isDefinedOutsideOfLoop(value))
    return value;
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != loop.getBody())
    return nullptr;
  if (auto dim = dyn_cast<memref::DimOp>(def)) {
    if (!isVectorType(dim.getSource().getType()))
      return nullptr;
    mapping.map(value, n);
    return n;
  }
  if (def->getNumRegions() || !isMemoryEffectFree(def) ||
      def->getDialect()->getNamespace() != "arith")
    return nullptr;
  for (Value operand : def->getOperands())
    if (!onHost(b, loop, operand, n, mapping))
      return nullptr;
  b.clone(*def, mapping);
  return mapping.lookup(value);
}

//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

Value zeroOf(OpBuilder &b, Location loc, Type type) {
  return arith::ConstantOp::create(b, loc, type, b.getZeroAttr(type));
}

/// The ops of `op`'s body that use only its 0-d operands (mapped in
/// `mapping`) and values from outside it, cloned at `b` into `mapping`:
/// computed once per thread, not per element (a quotient of two totals),
/// and merged with other kernels' copies by CSE.
void hoistScalarOps(OpBuilder &b, linalg::GenericOp op, IRMapping &mapping) {
  Region &body = op.getRegion();
  for (Operation &inner : op.getBody()->without_terminator()) {
    if (inner.getNumRegions() || !isMemoryEffectFree(&inner) ||
        isa<linalg::IndexOp>(inner))
      continue;
    bool scalar = llvm::all_of(inner.getOperands(), [&](Value operand) {
      return mapping.contains(operand) ||
             !body.isAncestor(operand.getParentRegion());
    });
    if (scalar)
      b.clone(inner, mapping);
  }
}

/// Clones what of `op`'s body `mapping` does not hold yet (linalg.index is
/// `iv`); returns the yielded values.
SmallVector<Value> cloneRest(OpBuilder &b, linalg::GenericOp op, Value iv,
                             IRMapping &mapping) {
  for (Operation &inner : op.getBody()->without_terminator()) {
    if (inner.getNumResults() &&
        llvm::all_of(inner.getResults(),
                     [&](Value result) { return mapping.contains(result); }))
      continue;
    if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
      mapping.map(index.getResult(), iv);
      continue;
    }
    b.clone(inner, mapping);
  }
  SmallVector<Value> results;
  for (Value value : op.getBody()->getTerminator()->getOperands())
    results.push_back(mapping.lookupOrDefault(value));
  return results;
}

/// Emits the loop body inside the kernel, each thread on its own elements.
class KernelEmitter {
public:
  KernelEmitter(int64_t slots, int64_t rowEntries, int64_t blockSize)
      : numSlots(slots), rowEntries(rowEntries), blockSize(blockSize) {}

  // Set up by the rewrite.
  Value n, threadId, blockId, grid, counter;
  SmallVector<Value> index, valid; // each slot's element and whether it is one
  DenseMap<Operation *, Value> partials, gathered, scratch;
  /// A sparse product's cached rows: per slot, its first entry, end, and
  /// rowEntries columns and values.
  /// (In the matrix's index type, not `index`: 64-bit registers would
  /// double what a row takes.)
  struct Row {
    Value begin, count;
    SmallVector<Value> columns, values;
  };
  DenseMap<Operation *, SmallVector<Row>> rows;

  /// What each array of the body holds in this thread: a vector one value
  /// per slot, a 0-d array one value.
  DenseMap<Value, SmallVector<Value>> held;
  /// 0-d arrays whose value is a reduction's partial sums not yet added up.
  DenseMap<Value, std::pair<linalg::GenericOp, Value>> pendingTotals;
  Value parity;
  bool unsynced = false;

  /// A product of a carried vector that later iterations recompute in the
  /// gather: the kernel that computes the vector's next value, and its 0-d
  /// inputs' values the iteration before (iteration arguments).
  struct Recompute {
    linalg::GenericOp update;
    SmallVector<Value> carried;
  };
  DenseMap<Operation *, Recompute> recomputed;
  /// The vectors those gathers read, each with its two-halves buffer:
  /// carried ones stored at the start of the iteration, the body's after
  /// the op that completes them.
  DenseMap<Value, Value> leaves;
  SmallVector<Value> storeAtStart;
  DenseMap<Operation *, SmallVector<Value>> storeAfter;
  Value firstIteration;
  /// Grid barriers every iteration passes so far, and how many had been
  /// passed at the last recomputing gather and the last store of such a
  /// gather's input: each needs one after it before the next iteration.
  int64_t barriers = 0, lastGather = -1, lastLeafStore = -1;

  /// A slot's value of the vector `value` (in registers; a buffer from
  /// before the loop was loaded before it).
  Value slot(Value value, int64_t k) { return held.lookup(value)[k]; }

  void barrier(OpBuilder &b, Location loc) {
    arrayrt::GridBarrierOp::create(b, loc, counter);
    unsynced = false;
    ++barriers;
  }

  /// Stores this thread's elements of a recomputed vector's input into its
  /// half of the input's buffer.
  void storeLeaf(OpBuilder &b, Location loc, Value vector) {
    storeSlots(b, loc, held.lookup(vector), leaves.lookup(vector),
               halfOffset(b, loc));
    lastLeafStore = barriers;
  }

  /// The value of the 0-d array `value`: a pending reduction's total is
  /// added up first (after a grid barrier), the same way in every block.
  Value scalar(OpBuilder &b, Value value) {
    auto pending = pendingTotals.find(value);
    if (pending == pendingTotals.end())
      return held.lookup(value)[0];
    auto [op, init] = pending->second;
    pendingTotals.erase(pending);
    Location loc = op.getLoc();
    if (unsynced)
      barrier(b, loc);
    gpu_utils::Combiner combiner = *gpu_utils::matchCombiner(op);
    Value buffer = partials.lookup(op);
    Value base = arith::MulIOp::create(
        b, loc, arith::IndexCastUIOp::create(b, loc, b.getIndexType(), parity),
        grid);
    auto sum =
        scf::ForOp::create(b, loc, threadId, grid, cst(b, loc, blockSize),
                           ValueRange{combiner.neutralValue(b, loc)});
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(sum.getBody());
      Value at = arith::AddIOp::create(b, loc, base, sum.getInductionVar());
      Value part = memref::LoadOp::create(b, loc, buffer, at);
      scf::YieldOp::create(
          b, loc, combiner.combine(b, loc, sum.getRegionIterArgs()[0], part));
    }
    Value total =
        gpu_utils::blockReduce(b, loc, combiner, sum.getResult(0),
                               scratch.lookup(op), threadId, blockSize);
    total = combiner.combine(b, loc, init, total);
    held[value] = {total};
    return total;
  }

  /// Each slot's element `k` under `scf.if valid[k]`, the values `body`
  /// yields or `otherwise`'s.
  SmallVector<Value> perSlot(OpBuilder &b, Location loc, int64_t k,
                             TypeRange types,
                             function_ref<SmallVector<Value>(OpBuilder &)> body,
                             ArrayRef<Value> otherwise) {
    auto ifOp = scf::IfOp::create(b, loc, types, valid[k],
                                  /*withElseRegion=*/true);
    OpBuilder t = OpBuilder::atBlockBegin(ifOp.thenBlock());
    scf::YieldOp::create(t, loc, body(t));
    OpBuilder e = OpBuilder::atBlockBegin(ifOp.elseBlock());
    scf::YieldOp::create(e, loc, otherwise);
    return SmallVector<Value>(ifOp.getResults());
  }

  void emitGeneric(OpBuilder &b, linalg::GenericOp op) {
    Location loc = op.getLoc();
    Value out = op.getDpsInits()[0];
    bool vector = op.getNumLoops() == 1;
    bool reduction = vector && op.getIteratorTypesArray()[0] ==
                                   utils::IteratorType::reduction;
    // 0-d inputs first, at the top level (a total may need a barrier).
    SmallVector<Value> scalarInputs;
    for (OpOperand *input : op.getDpsInputOperands())
      scalarInputs.push_back(op.getMatchingIndexingMap(input).getNumResults() ==
                                     0
                                 ? scalar(b, input->get())
                                 : Value());
    // What only the 0-d inputs determine, once.
    IRMapping scalars;
    for (auto [i, input] : llvm::enumerate(op.getDpsInputOperands()))
      if (scalarInputs[i])
        scalars.map(op.getMatchingBlockArgument(input), scalarInputs[i]);
    hoistScalarOps(b, op, scalars);
    auto mapInputs = [&](IRMapping &mapping, int64_t k) {
      mapping = scalars;
      for (auto [i, input] : llvm::enumerate(op.getDpsInputOperands()))
        if (!scalarInputs[i])
          mapping.map(op.getMatchingBlockArgument(input),
                      slot(input->get(), k));
    };
    Type outType = getElementTypeOrSelf(out.getType());
    if (!vector) {
      IRMapping mapping;
      mapInputs(mapping, 0);
      mapping.map(op.getMatchingBlockArgument(op.getDpsInitOperand(0)),
                  held.count(out) ? held.lookup(out)[0]
                                  : zeroOf(b, loc, outType));
      held[out] = {cloneRest(b, op, Value(), mapping)[0]};
      return;
    }
    // The body on slot k's element, its output argument `init` (zero for
    // an elementwise op, the accumulator for a reduction), which is also
    // the value where the slot holds no element.
    auto atSlot = [&](int64_t k, Value init) {
      return perSlot(
          b, loc, k, init.getType(),
          [&](OpBuilder &t) {
            IRMapping mapping;
            mapInputs(mapping, k);
            mapping.map(op.getMatchingBlockArgument(op.getDpsInitOperand(0)),
                        init);
            return cloneRest(t, op, index[k], mapping);
          },
          init)[0];
    };
    if (!reduction) {
      SmallVector<Value> values;
      for (int64_t k = 0; k < numSlots; ++k)
        values.push_back(atSlot(k, zeroOf(b, loc, outType)));
      held[out] = values;
      return;
    }
    // A reduction: this thread's elements, then its block's total into the
    // partial sums; the grid's total is added up where it is first read.
    gpu_utils::Combiner combiner = *gpu_utils::matchCombiner(op);
    Value init = scalar(b, out);
    Value acc = combiner.neutralValue(b, loc);
    for (int64_t k = 0; k < numSlots; ++k)
      acc = atSlot(k, acc);
    Value total = gpu_utils::blockReduce(
        b, loc, combiner, acc, scratch.lookup(op), threadId, blockSize);
    Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        threadId, cst(b, loc, 0));
    gpu_utils::emitIf(b, loc, first, [&](OpBuilder &t) {
      Value base = arith::MulIOp::create(
          t, loc,
          arith::IndexCastUIOp::create(t, loc, t.getIndexType(), parity), grid);
      memref::StoreOp::create(
          t, loc, total, partials.lookup(op),
          ValueRange{arith::AddIOp::create(t, loc, base, blockId)});
    });
    unsynced = true;
    pendingTotals[out] = {op, init};
    held.erase(out);
  }

  /// Each slot's row of the product `op`, its entries' vector elements
  /// from `gather` (of a column, an index).
  SmallVector<Value> rowSums(OpBuilder &b, arrayrt::CsrSpmvOp op,
                             function_ref<Value(OpBuilder &, Value)> gather) {
    Location loc = op.getLoc();
    auto matrix = op.getHandle().getDefiningOp<arrayrt::CsrFromArraysOp>();
    Type element = getElementTypeOrSelf(matrix.getData().getType());
    SmallVector<Value> values;
    for (int64_t k = 0; k < numSlots; ++k) {
      Row &row = rows[op][k];
      Value zero = zeroOf(b, loc, element);
      values.push_back(perSlot(
          b, loc, k, element,
          [&](OpBuilder &t) {
            Value sum = zero;
            // The entries in registers: every one gathered, without a
            // branch (past the row's end from column 0), so that the loads
            // go out together; a term counts only where the row has its
            // entry (a select, not a multiply by zero: an infinite element
            // stays out).
            Type offsets = row.count.getType();
            for (int64_t e = 0; e < rowEntries; ++e) {
              Value has = arith::CmpIOp::create(
                  t, loc, arith::CmpIPredicate::slt,
                  arith::ConstantOp::create(t, loc, offsets,
                                            t.getIntegerAttr(offsets, e)),
                  row.count);
              Value column = arith::IndexCastOp::create(
                  t, loc, t.getIndexType(), row.columns[e]);
              Value term = arith::MulFOp::create(t, loc, row.values[e],
                                                 gather(t, column));
              sum = arith::SelectOp::create(
                  t, loc, has, arith::AddFOp::create(t, loc, sum, term), sum);
            }
            auto toIndex = [&](Value v) {
              return arith::IndexCastOp::create(t, loc, t.getIndexType(), v);
            };
            Value begin = toIndex(row.begin);
            Value rest =
                arith::AddIOp::create(t, loc, begin, cst(t, loc, rowEntries));
            Value end =
                arith::AddIOp::create(t, loc, begin, toIndex(row.count));
            auto tail = scf::ForOp::create(t, loc, rest, end, cst(t, loc, 1),
                                           ValueRange{sum});
            {
              OpBuilder l = OpBuilder::atBlockBegin(tail.getBody());
              Value e = tail.getInductionVar();
              Value column = arith::IndexCastOp::create(
                  l, loc, l.getIndexType(),
                  memref::LoadOp::create(l, loc, matrix.getIndices(), e));
              Value value = memref::LoadOp::create(l, loc, matrix.getData(), e);
              scf::YieldOp::create(l, loc,
                                   ValueRange{arith::AddFOp::create(
                                       l, loc, tail.getRegionIterArgs()[0],
                                       arith::MulFOp::create(
                                           l, loc, value, gather(l, column)))});
            }
            Value result = tail.getResult(0);
            double alpha = op.getAlpha().convertToDouble();
            if (alpha != 1.0)
              result = arith::MulFOp::create(
                  t, loc, result,
                  arith::ConstantOp::create(t, loc, element,
                                            t.getFloatAttr(element, alpha)));
            return SmallVector<Value>{result};
          },
          zero)[0]);
    }
    return values;
  }

  /// Stores each slot's value (of `values`, one per slot) into `buffer` at
  /// its element's index, plus `offset` if given.
  void storeSlots(OpBuilder &b, Location loc, ValueRange values, Value buffer,
                  Value offset = {}) {
    for (int64_t k = 0; k < numSlots; ++k)
      gpu_utils::emitIf(b, loc, valid[k], [&](OpBuilder &t) {
        Value at =
            offset ? arith::AddIOp::create(t, loc, offset, index[k]) : index[k];
        memref::StoreOp::create(t, loc, values[k], buffer, ValueRange{at});
      });
  }

  /// Where the half of a two-halves buffer that this iteration writes
  /// starts (the other half: the previous iteration's).
  Value halfOffset(OpBuilder &b, Location loc, bool previous = false) {
    Value half = parity;
    if (previous)
      half = arith::XOrIOp::create(b, loc, parity,
                                   arith::ConstantIntOp::create(b, loc, 1, 1));
    return arith::MulIOp::create(
        b, loc, arith::IndexCastUIOp::create(b, loc, b.getIndexType(), half),
        n);
  }

  void emitProduct(OpBuilder &b, arrayrt::CsrSpmvOp op) {
    Location loc = op.getLoc();
    Value x = op.getX();
    auto gatherFrom = [&](Value source, Value offset) {
      return [=](OpBuilder &t, Value column) -> Value {
        return memref::LoadOp::create(
            t, loc, source,
            ValueRange{arith::AddIOp::create(t, loc, offset, column)});
      };
    };
    Value buffer = gathered.lookup(op);
    if (!buffer) {
      // A vector from before the loop: gathered where it is.
      held[op.getInit()] = rowSums(b, op, gatherFrom(x, cst(b, loc, 0)));
      return;
    }
    auto recompute = recomputed.find(op);
    if (recompute == recomputed.end()) {
      // The vector is this loop's: each thread stores its elements (in the
      // half of the buffer this iteration uses), then the grid meets.
      Value offset = halfOffset(b, loc);
      storeSlots(b, loc, held.lookup(x), buffer, offset);
      barrier(b, loc);
      // (The next iteration's store goes to the other half, and the one
      // after it comes after the next iteration's barrier.)
      held[op.getInit()] = rowSums(b, op, gatherFrom(buffer, offset));
      return;
    }
    // The first iteration as above; the others gather the inputs of the
    // kernel that computed the vector the iteration before (stored then,
    // before a grid barrier) and compute its elements.
    Type element = getElementTypeOrSelf(x.getType());
    auto first = scf::IfOp::create(b, loc, SmallVector<Type>(numSlots, element),
                                   firstIteration,
                                   /*withElseRegion=*/true);
    {
      OpBuilder t = OpBuilder::atBlockBegin(first.thenBlock());
      Value offset = cst(t, loc, 0);
      storeSlots(t, loc, held.lookup(x), buffer, offset);
      arrayrt::GridBarrierOp::create(t, loc, counter);
      scf::YieldOp::create(t, loc, rowSums(t, op, gatherFrom(buffer, offset)));
    }
    {
      OpBuilder e = OpBuilder::atBlockBegin(first.elseBlock());
      linalg::GenericOp update = recompute->second.update;
      Value previous = halfOffset(e, loc, /*previous=*/true);
      IRMapping scalars;
      unsigned next = 0;
      for (OpOperand *input : update.getDpsInputOperands())
        if (update.getMatchingIndexingMap(input).getNumResults() == 0)
          scalars.map(update.getMatchingBlockArgument(input),
                      recompute->second.carried[next++]);
      hoistScalarOps(e, update, scalars);
      auto element = [&](OpBuilder &t, Value column) -> Value {
        IRMapping mapping = scalars;
        for (OpOperand *input : update.getDpsInputOperands()) {
          if (scalars.contains(update.getMatchingBlockArgument(input)))
            continue;
          Value vector = input->get();
          Value source = vector, offset = column;
          if (Value leaf = leaves.lookup(vector)) {
            source = leaf;
            offset = arith::AddIOp::create(t, loc, previous, column);
          }
          mapping.map(update.getMatchingBlockArgument(input),
                      memref::LoadOp::create(t, loc, source, offset));
        }
        Value out = update.getDpsInits()[0];
        mapping.map(
            update.getMatchingBlockArgument(update.getDpsInitOperand(0)),
            zeroOf(t, loc, getElementTypeOrSelf(out.getType())));
        return cloneRest(t, update, column, mapping)[0];
      };
      scf::YieldOp::create(e, loc, rowSums(e, op, element));
    }
    held[op.getInit()] = SmallVector<Value>(first.getResults());
    lastGather = barriers;
  }

  /// Loads a sparse product's rows into registers (before the loop).
  void loadRows(OpBuilder &b, arrayrt::CsrSpmvOp op) {
    Location loc = op.getLoc();
    auto matrix = op.getHandle().getDefiningOp<arrayrt::CsrFromArraysOp>();
    Value entries = memref::DimOp::create(b, loc, matrix.getData(), 0);
    Value last = arith::SubIOp::create(b, loc, entries, cst(b, loc, 1));
    Type offsets = getElementTypeOrSelf(matrix.getIndptr().getType());
    auto toIndex = [&](Value v) {
      return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
    };
    for (int64_t k = 0; k < numSlots; ++k) {
      Row row;
      Value at = arith::MinUIOp::create(
          b, loc, index[k], arith::SubIOp::create(b, loc, n, cst(b, loc, 1)));
      Value begin =
          memref::LoadOp::create(b, loc, matrix.getIndptr(), ValueRange{at});
      Value end = memref::LoadOp::create(
          b, loc, matrix.getIndptr(),
          ValueRange{arith::AddIOp::create(b, loc, at, cst(b, loc, 1))});
      Value count = arith::SelectOp::create(
          b, loc, valid[k], arith::SubIOp::create(b, loc, end, begin),
          arith::ConstantOp::create(b, loc, offsets,
                                    b.getIntegerAttr(offsets, 0)));
      row.begin = begin;
      row.count = count;
      for (int64_t e = 0; e < rowEntries; ++e) {
        Value entry = arith::MinUIOp::create(
            b, loc,
            arith::AddIOp::create(b, loc, toIndex(begin), cst(b, loc, e)),
            last);
        // Past the row's end, column 0: the product gathers every entry
        // in registers, present or not.
        Value present = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::slt,
            arith::ConstantOp::create(b, loc, offsets,
                                      b.getIntegerAttr(offsets, e)),
            count);
        Value column = memref::LoadOp::create(b, loc, matrix.getIndices(),
                                              ValueRange{entry});
        row.columns.push_back(arith::SelectOp::create(
            b, loc, present, column,
            arith::ConstantOp::create(b, loc, column.getType(),
                                      b.getIntegerAttr(column.getType(), 0))));
        row.values.push_back(memref::LoadOp::create(b, loc, matrix.getData(),
                                                    ValueRange{entry}));
      }
      rows[op].push_back(row);
    }
  }

  /// Loads each slot's element of `buffer` (index clamped: every thread
  /// loads something, the invalid slots' values are never used).
  SmallVector<Value> loadSlots(OpBuilder &b, Location loc, Value buffer) {
    SmallVector<Value> values;
    Value last = arith::SubIOp::create(b, loc, n, cst(b, loc, 1));
    for (int64_t k = 0; k < numSlots; ++k)
      values.push_back(memref::LoadOp::create(
          b, loc, buffer,
          ValueRange{arith::MinUIOp::create(b, loc, index[k], last)}));
    return values;
  }

  /// Emits the ops of the loop body.
  void emitBody(OpBuilder &b, Block &body) {
    for (Value vector : storeAtStart)
      storeLeaf(b, vector.getLoc(), vector);
    for (Operation &op : body.without_terminator()) {
      emitOp(b, op);
      for (Value vector : storeAfter.lookup(&op))
        storeLeaf(b, op.getLoc(), vector);
    }
  }

  void emitOp(OpBuilder &b, Operation &op) {
    if (auto cast = dyn_cast<memref::CastOp>(op)) {
      if (held.count(cast.getSource()))
        held[cast] = held.lookup(cast.getSource());
    } else if (auto fill = dyn_cast<linalg::FillOp>(op)) {
      Value out = fill.getOutputs()[0];
      bool vector = isVectorType(out.getType());
      held[out] =
          SmallVector<Value>(vector ? numSlots : 1, fill.getInputs()[0]);
    } else if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
      emitGeneric(b, generic);
    } else if (auto product = dyn_cast<arrayrt::CsrSpmvOp>(op)) {
      emitProduct(b, product);
    }
    // Allocations, sizes, checks and frees have no part in the kernel.
  }

private:
  int64_t numSlots, rowEntries, blockSize;
};

/// The elementwise kernel of the body that computes the next value of the
/// carried vector a product gathers (CG's `p = r + beta * p`), when the
/// product can gather that kernel's inputs instead; each of its vector
/// inputs from the loop gets the body op after which it is complete (null
/// for a carried one: complete from the start).
linalg::GenericOp findUpdate(const Plan &plan, arrayrt::CsrSpmvOp product,
                             llvm::MapVector<Value, Operation *> &completedBy) {
  scf::ForOp loop = plan.loop;
  auto throughCasts = [](Value value) {
    while (auto cast = value.getDefiningOp<memref::CastOp>())
      value = cast.getSource();
    return value;
  };
  auto carried = dyn_cast<BlockArgument>(throughCasts(product.getX()));
  if (!carried || carried.getOwner() != loop.getBody() ||
      carried.getArgNumber() == 0)
    return {};
  Block *body = loop.getBody();
  Value next = throughCasts(
      body->getTerminator()->getOperand(carried.getArgNumber() - 1));
  linalg::GenericOp update;
  for (Operation &op : body->without_terminator())
    if (auto generic = dyn_cast<linalg::GenericOp>(op))
      if (generic.getDpsInits()[0] == next)
        update = generic;
  if (!update || update.getNumLoops() != 1 ||
      update.getIteratorTypesArray()[0] != utils::IteratorType::parallel)
    return {};
  for (OpOperand *input : update.getDpsInputOperands()) {
    Value vector = input->get();
    // (A buffer from before the loop that the body writes is the body's.)
    if (update.getMatchingIndexingMap(input).getNumResults() == 0 ||
        (loop.isDefinedOutsideOfLoop(vector) && !plan.owned.contains(vector)))
      continue;
    if (auto arg = dyn_cast<BlockArgument>(vector);
        arg && arg.getOwner() == body) {
      completedBy[vector] = nullptr;
      continue;
    }
    // The last op before the update that writes or names the vector.
    Operation *last = nullptr;
    for (Operation &op : body->without_terminator()) {
      if (&op == update.getOperation())
        break;
      bool writes = llvm::is_contained(op.getResults(), vector);
      if (auto generic = dyn_cast<linalg::GenericOp>(op))
        writes |= generic.getDpsInits()[0] == vector;
      else if (auto fill = dyn_cast<linalg::FillOp>(op))
        writes |= fill.getOutputs()[0] == vector;
      else if (auto other = dyn_cast<arrayrt::CsrSpmvOp>(op))
        writes |= other.getInit() == vector;
      if (writes)
        last = &op;
    }
    if (!last)
      return {};
    completedBy[vector] = last;
  }
  return update;
}

/// Rewrites an admitted loop; false (nothing changed) when a size or check
/// cannot be computed before it.
bool rewrite(Plan &plan, int64_t slots, int64_t rowEntries, int64_t blockSize,
             bool recomputeGathers, int64_t &barriersPerIteration) {
  scf::ForOp loop = plan.loop;
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  gpu_utils::BuiltBefore built(loop);
  auto undo = [&] {
    built.erase();
    return false;
  };

  Value n =
      memref::DimOp::create(b, loc, loop.getInitArgs()[plan.vectors[0]], 0);
  Value zero = cst(b, loc, 0);
  auto eq = [&](Value a, Value c) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, a, c);
  };
  SmallVector<Value> conditions;
  conditions.push_back(
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, n, zero));
  for (unsigned index : ArrayRef(plan.vectors).drop_front())
    conditions.push_back(
        eq(memref::DimOp::create(b, loc, loop.getInitArgs()[index], 0), n));
  for (Value buffer : plan.outsideVectors)
    conditions.push_back(eq(memref::DimOp::create(b, loc, buffer, 0), n));
  for (Value buffer : plan.owned)
    if (isVectorType(buffer.getType()))
      conditions.push_back(eq(memref::DimOp::create(b, loc, buffer, 0), n));
  IRMapping sizes;
  for (memref::AllocOp alloc : plan.allocs) {
    if (alloc.getType().getRank() == 0)
      continue;
    Value size = alloc.getType().isDynamicDim(0)
                     ? onHost(b, loop, alloc.getDynamicSizes()[0], n, sizes)
                     : cst(b, loc, alloc.getType().getDimSize(0));
    if (!size)
      return undo();
    conditions.push_back(eq(size, n));
  }
  for (arrayrt::CsrSpmvOp product : plan.products) {
    auto matrix = product.getHandle().getDefiningOp<arrayrt::CsrFromArraysOp>();
    conditions.push_back(eq(matrix.getRows(), n));
    conditions.push_back(eq(matrix.getCols(), n));
    conditions.push_back(arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ugt,
        memref::DimOp::create(b, loc, matrix.getData(), 0), zero));
  }
  SmallVector<Value> checks;
  for (cf::AssertOp check : plan.asserts) {
    Value value = onHost(b, loop, check.getArg(), n, sizes);
    if (!value)
      return undo();
    checks.push_back(value);
  }
  // Every element has an owner: at most `slots` per thread of one block of
  // `blockSize` per multiprocessor (one such block always fits: the
  // launch bounds keep its registers within the multiprocessor's).
  Value sms = arrayrt::MultiprocessorCountOp::create(b, loc, b.getIndexType());
  Value capacity =
      arith::MulIOp::create(b, loc, sms, cst(b, loc, slots * blockSize));
  conditions.push_back(
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, n, capacity));
  Value take = conditions.front();
  for (Value condition : ArrayRef(conditions).drop_front())
    take = arith::AndIOp::create(b, loc, take, condition);
  Value grid = arith::MinUIOp::create(
      b, loc, sms,
      arith::CeilDivUIOp::create(b, loc, n, cst(b, loc, blockSize)));

  // The loop as it was in the else branch, for when the kernel does not
  // apply.
  scf::IfOp choice = gpu_utils::versionLoop(b, loc, loop, take);
  OpBuilder t = OpBuilder::atBlockBegin(choice.thenBlock());
  for (auto [check, value] : llvm::zip(plan.asserts, checks))
    cf::AssertOp::create(t, check.getLoc(), value, check.getMsg());

  KernelEmitter emitter(slots, rowEntries, blockSize);
  emitter.n = n;
  SmallVector<Value> temporaries;
  auto allocate = [&](MemRefType type, ValueRange dynamic) {
    Value buffer = memref::AllocOp::create(t, loc, type, dynamic);
    return buffer;
  };
  // The grid barrier's counter starts at 0 (a multiple of 2^31: each
  // barrier adds 2^31 in all, and a start with low bits set would carry
  // into the bit the blocks wait on before every block has arrived).
  emitter.counter =
      allocate(MemRefType::get({1}, t.getI32Type()), ValueRange());
  linalg::FillOp::create(
      t, loc,
      ValueRange{arith::ConstantIntOp::create(t, loc, t.getI32Type(), 0)},
      ValueRange{emitter.counter});
  temporaries.push_back(emitter.counter);
  Value twoGrids = arith::MulIOp::create(t, loc, grid, cst(t, loc, 2));
  SmallVector<Type> workgroup;
  for (linalg::GenericOp op : plan.reductions) {
    Type acc = getElementTypeOrSelf(op.getDpsInits()[0].getType());
    Value buffer = allocate(MemRefType::get({ShapedType::kDynamic}, acc),
                            ValueRange{twoGrids});
    emitter.partials[op] = buffer;
    temporaries.push_back(buffer);
    workgroup.push_back(gpu_utils::reductionScratchType(acc));
  }
  for (arrayrt::CsrSpmvOp op : plan.products) {
    if (loop.isDefinedOutsideOfLoop(op.getX()))
      continue;
    Type element = getElementTypeOrSelf(op.getX().getType());
    Value buffer =
        allocate(MemRefType::get({ShapedType::kDynamic}, element),
                 ValueRange{arith::MulIOp::create(t, loc, n, cst(t, loc, 2))});
    emitter.gathered[op] = buffer;
    temporaries.push_back(buffer);
  }
  // Products that gather their vector recomputed after the first
  // iteration: a two-halves buffer for each vector input of the kernel
  // that computes it, and its 0-d inputs carried.
  SmallVector<Type> carriedTypes;
  SmallVector<std::pair<arrayrt::CsrSpmvOp, Value>> carriedScalars;
  for (arrayrt::CsrSpmvOp op : plan.products) {
    llvm::MapVector<Value, Operation *> completedBy;
    linalg::GenericOp update =
        recomputeGathers ? findUpdate(plan, op, completedBy) : nullptr;
    // Only where a reduction comes after the product and the inputs (its
    // total's barrier is the one the gather then needs no more): else the
    // barrier would only move to the iteration's end.
    auto after = [&](Operation *op, Operation *than) {
      return !than || than->isBeforeInBlock(op);
    };
    if (!update ||
        !llvm::any_of(plan.reductions, [&](linalg::GenericOp reduction) {
          return after(reduction, op) &&
                 llvm::all_of(completedBy, [&](auto &input) {
                   return after(reduction, input.second);
                 });
        }))
      continue;
    emitter.recomputed[op].update = update;
    for (auto [vector, last] : completedBy) {
      if (emitter.leaves.count(vector))
        continue;
      Value buffer = allocate(
          MemRefType::get({ShapedType::kDynamic},
                          getElementTypeOrSelf(vector.getType())),
          ValueRange{arith::MulIOp::create(t, loc, n, cst(t, loc, 2))});
      temporaries.push_back(buffer);
      emitter.leaves[vector] = buffer;
      if (last)
        emitter.storeAfter[last].push_back(vector);
      else
        emitter.storeAtStart.push_back(vector);
    }
    for (OpOperand *input : update.getDpsInputOperands())
      if (update.getMatchingIndexingMap(input).getNumResults() == 0) {
        carriedTypes.push_back(getElementTypeOrSelf(input->get().getType()));
        carriedScalars.push_back({op, input->get()});
      }
  }
  // The results: new buffers, which the loop's ownership flags then own.
  SmallVector<Value> results(loop.getNumResults());
  for (unsigned index : plan.vectors) {
    auto type = cast<MemRefType>(loop.getResult(index).getType());
    results[index] =
        allocate(type, type.isDynamicDim(0) ? ValueRange{n} : ValueRange());
  }
  for (unsigned index : plan.scalars)
    results[index] = allocate(cast<MemRefType>(loop.getResult(index).getType()),
                              ValueRange());
  for (unsigned index : plan.flags)
    results[index] = arith::ConstantIntOp::create(t, loc, 1, 1);

  OpBuilder k = t;
  gpu::LaunchOp kernel =
      gpu_utils::createLaunch(k, loc, grid, blockSize, workgroup);
  for (auto [i, op] : llvm::enumerate(plan.reductions))
    emitter.scratch[op] = kernel.getWorkgroupAttributions()[i];
  emitter.threadId = kernel.getThreadIds().x;
  emitter.blockId = kernel.getBlockIds().x;
  emitter.grid = kernel.getGridSize().x;
  Value threads =
      arith::MulIOp::create(k, loc, emitter.grid, cst(k, loc, blockSize));
  Value first = arith::AddIOp::create(
      k, loc,
      arith::MulIOp::create(k, loc, emitter.blockId, cst(k, loc, blockSize)),
      emitter.threadId);
  for (int64_t s = 0; s < slots; ++s) {
    Value index = arith::AddIOp::create(
        k, loc, first, arith::MulIOp::create(k, loc, threads, cst(k, loc, s)));
    emitter.index.push_back(index);
    emitter.valid.push_back(
        arith::CmpIOp::create(k, loc, arith::CmpIPredicate::ult, index, n));
  }
  // Loop invariants into registers: the buffers read elementwise, the
  // matrices' rows.
  for (Value buffer : plan.outsideVectors)
    emitter.held[buffer] = emitter.loadSlots(k, loc, buffer);
  for (Value buffer : plan.outsideScalars)
    emitter.held[buffer] = {memref::LoadOp::create(k, loc, buffer)};
  for (arrayrt::CsrSpmvOp op : plan.products)
    emitter.loadRows(k, op);
  // The carried values, as the loop's iteration arguments.
  SmallVector<Value> inits;
  for (unsigned index : plan.vectors)
    llvm::append_range(inits,
                       emitter.loadSlots(k, loc, loop.getInitArgs()[index]));
  for (unsigned index : plan.scalars)
    inits.push_back(memref::LoadOp::create(k, loc, loop.getInitArgs()[index]));
  for (Type type : carriedTypes) // (not read in the first iteration)
    inits.push_back(zeroOf(k, loc, type));
  inits.push_back(arith::ConstantIntOp::create(k, loc, 0, 1));
  auto inner = scf::ForOp::create(k, loc, loop.getLowerBound(),
                                  loop.getUpperBound(), loop.getStep(), inits);
  {
    OpBuilder in = OpBuilder::atBlockBegin(inner.getBody());
    ValueRange args = inner.getRegionIterArgs();
    unsigned next = 0;
    for (unsigned index : plan.vectors) {
      emitter.held[loop.getRegionIterArgs()[index]] =
          SmallVector<Value>(args.slice(next, slots));
      next += slots;
    }
    for (unsigned index : plan.scalars)
      emitter.held[loop.getRegionIterArgs()[index]] = {args[next++]};
    for (auto [op, scalar] : carriedScalars)
      emitter.recomputed[op].carried.push_back(args[next++]);
    emitter.parity = args.back();
    emitter.firstIteration =
        arith::CmpIOp::create(in, loc, arith::CmpIPredicate::eq,
                              inner.getInductionVar(), inner.getLowerBound());
    emitter.emitBody(in, *loop.getBody());
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    SmallVector<Value> yielded;
    for (unsigned index : plan.vectors)
      llvm::append_range(yielded, emitter.held.lookup(yield.getOperand(index)));
    for (unsigned index : plan.scalars)
      yielded.push_back(emitter.scalar(in, yield.getOperand(index)));
    for (auto [op, scalar] : carriedScalars)
      yielded.push_back(emitter.scalar(in, scalar));
    // What the next iteration gathers (a product's vector, a recomputed
    // one's inputs) is read after a grid barrier that follows both the
    // stores and this iteration's gathers (whose buffer half the next
    // iteration but one writes): one here if the body has none since.
    if (emitter.barriers <= std::max(emitter.lastGather, emitter.lastLeafStore))
      emitter.barrier(in, loc);
    barriersPerIteration = emitter.barriers;
    yielded.push_back(arith::XOrIOp::create(
        in, loc, emitter.parity, arith::ConstantIntOp::create(in, loc, 1, 1)));
    scf::YieldOp::create(in, loc, yielded);
  }
  // Each thread stores its elements of the results; thread 0 the 0-d ones.
  {
    ValueRange finals = inner.getResults();
    unsigned next = 0;
    for (unsigned index : plan.vectors) {
      emitter.storeSlots(k, loc, finals.slice(next, slots), results[index]);
      next += slots;
    }
    Value isFirst = arith::CmpIOp::create(k, loc, arith::CmpIPredicate::eq,
                                          first, cst(k, loc, 0));
    for (unsigned index : plan.scalars) {
      Value value = finals[next++];
      gpu_utils::emitIf(k, loc, isFirst, [&](OpBuilder &st) {
        memref::StoreOp::create(st, loc, value, results[index]);
      });
    }
  }
  for (Value buffer : temporaries)
    memref::DeallocOp::create(t, loc, buffer);
  scf::YieldOp::create(t, loc, results);
  return true;
}

struct ArrayGpuRegisterLoopsPass
    : array::impl::ArrayGpuRegisterLoopsBase<ArrayGpuRegisterLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      if (!loop->getParentOfType<func::FuncOp>() ||
          loop->getParentOfType<gpu::LaunchOp>())
        continue;
      bool vectorWork =
          loop.getBody()
              ->walk([](Operation *op) {
                return isa<linalg::GenericOp, arrayrt::CsrSpmvOp>(op)
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              })
              .wasInterrupted();
      if (!vectorWork)
        continue;
      // A version per power of two elements per thread up to the most
      // (fewer registers where fewer elements do), each under the next's
      // size test: the kernel that holds n in the fewest elements runs.
      int64_t barriers = 0, versions = 0;
      const char *why = nullptr;
      for (int64_t slots = 1; slots <= elementsPerThread; slots *= 2) {
        Plan plan;
        plan.loop = loop;
        if ((why = admit(plan)))
          break;
        if (!rewrite(plan, slots, rowEntries, blockSize, recomputeGathers,
                     barriers)) {
          why = "a size or check the host cannot compute before the loop";
          break;
        }
        ++versions;
      }
      if (!report)
        continue;
      if (!versions) {
        loop.emitRemark("register loop: no: ") << why;
        continue;
      }
      loop.emitRemark("register loop: yes: one cooperative kernel, each "
                      "thread's elements in registers, ")
          << barriers << " grid barriers per iteration (" << versions
          << " versions, 1 to " << (int64_t(1) << (versions - 1))
          << " elements per thread: vectors of at most "
          << (int64_t(1) << (versions - 1)) * blockSize
          << " elements per multiprocessor; longer ones run the loop as "
             "before)";
    }
  }
};

} // namespace
