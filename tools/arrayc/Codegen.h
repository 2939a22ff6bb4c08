//===- Codegen.h - LLVM IR to host object code ------------------*- C++ -*-===//

#ifndef ARRAYC_TOOLS_ARRAYC_CODEGEN_H
#define ARRAYC_TOOLS_ARRAYC_CODEGEN_H

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace llvm {
class Module;
} // namespace llvm

namespace arrayc {

/// Renames the program's `main` (which returns nothing) and adds the C entry
/// point `int main(void)` that calls it and returns 0. Does nothing for a
/// module without such a `main`.
void addEntryPoint(llvm::Module &module);

/// Sets the host triple and data layout on `module` and optimizes it at
/// `optLevel` (0-3).
llvm::Error optimizeForHost(llvm::Module &module, unsigned optLevel);

/// Writes `module` as a relocatable (PIC) object file for the host.
llvm::Error emitHostObject(llvm::Module &module, unsigned optLevel,
                           llvm::raw_pwrite_stream &os);

} // namespace arrayc

#endif // ARRAYC_TOOLS_ARRAYC_CODEGEN_H
