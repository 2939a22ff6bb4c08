//===- ShardToArrayrt.cpp - shard collectives to arrayrt's ----------------===//
//
// array-shard-to-arrayrt: after array-shard-partition, each shard
// collective becomes what one process does. Reductions and gathers
// communicate through arrayrt.all_reduce and arrayrt.all_gather on buffers
// (bufferization.to_buffer/to_tensor around a contiguous copy, as upstream's
// convert-shard-to-mpi does), slices need no communication, and process
// indices come from arrayrt.process_index. Output (array.print,
// array.save_npy) comes from process 0 alone; a process reads only its part
// of a sharded array's .npy file (ShardedNpy.cpp).
//
// Upstream's convert-shard-to-mpi is not used: in MLIR 22 it lowers
// all_reduce only (no all_gather or all_slice), splits a communicator per
// call, and its MPI lowering assumes MPICH's handles.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/ShardToArrayrt/ShardToArrayrt.h"

#include "ShardedNpy.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYSHARDTOARRAYRT
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// The lowering of one module's collectives, all on grids of `processes`
/// positions.
class Lowering {
public:
  Lowering(ModuleOp module, int64_t processes)
      : module(module), processes(processes), rewriter(module.getContext()) {}

  LogicalResult lower(Operation *op);
  void guardOutput(Operation *op);

private:
  shard::GridOp gridOf(Operation *op, FlatSymbolRefAttr symbol) {
    return SymbolTable::lookupNearestSymbolFrom<shard::GridOp>(op, symbol);
  }
  Value processIndex(Location loc) {
    return arrayrt::ProcessIndexOp::create(
        rewriter, loc, rewriter.getIndexType(),
        rewriter.getI64IntegerAttr(processes));
  }
  /// This process's position on each axis of `grid` (row-major: the last
  /// axis varies fastest).
  SmallVector<Value> multiIndex(Location loc, shard::GridOp grid);
  /// This process's index among the processes that `axes` of `grid`
  /// span, and their number.
  std::pair<Value, int64_t> indexOver(Location loc, shard::GridOp grid,
                                      ArrayRef<int16_t> axes);
  /// Fails, with an error at `op`, unless `axes` span every process.
  LogicalResult requireWholeGrid(Operation *op, shard::GridOp grid,
                                 ArrayRef<int16_t> axes);
  /// The sizes of `tensor`'s dynamic dimensions.
  SmallVector<Value> dynamicSizes(Location loc, Value tensor) {
    SmallVector<Value> sizes;
    auto type = cast<RankedTensorType>(tensor.getType());
    for (auto [i, size] : llvm::enumerate(type.getShape()))
      if (ShapedType::isDynamic(size))
        sizes.push_back(tensor::DimOp::create(rewriter, loc, tensor, i));
    return sizes;
  }
  /// A contiguous buffer holding `tensor`'s elements.
  Value contiguousCopy(Location loc, Value tensor);

  LogicalResult lowerAllReduce(shard::AllReduceOp op);
  LogicalResult lowerAllGather(shard::AllGatherOp op);
  LogicalResult lowerAllSlice(shard::AllSliceOp op);
  LogicalResult lowerAllToAll(shard::AllToAllOp op);
  LogicalResult lowerReduceScatter(shard::ReduceScatterOp op);

  ModuleOp module;
  int64_t processes;
  IRRewriter rewriter;
};

SmallVector<Value> Lowering::multiIndex(Location loc, shard::GridOp grid) {
  Value linear = processIndex(loc);
  ArrayRef<int64_t> shape = grid.getShape();
  if (shape.size() == 1)
    return {linear};
  auto delinearized = affine::AffineDelinearizeIndexOp::create(
      rewriter, loc, linear, shape, /*hasOuterBound=*/true);
  return llvm::to_vector_of<Value>(delinearized.getResults());
}

std::pair<Value, int64_t> Lowering::indexOver(Location loc, shard::GridOp grid,
                                              ArrayRef<int16_t> axes) {
  SmallVector<Value> position = multiIndex(loc, grid);
  ArrayRef<int64_t> shape = grid.getShape();
  Value index = arith::ConstantIndexOp::create(rewriter, loc, 0);
  int64_t count = 1;
  for (int16_t axis : axes) {
    Value size = arith::ConstantIndexOp::create(rewriter, loc, shape[axis]);
    index = arith::AddIOp::create(
        rewriter, loc, arith::MulIOp::create(rewriter, loc, index, size),
        position[axis]);
    count *= shape[axis];
  }
  return {index, count};
}

