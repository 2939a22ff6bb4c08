//===- IOOps.cpp - array input and output ops -----------------------------===//

#include "arrayc/Dialect/Array/IR/ArrayOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::array;

//===----------------------------------------------------------------------===//
// PrintOp
//===----------------------------------------------------------------------===//

void PrintOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Printing writes to standard output, modelled as the default resource, so
  // prints stay in program order and are never removed.
  effects.emplace_back(MemoryEffects::Write::get());
  if (isa<MemRefType>(getInput().getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &getInputMutable());
}

