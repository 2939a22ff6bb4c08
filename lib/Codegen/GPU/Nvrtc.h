//===- Nvrtc.h - NVRTC, loaded from the CUDA toolkit ------------*- C++ -*-===//
//
// array-gpu-compile-kernels compiles users' CUDA C++ with NVRTC. The library
// is opened when a program has such a kernel (dlopen of the toolkit's
// libnvrtc.so), so Arrayc builds and runs without it otherwise, and the
// compiled programs never need it.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_LIB_CODEGEN_GPU_NVRTC_H
#define ARRAYC_LIB_CODEGEN_GPU_NVRTC_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir::array::nvrtc {

/// One compilation's outcome: the log (errors and warnings, NVRTC's
/// format: `name(line): error: ...` plus the source line and a caret), and
/// on success the device code and each name expression's lowered name.
struct Compilation {
  bool succeeded = false;
  /// NVRTC's result when it did not succeed (NVRTC_ERROR_INVALID_OPTION).
  std::string error;
  std::string log;
  /// PTX text (always), and the cubin when the architecture is real.
  std::string ptx, cubin;
  std::vector<std::string> loweredNames;
};

/// NVRTC's version ("13.0"), or an error naming the paths tried.
llvm::Expected<std::string> version(llvm::StringRef toolkit);

/// Compiles `source` (named `name` in messages) with `options`, registering
/// `nameExpressions` (kernel names or template instances); `cubin` asks
/// for SASS (the options' -arch must then be a real architecture).
/// Fails only when NVRTC cannot be loaded or misbehaves; a program that
/// does not compile is a Compilation that did not succeed.
llvm::Expected<Compilation>
compile(llvm::StringRef toolkit, llvm::StringRef source, llvm::StringRef name,
        const std::vector<std::string> &options,
        const std::vector<std::string> &nameExpressions, bool cubin);

} // namespace mlir::array::nvrtc

#endif // ARRAYC_LIB_CODEGEN_GPU_NVRTC_H
