//===- ProfileOps.cpp - array.range_push and array.range_pop --------------===//

#include "arrayc/Dialect/Array/IR/ArrayOps.h"

using namespace mlir;
using namespace mlir::array;

LogicalResult RangePushOp::verify() {
  StringRef name = getName();
  if (name.empty())
    return emitOpError("needs a non-empty range name");
  // The runtime receives the name as a C string.
  if (name.contains('\0'))
    return emitOpError("range name must not contain a NUL character");
  return success();
}
