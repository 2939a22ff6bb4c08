//===- Link.h - Link an object with the arrayrt runtime ---------*- C++ -*-===//

#ifndef ARRAYC_TOOLS_ARRAYC_LINK_H
#define ARRAYC_TOOLS_ARRAYC_LINK_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace arrayc {

struct LinkOptions {
  /// The C++ compiler driver used as the linker (`$ARRAYC_LINKER`, else c++,
  /// or the clang that built a runtime with sanitizers).
  std::string linker;
  /// The runtime archive (`--runtime-lib`, `$ARRAYC_RUNTIME_LIB`, else
  /// libarrayrt.a next to arrayc in ../lib).
  std::string runtimeLibrary;
  /// The archive with the C main that calls the program's entry point:
  /// libarrayrt_main.a in the runtime library's directory.
  std::string mainLibrary() const;
  /// The collectives of sharded programs over MPI (arrayrt/collectives.h):
  /// libarrayrt_mpi.a in the runtime library's directory.
  std::string mpiLibrary() const;
  bool verbose = false;
};

/// Finds the default linker and runtime archive for `argv0`.
LinkOptions defaultLinkOptions(const char *argv0);

/// Links `object` with the runtime into the executable `output`. The
/// executable appears only when linking succeeded: it is linked under a
/// temporary name and renamed.
/// Links `object` with the runtime into the executable `output` (arrayc's
/// temporary output file, see Output.h).
llvm::Error linkExecutable(llvm::StringRef object, llvm::StringRef output,
                           const LinkOptions &options);

/// Links `object` with the runtime into the shared library `output`, which
/// exports only the symbols that start with `<prefix>_` (the runtime stays
/// private to the library, so several libraries can share a process), with
/// `soname` as its SONAME (the final file name).
llvm::Error linkSharedLibrary(llvm::StringRef object, llvm::StringRef output,
                              llvm::StringRef prefix, llvm::StringRef soname,
                              const LinkOptions &options);

} // namespace arrayc

#endif // ARRAYC_TOOLS_ARRAYC_LINK_H
