//===- KernelPlan.cpp - How fused groups become GPU kernels ---------------===//

#include "KernelPlan.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::array::gpu_utils;

namespace mlir::array::kernel_plan {

int64_t rowSize(MemRefType type, unsigned rowDims) {
  int64_t size = 1;
  for (int64_t dim : type.getShape().drop_front(rowDims))
    size *= dim;
  return size;
}

namespace {

/// The product of the first `count` of `sizes`.
int64_t prefixProduct(ArrayRef<int64_t> sizes, unsigned count) {
  int64_t product = 1;
  for (int64_t size : sizes.take_front(count))
    product *= size;
  return product;
}

/// The reassociation that views an operand accessed through `map` with the
/// results for loops 0 .. rowLoops - 1 (consecutive, by
/// canCollapseRowLoops) as one dimension.
SmallVector<ReassociationIndices> rowReassociation(AffineMap map,
                                                   unsigned rowLoops) {
  SmallVector<ReassociationIndices> reassociation;
  for (unsigned i = 0; i < map.getNumResults(); ++i) {
    auto dim = dyn_cast<AffineDimExpr>(map.getResult(i));
    if (dim && dim.getPosition() > 0 && dim.getPosition() < rowLoops &&
        !reassociation.empty())
      reassociation.back().push_back(i);
    else
      reassociation.push_back({static_cast<int64_t>(i)});
  }
  return reassociation;
}

/// For collapsing loops 0 .. rowLoops - 1 of `op` into one: whether every
/// indexing map keeps them together and in order, and every buffer can be
/// viewed with the matching dimensions collapsed.
bool canCollapseRowLoops(linalg::GenericOp op, unsigned rowLoops) {
  if (rowLoops == 1)
    return true;
  ReassociationIndices rowDims =
      llvm::to_vector(llvm::seq<int64_t>(0, rowLoops));
  // The body may not ask for loop indices (they would change).
  if (!op.getBody()->getOps<linalg::IndexOp>().empty())
    return false;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    // An input may use the row loops apart (a mask broadcast over the
    // leading axes): it is read at the row index split back into them.
    if (!linalg::isDimSequencePreserved(map, rowDims)) {
      if (op.isDpsInit(&operand))
        return false;
      continue;
    }
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type)
      continue;
    SmallVector<ReassociationIndices> reassociation =
        rowReassociation(map, rowLoops);
    if (reassociation.size() != map.getNumResults() &&
        !memref::CollapseShapeOp::isGuaranteedCollapsible(type, reassociation))
      return false;
  }
  return true;
}

} // namespace

/// The op as a row op, if its leading (row) loops are parallel and every
/// other loop is either reduced (with a recognized combiner) or of size 1
/// next to reductions, all sizes static.
FailureOr<RowOp> asRowOp(linalg::GenericOp op, std::string &whyNot,
                         std::optional<int64_t> rows) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() == 0) {
    whyNot = "not a loop nest on buffers";
    return failure();
  }
  if (op.getNumDpsInits() != 1) {
    whyNot =
        llvm::formatv("{0} outputs, a row op has one", op.getNumDpsInits());
    return failure();
  }
  RowOp row{op, op.getStaticLoopRanges(), 1, std::nullopt};
  bool dynamic = llvm::any_of(row.ranges, ShapedType::isDynamic) ||
                 llvm::any_of(op->getOperandTypes(), [](Type type) {
                   auto memref = dyn_cast<MemRefType>(type);
                   return memref && !memref.hasStaticShape();
                 });
  if (dynamic) {
    whyNot = "dynamic sizes (row kernels need static shapes)";
    return failure();
  }
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (!linalg::isParallelIterator(iterators[0])) {
    whyNot = "loop 0 is a reduction (no rows)";
    return failure();
  }
  unsigned rank = row.ranges.size();
  if (op.getNumReductionLoops() > 0) {
    row.combiner = matchCombiner(op);
    if (!row.combiner) {
      whyNot = "a reduction whose body is not a recognized combiner";
      return failure();
    }
    // The rows: the parallel loops before the first reduced one, less the
    // loops of size 1 right before it.
    unsigned first = 0;
    while (linalg::isParallelIterator(iterators[first]))
      ++first;
    row.rowLoops = first;
    while (row.rowLoops > 1 && row.ranges[row.rowLoops - 1] == 1)
      --row.rowLoops;
    for (unsigned dim = first; dim < rank; ++dim)
      if (linalg::isParallelIterator(iterators[dim]) && row.ranges[dim] != 1) {
        whyNot = llvm::formatv("loop {0} is parallel after a reduced loop "
                               "(not a reduction over whole rows)",
                               dim);
        return failure();
      }
  } else if (rows) {
    // As many leading loops as make `rows` rows.
    unsigned count = 1;
    while (count < rank && prefixProduct(row.ranges, count) != *rows)
      ++count;
    row.rowLoops = count;
  } else {
    // Rows of the last loop (loops of size 1 before it included).
    row.rowLoops = 1;
    while (
        row.rowLoops + 1 < rank &&
        llvm::any_of(
            ArrayRef(row.ranges).slice(row.rowLoops, rank - 1 - row.rowLoops),
            [](int64_t size) { return size != 1; }))
      ++row.rowLoops;
  }
  if (!canCollapseRowLoops(op, row.rowLoops)) {
    whyNot = llvm::formatv("its {0} row loops cannot be collapsed into one "
                           "(a buffer's layout or an indexing map keeps them "
                           "apart)",
                           row.rowLoops);
    return failure();
  }
  for (int64_t size : ArrayRef(row.ranges).drop_front(row.rowLoops))
    row.innerSize *= size;
  return row;
}

