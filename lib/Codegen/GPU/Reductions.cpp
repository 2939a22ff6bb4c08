//===- Reductions.cpp - linalg reductions to tree-reduction kernels -------===//
//
// Maps single-output linalg reductions on buffers whose body is
// `combine(out, f(ins))` (sum, prod, max, min, any, all, mean's and var's
// sums, logsumexp's sums, array.reduce with one-op combines) to kernels in
// which many threads cooperate on each output, combining partial results
// with warp shuffles and shared memory. Two layouts get their own kernel:
//
//  - rows: the input's innermost dimension is reduced. A block (or, for rows
//    of at most 2048 elements, a warp) reduces each output's elements;
//    consecutive threads read consecutive elements, vector loads where the
//    layout allows. When there are too few outputs to fill the GPU (a full
//    reduction has one), each output's elements are split across several
//    blocks that write partial results, and a second kernel combines them
//    (deterministic: no atomics, fixed combination order).
//  - columns: the input's innermost dimension is kept. Column tiles where
//    the sizes are static and the tiles fill the GPU: a thread owns a
//    vector of consecutive outputs, a warp 32 of them, and the reduced
//    elements are dealt out to the block's warps and a cluster's blocks,
//    combined through shared and distributed shared memory in one kernel.
//    Otherwise threads own outputs (consecutive threads, consecutive
//    outputs: coalesced) and walk the reduced dimensions; the reduced
//    extent is split across blocks with a second pass over the partials
//    when there are too few outputs.
//
// The output buffer's value (the reduction's init) is combined in last, so
// it is respected whatever it is. Everything else (argmax/argmin, scans,
// bodies of another form, reductions over at most 16 elements) is left to
// array-gpu-map-linalg.
//
//===----------------------------------------------------------------------===//

#include "GpuUtils.h"
#include "arrayc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUREDUCTIONS
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using namespace mlir::array::gpu_utils;

namespace {

/// Reductions over at most this many elements per output stay one thread
/// per output (array-gpu-map-linalg): cooperation would cost more.
constexpr int64_t kMinCooperativeExtent = 16;
/// Rows of at most this many elements get a warp each instead of a block.
constexpr int64_t kMaxWarpRow = 2048;
/// Column tiles load one 16-byte vector per thread per step, not unrolled:
/// the fewer registers let more blocks share an SM, which keeps more loads
/// in flight than unrolling does (H200, a bfloat16 sum over the middle
/// axis of 64x2048x256: 99 % of the copy bandwidth unrolled once, 83 %
/// twice, 81 % four times; a float32 column sum of 8192x4096 101-104 %
/// for each).
constexpr int64_t kColumnTileUnroll = 1;

struct Config {
  int64_t blockSize;
  int64_t targetBlocks;
  int64_t unroll;
  int64_t maxClusterSize;
};

/// One reduction to map, with its iteration space split into the kept
/// (parallel) and reduced dimensions.
struct Reduction {
  linalg::GenericOp op;
  Combiner combiner;
  SmallVector<Value> sizes;
  SmallVector<unsigned> parallelDims, reductionDims;
  SmallVector<Value> parallelSizes, reductionSizes;
  Value numOutputs; // product of the parallel sizes
  Value extent;     // elements per output: product of the reduced sizes
  /// The constant the output holds before the reduction (a fill folded
  /// in), or null: then it is loaded.
  TypedAttr initValue;
  /// An elementwise op that only turns the output into another buffer
  /// (the cast of a float64 sum to float32, say), applied before the final
  /// store instead of in a kernel of its own; or null.
  linalg::GenericOp epilogue;

  Type accType() const { return combiner.neutral.getType(); }
  OpOperand &init() { return op.getDpsInitsMutable()[0]; }
};

//===----------------------------------------------------------------------===//
// Small IR helpers
//===----------------------------------------------------------------------===//

/// max(1, value)
Value atLeastOne(OpBuilder &b, Location loc, Value value) {
  return b.createOrFold<arith::MaxUIOp>(loc, value, cst(b, loc, 1));
}

/// The trip count of `for (i = start; i < end; i += step)`.
Value tripCount(OpBuilder &b, Location loc, Value start, Value end,
                Value step) {
  Value nonEmpty =
      b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, start, end);
  Value span = b.createOrFold<arith::SubIOp>(loc, end, start);
  Value count = b.createOrFold<arith::CeilDivUIOp>(loc, span, step);
  return b.createOrFold<arith::SelectOp>(loc, nonEmpty, count, cst(b, loc, 0));
}

/// `for (w = blockIdx.x; w < count; w += gridDim.x) body(w)`.
void blockStrideLoop(OpBuilder &b, Location loc, gpu::LaunchOp launch,
                     Value count, function_ref<void(OpBuilder &, Value)> body) {
  auto loop = scf::ForOp::create(b, loc, launch.getBlockIds().x, count,
                                 launch.getGridSize().x);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  body(b, loop.getInductionVar());
}

//===----------------------------------------------------------------------===//
// Element access
//===----------------------------------------------------------------------===//

/// True when `map` reads `dim` only as its last (contiguous) index.
bool readsDimContiguously(AffineMap map, unsigned dim) {
  if (map.getNumResults() == 0)
    return false;
  auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
  if (!last || last.getPosition() != dim)
    return false;
  return llvm::none_of(map.getResults().drop_back(), [&](AffineExpr expr) {
    return expr.isFunctionOfDim(dim);
  });
}

