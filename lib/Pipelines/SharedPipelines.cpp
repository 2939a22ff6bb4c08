//===- SharedPipelines.cpp - Steps both targets take ----------------------===//

#include "arrayc/Conversion/Passes.h"
#include "arrayc/Dialect/Array/Transforms/Passes.h"
#include "arrayc/Pipelines/Pipelines.h"

#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void array::buildArrayToLinalgPipeline(OpPassManager &pm,
                                       bool fuseElementwise) {
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  funcPm.addPass(createConvertArrayToLinalg());
  funcPm.addPass(createCanonicalizerPass());
  if (fuseElementwise)
    funcPm.addPass(createArrayFuseElementwise());
  funcPm.addPass(createCSEPass());
  if (fuseElementwise)
    funcPm.addPass(createArrayElementwiseLoops());
}

void array::addMarkExports(OpPassManager &pm, StringRef kind,
                           StringRef prefix) {
  if (kind == "none")
    return;
  ArrayMarkExportsOptions options;
  options.kind = kind.str();
  options.prefix = prefix.str();
  pm.addPass(createArrayMarkExports(options));
}

void array::addExportAbi(OpPassManager &pm, StringRef kind, bool cuda) {
  if (kind == "none")
    return;
  ArrayExportAbiOptions options;
  options.cuda = cuda;
  pm.addPass(createArrayExportAbi(options));
}

void array::buildBufferizationPipeline(OpPassManager &pm) {
  // After the last CSE: one fill per op that starts from it, not a copy.
  pm.addPass(createArraySplitSharedFills());
  // A while loop's carried arrays stay in one buffer each.
  pm.addPass(createArrayWhileInPlace());
  // Each tensor a function returns is a buffer of its own, as bufferizing
  // its callers assumes.
  pm.addNestedPass<func::FuncOp>(createArrayDistinctResults());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  // A loop carrying arrays (an iterative solver's x, r, p) yields new
  // buffers each iteration; buffer deallocation frees the old ones.
  bufferize.allowReturnAllocsFromLoops = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // A while loop forwards its carried buffers, not copies of them.
  pm.addPass(createArrayWhileForwardCopies());
  bufferization::buildBufferDeallocationPipeline(pm);
  // A function returning a view of its argument keeps a bufferization.clone.
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addPass(createCanonicalizerPass());
}

void array::registerArrayPipelines() {
  PassPipelineRegistration<ArrayToCpuPipelineOptions>(
      "array-to-cpu-pipeline",
      "Lower an array program to the LLVM dialect for the host CPU: linalg, "
      "bufferization, loops, arrayrt calls, LLVM.",
      [](OpPassManager &pm, const ArrayToCpuPipelineOptions &options) {
        buildArrayToCpuPipeline(pm, options);
      });
  PassPipelineRegistration<ArrayToCudaPipelineOptions>(
      "array-to-cuda-pipeline",
      "Lower an array program to host code in the LLVM dialect that launches "
      "NVVM kernels embedded as a fatbin (or PTX): linalg, bufferization, "
      "grid-stride kernels, device memory, NVVM, gpu-to-llvm.",
      [](OpPassManager &pm, const ArrayToCudaPipelineOptions &options) {
        buildArrayToCudaPipeline(pm, options);
      });
}
