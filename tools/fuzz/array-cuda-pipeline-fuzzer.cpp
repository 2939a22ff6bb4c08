//===- array-cuda-pipeline-fuzzer.cpp - The CUDA pipeline up to PTX -------===//
//
// Inputs that parse and verify go through buildArrayToCudaPipeline (what
// `arrayc --emit=ptx` runs: kernels compiled to PTX by LLVM's NVPTX backend,
// no ptxas) and the host code is translated to LLVM IR. A pass failure with
// a diagnostic is fine; a crash, a pass that leaves invalid IR, a silent
// failure or a success that is not valid LLVM IR is a bug
// (FuzzContext::runPipeline, through fuzzPipeline).
//
//===----------------------------------------------------------------------===//

#include "FuzzTarget.h"

#include "arrayc/Pipelines/Pipelines.h"

using namespace arrayc::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzzPipeline(data, size, [](mlir::OpPassManager &pm) {
    mlir::array::ArrayToCudaPipelineOptions options;
    options.binaryFormat = "isa";
    mlir::array::buildArrayToCudaPipeline(pm, options);
  });
  return 0;
}
