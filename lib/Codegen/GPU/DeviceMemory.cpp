//===- DeviceMemory.cpp - Put a program's buffers in GPU memory -----------===//
//
// Places each class of buffers (BufferPlacement.h) and rewrites the host
// code to match: allocations, deallocations and copies of device classes
// become gpu ops, constants used on the device get device copies, host
// loads and stores of device buffers go through a one-thread kernel and a
// copy, strided copies become copy kernels, and the runtime's readers and
// writers get a host copy or their device forms.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Codegen/GPU/Passes.h"

#include "BufferPlacement.h"
#include "GpuUtils.h"
#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUDEVICEMEMORY
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using namespace mlir::array;
using gpu_utils::cst;

namespace {

/// Threads per block of the copy kernels.
constexpr int64_t kCopyBlock = 256;
constexpr int64_t kMaxCopyGrid = 65535;

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

/// A launch of one thread; sets `b` inside it.
gpu::LaunchOp createSingleThreadLaunch(OpBuilder &b, Location loc) {
  return gpu_utils::createLaunch(b, loc, cst(b, loc, 1), /*blockSize=*/1);
}

/// Kernel arguments are passed by value; an i1 goes as a byte (its layout
/// in the parameter buffer is not something to rely on).
Value toKernelArgument(OpBuilder &b, Location loc, Value value) {
  if (!value.getType().isInteger(1))
    return value;
  return arith::ExtUIOp::create(b, loc, b.getI8Type(), value);
}

Value fromKernelArgument(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return arith::TruncIOp::create(b, loc, type, value);
}

class DeviceMemoryRewriter {
public:
  DeviceMemoryRewriter(func::FuncOp func, const BufferPlacement &placement)
      : func(func), placement(placement), rewriter(func.getContext()) {}

  LogicalResult run();

private:
  /// Whether `buffer` lives on the device: a value the analysis saw, or a
  /// device allocation that replaced one.
  bool onDevice(Value buffer) const {
    return placement.onDevice(buffer) ||
           isa_and_nonnull<gpu::AllocOp>(buffer.getDefiningOp());
  }
  LogicalResult requireCopyable(Operation *op, Value buffer);

  void rewriteAlloc(memref::AllocOp alloc);
  void rewriteDealloc(memref::DeallocOp dealloc);
  LogicalResult rewriteCopy(memref::CopyOp copy);
  void emitCopyKernel(Location loc, Value source, Value target);
  LogicalResult rewriteGlobal(memref::GetGlobalOp global);
  void stageLoad(memref::LoadOp load);
  void stageStores(MutableArrayRef<memref::StoreOp> stores);
  LogicalResult rewriteRuntimeOperand(Operation *op);
  LogicalResult placeCollective(Operation *op);

  func::FuncOp func;
  const BufferPlacement &placement;
  IRRewriter rewriter;
  /// Device copies of constants, freed before each return.
  SmallVector<Value> globalCopies;
};

LogicalResult DeviceMemoryRewriter::requireCopyable(Operation *op,
                                                    Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  if (isCopyable(type))
    return success();
  return op->emitOpError("cannot move the strided buffer ")
         << type << " between host and device memory yet";
}

void DeviceMemoryRewriter::rewriteAlloc(memref::AllocOp alloc) {
  if (!onDevice(alloc.getResult()))
    return;
  rewriter.setInsertionPoint(alloc);
  auto deviceAlloc = gpu::AllocOp::create(
      rewriter, alloc.getLoc(), alloc.getType(), /*asyncToken=*/Type(),
      /*asyncDependencies=*/ValueRange(), alloc.getDynamicSizes(),
      alloc.getSymbolOperands());
  rewriter.replaceOp(alloc, deviceAlloc.getMemref());
}

void DeviceMemoryRewriter::rewriteDealloc(memref::DeallocOp dealloc) {
  if (!onDevice(dealloc.getMemref()))
    return;
  rewriter.setInsertionPoint(dealloc);
  gpu::DeallocOp::create(rewriter, dealloc.getLoc(), /*asyncToken=*/Type(),
                         ValueRange(), dealloc.getMemref());
  rewriter.eraseOp(dealloc);
}

/// A grid-stride kernel copying `source` into `target` element by element,
/// for views that are not one contiguous range; nothing when empty.
void DeviceMemoryRewriter::emitCopyKernel(Location loc, Value source,
                                          Value target) {
  OpBuilder::InsertionGuard guard(rewriter);
  SmallVector<Value> sizes = gpu_utils::allSizes(rewriter, loc, source);
  Value total = gpu_utils::product(rewriter, loc, sizes);
  Value nonEmpty = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ne, total, cst(rewriter, loc, 0));
  gpu_utils::emitIf(rewriter, loc, nonEmpty, [&](OpBuilder &b) {
    Value blocks =
        b.createOrFold<arith::CeilDivUIOp>(loc, total, cst(b, loc, kCopyBlock));
    Value grid =
        b.createOrFold<arith::MinUIOp>(loc, blocks, cst(b, loc, kMaxCopyGrid));
    gpu::LaunchOp launch = gpu_utils::createLaunch(b, loc, grid, kCopyBlock);
    Value first = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, launch.getBlockIds().x,
                              cst(b, loc, kCopyBlock)),
        launch.getThreadIds().x);
    Value stride = arith::MulIOp::create(b, loc, launch.getGridSize().x,
                                         cst(b, loc, kCopyBlock));
    auto loop = scf::ForOp::create(b, loc, first, total, stride);
    b.setInsertionPointToStart(loop.getBody());
    SmallVector<Value> indices =
        gpu_utils::delinearize(b, loc, loop.getInductionVar(), sizes);
    Value element = memref::LoadOp::create(b, loc, source, indices);
    memref::StoreOp::create(b, loc, element, target, indices);
  });
}

