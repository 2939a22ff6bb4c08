//===- BufferPlacement.cpp - Which buffers live in GPU memory -------------===//

#include "BufferPlacement.h"

#include "arrayc/Dialect/Array/IR/ArrayOps.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::array;

bool array::isCopyable(MemRefType type) {
  return type.getLayout().isIdentity();
}

BufferUse array::classifyBufferUse(OpOperand &use) {
  Operation *user = use.getOwner();
  if (isa<gpu::LaunchOp>(user) || user->getParentOfType<gpu::LaunchOp>())
    return BufferUse::Device;
  return llvm::TypeSwitch<Operation *, BufferUse>(user)
      .Case<memref::LoadOp, memref::StoreOp, arrayrt::ReadMtxIntoOp>(
          [](Operation *) { return BufferUse::Host; })
      .Case([](memref::CopyOp copy) {
        // A strided copy becomes a kernel (array-gpu-device-memory).
        bool plain = isCopyable(cast<MemRefType>(copy.getSource().getType())) &&
                     isCopyable(cast<MemRefType>(copy.getTarget().getType()));
        return plain ? BufferUse::Neutral : BufferUse::Device;
      })
      // Both placements work: array-gpu-device-memory gives print a host
      // copy and the file ops their device forms.
      .Case<memref::DeallocOp, memref::DimOp, memref::RankOp,
            memref::ExtractAlignedPointerAsIndexOp,
            memref::ExtractStridedMetadataOp, memref::CastOp,
            ViewLikeOpInterface, arith::SelectOp, func::ReturnOp,
            RegionBranchOpInterface, RegionBranchTerminatorOpInterface,
            arrayrt::PrintOp, arrayrt::SaveNpyOp, arrayrt::LoadNpyIntoOp>(
          [](Operation *) { return BufferUse::Neutral; })
      .Case([](func::CallOp call) {
        // A callee whose body is here is analyzed with it; what an external
        // function does with a buffer is unknown.
        auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
            call, call.getCalleeAttr());
        return callee && !callee.isExternal() ? BufferUse::Neutral
                                              : BufferUse::Device;
      })
      // Kernels' and runtime operations' buffers (array.blas_matmul, the
      // CSR handle ops, ...) and anything unknown: the device, where a
      // GPU program's arrays live.
      .Default([](Operation *) { return BufferUse::Device; });
}

unsigned BufferPlacement::id(Value value) {
  auto [it, inserted] = ids.try_emplace(value, ids.size());
  if (inserted)
    classes.grow(ids.size());
  return it->second;
}

void BufferPlacement::join(Value a, Value b) {
  if (!isa<MemRefType>(a.getType()) || !isa<MemRefType>(b.getType()))
    return;
  classes.join(id(a), id(b));
}

void BufferPlacement::joinAll(ValueRange values, ValueRange others) {
  for (auto [a, b] : llvm::zip(values, others))
    join(a, b);
}

