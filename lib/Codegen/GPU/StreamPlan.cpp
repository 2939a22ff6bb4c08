//===- StreamPlan.cpp - The passes of a streamed row kernel ---------------===//
//
// A row too long for registers is streamed: every reduction needs a loop
// over the row. Reductions that do not depend on each other share a loop
// (a mean and a mean of squares), and so do a max and a sum of exponentials
// shifted by it (softmax, logsumexp): the sum is rescaled as the running
// maximum grows, which is exact for terms of the form exp(u - max) * c.
//
//===----------------------------------------------------------------------===//

#include "KernelPlan.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::array::gpu_utils;

namespace mlir::array::kernel_plan {

int latestWriter(const Group &group, Value root, unsigned before) {
  for (int i = static_cast<int>(before) - 1; i >= 0; --i)
    if (rootBuffer(opOf(group.ops[i]).getDpsInits()[0]) == root)
      return i;
  return -1;
}

namespace {

/// The symbolic view of a group's dataflow through its buffers.
class Dataflow {
public:
  Dataflow(const Group &group, const DenseSet<Value> &written)
      : group(group), written(written) {
    for (auto [i, row] : llvm::enumerate(group.ops)) {
      DenseSet<unsigned> &mine = deps.emplace_back();
      for (OpOperand &operand : row.op->getOpOperands()) {
        bool reads =
            !opOf(row).getMatchingBlockArgument(&operand).use_empty() ||
            (row.combiner && opOf(row).isDpsInit(&operand));
        int w = writerOf(i, operand);
        if (!reads || w < 0)
          continue;
        mine.insert(deps[w].begin(), deps[w].end());
        if (group.ops[w].combiner)
          mine.insert(w);
      }
    }
  }

  /// The group op whose result op `i` reads through `operand`, or -1.
  int writerOf(unsigned i, OpOperand &operand) const {
    if (!isa<MemRefType>(operand.get().getType()))
      return -1;
    Value root = rootBuffer(operand.get());
    if (!written.contains(root))
      return -1;
    return latestWriter(group, root, i);
  }

  /// The reductions whose results op `i` uses (through any chain of ops).
  const DenseSet<unsigned> &dependencies(unsigned i) const { return deps[i]; }

  /// Whether `value` (in op `i`'s body) is independent of reduction `r`.
  bool independent(unsigned i, Value value, unsigned r) const {
    linalg::GenericOp op = group.ops[i].op;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() != op.getBody())
        return true;
      int w = writerOf(i, *op.getMatchingOpOperand(arg));
      return w < 0 || (w != static_cast<int>(r) && !deps[w].contains(r));
    }
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != op.getBody())
      return true;
    return llvm::all_of(def->getOperands(), [&](Value operand) {
      return independent(i, operand, r);
    });
  }

  /// Whether `a` (in op `i`'s body) and `b` (in op `j`'s) compute the same
  /// values at each column: the same ops on the same columns of the same
  /// buffers as seen at those points.
  bool same(unsigned i, Value a, unsigned j, Value b) const {
    linalg::GenericOp opA = group.ops[i].op, opB = group.ops[j].op;
    auto argA = dyn_cast<BlockArgument>(a);
    auto argB = dyn_cast<BlockArgument>(b);
    if (argA && argA.getOwner() == opA.getBody()) {
      if (!argB || argB.getOwner() != opB.getBody())
        return false;
      OpOperand *x = opA.getMatchingOpOperand(argA);
      OpOperand *y = opB.getMatchingOpOperand(argB);
      if (!isa<MemRefType>(x->get().getType()))
        return x->get() == y->get();
      Value root = rootBuffer(x->get());
      if (root != rootBuffer(y->get()) || writerOf(i, *x) != writerOf(j, *y))
        return false;
      return readsColumns(i, *x) && readsColumns(j, *y);
    }
    Operation *defA = a.getDefiningOp(), *defB = b.getDefiningOp();
    bool inA = defA && defA->getBlock() == opA.getBody();
    bool inB = defB && defB->getBlock() == opB.getBody();
    if (!inA || !inB)
      return !inA && !inB && a == b;
    if (defA->getName() != defB->getName() ||
        defA->getAttrDictionary() != defB->getAttrDictionary() ||
        defA->getResultTypes() != defB->getResultTypes() ||
        defA->getNumOperands() != defB->getNumOperands() ||
        defA->getNumRegions() != 0 || !isMemoryEffectFree(defA))
      return false;
    return llvm::all_of(
        llvm::zip(defA->getOperands(), defB->getOperands()), [&](auto pair) {
          return same(i, std::get<0>(pair), j, std::get<1>(pair));
        });
  }

  /// Whether op `i` reads `operand` at the column being computed, in
  /// column order (a whole row).
  bool readsColumns(unsigned i, OpOperand &operand) const {
    const RowOp &row = group.ops[i];
    auto type = cast<MemRefType>(operand.get().getType());
    AffineMap map = opOf(row).getMatchingIndexingMap(&operand);
    return row.innerSize == group.rowLength && type.getLayout().isIdentity() &&
           isRowIndexed(map, row.rowLoops) &&
           isRowLinear(map, type.getShape(), row.ranges, true, row.rowLoops);
  }

  /// Whether `value` (in op `i`'s body) is, at each column, exp(u - m) times
  /// factors independent of `m`, where m is the result of the max reduction
  /// `max` and u what `max` reduces.
  bool isShiftedExp(unsigned i, Value value, unsigned max, int &shift) const {
    linalg::GenericOp op = group.ops[i].op;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() != op.getBody() ||
          !op.isDpsInput(op.getMatchingOpOperand(arg)))
        return false;
      int w = writerOf(i, *op.getMatchingOpOperand(arg));
      if (w < 0 || group.ops[w].combiner ||
          !readsColumns(i, *op.getMatchingOpOperand(arg)))
        return false;
      Value yielded =
          opOf(group.ops[w]).getBody()->getTerminator()->getOperand(0);
      return isShiftedExp(w, yielded, max, shift);
    }
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != op.getBody())
      return false;
    if (isa<arith::ExtFOp>(def))
      return isShiftedExp(i, def->getOperand(0), max, shift);
    if (isa<arith::MulFOp>(def)) {
      Value x = def->getOperand(0), y = def->getOperand(1);
      if (independent(i, x, max))
        return isShiftedExp(i, y, max, shift);
      return independent(i, y, max) && isShiftedExp(i, x, max, shift);
    }
    auto exp = dyn_cast<math::ExpOp>(def);
    if (!exp)
      return false;
    auto sub = exp.getOperand().getDefiningOp<arith::SubFOp>();
    if (!sub || sub->getBlock() != op.getBody())
      return false;
    auto by = dyn_cast<BlockArgument>(sub.getRhs());
    if (!by || by.getOwner() != op.getBody())
      return false;
    int w = writerOf(i, *op.getMatchingOpOperand(by));
    if (w != static_cast<int>(max) && !isShiftOf(w, max))
      return false;
    int found = w == static_cast<int>(max) ? -1 : w;
    if (shift != -2 && shift != found)
      return false;
    shift = found;
    const RowOp &maxOp = group.ops[max];
    Value reduced =
        maxOp.combiner->op->getOperand(1 - maxOp.combiner->accOperand);
    return independent(i, sub.getLhs(), max) &&
           same(i, sub.getLhs(), max, reduced);
  }

  /// Whether op `w` computes one value per row from the result of
  /// reduction `max` alone (and from values the group does not compute).
  bool isShiftOf(int w, unsigned max) const {
    if (w < 0 || group.ops[w].combiner || group.ops[w].innerSize != 1)
      return false;
    linalg::GenericOp op = group.ops[w].op;
    bool usesMax = false;
    for (OpOperand &operand : op->getOpOperands()) {
      if (op.getMatchingBlockArgument(&operand).use_empty())
        continue;
      int from = writerOf(w, operand);
      if (from == static_cast<int>(max))
        usesMax = true;
      else if (from >= 0)
        return false;
    }
    return usesMax;
  }

