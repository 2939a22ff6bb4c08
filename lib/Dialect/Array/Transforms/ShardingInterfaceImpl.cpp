//===- ShardingInterfaceImpl.cpp - array ops on sharded arrays ------------===//
//
// The I/O ops read and write whole arrays: a load is whole (replicated)
// before array-shard-to-arrayrt makes each process read only the part it
// keeps, and prints and saves take a whole (replicated) array; a constant
// is whole on every process too. Their models are upstream's defaults: no
// loops to split, every operand and result fully replicated, so
// shard-partition all-gathers a sharded operand first and a shard.shard
// after a load slices the loaded array locally. Element reads
// (tensor.extract) see a whole array too, and scalar arithmetic is the
// same on every process.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/Transforms/ShardingInterfaceImpl.h"

#include "arrayc/Dialect/Array/IR/ArrayDialect.h"
#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"

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

/// tensor.extract reads one element: its tensor is whole on every process
/// (partition gathers a split one first), so the scalar is the same
/// everywhere (a while loop's test read from an all-reduced norm).
struct ExtractModel
    : shard::ShardingInterface::ExternalModel<ExtractModel, tensor::ExtractOp> {
  FailureOr<shard::ShardingOption>
  getShardingOption(Operation *op, ArrayRef<shard::Sharding> operandShardings,
                    ArrayRef<shard::Sharding>) const {
    if (operandShardings.empty() || !operandShardings.front())
      return shard::ShardingOption::makeEmpty();
    return shard::ShardingOption(shard::ShardingArray(),
                                 operandShardings.front().getGridAttr());
  }

  FailureOr<std::vector<shard::Sharding>>
  getShardingAnnotations(Operation *op,
                         const shard::ShardingOption &option) const {
    std::vector<shard::Sharding> shardings(op->getNumOperands() +
                                           op->getNumResults());
    shardings.front() = shard::Sharding::get(option.grid, {});
    return shardings;
  }

  LogicalResult
  addShardingAnnotations(Operation *op, OpBuilder &b,
                         const shard::ShardingOption &option) const {
    shard::maybeInsertSourceShardingAnnotation(
        shard::Sharding::get(option.grid, {}), op->getOpOperand(0), b);
    return success();
  }
};

/// Arithmetic on scalars (a while loop's test computed from an element):
/// nothing to split, the same on every process. On tensors it has no
/// model (array-to-linalg leaves none).
template <typename OpTy>
struct ScalarModel
    : shard::ShardingInterface::ExternalModel<ScalarModel<OpTy>, OpTy> {
  FailureOr<shard::ShardingOption>
  getShardingOption(Operation *op, ArrayRef<shard::Sharding>,
                    ArrayRef<shard::Sharding>) const {
    for (Type type :
         llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
      if (isa<TensorType>(type))
        return failure();
    return shard::ShardingOption::makeEmpty();
  }
};

template <typename... Ops> void attachScalarModels(MLIRContext *context) {
  (Ops::template attachInterface<ScalarModel<Ops>>(*context), ...);
}

/// For a reshape that only inserts or drops unit dimensions: per group of
/// `expanded`'s dimensions, its one non-unit dimension (the first when all
/// are units: the other side's dimension is 1 too); empty if a group has
/// two non-unit dimensions.
SmallVector<int64_t> keptDims(ArrayRef<ReassociationIndices> groups,
                              RankedTensorType expanded) {
  SmallVector<int64_t> kept;
  for (const ReassociationIndices &group : groups) {
    int64_t dim = group.front();
    int64_t nonUnit = 0;
    for (int64_t d : group)
      if (expanded.getDimSize(d) != 1) {
        dim = d;
        ++nonUnit;
      }
    if (nonUnit > 1)
      return {};
    kept.push_back(dim);
  }
  return kept;
}

/// The loops of a reshape that only inserts or drops unit dimensions: one
/// parallel loop per dimension of its expanded side (`expandedRank` of
/// them) when `kept` (keptDims) is not empty, else none.
SmallVector<utils::IteratorType> unitReshapeLoops(ArrayRef<int64_t> kept,
                                                  int64_t expandedRank) {
  if (kept.empty())
    return {};
  return SmallVector<utils::IteratorType>(expandedRank,
                                          utils::IteratorType::parallel);
}

/// The maps of those loops: the expanded side's is the identity, the
/// collapsed side's dimensions are the `kept` ones. Expanded side's first
/// when `expandedFirst` (a collapse's operand), else second.
SmallVector<AffineMap> unitReshapeMaps(ArrayRef<int64_t> kept,
                                       int64_t expandedRank, bool expandedFirst,
                                       MLIRContext *context) {
  if (kept.empty())
    return {};
  SmallVector<AffineExpr> collapsedExprs;
  for (int64_t dim : kept)
    collapsedExprs.push_back(getAffineDimExpr(dim, context));
  AffineMap expanded = AffineMap::getMultiDimIdentityMap(expandedRank, context);
  AffineMap collapsed =
      AffineMap::get(expandedRank, 0, collapsedExprs, context);
  if (expandedFirst)
    return {expanded, collapsed};
  return {collapsed, expanded};
}

/// tensor.expand_shape that only inserts unit dimensions (`keepdims`
/// reductions: [n] -> [n, 1]): each result dimension is its group's one
/// non-unit operand dimension, or a unit one, so it splits like an
/// elementwise op. Other reshapes have no model (upstream has none).
struct UnitExpandShapeModel
    : shard::ShardingInterface::ExternalModel<UnitExpandShapeModel,
                                              tensor::ExpandShapeOp> {
  /// The result dimension each operand dimension is; empty unless the op
  /// only inserts units.
  static SmallVector<int64_t> kept(tensor::ExpandShapeOp op) {
    return keptDims(op.getReassociationIndices(), op.getResultType());
  }

  /// The operand dimension each result dimension comes from, or -1 for an
  /// inserted unit dimension; empty unless the op only inserts units.
  static SmallVector<int64_t> sources(tensor::ExpandShapeOp op) {
    SmallVector<int64_t> dims = kept(op);
    if (dims.empty())
      return {};
    SmallVector<int64_t> from(op.getResultType().getRank(), -1);
    for (auto [operandDim, dim] : llvm::enumerate(dims))
      from[dim] = operandDim;
    return from;
  }

  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    auto expand = cast<tensor::ExpandShapeOp>(op);
    return unitReshapeLoops(kept(expand), expand.getResultType().getRank());
  }

  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    auto expand = cast<tensor::ExpandShapeOp>(op);
    return unitReshapeMaps(kept(expand), expand.getResultType().getRank(),
                           /*expandedFirst=*/false, op->getContext());
  }

  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<shard::Sharding> operandShardings,
                          ArrayRef<shard::Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbolTable,
                          OpBuilder &builder) const {
    auto expand = cast<tensor::ExpandShapeOp>(op);
    SmallVector<int64_t> from = sources(expand);
    Value source = partitionedOperands.front();
    Type resultType = expand.getResultType();
    if (shard::Sharding sharding = resultShardings.front())
      resultType = shard::shardType(
          resultType, shard::getGrid(op, sharding.getGridAttr(), symbolTable),
          sharding);
    auto type = cast<RankedTensorType>(resultType);
    SmallVector<OpFoldResult> outputShape;
    for (auto [resultDim, operandDim] : llvm::enumerate(from)) {
      if (!type.isDynamicDim(resultDim) || operandDim < 0)
        outputShape.push_back(builder.getIndexAttr(
            operandDim < 0 ? 1 : type.getDimSize(resultDim)));
      else
        outputShape.push_back(
            tensor::DimOp::create(builder, op->getLoc(), source, operandDim)
                .getResult());
    }
    auto local = tensor::ExpandShapeOp::create(
        builder, op->getLoc(), type, source, expand.getReassociationIndices(),
        outputShape);
    partitionMap.map(expand.getResult(), local.getResult());
    partitionMap.map(op, local.getOperation());
    return success();
  }
};

