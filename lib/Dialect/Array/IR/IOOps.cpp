//===- IOOps.cpp - array input and output ops -----------------------------===//

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Array/IR/IOChecks.h"

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
}

//===----------------------------------------------------------------------===//
// .npy files
//===----------------------------------------------------------------------===//

/// The path reaches the runtime as a C string, so it must be one.
LogicalResult array::verifyNpyPath(Operation *op, StringRef path) {
  if (path.empty())
    return op->emitOpError("expects a non-empty path");
  if (path.contains('\0'))
    return op->emitOpError("path contains a NUL character");
  return success();
}

LogicalResult SaveNpyOp::verify() { return verifyNpyPath(*this, getPath()); }

void SaveNpyOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Writing a file is modelled as writing the default resource, as printing.
  effects.emplace_back(MemoryEffects::Write::get());
}

/// A member name reaches the runtime as a C string too.
LogicalResult array::verifyNpzMember(Operation *op,
                                     std::optional<StringRef> member) {
  if (!member)
    return success();
  if (member->empty())
    return op->emitOpError("expects a non-empty member name");
  if (member->contains('\0'))
    return op->emitOpError("member name contains a NUL character");
  return success();
}

LogicalResult LoadNpyOp::verify() {
  return failure(failed(verifyNpyPath(*this, getPath())) ||
                 failed(verifyNpzMember(*this, getMember())));
}

void LoadNpyOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Reading a file may stop the program, so it is also a write of the
  // default resource: the load stays in order with prints and saves (which
  // may write the file it reads) and is not removed when its result is
  // unused.
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}
