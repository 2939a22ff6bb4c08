//===- ShardPartition.cpp - A sharded program into one process's part -----===//
//
// array-shard-partition: the checks arrayc needs before upstream's sharding
// passes (grids of static shape, one size for the program), then
// sharding-propagation and shard-partition on every function (the bodies
// of its loops outlined and partitioned first: ShardedLoops.h), only when
// the module declares a grid.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/ShardToArrayrt/ShardToArrayrt.h"

#include "ShardedIndices.h"
#include "ShardedLoops.h"
#include "arrayc/Dialect/Array/IR/ArrayOps.h"

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
#include "mlir/Interfaces/SideEffectInterfaces.h"
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

/// Turns the tensor constants that are not splats into array.constant
/// (`toArray`) or back: partitioning (MLIR 22) fails, without a message,
/// on an arith.constant that is not a splat, while array.constant is
/// replicated (a whole array on every process, sliced where a part is
/// needed).
void swapDenseConstants(ModuleOp module, bool toArray) {
  auto swap = [](Operation *op, auto create) {
    OpBuilder b(op);
    Value value = create(b);
    op->getResult(0).replaceAllUsesWith(value);
    op->erase();
  };
  if (toArray) {
    module.walk([&](arith::ConstantOp constant) {
      auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!value || value.isSplat() || !isa<RankedTensorType>(value.getType()))
        return;
      swap(constant, [&](OpBuilder &b) {
        return array::ConstantOp::create(b, constant.getLoc(), value)
            .getResult();
      });
    });
    return;
  }
  module.walk([&](array::ConstantOp constant) {
    swap(constant, [&](OpBuilder &b) {
      return arith::ConstantOp::create(b, constant.getLoc(),
                                       cast<TypedAttr>(constant.getValue()))
          .getResult();
    });
  });
}

/// Makes every use of a value the program annotates (`%xs = shard.shard
/// %x to %s`, the sharding of %x's definition) read the annotated value:
/// upstream's partitioning wants that annotation to be the value's only
/// user, and left an op still reading %x itself unannotated (a crash).
void readAnnotatedValues(ModuleOp module) {
  module.walk([](shard::ShardOp annotation) {
    if (annotation.getAnnotateForUsers())
      return;
    Value value = annotation.getSrc();
    if (value.getDefiningOp<shard::ShardOp>())
      return;
    // Right after the definition, for the uses before the annotation.
    auto sharding = annotation.getSharding().getDefiningOp<shard::ShardingOp>();
    if (!sharding || sharding->getNumOperands() != 0 ||
        annotation->getBlock() != value.getParentBlock())
      return;
    OpBuilder b(annotation);
    if (Operation *def = value.getDefiningOp())
      b.setInsertionPointAfter(def);
    else
      b.setInsertionPointToStart(value.getParentBlock());
    Operation *spec = b.clone(*sharding);
    annotation->moveAfter(spec);
    annotation.getShardingMutable().assign(spec->getResult(0));
    value.replaceUsesWithIf(annotation.getResult(), [&](OpOperand &use) {
      auto other = dyn_cast<shard::ShardOp>(use.getOwner());
      return use.getOwner() != annotation &&
             !(other && !other.getAnnotateForUsers());
    });
  });
}

/// Gives an op that reads one array twice (`A @ A`) a copy for each read
/// after the first: MLIR 22's propagation annotates a value's uses in one
/// op as one, and the op's parts then disagree on their shapes.
void copyRepeatedOperands(func::FuncOp function) {
  for (Operation &op : function.getBody().front()) {
    if (isa<shard::ShardOp, func::ReturnOp>(op))
      continue;
    DenseSet<Value> seen;
    for (OpOperand &operand : op.getOpOperands()) {
      auto type = dyn_cast<RankedTensorType>(operand.get().getType());
      if (!type || type.getRank() == 0 || seen.insert(operand.get()).second)
        continue;
      OpBuilder b(&op);
      Location loc = op.getLoc();
      SmallVector<OpFoldResult> sizes =
          tensor::getMixedSizes(b, loc, operand.get());
      Value empty =
          tensor::EmptyOp::create(b, loc, sizes, type.getElementType());
      operand.set(
          linalg::CopyOp::create(b, loc, operand.get(), empty).getResult(0));
    }
  }
}