/// How many consecutive elements along loop `inner` one thread reads at
/// once with vector loads: 16 bytes of the widest element among the
/// inputs that read along it, when every such input is a contiguous buffer
/// read along that dimension as its last index, and the dimension's size
/// is a multiple (so every group is aligned). 1 when vector loads do not
/// apply.
int64_t vectorWidth(Reduction &red, unsigned inner) {
  std::optional<int64_t> innerSize = getConstantIntValue(red.sizes[inner]);
  if (!innerSize)
    return 1;
  int64_t widestBytes = 0;
  SmallVector<int64_t> rowLengths = {*innerSize};
  for (OpOperand *input : red.op.getDpsInputOperands()) {
    auto type = dyn_cast<MemRefType>(input->get().getType());
    AffineMap map = red.op.getMatchingIndexingMap(input);
    if (!type || !map.isFunctionOfDim(inner))
      continue;
    Type element = type.getElementType();
    if (!readsDimContiguously(map, inner) || !type.getLayout().isIdentity() ||
        !hasAllocationBase(input->get()) || !element.isIntOrFloat() ||
        element.getIntOrFloatBitWidth() < 8 ||
        !llvm::isPowerOf2_32(element.getIntOrFloatBitWidth()) ||
        type.isDynamicDim(type.getRank() - 1))
      return 1;
    rowLengths.push_back(type.getShape().back());
    widestBytes =
        std::max<int64_t>(widestBytes, element.getIntOrFloatBitWidth() / 8);
  }
  if (widestBytes == 0)
    return 1;
  int64_t width = std::min<int64_t>(8, 16 / widestBytes);
  // Every group must start at a multiple of the width in each buffer.
  while (width > 1 && llvm::any_of(rowLengths, [&](int64_t length) {
           return length % width != 0;
         }))
    width /= 2;
  return width;
}

/// The body arguments for `width` consecutive elements along loop `inner`
/// (the innermost reduced one, or for column tiles the innermost kept
/// one), starting at the loop indices `ivs`: one mapping and one set of
/// loop indices per element. Inputs read along that dimension are read
/// with one vector load, the others with one scalar load shared by the
/// group.
struct ElementGroup {
  SmallVector<IRMapping> mappings;
  SmallVector<SmallVector<Value>> ivs;
};

ElementGroup loadGroup(OpBuilder &b, Location loc, Reduction &red,
                       ArrayRef<Value> ivs, int64_t width, unsigned inner) {
  ElementGroup group;
  group.mappings.resize(width);
  for (int64_t j = 0; j < width; ++j) {
    SmallVector<Value> elementIvs(ivs);
    if (j > 0)
      elementIvs[inner] =
          b.createOrFold<arith::AddIOp>(loc, ivs[inner], cst(b, loc, j));
    group.ivs.push_back(elementIvs);
  }
  for (OpOperand *input : red.op.getDpsInputOperands()) {
    BlockArgument arg = red.op.getMatchingBlockArgument(input);
    auto type = dyn_cast<MemRefType>(input->get().getType());
    if (!type) {
      for (IRMapping &mapping : group.mappings)
        mapping.map(arg, input->get());
      continue;
    }
    if (arg.use_empty())
      continue;
    AffineMap map = red.op.getMatchingIndexingMap(input);
    SmallVector<Value> indices = applyMap(b, loc, map, ivs);
    if (width > 1 && map.isFunctionOfDim(inner)) {
      auto vectorType = VectorType::get({width}, type.getElementType());
      int64_t bytes = width * type.getElementTypeBitWidth() / 8;
      Value vector = vector::LoadOp::create(b, loc, vectorType, input->get(),
                                            indices, /*nontemporal=*/false,
                                            llvm::MaybeAlign(bytes));
      for (int64_t j = 0; j < width; ++j)
        group.mappings[j].map(arg, vector::ExtractOp::create(
                                       b, loc, vector, ArrayRef<int64_t>{j}));
      continue;
    }
    Value element = memref::LoadOp::create(b, loc, input->get(), indices);
    for (IRMapping &mapping : group.mappings)
      mapping.map(arg, element);
  }
  return group;
}

/// acc combined with the group's elements, in order, through the body.
Value accumulateGroup(OpBuilder &b, Reduction &red, const ElementGroup &group,
                      Value acc) {
  BlockArgument accArg = red.op.getBlock()->getArguments().back();
  for (auto [loaded, ivs] : llvm::zip(group.mappings, group.ivs)) {
    IRMapping mapping = loaded;
    mapping.map(accArg, acc);
    acc = cloneBody(b, red.op, ivs, mapping)[0];
  }
  return acc;
}

/// The loop indices of the element group `g` (in units of `width`
/// elements, linear over the reduced dimensions) for the output whose
/// parallel indices are in `outputIvs`.
SmallVector<Value> groupIvs(OpBuilder &b, Location loc, Reduction &red,
                            ArrayRef<Value> outputIvs, Value g, int64_t width) {
  Value k = width == 1
                ? g
                : b.createOrFold<arith::MulIOp>(loc, g, cst(b, loc, width));
  SmallVector<Value> ivs(outputIvs);
  for (auto [dim, iv] :
       llvm::zip(red.reductionDims, delinearize(b, loc, k, red.reductionSizes)))
    ivs[dim] = iv;
  return ivs;
}

/// `accs` folded with the element groups at positions start, start +
/// stride, ... below end: `load` loads the group at a position, `fold`
/// folds groups into the accumulators. The loop is unrolled `unroll` times
/// with the loads of all unrolled groups issued before their arithmetic,
/// so that each thread keeps several loads in flight; a tail loop takes
/// the rest.
SmallVector<Value>
foldStrided(OpBuilder &b, Location loc, Value start, Value end, Value stride,
            int64_t unroll, ValueRange accs,
            function_ref<ElementGroup(OpBuilder &, Value)> load,
            function_ref<SmallVector<Value>(OpBuilder &, ArrayRef<ElementGroup>,
                                            ValueRange)>
                fold) {
  Value count = tripCount(b, loc, start, end, stride);
  Value unrollValue = cst(b, loc, unroll);
  Value mainCount = b.createOrFold<arith::DivUIOp>(loc, count, unrollValue);
  auto positionAt = [&](OpBuilder &nb, Value i) {
    return nb.createOrFold<arith::AddIOp>(
        loc, start, nb.createOrFold<arith::MulIOp>(loc, i, stride));
  };
  auto main = scf::ForOp::create(
      b, loc, cst(b, loc, 0), mainCount, cst(b, loc, 1), accs,
      [&](OpBuilder &lb, Location, Value i, ValueRange carried) {
        Value first = arith::MulIOp::create(lb, loc, i, unrollValue);
        SmallVector<ElementGroup> groups;
        for (int64_t u = 0; u < unroll; ++u)
          groups.push_back(
              load(lb, positionAt(lb, lb.createOrFold<arith::AddIOp>(
                                          loc, first, cst(lb, loc, u)))));
        scf::YieldOp::create(lb, loc, fold(lb, groups, carried));
      });
  Value tailStart = b.createOrFold<arith::MulIOp>(loc, mainCount, unrollValue);
  auto tail = scf::ForOp::create(
      b, loc, tailStart, count, cst(b, loc, 1), main.getResults(),
      [&](OpBuilder &lb, Location, Value i, ValueRange carried) {
        scf::YieldOp::create(lb, loc,
                             fold(lb, {load(lb, positionAt(lb, i))}, carried));
      });
  return SmallVector<Value>(tail.getResults());
}

