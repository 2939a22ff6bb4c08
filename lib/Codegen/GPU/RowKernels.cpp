//===- RowKernels.cpp - Fuse row-wise linalg sequences into one kernel ----===//
//
// Softmax, layer norm and the like become, after array-to-linalg, fusion and
// bufferization, several linalg ops over the same rows (reduce, elementwise
// with the reduced value broadcast back, reduce again, ...) that talk
// through buffers. This pass runs each such group as one kernel with a
// block per row: every thread owns the same columns of the row in every
// stage and keeps their values in registers, reductions are block
// reductions whose result every thread receives, and only the buffers that
// are read after the group are written back to memory.
//
//===----------------------------------------------------------------------===//

#include "GpuUtils.h"
#include "KernelPlan.h"
#include "StreamRows.h"
#include "arrayc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/SetVector.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUROWKERNELS
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using namespace mlir::array::gpu_utils;
using namespace mlir::array::kernel_plan;

namespace {

//===----------------------------------------------------------------------===//
// Emission
//===----------------------------------------------------------------------===//

/// Emits the group's ops for one row, keeping the row's values of the
/// buffers the group writes in registers (`state`).
class RowEmitter {
public:
  /// `rowValid`, when set, says whether `row` is a row of the group (the
  /// last block of narrow rows may have lanes past the last row: they
  /// compute a valid row's values and store nothing).
  RowEmitter(OpBuilder &b, Location loc, Group &group, const RowLayout &layout,
             Value row, Value tid, Value rowValid,
             const DenseSet<Value> &written, const DenseSet<Value> &keep,
             const DenseMap<Type, Value> &scratch, Value clusterRank = Value(),
             const ClusterExchange *exchange = nullptr, Value round = Value())
      : b(b), loc(loc), layout(layout), row(row), tid(tid), rowValid(rowValid),
        clusterRank(clusterRank), round(round), written(written), keep(keep),
        scratch(scratch), exchange(exchange) {
    planUses(group);
    // In a cluster, this block's part of the row starts at group
    // rank * numGroups.
    Value partStart;
    if (clusterRank)
      partStart = arith::MulIOp::create(b, loc, clusterRank,
                                        cst(b, loc, layout.numGroups));
    // Group j of this thread starts at column (j * B + t) * width; the
    // last one may be past the end of the row: it reads a valid column
    // instead, and its results are masked out.
    for (int64_t j = 0; j < layout.groupsPerThread; ++j) {
      Value index =
          arith::AddIOp::create(b, loc, cst(b, loc, j * layout.blockSize), tid);
      Value valid;
      if (j == layout.groupsPerThread - 1 &&
          layout.numGroups % layout.blockSize != 0) {
        valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, index,
                                      cst(b, loc, layout.numGroups));
        index = arith::SelectOp::create(b, loc, valid, index, cst(b, loc, 0));
      }
      if (partStart)
        index = arith::AddIOp::create(b, loc, partStart, index);
      Value start =
          b.createOrFold<arith::MulIOp>(loc, index, cst(b, loc, layout.width));
      groupStarts.push_back(start);
      groupValid.push_back(valid);
      for (int64_t v = 0; v < layout.width; ++v)
        columns.push_back(
            b.createOrFold<arith::AddIOp>(loc, start, cst(b, loc, v)));
    }
  }

  void emit(RowOp &op) {
    if (op.combiner)
      emitReduction(op);
    else
      emitElementwise(op);
    ++current;
  }

  /// Writes back the per-row values of the buffers in `keep` (whole rows
  /// are written back by their last writer).
  void storeResults() {
    for (Value root : dirty) {
      if (!keep.contains(root))
        continue;
      Value view = views.lookup(root);
      auto type = cast<MemRefType>(view.getType());
      Value leader = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           tid, cst(b, loc, 0));
      if (rowValid)
        leader = arith::AndIOp::create(b, loc, leader, rowValid);
      if (clusterRank)
        leader = arith::AndIOp::create(
            b, loc, leader,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                  clusterRank, cst(b, loc, 0)));
      emitIf(b, loc, leader, [&](OpBuilder &b) {
        memref::StoreOp::create(b, loc, state[root][0], view,
                                scalarIndices(type));
      });
    }
  }

