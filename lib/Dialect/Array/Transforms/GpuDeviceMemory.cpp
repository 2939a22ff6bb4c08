//===- GpuDeviceMemory.cpp - Put a program's buffers in GPU memory --------===//

#include "arrayc/Dialect/Array/Transforms/Passes.h"

#include "GpuUtils.h"
#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Array/IR/DeviceBuffer.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUDEVICEMEMORY
#include "arrayc/Dialect/Array/Transforms/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using mlir::array::gpu_utils::rootBuffer;

namespace {

/// The sizes of `buffer`'s dynamic dimensions, for allocating its twin.
SmallVector<Value> dynamicSizes(OpBuilder &b, Location loc, Value buffer) {
  SmallVector<Value> sizes;
  auto type = cast<MemRefType>(buffer.getType());
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      sizes.push_back(memref::DimOp::create(b, loc, buffer, dim));
  return sizes;
}

/// A plain row-major buffer type with `type`'s shape and element type.
MemRefType contiguousType(MemRefType type) {
  return MemRefType::get(type.getShape(), type.getElementType());
}

/// True when host code reads or writes `alloc`'s memory directly (through
/// any view of it): such a buffer, like the ownership flags buffer
/// deallocation keeps, must stay in host memory.
bool isAccessedByHost(memref::AllocOp alloc) {
  SmallVector<Value> worklist = {alloc.getResult()};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (isa<memref::LoadOp, memref::StoreOp>(user) &&
          !user->getParentOfType<gpu::LaunchOp>())
        return true;
      if (isa<ViewLikeOpInterface, memref::CastOp>(user))
        worklist.append(user->result_begin(), user->result_end());
    }
  }
  return false;
}

/// True when every use of `global` is the source of a memref.copy into a
/// buffer that moves to the device.
bool onlyCopiedToDevice(memref::GetGlobalOp global) {
  if (global->use_empty())
    return false;
  return llvm::all_of(global->getUses(), [](OpOperand &use) {
    auto copy = dyn_cast<memref::CopyOp>(use.getOwner());
    if (!copy || use.getOperandNumber() != 0)
      return false;
    auto alloc = rootBuffer(copy.getTarget()).getDefiningOp<memref::AllocOp>();
    return alloc && !isAccessedByHost(alloc);
  });
}

LogicalResult requireContiguous(Operation *op, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getLayout().isIdentity())
    return success();
  return op->emitOpError("cannot move the strided buffer ")
         << type << " between host and device memory yet";
}