/// The combination of `acc` with the element groups start, start + stride,
/// ... below end (in units of `width` elements), unrolled `unroll` times
/// (foldStrided).
Value accumulateStrided(OpBuilder &b, Location loc, Reduction &red,
                        ArrayRef<Value> outputIvs, Value start, Value end,
                        Value stride, int64_t width, int64_t unroll,
                        Value acc) {
  auto load = [&](OpBuilder &lb, Value g) {
    return loadGroup(lb, loc, red, groupIvs(lb, loc, red, outputIvs, g, width),
                     width, red.reductionDims.back());
  };
  auto fold = [&](OpBuilder &lb, ArrayRef<ElementGroup> groups,
                  ValueRange carried) {
    Value next = carried[0];
    for (const ElementGroup &group : groups)
      next = accumulateGroup(lb, red, group, next);
    return SmallVector<Value>{next};
  };
  return foldStrided(b, loc, start, end, stride, unroll, acc, load, fold)[0];
}

/// The output's loop indices for linear output index `p`.
SmallVector<Value> outputIvs(OpBuilder &b, Location loc, Reduction &red,
                             Value p) {
  SmallVector<Value> ivs(red.sizes.size());
  for (auto [dim, iv] :
       llvm::zip(red.parallelDims, delinearize(b, loc, p, red.parallelSizes)))
    ivs[dim] = iv;
  return ivs;
}

/// out[ivs] = combine(out[ivs], total): the init comes in last (the folded
/// fill's constant, if any), and the epilogue, if any, maps the result
/// into its own buffer.
void storeResult(OpBuilder &b, Location loc, Reduction &red,
                 ArrayRef<Value> ivs, Value total) {
  OpOperand &init = red.init();
  SmallVector<Value> indices =
      applyMap(b, loc, red.op.getMatchingIndexingMap(&init), ivs);
  Value initial =
      red.initValue
          ? arith::ConstantOp::create(b, loc, red.initValue).getResult()
          : memref::LoadOp::create(b, loc, init.get(), indices).getResult();
  Value result = red.combiner.combine(b, loc, initial, total);
  if (!red.epilogue) {
    memref::StoreOp::create(b, loc, result, init.get(), indices);
    return;
  }
  // The epilogue reads no loop index (findEpilogue checks it).
  IRMapping mapping;
  mapping.map(red.epilogue.getBlock()->getArgument(0), result);
  Value mapped = cloneBody(b, red.epilogue, {}, mapping)[0];
  memref::StoreOp::create(b, loc, mapped, red.epilogue.getDpsInits()[0],
                          indices);
}

Value allocPartials(OpBuilder &b, Location loc, Reduction &red, Value count) {
  auto type = MemRefType::get({ShapedType::kDynamic}, red.accType());
  return memref::AllocOp::create(b, loc, type, ValueRange{count});
}

//===----------------------------------------------------------------------===//
// Rows: the innermost dimension is reduced
//===----------------------------------------------------------------------===//

/// Reduces each output's elements with `threadsPerRow` threads (a warp or
/// the whole block) and `splits` blocks per output: thread t of split s
/// reads element groups s*T + t, s*T + t + S*T, ... so a warp reads
/// consecutive groups. With one split the result goes to the output,
/// otherwise to partials[row * splits + split].
void emitRowKernel(OpBuilder &b, Location loc, Reduction &red,
                   const Config &config, int64_t threadsPerRow, Value splits,
                   Value partials, int64_t width) {
  int64_t rowsPerBlock = config.blockSize / threadsPerRow;
  Value rowGroups = b.createOrFold<arith::CeilDivUIOp>(
      loc, red.numOutputs, cst(b, loc, rowsPerBlock));
  Value work = b.createOrFold<arith::MulIOp>(loc, rowGroups, splits);
  Value grid = b.createOrFold<arith::MinUIOp>(loc, work, cst(b, loc, kMaxGrid));
  Value groups =
      b.createOrFold<arith::DivUIOp>(loc, red.extent, cst(b, loc, width));
  bool blockWide = threadsPerRow == config.blockSize;
  OpBuilder::InsertionGuard guard(b);
  SmallVector<Type> scratch;
  if (blockWide && config.blockSize > 32)
    scratch.push_back(reductionScratchType(red.accType()));
  gpu::LaunchOp launch = createLaunch(b, loc, grid, config.blockSize, scratch);
  Value tid = launch.getThreadIds().x;
  Value lane =
      b.createOrFold<arith::RemUIOp>(loc, tid, cst(b, loc, threadsPerRow));
  Value rowInBlock =
      b.createOrFold<arith::DivUIOp>(loc, tid, cst(b, loc, threadsPerRow));
  blockStrideLoop(b, loc, launch, work, [&](OpBuilder &b, Value w) {
    Value rowGroup = b.createOrFold<arith::DivUIOp>(loc, w, splits);
    Value split = b.createOrFold<arith::RemUIOp>(loc, w, splits);
    Value row = b.createOrFold<arith::AddIOp>(
        loc,
        b.createOrFold<arith::MulIOp>(loc, rowGroup, cst(b, loc, rowsPerBlock)),
        rowInBlock);
    // A warp whose row is past the end idles; block-wide rows always exist.
    Value inRange =
        blockWide ? arith::ConstantIntOp::create(b, loc, 1, 1).getResult()
                  : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          row, red.numOutputs)
                        .getResult();
    emitIf(b, loc, inRange, [&](OpBuilder &b) {
      SmallVector<Value> ivs = outputIvs(b, loc, red, row);
      Value tpr = cst(b, loc, threadsPerRow);
      Value start = b.createOrFold<arith::AddIOp>(
          loc, b.createOrFold<arith::MulIOp>(loc, split, tpr), lane);
      Value stride = b.createOrFold<arith::MulIOp>(loc, splits, tpr);
      Value acc =
          accumulateStrided(b, loc, red, ivs, start, groups, stride, width,
                            config.unroll, red.combiner.neutralValue(b, loc));
      Value total =
          blockWide
              ? blockReduce(b, loc, red.combiner, acc,
                            config.blockSize > 32
                                ? Value(launch.getWorkgroupAttributions()[0])
                                : Value(),
                            tid, config.blockSize)
              : warpReduce(b, loc, red.combiner, acc);
      Value leader = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           lane, cst(b, loc, 0));
      emitIf(b, loc, leader, [&](OpBuilder &b) {
        if (!partials) {
          storeResult(b, loc, red, ivs, total);
          return;
        }
        Value index = b.createOrFold<arith::AddIOp>(
            loc, b.createOrFold<arith::MulIOp>(loc, row, splits), split);
        memref::StoreOp::create(b, loc, total, partials, index);
      });
    });
  });
}

