//===- UnitRows.cpp - 1-D row computations get a unit row loop ------------===//
//
// array-gpu-unit-rows: a softmax (or any reduction-then-broadcast run) of a
// 1-D tensor becomes the same computation over one row of a 1xN tensor,
// which array-gpu-row-kernels makes one kernel.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUUNITROWS
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// A ranked tensor of rank 0, or of rank 1 with `size` elements.
bool isScalarOrRow(Type type, int64_t size) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && (tensor.getRank() == 0 ||
                    (tensor.getRank() == 1 && tensor.getDimSize(0) == size));
}

/// Whether `op` may join a run over `size` elements: a generic with one
/// loop of that size or none, or a fill, every tensor operand and result
/// 0-d or of `size` elements.
bool isMember(Operation *op, int64_t size) {
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    return fill.hasPureTensorSemantics() &&
           isScalarOrRow(fill.getResult(0).getType(), size);
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.getNumLoops() > 1)
    return false;
  if (generic.getNumLoops() == 1 && generic.getStaticLoopRanges()[0] != size)
    return false;
  for (Value value : op->getOperands())
    if (isa<RankedTensorType>(value.getType()) &&
        !isScalarOrRow(value.getType(), size))
      return false;
  // Every access of a 1-D operand is the identity: the row in order.
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.get().getType());
    AffineMap map = generic.getMatchingIndexingMap(&operand);
    if (type && type.getRank() == 1 && !map.isIdentity())
      return false;
  }
  return true;
}

/// The longest vector given a row: one row is one block (or cluster), so
/// a longer vector keeps the reductions that spread over the whole GPU.
/// One block holds 1024 threads x 32 elements in registers.
constexpr int64_t kMaxUnitRow = 32768;

/// A full reduction of a 1-D tensor of `size` elements into a 0-d one.
bool isFullReduction(linalg::GenericOp op, int64_t &size) {
  if (!op.hasPureTensorSemantics() || op.getNumLoops() != 1 ||
      op.getNumReductionLoops() != 1 || op.getNumDpsInits() != 1)
    return false;
  size = op.getStaticLoopRanges()[0];
  // (An empty row has nothing for a row kernel to do.)
  return !ShapedType::isDynamic(size) && size > 1 && size <= kMaxUnitRow &&
         cast<RankedTensorType>(op->getResult(0).getType()).getRank() == 0;
}

/// `value` seen with a leading dimension of 1.
Value expand(OpBuilder &b, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape = {1};
  llvm::append_range(shape, type.getShape());
  auto expanded = RankedTensorType::get(shape, type.getElementType());
  // A fresh tensor is made fresh in the new shape (so that it is
  // allocated with its row).
  if (value.getDefiningOp<tensor::EmptyOp>())
    return tensor::EmptyOp::create(b, loc, shape, type.getElementType());
  SmallVector<ReassociationIndices> reassociation;
  if (type.getRank() == 1)
    reassociation.push_back({0, 1});
  return tensor::ExpandShapeOp::create(b, loc, expanded, value, reassociation);
}

/// `value` (a leading dimension of 1 added by `expand`) seen as `type`.
Value collapse(OpBuilder &b, Location loc, Value value, Type type) {
  auto ranked = cast<RankedTensorType>(type);
  SmallVector<ReassociationIndices> reassociation;
  if (ranked.getRank() == 1)
    reassociation.push_back({0, 1});
  return tensor::CollapseShapeOp::create(b, loc, ranked, value, reassociation);
}

/// `op` with a leading parallel loop of size 1.
void addUnitLoop(RewriterBase &rewriter, Operation *op) {
  Location loc = op->getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Value> operands;
  for (Value value : op->getOperands())
    operands.push_back(isa<RankedTensorType>(value.getType())
                           ? expand(rewriter, loc, value)
                           : value);
  Operation *replacement;
  if (auto fill = dyn_cast<linalg::FillOp>(op)) {
    replacement =
        linalg::FillOp::create(rewriter, loc, operands[0], operands[1]);
  } else {
    auto generic = cast<linalg::GenericOp>(op);
    MLIRContext *context = op->getContext();
    unsigned loops = generic.getNumLoops();
    // Old loop i is new loop i + 1; every tensor operand gains the new
    // loop 0 as its leading index.
    SmallVector<AffineMap> maps;
    for (OpOperand &operand : op->getOpOperands()) {
      AffineMap map = generic.getMatchingIndexingMap(&operand);
      SmallVector<AffineExpr> results;
      if (isa<RankedTensorType>(operand.get().getType()))
        results.push_back(getAffineDimExpr(0, context));
      for (AffineExpr expr : map.getResults())
        results.push_back(expr.shiftDims(loops, 1));
      maps.push_back(AffineMap::get(loops + 1, 0, results, context));
    }
    SmallVector<utils::IteratorType> iterators = {
        utils::IteratorType::parallel};
    llvm::append_range(iterators, generic.getIteratorTypesArray());
    unsigned inputs = generic.getNumDpsInputs();
    auto expanded = linalg::GenericOp::create(
        rewriter, loc, ValueRange(operands).drop_front(inputs).getTypes(),
        ValueRange(operands).take_front(inputs),
        ValueRange(operands).drop_front(inputs), maps, iterators);
    rewriter.inlineRegionBefore(generic.getRegion(), expanded.getRegion(),
                                expanded.getRegion().begin());
    // linalg.index d now reads loop d + 1.
    expanded.walk([&](linalg::IndexOp index) {
      rewriter.modifyOpInPlace(index,
                               [&] { index.setDim(index.getDim() + 1); });
    });
    replacement = expanded;
  }
  SmallVector<Value> results;
  for (auto [old, result] :
       llvm::zip(op->getResults(), replacement->getResults()))
    results.push_back(collapse(rewriter, loc, result, old.getType()));
  rewriter.replaceOp(op, results);
}

struct ArrayGpuUnitRowsPass
    : array::impl::ArrayGpuUnitRowsBase<ArrayGpuUnitRowsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> seeds;
    getOperation().walk([&](linalg::GenericOp op) {
      int64_t size;
      if (isFullReduction(op, size) &&
          llvm::any_of(op->getResult(0).getUsers(), [&](Operation *user) {
            auto generic = dyn_cast<linalg::GenericOp>(user);
            return generic && generic.getNumLoops() == 1 &&
                   generic.getNumReductionLoops() == 0 &&
                   isMember(generic, size);
          }))
        seeds.push_back(op);
    });
    llvm::SetVector<Operation *> members;
    for (linalg::GenericOp seed : seeds) {
      int64_t size = seed.getStaticLoopRanges()[0];
      SmallVector<Operation *> work = {seed};
      while (!work.empty()) {
        Operation *op = work.pop_back_val();
        if (members.contains(op) || !isMember(op, size) ||
            op->getBlock() != seed->getBlock())
          continue;
        members.insert(op);
        for (Value operand : op->getOperands())
          if (Operation *def = operand.getDefiningOp())
            work.push_back(def);
        for (Operation *user : op->getUsers())
          work.push_back(user);
      }
    }
    IRRewriter rewriter(&getContext());
    for (Operation *op : members)
      addUnitLoop(rewriter, op);
  }
};

} // namespace
