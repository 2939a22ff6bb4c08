//===- ArrayOps.cpp - array dialect operations ----------------------------===//
//
// The generated op and interface definitions, and the custom assembly
// directives the op groups share. Each group's own code is in
// <Group>Ops.cpp.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/IR/ArrayOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::array;

/// `: T` when the unary op's result type equals its operand type, else
/// `: T -> R`.
static ParseResult parseUnaryTypes(OpAsmParser &parser, Type &operandType,
                                   Type &resultType) {
  if (parser.parseType(operandType))
    return failure();
  resultType = operandType;
  if (succeeded(parser.parseOptionalArrow()))
    return parser.parseType(resultType);
  return success();
}

static void printUnaryTypes(OpAsmPrinter &printer, Operation *, Type operandType,
                            Type resultType) {
  printer << operandType;
  if (resultType != operandType)
    printer << " -> " << resultType;
}

#include "arrayc/Dialect/Array/IR/ArrayInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "arrayc/Dialect/Array/IR/ArrayOps.cpp.inc"
