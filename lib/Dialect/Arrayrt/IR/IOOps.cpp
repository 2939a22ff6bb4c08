//===- IOOps.cpp - arrayrt file and print ops -----------------------------===//

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"

#include "arrayc/Dialect/Array/IR/IOChecks.h"

using namespace mlir;
using namespace mlir::arrayrt;

// The ops' memory effects are declared in ArrayrtIOOps.td.

bool SaveNpyOp::isStreamOrdered() { return getDevice(); }

//===----------------------------------------------------------------------===//
// .npy files
//===----------------------------------------------------------------------===//

/// A path and an optional .npz member name.
template <typename OpTy> static LogicalResult verifyNpySource(OpTy op) {
  return failure(failed(array::verifyNpyPath(op, op.getPath())) ||
                 failed(array::verifyNpzMember(op, op.getMember())));
}

LogicalResult NpyShapeOp::verify() { return verifyNpySource(*this); }

LogicalResult LoadNpyIntoOp::verify() {
  if (failed(verifyNpySource(*this)))
    return failure();
  std::optional<ArrayRef<int64_t>> whole = getWholeShape();
  if (!whole) {
    if (!getOffsets().empty())
      return emitOpError("expects the whole array's shape (`in`) with "
                         "offsets");
    return success();
  }
  if (getMember())
    return emitOpError("expects no part of an .npz member (members are read "
                       "whole)");
  MemRefType type = getBuffer().getType();
  int64_t rank = type.getRank();
  if (static_cast<int64_t>(getOffsets().size()) != rank ||
      static_cast<int64_t>(whole->size()) != rank)
    return emitOpError("expects one offset and one size of the whole array "
                       "per dimension of the buffer (")
           << rank << "), found " << getOffsets().size() << " and "
           << whole->size();
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t size = (*whole)[dim];
    if (size < -1)
      return emitOpError("expects the whole array's sizes to be -1 (any) or "
                         "at least 0, found ")
             << size;
    if (size >= 0 && !type.isDynamicDim(dim) && type.getDimSize(dim) > size)
      return emitOpError("expects the buffer (")
             << type << ") to fit in the whole array: dimension " << dim
             << " is larger than " << size;
  }
  return success();
}

bool LoadNpyIntoOp::isStreamOrdered() { return getDevice(); }

//===----------------------------------------------------------------------===//
// Matrix Market files
//===----------------------------------------------------------------------===//

/// The coordinates (`? x 2` of i64) or the values (rank 1, f32 or f64).
static LogicalResult verifyMtxPart(Operation *op, ShapedType type,
                                   StringRef what) {
  Type element = type.getElementType();
  if (type.getRank() == 2 && element.isInteger(64) && type.getDimSize(1) == 2)
    return success();
  if (type.getRank() == 1 && (element.isF32() || element.isF64()))
    return success();
  return op->emitOpError()
         << what
         << " must hold the coordinates (? x 2 of i64) or the values (rank "
            "1, f32 or f64) of the entries, found "
         << type;
}

LogicalResult ReadMtxOp::verify() {
  return verifyMtxPart(*this, getType(), "result");
}

LogicalResult ReadMtxIntoOp::verify() {
  return verifyMtxPart(*this, getBuffer().getType(), "buffer");
}
