//===- ArrayOps.h - array dialect operations --------------------*- C++ -*-===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYOPS_H
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYOPS_H

#include "arrayc/Dialect/Array/IR/ArrayDialect.h"
#include "arrayc/Dialect/Array/IR/Broadcast.h"
#include "arrayc/Dialect/Array/IR/TypePromotion.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <array>

#include "arrayc/Dialect/Array/IR/ArrayInterfaces.h.inc"

namespace mlir::array::detail {
/// Checks that `region` is one block with arguments of `argTypes` ending in
/// an array.yield (array.map and array.reduce regions).
LogicalResult verifyScalarRegion(Operation *op, Region &region, StringRef name,
                                 TypeRange argTypes);

/// Clones the ops of such a region at `builder`'s insertion point with its
/// arguments bound to `args`; returns the value it yields.
Value inlineScalarRegion(OpBuilder &builder, Region &region, ValueRange args);
} // namespace mlir::array::detail

#define GET_TYPEDEF_CLASSES
#include "arrayc/Dialect/Array/IR/ArrayOpsTypes.h.inc"

#define GET_OP_CLASSES
#include "arrayc/Dialect/Array/IR/ArrayOps.h.inc"

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYOPS_H
