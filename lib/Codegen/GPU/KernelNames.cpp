//===- KernelNames.cpp - Kernel names that PTX accepts --------------------===//

#include "arrayc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUKERNELNAMES
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

bool isPtxIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$';
}

/// `name` with every character PTX does not accept replaced by `_`, and a
/// `_` before a leading digit.
std::string ptxIdentifier(StringRef name) {
  std::string result;
  if (name.empty() || llvm::isDigit(name.front()))
    result += '_';
  for (char c : name)
    result += isPtxIdentifierChar(c) ? c : '_';
  return result;
}

/// A legal name for `op` (a symbol in `table`'s scope) unused by the
/// others in `taken`; renames `op` and its uses under `root` if needed.
LogicalResult legalize(Operation *op, SymbolTable &table, Operation *root,
                       llvm::StringSet<> &taken) {
  StringRef name = SymbolTable::getSymbolName(op).getValue();
  std::string legal = ptxIdentifier(name);
  if (legal == name)
    return success();
  std::string unique = legal;
  for (unsigned i = 1; taken.contains(unique) || table.lookup(unique); ++i)
    unique = legal + "_" + std::to_string(i);
  taken.insert(unique);
  StringAttr newName = StringAttr::get(op->getContext(), unique);
  if (failed(SymbolTable::replaceAllSymbolUses(op, newName, root)))
    return op->emitOpError("cannot rename ") << name << " to " << unique;
  SymbolTable::setSymbolName(op, newName);
  return success();
}

struct ArrayGpuKernelNamesPass
    : array::impl::ArrayGpuKernelNamesBase<ArrayGpuKernelNamesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable moduleTable(module);
    llvm::StringSet<> takenModules;
    for (auto gpuModule :
         llvm::make_early_inc_range(module.getOps<gpu::GPUModuleOp>())) {
      SymbolTable kernelTable(gpuModule);
      llvm::StringSet<> takenFuncs;
      for (auto func :
           llvm::make_early_inc_range(gpuModule.getOps<gpu::GPUFuncOp>()))
        if (failed(legalize(func, kernelTable, module, takenFuncs)))
          return signalPassFailure();
      if (failed(legalize(gpuModule, moduleTable, module, takenModules)))
        return signalPassFailure();
    }
  }
};

} // namespace