LogicalResult Lowering::requireWholeGrid(Operation *op, shard::GridOp grid,
                                         ArrayRef<int16_t> axes) {
  ArrayRef<int64_t> shape = grid.getShape();
  for (auto [axis, size] : llvm::enumerate(shape))
    if (size > 1 && !llvm::is_contained(axes, static_cast<int16_t>(axis)))
      return op->emitOpError()
             << "over grid axes [" << axes << "] of a grid of shape [" << shape
             << "]: collectives over part of a grid's axes are not "
             << "supported yet (each must span every process)";
  return success();
}

Value Lowering::contiguousCopy(Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
  Value buffer =
      bufferization::ToBufferOp::create(rewriter, loc, memrefType, tensor);
  Value copy = memref::AllocOp::create(rewriter, loc, memrefType,
                                       dynamicSizes(loc, tensor));
  memref::CopyOp::create(rewriter, loc, buffer, copy);
  return copy;
}

/// arrayrt's reduction for upstream's kind, if it has one.
std::optional<arrayrt::Reduction> getReduction(shard::ReductionKind kind) {
  switch (kind) {
  case shard::ReductionKind::Sum:
    return arrayrt::Reduction::sum;
  case shard::ReductionKind::Product:
    return arrayrt::Reduction::product;
  case shard::ReductionKind::Min:
    return arrayrt::Reduction::min;
  case shard::ReductionKind::Max:
    return arrayrt::Reduction::max;
  case shard::ReductionKind::BitwiseAnd:
    return arrayrt::Reduction::bitwise_and;
  case shard::ReductionKind::BitwiseOr:
    return arrayrt::Reduction::bitwise_or;
  case shard::ReductionKind::BitwiseXor:
    return arrayrt::Reduction::bitwise_xor;
  default:
    return std::nullopt;
  }
}

LogicalResult Lowering::lowerAllReduce(shard::AllReduceOp op) {
  shard::GridOp grid = gridOf(op, op.getGridAttr());
  if (failed(requireWholeGrid(op, grid, op.getGridAxes())))
    return failure();
  std::optional<arrayrt::Reduction> reduction = getReduction(op.getReduction());
  if (!reduction)
    return op.emitOpError() << "reduces with '"
                            << shard::stringifyReductionKind(op.getReduction())
                            << "', which has no collective yet";
  auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
  if (!type || type != op.getResult().getType())
    return op.emitOpError("expected a ranked tensor result of the operand's "
                          "type (no conversion while reducing)");
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value buffer = contiguousCopy(loc, op.getInput());
  arrayrt::AllReduceOp::create(rewriter, loc, buffer, *reduction, processes,
                               /*device=*/false, /*stream=*/Value());
  rewriter.replaceOpWithNewOp<bufferization::ToTensorOp>(
      op, type, buffer, /*restrict=*/true, /*writable=*/true);
  return success();
}

LogicalResult Lowering::lowerAllGather(shard::AllGatherOp op) {
  shard::GridOp grid = gridOf(op, op.getGridAttr());
  if (failed(requireWholeGrid(op, grid, op.getGridAxes())))
    return failure();
  auto type = cast<RankedTensorType>(op.getInput().getType());
  int64_t axis = op.getGatherAxis().getSExtValue();
  int64_t rank = type.getRank();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value input = contiguousCopy(loc, op.getInput());
  // Stacked by process: [processes, input shape...].
  SmallVector<int64_t> stackedShape = {processes};
  llvm::append_range(stackedShape, type.getShape());
  auto stackedType = MemRefType::get(stackedShape, type.getElementType());
  Value stacked = memref::AllocOp::create(rewriter, loc, stackedType,
                                          dynamicSizes(loc, op.getInput()));
  arrayrt::AllGatherOp::create(rewriter, loc, input, stacked, processes,
                               /*device=*/false, /*stream=*/Value());
  Value gathered = bufferization::ToTensorOp::create(
      rewriter, loc, RankedTensorType::get(stackedShape, type.getElementType()),
      stacked, /*restrict=*/true, /*writable=*/true);
  // The process dimension next to the gather axis, then merged into it.
  if (axis != 0) {
    SmallVector<int64_t> permutation;
    for (int64_t i = 1; i <= axis; ++i)
      permutation.push_back(i);
    permutation.push_back(0);
    for (int64_t i = axis + 1; i <= rank; ++i)
      permutation.push_back(i);
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, gathered);
    SmallVector<OpFoldResult> permuted;
    for (int64_t from : permutation)
      permuted.push_back(sizes[from]);
    Value init =
        tensor::EmptyOp::create(rewriter, loc, permuted, type.getElementType());
    gathered =
        linalg::TransposeOp::create(rewriter, loc, gathered, init, permutation)
            .getResult()
            .front();
  }
  SmallVector<ReassociationIndices> groups;
  for (int64_t i = 0; i < rank; ++i) {
    if (i < axis)
      groups.push_back({i});
    else if (i == axis)
      groups.push_back({i, i + 1});
    else
      groups.push_back({i + 1});
  }
  Value collapsed =
      tensor::CollapseShapeOp::create(rewriter, loc, gathered, groups);
  if (collapsed.getType() != op.getResult().getType())
    collapsed = tensor::CastOp::create(rewriter, loc, op.getResult().getType(),
                                       collapsed);
  rewriter.replaceOp(op, collapsed);
  return success();
}