private:
  using Key = std::pair<Value, AffineMap>;

  /// The key of a whole-row access in column order: the buffer the group
  /// writes, or (for buffers it only reads) the buffer and whether the
  /// access is per row; nullopt for other accesses.
  std::optional<Key> fullRowKey(RowOp &op, OpOperand &operand) {
    Value value = operand.get();
    auto type = dyn_cast<MemRefType>(value.getType());
    if (!type || op.innerSize == 1)
      return std::nullopt;
    Value root = rootBuffer(value);
    if (written.contains(root)) {
      if (rowSize(type) == 1)
        return std::nullopt;
      return Key(root, AffineMap());
    }
    return columnOrderKey(value, op.op.getMatchingIndexingMap(&operand),
                          op.ranges);
  }

  /// Which op reads each whole row last and which op writes each buffer
  /// last, so rows are staged only while needed and written back once.
  void planUses(Group &group) {
    for (auto [index, op] : llvm::enumerate(group.ops)) {
      for (OpOperand &operand : op.op->getOpOperands()) {
        bool isOutput = op.op.isDpsInit(&operand);
        if (isOutput && !op.combiner)
          lastWrite[rootBuffer(operand.get())] = index;
        if (op.op.getMatchingBlockArgument(&operand).use_empty() &&
            !(isOutput && op.combiner))
          continue;
        if (std::optional<Key> key = fullRowKey(op, operand))
          lastRead[*key] = index;
      }
    }
  }

  /// Keeps the thread's columns of a row for later ops, in registers.
  /// (Staging in shared memory instead would free registers for more rows
  /// in flight, but gpu.dynamic_shared_memory lowers to a one-byte
  /// internal .shared variable with this LLVM, which overlaps the static
  /// reduction scratch.)
  void stage(const Key &key, ArrayRef<Value> values) {
    staged[key] = SmallVector<Value>(values);
  }

  /// Stores the thread's columns of a whole row to `view` in memory.
  void storeRow(Value view, ArrayRef<Value> values) {
    for (int64_t j = 0; j < layout.groupsPerThread; ++j)
      storeGroup(view, values.slice(j * layout.width, layout.width), j);
  }

  /// Stores the thread's group `j` of columns of a row to `view`.
  void storeGroup(Value view, ArrayRef<Value> groupValues, int64_t j) {
    auto type = cast<MemRefType>(view.getType());
    auto store = [&](OpBuilder &b) {
      if (canVectorize(view)) {
        auto vectorType =
            VectorType::get({layout.width}, type.getElementType());
        Value vector =
            vector::FromElementsOp::create(b, loc, vectorType, groupValues);
        storeVector(b, loc, vector, view, rowIndices(type, groupStarts[j]),
                    alignment(type));
        return;
      }
      for (int64_t v = 0; v < layout.width; ++v)
        memref::StoreOp::create(
            b, loc, groupValues[v], view,
            rowIndices(type, columns[j * layout.width + v]));
    };
    Value valid = groupValid[j];
    if (rowValid)
      valid = valid ? arith::AndIOp::create(b, loc, valid, rowValid).getResult()
                    : rowValid;
    if (valid)
      emitIf(b, loc, valid, store);
    else
      store(b);
  }

  /// [row, 0, ..., 0]
  SmallVector<Value> scalarIndices(MemRefType type) {
    SmallVector<Value> indices = {row};
    indices.append(type.getRank() - 1, cst(b, loc, 0));
    return indices;
  }

  /// [row, the position of `column` in the row's shape]
  SmallVector<Value> rowIndices(MemRefType type, Value column) {
    return array::gpu_utils::rowIndices(b, loc, type, row, column);
  }

  /// The alignment of a group of `width` elements of `type`.
  llvm::MaybeAlign alignment(MemRefType type) {
    return vectorAlignment(
        VectorType::get({layout.width}, type.getElementType()));
  }

  bool canVectorize(Value buffer) {
    return canVectorizeRows(buffer, layout.width);
  }

  /// The loop indices of `op` at each owned column (or at column 0 for ops
  /// over one element per row).
  SmallVector<SmallVector<Value>> iterationIvs(RowOp &op) {
    ArrayRef<int64_t> sizes = ArrayRef(op.ranges).drop_front();
    SmallVector<SmallVector<Value>> all;
    ArrayRef<Value> at = columns;
    SmallVector<Value> first = {cst(b, loc, 0)};
    if (op.innerSize == 1)
      at = first;
    for (Value column : at) {
      SmallVector<Value> ivs = {row};
      if (!sizes.empty())
        llvm::append_range(ivs, splitColumn(b, loc, column, sizes));
      all.push_back(ivs);
    }
    return all;
  }

  /// Loads the row of `view` (a view of a buffer the group writes) as the
  /// buffer's starting state.
  SmallVector<Value> loadRow(Value view) {
    auto type = cast<MemRefType>(view.getType());
    if (rowSize(type) == 1)
      return {memref::LoadOp::create(b, loc, view, scalarIndices(type))};
    SmallVector<Value> values;
    for (int64_t j = 0; j < layout.groupsPerThread; ++j) {
      if (canVectorize(view)) {
        auto vectorType =
            VectorType::get({layout.width}, type.getElementType());
        Value vector =
            loadVector(b, loc, vectorType, view,
                       rowIndices(type, groupStarts[j]), alignment(type));
        for (int64_t v = 0; v < layout.width; ++v)
          values.push_back(
              vector::ExtractOp::create(b, loc, vector, ArrayRef<int64_t>{v}));
        continue;
      }
      for (int64_t v = 0; v < layout.width; ++v)
        values.push_back(memref::LoadOp::create(
            b, loc, view, rowIndices(type, columns[j * layout.width + v])));
    }
    return values;
  }

  /// The thread's columns of a row of a buffer the group only reads,
  /// accessed in column order.
  SmallVector<Value> loadRowLinear(RowOp &op, OpOperand &operand,
                                   ArrayRef<SmallVector<Value>> ivs) {
    Value value = operand.get();
    return loadColumns(value, op.op.getMatchingIndexingMap(&operand), ivs,
                       canVectorize(value));
  }

  /// `value` through `map` at each of `ivs`: `layout.width`-wide vector
  /// loads of consecutive columns when `vectorize`, else one load each.
  SmallVector<Value> loadColumns(Value value, AffineMap map,
                                 ArrayRef<SmallVector<Value>> ivs,
                                 bool vectorize) {
    SmallVector<Value> values;
    if (!vectorize) {
      for (ArrayRef<Value> at : ivs)
        values.push_back(
            memref::LoadOp::create(b, loc, value, applyMap(b, loc, map, at)));
      return values;
    }
    auto type = cast<MemRefType>(value.getType());
    auto vectorType = VectorType::get({layout.width}, type.getElementType());
    for (int64_t j = 0; j < layout.groupsPerThread; ++j) {
      Value vector = loadVector(b, loc, vectorType, value,
                                applyMap(b, loc, map, ivs[j * layout.width]),
                                alignment(type));
      for (int64_t v = 0; v < layout.width; ++v)
        values.push_back(
            vector::ExtractOp::create(b, loc, vector, ArrayRef<int64_t>{v}));
    }
    return values;
  }

  /// Whether each group of `layout.width` owned columns reads consecutive
  /// elements of the last dimension through `map` (its last result is the
  /// innermost loop, which no other result uses, and groups do not straddle
  /// that loop), though the rows may not be (a mask broadcast over leading
  /// axes, read at the collapsed row split back by floordiv and mod).
  bool columnsContiguous(RowOp &op, AffineMap map) {
    unsigned inner = op.ranges.size() - 1;
    if (map.getNumResults() == 0 || inner == 0 ||
        op.ranges[inner] % layout.width != 0 ||
        map.getResults().back() != getAffineDimExpr(inner, b.getContext()))
      return false;
    return llvm::none_of(map.getResults().drop_back(), [&](AffineExpr e) {
      return e.isFunctionOfDim(inner);
    });
  }

  /// The values of `operand` at each of `ivs` (one per owned column, or
  /// one).
  SmallVector<Value> read(RowOp &op, OpOperand &operand,
                          ArrayRef<SmallVector<Value>> ivs) {
    Value value = operand.get();
    auto type = dyn_cast<MemRefType>(value.getType());
    if (!type)
      return SmallVector<Value>(ivs.size(), value);
    Value root = rootBuffer(value);
    if (std::optional<Key> key = fullRowKey(op, operand)) {
      auto found = staged.find(*key);
      if (found != staged.end())
        return found->second;
      SmallVector<Value> values = written.contains(root)
                                      ? loadRow(value)
                                      : loadRowLinear(op, operand, ivs);
      if (lastRead.lookup(*key) > current)
        stage(*key, values);
      return values;
    }
    if (written.contains(root)) {
      if (!state.count(root)) {
        state[root] = loadRow(value);
        if (rowSize(type) == 1)
          perRowRoots.insert(root);
      }
      SmallVector<Value> &values = state[root];
      if (perRowRoots.contains(root))
        return SmallVector<Value>(ivs.size(), values[0]);
      return values;
    }
    // A buffer the group only reads: loaded from memory once per row and
    // access.
    AffineMap map = op.op.getMatchingIndexingMap(&operand);
    bool perRow = llvm::none_of(
        llvm::seq<unsigned>(1, op.ranges.size()), [&](unsigned dim) {
          return op.ranges[dim] != 1 && map.isFunctionOfDim(dim);
        });
    std::optional<Key> linearKey = ivs.size() == columns.size()
                                       ? columnOrderKey(value, map, op.ranges)
                                       : std::nullopt;
    bool rowLinear = linearKey.has_value();
    Key key = linearKey ? *linearKey : Key(value, map);
    auto cached = loaded.find(key);
    if (cached != loaded.end() && cached->second.size() == ivs.size())
      return cached->second;
    SmallVector<Value> values;
    if (perRow) {
      Value element =
          memref::LoadOp::create(b, loc, value, applyMap(b, loc, map, ivs[0]));
      values.assign(ivs.size(), element);
    } else {
      bool vectorize = (rowLinear || (ivs.size() == columns.size() &&
                                      columnsContiguous(op, map))) &&
                       canVectorize(value);
      values = loadColumns(value, map, ivs, vectorize);
    }
    loaded[key] = values;
    return values;
  }

  /// Whether the op being emitted writes `output`'s row back to memory.
  bool storesRow(OpOperand &output) {
    Value root = rootBuffer(output.get());
    return rowSize(cast<MemRefType>(output.get().getType())) != 1 &&
           keep.contains(root) && lastWrite.lookup(root) == current;
  }

  void write(OpOperand &output, SmallVector<Value> values,
             bool stored = false) {
    Value root = rootBuffer(output.get());
    if (rowSize(cast<MemRefType>(output.get().getType())) != 1) {
      // A whole row: written back by its last writer, staged while later
      // ops read it.
      if (!stored && storesRow(output))
        storeRow(output.get(), values);
      Key key(root, AffineMap());
      if (lastRead.lookup(key) > current || staged.count(key))
        stage(key, values);
      return;
    }
    perRowRoots.insert(root);
    state[root] = std::move(values);
    views[root] = output.get();
    dirty.insert(root);
  }

  /// Per-input values at each iteration point.
  SmallVector<SmallVector<Value>> readInputs(RowOp &op,
                                             ArrayRef<SmallVector<Value>> ivs) {
    SmallVector<SmallVector<Value>> inputs;
    for (OpOperand *input : op.op.getDpsInputOperands())
      inputs.push_back(op.op.getMatchingBlockArgument(input).use_empty()
                           ? SmallVector<Value>()
                           : read(op, *input, ivs));
    return inputs;
  }

  void mapInputs(RowOp &op, ArrayRef<SmallVector<Value>> inputs, size_t point,
                 IRMapping &mapping) {
    for (auto [input, values] : llvm::zip(op.op.getDpsInputOperands(), inputs))
      if (!values.empty())
        mapping.map(op.op.getMatchingBlockArgument(input), values[point]);
  }

  /// Whether group `j` of `operand`'s row can be loaded on its own: a
  /// buffer the group only reads, in column order, that no later op reads.
  bool loadsByGroup(RowOp &op, OpOperand &operand) {
    std::optional<Key> key = fullRowKey(op, operand);
    return key && !written.contains(key->first) && !staged.count(*key) &&
           lastRead.lookup(*key) <= current && canVectorize(operand.get());
  }

  /// The thread's group `j` of columns of `operand` (see loadsByGroup).
  SmallVector<Value> loadGroup(RowOp &op, OpOperand &operand,
                               ArrayRef<SmallVector<Value>> ivs, int64_t j) {
    Value value = operand.get();
    auto type = cast<MemRefType>(value.getType());
    AffineMap map = op.op.getMatchingIndexingMap(&operand);
    auto vectorType = VectorType::get({layout.width}, type.getElementType());
    Value vector = loadVector(b, loc, vectorType, value,
                              applyMap(b, loc, map, ivs[j * layout.width]),
                              alignment(type));
    SmallVector<Value> values;
    for (int64_t v = 0; v < layout.width; ++v)
      values.push_back(
          vector::ExtractOp::create(b, loc, vector, ArrayRef<int64_t>{v}));
    return values;
  }

  /// An elementwise op over whole rows whose result is only written back
  /// (the last op of a softmax or layer norm): one group of columns at a
  /// time, loading the group's inputs that no other op reads (a layer
  /// norm's gamma and beta), computing and storing it before the next, so
  /// that those inputs do not all take registers at once.
  bool emitElementwiseByGroup(RowOp &op, ArrayRef<SmallVector<Value>> ivs) {
    OpOperand &output = op.op.getDpsInitsMutable()[0];
    BlockArgument outArg = op.op.getMatchingBlockArgument(&output);
    Key outKey(rootBuffer(output.get()), AffineMap());
    if (layout.groupsPerThread == 1 || ivs.size() != columns.size() ||
        !storesRow(output) || lastRead.lookup(outKey) > current ||
        staged.count(outKey))
      return false;
    SmallVector<OpOperand *> byGroup, whole;
    for (OpOperand *input : op.op.getDpsInputOperands()) {
      if (op.op.getMatchingBlockArgument(input).use_empty())
        continue;
      (loadsByGroup(op, *input) ? byGroup : whole).push_back(input);
    }
    if (byGroup.empty())
      return false;
    // Inputs read whole (registers, row scalars) and the output's current
    // values first, then group by group.
    DenseMap<OpOperand *, SmallVector<Value>> wholeValues;
    for (OpOperand *input : whole)
      wholeValues[input] = read(op, *input, ivs);
    SmallVector<Value> outValues;
    if (!outArg.use_empty())
      outValues = read(op, output, ivs);
    SmallVector<Value> results;
    for (int64_t j = 0; j < layout.groupsPerThread; ++j) {
      DenseMap<OpOperand *, SmallVector<Value>> groupValues;
      for (OpOperand *input : byGroup)
        groupValues[input] = loadGroup(op, *input, ivs, j);
      SmallVector<Value> groupResults;
      for (int64_t v = 0; v < layout.width; ++v) {
        size_t point = j * layout.width + v;
        IRMapping mapping;
        for (auto &[input, values] : wholeValues)
          mapping.map(op.op.getMatchingBlockArgument(input), values[point]);
        for (auto &[input, values] : groupValues)
          mapping.map(op.op.getMatchingBlockArgument(input), values[v]);
        if (!outValues.empty())
          mapping.map(outArg, outValues[point]);
        groupResults.push_back(cloneBody(b, op.op, ivs[point], mapping)[0]);
      }
      storeGroup(output.get(), groupResults, j);
      llvm::append_range(results, groupResults);
    }
    write(output, std::move(results), /*stored=*/true);
    return true;
  }

  void emitElementwise(RowOp &op) {
    SmallVector<SmallVector<Value>> ivs = iterationIvs(op);
    if (emitElementwiseByGroup(op, ivs))
      return;
    SmallVector<SmallVector<Value>> inputs = readInputs(op, ivs);
    OpOperand &output = op.op.getDpsInitsMutable()[0];
    BlockArgument outArg = op.op.getMatchingBlockArgument(&output);
    SmallVector<Value> current;
    if (!outArg.use_empty())
      current = read(op, output, ivs);
    SmallVector<Value> results;
    for (size_t point = 0; point < ivs.size(); ++point) {
      IRMapping mapping;
      mapInputs(op, inputs, point, mapping);
      if (!current.empty())
        mapping.map(outArg, current[point]);
      results.push_back(cloneBody(b, op.op, ivs[point], mapping)[0]);
    }
    write(output, std::move(results));
  }

  /// True when `value` differs between the thread's columns: it depends on
  /// one of `varying` (per-column inputs and loop indices).
  bool isVarying(Value value, const DenseSet<Value> &varying,
                 DenseMap<Value, bool> &memo) {
    if (varying.contains(value))
      return true;
    auto found = memo.find(value);
    if (found != memo.end())
      return found->second;
    Operation *def = value.getDefiningOp();
    bool result = false;
    memo[value] = false;
    if (def && def->getBlock() == b.getInsertionBlock())
      result = llvm::any_of(def->getOperands(), [&](Value operand) {
        return isVarying(operand, varying, memo);
      });
    memo[value] = result;
    return result;
  }

  /// Whether `value` (f64) can be recomputed in f32 (see demote).
  bool canDemote(Value value, const DenseSet<Value> &varying,
                 DenseMap<Value, bool> &memo) {
    if (!isVarying(value, varying, memo))
      return true;
    Operation *def = value.getDefiningOp();
    if (auto ext = dyn_cast_or_null<arith::ExtFOp>(def))
      return ext.getIn().getType().isF32();
    if (isa_and_nonnull<arith::AddFOp, arith::SubFOp, arith::MulFOp>(def))
      return canDemote(def->getOperand(0), varying, memo) &&
             canDemote(def->getOperand(1), varying, memo);
    if (isa_and_nonnull<arith::NegFOp>(def))
      return canDemote(def->getOperand(0), varying, memo);
    return false;
  }

  /// Whether `value` is never negative (NaN aside): a sum of such terms
  /// cannot cancel, so a thread's few float32 additions of them lose at most
  /// a few ulps of the partial sum and need no compensation.
  static bool isNonNegative(Value value) {
    Operation *def = value.getDefiningOp();
    if (!def)
      return false;
    if (auto constant = dyn_cast<arith::ConstantFloatOp>(def))
      return !constant.value().isNegative();
    if (isa<math::ExpOp, math::Exp2Op, math::AbsFOp, math::SqrtOp>(def))
      return true;
    if (isa<arith::ExtFOp, arith::TruncFOp>(def))
      return isNonNegative(def->getOperand(0));
    if (isa<arith::MulFOp>(def) && def->getOperand(0) == def->getOperand(1))
      return true;
    if (isa<arith::AddFOp, arith::MulFOp, arith::DivFOp>(def))
      return isNonNegative(def->getOperand(0)) &&
             isNonNegative(def->getOperand(1));
    if (isa<arith::MaximumFOp, arith::MaxNumFOp>(def))
      return isNonNegative(def->getOperand(0)) ||
             isNonNegative(def->getOperand(1));
    if (auto select = dyn_cast<arith::SelectOp>(def))
      return isNonNegative(select.getTrueValue()) &&
             isNonNegative(select.getFalseValue());
    return false;
  }

  /// `value` (f64) computed in f32: extensions of f32 values are dropped,
  /// values the same for all columns (row scalars) are rounded to f32 once,
  /// and the additions, subtractions, multiplications and negations
  /// between them are done in f32.
  Value demote(Value value, const DenseSet<Value> &varying,
               DenseMap<Value, bool> &memo, DenseMap<Value, Value> &done) {
    if (Value known = done.lookup(value))
      return known;
    Type f32 = b.getF32Type();
    Value result;
    Operation *def = value.getDefiningOp();
    if (!isVarying(value, varying, memo)) {
      result = b.createOrFold<arith::TruncFOp>(loc, f32, value);
    } else if (auto ext = dyn_cast<arith::ExtFOp>(def)) {
      result = ext.getIn();
    } else {
      SmallVector<Value> operands =
          llvm::map_to_vector(def->getOperands(), [&](Value operand) {
            return demote(operand, varying, memo, done);
          });
      OperationState state(loc, def->getName(), operands, {f32},
                           def->getAttrs());
      result = b.create(state)->getResult(0);
    }
    done[value] = result;
    return result;
  }

  /// Erases the defining ops of `values`, and then those of their
  /// operands, while they are side-effect free ops of the current block
  /// that nothing uses.
  void eraseIfDead(ArrayRef<Value> values) {
    SmallVector<Operation *> worklist;
    for (Value value : values)
      if (Operation *def = value.getDefiningOp())
        worklist.push_back(def);
    DenseSet<Operation *> erased;
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      if (erased.contains(op) || op->getBlock() != b.getInsertionBlock() ||
          !op->use_empty() || !isMemoryEffectFree(op))
        continue;
      for (Value operand : op->getOperands())
        if (Operation *def = operand.getDefiningOp())
          worklist.push_back(def);
      erased.insert(op);
      op->erase();
    }
  }

  void emitReduction(RowOp &op) {
    const Combiner &combiner = *op.combiner;
    SmallVector<SmallVector<Value>> ivs = iterationIvs(op);
    SmallVector<SmallVector<Value>> inputs = readInputs(op, ivs);
    OpOperand &output = op.op.getDpsInitsMutable()[0];
    BlockArgument outArg = op.op.getMatchingBlockArgument(&output);
    // A float64 sum of float32 values (a float32 sum, mean or variance):
    // each thread adds its own columns in float32 with Kahan's compensated
    // summation (so that its partial sum is as exact as a float64 one even
    // where the values cancel), and the threads' partial sums are combined
    // in float64 (no float64 conversion or arithmetic per element).
    bool partialF32 = isa<arith::AddFOp>(combiner.op) &&
                      combiner.neutral.getType().isF64() && ivs.size() > 1;
    DenseSet<Value> varying;
    DenseMap<Value, bool> memo;
    SmallVector<Value> replaced; // the float64 values demoted
    if (partialF32) {
      for (const SmallVector<Value> &values : inputs)
        if (llvm::any_of(values, [&](Value v) { return v != values[0]; }))
          varying.insert(values.begin(), values.end());
      for (ArrayRef<Value> at : ivs)
        varying.insert(at.begin() + 1, at.end());
    }
    Value neutral = combiner.neutralValue(b, loc);
    Value acc = neutral;
    // Kahan's compensation: minus the low part the float32 sum has lost
    // (none for terms that cannot cancel: exponentials, squares).
    Value compensation;
    bool compensated = true;
    if (partialF32) {
      acc = arith::ConstantOp::create(
          b, loc,
          b.getFloatAttr(b.getF32Type(), APFloat::getZero(APFloat::IEEEsingle(),
                                                          /*Negative=*/true)));
      compensation = arith::ConstantOp::create(
          b, loc, b.getFloatAttr(b.getF32Type(), 0.0));
    }
    for (size_t point = 0; point < ivs.size(); ++point) {
      // Columns past the row's end (the last group) leave the sums alone.
      Value valid = ivs.size() == columns.size()
                        ? groupValid[point / layout.width]
                        : Value();
      IRMapping mapping;
      mapInputs(op, inputs, point, mapping);
      mapping.map(outArg, partialF32 ? neutral : acc);
      Value next = cloneBody(b, op.op, ivs[point], mapping)[0];
      if (partialF32) {
        Operation *add = next.getDefiningOp();
        Value element = add->getOperand(1 - combiner.accOperand);
        if (point == 0 && !canDemote(element, varying, memo)) {
          // Not a function of float32 columns: float64 throughout.
          partialF32 = false;
          acc = neutral;
        } else {
          if (point == 0)
            compensated = !isNonNegative(element);
          DenseMap<Value, Value> done;
          Value demoted = demote(element, varying, memo, done);
          add->erase();
          replaced.push_back(element);
          if (!compensated) {
            next = arith::AddFOp::create(b, loc, acc, demoted);
          } else {
            Value y = arith::SubFOp::create(b, loc, demoted, compensation);
            next = arith::AddFOp::create(b, loc, acc, y);
            Value lost = arith::SubFOp::create(
                b, loc, arith::SubFOp::create(b, loc, next, acc), y);
            compensation = valid ? arith::SelectOp::create(b, loc, valid, lost,
                                                           compensation)
                                       .getResult()
                                 : lost;
          }
        }
      }
      acc = valid ? arith::SelectOp::create(b, loc, valid, next, acc) : next;
    }
    if (partialF32) {
      Type f64 = b.getF64Type();
      acc = arith::ExtFOp::create(b, loc, f64, acc);
      if (compensated)
        acc = arith::SubFOp::create(
            b, loc, acc, arith::ExtFOp::create(b, loc, f64, compensation));
    }
    eraseIfDead(replaced);
    Value total = acc;
    if (op.innerSize > 1)
      total = blockReduce(b, loc, combiner, acc, scratch.lookup(acc.getType()),
                          tid, layout.blockSize);
    if (op.innerSize > 1 && clusterRank)
      total = clusterReduce(b, loc, combiner, total, *exchange, exchanges++,
                            round, clusterRank, tid);
    Value init = read(op, output, ArrayRef(ivs).take_front(1))[0];
    write(output, {combiner.combine(b, loc, init, total)});
  }

  OpBuilder &b;
  Location loc;
  const RowLayout &layout;
  Value row, tid, rowValid, clusterRank;
  Value round; // the block's row count so far, with clusters
  const DenseSet<Value> &written;
  const DenseSet<Value> &keep;
  const DenseMap<Type, Value> &scratch;
  const ClusterExchange *exchange;
  unsigned exchanges = 0; // cluster exchanges emitted for this row

  DenseMap<Key, SmallVector<Value>> staged; // whole rows later ops read
  DenseMap<Key, unsigned> lastRead;
  DenseMap<Value, unsigned> lastWrite;
  unsigned current = 0;

  SmallVector<Value> groupStarts, groupValid, columns;
  DenseMap<Value, SmallVector<Value>> state; // root buffer -> row values
  DenseMap<Value, Value> views;              // root buffer -> a written view
  DenseSet<Value> perRowRoots;               // roots with one value per row
  llvm::SetVector<Value> dirty;              // written roots, in order
  // (buffer, indexing map) -> values of a buffer the group only reads
  DenseMap<Key, SmallVector<Value>> loaded;
};

