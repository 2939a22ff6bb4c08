//===- Pipelines.h - array program compilation pipelines --------*- C++ -*-===//
//
// The pipelines that take an array program to the LLVM dialect, for the CUDA
// and the CPU target. Registered once (array-opt) and called by arrayc, so
// every step a compile takes can be reproduced with array-opt flags.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_PIPELINES_PIPELINES_H
#define ARRAYC_PIPELINES_PIPELINES_H

#include "arrayc/Config.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace array {

/// How far a pipeline goes: each stage includes the ones before it.
enum class PipelineStage {
  Linalg,  ///< array ops lowered to linalg on tensors.
  Kernels, ///< bufferized; GPU kernels outlined (cuda) or loops (cpu).
  Llvm,    ///< everything in the LLVM dialect (GPU code serialized).
};

struct ArrayToCpuPipelineOptions
    : public PassPipelineOptions<ArrayToCpuPipelineOptions> {
  PassOptions::Option<bool> fuseElementwise{
      *this, "fuse-elementwise",
      llvm::cl::desc("Fuse producer-consumer chains of elementwise ops."),
      llvm::cl::init(true)};
  PassOptions::Option<std::string> exportKind{
      *this, "export",
      llvm::cl::desc("What the program exports (array-mark-exports, "
                     "array-export-abi): none, entry (an executable's "
                     "@main) or library (its public functions)."),
      llvm::cl::init("none")};
  PassOptions::Option<std::string> exportPrefix{
      *this, "export-prefix",
      llvm::cl::desc("The C name prefix of a library's functions."),
      llvm::cl::init("")};
  PassOptions::Option<bool> matmulBlas{
      *this, "matmul-blas",
      llvm::cl::desc("float32 and float64 matrix products through the "
                     "CPU's BLAS, loaded at run time "
                     "(array-gpu-matmul-to-blas{host}); else loops."),
      llvm::cl::init(true)};
  PassOptions::Option<bool> parallelLoops{
      *this, "parallel-loops",
      llvm::cl::desc("Share the parallel loops among OpenMP threads "
                     "(array-cpu-parallel-loops); else one thread."),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> parallelGrain{
      *this, "parallel-grain",
      llvm::cl::desc("Loops with less work than this many innermost "
                     "iterations run on one thread."),
      llvm::cl::init(65536)};
  PassOptions::Option<int64_t> processes{
      *this, "processes",
      llvm::cl::desc("The number of processes a sharded program's grid of "
                     "dynamic size runs on (array-shard-partition)."),
      llvm::cl::init(0)};
};

struct ArrayToCudaPipelineOptions
    : public PassPipelineOptions<ArrayToCudaPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("GPU architecture to compile for."),
      llvm::cl::init("sm_90a")};
  PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features, such as the PTX ISA version (+ptx86); "
                     "empty: the lowest version the chip needs (8.1 for "
                     "sm_90a, whose cluster row kernels use st.async; 8.6 "
                     "for sm_100a)."),
      llvm::cl::init("")};
  PassOptions::Option<int> optLevel{
      *this, "opt-level",
      llvm::cl::desc("Optimization level of the device code (0-3)."),
      llvm::cl::init(3)};
  PassOptions::Option<std::string> binaryFormat{
      *this, "format",
      llvm::cl::desc("What gpu-module-to-binary embeds: fatbin (cubin + "
                     "PTX), bin (cubin), isa (PTX text), offloading, llvm."),
      llvm::cl::init("fatbin")};
  PassOptions::Option<std::string> toolkitPath{
      *this, "cuda-toolkit",
      llvm::cl::desc("CUDA toolkit with ptxas, fatbinary and libdevice."),
      llvm::cl::init(ARRAYC_CUDA_TOOLKIT_PATH)};
  PassOptions::Option<int64_t> blockSize{
      *this, "block-size", llvm::cl::desc("Threads per block of a kernel."),
      llvm::cl::init(256)};
  PassOptions::Option<int64_t> maxGridSize{
      *this, "max-grid-size",
      llvm::cl::desc("Most blocks in an elementwise kernel's grid."),
      llvm::cl::init(1056)};
  PassOptions::Option<bool> fuseElementwise{
      *this, "fuse-elementwise",
      llvm::cl::desc("Fuse producer-consumer chains of elementwise ops."),
      llvm::cl::init(true)};
  PassOptions::Option<std::string> extraChips{
      *this, "extra-chips",
      llvm::cl::desc("More GPU architectures, comma-separated, each newer "
                     "than `chip` (which the kernels are generated for): "
                     "one fatbin with machine code for each and PTX for the "
                     "newest (array-gpu-multi-arch-fatbin)."),
      llvm::cl::init("")};
  PassOptions::Option<std::string> ptxasOptions{
      *this, "ptxas-options",
      llvm::cl::desc("Options for ptxas, space-separated (gpu-module-to-"
                     "binary's opts)."),
      llvm::cl::init("")};
  PassOptions::Option<bool> lineInfo{
      *this, "line-info",
      llvm::cl::desc("Keep the kernels' source locations: .loc line "
                     "directives in the PTX (ptxas -lineinfo), for Nsight "
                     "Compute's source view; host functions get line "
                     "tables too."),
      llvm::cl::init(false)};
  PassOptions::Option<bool> persistentLoops{
      *this, "persistent-loops",
      llvm::cl::desc("Run small host loops of kernels as one cooperative "
                     "kernel with grid barriers between its phases "
                     "(array-gpu-persistent-loops)."),
      llvm::cl::init(true)};
  PassOptions::Option<bool> registerLoops{
      *this, "register-loops",
      llvm::cl::desc("With persistent-loops: iterative solvers' vector "
                     "loops as one kernel with each thread's elements in "
                     "registers (array-gpu-register-loops)."),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> registerLoopElements{
      *this, "register-loop-elements",
      llvm::cl::desc("Elements of each vector a register loop's thread "
                     "holds (array-gpu-register-loops)."),
      llvm::cl::init(2)};
  PassOptions::Option<bool> printKernelPlan{
      *this, "print-kernel-plan",
      llvm::cl::desc("Report each group's kernel strategy as remarks "
                     "(array-gpu-print-kernel-plan)."),
      llvm::cl::init(false)};
  PassOptions::Option<bool> matmulBlas{
      *this, "matmul-blas",
      llvm::cl::desc("Float matrix products (and their epilogues) through "
                     "cuBLASLt (array-gpu-matmul-to-blas); else generated "
                     "kernels."),
      llvm::cl::init(true)};
  PassOptions::Option<bool> attentionDnn{
      *this, "attention-dnn",
      llvm::cl::desc("Attention blocks (matmul, scale, causal mask, softmax, "
                     "matmul) as one fused cuDNN call "
                     "(array-gpu-attention-to-dnn); else products and row "
                     "kernels."),
      llvm::cl::init(true)};
  PassOptions::Option<bool> matmulTf32{
      *this, "matmul-tf32",
      llvm::cl::desc("Compute float32 matrix products on TF32 tensor cores."),
      llvm::cl::init(false)};
  PassOptions::Option<std::string> exportKind{
      *this, "export",
      llvm::cl::desc("What the program exports (array-mark-exports, "
                     "array-export-abi): none, entry (an executable's "
                     "@main) or library (its public functions)."),
      llvm::cl::init("none")};
  PassOptions::Option<std::string> exportPrefix{
      *this, "export-prefix",
      llvm::cl::desc("The C name prefix of a library's functions."),
      llvm::cl::init("")};
  PassOptions::Option<int64_t> processes{
      *this, "processes",
      llvm::cl::desc("The number of processes a sharded program's grid of "
                     "dynamic size runs on (array-shard-partition)."),
      llvm::cl::init(0)};
};