LogicalResult Lowering::lowerAllSlice(shard::AllSliceOp op) {
  shard::GridOp grid = gridOf(op, op.getGridAttr());
  auto type = cast<RankedTensorType>(op.getInput().getType());
  int64_t axis = op.getSliceAxis().getSExtValue();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  auto [index, parts] = indexOver(loc, grid, op.getGridAxes());
  int64_t staticSize = type.getDimSize(axis);
  if (!ShapedType::isDynamic(staticSize) && staticSize % parts != 0)
    return op.emitOpError()
           << "splits dimension " << axis << " of size " << staticSize
           << " over " << parts << " processes: the size must be a "
           << "multiple of the number of processes";
  Value size = tensor::DimOp::create(rewriter, loc, op.getInput(), axis);
  Value count = arith::ConstantIndexOp::create(rewriter, loc, parts);
  if (ShapedType::isDynamic(staticSize)) {
    Value rest = arith::RemUIOp::create(rewriter, loc, size, count);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value divides = arith::CmpIOp::create(rewriter, loc,
                                          arith::CmpIPredicate::eq, rest, zero);
    cf::AssertOp::create(rewriter, loc, divides,
                         ("dimension " + Twine(axis) +
                          " of a sharded array is not a multiple "
                          "of the " +
                          Twine(parts) + " processes it is split over")
                             .str());
  }
  Value chunk = arith::DivUIOp::create(rewriter, loc, size, count);
  Value offset = arith::MulIOp::create(rewriter, loc, index, chunk);
  SmallVector<OpFoldResult> offsets(type.getRank(), rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes =
      tensor::getMixedSizes(rewriter, loc, op.getInput());
  SmallVector<OpFoldResult> strides(type.getRank(), rewriter.getIndexAttr(1));
  offsets[axis] = offset;
  sizes[axis] = ShapedType::isDynamic(staticSize)
                    ? OpFoldResult(chunk)
                    : rewriter.getIndexAttr(staticSize / parts);
  Value slice = tensor::ExtractSliceOp::create(rewriter, loc, op.getInput(),
                                               offsets, sizes, strides);
  if (slice.getType() != op.getResult().getType())
    slice =
        tensor::CastOp::create(rewriter, loc, op.getResult().getType(), slice);
  rewriter.replaceOp(op, slice);
  return success();
}

/// all_to_all (split along one axis, concatenated along another: a
/// transpose of a split array, say) as the whole array along the concat
/// axis (all_gather), then this process's part along the split axis: the
/// gather moves every part to every process, more than the exchange's
/// minimum, through the same collectives.
LogicalResult Lowering::lowerAllToAll(shard::AllToAllOp op) {
  shard::GridOp grid = gridOf(op, op.getGridAttr());
  if (failed(requireWholeGrid(op, grid, op.getGridAxes())))
    return failure();
  auto type = cast<RankedTensorType>(op.getInput().getType());
  int64_t concat = op.getConcatAxis().getSExtValue();
  SmallVector<int64_t> whole(type.getShape());
  if (!ShapedType::isDynamic(whole[concat]))
    whole[concat] *= processes;
  rewriter.setInsertionPoint(op);
  auto gather = shard::AllGatherOp::create(
      rewriter, op.getLoc(), type.clone(whole), op.getGridAttr(),
      op.getGridAxesAttr(), op.getInput(), op.getConcatAxisAttr());
  auto slice = shard::AllSliceOp::create(
      rewriter, op.getLoc(), op.getResult().getType(), op.getGridAttr(),
      op.getGridAxesAttr(), gather.getResult(), op.getSplitAxisAttr());
  rewriter.replaceOp(op, slice.getResult());
  if (failed(lowerAllGather(gather)))
    return failure();
  return lowerAllSlice(slice);
}

/// reduce_scatter as all_reduce, then this process's part along the
/// scatter axis.
LogicalResult Lowering::lowerReduceScatter(shard::ReduceScatterOp op) {
  rewriter.setInsertionPoint(op);
  auto reduce = shard::AllReduceOp::create(
      rewriter, op.getLoc(), op.getInput().getType(), op.getGridAttr(),
      op.getGridAxesAttr(), op.getInput(), op.getReductionAttr());
  auto slice = shard::AllSliceOp::create(
      rewriter, op.getLoc(), op.getResult().getType(), op.getGridAttr(),
      op.getGridAxesAttr(), reduce.getResult(), op.getScatterAxisAttr());
  rewriter.replaceOp(op, slice.getResult());
  if (failed(lowerAllReduce(reduce)))
    return failure();
  return lowerAllSlice(slice);
}

LogicalResult Lowering::lower(Operation *op) {
  Location loc = op->getLoc();
  if (auto reduce = dyn_cast<shard::AllReduceOp>(op))
    return lowerAllReduce(reduce);
  if (auto gather = dyn_cast<shard::AllGatherOp>(op))
    return lowerAllGather(gather);
  if (auto slice = dyn_cast<shard::AllSliceOp>(op))
    return lowerAllSlice(slice);
  if (auto exchange = dyn_cast<shard::AllToAllOp>(op))
    return lowerAllToAll(exchange);
  if (auto scatter = dyn_cast<shard::ReduceScatterOp>(op))
    return lowerReduceScatter(scatter);
  if (auto linear = dyn_cast<shard::ProcessLinearIndexOp>(op)) {
    rewriter.setInsertionPoint(op);
    rewriter.replaceOp(op, processIndex(loc));
    return success();
  }
  if (auto multi = dyn_cast<shard::ProcessMultiIndexOp>(op)) {
    shard::GridOp grid = gridOf(op, multi.getGridAttr());
    rewriter.setInsertionPoint(op);
    SmallVector<Value> position = multiIndex(loc, grid);
    SmallVector<Value> results;
    if (multi.getAxes().empty())
      results = position;
    else
      for (int16_t axis : multi.getAxes())
        results.push_back(position[axis]);
    rewriter.replaceOp(op, results);
    return success();
  }
  if (auto shape = dyn_cast<shard::GridShapeOp>(op)) {
    shard::GridOp grid = gridOf(op, shape.getGridAttr());
    rewriter.setInsertionPoint(op);
    SmallVector<Value> sizes;
    if (shape.getAxes().empty())
      for (int64_t size : grid.getShape())
        sizes.push_back(arith::ConstantIndexOp::create(rewriter, loc, size));
    else
      for (int16_t axis : shape.getAxes())
        sizes.push_back(arith::ConstantIndexOp::create(rewriter, loc,
                                                       grid.getShape()[axis]));
    rewriter.replaceOp(op, sizes);
    return success();
  }
  return op->emitOpError("is not supported in sharded programs yet (arrayc "
                         "lowers all_reduce, all_gather, all_slice, "
                         "all_to_all, reduce_scatter and the process index "
                         "ops)");
}

void Lowering::guardOutput(Operation *op) {
  Location loc = op->getLoc();
  rewriter.setInsertionPoint(op);
  Value index = processIndex(loc);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                      index, zero);
  auto guard = scf::IfOp::create(rewriter, loc, first, /*withElse=*/false);
  rewriter.moveOpBefore(op, guard.thenBlock()->getTerminator());
}

struct ArrayShardToArrayrtPass
    : array::impl::ArrayShardToArrayrtBase<ArrayShardToArrayrtPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto grids = llvm::to_vector(module.getOps<shard::GridOp>());
    if (grids.empty())
      return;
    // array-shard-partition checked: static shapes, one size.
    int64_t processes = ShapedType::getNumElements(grids.front().getShape());
    Lowering lowering(module, processes);
    SmallVector<Operation *> collectives, outputs;
    module.walk([&](Operation *op) {
      if (isa<shard::GridOp>(op))
        return;
      if (isa<shard::ShardDialect>(op->getDialect()))
        collectives.push_back(op);
      else if (isa<array::PrintOp, array::SaveNpyOp>(op))
        outputs.push_back(op);
    });
    bool failedAny = false;
    for (Operation *op : collectives)
      failedAny |= failed(lowering.lower(op));
    if (failedAny)
      return signalPassFailure();
    for (Operation *op : outputs)
      lowering.guardOutput(op);
    array::readFileParts(module);
    for (shard::GridOp grid : grids)
      grid.erase();
  }
};

} // namespace
