//===- ArrayrtDialect.cpp - The arrayrt dialect ---------------------------===//

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtDialect.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::arrayrt;

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsDialect.cpp.inc"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsEnums.cpp.inc"

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsAttributes.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsTypes.cpp.inc"

#define GET_OP_CLASSES
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.cpp.inc"

void ArrayrtDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsAttributes.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.cpp.inc"
      >();
}

LogicalResult
ArrayrtDialect::verifyOperationAttribute(Operation *op,
                                         NamedAttribute attribute) {
  if (attribute.getName() == getMinBlocksPerSmAttrHelper().getName()) {
    auto blocks = dyn_cast<IntegerAttr>(attribute.getValue());
    if (!blocks || blocks.getInt() < 1)
      return op->emitOpError("'")
             << attribute.getName().getValue()
             << "' must be a positive integer (blocks per SM)";
    return success();
  }
  return op->emitOpError("has unknown arrayrt attribute '")
         << attribute.getName().getValue() << "'";
}
