//===- ShardedLoops.h - Loops over sharded arrays ---------------*- C++ -*-===//
//
// MLIR 22's sharding propagation and partitioning see the ops of a
// function's top-level block only, and scf.for and scf.while have no
// sharding model. A loop over sharded arrays is handled in three steps
// around them: each of its regions (scf.for's body, scf.while's test and
// body) is outlined into a function (the arrays it reads from above
// carried through the loop unchanged), the loop's model gives each
// carried array the sharding of its initial value, and each region's
// function, its arguments and results annotated with those shardings, is
// partitioned on its own before the loop is rebuilt around calls to them;
// the calls are inlined afterwards. A while loop's test is a scalar every
// process computes alike (from replicated values, such as an all-reduced
// norm), so every process takes the same branch.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_LIB_CONVERSION_SHARDTOARRAYRT_SHARDEDLOOPS_H
#define ARRAYC_LIB_CONVERSION_SHARDTOARRAYRT_SHARDEDLOOPS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"

namespace mlir::array {

/// Attaches the sharding models of scf.for and scf.while: they split no
/// loop of their own,
/// each carried array keeps its initial value's sharding (replicated when
/// that has none), and partitioning rebuilds the loop on the parts.
void registerShardedLoopModel(DialectRegistry &registry);

/// Outlines the regions of each top-level scf.for and scf.while of
/// `function` that works on tensors into private functions (recursively:
/// loops in the bodies too), after making the tensors they read from
/// above carried values. Appends the new functions to `bodies`. A while
/// loop whose test does not pass on the values it carries (their types)
/// is an error.
LogicalResult outlineLoopBodies(func::FuncOp function,
                                SmallVectorImpl<func::FuncOp> &bodies);

/// The functions of `bodies` that `loop`'s regions call, in region order
/// (none when `loop` is not an outlined scf.for or scf.while).
SmallVector<func::FuncOp> getOutlinedBodies(Operation *loop,
                                            ArrayRef<func::FuncOp> bodies);

/// Annotates the arguments and results of `regions`, the outlined regions
/// of `loop`, with the shardings propagation gave the loop's carried
/// values.
void annotateLoopBodies(Operation *loop, ArrayRef<func::FuncOp> regions);

/// Inlines the calls to the (partitioned) `bodies` and erases them.
void inlineLoopBodies(ModuleOp module, ArrayRef<func::FuncOp> bodies);

} // namespace mlir::array

#endif // ARRAYC_LIB_CONVERSION_SHARDTOARRAYRT_SHARDEDLOOPS_H