/// array dialect → linalg on tensors, shared by both targets.
void buildArrayToLinalgPipeline(OpPassManager &pm, bool fuseElementwise);

/// array-mark-exports for `kind` (entry or library; nothing for none).
void addMarkExports(OpPassManager &pm, llvm::StringRef kind,
                    llvm::StringRef prefix);

/// array-export-abi, last, when `kind` is not none.
void addExportAbi(OpPassManager &pm, llvm::StringRef kind, bool cuda);

/// Bufferization and buffer deallocation, shared by both targets.
void buildBufferizationPipeline(OpPassManager &pm);

/// Lowers an array program to the LLVM dialect for the host CPU.
void buildArrayToCpuPipeline(OpPassManager &pm,
                             const ArrayToCpuPipelineOptions &options,
                             PipelineStage stop = PipelineStage::Llvm);

/// Lowers an array program to host code in the LLVM dialect that launches
/// NVVM kernels embedded as gpu.binary objects.
void buildArrayToCudaPipeline(OpPassManager &pm,
                              const ArrayToCudaPipelineOptions &options,
                              PipelineStage stop = PipelineStage::Llvm);

/// Registers array-to-cpu-pipeline and array-to-cuda-pipeline.
void registerArrayPipelines();

} // namespace array
} // namespace mlir

#endif // ARRAYC_PIPELINES_PIPELINES_H
