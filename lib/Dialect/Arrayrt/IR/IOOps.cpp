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

LogicalResult LoadNpyIntoOp::verify() { return verifyNpySource(*this); }

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
