//===- MapLinalg.cpp - linalg ops on buffers to GPU kernels ---------------===//

#include "GpuUtils.h"
#include "arrayc/Codegen/GPU/Passes.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

#include <functional>
#include <limits>

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUMAPLINALG
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using mlir::array::gpu_utils::applyMap;
using mlir::array::gpu_utils::cloneBody;
using mlir::array::gpu_utils::delinearize;
using mlir::array::gpu_utils::vectorAlignment;

namespace {

/// The most blocks a grid's x dimension may have (CUDA's limit).
constexpr int64_t kMaxGridX = (int64_t(1) << 31) - 1;

struct GridConfig {
  int64_t blockSize;
  int64_t maxGridSize;
  /// Bytes per vector access of the flat elementwise kernels (0: none).
  int64_t vectorBytes;
  /// Vectors each thread has in flight per loop iteration.
  int64_t unroll;
  /// Blocks per SM of flat kernels (0: a block per tile).
  int64_t blocksPerSm;
};

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
          loadOperands(
              nb, loc, op,
              op.getDpsInputOperands().empty()
                  ? MutableArrayRef<OpOperand>()
                  : op->getOpOperands().take_front(op.getNumDpsInputs()),
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

/// Launches a grid-stride kernel that computes `op` for linear indices
/// [0, total) of its parallel dimensions. With `narrow`, the loop and the
/// delinearization run on i32 (the caller knows `total` plus one grid
/// stride fits): a 64-bit division is a long software sequence on the GPU,
/// a 32-bit one a few instructions.
void launchGridKernel(OpBuilder &b, Location loc, linalg::GenericOp op,
                      ArrayRef<Value> sizes, ArrayRef<unsigned> parallelDims,
                      Value total, Value grid, Value blockSize, bool narrow) {
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto launch =
      gpu::LaunchOp::create(b, loc, grid, one, one, blockSize, one, one);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&launch.getBody().front());
  Value first = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, launch.getBlockIds().x,
                            launch.getBlockSize().x),
      launch.getThreadIds().x);
  Value stride = arith::MulIOp::create(b, loc, launch.getGridSize().x,
                                       launch.getBlockSize().x);
  SmallVector<Value> parallelSizes = llvm::map_to_vector(
      parallelDims, [&](unsigned dim) { return sizes[dim]; });
  auto toI32 = [&](Value value) -> Value {
    return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), value);
  };
  if (narrow) {
    first = toI32(first);
    stride = toI32(stride);
    total = toI32(total);
    for (Value &size : parallelSizes)
      size = toI32(size);
  }
  auto loop = scf::ForOp::create(b, loc, first, total, stride);
  gpu::TerminatorOp::create(b, loc);

  b.setInsertionPointToStart(loop.getBody());
  SmallVector<Value> parallelIvs =
      delinearize(b, loc, loop.getInductionVar(), parallelSizes);
  SmallVector<Value> ivs(sizes.size());
  for (auto [dim, iv] : llvm::zip(parallelDims, parallelIvs))
    ivs[dim] = narrow
                   ? arith::IndexCastUIOp::create(b, loc, b.getIndexType(), iv)
                         .getResult()
                   : iv;
  emitIteration(b, loc, op, ivs, sizes);
}

/// Replaces `op` with a grid-stride kernel over its linearized iteration
/// space: 32-bit index arithmetic when the iteration space allows it (known
/// at compile time, or checked on the host with a 64-bit kernel beside).
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

  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value total = arith::ConstantIndexOp::create(rewriter, loc, 1);
  for (unsigned dim : parallelDims)
    total = rewriter.createOrFold<arith::MulIOp>(loc, total, sizes[dim]);

  Value blockSize =
      arith::ConstantIndexOp::create(rewriter, loc, config.blockSize);
  Value maxGrid =
      arith::ConstantIndexOp::create(rewriter, loc, config.maxGridSize);
  Value nonEmpty = rewriter.createOrFold<arith::CmpIOp>(
      loc, arith::CmpIPredicate::ugt, total, zero);
  auto ifOp = scf::IfOp::create(rewriter, loc, nonEmpty, /*withElse=*/false);
  rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
  Value blocks =
      rewriter.createOrFold<arith::CeilDivUIOp>(loc, total, blockSize);
  Value grid = rewriter.createOrFold<arith::MinUIOp>(loc, blocks, maxGrid);

  // i32 loop bounds must stay below 2^31 after one more stride (scf.for
  // compares signed).
  int64_t narrowLimit = std::numeric_limits<int32_t>::max() -
                        config.blockSize * config.maxGridSize;
  if (std::optional<int64_t> known = getConstantIntValue(total)) {
    launchGridKernel(rewriter, loc, op, sizes, parallelDims, total, grid,
                     blockSize, /*narrow=*/*known <= narrowLimit);
  } else {
    Value fits = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ule, total,
        arith::ConstantIndexOp::create(rewriter, loc, narrowLimit));
    auto ifFits = scf::IfOp::create(rewriter, loc, fits, /*withElse=*/true);
    rewriter.setInsertionPointToStart(&ifFits.getThenRegion().front());
    launchGridKernel(rewriter, loc, op, sizes, parallelDims, total, grid,
                     blockSize, /*narrow=*/true);
    rewriter.setInsertionPointToStart(&ifFits.getElseRegion().front());
    launchGridKernel(rewriter, loc, op, sizes, parallelDims, total, grid,
                     blockSize, /*narrow=*/false);
  }
  rewriter.eraseOp(op);
}

