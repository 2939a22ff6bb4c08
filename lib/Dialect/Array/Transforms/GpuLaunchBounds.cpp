//===- GpuLaunchBounds.cpp - Occupancy requests to NVVM launch bounds -----===//
//
// Kernel-building passes run before outlining, which drops the attributes
// of a gpu.launch; they leave `array.min_blocks_per_sm` on an op of the
// launch body instead, and this pass moves it to the outlined kernel.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPULAUNCHBOUNDS
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kMinBlocksPerSMAttr = "array.min_blocks_per_sm";
constexpr llvm::StringLiteral kMinctasmAttr = "nvvm.minctasm";

struct ArrayGpuLaunchBoundsPass
    : array::impl::ArrayGpuLaunchBoundsBase<ArrayGpuLaunchBoundsPass> {
  void runOnOperation() override {
    getOperation().walk([](gpu::GPUFuncOp func) {
      int64_t blocks = 0;
      func.walk([&](Operation *op) {
        auto request = op->getAttrOfType<IntegerAttr>(kMinBlocksPerSMAttr);
        if (!request)
          return;
        blocks = std::max(blocks, request.getInt());
        op->removeAttr(kMinBlocksPerSMAttr);
      });
      if (blocks > 1 && func.isKernel())
        func->setAttr(kMinctasmAttr,
                      IntegerAttr::get(IntegerType::get(func.getContext(), 32),
                                       blocks));
    });
  }
};

} // namespace