LogicalResult DeviceMemoryRewriter::rewriteCopy(memref::CopyOp copy) {
  Value source = copy.getSource(), target = copy.getTarget();
  if (!onDevice(source) && !onDevice(target))
    return success();
  rewriter.setInsertionPoint(copy);
  if (isCopyable(cast<MemRefType>(source.getType())) &&
      isCopyable(cast<MemRefType>(target.getType()))) {
    gpu::MemcpyOp::create(rewriter, copy.getLoc(), /*asyncToken=*/Type(),
                          ValueRange(), target, source);
  } else {
    // BufferPlacement put both sides of a strided copy on the device.
    if (!onDevice(source) || !onDevice(target))
      return requireCopyable(
          copy,
          isCopyable(cast<MemRefType>(source.getType())) ? target : source);
    emitCopyKernel(copy.getLoc(), source, target);
  }
  rewriter.eraseOp(copy);
  return success();
}

LogicalResult DeviceMemoryRewriter::rewriteGlobal(memref::GetGlobalOp global) {
  if (!onDevice(global.getResult()))
    return success();
  if (failed(requireCopyable(global, global.getResult())))
    return failure();
  // One device copy at the function's entry (it reads no value, so it can
  // move there from a loop body), freed before each return.
  Location loc = global.getLoc();
  rewriter.setInsertionPointToStart(&func.getBody().front());
  auto host = memref::GetGlobalOp::create(rewriter, loc, global.getType(),
                                          global.getName());
  auto deviceCopy =
      gpu::AllocOp::create(rewriter, loc, global.getType(), Type(),
                           ValueRange(), ValueRange(), ValueRange());
  Value device = deviceCopy.getMemref();
  gpu::MemcpyOp::create(rewriter, loc, Type(), ValueRange(), device, host);
  rewriter.replaceOp(global, device);
  globalCopies.push_back(device);
  return success();
}

