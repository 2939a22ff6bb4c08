//===- CpuPipeline.cpp - array program to LLVM for the CPU ----------------===//

#include "arrayc/Codegen/CPU/Passes.h"
#include "arrayc/Conversion/Passes.h"
#include "arrayc/Dialect/Array/Transforms/Passes.h"
#include "arrayc/Pipelines/Pipelines.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void array::buildArrayToCpuPipeline(OpPassManager &pm,
                                    const ArrayToCpuPipelineOptions &options,
                                    PipelineStage stop) {
  // User CUDA kernels are an error here, before anything else.
  pm.addPass(createArrayRejectGpuKernels());
  // Exported functions' signatures, while they still take tensors.
  addMarkExports(pm, options.exportKind, options.exportPrefix);
  // Run-time messages name the array op (array-check-allocations).
  pm.addPass(createArrayNameLocations());
  // One thread runs everything in order: streams have nothing to do.
  ArrayFlattenStreamRegionsOptions flatten;
  flatten.dropStreams = true;
  pm.addNestedPass<func::FuncOp>(createArrayFlattenStreamRegions(flatten));
  // float32/float64 products go to the CPU's BLAS (with their scaling and
  // added matrix), before the rest becomes linalg.
  if (options.matmulBlas) {
    ArrayGpuMatmulToBlasOptions blas;
    blas.host = true;
    pm.addNestedPass<func::FuncOp>(createArrayGpuMatmulToBlas(blas));
  }
  buildArrayToLinalgPipeline(pm, options.fuseElementwise);
  // A sharded program (a shard.grid): one process's part, its collectives
  // MPI's through arrayrt.
  ArrayShardPartitionOptions shards;
  shards.processes = options.processes;
  pm.addPass(createArrayShardPartition(shards));
  pm.addPass(createArrayShardToArrayrt());
  if (stop == PipelineStage::Linalg)
    return;

  // Sparse matrices go through upstream's sparsifier, which bufferizes the
  // whole module; the usual bufferization then finds nothing left to do
  // but the deallocations.
  pm.addPass(createArraySparsify());
  buildBufferizationPipeline(pm);
  // Each op's host work in a span named after it (ARRAYRT_PROFILE/TRACE).
  pm.addNestedPass<func::FuncOp>(createArrayCpuProfileSpans());
  // Long functions: a function per kernel, which LLVM compiles in time
  // linear in the program's length.
  pm.addPass(createArrayCpuOutlineKernels());
  // Reductions keep their partial results in registers; parallel
  // dimensions become scf.parallel, the outermost shared among threads.
  pm.addNestedPass<func::FuncOp>(createArrayCpuReductionLoops());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToParallelLoopsPass());
  if (options.parallelLoops) {
    ArrayCpuParallelLoopsOptions parallel;
    parallel.grain = options.parallelGrain;
    pm.addPass(createArrayCpuParallelLoops(parallel));
  }
  // exp, log, tanh, erf as arithmetic LLVM vectorizes, not libm calls.
  pm.addPass(createArrayCpuApproximateMath());
  // Sizes checked and host allocations named before each allocation.
  pm.addPass(createArrayCheckAllocations());
  if (stop == PipelineStage::Kernels)
    return;
  // The one runtime lowering: every arrayrt op becomes runtime calls.
  pm.addPass(createArrayLoopStack());
  pm.addPass(createConvertArrayrtToCalls());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertMathToLLVMPass());
  // bf16 conversions become integer arithmetic (libgcc has no
  // __truncsfbf2; the runtime supplies one, runtime/lib/cpu/Bf16.cpp, for the
  // calls LLVM still makes: bf16 arithmetic and bf16 arguments). Integers
  // reach bf16 through f32 first (as in NumPy), which array-cpu-expand-arith
  // handles.
  pm.addPass(createArrayExpandIntToHalfFloat());
  pm.addPass(createArrayCpuExpandArith());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  // Allocations through the runtime (_mlir_memref_to_llvm_alloc), which
  // stops with the op, the size and the limit when malloc cannot serve.
  FinalizeMemRefToLLVMConversionPassOptions memrefToLlvm;
  memrefToLlvm.useGenericFunctions = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLlvm));
  pm.addPass(createConvertFuncToLLVMPass());
  // Last: its patterns would also convert memref.alloc (to malloc).
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  addExportAbi(pm, options.exportKind, /*cuda=*/false);
}