//===----------------------------------------------------------------------===//
// Groups
//===----------------------------------------------------------------------===//

/// Erases `root`'s allocation, views and dealloc when nothing else uses
/// them any more.
void eraseIfUnused(Value root) {
  auto alloc = root.getDefiningOp<memref::AllocOp>();
  if (!alloc)
    return;
  SmallVector<Operation *> chain;
  SmallVector<Value> worklist = {root};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (isa<memref::ExpandShapeOp, memref::CollapseShapeOp, memref::CastOp>(
              user)) {
        chain.push_back(user);
        worklist.append(user->result_begin(), user->result_end());
        continue;
      }
      if (!isa<memref::DeallocOp>(user))
        return;
      chain.push_back(user);
    }
  }
  for (Operation *op : llvm::reverse(chain))
    op->dropAllUses();
  for (Operation *op : llvm::reverse(chain))
    op->erase();
  alloc->erase();
}

struct ArrayGpuRowKernelsPass
    : array::impl::ArrayGpuRowKernelsBase<ArrayGpuRowKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (elementsPerThread <= 0 || maxElementsPerThread < elementsPerThread) {
      getOperation().emitError(
          "array-gpu-row-kernels: elements-per-thread must be positive and "
          "at most max-elements-per-thread");
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    // Fills are generics to this pass (array-gpu-map-linalg would
    // generalize them anyway).
    generalizeFills(getOperation());
    // The first of the kernel passes: every kernel body it and the others
    // clone divides by reciprocals where the quotient is rounded to 16
    // bits.
    relaxRoundedDivisions(getOperation());
    SmallVector<Block *> blocks = planBlocks(getOperation());
    RowPlanOptions options{elementsPerThread, maxElementsPerThread,
                           maxClusterSize, clusterBlockSize};
    for (Block *block : blocks)
      for (RowGroupPlan &plan : planRowGroups(block, options))
        fuse(rewriter, plan);
  }

  /// How many blocks of the group's kernel should fit on an SM at once, so
  /// that one row's loads overlap another's reductions and stores: the
  /// register file (64K 32-bit registers) divided by the block's threads
  /// and twice the registers a thread's columns take (the other half for
  /// addresses, partial results and the like; at least 64), at most 32.
  int64_t blocksPerSM(Group &group, const RowLayout &layout) {
    // The widest element of the buffers accessed per column.
    unsigned bits = 32;
    for (RowOp &op : group.ops) {
      for (OpOperand &operand : op.op->getOpOperands()) {
        auto type = dyn_cast<MemRefType>(operand.get().getType());
        AffineMap map = op.op.getMatchingIndexingMap(&operand);
        bool perColumn = llvm::any_of(
            llvm::seq<unsigned>(1, op.ranges.size()), [&](unsigned dim) {
              return op.ranges[dim] != 1 && map.isFunctionOfDim(dim);
            });
        if (type && perColumn)
          bits = std::max(bits, type.getElementTypeBitWidth());
      }
    }
    int64_t registers =
        std::max<int64_t>(64, 2 * layout.slots() * llvm::divideCeil(bits, 32));
    return std::min<int64_t>(32, 65536 / (layout.threads() * registers));
  }

  void fuse(IRRewriter &rewriter, RowGroupPlan &plan) {
    if (!plan.layout)
      return;
    Group &group = plan.group;
    const DenseSet<Value> &written = plan.written;
    std::optional<RowLayout> layout = plan.layout;
    // Rows over several loops (rank > 2) become one loop first: the
    // emission below indexes rows by loop 0.
    for (RowOp &op : group.ops) {
      FailureOr<RowOp> collapsed = collapseRowLoops(rewriter, op);
      if (failed(collapsed)) {
        op.op->emitError("array-gpu-row-kernels: cannot collapse the row "
                         "loops the plan collapses");
        return;
      }
      op = *collapsed;
    }

    Operation *last = group.ops.back().op;
    const DenseSet<Value> &keep = plan.kept;

    Location loc = last->getLoc();
    rewriter.setInsertionPoint(last);
    llvm::SetVector<Type> accTypes;
    for (RowOp &op : group.ops)
      if (op.combiner && op.innerSize > 1 &&
          (layout->blockSize > 32 || layout->clusterSize > 1))
        accTypes.insert(op.combiner->neutral.getType());
    SmallVector<Type> scratchTypes = llvm::map_to_vector(
        accTypes, [](Type type) -> Type { return reductionScratchType(type); });
    // With clusters, one exchange of block totals per reduction over rows.
    SmallVector<Type> exchanged;
    if (layout->clusterSize > 1 && plan.strategy != RowStrategy::Streaming)
      for (RowOp &op : group.ops)
        if (op.combiner && op.innerSize > 1)
          exchanged.push_back(op.combiner->neutral.getType());
    if (!exchanged.empty())
      llvm::append_range(scratchTypes,
                         clusterExchangeTypes(rewriter.getContext(), exchanged,
                                              layout->clusterSize));
    {
      OpBuilder::InsertionGuard guard(rewriter);
      int64_t rowsPerBlock = layout->rowsPerBlock;
      int64_t cluster = layout->clusterSize;
      int64_t steps = llvm::divideCeil(group.rows, rowsPerBlock);
      Value grid =
          cst(rewriter, loc, std::min(steps, kMaxGrid / cluster) * cluster);
      gpu::LaunchOp launch = createLaunch(rewriter, loc, grid,
                                          layout->threads(), scratchTypes,
                                          cluster);
      DenseMap<Type, Value> scratch;
      for (auto [type, buffer] :
           llvm::zip(accTypes, launch.getWorkgroupAttributions()))
        scratch[type] = buffer;
      ClusterExchange exchange;
      exchange.clusterSize = cluster;
      if (!exchanged.empty()) {
        ArrayRef<BlockArgument> buffers =
            launch.getWorkgroupAttributions().drop_front(accTypes.size());
        exchange.barriers = buffers.front();
        llvm::append_range(exchange.slots, buffers.drop_front());
        initClusterExchange(rewriter, loc, exchange, launch.getThreadIds().x);
      }
      // With clusters, cluster c (blocks c * C .. c * C + C - 1) takes rows
      // c, c + #clusters, ...; block rank r in it part r of each.
      Value first = launch.getBlockIds().x, stride = launch.getGridSize().x;
      Value rank;
      if (cluster > 1) {
        Value size = cst(rewriter, loc, cluster);
        rank = arith::RemUIOp::create(rewriter, loc, first, size);
        first = arith::DivUIOp::create(rewriter, loc, first, size);
        stride = arith::DivUIOp::create(rewriter, loc, stride, size);
      }
      auto rows = scf::ForOp::create(rewriter, loc, first,
                                     cst(rewriter, loc, steps), stride);
      if (int64_t blocks = blocksPerSM(group, *layout); blocks > 1)
        arrayrt::ArrayrtDialect::MinBlocksPerSmAttrHelper(rewriter.getContext())
            .setAttr(rows, rewriter.getI32IntegerAttr(blocks));
      if (!exchanged.empty()) {
        rewriter.setInsertionPointAfter(rows);
        finishClusterExchange(rewriter, loc);
      }
      rewriter.setInsertionPointToStart(rows.getBody());
      // The rows this block has done before this one.
      Value round;
      if (!exchanged.empty())
        round = arith::DivUIOp::create(
            rewriter, loc,
            arith::SubIOp::create(rewriter, loc, rows.getInductionVar(), first),
            stride);
      // The thread's row and its lane in the row's threads.
      Value row = rows.getInductionVar();
      Value lane = launch.getThreadIds().x;
      Value rowValid;
      if (rowsPerBlock > 1) {
        Value lanes = cst(rewriter, loc, layout->blockSize);
        row = arith::AddIOp::create(
            rewriter, loc,
            arith::MulIOp::create(rewriter, loc, row,
                                  cst(rewriter, loc, rowsPerBlock)),
            arith::DivUIOp::create(rewriter, loc, lane, lanes));
        lane = arith::RemUIOp::create(rewriter, loc, lane, lanes);
        if (group.rows % rowsPerBlock != 0) {
          Value last = cst(rewriter, loc, group.rows - 1);
          rowValid = arith::CmpIOp::create(
              rewriter, loc, arith::CmpIPredicate::ule, row, last);
          row = arith::MinUIOp::create(rewriter, loc, row, last);
        }
      }
      if (plan.strategy == RowStrategy::Streaming) {
        emitStreamedRow(rewriter, loc, plan, row, lane, keep, scratch);
      } else {
        RowEmitter emitter(rewriter, loc, group, *layout, row, lane, rowValid,
                           written, keep, scratch, rank, &exchange, round);
        for (RowOp &op : group.ops)
          emitter.emit(op);
        emitter.storeResults();
      }
      divideByRowValues(launch);
    }
    for (RowOp &op : group.ops)
      rewriter.eraseOp(op.op);
    for (Value root : written)
      if (!keep.contains(root))
        eraseIfUnused(root);
  }
};

} // namespace
