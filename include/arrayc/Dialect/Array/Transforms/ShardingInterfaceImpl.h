//===- ShardingInterfaceImpl.h - array ops on sharded arrays ----*- C++ -*-===//

#ifndef ARRAYC_DIALECT_ARRAY_TRANSFORMS_SHARDINGINTERFACEIMPL_H
#define ARRAYC_DIALECT_ARRAY_TRANSFORMS_SHARDINGINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
namespace array {

/// Lets upstream's sharding-propagation and shard-partition pass through
/// the array ops that survive the lowering to linalg: the I/O ops
/// (array.load_npy, array.save_npy, array.print) take and give whole,
/// replicated arrays, so partitioning gathers a sharded value before it is
/// printed or saved; tensor.expand_shape that only inserts unit dimensions
/// (keepdims reductions) splits like an elementwise op.
void registerShardingInterfaceExternalModels(DialectRegistry &registry);

} // namespace array
} // namespace mlir

#endif // ARRAYC_DIALECT_ARRAY_TRANSFORMS_SHARDINGINTERFACEIMPL_H
