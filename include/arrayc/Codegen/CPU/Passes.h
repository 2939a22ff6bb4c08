//===- Passes.h - CPU code generation passes ----------------------*- C++
//-*-===//

#ifndef ARRAYC_CODEGEN_CPU_PASSES_H
#define ARRAYC_CODEGEN_CPU_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::array {

#define GEN_PASS_DECL
#include "arrayc/Codegen/CPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "arrayc/Codegen/CPU/Passes.h.inc"

} // namespace mlir::array

#endif // ARRAYC_CODEGEN_CPU_PASSES_H
