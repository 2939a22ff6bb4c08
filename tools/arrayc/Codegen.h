//===- Codegen.h - LLVM IR to host object code ------------------*- C++ -*-===//

#ifndef ARRAYC_TOOLS_ARRAYC_CODEGEN_H
#define ARRAYC_TOOLS_ARRAYC_CODEGEN_H

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace llvm {
class Module;
} // namespace llvm

namespace arrayc {

/// The symbol the program's `func.func @main` is compiled to. The C `main`
/// comes from the runtime's libarrayrt_main.a, which calls it through its
/// packed entry point and table (`arrayc_program`, array-export-abi), once
/// or repeatedly under ARRAYRT_BENCH (see arrayrt/program.h, arrayrt/abi.h).
inline constexpr const char *kProgramEntry = "arrayc_program_main";

/// Renames the program's `main` to kProgramEntry, with external linkage.
/// Does nothing for a module without a `main` (a library).
void renameEntryPoint(llvm::Module &module);

/// The host CPU to generate code for: "generic", "native" (this machine's
/// CPU and features) or an LLVM CPU name. An error names an unknown one.
llvm::Error checkHostCpu(llvm::StringRef cpu);

/// Sets the host triple and data layout on `module` and optimizes it at
/// `optLevel` (0-3) for `cpu` (see checkHostCpu).
llvm::Error optimizeForHost(llvm::Module &module, unsigned optLevel,
                            llvm::StringRef cpu);

/// Writes `module` as a relocatable (PIC) object file for the host.
llvm::Error emitHostObject(llvm::Module &module, unsigned optLevel,
                           llvm::StringRef cpu, llvm::raw_pwrite_stream &os);

} // namespace arrayc

#endif // ARRAYC_TOOLS_ARRAYC_CODEGEN_H
