//===- ShardedLoops.h - Loops over sharded arrays ---------------*- C++ -*-===//
//
// MLIR 22's sharding propagation and partitioning see the ops of a
// function's top-level block only, and scf.for has no sharding model. A
// loop over sharded arrays is handled in three steps around them:
// its body is outlined into a function (the arrays it reads from above
// carried through it unchanged), the loop's model gives each carried
// array the sharding of its initial value, and the body function, its
// arguments and results annotated with those shardings, is partitioned
// on its own before the loop is rebuilt around a call to it; the call is
// inlined afterwards.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_LIB_CONVERSION_SHARDTOARRAYRT_SHARDEDLOOPS_H
#define ARRAYC_LIB_CONVERSION_SHARDTOARRAYRT_SHARDEDLOOPS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"

namespace mlir::array {

/// Attaches the sharding model of scf.for: it splits no loop of its own,
/// each carried array keeps its initial value's sharding (replicated when
/// that has none), and partitioning rebuilds the loop on the parts.
void registerShardedLoopModel(DialectRegistry &registry);

/// Outlines the body of each top-level scf.for of `function` that works on
/// tensors into a private function (recursively: loops in the bodies
/// too), after making the tensors it reads from above carried values.
/// Appends the new functions to `bodies`.
LogicalResult outlineLoopBodies(func::FuncOp function,
                                SmallVectorImpl<func::FuncOp> &bodies);

/// The function of `bodies` whose call is `loop`'s body, if any.
func::FuncOp getOutlinedBody(scf::ForOp loop, ArrayRef<func::FuncOp> bodies);

/// Annotates the arguments and results of `body`, the outlined body of
/// `loop`, with the shardings propagation gave the loop's carried values.
void annotateLoopBody(scf::ForOp loop, func::FuncOp body);

/// Inlines the calls to the (partitioned) `bodies` and erases them.
void inlineLoopBodies(ModuleOp module, ArrayRef<func::FuncOp> bodies);

} // namespace mlir::array

#endif // ARRAYC_LIB_CONVERSION_SHARDTOARRAYRT_SHARDEDLOOPS_H