/// The constant a `linalg.fill` of a `tensor.empty` writes, if `value` is
/// one.
Attribute fillConstant(Value value) {
  auto fill = value.getDefiningOp<linalg::FillOp>();
  if (!fill || !fill.getOutputs()[0].getDefiningOp<tensor::EmptyOp>())
    return {};
  Attribute constant;
  if (!matchPattern(fill.getInputs()[0], m_Constant(&constant)))
    return {};
  return constant;
}

/// After partitioning: a partial reduction's initial value is chosen per
/// process (`scf.if` process 0: the original, else a fill of the
/// reduction's neutral element). When the original is that same fill, both
/// branches are one value: a fill in place of the `scf.if`. (Buffers that
/// come from either branch would have their ownership decided at run time,
/// a host synchronization per loop iteration on the GPU.)
bool foldSameInits(ModuleOp module) {
  SmallVector<scf::IfOp> choices;
  module.walk([&](scf::IfOp choice) {
    if (choice.getNumResults() != 1 || !choice.elseBlock() ||
        !isa<RankedTensorType>(choice.getResult(0).getType()))
      return;
    Value chosen = choice.thenYield().getOperand(0);
    Value neutral = choice.elseYield().getOperand(0);
    // The else branch only makes the fill (and its constant).
    if (!llvm::all_of(choice.elseBlock()->without_terminator(),
                      [](Operation &op) { return isPure(&op); }))
      return;
    Attribute original = fillConstant(chosen), fill = fillConstant(neutral);
    if (original && original == fill && chosen.getType() == neutral.getType())
      choices.push_back(choice);
  });
  for (scf::IfOp choice : choices) {
    Block *branch = choice.elseBlock();
    Value neutral = choice.elseYield().getOperand(0);
    for (Operation &op :
         llvm::make_early_inc_range(branch->without_terminator()))
      op.moveBefore(choice);
    choice.getResult(0).replaceAllUsesWith(neutral);
    choice.erase();
  }
  return !choices.empty();
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
    std::optional<int64_t> gridSize;
    for (shard::GridOp grid : grids) {
      if (failed(setDynamicSize(grid)))
        return signalPassFailure();
      int64_t size = ShapedType::getNumElements(grid.getShape());
      if (gridSize && *gridSize != size) {
        grid.emitOpError() << "has " << size << " processes, but another "
                           << "grid of the program has " << *gridSize
                           << ": a program runs as one number of processes";
        return signalPassFailure();
      }
      gridSize = size;
    }
    if (failed(checkEvenSplits(module)))
      return signalPassFailure();
    readAnnotatedValues(module);
    swapDenseConstants(module, /*toArray=*/true);
    // Unit dimensions out of linalg ops first: broadcasting a keepdims
    // result reads it through a constant index, which has no sharding.
    OpPassManager prepare(ModuleOp::getOperationName());
    OpPassManager &functions = prepare.nest<func::FuncOp>();
    functions.addPass(createLinalgFoldUnitExtentDimsPass());
    functions.addPass(createCanonicalizerPass());
    if (failed(runPipeline(prepare, module)))
      return signalPassFailure();
    auto programFunctions = llvm::to_vector(module.getOps<func::FuncOp>());
    SmallVector<func::FuncOp> bodies;
    for (func::FuncOp function : programFunctions)
      if (failed(array::outlineLoopBodies(function, bodies)))
        return signalPassFailure();
    sinkConstantsIntoBodies(module);
    for (auto function : module.getOps<func::FuncOp>())
      copyRepeatedOperands(function);
    for (func::FuncOp function : programFunctions)
      if (failed(partition(function, bodies)))
        return signalPassFailure();
    array::inlineLoopBodies(module, bodies);
    swapDenseConstants(module, /*toArray=*/false);
    OpPassManager cleanup(ModuleOp::getOperationName());
    cleanup.addPass(createCanonicalizerPass());
    if (failed(runPipeline(cleanup, module)))
      return signalPassFailure();
    // After the cleanup: a loop's initial values are no longer carried
    // through it unchanged. Then what chose between them is left unused.
    if (foldSameInits(module) && failed(runPipeline(cleanup, module)))
      signalPassFailure();
  }

  /// Gives a grid's one dynamic size the value that makes it `processes`
  /// processes in all.
  LogicalResult setDynamicSize(shard::GridOp grid) {
    SmallVector<int64_t> shape(grid.getShape());
    int64_t dynamic = llvm::count_if(shape, ShapedType::isDynamic);
    if (dynamic == 0)
      return success();
    if (dynamic > 1)
      return grid.emitOpError()
             << "has " << dynamic << " dynamic sizes: at most one can be "
             << "set from the number of processes";
    if (processes == 0)
      return grid.emitOpError(
          "has a dynamic size: give the number of processes the program "
          "runs on with arrayc --processes=N");
    int64_t others = 1;
    for (int64_t size : shape)
      if (!ShapedType::isDynamic(size))
        others *= size;
    if (others == 0 || processes % others != 0)
      return grid.emitOpError()
             << "cannot run on " << processes << " processes: its static "
             << "sizes make " << others << " processes per step of its "
             << "dynamic size";
    for (int64_t &size : shape)
      if (ShapedType::isDynamic(size))
        size = processes / others;
    grid.setShape(shape);
    return success();
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    array::registerShardedLoopModel(registry);
  }

