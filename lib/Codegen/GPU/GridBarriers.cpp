//===- GridBarriers.cpp - arrayrt.grid_barrier to PTX, cooperative names --===//
//
// A grid barrier is the one cooperative groups' grid.sync() uses: the
// first thread of each block adds to a counter and polls it until its top
// bit flips (the grid's first block adds 2^31 - (blocks - 1), the others 1,
// so the counter gains exactly 2^31 per barrier and needs no reset). The
// kernel must run with all its blocks resident: the suffix this pass adds
// to each such kernel's name tells the runtime to launch it cooperatively.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Codegen/GPU/Passes.h"
#include "arrayrt/mlir_gpu_abi.h"

#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUGRIDBARRIERS
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// Inline PTX with side effects and a memory clobber, so that no load or
/// store moves across it.
Value inlinePtx(OpBuilder &b, Location loc, StringRef ptx,
                StringRef constraints, ValueRange operands) {
  auto op = LLVM::InlineAsmOp::create(
      b, loc, b.getI32Type(), operands, ptx, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      /*asm_dialect=*/LLVM::AsmDialectAttr(), /*operand_attrs=*/ArrayAttr());
  return op.getResult(0);
}

/// x == 0 && y == 0 && z == 0 for the three values of a gpu id op.
template <typename IdOp> Value isFirst(OpBuilder &b, Location loc) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value all;
  for (gpu::Dimension dim :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
    Value id = IdOp::create(b, loc, dim);
    Value eq =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, id, zero);
    all = all ? arith::AndIOp::create(b, loc, all, eq).getResult() : eq;
  }
  return all;
}

/// The counter's address as a 64-bit integer (what the `l` constraint
/// takes).
Value counterAddress(OpBuilder &b, Location loc, Value counter) {
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, counter);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, counter);
  Value bytes = arith::MulIOp::create(
      b, loc, metadata.getOffset(), arith::ConstantIndexOp::create(b, loc, 4));
  Value address = arith::AddIOp::create(b, loc, base, bytes);
  return arith::IndexCastUIOp::create(b, loc, b.getI64Type(), address);
}

void lowerBarrier(arrayrt::GridBarrierOp barrier) {
  OpBuilder b(barrier);
  Location loc = barrier.getLoc();
  gpu::BarrierOp::create(b, loc);
  Value firstThread = isFirst<gpu::ThreadIdOp>(b, loc);
  auto ifFirst = scf::IfOp::create(b, loc, firstThread, /*else=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifFirst.thenBlock());
    Type i32 = b.getI32Type();
    Value blocks = arith::ConstantIndexOp::create(b, loc, 1);
    for (gpu::Dimension dim :
         {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
      blocks = arith::MulIOp::create(b, loc, blocks,
                                     gpu::GridDimOp::create(b, loc, dim));
    Value blocks32 = arith::IndexCastUIOp::create(b, loc, i32, blocks);
    Value one = arith::ConstantIntOp::create(b, loc, i32, 1);
    Value topBit = arith::ConstantIntOp::create(b, loc, i32, 0x80000000LL);
    // 2^31 - (blocks - 1), wrapping as unsigned arithmetic does.
    Value firstAdd = arith::SubIOp::create(
        b, loc, topBit, arith::SubIOp::create(b, loc, blocks32, one));
    Value add = arith::SelectOp::create(b, loc, isFirst<gpu::BlockIdOp>(b, loc),
                                        firstAdd, one);
    Value address = counterAddress(b, loc, barrier.getCounter());
    Value old = inlinePtx(b, loc,
                          "fence.acq_rel.gpu;\n\t"
                          "atom.add.release.gpu.u32 $0, [$1], $2;",
                          "=r,l,r,~{memory}", ValueRange{address, add});
    Value zero = arith::ConstantIntOp::create(b, loc, i32, 0);
    auto poll = scf::WhileOp::create(b, loc, TypeRange(), ValueRange());
    b.createBlock(&poll.getBefore());
    Value now = inlinePtx(b, loc, "ld.acquire.gpu.u32 $0, [$1];",
                          "=r,l,~{memory}", ValueRange{address});
    Value flipped = arith::AndIOp::create(
        b, loc, arith::XOrIOp::create(b, loc, old, now), topBit);
    Value waiting =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, flipped, zero);
    scf::ConditionOp::create(b, loc, waiting, ValueRange());
    b.createBlock(&poll.getAfter());
    scf::YieldOp::create(b, loc);
  }
  gpu::BarrierOp::create(b, loc);
  barrier.erase();
}

struct ArrayGpuGridBarriersPass
    : array::impl::ArrayGpuGridBarriersBase<ArrayGpuGridBarriersPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
      SmallVector<gpu::GPUFuncOp> marked;
      for (auto func : gpuModule.getOps<gpu::GPUFuncOp>()) {
        SmallVector<arrayrt::GridBarrierOp> barriers;
        func.walk([&](arrayrt::GridBarrierOp op) { barriers.push_back(op); });
        if (barriers.empty())
          continue;
        if (!func.isKernel()) {
          barriers.front().emitOpError(
              "expected to be in a kernel, found it in a device function "
              "(the runtime launches only kernels cooperatively)");
          return signalPassFailure();
        }
        for (arrayrt::GridBarrierOp barrier : barriers)
          lowerBarrier(barrier);
        marked.push_back(func);
      }
      // The name says it: the runtime reads no global to learn it (a
      // failed lookup is an API error that sanitizers report).
      for (gpu::GPUFuncOp func : marked) {
        auto name = StringAttr::get(
            &getContext(), func.getName() + ARRAYRT_COOPERATIVE_KERNEL_SUFFIX);
        if (failed(SymbolTable::replaceAllSymbolUses(func, name, module))) {
          func.emitOpError("cannot rename its launches");
          return signalPassFailure();
        }
        SymbolTable::setSymbolName(func, name);
      }
    }
  }
};

} // namespace
