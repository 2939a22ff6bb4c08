//===- EmbeddedKernels.h - The runtime's own kernels ------------*- C++ -*-===//
//
// The build compiles runtime/lib/sparse/kernels/*.cu with nvcc into fatbinaries
// (sm_90 code, compute_80 PTX) and embeds them (runtime/CMakeLists.txt);
// these helpers load one as a module and launch its kernels. Without nvcc
// at build time there are none, and the callers fall back or say so.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_EMBEDDEDKERNELS_H
#define ARRAYRT_LIB_EMBEDDEDKERNELS_H

#include "driver/Driver.h"

#include <cstddef>
#include <cstdint>
#include <mutex>

namespace arrayrt {

/// Whether this runtime was built with its kernels (nvcc was found).
bool kernelsEmbedded();

/// Loads the embedded fatbinary `image` (bin2c's `size` bytes) as a module,
/// or returns null on a GPU that cannot run it (older than sm_80: the
/// driver cannot compile its compute_80 PTX). Exits naming `what` on any
/// other failure. The module stays loaded until the process exits.
CUmodule loadEmbeddedModule(const unsigned char *image, size_t size,
                            const char *what);

/// The kernel `name` of `module`; exits naming `what` if it is missing.
CUfunction embeddedFunction(CUmodule module, const char *name,
                            const char *what);

/// The kernels of one embedded fatbinary, loaded on first use: a K whose
/// CUfunctions `fill(module, k)` looks up, or null where the GPU cannot
/// run the image. One K per fatbinary (the statics are K's).
template <typename K, typename Fill>
const K *embeddedKernels(const unsigned char *image, size_t size,
                         const char *what, Fill fill) {
  static K kernels;
  static bool loaded = false;
  static std::once_flag once;
  std::call_once(once, [&] {
    if (CUmodule module = loadEmbeddedModule(image, size, what)) {
      fill(module, kernels);
      loaded = true;
    }
  });
  return loaded ? &kernels : nullptr;
}

/// ceil(work / perBlock) blocks, at least 1 and at most `most`.
unsigned gridFor(int64_t work, int64_t perBlock, int64_t most);

} // namespace arrayrt

#endif // ARRAYRT_LIB_EMBEDDEDKERNELS_H
