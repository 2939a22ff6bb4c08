//===- ArrayDialect.cpp - The array dialect -------------------------------===//

#include "arrayc/Dialect/Array/IR/ArrayDialect.h"
#include "arrayc/Dialect/Array/IR/ArrayOps.h"

using namespace mlir;
using namespace mlir::array;

#include "arrayc/Dialect/Array/IR/ArrayOpsDialect.cpp.inc"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#define GET_TYPEDEF_CLASSES
#include "arrayc/Dialect/Array/IR/ArrayOpsTypes.cpp.inc"

void ArrayDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "arrayc/Dialect/Array/IR/ArrayOpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "arrayc/Dialect/Array/IR/ArrayOps.cpp.inc"
      >();
}

Operation *ArrayDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, elements);
}