FailureOr<RowOp> collapseRowLoops(RewriterBase &rewriter, const RowOp &row) {
  if (row.rowLoops == 1)
    return row;
  linalg::GenericOp op = row.op;
  unsigned k = row.rowLoops;
  unsigned rank = row.ranges.size();
  MLIRContext *context = op.getContext();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  // d0 .. d(k-1) -> d0, d(j) -> d(j - k + 1).
  SmallVector<AffineExpr> replacements;
  for (unsigned j = 0; j < rank; ++j)
    replacements.push_back(getAffineDimExpr(j < k ? 0 : j - k + 1, context));
  // For maps that use the row loops apart: d(j) -> (d0 floordiv the
  // product of the later row loops' sizes) mod its size.
  SmallVector<AffineExpr> split;
  for (unsigned j = 0; j < rank; ++j) {
    if (j >= k) {
      split.push_back(getAffineDimExpr(j - k + 1, context));
      continue;
    }
    int64_t stride = 1;
    for (unsigned later = j + 1; later < k; ++later)
      stride *= row.ranges[later];
    AffineExpr index = getAffineDimExpr(0, context).floorDiv(stride);
    split.push_back(j == 0 ? index : index % row.ranges[j]);
  }
  ReassociationIndices rowDims =
      llvm::to_vector(llvm::seq<int64_t>(0, k));
  SmallVector<Value> operands;
  SmallVector<AffineMap> maps;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    Value value = operand.get();
    if (!linalg::isDimSequencePreserved(map, rowDims)) {
      operands.push_back(value);
      maps.push_back(map.replaceDimsAndSymbols(split, {}, rank - k + 1, 0));
      continue;
    }
    SmallVector<AffineExpr> results;
    auto type = dyn_cast<MemRefType>(value.getType());
    SmallVector<ReassociationIndices> reassociation = rowReassociation(map, k);
    for (ReassociationIndices &group : reassociation)
      results.push_back(map.getResult(group.front()).replaceDims(replacements));
    if (type && reassociation.size() != map.getNumResults())
      value =
          memref::CollapseShapeOp::create(rewriter, loc, value, reassociation);
    operands.push_back(value);
    maps.push_back(AffineMap::get(rank - k + 1, 0, results, context));
  }
  SmallVector<utils::IteratorType> iterators = {utils::IteratorType::parallel};
  llvm::append_range(iterators,
                     ArrayRef(op.getIteratorTypesArray()).drop_front(k));
  unsigned numInputs = op.getNumDpsInputs();
  auto collapsed = linalg::GenericOp::create(
      rewriter, loc, TypeRange(), ValueRange(operands).take_front(numInputs),
      ValueRange(operands).drop_front(numInputs), maps, iterators);
  rewriter.inlineRegionBefore(op.getRegion(), collapsed.getRegion(),
                              collapsed.getRegion().begin());
  collapsed->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  rewriter.eraseOp(op);
  std::string whyNot;
  return asRowOp(collapsed, whyNot, prefixProduct(row.ranges, k));
}