private:
  const Group &group;
  const DenseSet<Value> &written;
  SmallVector<DenseSet<unsigned>> deps;
};

/// Whether reductions `max` and `sum` can share an online loop.
bool isOnlinePair(const Group &group, const Dataflow &flow, unsigned max,
                  unsigned sum, int &shift) {
  const RowOp &m = group.ops[max], &s = group.ops[sum];
  if (!isa<arith::MaximumFOp, arith::MaxNumFOp>(m.combiner->op) ||
      !isa<arith::AddFOp>(s.combiner->op))
    return false;
  Value element = s.combiner->op->getOperand(1 - s.combiner->accOperand);
  shift = -2;
  return flow.isShiftedExp(sum, element, max, shift) && shift != -2;
}

} // namespace

SmallVector<StreamPass, 0> planStreamPasses(const Group &group,
                                            const DenseSet<Value> &written) {
  Dataflow flow(group, written);
  SmallVector<StreamPass, 0> passes;
  for (auto [i, row] : llvm::enumerate(group.ops)) {
    if (!row.combiner)
      continue;
    if (!passes.empty()) {
      StreamPass &last = passes.back();
      bool independent = llvm::none_of(last.reductions, [&](unsigned r) {
        return flow.dependencies(i).contains(r);
      });
      if (!last.online && independent) {
        last.reductions.push_back(i);
        continue;
      }
      int shift;
      if (!last.online && last.reductions.size() == 1 &&
          isOnlinePair(group, flow, last.reductions[0], i, shift)) {
        last.reductions.push_back(i);
        last.online = true;
        last.shift = shift;
        continue;
      }
    }
    passes.push_back(StreamPass{{static_cast<unsigned>(i)}, {}, false, -1});
  }
  // Each per-row op goes before the first pass that follows it in program
  // order and whose predecessors computed the reductions it uses.
  DenseSet<unsigned> computed, placed;
  for (StreamPass &pass : passes) {
    unsigned last = pass.reductions.back();
    for (unsigned i = 0; i < last; ++i) {
      const RowOp &row = group.ops[i];
      if (row.combiner || row.innerSize != 1 || placed.contains(i) ||
          !llvm::all_of(flow.dependencies(i),
                        [&](unsigned r) { return computed.contains(r); }))
        continue;
      pass.prologue.push_back(i);
      placed.insert(i);
    }
    computed.insert(pass.reductions.begin(), pass.reductions.end());
  }
  return passes;
}

} // namespace mlir::array::kernel_plan