/// Second pass for rows: a block per output combines its `splits`
/// partials (a block reduction), then the init.
void emitRowFinalize(OpBuilder &b, Location loc, Reduction &red,
                     const Config &config, Value splits, Value partials) {
  Value grid = b.createOrFold<arith::MinUIOp>(loc, red.numOutputs,
                                              cst(b, loc, kMaxGrid));
  OpBuilder::InsertionGuard guard(b);
  Type scratch = reductionScratchType(red.accType());
  gpu::LaunchOp launch =
      createLaunch(b, loc, grid, config.blockSize, TypeRange{scratch});
  Value tid = launch.getThreadIds().x;
  blockStrideLoop(b, loc, launch, red.numOutputs, [&](OpBuilder &b, Value row) {
    Value base = b.createOrFold<arith::MulIOp>(loc, row, splits);
    auto loop = scf::ForOp::create(
        b, loc, tid, splits, cst(b, loc, config.blockSize),
        ValueRange{red.combiner.neutralValue(b, loc)},
        [&](OpBuilder &lb, Location, Value s, ValueRange carried) {
          Value partial = memref::LoadOp::create(
              lb, loc, partials,
              ValueRange{arith::AddIOp::create(lb, loc, base, s)});
          scf::YieldOp::create(
              lb, loc, red.combiner.combine(lb, loc, carried[0], partial));
        });
    Value total = blockReduce(b, loc, red.combiner, loop.getResult(0),
                              launch.getWorkgroupAttributions()[0], tid,
                              config.blockSize);
    Value leader = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                                         cst(b, loc, 0));
    emitIf(b, loc, leader, [&](OpBuilder &b) {
      storeResult(b, loc, red, outputIvs(b, loc, red, row), total);
    });
  });
}

void mapRows(OpBuilder &b, Location loc, Reduction &red, const Config &config) {
  int64_t width = vectorWidth(red, red.reductionDims.back());
  std::optional<int64_t> extent = getConstantIntValue(red.extent);
  // Short rows: a warp per row, one block covers several rows.
  if (extent && *extent <= kMaxWarpRow && config.blockSize >= 32) {
    emitRowKernel(b, loc, red, config, 32, cst(b, loc, 1), Value(), width);
    return;
  }
  // Long rows: a block per row; split rows across blocks when there are
  // fewer rows than the target number of blocks, as long as each block
  // still gets `unroll` groups per thread.
  Value groups =
      b.createOrFold<arith::DivUIOp>(loc, red.extent, cst(b, loc, width));
  Value wanted =
      b.createOrFold<arith::CeilDivUIOp>(loc, cst(b, loc, config.targetBlocks),
                                         atLeastOne(b, loc, red.numOutputs));
  Value useful = b.createOrFold<arith::DivUIOp>(
      loc, groups, cst(b, loc, config.blockSize * config.unroll));
  Value splits =
      atLeastOne(b, loc, b.createOrFold<arith::MinUIOp>(loc, wanted, useful));
  if (getConstantIntValue(splits) == 1) {
    emitRowKernel(b, loc, red, config, config.blockSize, splits, Value(),
                  width);
    return;
  }
  Value partials = allocPartials(
      b, loc, red, b.createOrFold<arith::MulIOp>(loc, red.numOutputs, splits));
  emitRowKernel(b, loc, red, config, config.blockSize, splits, partials, width);
  emitRowFinalize(b, loc, red, config, splits, partials);
  memref::DeallocOp::create(b, loc, partials);
}

//===----------------------------------------------------------------------===//
// Columns: the innermost dimension is kept
//===----------------------------------------------------------------------===//

/// Thread per output (consecutive threads, consecutive outputs), `splits`
/// blocks per column block, each walking a contiguous chunk of the reduced
/// elements. With one split the result goes to the output, otherwise to
/// partials[split * numOutputs + output].
void emitColumnKernel(OpBuilder &b, Location loc, Reduction &red,
                      const Config &config, Value splits, Value partials) {
  Value columnBlocks = b.createOrFold<arith::CeilDivUIOp>(
      loc, red.numOutputs, cst(b, loc, config.blockSize));
  Value work = b.createOrFold<arith::MulIOp>(loc, columnBlocks, splits);
  Value grid = b.createOrFold<arith::MinUIOp>(loc, work, cst(b, loc, kMaxGrid));
  Value chunk = b.createOrFold<arith::CeilDivUIOp>(loc, red.extent, splits);
  OpBuilder::InsertionGuard guard(b);
  gpu::LaunchOp launch = createLaunch(b, loc, grid, config.blockSize);
  Value tid = launch.getThreadIds().x;
  blockStrideLoop(b, loc, launch, work, [&](OpBuilder &b, Value w) {
    Value columnBlock = b.createOrFold<arith::DivUIOp>(loc, w, splits);
    Value split = b.createOrFold<arith::RemUIOp>(loc, w, splits);
    Value p = b.createOrFold<arith::AddIOp>(
        loc,
        b.createOrFold<arith::MulIOp>(loc, columnBlock,
                                      cst(b, loc, config.blockSize)),
        tid);
    Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, p,
                                          red.numOutputs);
    emitIf(b, loc, inRange, [&](OpBuilder &b) {
      SmallVector<Value> ivs = outputIvs(b, loc, red, p);
      Value start = b.createOrFold<arith::MulIOp>(loc, split, chunk);
      Value end = b.createOrFold<arith::MinUIOp>(
          loc, red.extent, b.createOrFold<arith::AddIOp>(loc, start, chunk));
      Value acc = accumulateStrided(
          b, loc, red, ivs, start, end, cst(b, loc, 1), /*width=*/1,
          config.unroll * 2, red.combiner.neutralValue(b, loc));
      if (!partials) {
        storeResult(b, loc, red, ivs, acc);
        return;
      }
      Value index = b.createOrFold<arith::AddIOp>(
          loc, b.createOrFold<arith::MulIOp>(loc, split, red.numOutputs), p);
      memref::StoreOp::create(b, loc, acc, partials, index);
    });
  });
}

