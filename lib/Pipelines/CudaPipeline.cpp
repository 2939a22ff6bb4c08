//===- CudaPipeline.cpp - array program to NVVM kernels + host LLVM -------===//
//
// Follows upstream's gpu-lower-to-nvvm-pipeline for the steps after kernel
// outlining, with arrayc's own kernel mapping and device memory placement
// before it.
//
//===----------------------------------------------------------------------===//

#include "arrayc/Codegen/GPU/Passes.h"
#include "arrayc/Conversion/Passes.h"
#include "arrayc/Dialect/Array/Transforms/Passes.h"
#include "arrayc/Pipelines/Pipelines.h"
#include "arrayc/Support/GpuChip.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void array::buildArrayToCudaPipeline(OpPassManager &pm,
                                     const ArrayToCudaPipelineOptions &options,
                                     PipelineStage stop) {
  // What the sparse lowering cannot do yet stops here with a precise error,
  // not deep in bufferization.
  pm.addPass(createArrayRejectSparse());
  // Exported functions' signatures, while they still take tensors.
  addMarkExports(pm, options.exportKind, options.exportPrefix);
  // Users' CUDA C++ kernels compiled with NVRTC (array.cuda_kernel), their
  // errors reported before any other work.
  ArrayGpuCompileKernelsOptions kernels;
  // Machine code for the chip, or PTX where the generated kernels are PTX
  // too (a compute_XY target, --emit=ptx).
  kernels.chip = options.chip;
  if (options.binaryFormat == "isa" &&
      StringRef(options.chip).starts_with("sm_"))
    kernels.chip = "compute_" + options.chip.getValue().substr(3);
  kernels.toolkitPath = options.toolkitPath;
  pm.addPass(createArrayGpuCompileKernels(kernels));
  // The GPU operations of the host code are named after these at run time
  // (array-gpu-op-context).
  pm.addPass(createArrayNameLocations());
  pm.addNestedPass<func::FuncOp>(createArrayFlattenStreamRegions());
  // CSR matrices become runtime handles, the sparse ops cuSPARSE calls.
  pm.addNestedPass<func::FuncOp>(createArrayGpuSparse());
  // Attention blocks go to cuDNN whole, before their products are taken
  // one by one.
  if (options.attentionDnn)
    pm.addNestedPass<func::FuncOp>(createArrayGpuAttentionToDnn());
  // Products and their epilogues go to cuBLASLt before the rest becomes
  // linalg (the epilogue is recognized in array ops).
  if (options.matmulBlas) {
    ArrayGpuMatmulToBlasOptions blas;
    blas.tf32 = options.matmulTf32;
    pm.addNestedPass<func::FuncOp>(createArrayGpuMatmulToBlas(blas));
  }
  buildArrayToLinalgPipeline(pm, options.fuseElementwise);
  // A sharded program (a shard.grid): one process's part, one GPU per
  // process, its collectives NCCL's through arrayrt (bootstrapped over
  // MPI).
  ArrayShardPartitionOptions shards;
  shards.processes = options.processes;
  pm.addPass(createArrayShardPartition(shards));
  pm.addPass(createArrayShardToArrayrt());
  if (stop == PipelineStage::Linalg)
    return;
  // A softmax of a 1-D array is a row computation of one row. Each fill
  // first gets one destination (CSE merges equal fills, which would tie
  // unrelated runs together); bufferization would split them anyway.
  pm.addPass(createArraySplitSharedFills());
  pm.addNestedPass<func::FuncOp>(createArrayGpuUnitRows());
  pm.addPass(createCanonicalizerPass());
  // A while loop's test read from 0-d arrays is computed on the device.
  pm.addPass(createArrayWhileDeviceTest());

  buildBufferizationPipeline(pm);
  // The architectures the kernels are compiled for: the kernels' chip, then
  // the extra ones.
  SmallVector<std::string> chips = {options.chip.getValue()};
  for (StringRef extra : llvm::split(options.extraChips.getValue(), ','))
    if (!extra.empty())
      chips.push_back(extra.str());
  auto allChips = [&](unsigned version) {
    return llvm::all_of(chips, [&](const std::string &chip) {
      return gpuChipVersion(chip) >= version;
    });
  };
  // An iterative solver's loop over a few vectors (elementwise updates, dot
  // products, sparse products) runs as one kernel whose threads keep their
  // elements in registers, before the planners make kernels of its body
  // (cooperative launch: grid barriers need sm_70).
  if (options.persistentLoops && options.registerLoops && allChips(70)) {
    ArrayGpuRegisterLoopsOptions registers;
    registers.report = options.printKernelPlan;
    registers.elementsPerThread = options.registerLoopElements;
    pm.addNestedPass<func::FuncOp>(createArrayGpuRegisterLoops(registers));
  }
  ArrayGpuMapLinalgOptions grid;
  grid.blockSize = options.blockSize;
  grid.maxGridSize = options.maxGridSize;
  // Row-wise groups (softmax, layer norm) become one kernel each, other
  // reductions get cooperative kernels; the grid-stride mapping takes
  // whatever is left.
  // Rows too long for a block's registers are split over a thread-block
  // cluster where the chip has them (sm_90 and later): up to 16 blocks for
  // rows (a non-portable size sm_90 allows; the runtime opts in), 8 for
  // column tiles.
  int64_t clusters = 1, rowClusters = 1;
  if (gpuChipVersion(options.chip.getValue()) >= 90) {
    clusters = 8;
    rowClusters = 16;
  }
  if (options.printKernelPlan) {
    ArrayGpuPrintKernelPlanOptions plan;
    plan.maxClusterSize = rowClusters;
    pm.addNestedPass<func::FuncOp>(createArrayGpuPrintKernelPlan(plan));
  }
  ArrayGpuRowKernelsOptions rows;
  rows.maxClusterSize = rowClusters;
  pm.addNestedPass<func::FuncOp>(createArrayGpuRowKernels(rows));
  ArrayGpuReductionsOptions reductions;
  reductions.maxClusterSize = clusters;
  pm.addNestedPass<func::FuncOp>(createArrayGpuReductions(reductions));
  pm.addNestedPass<func::FuncOp>(createArrayGpuMapLinalg(grid));
  pm.addPass(createArrayGpuDeviceMemory());
  // Small loops of kernels run as one kernel whose blocks meet at grid
  // barriers (cooperative launch; acquire and release need sm_70).
  if (options.persistentLoops && allChips(70)) {
    ArrayGpuPersistentLoopsOptions persistent;
    persistent.report = options.printKernelPlan;
    pm.addNestedPass<func::FuncOp>(createArrayGpuPersistentLoops(persistent));
  }
  // Constants and other cheap index computations go into the kernels
  // (outlining would pass them as arguments, so the kernels would divide by
  // and multiply with run-time values).
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createArrayGpuKernelNames());
  pm.addPass(createArrayGpuLaunchBounds());
  // One device binary per program: one ptxas run.
  pm.addPass(createArrayGpuMergeModules());
  pm.addPass(createArrayGpuGridBarriers());
  // Each kernel may launch while the previous one finishes (griddepcontrol,
  // sm_90 and later only).
  if (allChips(90))
    pm.addPass(createArrayGpuProgrammaticLaunch());
  // Every GPU op and stream-ordered arrayrt op goes on a stream: the
  // program's default stream or the one an array.on_stream named, with
  // events between streams.
  pm.addPass(createArrayGpuStreams());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createArrayGpuOpContext());
  // Sizes checked before each allocation (after array-gpu-streams, which
  // must not take the checks for host work).
  pm.addPass(createArrayCheckAllocations());
  // A library function's results may be computed in the caller's tensors.
  if (options.exportKind == "library")
    pm.addPass(createArrayExportResultBuffers());
  if (stop == PipelineStage::Kernels)
    return;
  // While loops whose test is on the device run there; other loop bodies
  // that queue device work run as CUDA graphs.
  pm.addPass(createArrayGraphWhile());
  pm.addPass(createArrayGraphRegions());
  // The one runtime lowering: every arrayrt op becomes runtime calls.
  pm.addPass(createArrayLoopStack());
  pm.addPass(createConvertArrayrtToCalls());

  // Device code first: convert-gpu-to-nvvm must see arith/math ops (it
  // maps arith.remf and math functions to libdevice calls) before the
  // module-wide host conversions would turn them into plain LLVM ops.
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  // A target per architecture.
  for (const std::string &chipName : chips) {
    GpuNVVMAttachTargetOptions target;
    target.chip = chipName;
    target.features = options.features;
    // Row kernels over clusters exchange totals with st.async (PTX 8.1);
    // LLVM would pick 8.0 for sm_90.
    unsigned chipVersion = gpuChipVersion(chipName);
    if (target.features.empty() && chipVersion >= 90 && chipVersion < 100)
      target.features = "+ptx81";
    target.optLevel = options.optLevel;
    pm.addPass(createGpuNVVMAttachTarget(target));
  }
  pm.addPass(createLowerAffinePass());
  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  if (!options.lineInfo)
    gpuPm.addPass(createStripDebugInfoPass());
  gpuPm.addPass(createArrayExpandIntToHalfFloat());
  gpuPm.addPass(createConvertGpuOpsToNVVMOps());
  gpuPm.addPass(LLVM::createNVVMOptimizeForTargetPass());
  gpuPm.addPass(createCanonicalizerPass());
  gpuPm.addPass(createCSEPass());
  gpuPm.addPass(createReconcileUnrealizedCastsPass());

  // Host code.
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Host buffers (staging copies) through the runtime's allocator, as on
  // the CPU target, before gpu-to-llvm would lower them to plain malloc.
  FinalizeMemRefToLLVMConversionPassOptions memrefToLlvm;
  memrefToLlvm.useGenericFunctions = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLlvm));
  pm.addPass(createGpuToLLVMConversionPass());
  // Source lines for the kernels (and the host functions, which the pass
  // reaches too): debug directives only, so that NVPTX writes .file/.loc
  // and no DWARF sections, which ptxas refuses to optimize with.
  if (options.lineInfo) {
    LLVM::DIScopeForLLVMFuncOpPassOptions lines;
    lines.emissionKind = LLVM::DIEmissionKind::DebugDirectivesOnly;
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass(lines));
  }
  GpuModuleToBinaryPassOptions binary;
  binary.toolkitPath = options.toolkitPath;
  binary.compilationTarget = options.binaryFormat;
  // Several architectures: PTX for each, packed below.
  bool packArchitectures =
      chips.size() > 1 &&
      (options.binaryFormat == "fatbin" || options.binaryFormat == "bin");
  if (packArchitectures)
    binary.compilationTarget = "isa";
  binary.cmdOptions = options.ptxasOptions;
  if (options.lineInfo)
    binary.cmdOptions =
        (binary.cmdOptions.empty() ? "" : binary.cmdOptions + " ") +
        "-lineinfo";
  pm.addPass(createGpuModuleToBinaryPass(binary));
  if (packArchitectures) {
    ArrayGpuMultiArchFatbinOptions pack;
    pack.toolkitPath = options.toolkitPath;
    pack.ptxasOptions = binary.cmdOptions;
    pm.addPass(createArrayGpuMultiArchFatbin(pack));
  }
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  addExportAbi(pm, options.exportKind, /*cuda=*/true);
}
