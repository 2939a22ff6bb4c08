//===- IOChecks.h - Checks of file names the runtime receives ---*- C++ -*-===//
//
// Shared by the verifiers of the array I/O ops and of their bufferized
// arrayrt forms.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_IOCHECKS_H
#define ARRAYC_DIALECT_ARRAY_IR_IOCHECKS_H

#include "mlir/IR/Operation.h"

#include <optional>

namespace mlir::array {

/// The path reaches the runtime as a C string, so it must be one.
LogicalResult verifyNpyPath(Operation *op, StringRef path);

/// A member name reaches the runtime as a C string too.
LogicalResult verifyNpzMember(Operation *op, std::optional<StringRef> member);

} // namespace mlir::array

#endif // ARRAYC_DIALECT_ARRAY_IR_IOCHECKS_H
