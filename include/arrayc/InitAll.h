//===- InitAll.h - Register arrayc's dialects, passes, pipelines -*- C++
//-*-===//
//
// The one place every tool registers what arrayc adds to upstream MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_INITALL_H
#define ARRAYC_INITALL_H

#include "arrayc/Codegen/CPU/Passes.h"
#include "arrayc/Codegen/GPU/Passes.h"
#include "arrayc/Conversion/Passes.h"
#include "arrayc/Dialect/Array/IR/ArrayDialect.h"
#include "arrayc/Dialect/Array/Transforms/BufferizableOpInterfaceImpl.h"
#include "arrayc/Dialect/Array/Transforms/Passes.h"
#include "arrayc/Dialect/Array/Transforms/ShardingInterfaceImpl.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtDialect.h"
#include "arrayc/Pipelines/Pipelines.h"
#include "mlir/IR/DialectRegistry.h"

namespace mlir::array {

/// Adds the array and arrayrt dialects and their external interface models
/// to `registry`.
inline void registerArrayDialects(DialectRegistry &registry) {
  registry.insert<ArrayDialect, arrayrt::ArrayrtDialect>();
  registerBufferizableOpInterfaceExternalModels(registry);
  registerShardingInterfaceExternalModels(registry);
}

/// Registers arrayc's passes and pipelines with the global pass registry.
inline void registerArrayPassesAndPipelines() {
  registerArrayConversionPasses();
  registerArrayPasses();
  registerArrayCPUCodegenPasses();
  registerArrayGPUCodegenPasses();
  registerArrayPipelines();
}

} // namespace mlir::array

#endif // ARRAYC_INITALL_H