/// tensor.collapse_shape that only drops unit dimensions ([1, n] -> [n],
/// as linalg-fold-unit-extent-dims leaves around ops on arrays with unit
/// dimensions): each result dimension is its group's one non-unit operand
/// dimension, so it splits like an elementwise op over the operand's
/// dimensions.
struct UnitCollapseShapeModel
    : shard::ShardingInterface::ExternalModel<UnitCollapseShapeModel,
                                              tensor::CollapseShapeOp> {
  /// The operand dimension each result dimension comes from; empty unless
  /// the op only drops units.
  static SmallVector<int64_t> kept(tensor::CollapseShapeOp op) {
    return keptDims(op.getReassociationIndices(), op.getSrcType());
  }

  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    auto collapse = cast<tensor::CollapseShapeOp>(op);
    return unitReshapeLoops(kept(collapse), collapse.getSrcType().getRank());
  }

  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    auto collapse = cast<tensor::CollapseShapeOp>(op);
    return unitReshapeMaps(kept(collapse), collapse.getSrcType().getRank(),
                           /*expandedFirst=*/true, op->getContext());
  }

  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<shard::Sharding> operandShardings,
                          ArrayRef<shard::Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbolTable,
                          OpBuilder &builder) const {
    auto collapse = cast<tensor::CollapseShapeOp>(op);
    auto local = tensor::CollapseShapeOp::create(
        builder, op->getLoc(), partitionedOperands.front(),
        collapse.getReassociationIndices());
    partitionMap.map(collapse.getResult(), local.getResult());
    partitionMap.map(op, local.getOperation());
    return success();
  }
};

} // namespace

void array::registerShardingInterfaceExternalModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, ArrayDialect *) {
    LoadNpyOp::attachInterface<ReplicatedModel<LoadNpyOp>>(*context);
    SaveNpyOp::attachInterface<ReplicatedModel<SaveNpyOp>>(*context);
    PrintOp::attachInterface<ReplicatedModel<PrintOp>>(*context);
    ConstantOp::attachInterface<ReplicatedModel<ConstantOp>>(*context);
  });
  registry.addExtension(+[](MLIRContext *context, arith::ArithDialect *) {
    attachScalarModels<
        arith::AddFOp, arith::AddIOp, arith::AndIOp, arith::CmpFOp,
        arith::CmpIOp, arith::DivFOp, arith::ExtFOp, arith::ExtSIOp,
        arith::ExtUIOp, arith::FPToSIOp, arith::IndexCastOp, arith::MaximumFOp,
        arith::MinimumFOp, arith::MulFOp, arith::MulIOp, arith::NegFOp,
        arith::OrIOp, arith::SelectOp, arith::SIToFPOp, arith::SubFOp,
        arith::SubIOp, arith::TruncFOp, arith::TruncIOp, arith::XOrIOp>(
        context);
  });
  registry.addExtension(+[](MLIRContext *context, tensor::TensorDialect *) {
    tensor::ExpandShapeOp::attachInterface<UnitExpandShapeModel>(*context);
    tensor::CollapseShapeOp::attachInterface<UnitCollapseShapeModel>(*context);
    tensor::ExtractOp::attachInterface<ExtractModel>(*context);
  });
}
