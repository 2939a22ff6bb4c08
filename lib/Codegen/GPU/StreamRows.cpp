//===- StreamRows.cpp - Row kernels over rows too long for registers ------===//
//
// A streamed row kernel loops over its row once per pass of the plan: each
// step, thread t takes groups of `width` consecutive columns (coalesced
// across the block), computes the elementwise ops its reductions need from
// the inputs, and folds the results into per-thread accumulators, which
// are block-reduced after the loop. Values of whole rows are never kept:
// a later pass recomputes them from the inputs (the row was read moments
// before, so mostly from L2). A last loop computes and stores the rows the
// group writes that are read after it.
//
//===----------------------------------------------------------------------===//

#include "StreamRows.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

using namespace mlir;
using namespace mlir::array::gpu_utils;

namespace mlir::array::kernel_plan {
namespace {

/// One thread's group of `width` consecutive columns in one step.
struct Slot {
  Value start; // the first column
  Value valid; // whether the group is inside the row; null when always
  DenseMap<unsigned, SmallVector<Value>> ops; // whole-row op -> its values
  DenseMap<std::pair<Value, AffineMap>, SmallVector<Value>> loads;
  DenseMap<unsigned, SmallVector<SmallVector<Value>>> ivs; // op -> per column
};

class StreamEmitter {
public:
  StreamEmitter(OpBuilder &b, Location loc, const RowGroupPlan &plan, Value row,
                Value tid, const DenseSet<Value> &keep,
                const DenseMap<Type, Value> &scratch)
      : b(b), loc(loc), plan(plan), group(plan.group), layout(*plan.layout),
        row(row), tid(tid), keep(keep), scratch(scratch) {}

  void emit() {
    DenseSet<unsigned> done;
    for (const StreamPass &pass : plan.passes) {
      for (unsigned i : pass.prologue) {
        emitPerRow(i);
        done.insert(i);
      }
      emitPass(pass);
    }
    for (auto [i, op] : llvm::enumerate(group.ops))
      if (!op.combiner && op.innerSize == 1 && !done.contains(i))
        emitPerRow(i);
    emitStores();
  }

private:
  //===--------------------------------------------------------------------===//
  // Per-row values
  //===--------------------------------------------------------------------===//

  /// Loop indices of op `i` at column 0 of the row.
  SmallVector<Value> rowIvs(unsigned i) {
    SmallVector<Value> ivs = {row};
    ivs.append(group.ops[i].ranges.size() - 1, cst(b, loc, 0));
    return ivs;
  }

  /// `value` through `map` at the row (the map does not vary along it),
  /// loaded once per row before the loop being emitted.
  Value rowLoad(unsigned i, Value value, AffineMap map) {
    auto key = std::make_pair(value, map);
    if (Value known = rowLoads.lookup(key))
      return known;
    OpBuilder::InsertionGuard guard(b);
    if (currentLoop)
      b.setInsertionPoint(currentLoop);
    Value loaded =
        memref::LoadOp::create(b, loc, value, applyMap(b, loc, map, rowIvs(i)));
    rowLoads[key] = loaded;
    return loaded;
  }

  /// The value op `i` sees through `operand` (one per row).
  Value scalarOperand(unsigned i, OpOperand &operand) {
    Value value = operand.get();
    if (!isa<MemRefType>(value.getType()))
      return value;
    Value root = rootBuffer(value);
    if (plan.written.contains(root)) {
      int w = latestWriter(group, root, i);
      if (w >= 0) {
        Value known = perRow.lookup(w);
        assert(known && "a per-row value used before the plan computes it");
        return known;
      }
    }
    return rowLoad(i, value,
                   opOf(group.ops[i]).getMatchingIndexingMap(&operand));
  }

  /// The value of op `i`, an op over one value per row, from the per-row
  /// values it sees now.
  Value computePerRow(unsigned i) {
    const RowOp &op = group.ops[i];
    IRMapping mapping;
    for (OpOperand &operand : op.op->getOpOperands()) {
      BlockArgument arg = opOf(op).getMatchingBlockArgument(&operand);
      if (!arg.use_empty())
        mapping.map(arg, scalarOperand(i, operand));
    }
    return cloneBody(b, op.op, rowIvs(i), mapping)[0];
  }

  /// An op over one value per row, at the row level.
  void emitPerRow(unsigned i) { perRow[i] = computePerRow(i); }

  //===--------------------------------------------------------------------===//
  // Columns
  //===--------------------------------------------------------------------===//