private:
  /// Runs `pipeline` on `function`; a failure that said nothing (upstream's
  /// partitioning fails silently on ops it cannot split) becomes an error
  /// at the function.
  LogicalResult runReporting(OpPassManager &pipeline, func::FuncOp function,
                             StringRef what) {
    bool reported = false;
    ScopedDiagnosticHandler watch(function.getContext(), [&](Diagnostic &d) {
      reported |= d.getSeverity() == DiagnosticSeverity::Error;
      return failure(); // Passed on to the handlers before.
    });
    if (succeeded(runPipeline(pipeline, function)))
      return success();
    if (!reported)
      function.emitError() << "could not " << what << " of this sharded "
                           << "function: one of its ops has no way to be "
                           << "split as its operands are (MLIR 22's "
                           << "shard passes gave no reason)";
    return failure();
  }

  /// Propagates shardings through `function`, partitions the outlined
  /// bodies of its loops with the shardings their loops got, then
  /// `function` itself.
  LogicalResult partition(func::FuncOp function,
                          ArrayRef<func::FuncOp> bodies) {
    // Forward first: the shardings the program states flow to the ops
    // they feed before results pull theirs back (the default order left a
    // reduction's initial fill unannotated, and partitioning crashed).
    OpPassManager propagate(func::FuncOp::getOperationName());
    shard::ShardingPropagationOptions options;
    options.traversal = shard::TraversalOrder::ForwardBackward;
    propagate.addPass(shard::createShardingPropagation(options));
    if (failed(runReporting(propagate, function, "propagate shardings")))
      return failure();
    for (Operation &loop : function.getBody().front()) {
      SmallVector<func::FuncOp> regions =
          array::getOutlinedBodies(&loop, bodies);
      array::annotateLoopBodies(&loop, regions);
      for (func::FuncOp region : regions)
        if (failed(partition(region, bodies)))
          return failure();
    }
    array::noteSplitIndices(function);
    OpPassManager partition(func::FuncOp::getOperationName());
    partition.addPass(shard::createPartition());
    if (failed(runReporting(partition, function, "partition")))
      return failure();
    array::offsetSplitIndices(function);
    return success();
  }
};

} // namespace