/// Second pass for columns: a thread per output combines its `splits`
/// partials in order, then the init.
void emitColumnFinalize(OpBuilder &b, Location loc, Reduction &red,
                        const Config &config, Value splits, Value partials) {
  Value blocks = b.createOrFold<arith::CeilDivUIOp>(
      loc, red.numOutputs, cst(b, loc, config.blockSize));
  Value grid =
      b.createOrFold<arith::MinUIOp>(loc, blocks, cst(b, loc, kMaxGrid));
  OpBuilder::InsertionGuard guard(b);
  gpu::LaunchOp launch = createLaunch(b, loc, grid, config.blockSize);
  Value first = b.createOrFold<arith::AddIOp>(
      loc,
      b.createOrFold<arith::MulIOp>(loc, launch.getBlockIds().x,
                                    cst(b, loc, config.blockSize)),
      launch.getThreadIds().x);
  Value stride = b.createOrFold<arith::MulIOp>(loc, launch.getGridSize().x,
                                               cst(b, loc, config.blockSize));
  auto loop = scf::ForOp::create(b, loc, first, red.numOutputs, stride);
  b.setInsertionPointToStart(loop.getBody());
  Value p = loop.getInductionVar();
  auto combineSplits = scf::ForOp::create(
      b, loc, cst(b, loc, 0), splits, cst(b, loc, 1),
      ValueRange{red.combiner.neutralValue(b, loc)},
      [&](OpBuilder &lb, Location, Value s, ValueRange carried) {
        Value index = arith::AddIOp::create(
            lb, loc, arith::MulIOp::create(lb, loc, s, red.numOutputs), p);
        Value partial = memref::LoadOp::create(lb, loc, partials, index);
        scf::YieldOp::create(
            lb, loc, red.combiner.combine(lb, loc, carried[0], partial));
      });
  storeResult(b, loc, red, outputIvs(b, loc, red, p),
              combineSplits.getResult(0));
}

//===----------------------------------------------------------------------===//
// Column tiles: one kernel, the reduced extent split over warps and a
// cluster's blocks
//===----------------------------------------------------------------------===//

/// `accs` (one per element of a vector of `width` consecutive outputs along
/// loop `inner`) combined with the reduced elements (linear over the
/// reduced loops) start, start + stride, ... below end, for the outputs at
/// `outputIvs`, unrolled `unroll` times (foldStrided).
SmallVector<Value> accumulateColumns(OpBuilder &b, Location loc, Reduction &red,
                                     ArrayRef<Value> outputIvs, Value start,
                                     int64_t end, int64_t stride, int64_t width,
                                     unsigned inner, int64_t unroll,
                                     ValueRange accs) {
  BlockArgument accArg = red.op.getBlock()->getArguments().back();
  auto load = [&](OpBuilder &lb, Value k) {
    return loadGroup(lb, loc, red, groupIvs(lb, loc, red, outputIvs, k, 1),
                     width, inner);
  };
  auto fold = [&](OpBuilder &lb, ArrayRef<ElementGroup> groups,
                  ValueRange carried) {
    SmallVector<Value> next(carried);
    for (const ElementGroup &group : groups) {
      for (int64_t j = 0; j < width; ++j) {
        IRMapping mapping = group.mappings[j];
        mapping.map(accArg, next[j]);
        next[j] = cloneBody(lb, red.op, group.ivs[j], mapping)[0];
      }
    }
    return next;
  };
  return foldStrided(b, loc, start, cst(b, loc, end), cst(b, loc, stride),
                     unroll, accs, load, fold);
}

/// How a column-tile kernel covers a column reduction.
struct ColumnTiles {
  int64_t width;   // consecutive outputs per thread (one vector load)
  int64_t outputs; // the number of outputs
  int64_t extent;  // the reduced elements per output
  int64_t cluster; // blocks per tile (a thread-block cluster when > 1)
};

