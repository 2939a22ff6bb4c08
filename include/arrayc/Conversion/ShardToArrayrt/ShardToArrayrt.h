//===- ShardToArrayrt.h - Sharded arrays to one process's part --*- C++ -*-===//

#ifndef ARRAYC_CONVERSION_SHARDTOARRAYRT_SHARDTOARRAYRT_H
#define ARRAYC_CONVERSION_SHARDTOARRAYRT_SHARDTOARRAYRT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::array {

#define GEN_PASS_DECL_ARRAYSHARDPARTITION
#define GEN_PASS_DECL_ARRAYSHARDTOARRAYRT
#include "arrayc/Conversion/Passes.h.inc"

/// Whether `module` declares a grid of processes (a `shard.grid`): the
/// program is sharded.
bool hasShardGrid(ModuleOp module);

} // namespace mlir::array

#endif // ARRAYC_CONVERSION_SHARDTOARRAYRT_SHARDTOARRAYRT_H
