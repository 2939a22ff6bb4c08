//===- ArrayrtOps.h - arrayrt dialect operations ----------------*- C++ -*-===//

#ifndef ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTOPS_H
#define ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTOPS_H

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsAttributes.h.inc"

#define GET_TYPEDEF_CLASSES
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsTypes.h.inc"

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtInterfaces.h.inc"

#define GET_OP_CLASSES
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h.inc"

#endif // ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTOPS_H
