//===- OutlineKernels.cpp - A function per kernel of long functions -------===//

#include "arrayc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYCPUOUTLINEKERNELS
#include "arrayc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// Moves `op` into a new private function named after `caller` and calls
/// it in its place.
void outline(linalg::LinalgOp op, func::FuncOp caller, SymbolTable &symbols,
             unsigned index) {
  llvm::SetVector<Value> arguments(op->operand_begin(), op->operand_end());
  getUsedValuesDefinedAbove(op->getRegions(), arguments);
  SmallVector<Type> types;
  for (Value argument : arguments)
    types.push_back(argument.getType());

  OpBuilder b(caller.getContext());
  Location loc = op.getLoc();
  auto type = b.getFunctionType(types, {});
  auto kernel = func::FuncOp::create(
      b, loc, (caller.getSymName() + "_kernel_" + Twine(index)).str(), type);
  // Private to the object file, and never inlined back (upstream's
  // func-to-llvm reads both attributes).
  kernel.setPrivate();
  kernel->setAttr("llvm.linkage", LLVM::LinkageAttr::get(
                                      b.getContext(), LLVM::Linkage::Internal));
  kernel->setAttr("passthrough", b.getArrayAttr({b.getStringAttr("noinline")}));
  symbols.insert(kernel);

  Block *body = kernel.addEntryBlock();
  b.setInsertionPointToStart(body);
  IRMapping mapping;
  mapping.map(arguments.getArrayRef(), body->getArguments());
  b.clone(*op, mapping);
  func::ReturnOp::create(b, loc);

  b.setInsertionPoint(op);
  func::CallOp::create(b, loc, kernel, arguments.getArrayRef());
  op->erase();
}

struct ArrayCpuOutlineKernelsPass
    : array::impl::ArrayCpuOutlineKernelsBase<ArrayCpuOutlineKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    for (auto func : llvm::to_vector(module.getOps<func::FuncOp>())) {
      if (func.isExternal())
        continue;
      SmallVector<linalg::LinalgOp> kernels;
      func.walk([&](linalg::LinalgOp op) {
        if (op.hasPureBufferSemantics())
          kernels.push_back(op);
      });
      if (static_cast<int64_t>(kernels.size()) <= minKernels)
        continue;
      for (auto [index, op] : llvm::enumerate(kernels))
        outline(op, func, symbols, index);
    }
  }
};

} // namespace
