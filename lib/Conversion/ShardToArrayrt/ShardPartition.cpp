//===- ShardPartition.cpp - A sharded program into one process's part -----===//
//
// array-shard-partition: the checks arrayc needs before upstream's sharding
// passes (grids of static shape, one size for the program), then
// sharding-propagation and shard-partition on every function, as one
// dynamic pipeline that runs only when the module declares a grid.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/ShardToArrayrt/ShardToArrayrt.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYSHARDPARTITION
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

bool array::hasShardGrid(ModuleOp module) {
  return !module.getOps<shard::GridOp>().empty();
}

namespace {

/// Clones the constants that linalg bodies read from above into the bodies:
/// shard-partition (MLIR 22) clones an op's body without mapping the values
/// it captures, which left fused `x * x + 1` reading a dangling `1`.
void sinkConstantsIntoBodies(ModuleOp module) {
  module.walk([](linalg::LinalgOp op) {
    for (Region &region : op->getRegions()) {
      SetVector<Value> captured;
      getUsedValuesDefinedAbove(region, captured);
      OpBuilder b = OpBuilder::atBlockBegin(&region.front());
      for (Value value : captured) {
        Operation *constant = value.getDefiningOp();
        if (!constant || !matchPattern(constant, m_Constant()))
          continue;
        Value copy = b.clone(*constant)->getResult(0);
        replaceAllUsesInRegionWith(value, copy, region);
      }
    }
  });
}

/// Fails, with an error at the op, for a shard.shard that splits a static
/// dimension unevenly: MLIR 22's partitioning would drop the rest (or
/// fail far from the source). Dynamic sizes are checked when the program
/// runs (array-shard-to-arrayrt).
LogicalResult checkEvenSplits(ModuleOp module) {
  WalkResult result = module.walk([&](shard::ShardOp op) {
    auto sharding = op.getSharding().getDefiningOp<shard::ShardingOp>();
    if (!sharding)
      return WalkResult::advance();
    auto grid = SymbolTable::lookupNearestSymbolFrom<shard::GridOp>(
        op, sharding.getGridAttr());
    if (!grid)
      return WalkResult::advance();
    RankedTensorType type = op.getResult().getType();
    for (auto [dim, axes] :
         llvm::enumerate(sharding.getSplitAxes().getAxes())) {
      if (dim >= static_cast<size_t>(type.getRank()))
        break;
      int64_t parts = 1;
      for (int16_t axis : axes.asArrayRef())
        parts *= grid.getShape()[axis];
      int64_t size = type.getDimSize(dim);
      if (ShapedType::isDynamic(size) || size % parts == 0)
        continue;
      op.emitOpError() << "splits dimension " << dim << " of size " << size
                       << " over " << parts << " processes: the size must be "
                       << "a multiple of the number of processes (uneven "
                       << "parts are not supported yet)";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

struct ArrayShardPartitionPass
    : array::impl::ArrayShardPartitionBase<ArrayShardPartitionPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto grids = llvm::to_vector(module.getOps<shard::GridOp>());
    if (grids.empty())
      return;
    if (reject) {
      for (shard::GridOp grid : grids)
        grid.emitOpError("declares a grid of processes: sharded programs "
                         "run on the CPU target only yet (compile with "
                         "--target=cpu and start them with mpirun)");
      return signalPassFailure();
    }
    std::optional<int64_t> processes;
    for (shard::GridOp grid : grids) {
      if (ShapedType::isDynamicShape(grid.getShape())) {
        grid.emitOpError("expected a grid of static shape (the program's "
                         "number of processes), found a dynamic size");
        return signalPassFailure();
      }
      int64_t size = ShapedType::getNumElements(grid.getShape());
      if (processes && *processes != size) {
        grid.emitOpError() << "has " << size << " processes, but another "
                           << "grid of the program has " << *processes
                           << ": a program runs as one number of processes";
        return signalPassFailure();
      }
      processes = size;
    }
    if (failed(checkEvenSplits(module)))
      return signalPassFailure();
    sinkConstantsIntoBodies(module);
    OpPassManager pipeline(ModuleOp::getOperationName());
    OpPassManager &functions = pipeline.nest<func::FuncOp>();
    // Unit dimensions out of linalg ops first: broadcasting a keepdims
    // result reads it through a constant index, which has no sharding.
    functions.addPass(createLinalgFoldUnitExtentDimsPass());
    functions.addPass(createCanonicalizerPass());
    // Forward first: the shardings the program states flow to the ops
    // they feed before results pull theirs back (the default order left a
    // reduction's initial fill unannotated, and partitioning crashed).
    shard::ShardingPropagationOptions propagation;
    propagation.traversal = shard::TraversalOrder::ForwardBackward;
    functions.addPass(shard::createShardingPropagation(propagation));
    functions.addPass(shard::createPartition());
    pipeline.addPass(createCanonicalizerPass());
    if (failed(runPipeline(pipeline, module)))
      signalPassFailure();
  }
};

} // namespace
