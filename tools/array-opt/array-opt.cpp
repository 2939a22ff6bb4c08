//===- array-opt.cpp - mlir-opt with the array dialect --------------------===//
//
// All upstream dialects, extensions and passes, plus arrayc's dialect, passes
// and pipelines: every step of an arrayc compile can be replayed here.
//
//===----------------------------------------------------------------------===//

#include "arrayc/InitAll.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::array::registerArrayPassesAndPipelines();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates kernels to LLVM IR in process.
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::array::registerArrayDialects(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Arrayc optimizer driver\n", registry));
}