//===----------------------------------------------------------------------===//
// Flat, vectorized elementwise kernels
//
// Most elementwise groups (after fusion) read and write whole contiguous
// buffers of one shape, plus scalars: the iteration space is then one flat
// range, and each thread can move 16 bytes per access. Such a kernel walks
// the range in tiles of `blockSize * unroll` vectors (grid-stride over
// tiles): a thread loads its `unroll` vectors, coalesced across the block,
// before computing any, so several loads are in flight; the vectors that
// do not fill a tile and the elements after the last whole vector follow in
// two short loops. The body is the op's scalar body once per lane (GPUs
// compute per thread anyway; what matters is the width of the memory
// accesses). A buffer that is not 16-byte aligned sends the op to the
// general kernel at run time.
//===----------------------------------------------------------------------===//

/// What a flat kernel does with each operand: a buffer of the iteration
/// space's shape (Whole), one repeated along the leading loops (Suffix: a
/// bias over the last axes, read at the flat offset modulo its size), one
/// element, or a value.
enum class FlatAccess { Whole, Suffix, Scalar, Value };

/// Whether the operand is a buffer the flat kernel reads in vectors.
bool isVectorAccess(FlatAccess access) {
  return access == FlatAccess::Whole || access == FlatAccess::Suffix;
}

/// How `operand` of `op` is read in a flat kernel, or nothing when the op
/// cannot be flat: a whole identity-layout buffer through the identity map
/// or, for an input, through the last loops in order (no i1: its vectors
/// would be bit-packed), one element (every map result constant), or a
/// non-buffer value.
std::optional<FlatAccess> flatAccess(linalg::GenericOp op, OpOperand &operand) {
  auto type = dyn_cast<MemRefType>(operand.get().getType());
  if (!type)
    return FlatAccess::Value;
  AffineMap map = op.getMatchingIndexingMap(&operand);
  if (llvm::all_of(map.getResults(), llvm::IsaPred<AffineConstantExpr>) &&
      !op.isDpsInit(&operand))
    return FlatAccess::Scalar;
  if (!type.getLayout().isIdentity() || type.getElementType().isInteger(1) ||
      !type.getElementType().isIntOrFloat())
    return std::nullopt;
  if (map.isIdentity())
    return FlatAccess::Whole;
  unsigned first = map.getNumDims() - map.getNumResults();
  bool suffix = map.getNumResults() > 0 && first > 0 &&
                llvm::all_of(llvm::enumerate(map.getResults()), [&](auto e) {
                  return e.value() ==
                         getAffineDimExpr(first + e.index(), op.getContext());
                });
  if (suffix && !op.isDpsInit(&operand))
    return FlatAccess::Suffix;
  return std::nullopt;
}

/// The elements per vector access of a flat kernel for `op` (so that its
/// widest whole operand moves `vectorBytes` bytes), or 0 when `op` is not a
/// flat elementwise op.
int64_t flatVectorWidth(linalg::GenericOp op, int64_t vectorBytes) {
  if (vectorBytes <= 0 || op.getNumLoops() == 0 ||
      op.getNumReductionLoops() != 0 ||
      !op.getBlock()->getOps<linalg::IndexOp>().empty())
    return 0;
  int64_t widest = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    std::optional<FlatAccess> access = flatAccess(op, operand);
    if (!access)
      return 0;
    if (!isVectorAccess(*access))
      continue;
    auto type = cast<MemRefType>(operand.get().getType());
    widest = std::max<int64_t>(
        widest, llvm::divideCeil(type.getElementTypeBitWidth(), 8));
  }
  if (widest == 0 || vectorBytes % widest != 0)
    return 0;
  int64_t width = vectorBytes / widest;
  // A bias whose static size is not a multiple of the width never takes
  // the vector path (its vectors would straddle its end).
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (flatAccess(op, operand) == FlatAccess::Suffix &&
        type.hasStaticShape() && type.getNumElements() % width != 0)
      return 0;
  }
  return width;
}