  /// Thread `tid`'s group `u` of step `step`: group (step * U + u) * B + tid
  /// of the row, so that a block's accesses are consecutive.
  Slot makeSlot(Value step, int64_t u) {
    int64_t perStep = layout.groupsPerThread * layout.blockSize;
    Value index = arith::AddIOp::create(
        b, loc, b.createOrFold<arith::MulIOp>(loc, step, cst(b, loc, perStep)),
        cst(b, loc, u * layout.blockSize));
    index = arith::AddIOp::create(b, loc, index, tid);
    Slot slot;
    if (layout.numGroups % perStep != 0) {
      slot.valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                         index, cst(b, loc, layout.numGroups));
      index =
          arith::SelectOp::create(b, loc, slot.valid, index, cst(b, loc, 0));
    }
    slot.start =
        b.createOrFold<arith::MulIOp>(loc, index, cst(b, loc, layout.width));
    return slot;
  }

  /// Op `i`'s loop indices at each of the slot's columns.
  ArrayRef<SmallVector<Value>> ivsAt(Slot &slot, unsigned i) {
    auto found = slot.ivs.find(i);
    if (found != slot.ivs.end())
      return found->second;
    SmallVector<SmallVector<Value>> all;
    ArrayRef<int64_t> sizes = ArrayRef(group.ops[i].ranges).drop_front();
    for (int64_t v = 0; v < layout.width; ++v) {
      Value column =
          b.createOrFold<arith::AddIOp>(loc, slot.start, cst(b, loc, v));
      SmallVector<Value> ivs = {row};
      llvm::append_range(ivs, splitColumn(b, loc, column, sizes));
      all.push_back(ivs);
    }
    return slot.ivs[i] = std::move(all);
  }

  bool canVectorize(Value buffer) {
    return canVectorizeRows(buffer, layout.width);
  }

  /// The alignment of a group of `width` elements of `type`.
  llvm::MaybeAlign alignment(MemRefType type) {
    return vectorAlignment(
        VectorType::get({layout.width}, type.getElementType()));
  }

  SmallVector<Value> splat(Value value) {
    return SmallVector<Value>(layout.width, value);
  }

  /// The slot's columns of `operand` of op `i` in memory.
  SmallVector<Value> loadColumns(Slot &slot, unsigned i, OpOperand &operand) {
    const RowOp &op = group.ops[i];
    Value value = operand.get();
    auto type = cast<MemRefType>(value.getType());
    AffineMap map = opOf(op).getMatchingIndexingMap(&operand);
    std::optional<std::pair<Value, AffineMap>> linearKey =
        columnOrderKey(value, map, op.ranges);
    bool rowLinear = linearKey.has_value();
    auto key = linearKey ? *linearKey : std::make_pair(value, map);
    auto cached = slot.loads.find(key);
    if (cached != slot.loads.end())
      return cached->second;
    ArrayRef<SmallVector<Value>> ivs = ivsAt(slot, i);
    SmallVector<Value> values;
    if (rowLinear && canVectorize(value)) {
      auto vectorType = VectorType::get({layout.width}, type.getElementType());
      Value vector = loadVector(b, loc, vectorType, value,
                                applyMap(b, loc, map, ivs[0]), alignment(type));
      for (int64_t v = 0; v < layout.width; ++v)
        values.push_back(
            vector::ExtractOp::create(b, loc, vector, ArrayRef<int64_t>{v}));
    } else {
      for (ArrayRef<Value> at : ivs)
        values.push_back(
            memref::LoadOp::create(b, loc, value, applyMap(b, loc, map, at)));
    }
    return slot.loads[key] = values;
  }

  /// The slot's columns of what op `i` reads through `operand`: computed
  /// by the op that last wrote it, or loaded.
  SmallVector<Value> readAt(Slot &slot, unsigned i, OpOperand &operand) {
    Value value = operand.get();
    auto type = dyn_cast<MemRefType>(value.getType());
    if (!type)
      return splat(value);
    const RowOp &op = group.ops[i];
    Value root = rootBuffer(value);
    if (plan.written.contains(root)) {
      if (rowSize(type) == 1)
        return splat(scalarOperand(i, operand));
      int w = latestWriter(group, root, i);
      if (w >= 0)
        return evalOp(slot, w);
      return loadColumns(slot, i, operand);
    }
    AffineMap map = opOf(op).getMatchingIndexingMap(&operand);
    bool perRow = llvm::none_of(
        llvm::seq<unsigned>(1, op.ranges.size()), [&](unsigned dim) {
          return op.ranges[dim] != 1 && map.isFunctionOfDim(dim);
        });
    if (perRow)
      return splat(rowLoad(i, value, map));
    return loadColumns(slot, i, operand);
  }

