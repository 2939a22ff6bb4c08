//===- OpContext.cpp - Name each GPU operation's array op at run time -----===//
//
// After array-gpu-streams, so that the ops it inserts are not taken for
// host work that must wait for the GPU.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Codegen/GPU/Passes.h"

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUOPCONTEXT
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// The byte size of a memref as an i64 value: static sizes fold, dynamic
/// ones are read; a dimension with static stride 0 counts once.
Value memrefBytes(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  Type i64 = b.getI64Type();
  int64_t elementBytes =
      (type.getElementTypeBitWidth() + 7) / 8; // i1 is one byte.
  SmallVector<int64_t> strides;
  int64_t offset;
  bool strided = succeeded(type.getStridesAndOffset(strides, offset));
  int64_t staticBytes = elementBytes;
  Value dynamicBytes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    if (strided && strides[dim] == 0)
      continue;
    if (!type.isDynamicDim(dim)) {
      staticBytes *= type.getDimSize(dim);
      continue;
    }
    Value size = memref::DimOp::create(b, loc, memref, dim);
    size = arith::IndexCastOp::create(b, loc, i64, size);
    dynamicBytes =
        dynamicBytes ? arith::MulIOp::create(b, loc, dynamicBytes, size) : size;
  }
  Value bytes =
      arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(staticBytes));
  if (dynamicBytes)
    bytes = arith::MulIOp::create(b, loc, bytes, dynamicBytes);
  return bytes;
}

struct ArrayGpuOpContextPass
    : array::impl::ArrayGpuOpContextBase<ArrayGpuOpContextPass> {
  void runOnOperation() override {
    // Host functions only: kernels live in gpu.module ops. The GPU
    // operations and the calls that queue device work of an array op (a
    // library call, a file's copy).
    SmallVector<Operation *> targets;
    getOperation().walk([&](Operation *op) {
      if (op->getParentOfType<gpu::GPUModuleOp>())
        return;
      auto ordered = dyn_cast<arrayrt::StreamOrderedOpInterface>(op);
      if (isa<gpu::LaunchFuncOp, gpu::AllocOp, gpu::MemcpyOp, gpu::MemsetOp>(
              op) ||
          (ordered && ordered.isStreamOrdered()))
        targets.push_back(op);
    });

    OpBuilder b(&getContext());
    for (Operation *op : targets) {
      Location loc = op->getLoc();
      b.setInsertionPoint(op);
      Value bytes;
      // A kernel's bytes: those of its buffers (the profile's bandwidth).
      std::optional<OperandRange> kernelOperands;
      if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op))
        kernelOperands = launch.getKernelOperands();
      else if (auto launch = dyn_cast<arrayrt::LaunchImageOp>(op))
        kernelOperands = launch.getArgs();
      if (kernelOperands) {
        for (Value operand : *kernelOperands) {
          if (!isa<MemRefType>(operand.getType()))
            continue;
          Value size = memrefBytes(b, loc, operand);
          bytes = bytes ? arith::AddIOp::create(b, loc, bytes, size) : size;
        }
      }
      if (!bytes)
        bytes = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
      arrayrt::SetOpOp::create(b, loc, bytes);
    }
  }
};

} // namespace
