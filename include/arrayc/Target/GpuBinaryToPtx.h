//===- GpuBinaryToPtx.h - Extract PTX from gpu.binary ops -------*- C++ -*-===//

#ifndef ARRAYC_TARGET_GPUBINARYTOPTX_H
#define ARRAYC_TARGET_GPUBINARYTOPTX_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::array {

/// Writes the PTX that `gpu-module-to-binary{format=isa}` embedded in every
/// gpu.binary of `module`; fails with a diagnostic on other formats or when
/// there is none.
LogicalResult writeGpuBinaryPtx(ModuleOp module, llvm::raw_ostream &os);

/// Registers `--gpu-binary-to-ptx` with mlir-translate's registry.
void registerGpuBinaryToPtxTranslation();

} // namespace mlir::array

#endif // ARRAYC_TARGET_GPUBINARYTOPTX_H