  /// The slot's columns of the result of op `i`, an elementwise op over
  /// whole rows.
  SmallVector<Value> evalOp(Slot &slot, unsigned i) {
    auto found = slot.ops.find(i);
    if (found != slot.ops.end())
      return found->second;
    const RowOp &op = group.ops[i];
    DenseMap<BlockArgument, SmallVector<Value>> args;
    for (OpOperand &operand : op.op->getOpOperands()) {
      BlockArgument arg = opOf(op).getMatchingBlockArgument(&operand);
      if (!arg.use_empty())
        args[arg] = readAt(slot, i, operand);
    }
    ArrayRef<SmallVector<Value>> ivs = ivsAt(slot, i);
    SmallVector<Value> results;
    for (int64_t v = 0; v < layout.width; ++v) {
      IRMapping mapping;
      for (auto &[arg, values] : args)
        mapping.map(arg, values[v]);
      results.push_back(cloneBody(b, op.op, ivs[v], mapping)[0]);
    }
    return slot.ops[i] = results;
  }

  //===--------------------------------------------------------------------===//
  // Passes
  //===--------------------------------------------------------------------===//

  /// `acc` with reduction `r`'s elements at the slot's columns folded in
  /// (unchanged for a slot past the row's end when `masked`).
  Value fold(Slot &slot, unsigned r, Value acc, bool masked = true) {
    const RowOp &op = group.ops[r];
    DenseMap<BlockArgument, SmallVector<Value>> args;
    for (OpOperand *input : opOf(op).getDpsInputOperands()) {
      BlockArgument arg = opOf(op).getMatchingBlockArgument(input);
      if (!arg.use_empty())
        args[arg] = readAt(slot, r, *input);
    }
    BlockArgument out =
        opOf(op).getMatchingBlockArgument(&opOf(op).getDpsInitsMutable()[0]);
    ArrayRef<SmallVector<Value>> ivs = ivsAt(slot, r);
    Value next = acc;
    for (int64_t v = 0; v < layout.width; ++v) {
      IRMapping mapping;
      for (auto &[arg, values] : args)
        mapping.map(arg, values[v]);
      mapping.map(out, next);
      next = cloneBody(b, op.op, ivs[v], mapping)[0];
    }
    if (masked && slot.valid)
      next = arith::SelectOp::create(b, loc, slot.valid, next, acc);
    return next;
  }

