//===- KernelPlan.cpp - How fused groups become GPU kernels ---------------===//

#include "KernelPlan.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::array::gpu_utils;

namespace mlir::array::kernel_plan {

int64_t rowSize(MemRefType type) {
  int64_t size = 1;
  for (int64_t dim : type.getShape().drop_front())
    size *= dim;
  return size;
}

/// The op as a row op, if its loop 0 is parallel and every other loop is
/// either reduced (with a recognized combiner) or of size 1 next to
/// reductions, all sizes static.
FailureOr<RowOp> asRowOp(linalg::GenericOp op, std::string &whyNot) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() == 0) {
    whyNot = "not a loop nest on buffers";
    return failure();
  }
  if (op.getNumDpsInits() != 1) {
    whyNot = llvm::formatv("{0} outputs, a row op has one",
                           op.getNumDpsInits());
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
  if (!linalg::isParallelIterator(op.getIteratorTypesArray()[0])) {
    whyNot = "loop 0 is a reduction (no rows)";
    return failure();
  }
  for (int64_t size : ArrayRef(row.ranges).drop_front())
    row.innerSize *= size;
  if (op.getNumReductionLoops() > 0) {
    row.combiner = matchCombiner(op);
    if (!row.combiner) {
      whyNot = "a reduction whose body is not a recognized combiner";
      return failure();
    }
    SmallVector<unsigned> parallelDims;
    op.getParallelDims(parallelDims);
    for (unsigned dim : parallelDims)
      if (dim != 0 && row.ranges[dim] != 1) {
        whyNot = llvm::formatv("loop {0} is parallel next to the reduction "
                               "(not a reduction over whole rows)",
                               dim);
        return failure();
      }
  }
  return row;
}

bool isRowLinear(AffineMap map, ArrayRef<int64_t> shape,
                 ArrayRef<int64_t> ranges, bool rowIndexed) {
  SmallVector<unsigned> loops;
  for (unsigned dim = 1; dim < ranges.size(); ++dim)
    if (ranges[dim] != 1)
      loops.push_back(dim);
  SmallVector<unsigned> accessed;
  for (auto [index, expr] : llvm::enumerate(map.getResults())) {
    if (rowIndexed && index == 0)
      continue;
    if (shape[index] == 1)
      continue;
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim || dim.getPosition() == 0 ||
        ranges[dim.getPosition()] != shape[index])
      return false;
    accessed.push_back(dim.getPosition());
  }
  return accessed == loops;
}

bool isRowIndexed(AffineMap map) {
  if (map.getNumResults() == 0 ||
      map.getResult(0) != getAffineDimExpr(0, map.getContext()))
    return false;
  return llvm::none_of(map.getResults().drop_front(),
                       [](AffineExpr expr) { return expr.isFunctionOfDim(0); });
}

