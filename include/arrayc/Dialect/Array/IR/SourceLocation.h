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

/// "array.mul+array.exp @ prog.mlir:3:8": the array ops named in `loc`
/// (array-name-locations; at most four, then "+...") and its
/// formatSourceLocation, or just the latter when it names no array op.
std::string formatOpLabel(Location loc);

} // namespace mlir::array

#endif // ARRAYC_DIALECT_ARRAY_IR_SOURCELOCATION_H
