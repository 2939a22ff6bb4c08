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
  if (failed(verifyNpyPath(*this, getPath())) ||
      failed(verifyNpzMember(*this, getMember())))
    return failure();
  auto type = cast<RankedTensorType>(getType());
  std::optional<Type> whole = getWhole();
  if (!whole) {
    if (!getSizes().empty())
      return emitOpError("expects sizes only with a part (`part`)");
    return success();
  }
  if (getMember())
    return emitOpError("expects no part of an .npz member (members are read "
                       "whole)");
  auto wholeType = cast<RankedTensorType>(*whole);
  if (wholeType.getRank() != type.getRank() ||
      wholeType.getElementType() != type.getElementType())
    return emitOpError("expects the whole array (")
           << wholeType << ") to have the rank and element type of the part ("
           << type << ")";
  if (static_cast<int64_t>(getOffsets().size()) != type.getRank())
    return emitOpError("expects one offset per dimension (")
           << type.getRank() << "), found " << getOffsets().size();
  if (static_cast<int64_t>(getSizes().size()) != type.getNumDynamicDims())
    return emitOpError("expects one size per dynamic dimension of the part (")
           << type.getNumDynamicDims() << "), found " << getSizes().size();
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (!type.isDynamicDim(dim) && !wholeType.isDynamicDim(dim) &&
        type.getDimSize(dim) > wholeType.getDimSize(dim))
      return emitOpError("expects the part (")
             << type << ") to fit in the whole array (" << wholeType
             << "): dimension " << dim << " is larger";
  return success();
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