std::optional<std::pair<Value, AffineMap>>
columnOrderKey(Value value, AffineMap map, ArrayRef<int64_t> ranges) {
  auto type = cast<MemRefType>(value.getType());
  bool rowIndexed = map.isFunctionOfDim(0);
  if (!type.getLayout().isIdentity() || !hasAllocationBase(value) ||
      (rowIndexed && !isRowIndexed(map)) ||
      !isRowLinear(map, type.getShape(), ranges, rowIndexed))
    return std::nullopt;
  return std::make_pair(rootBuffer(value), AffineMap::get(rowIndexed ? 1 : 0, 0,
                                                          map.getContext()));
}

bool isRowLinear(AffineMap map, ArrayRef<int64_t> shape,
                 ArrayRef<int64_t> ranges, bool rowIndexed, unsigned rowLoops) {
  SmallVector<unsigned> loops;
  for (unsigned dim = rowLoops; dim < ranges.size(); ++dim)
    if (ranges[dim] != 1)
      loops.push_back(dim);
  SmallVector<unsigned> accessed;
  for (auto [index, expr] : llvm::enumerate(map.getResults())) {
    if (rowIndexed && index < rowLoops)
      continue;
    if (shape[index] == 1)
      continue;
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim || dim.getPosition() < rowLoops ||
        ranges[dim.getPosition()] != shape[index])
      return false;
    accessed.push_back(dim.getPosition());
  }
  return accessed == loops;
}

bool isRowIndexed(AffineMap map, unsigned rowLoops) {
  if (map.getNumResults() < rowLoops)
    return false;
  for (unsigned i = 0; i < rowLoops; ++i)
    if (map.getResult(i) != getAffineDimExpr(i, map.getContext()))
      return false;
  return llvm::none_of(map.getResults().drop_front(rowLoops),
                       [&](AffineExpr expr) {
                         for (unsigned i = 0; i < rowLoops; ++i)
                           if (expr.isFunctionOfDim(i))
                             return true;
                         return false;
                       });
}

