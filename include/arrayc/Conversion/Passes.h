//===- Passes.h - array dialect conversion passes ---------------*- C++ -*-===//

#ifndef ARRAYC_CONVERSION_PASSES_H
#define ARRAYC_CONVERSION_PASSES_H

#include "arrayc/Conversion/ArrayToLibrary/ArrayToLibrary.h"
#include "arrayc/Conversion/ArrayToLinalg/ArrayToLinalg.h"
#include "arrayc/Conversion/ArrayrtToCalls/ArrayrtToCalls.h"
#include "arrayc/Conversion/ExportAbi/ExportAbi.h"
#include "arrayc/Conversion/ShardToArrayrt/ShardToArrayrt.h"

#include "mlir/Dialect/Shard/IR/ShardDialect.h"

namespace mlir::array {

#define GEN_PASS_REGISTRATION
#include "arrayc/Conversion/Passes.h.inc"

} // namespace mlir::array

#endif // ARRAYC_CONVERSION_PASSES_H
