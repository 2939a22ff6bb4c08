//===- Passes.h - array dialect transformation passes -----------*- C++ -*-===//

#ifndef ARRAYC_DIALECT_ARRAY_TRANSFORMS_PASSES_H
#define ARRAYC_DIALECT_ARRAY_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class DialectRegistry;
namespace array {

#define GEN_PASS_DECL
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"

} // namespace array
} // namespace mlir

#endif // ARRAYC_DIALECT_ARRAY_TRANSFORMS_PASSES_H
