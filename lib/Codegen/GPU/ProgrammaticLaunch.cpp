//===- ProgrammaticLaunch.cpp - griddepcontrol.wait first in each kernel --===//
//
// Programmatic dependent launch lets the driver start a kernel's blocks
// before the previous kernel on the stream has finished; the kernel must
// then wait for it (`griddepcontrol.wait`) before touching memory. The wait
// goes first in every kernel, so each kernel still runs wholly after the
// previous one: only the launch latency overlaps. The module-level marker
// tells the runtime (runtime/lib/driver/MlirGpuAbi.cpp) that it may launch
// the module's kernels so.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Codegen/GPU/Passes.h"
#include "arrayrt/mlir_gpu_abi.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUPROGRAMMATICLAUNCH
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;

namespace {

/// The global whose presence in a module's binary tells the runtime that
/// the module's kernels wait for their predecessor.
constexpr llvm::StringLiteral kMarker = ARRAYRT_PROGRAMMATIC_LAUNCH_MARK;

/// `griddepcontrol.wait` as inline PTX: NVVM's intrinsic is declared as
/// touching no memory, which would let LLVM move loads above it; the
/// memory clobber does not.
void insertWait(gpu::GPUFuncOp kernel) {
  OpBuilder b = OpBuilder::atBlockBegin(&kernel.getBody().front());
  LLVM::InlineAsmOp::create(b, kernel.getLoc(), TypeRange(), ValueRange(),
                            "griddepcontrol.wait;", "~{memory}",
                            /*has_side_effects=*/true,
                            /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            /*asm_dialect=*/LLVM::AsmDialectAttr(),
                            /*operand_attrs=*/ArrayAttr());
}

struct ArrayGpuProgrammaticLaunchPass
    : array::impl::ArrayGpuProgrammaticLaunchBase<
          ArrayGpuProgrammaticLaunchPass> {
  void runOnOperation() override {
    for (auto gpuModule : getOperation().getOps<gpu::GPUModuleOp>()) {
      if (gpuModule.getTargetsAttr() || gpuModule.getOffloadingHandlerAttr() ||
          gpuModule.lookupSymbol(kMarker))
        continue;
      bool any = false;
      for (auto func : gpuModule.getOps<gpu::GPUFuncOp>()) {
        if (!func.isKernel() || func.getBody().empty())
          continue;
        insertWait(func);
        any = true;
      }
      if (!any)
        continue;
      OpBuilder b = OpBuilder::atBlockBegin(gpuModule.getBody());
      Type i32 = b.getI32Type();
      LLVM::GlobalOp::create(b, gpuModule.getLoc(), i32, /*isConstant=*/true,
                             LLVM::Linkage::External, kMarker,
                             b.getIntegerAttr(i32, 1));
    }
  }
};

} // namespace
