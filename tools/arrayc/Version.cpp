//===- Version.cpp - arrayc --version -------------------------------------===//
//
// The one file that includes the build-time Revision.h: a new commit
// recompiles only this.
//
//===----------------------------------------------------------------------===//

#include "Version.h"

#include "arrayc/Config.h"
#include "arrayc/Revision.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/TargetParser/Host.h"

void arrayc::printVersion(llvm::raw_ostream &os) {
  os << "Arrayc " << ARRAYC_VERSION << " (commit " << ARRAYC_REVISION << ")\n"
     << "  LLVM/MLIR " << LLVM_VERSION_STRING << "\n"
     << "  CUDA toolkit " << ARRAYC_CUDA_VERSION << " at "
     << ARRAYC_CUDA_TOOLKIT_PATH << "\n"
     << "  host target " << llvm::sys::getDefaultTargetTriple() << "\n";
}
