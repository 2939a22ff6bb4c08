//===- ShardingInterfaceImpl.cpp - array ops on sharded arrays ------------===//
//
// The I/O ops read and write whole arrays: every process loads the whole
// file, and prints or saves a whole (replicated) array. Their models are
// upstream's defaults: no loops to split, every operand and result fully
// replicated, so shard-partition all-gathers a sharded operand first and a
// shard.shard after a load slices the loaded array locally.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/Transforms/ShardingInterfaceImpl.h"

#include "arrayc/Dialect/Array/IR/ArrayDialect.h"
#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

namespace {

/// The tensor an I/O op reads or writes (its only one).
RankedTensorType getIOTensorType(Operation *op) {
  for (Type type :
       llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return tensor;
  return {};
}

/// An op on one whole array: a parallel loop per dimension, none of them
/// split, so its operand or result is always fully replicated (partition
/// gathers a sharded operand, and a sharded user of the result slices it).
template <typename OpTy>
struct ReplicatedModel
    : shard::ShardingInterface::ExternalModel<ReplicatedModel<OpTy>, OpTy> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    return SmallVector<utils::IteratorType>(getIOTensorType(op).getRank(),
                                            utils::IteratorType::parallel);
  }

  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    return {AffineMap::getMultiDimIdentityMap(getIOTensorType(op).getRank(),
                                              op->getContext())};
  }

  FailureOr<shard::ShardingOption>
  getShardingOption(Operation *op, ArrayRef<shard::Sharding> operandShardings,
                    ArrayRef<shard::Sharding> resultShardings) const {
    for (const shard::Sharding &sharding :
         llvm::concat<const shard::Sharding>(operandShardings, resultShardings))
      if (sharding)
        return shard::ShardingOption(
            shard::ShardingArray(getIOTensorType(op).getRank()),
            sharding.getGridAttr());
    return shard::ShardingOption::makeEmpty();
  }
};

} // namespace

void array::registerShardingInterfaceExternalModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, ArrayDialect *) {
    LoadNpyOp::attachInterface<ReplicatedModel<LoadNpyOp>>(*context);
    SaveNpyOp::attachInterface<ReplicatedModel<SaveNpyOp>>(*context);
    PrintOp::attachInterface<ReplicatedModel<PrintOp>>(*context);
  });
}