namespace {

/// Checks that every access of the group reads or writes what the row
/// model says: buffers written in the group are row-major views of
/// buffers with `rows` rows, accessed at the row being computed, either
/// whole rows in column order or one value per row. Other buffers are
/// only read, with any indexing.
LogicalResult verifyAccesses(const Group &group, const DenseSet<Value> &written,
                             std::string &whyNot) {
  for (const RowOp &row : group.ops) {
    linalg::GenericOp op = row.op;
    DenseSet<Value> inputRoots;
    for (OpOperand *input : op.getDpsInputOperands())
      if (isa<MemRefType>(input->get().getType()))
        inputRoots.insert(rootBuffer(input->get()));
    for (OpOperand &operand : op->getOpOperands()) {
      auto type = dyn_cast<MemRefType>(operand.get().getType());
      if (!type)
        continue;
      Value root = rootBuffer(operand.get());
      if (!written.contains(root))
        continue;
      auto fail = [&](StringRef what) {
        whyNot = llvm::formatv(
            "operand {0} of a {1}: {2}", operand.getOperandNumber(),
            row.combiner ? "reduction" : "elementwise op", what);
        return failure();
      };
      auto rootType = dyn_cast<MemRefType>(root.getType());
      if (!rootType || !rootType.hasStaticShape() ||
          !rootType.getLayout().isIdentity() ||
          !type.getLayout().isIdentity() || !hasAllocationBase(operand.get()))
        return fail("a buffer the group writes is not a row-major "
                    "allocation");
      unsigned k = row.rowLoops;
      if (type.getRank() < k || rootType.getRank() < k ||
          prefixProduct(type.getShape(), k) != group.rows ||
          type.getShape().take_front(k) != ArrayRef(row.ranges).take_front(k) ||
          rootType.getShape().take_front(k) != type.getShape().take_front(k))
        return fail("a buffer the group writes does not have the group's "
                    "rows");
      AffineMap map = op.getMatchingIndexingMap(&operand);
      if (!isRowIndexed(map, k))
        return fail("not accessed at the row being computed");
      int64_t size = rowSize(type, k);
      if (size != 1 && size != group.rowLength)
        return fail("rows of another length");
      if (size != 1 &&
          (row.innerSize != size ||
           !isRowLinear(map, type.getShape(), row.ranges, true, k)))
        return fail("a row not accessed in column order");
      bool isOutput = op.isDpsInit(&operand);
      if (isOutput && row.combiner && (size != 1 || inputRoots.contains(root)))
        return fail("a reduction into whole rows or into its own input");
      if (isOutput && !row.combiner && size != row.innerSize)
        return fail("an elementwise op writing per-row values of whole "
                    "rows");
    }
  }
  return success();
}

/// The elements a thread moves per access of a row of `rowLength`: 4, or
/// the largest power of two below it that divides the row.
int64_t groupWidth(int64_t rowLength) {
  int64_t width = 4;
  while (rowLength % width != 0)
    width /= 2;
  return width;
}

/// How threads cover a row of the group, or nullopt if a row is too long
/// for registers.
std::optional<RowLayout> chooseLayout(const Group &group,
                                      const RowPlanOptions &options) {
  int64_t width = groupWidth(group.rowLength);
  int64_t numGroups = group.rowLength / width;
  int64_t perThread = std::max<int64_t>(1, options.elementsPerThread / width);
  int64_t threads = llvm::divideCeil(numGroups, perThread);
  if (threads <= 32) {
    // Narrow rows: a block of up to 256 threads over several rows, a row
    // on the fewest lanes (a power of two) that hold at most 4 groups
    // each, so that rows of 64 do not leave half of a 32-thread block
    // idle and an SM is not limited to 32 blocks of 32 threads. Blocks
    // have at least 32 threads, the lanes past the last row store
    // nothing.
    int64_t lanes = std::min<int64_t>(
        32, llvm::PowerOf2Ceil(llvm::divideCeil(
                numGroups, std::min<int64_t>(perThread, 4))));
    int64_t rowsPerBlock = std::clamp<int64_t>(
        llvm::PowerOf2Ceil(group.rows), 32 / lanes, 256 / lanes);
    int64_t groupsPerThread = llvm::divideCeil(numGroups, lanes);
    // A warp per row holding many columns keeps one row per block (as
    // below): measured slower with several such rows per block.
    bool narrow = lanes < 32 || groupsPerThread * width <= 16;
    if (narrow && rowsPerBlock > 1 &&
        groupsPerThread * width <= options.maxElementsPerThread)
      return RowLayout{lanes, width, groupsPerThread, numGroups, rowsPerBlock};
  }
  int64_t blockSize = std::clamp<int64_t>(llvm::alignTo(threads, 32), 32, 1024);
  int64_t groupsPerThread = llvm::divideCeil(numGroups, blockSize);
  if (groupsPerThread * width > options.maxElementsPerThread)
    return std::nullopt;
  return RowLayout{blockSize, width, groupsPerThread, numGroups};
}

/// True when `root` (a buffer the group writes) is read after the group,
/// so its rows must be written back: anything but a dealloc using it (or a
/// view of it) after the group's first op, outside the group. Allocations
/// outside the group's block count as read later (a loop may read them).
bool isReadAfter(Value root, Operation *first, Block *block,
                 const DenseSet<Operation *> &members) {
  auto alloc = root.getDefiningOp<memref::AllocOp>();
  if (!alloc || alloc->getBlock() != block)
    return true;
  return walkBufferUsers(root, [&](Operation *user) {
    if (isa<memref::DeallocOp>(user))
      return WalkResult::advance();
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (ancestor &&
        (members.contains(ancestor) || ancestor->isBeforeInBlock(first)))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
}

/// How threads stream a row too long for registers: blocks of 1024
/// threads (fewer for shorter rows), each step moving 16 bytes of the
/// widest element read or written in memory per column, per thread and
/// access
/// (width) and 16 elements per thread
/// in all, so that several loads are in flight.
RowLayout chooseStreamingLayout(const RowGroupPlan &plan) {
  const Group &group = plan.group;
  unsigned bits = 8;
  for (const RowOp &op : group.ops) {
    linalg::GenericOp generic = op.op;
    for (OpOperand &operand : generic->getOpOperands()) {
      auto type = dyn_cast<MemRefType>(operand.get().getType());
      // Buffers that stay in registers do not count.
      Value root = type ? rootBuffer(operand.get()) : Value();
      if (type && plan.written.contains(root) && !plan.kept.contains(root))
        continue;
      AffineMap map = generic.getMatchingIndexingMap(&operand);
      bool perColumn = llvm::any_of(
          llvm::seq<unsigned>(op.rowLoops, op.ranges.size()),
          [&](unsigned dim) {
            return op.ranges[dim] != 1 && map.isFunctionOfDim(dim);
          });
      if (type && perColumn)
        bits = std::max(bits, type.getElementTypeBitWidth());
    }
  }
  int64_t width = std::clamp<int64_t>(128 / bits, 1, 8);
  while (group.rowLength % width != 0)
    width /= 2;
  int64_t numGroups = group.rowLength / width;
  int64_t perStep = std::max<int64_t>(1, 16 / width);
  int64_t blockSize = std::clamp<int64_t>(
      llvm::alignTo(llvm::divideCeil(numGroups, perStep), 32), 32, 1024);
  return RowLayout{blockSize, width, perStep, numGroups};
}

/// Plans one run: one row kernel when it is worth one (a reduction over
/// whole rows and another op over whole rows), its accesses fit the row
/// model; in registers when a row fits there, else streamed.
void plan(RowGroupPlan &plan, const RowPlanOptions &options) {
  Group &group = plan.group;
  int64_t rowOps = llvm::count_if(group.ops, [&](const RowOp &op) {
    return op.innerSize == group.rowLength;
  });
  int64_t reductions = llvm::count_if(group.ops, [&](const RowOp &op) {
    return op.combiner && op.innerSize == group.rowLength;
  });
  if (group.rowLength == 1) {
    plan.reason = "no op over whole rows";
    return;
  }
  if (reductions == 0) {
    plan.reason = "no reduction over whole rows (elementwise only)";
    return;
  }
  if (rowOps < 2) {
    plan.reason = "a lone reduction";
    return;
  }
  DenseSet<Operation *> members;
  for (RowOp &op : group.ops) {
    plan.written.insert(rootBuffer(op.op.getDpsInits()[0]));
    members.insert(op.op);
  }
  Operation *first = group.ops.front().op;
  for (Value root : plan.written)
    if (isReadAfter(root, first, first->getBlock(), members))
      plan.kept.insert(root);
  std::string whyNot;
  if (failed(verifyAccesses(group, plan.written, whyNot))) {
    plan.reason = "accesses outside the row model: " + whyNot;
    return;
  }
  plan.layout = chooseLayout(group, options);
  // Too long for one block: split over a thread-block cluster, the fewest
  // blocks of at most `largestBlock` threads each holding at most
  // `maxElementsPerThread` elements (whole groups of the same width). Small
  // blocks let two or more clusters share an SM, one loading while another
  // waits on its exchanges (H200, 2026-12-04, same run, of the copy
  // bandwidth: a 262144-wide softmax 67 % with 16 blocks of 512, 56 % with
  // 8 of 1024, 47 % with 16 of 1024 holding 16 elements each; a 50304-wide
  // one 75 % with 4 blocks of 416, 74 % with 8 of 224; but a 262144-wide
  // RMS norm 85 % with 16 of 512 and 93 % with 16 of 1024 holding 16).
  auto split = [&](int64_t largestBlock, int64_t maxElements) {
    int64_t width = groupWidth(group.rowLength);
    int64_t perThread = std::max<int64_t>(1, maxElements / width);
    for (int64_t blocks = 2; !plan.layout && blocks <= options.maxClusterSize;
         blocks *= 2) {
      if ((group.rowLength / width) % blocks != 0)
        continue;
      int64_t numGroups = group.rowLength / width / blocks;
      int64_t blockSize = std::max<int64_t>(
          32, llvm::alignTo(llvm::divideCeil(numGroups, perThread), 32));
      if (blockSize > largestBlock)
        continue;
      int64_t groupsPerThread = llvm::divideCeil(numGroups, blockSize);
      RowLayout layout{blockSize, width, groupsPerThread, numGroups};
      layout.clusterSize = blocks;
      plan.layout = layout;
    }
  };
  // A row with one reduction (an RMS norm) waits on one exchange per row:
  // blocks of 1024 threads holding half as many elements each do better
  // there (262144 columns: 94-98 % of the copy bandwidth with 16 blocks of
  // 1024 x 16, 88-90 % with 16 of 512 x 32; a softmax 53-61 % and 84-91 %,
  // a layer norm 90 % either way; H200, 2026-12-04, same-run A/B).
  if (!plan.layout && reductions == 1)
    split(1024, options.maxElementsPerThread / 2);
  if (!plan.layout)
    split(options.clusterBlockSize, options.maxElementsPerThread);
  if (!plan.layout)
    split(1024, options.maxElementsPerThread);
  if (!plan.layout) {
    plan.strategy = RowStrategy::Streaming;
    plan.layout = chooseStreamingLayout(plan);
    plan.passes = planStreamPasses(group, plan.written);
    const RowLayout &layout = *plan.layout;
    bool storesRows = llvm::any_of(group.ops, [&](const RowOp &op) {
      return !op.combiner && op.innerSize == group.rowLength;
    });
    bool online = llvm::any_of(plan.passes,
                               [](const StreamPass &pass) { return pass.online; });
    plan.reason = llvm::formatv(
        "streaming row kernel: {0} rows x {1}, {2} ops ({3} reductions) in "
        "{4} over each row{5}{10}, block {6}, {7} x {8} "
        "elements per thread per step (a row needs more than {9} per thread "
        "in registers)",
        group.rows, group.rowLength, group.ops.size(), reductions,
        plan.passes.size() == 1 ? "1 pass"
                                : llvm::formatv("{0} passes", plan.passes.size())
                                      .str(),
        online ? " (online max and rescaled sum)" : "", layout.blockSize,
        layout.groupsPerThread, layout.width, options.maxElementsPerThread,
        storesRows ? " and one storing it" : "");
    return;
  }
  const RowLayout &layout = *plan.layout;
  std::string block =
      layout.clusterSize > 1
          ? llvm::formatv("a cluster of {0} blocks of {1} per row",
                          layout.clusterSize, layout.blockSize)
                .str()
      : layout.rowsPerBlock == 1
          ? llvm::formatv("block {0}", layout.blockSize).str()
          : llvm::formatv("block {0} ({1} rows of {2} threads)",
                          layout.threads(), layout.rowsPerBlock,
                          layout.blockSize)
                .str();
  plan.reason = llvm::formatv(
      "row kernel: {0} rows x {1}, {2} ops ({3} reductions), {4}, "
      "{5} x {6} elements per thread in registers",
      group.rows, group.rowLength, group.ops.size(), reductions, block,
      layout.groupsPerThread, layout.width);
}

} // namespace

void generalizeFills(Operation *root) {
  SmallVector<linalg::FillOp> fills;
  root->walk([&](linalg::FillOp fill) {
    if (fill.hasPureBufferSemantics() &&
        !fill->getParentOfType<gpu::LaunchOp>())
      fills.push_back(fill);
  });
  IRRewriter rewriter(root->getContext());
  for (linalg::FillOp fill : fills) {
    rewriter.setInsertionPoint(fill);
    (void)linalg::generalizeNamedOp(rewriter, fill);
  }
}

SmallVector<Block *> planBlocks(Operation *root) {
  SmallVector<Block *> blocks;
  root->walk([&](Block *block) {
    if (!block->getParentOp()->getParentOfType<gpu::LaunchOp>() &&
        !isa<gpu::LaunchOp, linalg::GenericOp>(block->getParentOp()))
      blocks.push_back(block);
  });
  return blocks;
}

bool isTransparent(Operation *op) {
  return isa<memref::AllocOp, memref::ExpandShapeOp, memref::CollapseShapeOp,
             memref::CastOp, arith::ConstantOp>(op);
}

SmallVector<RowGroupPlan, 0> planRowGroups(Block *block,
                                        const RowPlanOptions &options) {
  SmallVector<RowGroupPlan, 0> plans;
  Group current;
  auto close = [&] {
    if (!current.ops.empty()) {
      plans.push_back(RowGroupPlan{current, std::nullopt, {}, {}});
      plan(plans.back(), options);
    }
    current = Group();
  };
  auto rowsOf = [](const RowOp &row) {
    return prefixProduct(row.ranges, row.rowLoops);
  };
  auto fits = [&](const RowOp &row) {
    return !current.ops.empty() && current.rows == rowsOf(row) &&
           (row.innerSize == 1 || current.rowLength == 1 ||
            row.innerSize == current.rowLength);
  };
  for (Operation &op : *block) {
    auto generic = dyn_cast<linalg::GenericOp>(op);
    if (!generic) {
      if (!isTransparent(&op))
        close();
      continue;
    }
    std::string whyNot;
    // An elementwise op takes the rows of the run it may join.
    FailureOr<RowOp> row = failure();
    if (!current.ops.empty())
      row = asRowOp(generic, whyNot, current.rows);
    if (failed(row) || !fits(*row))
      row = asRowOp(generic, whyNot);
    if (failed(row)) {
      close();
      continue;
    }
    if (!fits(*row)) {
      close();
      current.rows = rowsOf(*row);
    }
    current.rowLength = std::max(current.rowLength, row->innerSize);
    current.ops.push_back(*row);
  }
  close();
  return plans;
}

} // namespace mlir::array::kernel_plan
