//===- MergeModules.cpp - One gpu.module for all of a program's kernels ---===//
//
// Kernel outlining makes a gpu.module per kernel, and gpu-module-to-binary
// compiles each on its own: one LLVM NVPTX run, one ptxas and one
// fatbinary process per kernel. Moving every kernel into one module makes
// it one of each per program.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUMERGEMODULES
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// `base`, or `base_<i>` for the first i that `taken` does not hold.
std::string uniqueName(StringRef base,
                       llvm::function_ref<bool(StringRef)> taken) {
  std::string name = base.str();
  for (unsigned i = 1; taken(name); ++i)
    name = (base + "_" + Twine(i)).str();
  return name;
}

struct ArrayGpuMergeModulesPass
    : array::impl::ArrayGpuMergeModulesBase<ArrayGpuMergeModulesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> modules(module.getOps<gpu::GPUModuleOp>());
    if (modules.size() < 2)
      return;
    // Modules the pipeline did not make (with targets or other attributes,
    // or offloading handlers) are left alone.
    for (gpu::GPUModuleOp gpuModule : modules)
      if (gpuModule.getTargetsAttr() || gpuModule.getOffloadingHandlerAttr())
        return;

    SymbolTable hostTable(module);
    OpBuilder b(modules.front());
    std::string mergedName = uniqueName("arrayc_kernels", [&](StringRef n) {
      return hostTable.lookup(n) != nullptr;
    });
    auto merged =
        gpu::GPUModuleOp::create(b, modules.front().getLoc(), mergedName);
    SymbolTable mergedTable(merged);

    // Each kernel takes its module's name (unique in the host module, and
    // what outlining named after the host function); other symbols keep
    // theirs unless another module used it first.
    DenseMap<std::pair<StringAttr, StringAttr>, StringAttr> renamed;
    for (gpu::GPUModuleOp gpuModule : modules) {
      StringAttr moduleName = gpuModule.getSymNameAttr();
      SmallVector<gpu::GPUFuncOp> kernels;
      for (auto func : gpuModule.getOps<gpu::GPUFuncOp>())
        if (func.isKernel())
          kernels.push_back(func);
      SmallVector<Operation *> symbols;
      for (Operation &op : gpuModule.getBody()->getOperations())
        if (isa<SymbolOpInterface>(op))
          symbols.push_back(&op);
      for (Operation *op : symbols) {
        StringAttr old = SymbolTable::getSymbolName(op);
        auto func = dyn_cast<gpu::GPUFuncOp>(op);
        bool onlyKernel = func && func.isKernel() && kernels.size() == 1;
        std::string wanted =
            uniqueName(onlyKernel ? moduleName.getValue() : old.getValue(),
                       [&](StringRef n) {
                         return mergedTable.lookup(n) != nullptr ||
                                (n != old.getValue() &&
                                 SymbolTable::lookupSymbolIn(gpuModule, n));
                       });
        StringAttr name = StringAttr::get(&getContext(), wanted);
        if (name != old) {
          if (failed(SymbolTable::replaceAllSymbolUses(op, name, gpuModule)))
            return signalPassFailure();
          SymbolTable::setSymbolName(op, name);
        }
        renamed[{moduleName, old}] = name;
      }
      for (Operation &op :
           llvm::make_early_inc_range(gpuModule.getBody()->getOperations())) {
        if (op.hasTrait<OpTrait::IsTerminator>())
          continue;
        op.remove();
        mergedTable.insert(&op);
      }
    }

    // The launches name their kernel in the merged module.
    module.walk([&](gpu::LaunchFuncOp launch) {
      auto key =
          std::make_pair(launch.getKernelModuleName(), launch.getKernelName());
      auto it = renamed.find(key);
      if (it == renamed.end())
        return;
      launch.setKernelAttr(SymbolRefAttr::get(
          merged.getSymNameAttr(), {FlatSymbolRefAttr::get(it->second)}));
    });
    for (gpu::GPUModuleOp gpuModule : modules)
      gpuModule.erase();
  }
};

} // namespace
