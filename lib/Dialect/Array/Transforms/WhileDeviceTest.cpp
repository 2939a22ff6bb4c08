//===- WhileDeviceTest.cpp - A while loop's test computed as an array -----===//
//
// `while x.sum() > tol` reads the sum on the host and compares it there.
// This pass computes such a test as a 0-d i1 array (a linalg.generic over
// the 0-d arrays the host read) and reads only that: the test is then on
// the device, where array-graph-while can keep the whole loop.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYWHILEDEVICETEST
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// The ops of `block` the test `value` is computed by, in block order, when
/// they are scalar arith ops and reads of 0-d arrays (`extracts`, in block
/// order), at least one read, and only the test uses them; values from
/// outside them are used as they are.
bool collectTest(Value value, Block *block, SetVector<Operation *> &ops,
                 SmallVectorImpl<tensor::ExtractOp> &extracts) {
  SmallVector<Value> pending = {value};
  while (!pending.empty()) {
    Operation *op = pending.pop_back_val().getDefiningOp();
    if (!op || op->getBlock() != block || ops.contains(op))
      continue;
    if (auto extract = dyn_cast<tensor::ExtractOp>(op)) {
      if (extract.getTensor().getType().getRank() != 0)
        return false;
      ops.insert(op);
      extracts.push_back(extract);
      continue;
    }
    if (op->getDialect()->getNamespace() != "arith" || !isPure(op) ||
        op->getNumRegions() != 0 ||
        !llvm::all_of(op->getResultTypes(),
                      [](Type type) { return type.isIntOrIndexOrFloat(); }))
      return false;
    ops.insert(op);
    llvm::append_range(pending, op->getOperands());
  }
  if (extracts.empty())
    return false;
  // Nothing else uses what the test is computed from (a value the
  // condition forwards is read on the host anyway).
  if (!value.hasOneUse())
    return false;
  for (Operation *op : ops)
    for (Operation *user : op->getUsers())
      if (!ops.contains(user) && op != value.getDefiningOp())
        return false;
  llvm::sort(extracts, [](tensor::ExtractOp a, tensor::ExtractOp b) {
    return a->isBeforeInBlock(b);
  });
  SmallVector<Operation *> sorted(ops.begin(), ops.end());
  llvm::sort(sorted,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  ops = SetVector<Operation *>(llvm::from_range, sorted);
  return true;
}

/// Rewrites the test of `loop` when it qualifies.
void computeOnDevice(scf::WhileOp loop) {
  scf::ConditionOp condition = loop.getConditionOp();
  Value test = condition.getCondition();
  Block *block = loop.getBeforeBody();
  // A test already read from a 0-d i1 array stays.
  if (test.getDefiningOp<tensor::ExtractOp>())
    return;
  SetVector<Operation *> ops;
  SmallVector<tensor::ExtractOp> extracts;
  if (!collectTest(test, block, ops, extracts))
    return;
  // Each array read once, as the kernel's inputs.
  SetVector<Value> arrays;
  for (tensor::ExtractOp extract : extracts)
    arrays.insert(extract.getTensor());
  Location loc = test.getLoc();
  OpBuilder b(condition);
  auto scalarMap = AffineMap::get(0, 0, b.getContext());
  SmallVector<AffineMap> maps(arrays.size() + 1, scalarMap);
  Value init =
      tensor::EmptyOp::create(b, loc, ArrayRef<int64_t>{}, b.getI1Type());
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, arrays.getArrayRef(), ValueRange{init},
      maps, ArrayRef<utils::IteratorType>{},
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        IRMapping mapping;
        for (tensor::ExtractOp extract : extracts)
          mapping.map(
              extract.getResult(),
              args[llvm::find(arrays, extract.getTensor()) - arrays.begin()]);
        for (Operation *op : ops)
          if (!isa<tensor::ExtractOp>(op))
            nested.clone(*op, mapping);
        linalg::YieldOp::create(nested, nestedLoc, mapping.lookup(test));
      });
  Value read =
      tensor::ExtractOp::create(b, loc, generic.getResult(0), ValueRange{});
  condition.getConditionMutable().assign(read);
  // What only the test used goes.
  for (Operation *op : llvm::reverse(ops))
    if (op->use_empty())
      op->erase();
}

struct ArrayWhileDeviceTestPass
    : array::impl::ArrayWhileDeviceTestBase<ArrayWhileDeviceTestPass> {
  void runOnOperation() override {
    getOperation()->walk([](scf::WhileOp loop) { computeOnDevice(loop); });
  }
};

} // namespace
