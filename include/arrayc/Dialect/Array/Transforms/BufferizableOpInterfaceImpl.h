//===- BufferizableOpInterfaceImpl.h - array bufferization ------*- C++ -*-===//

#ifndef ARRAYC_DIALECT_ARRAY_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define ARRAYC_DIALECT_ARRAY_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
namespace array {

/// Lets one-shot bufferization handle the array ops that survive the
/// lowering to linalg (array.print).
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);

/// array.cuda_kernel and array.gpu_kernel (KernelBufferization.cpp): their
/// launches on buffers, outputs written in place.
void registerKernelBufferizationModels(DialectRegistry &registry);

} // namespace array
} // namespace mlir

#endif // ARRAYC_DIALECT_ARRAY_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
