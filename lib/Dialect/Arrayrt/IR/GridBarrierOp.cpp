//===- GridBarrierOp.cpp - arrayrt.grid_barrier ---------------------------===//

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::arrayrt;

LogicalResult GridBarrierOp::verify() {
  if (!(*this)->getParentOfType<gpu::LaunchOp>() &&
      !(*this)->getParentOfType<gpu::GPUFuncOp>())
    return emitOpError("expected to be inside a kernel (a gpu.launch body or "
                       "a gpu.func), found it in host code");
  return success();
}
