//===- WhileForwardCopies.cpp - A while loop's buffers without copies -----===//
//
// One-shot bufferization copies every buffer an scf.while condition
// forwards whose buffers are not equivalent on both sides of the loop. Where
// nothing could tell the copy from its source, the source is forwarded.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYWHILEFORWARDCOPIES
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// The buffer `value` views (through view-like ops and casts).
Value rootOf(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (auto view = dyn_cast<ViewLikeOpInterface>(def))
      value = view.getViewSource();
    else if (auto cast = dyn_cast<memref::CastOp>(def))
      value = cast.getSource();
    else
      break;
  }
  return value;
}

/// Whether `op` may write memory other than through the results it
/// allocates; `written` gets the buffers it writes (null for unknown).
bool collectWrites(Operation *op, SmallVectorImpl<Value> &written) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects) {
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return false; // Its nested ops are walked on their own.
    written.push_back(Value());
    return true;
  }
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  bool writes = false;
  // A write of no named value by an op that takes no buffer (cf.assert,
  // which may stop the program) reaches none of the loop's buffers.
  bool takesBuffers = llvm::any_of(op->getOperandTypes(), [](Type type) {
    return isa<BaseMemRefType>(type);
  });
  for (auto &instance : instances) {
    if (!isa<MemoryEffects::Write>(instance.getEffect()) ||
        (!instance.getValue() && !takesBuffers))
      continue;
    writes = true;
    written.push_back(instance.getValue());
  }
  return writes;
}

/// Whether every use of `buffer`, through views and casts, only reads it;
/// a use by `yield` (an scf.yield) is allowed as its operand `position`
/// alone (passed on unchanged), any other yield, return or call is not.
bool onlyRead(Value buffer, Operation *yield = nullptr, unsigned position = 0) {
  SmallVector<Value> pending{buffer};
  while (!pending.empty()) {
    Value value = pending.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (user == yield && value == buffer &&
          use.getOperandNumber() == position)
        continue;
      // Printing and saving read their array (they declare a write of the
      // default resource: the output).
      if (isa<memref::DimOp, memref::ExtractStridedMetadataOp,
              memref::ExtractAlignedPointerAsIndexOp, array::PrintOp,
              array::SaveNpyOp, arrayrt::PrintOp, arrayrt::SaveNpyOp>(user))
        continue;
      if (isa<ViewLikeOpInterface, memref::CastOp>(user)) {
        llvm::append_range(pending, user->getResults());
        continue;
      }
      auto effects = dyn_cast<MemoryEffectOpInterface>(user);
      if (!effects || user->hasTrait<OpTrait::IsTerminator>())
        return false;
      SmallVector<MemoryEffects::EffectInstance> instances;
      effects.getEffects(instances);
      for (auto &instance : instances)
        if (!isa<MemoryEffects::Read, MemoryEffects::Allocate>(
                instance.getEffect()) &&
            (!instance.getValue() || instance.getValue() == value))
          return false;
    }
  }
  return true;
}

/// The buffers the "after" region writes that it does not allocate, or
/// nullopt when it may write memory no analysis here can name.
std::optional<SmallVector<Value>> outerWrites(scf::WhileOp loop) {
  Region &after = loop.getAfter();
  SmallVector<Value> outer;
  bool unknown = false;
  after.walk([&](Operation *op) {
    SmallVector<Value> written;
    if (!collectWrites(op, written))
      return WalkResult::advance();
    for (Value value : written) {
      if (!value) {
        unknown = true;
        return WalkResult::interrupt();
      }
      Value root = rootOf(value);
      // Memory the region allocates is its own, and its arguments are
      // copies or, once forwarded, read only (checked per position).
      if (after.isAncestor(root.getParentRegion()) &&
          (isa_and_present<memref::AllocOp, memref::AllocaOp>(
               root.getDefiningOp()) ||
           (root.getParentBlock() == &after.front() &&
            isa<BlockArgument>(root))))
        continue;
      // A buffer from outside the loop is compared with the positions'
      // initial and yielded buffers; anything else (a nested loop's
      // argument, an op's result) might be any of them.
      if (loop->isAncestor(root.getParentRegion()->getParentOp())) {
        unknown = true;
        return WalkResult::interrupt();
      }
      outer.push_back(root);
    }
    return WalkResult::advance();
  });
  if (unknown)
    return std::nullopt;
  return outer;
}

struct ArrayWhileForwardCopiesPass
    : array::impl::ArrayWhileForwardCopiesBase<ArrayWhileForwardCopiesPass> {
  void runOnOperation() override {
    getOperation()->walk([](scf::WhileOp loop) { forwardSources(loop); });
  }

  static void forwardSources(scf::WhileOp loop) {
    if (!llvm::all_of(loop.getInits(), [](Value v) {
          return isa<MemRefType>(v.getType()) || v.getType().isIntOrIndex();
        }))
      return;
    scf::ConditionOp condition = loop.getConditionOp();
    Block *before = loop.getBeforeBody();
    std::optional<SmallVector<Value>> written = outerWrites(loop);
    if (!written)
      return;
    for (OpOperand &forwarded : condition.getArgsMutable()) {
      unsigned i = forwarded.getOperandNumber() - 1;
      auto alloc = forwarded.get().getDefiningOp<memref::AllocOp>();
      if (!alloc || alloc->getBlock() != before ||
          !alloc.getMemref().hasNUses(2))
        continue;
      memref::CopyOp copy;
      for (Operation *user : alloc->getUsers())
        if (auto c = dyn_cast<memref::CopyOp>(user);
            c && c.getTarget() == alloc.getMemref())
          copy = c;
      if (!copy || copy->getBlock() != before)
        continue;
      // The source is an argument, or a cast of one (the same memory).
      Value copied = copy.getSource();
      if (auto cast = copied.getDefiningOp<memref::CastOp>())
        copied = cast.getSource();
      auto source = dyn_cast<BlockArgument>(copied);
      if (!source || source.getOwner() != before ||
          source.getType() != alloc.getType())
        continue;
      unsigned j = source.getArgNumber();
      // After the copy, the region writes only fresh buffers of its own.
      bool quiet = true;
      for (Operation *op = copy->getNextNode(); op && op != condition && quiet;
           op = op->getNextNode()) {
        SmallVector<Value> writes;
        if (!collectWrites(op, writes))
          continue;
        for (Value w : writes)
          quiet &= w && w.getDefiningOp<memref::AllocOp>() &&
                   w.getDefiningOp()->getBlock() == before;
      }
      if (!quiet)
        continue;
      // The "before" region only reads the source (it forwards it nowhere
      // else: two forwarded names for one buffer could be written through
      // the other).
      if (!onlyRead(source))
        continue;
      // The "after" region neither writes its argument (it may pass it on
      // unchanged, as position j) nor memory that may be the source's: the
      // loop's initial value at position j or what the "after" region
      // yields there. Code after the loop only reads the result.
      scf::YieldOp yield = loop.getYieldOp();
      if (!onlyRead(loop.getAfterArguments()[i], yield, j) ||
          !onlyRead(loop.getResult(i)))
        continue;
      Value init = rootOf(loop.getInits()[j]);
      Value yielded = rootOf(yield.getOperands()[j]);
      if (llvm::any_of(*written,
                       [&](Value w) { return w == init || w == yielded; }))
        continue;
      forwarded.set(source);
      copy.erase();
      alloc.erase();
    }
  }
};

} // namespace