/// Host-side check that every whole buffer of `op` starts on a
/// `vectorBytes` boundary (identity layouts have offset 0).
Value allAligned(OpBuilder &b, Location loc, linalg::GenericOp op,
                 int64_t vectorBytes, int64_t width) {
  Value aligned = arith::ConstantIntOp::create(b, loc, 1, 1);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value alignment = arith::ConstantIndexOp::create(b, loc, vectorBytes);
  for (OpOperand &operand : op->getOpOperands()) {
    std::optional<FlatAccess> access = flatAccess(op, operand);
    if (!access || !isVectorAccess(*access))
      continue;
    if (*access == FlatAccess::Suffix) {
      // Its vectors must not straddle its end: a multiple of `width`.
      Value size = arith::ConstantIndexOp::create(b, loc, 1);
      for (int64_t dim = 0; dim < cast<MemRefType>(operand.get().getType())
                                      .getRank();
           ++dim)
        size = arith::MulIOp::create(
            b, loc, size, memref::DimOp::create(b, loc, operand.get(), dim));
      Value whole = arith::RemUIOp::create(
          b, loc, size, arith::ConstantIndexOp::create(b, loc, width));
      aligned = arith::AndIOp::create(
          b, loc, aligned,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, whole,
                                zero));
    }
    Value pointer =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, operand.get());
    Value rem = arith::RemUIOp::create(b, loc, pointer, alignment);
    aligned = arith::AndIOp::create(
        b, loc, aligned,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rem, zero));
  }
  return aligned;
}

/// `buffer` as a 1-D buffer over the same elements (identity layout).
Value flatten(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getRank() == 1)
    return buffer;
  ReassociationIndices all;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    all.push_back(dim);
  return memref::CollapseShapeOp::create(b, loc, buffer,
                                         ArrayRef<ReassociationIndices>{all});
}

/// The offset in `flat` (an operand's 1-D buffer) of the element at flat
/// offset `offset` of the iteration space.
Value offsetIn(OpBuilder &b, Location loc, FlatAccess access, Value flat,
               Value offset) {
  if (access != FlatAccess::Suffix)
    return offset;
  return arith::RemUIOp::create(b, loc, offset,
                                memref::DimOp::create(b, loc, flat, 0));
}

/// Emits, inside a flat kernel, the computation of `count` vectors of
/// `width` elements starting at the element offsets `offsets` (all loads,
/// then all bodies, then all stores). `flat` holds each operand's 1-D
/// buffer (whole) or its value (scalar, non-buffer).
void emitVectors(OpBuilder &b, Location loc, linalg::GenericOp op,
                 ArrayRef<Value> flat, ArrayRef<Value> offsets, int64_t width) {
  MutableArrayRef<OpOperand> operands = op->getOpOperands();
  SmallVector<SmallVector<Value>> loaded(offsets.size());
  for (auto [u, offset] : llvm::enumerate(offsets))
    for (auto [operand, value] : llvm::zip(operands, flat)) {
      BlockArgument arg = op.getMatchingBlockArgument(&operand);
      FlatAccess access = *flatAccess(op, operand);
      if (!isVectorAccess(access) || arg.use_empty()) {
        loaded[u].push_back(Value());
        continue;
      }
      auto type = VectorType::get({width}, arg.getType());
      loaded[u].push_back(vector::LoadOp::create(
          b, loc, type, value, ValueRange{offsetIn(b, loc, access, value, offset)},
          /*nontemporal=*/false, vectorAlignment(type)));
    }

  SmallVector<SmallVector<Value>> results(offsets.size());
  for (size_t u = 0; u < offsets.size(); ++u) {
    SmallVector<SmallVector<Value>> lanes;
    for (int64_t lane = 0; lane < width; ++lane) {
      IRMapping mapping;
      for (auto [operand, value, vec] : llvm::zip(operands, flat, loaded[u])) {
        BlockArgument arg = op.getMatchingBlockArgument(&operand);
        if (vec)
          mapping.map(arg, vector::ExtractOp::create(b, loc, vec, lane));
        else if (!isVectorAccess(*flatAccess(op, operand)))
          mapping.map(arg, value);
      }
      lanes.push_back(cloneBody(b, op, {}, mapping));
    }
    for (size_t result = 0; result < lanes.front().size(); ++result) {
      SmallVector<Value> elements;
      for (SmallVector<Value> &lane : lanes)
        elements.push_back(lane[result]);
      auto type = VectorType::get({width}, elements.front().getType());
      results[u].push_back(
          vector::FromElementsOp::create(b, loc, type, elements));
    }
  }

  for (auto [u, offset] : llvm::enumerate(offsets))
    for (auto [init, value] : llvm::zip(op.getDpsInitsMutable(), results[u]))
      vector::StoreOp::create(
          b, loc, value, flat[init.getOperandNumber()], ValueRange{offset},
          /*nontemporal=*/false,
          vectorAlignment(cast<VectorType>(value.getType())));
}

