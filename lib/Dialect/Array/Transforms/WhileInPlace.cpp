//===- WhileInPlace.cpp - A while loop's arrays kept in their buffers -----===//
//
// An scf.while whose condition forwards its arguments unchanged yields each
// carried array's new value into the buffer of the old one: bufferization
// then gives the loop one buffer per carried array, the same every
// iteration, instead of a new allocation per iteration and a copy at the
// condition.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYWHILEINPLACE
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// Index pairs the "after" block asserts equal (`cf.assert` of an `arith.cmpi
/// eq`, as the array ops' size checks are) before `point`: past them the
/// program has stopped unless they hold.
SmallVector<std::pair<Value, Value>> assertedEqual(Block *block,
                                                   Operation *point) {
  SmallVector<std::pair<Value, Value>> pairs;
  for (Operation &op : *block) {
    if (&op == point)
      break;
    auto check = dyn_cast<cf::AssertOp>(op);
    if (!check)
      continue;
    auto cmp = check.getArg().getDefiningOp<arith::CmpIOp>();
    if (cmp && cmp.getPredicate() == arith::CmpIPredicate::eq &&
        cmp.getLhs().getType().isIndex())
      pairs.emplace_back(cmp.getLhs(), cmp.getRhs());
  }
  return pairs;
}

bool equalIndices(Value a, Value b) {
  if (a == b)
    return true;
  FailureOr<bool> equal = ValueBoundsConstraintSet::areEqual(a, b);
  return succeeded(equal) && *equal;
}

/// The `tensor.dim` of `tensor` in dimension `d` that `yield`'s block
/// computes before it, or null.
Value sizeBefore(Value tensor, int64_t d, Operation *yield) {
  for (Operation *user : tensor.getUsers())
    if (auto dim = dyn_cast<tensor::DimOp>(user))
      if (dim->getBlock() == yield->getBlock() && dim->isBeforeInBlock(yield) &&
          dim.getConstantIndex() == std::optional<int64_t>(d))
        return dim.getResult();
  return {};
}

/// Whether `value` has the shape of `target` whenever the loop reaches its
/// yield: static sizes equal, dynamic ones equal by their bounds or by a
/// size check that stops the program otherwise.
bool sameShape(Value value, Value target, Operation *yield) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type != target.getType())
    return false;
  std::optional<SmallVector<std::pair<Value, Value>>> asserted;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!type.isDynamicDim(d))
      continue;
    FailureOr<bool> equal = ValueBoundsConstraintSet::areEqual(
        ValueBoundsConstraintSet::Variable(value, d),
        ValueBoundsConstraintSet::Variable(target, d));
    if (succeeded(equal) && *equal)
      continue;
    // A size check relating the two sizes (each as it is computed).
    Value targetSize = sizeBefore(target, d, yield);
    if (!targetSize)
      return false;
    if (!asserted)
      asserted = assertedEqual(yield->getBlock(), yield);
    auto relates = [&](Value mine, Value theirs) {
      if (!equalIndices(theirs, targetSize))
        return false;
      FailureOr<bool> same = ValueBoundsConstraintSet::areEqual(
          ValueBoundsConstraintSet::Variable(value, d),
          ValueBoundsConstraintSet::Variable(mine));
      return succeeded(same) && *same;
    };
    if (!llvm::any_of(*asserted, [&](const std::pair<Value, Value> &pair) {
          return relates(pair.first, pair.second) ||
                 relates(pair.second, pair.first);
        }))
      return false;
  }
  return true;
}

