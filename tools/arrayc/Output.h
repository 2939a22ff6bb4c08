//===- Output.h - Writing arrayc's output file ------------------*- C++ -*-===//
//
// Everything arrayc writes (MLIR, LLVM IR, PTX, objects, executables) goes
// to a temporary file first. A regular file (or a path that does not exist
// yet) is then replaced by a rename in its directory, so a failed compile
// leaves no partial file and the old one untouched; anything else (`-` for
// standard output, /dev/null, a FIFO, a terminal) gets the temporary's
// bytes written into it and is never replaced or removed. The temporary is
// removed on every failure path and on fatal signals.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_TOOLS_ARRAYC_OUTPUT_H
#define ARRAYC_TOOLS_ARRAYC_OUTPUT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class raw_fd_ostream;
} // namespace llvm

namespace arrayc {

class OutputFile {
public:
  /// Checks that `path` can be written (its directory exists and is
  /// writable, it is not a directory) and creates the temporary.
  static llvm::Expected<std::unique_ptr<OutputFile>> create(
      llvm::StringRef path);
  ~OutputFile();

  /// The temporary, for tools that write a file by name (the linker).
  llvm::StringRef temporaryPath() const { return temporary; }
  /// A stream onto the temporary (seekable, as object emission needs).
  llvm::raw_fd_ostream &os();

  /// Moves the finished temporary into place (or copies it into a special
  /// file); an error names the path and the reason.
  llvm::Error commit();

private:
  OutputFile(std::string path, std::string temporary, bool replace);
  llvm::Error copyInto();

  std::string path;
  std::string temporary;
  /// True when `path` is replaced by a rename; false for special files.
  bool replace;
  bool committed = false;
  std::unique_ptr<llvm::raw_fd_ostream> stream;
};

} // namespace arrayc

#endif // ARRAYC_TOOLS_ARRAYC_OUTPUT_H
