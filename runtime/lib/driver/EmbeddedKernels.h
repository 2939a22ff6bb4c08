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
#include <string>

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

/// A fatbinary the build embedded: bin2c's array and its size, or none.
struct EmbeddedImage {
  const unsigned char *data = nullptr;
  size_t size = 0;
};

/// The image bin2c wrote as the array `symbol` (its .inc file included
/// under ARRAYRT_HAVE_KERNELS); none in a runtime built without nvcc,
/// which has no such array.
#ifdef ARRAYRT_HAVE_KERNELS
#define ARRAYRT_EMBEDDED_IMAGE(symbol)                                         \
  (::arrayrt::EmbeddedImage{symbol, sizeof symbol})
#else
#define ARRAYRT_EMBEDDED_IMAGE(symbol) (::arrayrt::EmbeddedImage{})
#endif

/// Looks up kernels by name in one embedded module; exits naming `what`
/// where one is missing.
class KernelLookup {
public:
  KernelLookup(CUmodule module, const char *what)
      : module(module), what(what) {}
  CUfunction operator()(const char *name) const {
    return embeddedFunction(module, name, what);
  }
  CUfunction operator()(const std::string &name) const {
    return (*this)(name.c_str());
  }

private:
  CUmodule module;
  const char *what;
};

/// The kernels of one embedded fatbinary, loaded on first use: a K whose
/// CUfunctions `fill(lookup, k)` looks up, or null without the image or
/// where the GPU cannot run it. One K per fatbinary (the statics are K's).
template <typename K, typename Fill>
const K *embeddedKernels(EmbeddedImage image, const char *what, Fill fill) {
  if (!image.data)
    return nullptr;
  static K kernels;
  static bool loaded = false;
  static std::once_flag once;
  std::call_once(once, [&] {
    if (CUmodule module = loadEmbeddedModule(image.data, image.size, what)) {
      fill(KernelLookup(module, what), kernels);
      loaded = true;
    }
  });
  return loaded ? &kernels : nullptr;
}

/// ceil(work / perBlock) blocks, at least 1 and at most `most`.
unsigned gridFor(int64_t work, int64_t perBlock, int64_t most);

} // namespace arrayrt

#endif // ARRAYRT_LIB_EMBEDDEDKERNELS_H