/// Each block of `blockSize` threads covers a tile of 32 vectors of
/// `width` consecutive outputs: lane l of warp y owns vector l and reduces
/// the elements k = r * Y + y, r * Y + y + C * Y, ... where r is the
/// block's rank in its cluster of C blocks and Y the number of warps, so
/// a warp reads 32 consecutive vectors of one reduced element (one 512-byte
/// run for 16-byte vectors). The warps' partial results meet in shared
/// memory (a thread per output combines them in warp order); then each
/// block of the cluster finishes 1/C of the tile's outputs, reading the
/// blocks' partials through distributed shared memory in rank order, and
/// stores them. One kernel, deterministic, no partial results in global
/// memory.
void emitColumnTiles(OpBuilder &b, Location loc, Reduction &red,
                     const Config &config, const ColumnTiles &tiles) {
  constexpr int64_t lanes = 32;
  int64_t warps = config.blockSize / lanes;
  int64_t width = tiles.width, cluster = tiles.cluster;
  int64_t tileOutputs = lanes * width;
  int64_t vectors = tiles.outputs / width;
  int64_t numTiles = llvm::divideCeil(vectors, lanes);
  int64_t grid = std::min(numTiles, kMaxGrid / cluster) * cluster;
  MLIRContext *ctx = b.getContext();
  auto workgroup =
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  Type acc = red.accType();
  auto partialsType = MemRefType::get({warps * tileOutputs}, acc,
                                      MemRefLayoutAttrInterface(), workgroup);
  auto totalsType = MemRefType::get({tileOutputs}, acc,
                                    MemRefLayoutAttrInterface(), workgroup);
  OpBuilder::InsertionGuard guard(b);
  gpu::LaunchOp launch =
      createLaunch(b, loc, cst(b, loc, grid), config.blockSize,
                   TypeRange{partialsType, totalsType}, cluster);
  Value partials = launch.getWorkgroupAttributions()[0];
  Value totals = launch.getWorkgroupAttributions()[1];
  Value tid = launch.getThreadIds().x;
  Value lane = arith::RemUIOp::create(b, loc, tid, cst(b, loc, lanes));
  Value warp = arith::DivUIOp::create(b, loc, tid, cst(b, loc, lanes));
  Value first = launch.getBlockIds().x, step = launch.getGridSize().x;
  Value rank = cst(b, loc, 0);
  if (cluster > 1) {
    rank = arith::RemUIOp::create(b, loc, first, cst(b, loc, cluster));
    first = arith::DivUIOp::create(b, loc, first, cst(b, loc, cluster));
    step = arith::DivUIOp::create(b, loc, step, cst(b, loc, cluster));
  }
  auto barrier = [&] {
    if (cluster > 1)
      clusterBarrier(b, loc);
    else
      gpu::BarrierOp::create(b, loc);
  };
  unsigned inner = red.parallelDims.back();
  auto loop = scf::ForOp::create(b, loc, first, cst(b, loc, numTiles), step);
  b.setInsertionPointToStart(loop.getBody());
  Value tile = loop.getInductionVar();
  // The thread's vector; lanes past the last one reduce vector 0's
  // elements (valid reads) and their results are never stored.
  Value vector = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, tile, cst(b, loc, lanes)), lane);
  if (vectors % lanes != 0)
    vector = arith::SelectOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, vector,
                              cst(b, loc, vectors)),
        vector, cst(b, loc, 0));
  SmallVector<Value> ivs = outputIvs(
      b, loc, red, arith::MulIOp::create(b, loc, vector, cst(b, loc, width)));
  Value start = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, rank, cst(b, loc, warps)), warp);
  SmallVector<Value> neutral(width, red.combiner.neutralValue(b, loc));
  SmallVector<Value> accs =
      accumulateColumns(b, loc, red, ivs, start, tiles.extent, cluster * warps,
                        width, inner, kColumnTileUnroll, neutral);
  // partials[warp][lane * width + j]
  Value row = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, warp, cst(b, loc, tileOutputs)),
      arith::MulIOp::create(b, loc, lane, cst(b, loc, width)));
  for (int64_t j = 0; j < width; ++j)
    memref::StoreOp::create(
        b, loc, accs[j], partials,
        ValueRange{b.createOrFold<arith::AddIOp>(loc, row, cst(b, loc, j))});
  gpu::BarrierOp::create(b, loc);
  // Thread t handles outputs t, t + blockSize, ... below `count` (a
  // tile may have more outputs than the block has threads).
  auto forOutputs = [&](int64_t count,
                        function_ref<void(OpBuilder &, Value)> body) {
    if (count <= config.blockSize) {
      Value owner = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          tid, cst(b, loc, count));
      emitIf(b, loc, owner, [&](OpBuilder &b) { body(b, tid); });
      return;
    }
    auto loop = scf::ForOp::create(b, loc, tid, cst(b, loc, count),
                                   cst(b, loc, config.blockSize));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    body(b, loop.getInductionVar());
  };
  // The block's total of each of the tile's outputs, warps in order.
  forOutputs(tileOutputs, [&](OpBuilder &b, Value o) {
    Value total;
    for (int64_t w = 0; w < warps; ++w) {
      Value partial =
          memref::LoadOp::create(b, loc, partials,
                                 ValueRange{b.createOrFold<arith::AddIOp>(
                                     loc, o, cst(b, loc, w * tileOutputs))});
      total = total ? red.combiner.combine(b, loc, total, partial) : partial;
    }
    memref::StoreOp::create(b, loc, total, totals, ValueRange{o});
  });
  barrier();
  // This block's share of the tile's outputs, the blocks' totals combined
  // in rank order.
  int64_t share = tileOutputs / cluster;
  forOutputs(share, [&](OpBuilder &b, Value t) {
    Value o = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, rank, cst(b, loc, share)), t);
    Value total;
    for (int64_t r = 0; r < cluster; ++r) {
      Value part = cluster > 1
                       ? loadFromClusterBlock(b, loc, totals, o, cst(b, loc, r))
                       : memref::LoadOp::create(b, loc, totals, ValueRange{o})
                             .getResult();
      total = total ? red.combiner.combine(b, loc, total, part) : part;
    }
    Value output = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, tile, cst(b, loc, tileOutputs)),
        o);
    Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          output, cst(b, loc, tiles.outputs));
    emitIf(b, loc, inRange, [&](OpBuilder &b) {
      storeResult(b, loc, red, outputIvs(b, loc, red, output), total);
    });
  });
  // No block overwrites its partials or totals while others read them.
  barrier();
}

/// Inputs of at least this many bytes, in elements of 32 bits or more,
/// keep the split kernel: it streams such columns about 3 % faster than
/// the tiles (H200, a float32 column sum of 16384x16384 in three runs:
/// 0.250-0.255 ms against 0.258-0.263), more than its second kernel
/// (a few microseconds) costs past about 100 us of reading. Below it, and
/// for narrower elements (which the split kernel reads 1 or 2 bytes per
/// thread at a time), the tiles win: 8192x4096 float32 94-97 % of the
/// copy bandwidth against 102-103 %, a bfloat16 sum over the middle axis
/// of 64x2048x256 81-88 % against 99-113 %.
constexpr int64_t kSplitColumnBytes = int64_t(400) << 20;

