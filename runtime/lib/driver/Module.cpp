//===- Module.cpp - Loading GPU code --------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "driver/Driver.h"
#include "driver/Error.h"
#include "graphs/Graphs.h"
#include "profile/Profile.h"

#include <cstdint>

using arrayrt::check;
using arrayrt::driver;

extern "C" arrayrt_module_t arrayrt_module_load(const void *image,
                                                size_t /*size*/) {
  CUmodule module = nullptr;
  // Loading code and looking up kernels touch no queued work: a graph
  // region's recording goes on (loadedDriver(), not driver()).
  check(arrayrt::loadedDriver().cuModuleLoadData(&module, image),
        "cuModuleLoadData");
  return reinterpret_cast<arrayrt_module_t>(module);
}

extern "C" arrayrt_module_t
arrayrt_module_load_jit(const void *ptx, size_t /*size*/, int opt_level) {
  const arrayrt::DriverApi &api = arrayrt::loadedDriver();
  // ptxas errors are only reported through the log, and without them a
  // failure reads as a bare CUDA_ERROR_INVALID_PTX.
  static constexpr unsigned kLogSize = 16384;
  static thread_local char log[kLogSize];
  log[0] = '\0';
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {log, reinterpret_cast<void *>(uintptr_t{kLogSize}),
                    reinterpret_cast<void *>(static_cast<intptr_t>(opt_level))};
  CUmodule module = nullptr;
  CUresult status = api.cuModuleLoadDataEx(&module, ptx, 3, options, values);
  if (status != CUDA_SUCCESS) {
    char text[512];
    arrayrt::fatal("cuModuleLoadDataEx failed: %s; JIT log:\n%s",
                   arrayrt::describe(status, text, sizeof(text)), log);
  }
  return reinterpret_cast<arrayrt_module_t>(module);
}

extern "C" void arrayrt_module_unload(arrayrt_module_t module) {
  if (!module)
    return;
  arrayrt::profile::forgetModule(reinterpret_cast<CUmodule>(module));
  arrayrt::graphs::forgetAll();
  CUresult status = driver().cuModuleUnload(reinterpret_cast<CUmodule>(module));
  // Global destructors (which MLIR's generated code unloads modules from)
  // may run after the driver tore itself down at exit; it freed the module.
  if (status == CUDA_ERROR_DEINITIALIZED)
    return;
  check(status, "cuModuleUnload");
}

extern "C" arrayrt_function_t
arrayrt_module_get_function(arrayrt_module_t module, const char *name) {
  CUfunction function = nullptr;
  CUresult status = arrayrt::loadedDriver().cuModuleGetFunction(
      &function, reinterpret_cast<CUmodule>(module), name);
  if (status != CUDA_SUCCESS) {
    char text[512];
    arrayrt::fatal("cuModuleGetFunction failed for kernel '%s': %s", name,
                   arrayrt::describe(status, text, sizeof(text)));
  }
  return reinterpret_cast<arrayrt_function_t>(function);
}
