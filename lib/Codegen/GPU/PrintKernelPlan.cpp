//===- PrintKernelPlan.cpp - Report the kernel plan as remarks ------------===//

#include "KernelPlan.h"
#include "arrayc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYGPUPRINTKERNELPLAN
#include "arrayc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using namespace mlir::array::kernel_plan;

namespace {

struct ArrayGpuPrintKernelPlanPass
    : array::impl::ArrayGpuPrintKernelPlanBase<ArrayGpuPrintKernelPlanPass> {
  using Base::Base;

  void runOnOperation() override {
    RowPlanOptions options{elementsPerThread, maxElementsPerThread,
                           maxClusterSize, clusterBlockSize};
    // As array-gpu-row-kernels sees them: fills as generics.
    generalizeFills(getOperation());
    SmallVector<Block *> blocks = planBlocks(getOperation());
    for (Block *block : blocks) {
      DenseSet<Operation *> inRuns;
      for (RowGroupPlan &plan : planRowGroups(block, options)) {
        for (RowOp &op : plan.group.ops)
          inRuns.insert(op.op);
        plan.group.ops.front().op->emitRemark("kernel plan: ")
            << (plan.layout ? "" : "own kernels: ") << plan.reason;
      }
      for (Operation &op : *block) {
        auto generic = dyn_cast<linalg::GenericOp>(op);
        if (!generic || inRuns.contains(generic))
          continue;
        std::string whyNot;
        (void)asRowOp(generic, whyNot);
        generic->emitRemark("kernel plan: own kernel: not a row op: ")
            << whyNot;
      }
    }
  }
};

} // namespace