/// `%v = memref.load %dev[%i]` in host code becomes a one-thread kernel
/// that copies the element to a device scalar, a copy of that scalar to a
/// host one and a load of it. A buffer of one element with a plain layout
/// is copied directly.
void DeviceMemoryRewriter::stageLoad(memref::LoadOp load) {
  Location loc = load.getLoc();
  rewriter.setInsertionPoint(load);
  MemRefType type = load.getMemRefType();
  Type element = type.getElementType();
  auto scalarType = MemRefType::get({}, element);
  Value host;
  if (type.hasStaticShape() && type.getNumElements() == 1 && isCopyable(type)) {
    host = memref::AllocOp::create(rewriter, loc, type);
    gpu::MemcpyOp::create(rewriter, loc, Type(), ValueRange(), host,
                          load.getMemRef());
    load = rewriter.replaceOpWithNewOp<memref::LoadOp>(load, host,
                                                       load.getIndices());
  } else {
    Value device =
        gpu::AllocOp::create(rewriter, loc, scalarType, Type(), ValueRange(),
                             ValueRange(), ValueRange())
            .getMemref();
    {
      OpBuilder::InsertionGuard guard(rewriter);
      createSingleThreadLaunch(rewriter, loc);
      Value value = memref::LoadOp::create(rewriter, loc, load.getMemRef(),
                                           load.getIndices());
      memref::StoreOp::create(rewriter, loc, value, device, ValueRange());
    }
    host = memref::AllocOp::create(rewriter, loc, scalarType);
    gpu::MemcpyOp::create(rewriter, loc, Type(), ValueRange(), host, device);
    gpu::DeallocOp::create(rewriter, loc, Type(), ValueRange(), device);
    load =
        rewriter.replaceOpWithNewOp<memref::LoadOp>(load, host, ValueRange());
  }
  rewriter.setInsertionPointAfter(load);
  memref::DeallocOp::create(rewriter, loc, host);
}

/// Host stores into device buffers (`tensor.from_elements`,
/// `tensor.insert`): a run of them in one block becomes one one-thread
/// kernel that takes the values as arguments.
void DeviceMemoryRewriter::stageStores(
    MutableArrayRef<memref::StoreOp> stores) {
  memref::StoreOp last = stores.back();
  Location loc = stores.front().getLoc();
  rewriter.setInsertionPoint(last);
  SmallVector<Value> arguments;
  for (memref::StoreOp store : stores)
    arguments.push_back(
        toKernelArgument(rewriter, loc, store.getValueToStore()));
  {
    OpBuilder::InsertionGuard guard(rewriter);
    createSingleThreadLaunch(rewriter, loc);
    for (auto [store, argument] : llvm::zip(stores, arguments))
      memref::StoreOp::create(
          rewriter, store.getLoc(),
          fromKernelArgument(rewriter, loc, argument,
                             store.getValueToStore().getType()),
          store.getMemRef(), store.getIndices());
  }
  for (memref::StoreOp store : stores)
    rewriter.eraseOp(store);
}

/// array.print reads a host copy of a device buffer; array.save_npy and
/// array.load_npy_into use the runtime's device forms.
LogicalResult DeviceMemoryRewriter::rewriteRuntimeOperand(Operation *op) {
  OpOperand &operand = op->getOpOperand(0);
  Value buffer = operand.get();
  if (!isa<MemRefType>(buffer.getType()) || !onDevice(buffer))
    return success();
  Location loc = op->getLoc();
  if (!isCopyable(cast<MemRefType>(buffer.getType()))) {
    // A strided view (a slice, a loop's or a branch's result of dynamic
    // layout): through a contiguous device buffer, copied by a kernel (and
    // back after a load into it).
    rewriter.setInsertionPoint(op);
    auto contiguous = contiguousType(cast<MemRefType>(buffer.getType()));
    Value packed =
        gpu::AllocOp::create(rewriter, loc, contiguous, Type(), ValueRange(),
                             dynamicSizes(rewriter, loc, buffer), ValueRange())
            .getMemref();
    bool reads = !isa<arrayrt::LoadNpyIntoOp>(op);
    if (reads)
      emitCopyKernel(loc, buffer, packed);
    rewriter.modifyOpInPlace(op, [&] { operand.set(packed); });
    rewriter.setInsertionPointAfter(op);
    if (!reads)
      emitCopyKernel(loc, packed, buffer);
    gpu::DeallocOp::create(rewriter, loc, Type(), ValueRange(), packed);
    buffer = packed;
  }
  if (isa<arrayrt::SaveNpyOp, arrayrt::LoadNpyIntoOp>(op)) {
    rewriter.modifyOpInPlace(op, [&] {
      if (auto save = dyn_cast<arrayrt::SaveNpyOp>(op))
        save.setDevice(true);
      else
        cast<arrayrt::LoadNpyIntoOp>(op).setDevice(true);
    });
    return success();
  }
  rewriter.setInsertionPoint(op);
  auto hostType = contiguousType(cast<MemRefType>(buffer.getType()));
  Value host = memref::AllocOp::create(rewriter, loc, hostType,
                                       dynamicSizes(rewriter, loc, buffer));
  gpu::MemcpyOp::create(rewriter, loc, Type(), ValueRange(), host, buffer);
  rewriter.modifyOpInPlace(op, [&] { operand.set(host); });
  rewriter.setInsertionPointAfter(op);
  memref::DeallocOp::create(rewriter, loc, host);
  return success();
}

