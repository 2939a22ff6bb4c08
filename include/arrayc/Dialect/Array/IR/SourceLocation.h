//===- SourceLocation.h - Source locations in run-time messages -*- C++ -*-===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_SOURCELOCATION_H
#define ARRAYC_DIALECT_ARRAY_IR_SOURCELOCATION_H

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"

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

/// The name of a host profiling span of `op`'s work: its formatOpLabel, as
/// the CUDA target's profile names the op's kernels, with `op`'s own name
/// when the location names no array op (a copy at a loop's `scf.yield`):
/// `memref.copy @ prog.mlir:20:5`; the op's name alone without a source
/// location.
std::string formatSpanName(Operation *op);

} // namespace mlir::array

#endif // ARRAYC_DIALECT_ARRAY_IR_SOURCELOCATION_H
