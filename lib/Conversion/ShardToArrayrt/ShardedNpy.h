//===- ShardedNpy.h - Each process reads its part of a file ----*- C++ -*-===//
//
// A partitioned program loads a whole `.npy` file on every process and
// keeps the slice of a sharded array that is its own (the all_slice of the
// load's annotation). The load becomes `array.load_npy ... part`, which
// reads only that slice from the file.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_LIB_CONVERSION_SHARDTOARRAYRT_SHARDEDNPY_H
#define ARRAYC_LIB_CONVERSION_SHARDTOARRAYRT_SHARDEDNPY_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::array {

/// Replaces each `array.load_npy` of an `.npy` file whose result is only
/// sliced (unit strides, no rank reduction) and measured (`tensor.dim` of a
/// constant dimension) by loads of the slices' parts, and its dimensions by the
/// file's
/// (`arrayrt.npy_shape`). Loads with another use, or with an op between
/// them and a slice that may write (the file could change), stay whole.
void readFileParts(ModuleOp module);

} // namespace mlir::array

#endif // ARRAYC_LIB_CONVERSION_SHARDTOARRAYRT_SHARDEDNPY_H
