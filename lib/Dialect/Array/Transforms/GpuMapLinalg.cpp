//===- GpuMapElementwise.cpp - Elementwise linalg to GPU kernels ----------===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUMAPELEMENTWISE
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

struct GridConfig {
  int64_t blockSize;
  int64_t maxGridSize;
};

/// Splits linear index `linear` into one index per loop, the last loop
/// varying fastest.
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                               ArrayRef<Value> sizes) {
  SmallVector<Value> ivs(sizes.size());
  for (int64_t dim = static_cast<int64_t>(sizes.size()) - 1; dim >= 0; --dim) {
    if (dim == 0) {
      ivs[dim] = linear;
      break;
    }
    ivs[dim] = arith::RemUIOp::create(b, loc, linear, sizes[dim]);
    linear = arith::DivUIOp::create(b, loc, linear, sizes[dim]);
  }
  return ivs;
}

/// The element indices of `map` applied to the loop indices.
SmallVector<Value> applyMap(OpBuilder &b, Location loc, AffineMap map,
                            ArrayRef<Value> ivs) {
  SmallVector<Value> indices;
  for (AffineExpr expr : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
      indices.push_back(ivs[dim.getPosition()]);
      continue;
    }
    if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
      indices.push_back(
          arith::ConstantIndexOp::create(b, loc, constant.getValue()));
      continue;
    }
    indices.push_back(affine::AffineApplyOp::create(
        b, loc, AffineMap::get(map.getNumDims(), 0, expr), ivs));
  }
  return indices;
}

/// Emits the body of one iteration of `op` at loop indices `ivs`: loads,
/// the cloned scalar computation, stores.
void emitIteration(OpBuilder &b, Location loc, linalg::GenericOp op,
                   ArrayRef<Value> ivs) {
  Block *body = op.getBlock();
  IRMapping mapping;
  for (OpOperand &operand : op->getOpOperands()) {
    BlockArgument arg = op.getMatchingBlockArgument(&operand);
    if (!isa<MemRefType>(operand.get().getType())) {
      mapping.map(arg, operand.get());
      continue;
    }
    if (arg.use_empty())
      continue;
    SmallVector<Value> indices =
        applyMap(b, loc, op.getMatchingIndexingMap(&operand), ivs);
    mapping.map(arg, memref::LoadOp::create(b, loc, operand.get(), indices));
  }
  for (Operation &nested : body->without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(nested)) {
      mapping.map(index.getResult(), ivs[index.getDim()]);
      continue;
    }
    b.clone(nested, mapping);
  }
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  for (auto [value, init] : llvm::zip(yield.getValues(), op.getDpsInitsMutable())) {
    SmallVector<Value> indices =
        applyMap(b, loc, op.getMatchingIndexingMap(&init), ivs);
    memref::StoreOp::create(b, loc, mapping.lookupOrDefault(value), init.get(),
                            indices);
  }
}

/// Replaces `op` with a grid-stride kernel over its linearized iteration
/// space.
void mapToGrid(RewriterBase &rewriter, linalg::GenericOp op,
               const GridConfig &config) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Value> sizes;
  auto linalgOp = cast<linalg::LinalgOp>(op.getOperation());
  for (Range range : linalgOp.createLoopRanges(rewriter, loc))
    sizes.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, range.size));

  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value total = one;
  for (auto [index, size] : llvm::enumerate(sizes))
    total = index == 0
                ? size
                : rewriter.createOrFold<arith::MulIOp>(loc, total, size);

  Value blockSize =
      arith::ConstantIndexOp::create(rewriter, loc, config.blockSize);
  Value maxGrid =
      arith::ConstantIndexOp::create(rewriter, loc, config.maxGridSize);
  Value nonEmpty = rewriter.createOrFold<arith::CmpIOp>(
      loc, arith::CmpIPredicate::ugt, total, zero);
  auto ifOp = scf::IfOp::create(rewriter, loc, nonEmpty, /*withElse=*/false);
  rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
  Value blocks = rewriter.createOrFold<arith::CeilDivUIOp>(loc, total, blockSize);
  Value grid = rewriter.createOrFold<arith::MinUIOp>(loc, blocks, maxGrid);

  auto launch = gpu::LaunchOp::create(rewriter, loc, grid, one, one, blockSize,
                                      one, one);
  rewriter.setInsertionPointToStart(&launch.getBody().front());
  gpu::KernelDim3 blockIds = launch.getBlockIds();
  gpu::KernelDim3 threadIds = launch.getThreadIds();
  gpu::KernelDim3 gridSizes = launch.getGridSize();
  gpu::KernelDim3 blockSizes = launch.getBlockSize();
  Value first = arith::AddIOp::create(
      rewriter, loc,
      arith::MulIOp::create(rewriter, loc, blockIds.x, blockSizes.x),
      threadIds.x);
  Value stride =
      arith::MulIOp::create(rewriter, loc, gridSizes.x, blockSizes.x);
  auto loop = scf::ForOp::create(rewriter, loc, first, total, stride);
  gpu::TerminatorOp::create(rewriter, loc);

  rewriter.setInsertionPointToStart(loop.getBody());
  SmallVector<Value> ivs =
      delinearize(rewriter, loc, loop.getInductionVar(), sizes);
  emitIteration(rewriter, loc, op, ivs);
  rewriter.eraseOp(op);
}

struct ArrayGpuMapElementwisePass
    : array::impl::ArrayGpuMapElementwiseBase<ArrayGpuMapElementwisePass> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize <= 0 || blockSize > 1024 || maxGridSize <= 0) {
      getOperation().emitError("array-gpu-map-elementwise: block-size must be "
                               "in [1, 1024] and max-grid-size positive, "
                               "found ")
          << blockSize << " and " << maxGridSize;
      return signalPassFailure();
    }
    GridConfig config{blockSize, maxGridSize};
    SmallVector<linalg::LinalgOp> ops;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!op->getParentOfType<gpu::LaunchOp>())
        ops.push_back(op);
    });

    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops) {
      if (!op.hasPureBufferSemantics()) {
        op.emitOpError("must be bufferized before array-gpu-map-elementwise");
        return signalPassFailure();
      }
      if (op.getNumLoops() != op.getNumParallelLoops()) {
        op.emitOpError("has reduction iterators, which the cuda target does "
                       "not map to kernels yet");
        return signalPassFailure();
      }
      auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
      if (!generic) {
        rewriter.setInsertionPoint(op);
        FailureOr<linalg::GenericOp> generalized =
            linalg::generalizeNamedOp(rewriter, op);
        if (failed(generalized)) {
          op.emitOpError("cannot be generalized to map it to a GPU kernel");
          return signalPassFailure();
        }
        generic = *generalized;
      }
      mapToGrid(rewriter, generic, config);
    }
  }
};

} // namespace