  /// `sum`, a sum of exp(u - from), as a sum of exp(u - to): times
  /// exp(from - to) (1 when they are equal: both -inf), and 0 when it is 0
  /// (its terms all exp(-inf - from), `from` a finiteShift of -inf: 0 is
  /// not rescaled by exp(0 - to), which overflows when the row's maximum
  /// is below -88 in float32).
  Value rescale(Value sum, Value from, Value to) {
    Value same =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, from, to);
    Value factor =
        math::ExpOp::create(b, loc, arith::SubFOp::create(b, loc, from, to));
    Value one =
        arith::ConstantOp::create(b, loc, b.getFloatAttr(from.getType(), 1.0));
    factor = arith::SelectOp::create(b, loc, same, one, factor);
    Type type = sum.getType();
    unsigned have = from.getType().getIntOrFloatBitWidth();
    unsigned want = type.getIntOrFloatBitWidth();
    if (want > have)
      factor = arith::ExtFOp::create(b, loc, type, factor);
    else if (want < have)
      factor = arith::TruncFOp::create(b, loc, type, factor);
    Value zero = arith::ConstantOp::create(b, loc, b.getFloatAttr(type, 0.0));
    Value empty =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, sum, zero);
    return arith::SelectOp::create(b, loc, empty, sum,
                                   arith::MulFOp::create(b, loc, sum, factor));
  }

  /// The shift of the pass's exponentials for the max `m`: `m` itself,
  /// or the plan's shift op computed from it.
  Value shiftFor(const StreamPass &pass, Value m) {
    if (pass.shift < 0)
      return m;
    unsigned max = pass.reductions[0];
    Value result = perRow.lookup(max);
    perRow[max] = m;
    Value shift = computePerRow(pass.shift);
    if (result)
      perRow[max] = result;
    else
      perRow.erase(max);
    return shift;
  }

  /// `shift`, or 0 where it is -inf: a running maximum of -inf (only -inf
  /// seen so far) would make the terms exp(-inf - -inf), NaN, where the
  /// row's final maximum makes them 0; shifted by 0 they are 0 too.
  Value finiteShift(Value shift) {
    auto type = cast<FloatType>(shift.getType());
    Value ninf = arith::ConstantOp::create(
        b, loc,
        b.getFloatAttr(type, APFloat::getInf(type.getFloatSemantics(),
                                             /*Negative=*/true)));
    Value zero = arith::ConstantOp::create(b, loc, b.getFloatAttr(type, 0.0));
    Value none =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, shift, ninf);
    return arith::SelectOp::create(b, loc, none, zero, shift);
  }

  /// One step of an online max and sum: the running maximum first, then
  /// the sum rescaled to its shift before the slot's terms (computed with
  /// the running maximum standing for the max's result) are added.
  void foldOnline(Slot &slot, const StreamPass &pass, Value &m, Value &s) {
    unsigned max = pass.reductions[0], sum = pass.reductions[1];
    Value mNext = fold(slot, max, m, /*masked=*/false);
    Value shift = finiteShift(shiftFor(pass, m));
    Value shiftNext = finiteShift(shiftFor(pass, mNext));
    Value scaled = rescale(s, shift, shiftNext);
    unsigned by = pass.shift < 0 ? max : pass.shift;
    Value result = perRow.lookup(by);
    perRow[by] = shiftNext;
    Value sNext = fold(slot, sum, scaled, /*masked=*/false);
    if (result)
      perRow[by] = result;
    else
      perRow.erase(by);
    if (slot.valid) {
      mNext = arith::SelectOp::create(b, loc, slot.valid, mNext, m);
      sNext = arith::SelectOp::create(b, loc, slot.valid, sNext, s);
    }
    m = mNext;
    s = sNext;
  }

  /// The block's combination of the threads' `value`s for reduction `r`.
  Value reduceBlock(unsigned r, Value value) {
    const Combiner &combiner = *group.ops[r].combiner;
    return blockReduce(b, loc, combiner, value, scratch.lookup(value.getType()),
                       tid, layout.blockSize);
  }

  /// The reduction's result for the row: its initial value combined with
  /// the block's total.
  Value finish(unsigned r, Value total) {
    const RowOp &op = group.ops[r];
    Value init = scalarOperand(r, opOf(op).getDpsInitsMutable()[0]);
    return op.combiner->combine(b, loc, init, total);
  }

  /// A loop over the steps of a row carrying `inits`; `body` folds a slot
  /// into the carried values.
  ValueRange
  loopOverRow(ValueRange inits,
              function_ref<void(Slot &, SmallVector<Value> &)> body) {
    int64_t perStep = layout.groupsPerThread * layout.blockSize;
    int64_t steps = llvm::divideCeil(layout.numGroups, perStep);
    auto loop = scf::ForOp::create(
        b, loc, cst(b, loc, 0), cst(b, loc, steps), cst(b, loc, 1), inits,
        [](OpBuilder &nested, Location loc, Value, ValueRange args) {
          scf::YieldOp::create(nested, loc, args);
        });
    OpBuilder::InsertionGuard guard(b);
    Operation *yield = loop.getBody()->getTerminator();
    b.setInsertionPoint(yield);
    currentLoop = loop;
    SmallVector<Value> carried(loop.getRegionIterArgs());
    for (int64_t u = 0; u < layout.groupsPerThread; ++u) {
      Slot slot = makeSlot(loop.getInductionVar(), u);
      body(slot, carried);
    }
    yield->setOperands(carried);
    currentLoop = nullptr;
    // What the ops compute from per-row values alone (a mean from a sum,
    // its reciprocal square root) once per row, not per column.
    moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
    return loop.getResults();
  }

  void emitPass(const StreamPass &pass) {
    if (pass.online) {
      unsigned max = pass.reductions[0], sum = pass.reductions[1];
      Value m0 = group.ops[max].combiner->neutralValue(b, loc);
      Value s0 = group.ops[sum].combiner->neutralValue(b, loc);
      ValueRange results =
          loopOverRow({m0, s0}, [&](Slot &slot, SmallVector<Value> &carried) {
            foldOnline(slot, pass, carried[0], carried[1]);
          });
      Value m = results[0], s = results[1];
      Value mRow = finish(max, reduceBlock(max, m));
      perRow[max] = mRow;
      Value scaled =
          rescale(s, finiteShift(shiftFor(pass, m)), shiftFor(pass, mRow));
      perRow[sum] = finish(sum, reduceBlock(sum, scaled));
      return;
    }
    SmallVector<Value> inits;
    for (unsigned r : pass.reductions)
      inits.push_back(group.ops[r].combiner->neutralValue(b, loc));
    ValueRange results =
        loopOverRow(inits, [&](Slot &slot, SmallVector<Value> &carried) {
          for (auto [k, r] : llvm::enumerate(pass.reductions))
            carried[k] = fold(slot, r, carried[k]);
        });
    SmallVector<Value> totals(results);
    for (auto [k, r] : llvm::enumerate(pass.reductions))
      perRow[r] = finish(r, reduceBlock(r, totals[k]));
  }

  //===--------------------------------------------------------------------===//
  // Stores
  //===--------------------------------------------------------------------===//

  /// [row, the position of `column` in the row's shape]
  SmallVector<Value> rowIndices(MemRefType type, Value column) {
    return gpu_utils::rowIndices(b, loc, type, row, column);
  }

  void storeColumns(Slot &slot, Value view, ArrayRef<Value> values) {
    auto type = cast<MemRefType>(view.getType());
    auto store = [&](OpBuilder &) {
      if (canVectorize(view)) {
        auto vectorType =
            VectorType::get({layout.width}, type.getElementType());
        Value vector =
            vector::FromElementsOp::create(b, loc, vectorType, values);
        storeVector(b, loc, vector, view, rowIndices(type, slot.start),
                    alignment(type));
        return;
      }
      for (int64_t v = 0; v < layout.width; ++v) {
        Value column =
            b.createOrFold<arith::AddIOp>(loc, slot.start, cst(b, loc, v));
        memref::StoreOp::create(b, loc, values[v], view,
                                rowIndices(type, column));
      }
    };
    if (slot.valid)
      emitIf(b, loc, slot.valid, store);
    else
      store(b);
  }

  /// Stores the rows and per-row values read after the group: each
  /// buffer's value from its last writer.
  void emitStores() {
    SmallVector<unsigned> rows, scalars;
    unsigned end = group.ops.size();
    for (auto [i, op] : llvm::enumerate(group.ops)) {
      Value out = opOf(op).getDpsInits()[0];
      Value root = rootBuffer(out);
      if (!keep.contains(root) ||
          latestWriter(group, root, end) != static_cast<int>(i))
        continue;
      (rowSize(cast<MemRefType>(out.getType())) == 1 ? scalars : rows)
          .push_back(i);
    }
    if (!rows.empty()) {
      loopOverRow({}, [&](Slot &slot, SmallVector<Value> &) {
        // All values first: a buffer stored here may be read (as it was
        // before the group) by another's computation.
        SmallVector<SmallVector<Value>> values;
        for (unsigned i : rows)
          values.push_back(evalOp(slot, i));
        for (auto [i, columns] : llvm::zip(rows, values))
          storeColumns(slot, opOf(group.ops[i]).getDpsInits()[0], columns);
      });
    }
    if (scalars.empty())
      return;
    // Every thread has read the old per-row values it needs.
    gpu::BarrierOp::create(b, loc);
    Value leader = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                                         cst(b, loc, 0));
    emitIf(b, loc, leader, [&](OpBuilder &) {
      for (unsigned i : scalars) {
        Value view = opOf(group.ops[i]).getDpsInits()[0];
        auto type = cast<MemRefType>(view.getType());
        SmallVector<Value> indices = {row};
        indices.append(type.getRank() - 1, cst(b, loc, 0));
        memref::StoreOp::create(b, loc, perRow.lookup(i), view, indices);
      }
    });
  }

  OpBuilder &b;
  Location loc;
  const RowGroupPlan &plan;
  const Group &group;
  const RowLayout &layout;
  Value row, tid;
  const DenseSet<Value> &keep;
  const DenseMap<Type, Value> &scratch;

  DenseMap<unsigned, Value> perRow; // per-row op or reduction -> its value
  DenseMap<std::pair<Value, AffineMap>, Value> rowLoads;
  Operation *currentLoop = nullptr; // the loop being emitted
};

} // namespace

void emitStreamedRow(OpBuilder &b, Location loc, const RowGroupPlan &plan,
                     Value row, Value tid, const DenseSet<Value> &keep,
                     const DenseMap<Type, Value> &scratch) {
  StreamEmitter(b, loc, plan, row, tid, keep, scratch).emit();
}

} // namespace mlir::array::kernel_plan