struct ArrayGpuDeviceMemoryPass
    : array::impl::ArrayGpuDeviceMemoryBase<ArrayGpuDeviceMemoryPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    IRRewriter rewriter(&getContext());
    bool failedAny = false;
    SmallVector<Operation *> worklist;
    func.walk([&](Operation *op) {
      if (isa<memref::AllocOp, memref::DeallocOp, memref::CopyOp,
              memref::GetGlobalOp, array::PrintOp, array::SaveNpyOp,
              array::LoadNpyIntoOp>(op))
        worklist.push_back(op);
    });

    SmallVector<Value> globalCopies;
    // Allocations host code accesses; everything else moves to the device.
    // The worklist is in program order, so allocations come before their
    // deallocations and copies.
    llvm::SmallDenseSet<Value> hostAllocs;
    for (Operation *op : worklist) {
      Location loc = op->getLoc();
      rewriter.setInsertionPoint(op);
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        if (isAccessedByHost(alloc)) {
          hostAllocs.insert(alloc.getResult());
          continue;
        }
        auto deviceAlloc = gpu::AllocOp::create(
            rewriter, loc, alloc.getType(), /*asyncToken=*/Type(),
            /*asyncDependencies=*/ValueRange(), alloc.getDynamicSizes(),
            alloc.getSymbolOperands());
        rewriter.replaceOp(alloc, deviceAlloc.getMemref());
        continue;
      }
      if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        if (hostAllocs.contains(rootBuffer(dealloc.getMemref())))
          continue;
        gpu::DeallocOp::create(rewriter, loc, /*asyncToken=*/Type(),
                               ValueRange(), dealloc.getMemref());
        rewriter.eraseOp(dealloc);
        continue;
      }
      if (auto copy = dyn_cast<memref::CopyOp>(op)) {
        if (hostAllocs.contains(rootBuffer(copy.getSource())) &&
            hostAllocs.contains(rootBuffer(copy.getTarget())))
          continue;
        if (failed(requireContiguous(op, copy.getSource())) ||
            failed(requireContiguous(op, copy.getTarget()))) {
          failedAny = true;
          continue;
        }
        gpu::MemcpyOp::create(rewriter, loc, /*asyncToken=*/Type(),
                              ValueRange(), copy.getTarget(),
                              copy.getSource());
        rewriter.eraseOp(copy);
        continue;
      }
      if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
        // A constant that is only copied to device buffers (array.to_device)
        // is copied from host memory where each copy stands, on its stream.
        if (onlyCopiedToDevice(global))
          continue;
        // Constants live in host memory: give their users a device copy.
        rewriter.setInsertionPointAfter(global);
        if (failed(requireContiguous(op, global.getResult()))) {
          failedAny = true;
          continue;
        }
        // The copy is freed before each return, which it must dominate.
        if (global->getBlock() != &func.getBody().front()) {
          global.emitOpError("reads a constant inside a nested region; the "
                             "cuda target copies constants to the device "
                             "only at function level");
          failedAny = true;
          continue;
        }
        auto deviceCopy = gpu::AllocOp::create(
            rewriter, loc, global.getType(), Type(), ValueRange(),
            ValueRange(), ValueRange());
        Value device = deviceCopy.getMemref();
        rewriter.replaceAllUsesWith(global.getResult(), device);
        gpu::MemcpyOp::create(rewriter, loc, Type(), ValueRange(), device,
                              global.getResult());
        globalCopies.push_back(device);
        continue;
      }
      // The runtime reads (array.print, array.save_npy) or writes
      // (array.load_npy_into) operand 0.
      OpOperand &operand = op->getOpOperand(0);
      Value buffer = operand.get();
      if (!isa<MemRefType>(buffer.getType()) ||
          hostAllocs.contains(rootBuffer(buffer)))
        continue;
      if (failed(requireContiguous(op, buffer))) {
        failedAny = true;
        continue;
      }
      // Files are read and written through pinned memory by the runtime's
      // device forms, on the op's stream.
      if (isa<array::SaveNpyOp, array::LoadNpyIntoOp>(op)) {
        rewriter.modifyOpInPlace(op, [&] {
          op->setAttr(array::kDeviceBufferAttr, rewriter.getUnitAttr());
        });
        continue;
      }
      // Printing reads a host copy.
      auto hostType = contiguousType(cast<MemRefType>(buffer.getType()));
      Value host = memref::AllocOp::create(
          rewriter, loc, hostType, dynamicSizes(rewriter, loc, buffer));
      gpu::MemcpyOp::create(rewriter, loc, Type(), ValueRange(), host, buffer);
      rewriter.modifyOpInPlace(op, [&] { operand.set(host); });
      rewriter.setInsertionPointAfter(op);
      memref::DeallocOp::create(rewriter, loc, host);
    }

    // Device copies of constants live until the function returns.
    func.walk([&](func::ReturnOp ret) {
      rewriter.setInsertionPoint(ret);
      for (Value device : globalCopies) {
        if (llvm::is_contained(ret.getOperands(), device)) {
          ret.emitOpError("returns a constant buffer, which the cuda target "
                          "cannot free yet");
          failedAny = true;
          continue;
        }
        gpu::DeallocOp::create(rewriter, ret.getLoc(), Type(), ValueRange(),
                               device);
      }
    });
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
