//===- LaunchBounds.cpp - Occupancy requests to NVVM launch bounds --------===//
//
// Kernel-building passes run before outlining, which drops the attributes
// of a gpu.launch; they leave `arrayrt.min_blocks_per_sm` (a discardable
// attribute of the arrayrt dialect) on an op of the launch body instead,
// and this pass moves it to the outlined kernel.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Codegen/GPU/Passes.h"

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPULAUNCHBOUNDS
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kMinctasmAttr = "nvvm.minctasm";

struct ArrayGpuLaunchBoundsPass
    : array::impl::ArrayGpuLaunchBoundsBase<ArrayGpuLaunchBoundsPass> {
  void runOnOperation() override {
    arrayrt::ArrayrtDialect::MinBlocksPerSmAttrHelper request(&getContext());
    getOperation().walk([&](gpu::GPUFuncOp func) {
      int64_t blocks = 0;
      func.walk([&](Operation *op) {
        IntegerAttr requested = request.getAttr(op);
        if (!requested)
          return;
        blocks = std::max(blocks, requested.getInt());
        request.removeAttr(op);
      });
      if (blocks > 1 && func.isKernel())
        func->setAttr(
            kMinctasmAttr,
            IntegerAttr::get(IntegerType::get(func.getContext(), 32), blocks));
    });
  }
};

} // namespace