/// The column tiles for `red` when they fill the GPU in one kernel:
/// static sizes, a cluster of at most `maxClusterSize` blocks per tile
/// (as many as `target-blocks` asks for, each warp keeping at least 16
/// elements to reduce), and at least a quarter of `target-blocks` blocks
/// (one per SM) in all; not for inputs of `kSplitColumnBytes` or more in
/// 32-bit or wider elements. Otherwise nullopt: the split kernel and its
/// second pass.
std::optional<ColumnTiles> planColumnTiles(Reduction &red,
                                           const Config &config) {
  std::optional<int64_t> outputs = getConstantIntValue(red.numOutputs);
  std::optional<int64_t> extent = getConstantIntValue(red.extent);
  if (!outputs || !extent || config.blockSize % 32 != 0)
    return std::nullopt;
  int64_t bits = 0;
  for (Value input : red.op.getDpsInputs())
    if (auto type = dyn_cast<MemRefType>(input.getType()))
      bits = std::max<int64_t>(bits, type.getElementTypeBitWidth());
  if (bits >= 32 && *outputs * *extent * (bits / 8) >= kSplitColumnBytes)
    return std::nullopt;
  int64_t width = vectorWidth(red, red.parallelDims.back());
  // A thread's vector must not straddle two outputs' rows.
  if (*outputs % width != 0)
    return std::nullopt;
  int64_t warps = config.blockSize / 32;
  int64_t numTiles = llvm::divideCeil(*outputs / width, 32);
  int64_t wanted = llvm::divideCeil(config.targetBlocks, numTiles);
  int64_t useful = std::max<int64_t>(1, *extent / (warps * 16));
  int64_t cluster = 1;
  while (cluster * 2 <= std::min({wanted, useful, config.maxClusterSize}))
    cluster *= 2;
  if (numTiles * cluster * 4 < config.targetBlocks &&
      cluster < std::min(wanted, useful))
    return std::nullopt;
  return ColumnTiles{width, *outputs, *extent, cluster};
}

void mapColumns(OpBuilder &b, Location loc, Reduction &red,
                const Config &config) {
  Value columnBlocks = b.createOrFold<arith::CeilDivUIOp>(
      loc, red.numOutputs, cst(b, loc, config.blockSize));
  Value wanted = b.createOrFold<arith::CeilDivUIOp>(
      loc, cst(b, loc, config.targetBlocks), columnBlocks);
  // At least 64 reduced elements per split.
  Value useful =
      b.createOrFold<arith::DivUIOp>(loc, red.extent, cst(b, loc, 64));
  Value splits =
      atLeastOne(b, loc, b.createOrFold<arith::MinUIOp>(loc, wanted, useful));
  if (getConstantIntValue(splits) == 1) {
    emitColumnKernel(b, loc, red, config, splits, Value());
    return;
  }
  Value partials = allocPartials(
      b, loc, red, b.createOrFold<arith::MulIOp>(loc, red.numOutputs, splits));
  emitColumnKernel(b, loc, red, config, splits, partials);
  emitColumnFinalize(b, loc, red, config, splits, partials);
  memref::DeallocOp::create(b, loc, partials);
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

/// Whether `op` leaves buffers alone (allocations, constants, index math).
bool touchesNoBuffer(Operation *op) {
  return isa<memref::AllocOp, memref::AllocaOp>(op) || isPure(op);
}

/// The fill just before `op` (only allocations and pure ops between) of
/// exactly `op`'s output with a constant: a linalg.fill, or the generic
/// form that yields its one scalar input. Returns the fill and the value.
std::optional<std::pair<Operation *, TypedAttr>>
findInitFill(linalg::GenericOp op) {
  Value out = op.getDpsInits()[0];
  Operation *prev = op->getPrevNode();
  while (prev && touchesNoBuffer(prev))
    prev = prev->getPrevNode();
  if (!prev)
    return std::nullopt;
  Value value, dest;
  if (auto fill = dyn_cast<linalg::FillOp>(prev)) {
    value = fill.getInputs()[0];
    dest = fill.getOutputs()[0];
  } else if (auto generic = dyn_cast<linalg::GenericOp>(prev)) {
    if (generic.getNumDpsInputs() != 1 || generic.getNumDpsInits() != 1 ||
        isa<ShapedType>(generic.getDpsInputs()[0].getType()))
      return std::nullopt;
    auto yield = cast<linalg::YieldOp>(generic.getBlock()->getTerminator());
    if (yield.getValues()[0] != generic.getBlock()->getArgument(0))
      return std::nullopt;
    value = generic.getDpsInputs()[0];
    dest = generic.getDpsInits()[0];
  } else {
    return std::nullopt;
  }
  TypedAttr attr;
  if (dest != out || !matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  return std::make_pair(prev, attr);
}

/// Whether `value` is available before `op`, after moving the pure ops it
/// comes from (in `op`'s block, after `op`) up before `op` if need be.
bool makeAvailableBefore(Value value, Operation *op, int depth = 0) {
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != op->getBlock() || def->isBeforeInBlock(op))
    return true;
  if (depth > 8 || !isPure(def) || def->getNumRegions() != 0)
    return false;
  for (Value operand : def->getOperands())
    if (!makeAvailableBefore(operand, op, depth + 1))
      return false;
  def->moveBefore(op);
  return true;
}

/// The elementwise op right after `op` (only allocations and pure ops
/// between) that reads `op`'s output, a buffer of its own that nothing
/// else uses but deallocations, and writes another buffer of the same
/// shape, both through identity maps. `fill` (may be null) is the
/// output's init fill, folded into `op`.
linalg::GenericOp findEpilogue(linalg::GenericOp op, Operation *fill) {
  Value out = op.getDpsInits()[0];
  auto outType = cast<MemRefType>(out.getType());
  if (!out.getDefiningOp<memref::AllocOp>())
    return {};
  Operation *next = op->getNextNode();
  while (next && touchesNoBuffer(next))
    next = next->getNextNode();
  auto epilogue = dyn_cast_if_present<linalg::GenericOp>(next);
  if (!epilogue || epilogue.getNumDpsInputs() != 1 ||
      epilogue.getNumDpsInits() != 1 || epilogue.getNumReductionLoops() != 0 ||
      epilogue.getDpsInputs()[0] != out ||
      !epilogue.getBlock()->getOps<linalg::IndexOp>().empty() ||
      !epilogue.getBlock()->getArgument(1).use_empty())
    return {};
  Value result = epilogue.getDpsInits()[0];
  auto resultType = dyn_cast<MemRefType>(result.getType());
  if (!resultType || resultType.getShape() != outType.getShape() ||
      rootBuffer(result) == out ||
      !llvm::all_of(epilogue.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }))
    return {};
  // The final store writes the epilogue's buffer where `op` is: the buffer
  // must exist there (an allocation between the two moves up).
  if (Operation *def = result.getDefiningOp();
      def && def->getBlock() == op->getBlock() && op->isBeforeInBlock(def) &&
      !(isa<memref::AllocOp>(def) &&
        llvm::all_of(def->getOperands(), [&](Value size) {
          Operation *sizeDef = size.getDefiningOp();
          return !sizeDef || sizeDef->getBlock() != op->getBlock() ||
                 sizeDef->isBeforeInBlock(op);
        })))
    return {};
  for (Operation *user : out.getUsers())
    if (user != op && user != epilogue && user != fill &&
        !isa<memref::DeallocOp>(user))
      return {};
  // Its body runs where `op` is: what it uses from outside must be there.
  bool available = true;
  epilogue.getBlock()->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands())
      if (!epilogue.getRegion().isAncestor(operand.getParentRegion()) &&
          !makeAvailableBefore(operand, op))
        available = false;
  });
  if (!available)
    return {};
  return epilogue;
}

