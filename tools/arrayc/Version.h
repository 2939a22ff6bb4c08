//===- Version.h - arrayc --version -----------------------------*- C++ -*-===//

#ifndef ARRAYC_TOOLS_ARRAYC_VERSION_H
#define ARRAYC_TOOLS_ARRAYC_VERSION_H

#include "llvm/Support/raw_ostream.h"

namespace arrayc {

/// Arrayc's version and commit, the LLVM/MLIR it was built with, the CUDA
/// toolkit it compiles device code with, and the host target.
void printVersion(llvm::raw_ostream &os);

} // namespace arrayc

#endif // ARRAYC_TOOLS_ARRAYC_VERSION_H
