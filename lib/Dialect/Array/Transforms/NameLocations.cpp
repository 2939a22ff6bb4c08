//===- NameLocations.cpp - Locations that name their array op -------------===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
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
      // A user kernel is named after the kernel ("array.cuda_kernel
      // histogram"; formatOpLabel shows "histogram").
      if (auto kernel = dyn_cast<array::CudaKernelOp>(op))
        name = StringAttr::get(op->getContext(),
                               name.getValue() + " " + kernel.getKernel());
      else if (auto kernel = dyn_cast<array::GpuKernelOp>(op))
        name = StringAttr::get(
            op->getContext(),
            name.getValue() + " " +
                kernel.getKernel().getLeafReference().getValue());
      Location loc = op->getLoc();
      if (auto named = dyn_cast<NameLoc>(loc); named && named.getName() == name)
        return;
      op->setLoc(NameLoc::get(name, loc));
    });
  }
};

} // namespace