/// True when the kept dimension that varies fastest in linear output order
/// is the contiguous index of the (first) input: the column layout.
bool isColumnLayout(Reduction &red) {
  if (red.parallelDims.empty())
    return false;
  for (OpOperand *input : red.op.getDpsInputOperands()) {
    if (!isa<MemRefType>(input->get().getType()))
      continue;
    return readsDimContiguously(red.op.getMatchingIndexingMap(input),
                                red.parallelDims.back());
  }
  return false;
}

/// The reduction `op` as this pass maps it, or nullopt if it is left to
/// array-gpu-map-linalg.
std::optional<Reduction> analyze(OpBuilder &b, linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumReductionLoops() == 0)
    return std::nullopt;
  std::optional<Combiner> combiner = matchCombiner(op);
  if (!combiner)
    return std::nullopt;
  // Threads read inputs while others write the output: they must not
  // share memory.
  Value outRoot = rootBuffer(op.getDpsInits()[0]);
  for (Value input : op.getDpsInputs())
    if (isa<MemRefType>(input.getType()) && rootBuffer(input) == outRoot)
      return std::nullopt;
  // The output must be indexed by kept dimensions only.
  AffineMap outMap = op.getMatchingIndexingMap(&op.getDpsInitsMutable()[0]);
  SmallVector<unsigned> reductionDims;
  op.getReductionDims(reductionDims);
  for (unsigned dim : reductionDims)
    if (outMap.isFunctionOfDim(dim))
      return std::nullopt;

  Reduction red{op, *combiner, {}, {}, reductionDims, {}, {}, {}, {}};
  Location loc = op.getLoc();
  auto linalgOp = cast<linalg::LinalgOp>(op.getOperation());
  for (Range range : linalgOp.createLoopRanges(b, loc))
    red.sizes.push_back(getValueOrCreateConstantIndexOp(b, loc, range.size));
  op.getParallelDims(red.parallelDims);
  for (unsigned dim : red.parallelDims)
    red.parallelSizes.push_back(red.sizes[dim]);
  for (unsigned dim : red.reductionDims)
    red.reductionSizes.push_back(red.sizes[dim]);
  red.numOutputs = product(b, loc, red.parallelSizes);
  red.extent = product(b, loc, red.reductionSizes);
  std::optional<int64_t> extent = getConstantIntValue(red.extent);
  if (extent && *extent <= kMinCooperativeExtent)
    return std::nullopt;
  return red;
}

struct ArrayGpuReductionsPass
    : array::impl::ArrayGpuReductionsBase<ArrayGpuReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize < 32 || blockSize > 1024 || blockSize % 32 != 0 ||
        targetBlocks <= 0 || unroll <= 0) {
      getOperation().emitError(
          "array-gpu-reductions: block-size must be a multiple of 32 in "
          "[32, 1024], target-blocks and unroll positive");
      return signalPassFailure();
    }
    Config config{blockSize, targetBlocks, unroll, maxClusterSize};
    SmallVector<linalg::GenericOp> ops;
    getOperation().walk([&](linalg::GenericOp op) {
      if (!op->getParentOfType<gpu::LaunchOp>())
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    DenseSet<Operation *> erased;
    for (linalg::GenericOp op : ops) {
      if (erased.contains(op))
        continue;
      rewriter.setInsertionPoint(op);
      // Sizes are materialized before knowing whether the op is taken;
      // unused ones fold away in the canonicalizations that follow.
      std::optional<Reduction> red = analyze(rewriter, op);
      if (!red)
        continue;
      std::optional<std::pair<Operation *, TypedAttr>> fill = findInitFill(op);
      if (fill)
        red->initValue = fill->second;
      red->epilogue = findEpilogue(op, fill ? fill->first : nullptr);
      if (red->epilogue)
        if (Operation *def = red->epilogue.getDpsInits()[0].getDefiningOp();
            def && def->getBlock() == op->getBlock() &&
            op->isBeforeInBlock(def))
          def->moveBefore(op);
      Location loc = op.getLoc();
      Value nonEmpty = rewriter.createOrFold<arith::CmpIOp>(
          loc, arith::CmpIPredicate::ugt, red->numOutputs,
          cst(rewriter, loc, 0));
      emitIf(rewriter, loc, nonEmpty, [&](OpBuilder &b) {
        std::optional<int64_t> outputs = getConstantIntValue(red->numOutputs);
        if (isColumnLayout(*red) && !(outputs && *outputs < 32)) {
          if (std::optional<ColumnTiles> tiles = planColumnTiles(*red, config))
            emitColumnTiles(b, loc, *red, config, *tiles);
          else
            mapColumns(b, loc, *red, config);
        } else
          mapRows(b, loc, *red, config);
      });
      Value out = op.getDpsInits()[0];
      rewriter.eraseOp(op);
      if (fill) {
        erased.insert(fill->first);
        rewriter.eraseOp(fill->first);
      }
      if (red->epilogue) {
        erased.insert(red->epilogue);
        rewriter.eraseOp(red->epilogue);
        // Without a folded fill the kernel still reads the init from the
        // output buffer; otherwise nothing reads it any more.
        if (llvm::all_of(out.getUsers(), llvm::IsaPred<memref::DeallocOp>)) {
          for (Operation *user : llvm::make_early_inc_range(out.getUsers()))
            rewriter.eraseOp(user);
          rewriter.eraseOp(out.getDefiningOp());
        }
      }
    }
  }
};

} // namespace
