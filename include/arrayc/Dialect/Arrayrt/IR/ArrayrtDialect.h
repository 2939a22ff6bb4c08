//===- ArrayrtDialect.h - The arrayrt dialect -------------------*- C++ -*-===//

#ifndef ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTDIALECT_H
#define ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/Operation.h"

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOpsDialect.h.inc"

#endif // ARRAYC_DIALECT_ARRAYRT_IR_ARRAYRTDIALECT_H