/// Emits one scalar element of a flat kernel at element offset `offset`.
void emitScalarElement(OpBuilder &b, Location loc, linalg::GenericOp op,
                       ArrayRef<Value> flat, Value offset) {
  IRMapping mapping;
  for (auto [operand, value] : llvm::zip(op->getOpOperands(), flat)) {
    BlockArgument arg = op.getMatchingBlockArgument(&operand);
    FlatAccess access = *flatAccess(op, operand);
    if (!isVectorAccess(access))
      mapping.map(arg, value);
    else if (!arg.use_empty())
      mapping.map(arg, memref::LoadOp::create(
                           b, loc, value,
                           offsetIn(b, loc, access, value, offset)));
  }
  SmallVector<Value> yielded = cloneBody(b, op, {}, mapping);
  for (auto [init, value] : llvm::zip(op.getDpsInitsMutable(), yielded))
    memref::StoreOp::create(b, loc, value, flat[init.getOperandNumber()],
                            offset);
}

/// Launches the flat kernel of `op` over `total` elements, `width` per
/// vector (at the current insertion point, on the host).
void launchFlatKernel(OpBuilder &b, Location loc, linalg::GenericOp op,
                      Value total, int64_t width, const GridConfig &config) {
  // Unroll less where the body is long, so that the kernel stays small.
  int64_t bodySize = op.getBlock()->getOperations().size();
  int64_t unroll = std::max<int64_t>(
      1, std::min<int64_t>(config.unroll,
                           256 / std::max<int64_t>(1, bodySize * width)));
  auto index = [&](int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value).getResult();
  };
  Value one = index(1);
  Value widthValue = index(width);
  Value vectors = arith::DivUIOp::create(b, loc, total, widthValue);
  Value tile = index(config.blockSize * unroll);
  Value tiles = arith::DivUIOp::create(b, loc, vectors, tile);
  Value blocks = arith::MaxUIOp::create(
      b, loc, arith::CeilDivUIOp::create(b, loc, vectors, tile), one);
  // A block per tile: the hardware hands tiles to SMs as blocks finish,
  // which kept an H200 at its copy bandwidth where one wave of
  // grid-striding blocks stayed 10% below it (bench/micro/streaming.cu).
  // With blocks-per-sm, one wave of that many blocks per SM instead.
  Value maxGrid =
      config.blocksPerSm > 0
          ? arith::MulIOp::create(b, loc,
                                  arrayrt::MultiprocessorCountOp::create(
                                      b, loc, b.getIndexType()),
                                  index(config.blocksPerSm))
                .getResult()
          : index(kMaxGridX);
  Value grid = arith::MinUIOp::create(b, loc, blocks, maxGrid);

  // Operands: whole buffers flattened, scalars loaded once (in the kernel).
  SmallVector<Value> flatHost;
  for (OpOperand &operand : op->getOpOperands())
    flatHost.push_back(isVectorAccess(*flatAccess(op, operand))
                           ? flatten(b, loc, operand.get())
                           : operand.get());

  auto launch = gpu::LaunchOp::create(b, loc, grid, one, one,
                                      index(config.blockSize), one, one);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&launch.getBody().front());
  SmallVector<Value> flat;
  for (auto [operand, value] : llvm::zip(op->getOpOperands(), flatHost)) {
    if (flatAccess(op, operand) != FlatAccess::Scalar) {
      flat.push_back(value);
      continue;
    }
    AffineMap map = op.getMatchingIndexingMap(&operand);
    SmallVector<Value> indices = applyMap(b, loc, map, {});
    flat.push_back(memref::LoadOp::create(b, loc, value, indices));
  }

  Value tid = launch.getThreadIds().x;
  Value bid = launch.getBlockIds().x;
  Value blockDim = launch.getBlockSize().x;
  Value gridDim = launch.getGridSize().x;

  // Whole tiles: `unroll` vectors per thread, coalesced across the block.
  auto tiles_ = scf::ForOp::create(b, loc, bid, tiles, gridDim);
  // The grid assumes blocks-per-sm blocks fit on an SM at once: ask ptxas
  // to keep registers low enough (array-gpu-launch-bounds turns this into
  // nvvm.minctasm on the outlined kernel).
  if (config.blocksPerSm > 1)
    arrayrt::ArrayrtDialect::MinBlocksPerSmAttrHelper(b.getContext())
        .setAttr(tiles_, b.getI64IntegerAttr(config.blocksPerSm));
  {
    OpBuilder::InsertionGuard loopGuard(b);
    b.setInsertionPointToStart(tiles_.getBody());
    Value first = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, tiles_.getInductionVar(), tile),
        tid);
    SmallVector<Value> offsets;
    for (int64_t u = 0; u < unroll; ++u) {
      Value vectorIndex = arith::AddIOp::create(
          b, loc, first, arith::MulIOp::create(b, loc, index(u), blockDim));
      offsets.push_back(arith::MulIOp::create(b, loc, vectorIndex, widthValue));
    }
    emitVectors(b, loc, op, flat, offsets, width);
  }

  // The vectors after the last whole tile, one per thread.
  Value threadsInGrid = arith::MulIOp::create(b, loc, gridDim, blockDim);
  Value globalId = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, bid, blockDim), tid);
  Value restStart = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, tiles, tile), globalId);
  auto rest = scf::ForOp::create(b, loc, restStart, vectors, threadsInGrid);
  {
    OpBuilder::InsertionGuard loopGuard(b);
    b.setInsertionPointToStart(rest.getBody());
    emitVectors(
        b, loc, op, flat,
        {arith::MulIOp::create(b, loc, rest.getInductionVar(), widthValue)},
        width);
  }

  // The elements after the last whole vector (fewer than `width`).
  Value tailStart = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, vectors, widthValue), globalId);
  auto tail = scf::ForOp::create(b, loc, tailStart, total, threadsInGrid);
  {
    OpBuilder::InsertionGuard loopGuard(b);
    b.setInsertionPointToStart(tail.getBody());
    emitScalarElement(b, loc, op, flat, tail.getInductionVar());
  }
  gpu::TerminatorOp::create(b, loc);
}

