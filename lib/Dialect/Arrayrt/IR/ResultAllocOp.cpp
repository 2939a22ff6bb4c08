//===- ResultAllocOp.cpp - arrayrt.result_alloc ---------------------------===//

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"

using namespace mlir;
using namespace mlir::arrayrt;

LogicalResult ResultAllocOp::verify() {
  MemRefType type = getMemref().getType();
  if (getDynamicSizes().size() != type.getNumDynamicDims())
    return emitOpError("expected ")
           << type.getNumDynamicDims() << " dynamic sizes for " << type
           << ", found " << getDynamicSizes().size();
  if (!type.getLayout().isIdentity())
    return emitOpError("expected a row-major buffer (identity layout), "
                       "found ")
           << type;
  if (type.getMemorySpace())
    return emitOpError("expected a buffer in the default memory space, "
                       "found ")
           << type;
  if (!type.getElementType().isIntOrFloat())
    return emitOpError("expected integer or float elements, found ")
           << type.getElementType();
  return success();
}
