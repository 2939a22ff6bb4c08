//===- Passes.h - CPU code generation passes ----------------------*- C++
//-*-===//

#ifndef ARRAYC_CODEGEN_CPU_PASSES_H
#define ARRAYC_CODEGEN_CPU_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::array {

#define GEN_PASS_DECL
#include "arrayc/Codegen/CPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "arrayc/Codegen/CPU/Passes.h.inc"

} // namespace mlir::array

#endif // ARRAYC_CODEGEN_CPU_PASSES_H
