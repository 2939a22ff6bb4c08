//===- SourceLocation.h - Source locations in run-time messages -*- C++ -*-===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_SOURCELOCATION_H
#define ARRAYC_DIALECT_ARRAY_IR_SOURCELOCATION_H

#include "mlir/IR/Location.h"

#include <string>

namespace mlir::array {

/// `file:line:col` of `loc` (the first such location inside a fused, named
/// or call-site location), or "" when it has none: how the compiler names
/// an array op in messages the program prints at run time.
std::string formatSourceLocation(Location loc);

} // namespace mlir::array

#endif // ARRAYC_DIALECT_ARRAY_IR_SOURCELOCATION_H