namespace {

/// Checks that every access of the group reads or writes what the row
/// model says: buffers written in the group are row-major views of
/// buffers with `rows` rows, accessed at the row being computed, either
/// whole rows in column order or one value per row. Other buffers are
/// only read, with any indexing.
LogicalResult verifyAccesses(const Group &group,
                             const DenseSet<Value> &written,
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
        whyNot = llvm::formatv("operand {0} of a {1}: {2}",
                               operand.getOperandNumber(),
                               row.combiner ? "reduction" : "elementwise op",
                               what);
        return failure();
      };
      auto rootType = dyn_cast<MemRefType>(root.getType());
      if (!rootType || !rootType.hasStaticShape() ||
          !rootType.getLayout().isIdentity() ||
          !type.getLayout().isIdentity() || !hasAllocationBase(operand.get()))
        return fail("a buffer the group writes is not a row-major "
                    "allocation");
      if (type.getRank() == 0 || rootType.getRank() == 0 ||
          type.getDimSize(0) != group.rows ||
          rootType.getDimSize(0) != group.rows)
        return fail("a buffer the group writes does not have the group's "
                    "rows");
      AffineMap map = op.getMatchingIndexingMap(&operand);
      if (!isRowIndexed(map))
        return fail("not accessed at the row being computed");
      int64_t size = rowSize(type);
      if (size != 1 && size != group.rowLength)
        return fail("rows of another length");
      if (size != 1 && (row.innerSize != size ||
                        !isRowLinear(map, type.getShape(), row.ranges, true)))
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

/// How threads cover a row of the group, or nullopt if a row is too long
/// for registers.
std::optional<RowLayout> chooseLayout(const Group &group,
                                      const RowPlanOptions &options) {
  int64_t width = 4;
  while (group.rowLength % width != 0)
    width /= 2;
  int64_t numGroups = group.rowLength / width;
  int64_t perThread = std::max<int64_t>(1, options.elementsPerThread / width);
  int64_t threads = llvm::divideCeil(numGroups, perThread);
  int64_t blockSize =
      std::clamp<int64_t>(llvm::alignTo(threads, 32), 32, 1024);
  int64_t groupsPerThread = llvm::divideCeil(numGroups, blockSize);
  if (groupsPerThread * width > options.maxElementsPerThread)
    return std::nullopt;
  return RowLayout{blockSize, width, groupsPerThread, numGroups};
}

/// Plans one run: one row kernel when it is worth one (a reduction over
/// whole rows and another op over whole rows), its accesses fit the row
/// model and a row fits in registers.
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
  for (RowOp &op : group.ops)
    plan.written.insert(rootBuffer(op.op.getDpsInits()[0]));
  std::string whyNot;
  if (failed(verifyAccesses(group, plan.written, whyNot))) {
    plan.reason = "accesses outside the row model: " + whyNot;
    return;
  }
  plan.layout = chooseLayout(group, options);
  if (!plan.layout) {
    int64_t threadsAtMost = 1024;
    plan.reason = llvm::formatv(
        "a row of {0} elements needs more than {1} per thread in registers "
        "with {2} threads",
        group.rowLength, options.maxElementsPerThread, threadsAtMost);
    return;
  }
  const RowLayout &layout = *plan.layout;
  plan.reason = llvm::formatv(
      "row kernel: {0} rows x {1}, {2} ops ({3} reductions), block {4}, "
      "{5} x {6} elements per thread in registers",
      group.rows, group.rowLength, group.ops.size(), reductions,
      layout.blockSize, layout.groupsPerThread, layout.width);
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

bool isTransparent(Operation *op) {
  return isa<memref::AllocOp, memref::ExpandShapeOp, memref::CollapseShapeOp,
             memref::CastOp, arith::ConstantOp>(op);
}

SmallVector<RowGroupPlan> planRowGroups(Block *block,
                                        const RowPlanOptions &options) {
  SmallVector<RowGroupPlan> plans;
  Group current;
  auto close = [&] {
    if (!current.ops.empty()) {
      plans.push_back(RowGroupPlan{current, std::nullopt, {}, {}});
      plan(plans.back(), options);
    }
    current = Group();
  };
  for (Operation &op : *block) {
    auto generic = dyn_cast<linalg::GenericOp>(op);
    std::string whyNot;
    FailureOr<RowOp> row =
        generic ? asRowOp(generic, whyNot) : FailureOr<RowOp>(failure());
    if (failed(row)) {
      if (!isTransparent(&op))
        close();
      continue;
    }
    bool fits = !current.ops.empty() && current.rows == row->ranges[0] &&
                (row->innerSize == 1 || current.rowLength == 1 ||
                 row->innerSize == current.rowLength);
    if (!fits) {
      close();
      current.rows = row->ranges[0];
    }
    current.rowLength = std::max(current.rowLength, row->innerSize);
    current.ops.push_back(*row);
  }
  close();
  return plans;
}

} // namespace mlir::array::kernel_plan