/// Replaces a flat elementwise `op` with a vectorized kernel when its
/// buffers are aligned at run time, else the general kernel.
void mapToVectorizedGrid(RewriterBase &rewriter, linalg::GenericOp op,
                         int64_t width, const GridConfig &config) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value total = arith::ConstantIndexOp::create(rewriter, loc, 1);
  auto linalgOp = cast<linalg::LinalgOp>(op.getOperation());
  for (Range range : linalgOp.createLoopRanges(rewriter, loc))
    total = rewriter.createOrFold<arith::MulIOp>(
        loc, total, getValueOrCreateConstantIndexOp(rewriter, loc, range.size));
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value nonEmpty = rewriter.createOrFold<arith::CmpIOp>(
      loc, arith::CmpIPredicate::ugt, total, zero);
  auto ifNonEmpty = scf::IfOp::create(rewriter, loc, nonEmpty, false);
  rewriter.setInsertionPointToStart(&ifNonEmpty.getThenRegion().front());
  Value aligned = allAligned(rewriter, loc, op, config.vectorBytes, width);
  auto ifAligned = scf::IfOp::create(rewriter, loc, aligned, true);
  rewriter.setInsertionPointToStart(&ifAligned.getThenRegion().front());
  launchFlatKernel(rewriter, loc, op, total, width, config);
  // Unaligned buffers: the general kernel, on a clone of the op.
  rewriter.setInsertionPointToStart(&ifAligned.getElseRegion().front());
  auto fallback = cast<linalg::GenericOp>(rewriter.clone(*op));
  mapToGrid(rewriter, fallback, config);
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
    if (vectorBytes < 0 || unroll <= 0) {
      getOperation().emitError("array-gpu-map-linalg: vector-bytes must not "
                               "be negative and unroll must be positive, "
                               "found ")
          << vectorBytes << " and " << unroll;
      return signalPassFailure();
    }
    GridConfig config{blockSize, maxGridSize, vectorBytes, unroll, blocksPerSm};
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
      if (int64_t width = flatVectorWidth(generic, config.vectorBytes))
        mapToVectorizedGrid(rewriter, generic, width, config);
      else
        mapToGrid(rewriter, generic, config);
    }
  }
};

} // namespace
