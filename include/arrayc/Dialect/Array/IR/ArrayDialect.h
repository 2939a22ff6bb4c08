//===- ArrayDialect.h - The array dialect -----------------------*- C++ -*-===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_ARRAYDIALECT_H
#define ARRAYC_DIALECT_ARRAY_IR_ARRAYDIALECT_H

#include "mlir/IR/Dialect.h"

#include "arrayc/Dialect/Array/IR/ArrayOpsDialect.h.inc"

#endif // ARRAYC_DIALECT_ARRAY_IR_ARRAYDIALECT_H
