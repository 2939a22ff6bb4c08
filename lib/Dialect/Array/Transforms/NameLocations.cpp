//===- NameLocations.cpp - Locations that name their array op -------------===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "arrayc/Dialect/Array/IR/ArrayDialect.h"
#include "mlir/IR/Location.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYNAMELOCATIONS
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

struct ArrayNameLocationsPass
    : array::impl::ArrayNameLocationsBase<ArrayNameLocationsPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      if (!isa<array::ArrayDialect>(op->getDialect()))
        return;
      StringAttr name = op->getName().getIdentifier();
      Location loc = op->getLoc();
      if (auto named = dyn_cast<NameLoc>(loc); named && named.getName() == name)
        return;
      op->setLoc(NameLoc::get(name, loc));
    });
  }
};

} // namespace
