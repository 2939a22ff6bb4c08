//===- EmbeddedKernels.cpp - Loading the runtime's own kernels ------------===//

#include "driver/EmbeddedKernels.h"

#include "driver/Error.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace arrayrt {

bool kernelsEmbedded() {
#ifdef ARRAYRT_HAVE_KERNELS
  return true;
#else
  return false;
#endif
}

CUmodule loadEmbeddedModule(const unsigned char *image, size_t size,
                            const char *what) {
  const DriverApi &api = driver();
  // The image in 8-byte words: cuModuleLoadData reads its header's 64-bit
  // fields, and bin2c's byte array has no alignment. Kept with the module.
  auto *words = new std::vector<uint64_t>((size + 7) / 8);
  std::memcpy(words->data(), image, size);
  CUmodule module = nullptr;
  CUresult status = api.cuModuleLoadData(&module, words->data());
  if (status == CUDA_ERROR_NO_BINARY_FOR_GPU ||
      status == CUDA_ERROR_UNSUPPORTED_PTX_VERSION) {
    delete words;
    return nullptr;
  }
  check(status, ("cuModuleLoadData (" + std::string(what) + ")").c_str());
  return module;
}

CUfunction embeddedFunction(CUmodule module, const char *name,
                            const char *what) {
  CUfunction function = nullptr;
  check(driver().cuModuleGetFunction(&function, module, name),
        ("cuModuleGetFunction (" + std::string(what) + ": " + name + ")")
            .c_str());
  return function;
}

unsigned gridFor(int64_t work, int64_t perBlock, int64_t most) {
  return static_cast<unsigned>(
      std::max<int64_t>(1, std::min((work + perBlock - 1) / perBlock, most)));
}

} // namespace arrayrt