/// A collective of device buffers is NCCL's (its `device` form); its
/// buffers are contiguous (array-shard-to-arrayrt copies them so).
LogicalResult DeviceMemoryRewriter::placeCollective(Operation *op) {
  bool device = onDevice(op->getOperand(0));
  for (Value buffer : op->getOperands())
    if (isa<MemRefType>(buffer.getType()) && onDevice(buffer) != device)
      return op->emitOpError("has buffers both in host and in device memory");
  if (device)
    rewriter.modifyOpInPlace(op, [&] {
      if (auto reduce = dyn_cast<arrayrt::AllReduceOp>(op))
        reduce.setDevice(true);
      else
        cast<arrayrt::AllGatherOp>(op).setDevice(true);
    });
  return success();
}

LogicalResult DeviceMemoryRewriter::run() {
  // Collected first: the rewrites create ops of the same kinds. Host code
  // only: kernels keep their loads and stores.
  SmallVector<Operation *> worklist;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<gpu::LaunchOp>(op))
      return WalkResult::skip();
    if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp,
            memref::CopyOp, memref::GetGlobalOp, memref::LoadOp,
            memref::StoreOp, arrayrt::PrintOp, arrayrt::SaveNpyOp,
            arrayrt::LoadNpyIntoOp, arrayrt::AllReduceOp, arrayrt::AllGatherOp>(
            op))
      worklist.push_back(op);
    return WalkResult::advance();
  });

  bool failedAny = false;
  SmallVector<memref::StoreOp> storeRun;
  auto flushStores = [&] {
    if (!storeRun.empty())
      stageStores(storeRun);
    storeRun.clear();
  };
  for (Operation *op : worklist) {
    // A run of host stores into device buffers: only pure ops between
    // them, all in one block.
    if (auto store = dyn_cast<memref::StoreOp>(op);
        store && onDevice(store.getMemRef())) {
      if (!storeRun.empty()) {
        Operation *previous = storeRun.back();
        bool adjacent = previous->getBlock() == store->getBlock();
        for (Operation *it = previous->getNextNode(); adjacent && it != store;
             it = it->getNextNode())
          adjacent = isPure(it);
        if (!adjacent)
          flushStores();
      }
      storeRun.push_back(store);
      continue;
    }
    flushStores();
    LogicalResult result =
        llvm::TypeSwitch<Operation *, LogicalResult>(op)
            .Case([&](memref::AllocOp alloc) {
              rewriteAlloc(alloc);
              return success();
            })
            .Case([&](memref::AllocaOp alloca) {
              if (!onDevice(alloca.getResult()))
                return success();
              return LogicalResult(alloca.emitOpError(
                  "is a stack buffer that a GPU kernel would use; the cuda "
                  "target needs heap buffers there"));
            })
            .Case([&](memref::DeallocOp dealloc) {
              rewriteDealloc(dealloc);
              return success();
            })
            .Case([&](memref::CopyOp copy) { return rewriteCopy(copy); })
            .Case([&](memref::GetGlobalOp global) {
              return rewriteGlobal(global);
            })
            .Case([&](memref::LoadOp load) {
              if (onDevice(load.getMemRef()))
                stageLoad(load);
              return success();
            })
            .Case<arrayrt::PrintOp, arrayrt::SaveNpyOp, arrayrt::LoadNpyIntoOp>(
                [&](Operation *op) { return rewriteRuntimeOperand(op); })
            .Case<arrayrt::AllReduceOp, arrayrt::AllGatherOp>(
                [&](Operation *op) { return placeCollective(op); })
            .Default([&](Operation *) { return success(); });
    failedAny |= failed(result);
  }
  flushStores();

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
  return failure(failedAny);
}

struct ArrayGpuDeviceMemoryPass
    : array::impl::ArrayGpuDeviceMemoryBase<ArrayGpuDeviceMemoryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    BufferPlacement placement(module);
    bool failedAny = false;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal())
        failedAny |= failed(DeviceMemoryRewriter(func, placement).run());
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
