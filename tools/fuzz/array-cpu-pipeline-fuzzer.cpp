//===- array-cpu-pipeline-fuzzer.cpp - The CPU pipeline on any valid input ===//
//
// Inputs that parse and verify go through buildArrayToCpuPipeline (what
// `arrayc --target=cpu` runs) to the LLVM dialect and are translated to LLVM
// IR. A pass failure with a diagnostic is fine; a crash, a pass that leaves
// invalid IR, a silent failure or a success that is not valid LLVM IR is a
// bug (FuzzContext::runPipeline, through fuzzPipeline).
//
//===----------------------------------------------------------------------===//

#include "FuzzTarget.h"

#include "arrayc/Pipelines/Pipelines.h"

using namespace arrayc::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzzPipeline(data, size, [](mlir::OpPassManager &pm) {
    mlir::array::ArrayToCpuPipelineOptions options;
    mlir::array::buildArrayToCpuPipeline(pm, options);
  });
  return 0;
}
