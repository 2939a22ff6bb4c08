//===- SplitSharedFills.cpp - One fill per destination --------------------===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYSPLITSHAREDFILLS
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// The ops that make `dest`, a tensor.empty and the reshapes of it, first
/// to last; empty if `dest` is made otherwise.
SmallVector<Operation *> emptyChain(Value dest) {
  SmallVector<Operation *> chain;
  while (Operation *def = dest.getDefiningOp()) {
    chain.push_back(def);
    if (isa<tensor::EmptyOp>(def))
      return SmallVector<Operation *>(llvm::reverse(chain));
    if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(def))
      break;
    dest = def->getOperand(0);
  }
  return {};
}

/// True when `op` is in a loop body whose terminator (scf.yield, or a while
/// loop's scf.condition) passes on `result`: what the loop carries to its
/// next iteration.
bool carriedByLoop(Operation *op, Value result) {
  if (!isa_and_nonnull<LoopLikeOpInterface>(op->getParentOp()))
    return false;
  Operation *terminator = op->getBlock()->getTerminator();
  return terminator && llvm::is_contained(terminator->getOperands(), result);
}

/// Each loop-body op whose result the loop carries and whose destination is
/// an empty tensor made outside the body (CSE or hoisting moved it there,
/// as the same empty tensor serves every iteration) gets an empty tensor of
/// its own before it. Bufferized, every iteration would otherwise write the
/// outer empty's one buffer, and the loop would copy it into a new buffer
/// to carry it (a device copy per iteration for a 0-d sum); with its own,
/// the op writes a new buffer that the loop carries as it is.
void giveCarriedResultsTheirEmpty(Operation *root) {
  SmallVector<std::pair<OpOperand *, SmallVector<Operation *>>> uses;
  root->walk([&](DestinationStyleOpInterface op) {
    if (!op.hasPureTensorSemantics())
      return;
    for (OpOperand &init : op.getDpsInitsMutable()) {
      SmallVector<Operation *> chain = emptyChain(init.get());
      if (chain.empty() || chain.front()->getBlock() == op->getBlock() ||
          !carriedByLoop(op, op.getTiedOpResult(&init)))
        continue;
      uses.push_back({&init, std::move(chain)});
    }
  });
  for (auto &[use, chain] : uses) {
    OpBuilder builder(use->getOwner());
    IRMapping mapping;
    for (Operation *op : chain)
      builder.clone(*op, mapping);
    use->set(mapping.lookup(use->get()));
  }
}

struct ArraySplitSharedFillsPass
    : array::impl::ArraySplitSharedFillsBase<ArraySplitSharedFillsPass> {
  void runOnOperation() override {
    giveCarriedResultsTheirEmpty(getOperation());
    SmallVector<linalg::FillOp> fills;
    getOperation()->walk([&](linalg::FillOp fill) {
      if (fill.hasPureTensorSemantics() &&
          !emptyChain(fill.getOutputs()[0]).empty())
        fills.push_back(fill);
    });
    for (linalg::FillOp fill : fills) {
      // The destinations taken from the fill: those in its block after the
      // first, and every one in a nested region (a loop body's reduction
      // whose fill CSE merged with one outside: bufferized, each iteration
      // would copy the outer fill's buffer instead of starting from the
      // constant).
      SmallVector<OpOperand *> inits, nested;
      for (OpOperand &use : fill->getResult(0).getUses()) {
        auto user = dyn_cast<DestinationStyleOpInterface>(use.getOwner());
        if (!user || !user.isDpsInit(&use))
          continue;
        if (user->getBlock() == fill->getBlock())
          inits.push_back(&use);
        else
          nested.push_back(&use);
      }
      llvm::sort(inits, [](OpOperand *a, OpOperand *b) {
        return a->getOwner()->isBeforeInBlock(b->getOwner());
      });
      if (!inits.empty())
        inits.erase(inits.begin()); // The first keeps the fill.
      llvm::append_range(inits, nested);
      SmallVector<Operation *> chain = emptyChain(fill.getOutputs()[0]);
      for (OpOperand *use : inits) {
        OpBuilder builder(use->getOwner());
        IRMapping mapping;
        for (Operation *op : chain)
          builder.clone(*op, mapping);
        auto newFill =
            linalg::FillOp::create(builder, fill.getLoc(), fill.getInputs()[0],
                                   mapping.lookup(fill.getOutputs()[0]));
        use->set(newFill.getResult(0));
      }
    }
  }
};

} // namespace
