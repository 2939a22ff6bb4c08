//===- RejectGpuKernels.cpp - No CUDA kernels on the CPU target -----------===//

#include "arrayc/Codegen/CPU/Passes.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYREJECTGPUKERNELS
#include "arrayc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

struct ArrayRejectGpuKernelsPass
    : array::impl::ArrayRejectGpuKernelsBase<ArrayRejectGpuKernelsPass> {
  void runOnOperation() override {
    bool found = false;
    getOperation().walk([&](Operation *op) {
      if (!isa<array::CudaKernelOp, array::GpuKernelOp>(op))
        return;
      op->emitError() << "'" << op->getName()
                      << "' launches a CUDA kernel, which the CPU target "
                         "cannot run: compile with --target=cuda (a CUDA "
                         "toolkit is needed to compile, a GPU to run)";
      found = true;
    });
    if (found)
      signalPassFailure();
  }
};

} // namespace
