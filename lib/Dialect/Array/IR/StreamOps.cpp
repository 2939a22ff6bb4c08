//===- StreamOps.cpp - Streams, events and copies -------------------------===//

#include "arrayc/Dialect/Array/IR/ArrayOps.h"

using namespace mlir;
using namespace mlir::array;

LogicalResult OnStreamOp::verify() {
  auto yield = cast<StreamYieldOp>(getBody().front().getTerminator());
  if (yield.getValues().size() != getNumResults())
    return emitOpError("region yields ")
           << yield.getValues().size() << " values but the op has "
           << getNumResults() << " results";
  for (auto [index, pair] : llvm::enumerate(
           llvm::zip(yield.getValues().getTypes(), getResultTypes()))) {
    auto [yielded, result] = pair;
    if (yielded != result)
      return emitOpError("region yields ")
             << yielded << " as value #" << index << " but result #" << index
             << " has type " << result;
  }
  return success();
}
