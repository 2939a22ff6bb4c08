//===- GpuBinaryToPtx.cpp - Extract PTX from gpu.binary ops ---------------===//
//
// `array-translate --gpu-binary-to-ptx` writes the PTX that
// `gpu-module-to-binary{format=isa}` embedded in each gpu.binary, so the
// device code of a compiled program can be read and checked.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Target/GpuBinaryToPtx.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace mlir::array {

LogicalResult writeGpuBinaryPtx(ModuleOp module, raw_ostream &os) {
  bool found = false;
  WalkResult result = module.walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjects()) {
      auto object = cast<gpu::ObjectAttr>(attr);
      if (object.getFormat() != gpu::CompilationTarget::Assembly) {
        // Not at its location: the source line printed with the message
        // would fill the terminal with the object's escaped binary.
        InFlightDiagnostic error =
            emitError(UnknownLoc::get(binary.getContext()), "gpu.binary @");
        error << binary.getName();
        if (auto at = dyn_cast<FileLineColLoc>(binary.getLoc()))
          error << " (line " << at.getLine() << ")";
        error << " holds a "
              << gpu::stringifyCompilationTarget(object.getFormat())
              << " object, not PTX; produce it with "
                 "gpu-module-to-binary{format=isa} (arrayc --emit=ptx)";
        return WalkResult::interrupt();
      }
      os << "// gpu.binary @" << binary.getName() << "\n"
         << object.getObject().getValue();
      found = true;
    }
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  if (!found)
    return module.emitError("no gpu.binary with PTX in the input");
  return success();
}

void registerGpuBinaryToPtxTranslation() {
  TranslateFromMLIRRegistration registration(
      "gpu-binary-to-ptx", "Extract the PTX embedded in gpu.binary ops",
      [](Operation *op, raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("expected a builtin.module");
        return writeGpuBinaryPtx(module, os);
      },
      [](DialectRegistry &registry) {
        registry
            .insert<gpu::GPUDialect, LLVM::LLVMDialect, NVVM::NVVMDialect>();
      });
}

} // namespace mlir::array
