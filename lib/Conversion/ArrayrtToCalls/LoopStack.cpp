//===- LoopStack.cpp - Stack space released every iteration ---------------===//
//
// Each iteration of a host loop that launches a kernel or calls the runtime
// saves the stack pointer when it starts and restores it when it ends
// (llvm.intr.stacksave / stackrestore, which the later lowerings keep where
// they are): the stack the lowered launches and calls take (parameter
// arrays, memref descriptors) is released every iteration instead of at the
// function's return.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/Passes.h"

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYLOOPSTACK
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// Whether lowering `op` to LLVM may take stack space where it is.
bool takesStack(Operation *op) {
  return isa<gpu::LaunchFuncOp, func::CallOp, memref::AllocaOp, memref::CopyOp>(
             op) ||
         isa_and_nonnull<arrayrt::ArrayrtDialect>(op->getDialect());
}

/// Whether `value` is (a view of) a stack allocation made in `body`.
bool isStackAllocationOf(Value value, Block *body) {
  while (Operation *def = value.getDefiningOp()) {
    if (!body->getParent()->isAncestor(def->getParentRegion()))
      return false;
    if (isa<memref::AllocaOp>(def))
      return true;
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return false;
    value = view.getViewSource();
  }
  return false;
}

/// Saves the stack pointer at the start of `body` and restores it before
/// its terminator, when something in it may take stack space.
void releaseStackEachIteration(Block *body) {
  Operation *terminator = body->getTerminator();
  bool needed = body->walk([](Operation *op) {
                      return takesStack(op) ? WalkResult::interrupt()
                                            : WalkResult::advance();
                    })
                    .wasInterrupted();
  if (!needed)
    return;
  for (Value value : terminator->getOperands())
    if (isStackAllocationOf(value, body))
      return;
  OpBuilder b(body, body->begin());
  Location loc = terminator->getLoc();
  Value saved = LLVM::StackSaveOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()));
  b.setInsertionPoint(terminator);
  LLVM::StackRestoreOp::create(b, loc, saved);
}

struct ArrayLoopStackPass
    : array::impl::ArrayLoopStackBase<ArrayLoopStackPass> {
  void runOnOperation() override {
    // Host functions only: a gpu.module's kernels are gpu.funcs.
    for (auto func : getOperation().getOps<func::FuncOp>())
      func.walk([](Operation *op) {
        if (auto loop = dyn_cast<scf::ForOp>(op))
          releaseStackEachIteration(loop.getBody());
        else if (auto loop = dyn_cast<scf::WhileOp>(op)) {
          releaseStackEachIteration(loop.getBeforeBody());
          releaseStackEachIteration(loop.getAfterBody());
        }
      });
  }
};

} // namespace
