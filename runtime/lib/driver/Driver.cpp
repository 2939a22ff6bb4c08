//===- Driver.cpp - Loading and initializing the CUDA driver --------------===//

#include "driver/Driver.h"

#include "driver/Error.h"
#include "graphs/Graphs.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

namespace arrayrt {
namespace {

struct DriverState {
  DriverApi api;
  void *handle = nullptr; // From dlopen; never closed.
  CUdevice device = 0;
  CUcontext context = nullptr;
  char failure[1024] = {}; // Empty once initialization succeeded.
};

// Function-local statics rather than globals: MLIR's generated code loads
// modules from global constructors, which may run before this file's.
DriverState &state() {
  static DriverState instance;
  return instance;
}

std::once_flag &initFlag() {
  static std::once_flag flag;
  return flag;
}

__attribute__((format(printf, 1, 2))) void recordFailure(const char *format,
                                                         ...) {
  va_list args;
  va_start(args, format);
  std::vsnprintf(state().failure, sizeof(state().failure), format, args);
  va_end(args);
}

/// Names of the statuses initialization can run into, for drivers whose
/// cuGetErrorName cannot answer (the toolkit's stub library answers every
/// call with CUDA_ERROR_STUB_LIBRARY).
const char *fallbackName(CUresult status) {
  switch (status) {
  case CUDA_ERROR_STUB_LIBRARY:
    return "CUDA_ERROR_STUB_LIBRARY (CUDA driver is a stub library; the "
           "real driver is not installed)";
  case CUDA_ERROR_NO_DEVICE:
    return "CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)";
  default:
    return nullptr;
  }
}

/// The device this process runs on: ARRAYRT_DEVICE, else, for one of
/// several processes on a host (a sharded program under mpirun or srun),
/// its local rank modulo the devices it sees, else the first.
int chooseDevice(int count) {
  if (const char *chosen = std::getenv("ARRAYRT_DEVICE"); chosen && *chosen) {
    char *end = nullptr;
    long index = std::strtol(chosen, &end, 10);
    if (*end || index < 0 || index >= count)
      fatal("ARRAYRT_DEVICE=%s: expected a device index from 0 to %d", chosen,
            count - 1);
    return static_cast<int>(index);
  }
  for (const char *variable : {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID",
                               "SLURM_LOCALID", "PMI_LOCAL_RANK"})
    if (const char *rank = std::getenv(variable); rank && *rank)
      return static_cast<int>(std::strtol(rank, nullptr, 10) % count);
  return 0;
}

void initialize() {
  DriverState &s = state();
  const char *override = std::getenv("ARRAYRT_CUDA_DRIVER_LIB");
  const char *library = override && *override ? override : "libcuda.so.1";
  // RTLD_LOCAL keeps the driver's symbols out of the global namespace, where
  // they could interpose on another copy of the driver the program loads.
  void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    recordFailure("%s could not be loaded (%s)", library, dlerror());
    return;
  }
  s.handle = handle;
#define ARRAYRT_RESOLVE(name)                                                  \
  if (void *symbol = dlsym(handle, #name)) {                                   \
    s.api.name = reinterpret_cast<decltype(s.api.name)>(symbol);               \
  } else {                                                                     \
    recordFailure("%s does not provide %s (the driver is too old: a driver "   \
                  "for CUDA 12.0 or later is needed)",                         \
                  library, #name);                                             \
    return;                                                                    \
  }
  ARRAYRT_DRIVER_FUNCTIONS(ARRAYRT_RESOLVE)
#undef ARRAYRT_RESOLVE

  char text[512];
  if (CUresult status = s.api.cuInit(0)) {
    recordFailure("cuInit failed: %s", describe(status, text, sizeof(text)));
    return;
  }
  int count = 0;
  if (CUresult status = s.api.cuDeviceGetCount(&count)) {
    recordFailure("cuDeviceGetCount failed: %s",
                  describe(status, text, sizeof(text)));
    return;
  }
  if (count == 0) {
    recordFailure("the driver sees no CUDA device");
    return;
  }
  if (CUresult status = s.api.cuDeviceGet(&s.device, chooseDevice(count))) {
    recordFailure("cuDeviceGet failed: %s",
                  describe(status, text, sizeof(text)));
    return;
  }
  // The primary context is the one the CUDA runtime and libraries such as
  // cuBLAS use too, so memory and modules are shared with them.
  if (CUresult status = s.api.cuDevicePrimaryCtxRetain(&s.context, s.device)) {
    recordFailure("cuDevicePrimaryCtxRetain failed: %s",
                  describe(status, text, sizeof(text)));
    return;
  }
}

} // namespace

const char *driverFailure() {
  std::call_once(initFlag(), initialize);
  const char *failure = state().failure;
  return *failure ? failure : nullptr;
}

const DriverApi &driver() {
  // A call that may queue or wait for work ends the recording of a graph
  // region's run (graphs/Graphs.h): what the run recorded goes first.
  graphs::flush();
  return loadedDriver();
}

const DriverApi &loadedDriver() {
  if (const char *failure = driverFailure())
    fatal("cannot run on the GPU: %s; this program was compiled with "
          "--target=cuda and needs an NVIDIA GPU and driver (compile with "
          "--target=cpu to run on the CPU)",
          failure);
  DriverState &s = state();
  // Each thread needs the context current once; caching it here keeps the
  // common path to a TLS load instead of a driver call per entry point.
  thread_local CUcontext currentInThread = nullptr;
  if (currentInThread != s.context) {
    check(s.api.cuCtxSetCurrent(s.context), "cuCtxSetCurrent");
    currentInThread = s.context;
  }
  return s.api;
}

void *driverSymbol(const char *name) {
  if (driverFailure() || !state().handle)
    return nullptr;
  return dlsym(state().handle, name);
}

CUdevice currentDevice() {
  loadedDriver();
  return state().device;
}

const char *describe(CUresult status, char *buffer, unsigned size) {
  const DriverApi &api = state().api;
  const char *name = nullptr, *description = nullptr;
  if (api.cuGetErrorName && api.cuGetErrorName(status, &name) != CUDA_SUCCESS)
    name = nullptr;
  if (api.cuGetErrorString &&
      api.cuGetErrorString(status, &description) != CUDA_SUCCESS)
    description = nullptr;
  if (name && description)
    std::snprintf(buffer, size, "%s (%s)", name, description);
  else if (const char *fallback = fallbackName(status))
    std::snprintf(buffer, size, "%s", fallback);
  else
    std::snprintf(buffer, size, "CUresult %d (unknown to this driver)",
                  static_cast<int>(status));
  return buffer;
}

CUevent createUntimedEvent() {
  CUevent event = nullptr;
  check(driver().cuEventCreate(&event, CU_EVENT_DISABLE_TIMING),
        "cuEventCreate");
  return event;
}

bool queryEvent(CUevent event) {
  CUresult status = driver().cuEventQuery(event);
  if (status == CUDA_ERROR_NOT_READY)
    return false;
  check(status, "cuEventQuery");
  return true;
}

void check(CUresult status, const char *call) {
  if (status == CUDA_SUCCESS)
    return;
  char text[512];
  const char *location = currentOp().location;
  if (location && *location)
    fatal("%s: %s failed: %s", location, call,
          describe(status, text, sizeof(text)));
  fatal("%s failed: %s", call, describe(status, text, sizeof(text)));
}

} // namespace arrayrt
