//===- ShardedNpy.cpp - Each process reads its part of a file -------------===//

#include "ShardedNpy.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {

/// Whether an op between `from` and `to` (in one block, `from` first) may
/// write memory (a save of the file the load reads). Checks of sizes
/// (cf.assert) may run before the part's load: the file's header has been
/// read where the load was.
bool writesBetween(Operation *from, Operation *to) {
  for (Operation *op = from->getNextNode(); op && op != to;
       op = op->getNextNode()) {
    if (isMemoryEffectFree(op) || isa<cf::AssertOp>(op))
      continue;
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects || effects.hasEffect<MemoryEffects::Write>())
      return true;
  }
  return false;
}

/// The slices `load` can be replaced by, or nothing when it must stay (it
/// has another use, a dimension chosen at run time is asked for, or a
/// slice could read a changed file).
std::optional<SmallVector<tensor::ExtractSliceOp>>
partsOf(array::LoadNpyOp load) {
  SmallVector<tensor::ExtractSliceOp> slices;
  for (Operation *user : load->getUsers()) {
    if (auto dim = dyn_cast<tensor::DimOp>(user)) {
      if (!dim.getConstantIndex())
        return std::nullopt;
      continue;
    }
    auto slice = dyn_cast<tensor::ExtractSliceOp>(user);
    if (!slice || slice.getSource() != load.getResult() ||
        !slice.hasUnitStride() ||
        slice.getType().getRank() != slice.getSourceType().getRank() ||
        slice->getBlock() != load->getBlock() || writesBetween(load, slice))
      return std::nullopt;
    slices.push_back(slice);
  }
  if (slices.empty())
    return std::nullopt;
  return slices;
}

void readParts(array::LoadNpyOp load, ArrayRef<tensor::ExtractSliceOp> slices) {
  auto type = cast<RankedTensorType>(load.getType());
  OpBuilder b(load);
  Location loc = load.getLoc();
  // The file's sizes where the program asks for them (the slices' offsets
  // and sizes are computed from them).
  arrayrt::NpyShapeOp shape;
  for (Operation *user : llvm::make_early_inc_range(load->getUsers())) {
    auto dim = dyn_cast<tensor::DimOp>(user);
    if (!dim)
      continue;
    b.setInsertionPoint(dim);
    int64_t index = *dim.getConstantIndex();
    if (!type.isDynamicDim(index)) {
      dim.replaceAllUsesWith(arith::ConstantIndexOp::create(
                                 b, dim.getLoc(), type.getDimSize(index))
                                 .getResult());
      dim.erase();
      continue;
    }
    if (!shape) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(load);
      SmallVector<Type> indexTypes(type.getRank(), b.getIndexType());
      shape = arrayrt::NpyShapeOp::create(
          b, loc, indexTypes, load.getPathAttr(), /*member=*/StringAttr(),
          TypeAttr::get(type.getElementType()));
    }
    Value size = shape.getSizes()[index];
    dim.replaceAllUsesWith(size);
    dim.erase();
  }
  for (tensor::ExtractSliceOp slice : slices) {
    b.setInsertionPoint(slice);
    SmallVector<Value> offsets = getValueOrCreateConstantIndexOp(
        b, slice.getLoc(), slice.getMixedOffsets());
    RankedTensorType partType = slice.getType();
    SmallVector<Value> sizes;
    for (auto [dim, size] : llvm::enumerate(slice.getMixedSizes()))
      if (partType.isDynamicDim(dim))
        sizes.push_back(
            getValueOrCreateConstantIndexOp(b, slice.getLoc(), size));
    auto part = array::LoadNpyOp::create(b, loc, partType, load.getPathAttr(),
                                         /*member=*/StringAttr(), offsets,
                                         sizes, TypeAttr::get(type));
    slice.replaceAllUsesWith(part.getResult());
    slice.erase();
  }
  load.erase();
}

} // namespace

void array::readFileParts(ModuleOp module) {
  SmallVector<array::LoadNpyOp> loads;
  module.walk([&](array::LoadNpyOp load) {
    if (!load.getMember() && !load.getWhole())
      loads.push_back(load);
  });
  for (array::LoadNpyOp load : loads)
    if (std::optional<SmallVector<tensor::ExtractSliceOp>> slices =
            partsOf(load))
      readParts(load, *slices);
}