/// When `value` is made by a destination-style op into a `tensor.empty` (or
/// a `linalg.fill` of one that only this op uses), makes it write into
/// `target` instead: the empty tensor's contents are undefined, so the
/// value does not change, and bufferization can then compute it in
/// `target`'s buffer.
void writeInto(Value value, Value target) {
  auto result = dyn_cast<OpResult>(value);
  if (!result)
    return;
  // Only an op of the "after" block (`target`'s): one from before the
  // loop cannot use the argument, and its value is the same every
  // iteration.
  auto op = dyn_cast<DestinationStyleOpInterface>(result.getOwner());
  if (!op || op->getBlock() != cast<BlockArgument>(target).getOwner())
    return;
  OpOperand *init = op.getTiedOpOperand(result);
  if (!init)
    return;
  if (auto fill = init->get().getDefiningOp<linalg::FillOp>()) {
    if (!fill->hasOneUse() || fill->getBlock() != op->getBlock())
      return;
    op = fill;
    init = fill.getDpsInitOperand(0);
  }
  if (init->get().getDefiningOp<tensor::EmptyOp>() &&
      init->get().getType() == target.getType())
    init->set(target);
}

/// When `loop`'s condition forwards some of its "before" arguments as they
/// are (canonicalization drops those whose results nobody uses), a loop
/// whose condition forwards all of them, in order, with as many results;
/// `loop` itself when it does already; null otherwise.
scf::WhileOp forwardingAll(scf::WhileOp loop) {
  Block *before = loop.getBeforeBody();
  scf::ConditionOp condition = loop.getConditionOp();
  if (condition.getArgs() == ValueRange(before->getArguments()))
    return loop;
  SmallVector<unsigned> position; // Of each forwarded value's argument.
  for (Value arg : condition.getArgs()) {
    auto blockArg = dyn_cast<BlockArgument>(arg);
    if (!blockArg || blockArg.getOwner() != before)
      return {};
    position.push_back(blockArg.getArgNumber());
  }
  OpBuilder b(loop);
  TypeRange types = before->getArgumentTypes();
  auto all = scf::WhileOp::create(b, loop.getLoc(), types, loop.getInits());
  all.getBefore().takeBody(loop.getBefore());
  Block *oldAfter = loop.getAfterBody();
  Block *after =
      b.createBlock(&all.getAfter(), {}, types,
                    SmallVector<Location>(types.size(), loop.getLoc()));
  for (auto [j, arg] : llvm::enumerate(oldAfter->getArguments()))
    arg.replaceAllUsesWith(after->getArgument(position[j]));
  after->getOperations().splice(after->end(), oldAfter->getOperations());
  for (auto [j, result] : llvm::enumerate(loop.getResults()))
    result.replaceAllUsesWith(all.getResult(position[j]));
  scf::ConditionOp moved = all.getConditionOp();
  moved.getArgsMutable().assign(all.getBeforeBody()->getArguments());
  loop.erase();
  return all;
}

/// Rewrites `loop` when its condition forwards "before" arguments as they
/// are; whether it did.
bool keepInPlace(scf::WhileOp loop) {
  loop = forwardingAll(loop);
  if (!loop)
    return false;
  Block *after = loop.getAfterBody();
  auto yield = cast<scf::YieldOp>(after->getTerminator());
  bool changed = false;
  for (auto [index, operand] : llvm::enumerate(yield->getOpOperands())) {
    Value value = operand.get();
    Value argument = after->getArgument(index);
    if (value == argument || !isa<RankedTensorType>(value.getType()) ||
        !sameShape(value, argument, yield))
      continue;
    writeInto(value, argument);
    OpBuilder b(yield);
    operand.set(bufferization::MaterializeInDestinationOp::create(
                    b, loop.getLoc(), value, argument)
                    .getResult());
    changed = true;
  }
  return changed;
}

struct ArrayWhileInPlacePass
    : array::impl::ArrayWhileInPlaceBase<ArrayWhileInPlacePass> {
  void runOnOperation() override {
    SmallVector<scf::WhileOp> loops;
    getOperation()->walk([&](scf::WhileOp loop) { loops.push_back(loop); });
    for (scf::WhileOp loop : loops)
      keepInPlace(loop);
  }
};

} // namespace
