//===- ArrayToLibrary.h - library selection ---------------------*- C++ -*-===//
//
// The CUDA target's library forms: attention blocks to cuDNN
// (arrayrt.attention), matrix products to cuBLASLt
// (arrayrt.blas_matmul), sparse matrices to runtime CSR handles and their
// cuSPARSE ops.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_CONVERSION_ARRAYTOLIBRARY_ARRAYTOLIBRARY_H
#define ARRAYC_CONVERSION_ARRAYTOLIBRARY_ARRAYTOLIBRARY_H

#include "mlir/Pass/Pass.h"

namespace mlir::array {

#define GEN_PASS_DECL_ARRAYGPUATTENTIONTODNN
#define GEN_PASS_DECL_ARRAYGPUMATMULTOBLAS
#define GEN_PASS_DECL_ARRAYGPUSPARSE
#define GEN_PASS_DECL_ARRAYREJECTSPARSE
#include "arrayc/Conversion/Passes.h.inc"

} // namespace mlir::array

#endif // ARRAYC_CONVERSION_ARRAYTOLIBRARY_ARRAYTOLIBRARY_H
