//===- ShardedIndices.cpp - Element indices of split loops ----------------===//
//
// See ShardedIndices.h. The note lives only within array-shard-partition:
// partitioning clones the op (attributes included), and the offsets are
// added before the pass ends.
//
//===----------------------------------------------------------------------===//

#include "ShardedIndices.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"

using namespace mlir;

namespace {

/// Per loop dimension, the grid axes it is split over ([] if none).
constexpr StringLiteral kSplitAxes = "arrayc.split_axes";
/// The grid those axes belong to.
constexpr StringLiteral kSplitGrid = "arrayc.split_grid";

} // namespace

void array::noteSplitIndices(func::FuncOp function) {
  MLIRContext *context = function.getContext();
  for (auto op : function.getBody().front().getOps<linalg::LinalgOp>()) {
    llvm::SmallDenseSet<int64_t> indexed;
    op->walk([&](linalg::IndexOp index) { indexed.insert(index.getDim()); });
    if (indexed.empty())
      continue;
    SmallVector<SmallVector<shard::GridAxis>> axes(op.getNumLoops());
    FlatSymbolRefAttr grid;
    auto note = [&](AffineMap map, shard::Sharding sharding) {
      ArrayRef<shard::GridAxesAttr> split = sharding.getSplitAxes();
      for (auto [position, expr] : llvm::enumerate(map.getResults())) {
        auto dim = dyn_cast<AffineDimExpr>(expr);
        if (!dim || position >= split.size() || split[position].empty())
          continue;
        axes[dim.getPosition()].assign(split[position].asArrayRef().begin(),
                                       split[position].asArrayRef().end());
        grid = sharding.getGridAttr();
      }
    };
    for (OpOperand &operand : op->getOpOperands())
      if (auto annotation = operand.get().getDefiningOp<shard::ShardOp>())
        note(op.getMatchingIndexingMap(&operand),
             shard::Sharding(annotation.getSharding()));
    for (OpResult result : op->getResults())
      for (Operation *user : result.getUsers())
        if (auto annotation = dyn_cast<shard::ShardOp>(user);
            annotation && !annotation.getAnnotateForUsers())
          note(op.getIndexingMapMatchingResult(result),
               shard::Sharding(annotation.getSharding()));
    if (!grid ||
        llvm::none_of(indexed, [&](int64_t dim) { return !axes[dim].empty(); }))
      continue;
    SmallVector<Attribute> perLoop;
    for (ArrayRef<shard::GridAxis> loopAxes : axes)
      perLoop.push_back(DenseI16ArrayAttr::get(context, loopAxes));
    op->setAttr(kSplitAxes, ArrayAttr::get(context, perLoop));
    op->setAttr(kSplitGrid, grid);
  }
}

void array::offsetSplitIndices(func::FuncOp function) {
  function.walk([](linalg::LinalgOp op) {
    auto perLoop = op->getAttrOfType<ArrayAttr>(kSplitAxes);
    auto gridName = op->getAttrOfType<FlatSymbolRefAttr>(kSplitGrid);
    op->removeAttr(kSplitAxes);
    op->removeAttr(kSplitGrid);
    if (!perLoop || !gridName)
      return;
    auto grid =
        SymbolTable::lookupNearestSymbolFrom<shard::GridOp>(op, gridName);
    Location loc = op.getLoc();
    OpBuilder b(op);
    SmallVector<Range> ranges = op.createLoopRanges(b, loc);
    for (auto [dim, attr] : llvm::enumerate(perLoop)) {
      ArrayRef<int16_t> axes = cast<DenseI16ArrayAttr>(attr).asArrayRef();
      if (axes.empty())
        continue;
      // This process's part along the dimension: its linear index over
      // the axes (the first the slowest, as shard-partition splits) times
      // the part's size.
      auto processIndex = shard::ProcessMultiIndexOp::create(
          b, loc, gridName.getValue(), SmallVector<shard::GridAxis>(axes));
      Value part = processIndex.getResult()[0];
      for (auto [axis, index] : llvm::zip(
               axes.drop_front(), processIndex.getResult().drop_front())) {
        Value size =
            arith::ConstantIndexOp::create(b, loc, grid.getShape()[axis]);
        part = arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, part, size), index);
      }
      Value size = getValueOrCreateConstantIndexOp(b, loc, ranges[dim].size);
      Value offset = arith::MulIOp::create(b, loc, part, size);
      op->walk([&](linalg::IndexOp index) {
        if (index.getDim() != dim)
          return;
        OpBuilder after(index->getContext());
        after.setInsertionPointAfter(index);
        Value global = arith::AddIOp::create(after, loc, index, offset);
        index.getResult().replaceAllUsesExcept(global, global.getDefiningOp());
      });
    }
  });
}
