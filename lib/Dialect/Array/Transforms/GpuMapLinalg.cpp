//===- GpuMapLinalg.cpp - linalg ops on buffers to GPU kernels ------------===//

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

#include <functional>

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUMAPLINALG
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

/// Clones `op`'s body for loop indices `ivs` with `mapping` holding the
/// block arguments; returns the yielded values.
SmallVector<Value> cloneBody(OpBuilder &b, linalg::GenericOp op,
                             ArrayRef<Value> ivs, IRMapping &mapping) {
  Block *body = op.getBlock();
  for (Operation &nested : body->without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(nested)) {
      mapping.map(index.getResult(), ivs[index.getDim()]);
      continue;
    }
    b.clone(nested, mapping);
  }
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  return llvm::map_to_vector(yield.getValues(), [&](Value value) {
    return mapping.lookupOrDefault(value);
  });
}

/// Maps the block arguments of `operands` to their elements at `ivs`.
void loadOperands(OpBuilder &b, Location loc, linalg::GenericOp op,
                  MutableArrayRef<OpOperand> operands, ArrayRef<Value> ivs,
                  IRMapping &mapping) {
  for (OpOperand &operand : operands) {
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
}

/// Emits one output element's worth of `op` at the parallel loop indices in
/// `ivs` (reduction positions unset): loads, the body (inside sequential
/// loops over the reduction dimensions, in order, carrying the outputs),
/// stores.
void emitIteration(OpBuilder &b, Location loc, linalg::GenericOp op,
                   SmallVector<Value> ivs, ArrayRef<Value> sizes) {
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  MutableArrayRef<OpOperand> outputs = op.getDpsInitsMutable();
  auto storeOutputs = [&](ValueRange values) {
    for (auto [value, init] : llvm::zip(values, outputs)) {
      SmallVector<Value> indices =
          applyMap(b, loc, op.getMatchingIndexingMap(&init), ivs);
      memref::StoreOp::create(b, loc, value, init.get(), indices);
    }
  };

  if (reductionDims.empty()) {
    IRMapping mapping;
    loadOperands(b, loc, op, op->getOpOperands(), ivs, mapping);
    storeOutputs(cloneBody(b, op, ivs, mapping));
    return;
  }

  // The outputs start from what the buffers hold (the reduction's init).
  SmallVector<Value> accs;
  for (OpOperand &init : outputs)
    accs.push_back(memref::LoadOp::create(
        b, loc, init.get(),
        applyMap(b, loc, op.getMatchingIndexingMap(&init), ivs)));

  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  std::function<SmallVector<Value>(OpBuilder &, size_t, ValueRange)> nest =
      [&](OpBuilder &nb, size_t level, ValueRange carried) {
        if (level == reductionDims.size()) {
          IRMapping mapping;
          loadOperands(nb, loc, op, op.getDpsInputOperands().empty()
                                        ? MutableArrayRef<OpOperand>()
                                        : op->getOpOperands().take_front(
                                              op.getNumDpsInputs()),
                       ivs, mapping);
          for (auto [init, value] : llvm::zip(outputs, carried))
            mapping.map(op.getMatchingBlockArgument(&init), value);
          return cloneBody(nb, op, ivs, mapping);
        }
        unsigned dim = reductionDims[level];
        auto loop = scf::ForOp::create(
            nb, loc, zero, sizes[dim], one, carried,
            [&](OpBuilder &lb, Location, Value iv, ValueRange iterArgs) {
              ivs[dim] = iv;
              scf::YieldOp::create(lb, loc, nest(lb, level + 1, iterArgs));
            });
        return SmallVector<Value>(loop.getResults());
      };
  storeOutputs(nest(b, 0, accs));
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

  // Threads cover the parallel dimensions; each walks the reduction
  // dimensions itself.
  SmallVector<unsigned> parallelDims;
  op.getParallelDims(parallelDims);
  SmallVector<Value> parallelSizes = llvm::map_to_vector(
      parallelDims, [&](unsigned dim) { return sizes[dim]; });

  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value total = one;
  for (auto [index, size] : llvm::enumerate(parallelSizes))
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
  SmallVector<Value> parallelIvs =
      delinearize(rewriter, loc, loop.getInductionVar(), parallelSizes);
  SmallVector<Value> ivs(sizes.size());
  for (auto [dim, iv] : llvm::zip(parallelDims, parallelIvs))
    ivs[dim] = iv;
  emitIteration(rewriter, loc, op, ivs, sizes);
  rewriter.eraseOp(op);
}

struct ArrayGpuMapLinalgPass
    : array::impl::ArrayGpuMapLinalgBase<ArrayGpuMapLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize <= 0 || blockSize > 1024 || maxGridSize <= 0) {
      getOperation().emitError("array-gpu-map-linalg: block-size must be "
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
        op.emitOpError("must be bufferized before array-gpu-map-linalg");
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