/// The values an op passes on: views, loops, branches and calls.
void BufferPlacement::addFlowEdges(Operation *op) {
  if (auto view = dyn_cast<ViewLikeOpInterface>(op)) {
    for (Value result : op->getResults())
      join(result, view.getViewSource());
    return;
  }
  if (auto cast = dyn_cast<memref::CastOp>(op))
    return join(cast.getResult(), cast.getSource());
  // Canonicalization folds an scf.if choosing between two buffers into a
  // select: one class for the three.
  if (auto select = dyn_cast<arith::SelectOp>(op)) {
    join(select.getResult(), select.getTrueValue());
    return join(select.getResult(), select.getFalseValue());
  }
  if (auto metadata = dyn_cast<memref::ExtractStridedMetadataOp>(op))
    return join(metadata.getBaseBuffer(), metadata.getSource());
  if (auto call = dyn_cast<func::CallOp>(op)) {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    if (!callee || callee.isExternal())
      return;
    joinAll(call.getOperands(), callee.getArguments());
    callee.walk([&](func::ReturnOp ret) {
      if (ret->getParentOp() == callee)
        joinAll(call.getResults(), ret.getOperands());
    });
    return;
  }
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    joinAll(loop.getInitArgs(), loop.getRegionIterArgs());
    joinAll(loop.getResults(), loop.getRegionIterArgs());
    joinAll(loop.getYieldedValues(), loop.getRegionIterArgs());
    return;
  }
  if (auto loop = dyn_cast<scf::WhileOp>(op)) {
    joinAll(loop.getInits(), loop.getBeforeArguments());
    joinAll(loop.getYieldOp().getOperands(), loop.getBeforeArguments());
    ValueRange forwarded = loop.getConditionOp().getArgs();
    joinAll(forwarded, loop.getAfterArguments());
    joinAll(forwarded, loop.getResults());
    return;
  }
  if (isa<scf::IfOp, scf::IndexSwitchOp, scf::ExecuteRegionOp>(op)) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (auto yield = dyn_cast<scf::YieldOp>(block.getTerminator()))
          joinAll(op->getResults(), yield.getOperands());
    return;
  }
  if (op->getNumRegions() == 0 ||
      isa<gpu::LaunchOp, func::FuncOp, ModuleOp, gpu::GPUModuleOp>(op))
    return;
  // Another region op: everything it carries is one class (placement is
  // then coarser than it could be, never wrong).
  SmallVector<Value> carried(op->getOperands());
  llvm::append_range(carried, op->getResults());
  for (Region &region : op->getRegions())
    for (Block &block : region) {
      llvm::append_range(carried, block.getArguments());
      if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
        llvm::append_range(carried, block.back().getOperands());
    }
  Value first;
  for (Value value : carried) {
    if (!isa<MemRefType>(value.getType()))
      continue;
    if (first)
      join(first, value);
    else
      first = value;
  }
}

BufferPlacement::BufferPlacement(ModuleOp module) {
  SmallVector<Value> deviceUses, hostUses;
  SmallVector<memref::CopyOp> copies;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<gpu::GPUModuleOp>(op))
      return WalkResult::skip();
    addFlowEdges(op);
    if (auto copy = dyn_cast<memref::CopyOp>(op))
      copies.push_back(copy);
    for (OpOperand &use : op->getOpOperands()) {
      if (!isa<MemRefType>(use.get().getType()))
        continue;
      BufferUse kind = classifyBufferUse(use);
      if (kind == BufferUse::Device)
        deviceUses.push_back(use.get());
      else if (kind == BufferUse::Host)
        hostUses.push_back(use.get());
    }
    return WalkResult::advance();
  });
  // An exported function's tensors cross the ABI in GPU memory: its
  // arguments are the caller's device arrays, its results are handed over
  // as device arrays (runtime/include/arrayrt/abi.h).
  module.walk([&](func::FuncOp func) {
    if (!func->hasAttr(arrayrt::ArrayrtDialect::kExportAttrName) ||
        func.isExternal())
      return;
    for (BlockArgument arg : func.getArguments())
      if (isa<MemRefType>(arg.getType()))
        deviceUses.push_back(arg);
    func.walk([&](func::ReturnOp ret) {
      if (ret->getParentOp() != func)
        return;
      for (Value value : ret.getOperands())
        if (isa<MemRefType>(value.getType()))
          deviceUses.push_back(value);
    });
  });
  for (Value value : llvm::concat<Value>(deviceUses, hostUses))
    id(value);
  for (memref::CopyOp copy : copies) {
    id(copy.getSource());
    id(copy.getTarget());
  }
  classes.compress();
  for (Value value : deviceUses)
    deviceClasses.insert(classes[ids.lookup(value)]);
  // A class no code reads on either side (it is only copied, passed on,
  // printed or freed: the copy a while loop's condition forwards, say)
  // that is a copy of a device buffer lives on the device too, so that the
  // copy stays there and the host waits for nothing. (Not the other way:
  // a constant only copied into device buffers stays where it is.)
  llvm::DenseSet<unsigned> hostClasses;
  for (Value value : hostUses)
    hostClasses.insert(classes[ids.lookup(value)]);
  for (bool changed = true; changed;) {
    changed = false;
    for (memref::CopyOp copy : copies) {
      unsigned source = classes[ids.lookup(copy.getSource())];
      unsigned target = classes[ids.lookup(copy.getTarget())];
      if (deviceClasses.contains(source) && !hostClasses.contains(target))
        changed |= deviceClasses.insert(target).second;
    }
  }
}

bool BufferPlacement::onDevice(Value buffer) const {
  auto it = ids.find(buffer);
  if (it == ids.end())
    return false;
  return deviceClasses.contains(classes[it->second]);
}
