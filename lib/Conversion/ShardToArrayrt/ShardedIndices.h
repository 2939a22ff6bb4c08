//===- ShardedIndices.h - Element indices of split loops --------*- C++ -*-===//
//
// A linalg op whose body reads its loop indices (linalg.index: arange,
// eye, triangular masks, ...) computes with the indices of the whole
// array; MLIR 22's shard-partition gives each process the op on its part
// with the body unchanged, so indices restart at 0 on every process. The
// split dimensions are noted on the op before partitioning, and the
// process's offset added to their indices after.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_LIB_CONVERSION_SHARDTOARRAYRT_SHARDEDINDICES_H
#define ARRAYC_LIB_CONVERSION_SHARDTOARRAYRT_SHARDEDINDICES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::array {

/// Notes, on each linalg op of `function`'s top-level block that reads the
/// index of a dimension its (propagated) shardings split, the grid axes
/// each dimension is split over.
void noteSplitIndices(func::FuncOp function);

/// After partitioning: adds to each noted index the offset of this
/// process's part, and drops the notes.
void offsetSplitIndices(func::FuncOp function);

} // namespace mlir::array

#endif // ARRAYC_LIB_CONVERSION_SHARDTOARRAYRT_SHARDEDINDICES_H
