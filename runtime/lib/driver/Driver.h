//===- Driver.h - The CUDA driver, loaded at run time ------------*- C++
//-*-===//
//
// cuda.h is used for types and constants only: every cu* function is called
// through a pointer resolved with dlsym, so the runtime links no CUDA library.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_DRIVER_H
#define ARRAYRT_LIB_DRIVER_H

#include "arrayrt/types.h"

#include <cuda.h>

namespace arrayrt {

// The driver entry points the runtime uses, by exported symbol name. The
// versioned names (_v2) are the ones cuda.h maps the plain names to; naming
// them explicitly pins the ABI the pointers are declared with.
#define ARRAYRT_DRIVER_FUNCTIONS(X)                                            \
  X(cuInit)                                                                    \
  X(cuGetErrorName)                                                            \
  X(cuGetErrorString)                                                          \
  X(cuDeviceGetCount)                                                          \
  X(cuDeviceGet)                                                               \
  X(cuDeviceGetName)                                                           \
  X(cuDeviceGetAttribute)                                                      \
  X(cuDeviceTotalMem_v2)                                                       \
  X(cuDevicePrimaryCtxRetain)                                                  \
  X(cuCtxSetCurrent)                                                           \
  X(cuCtxSynchronize)                                                          \
  X(cuModuleLoadData)                                                          \
  X(cuModuleLoadDataEx)                                                        \
  X(cuModuleUnload)                                                            \
  X(cuModuleGetFunction)                                                       \
  X(cuModuleGetGlobal_v2)                                                      \
  X(cuFuncSetAttribute)                                                        \
  X(cuLaunchKernel)                                                            \
  X(cuLaunchKernelEx)                                                          \
  X(cuOccupancyMaxActiveBlocksPerMultiprocessor)                               \
  X(cuOccupancyMaxActiveClusters)                                              \
  X(cuStreamCreate)                                                            \
  X(cuStreamSynchronize)                                                       \
  X(cuStreamDestroy_v2)                                                        \
  X(cuStreamWaitEvent)                                                         \
  X(cuEventCreate)                                                             \
  X(cuEventRecord)                                                             \
  X(cuEventSynchronize)                                                        \
  X(cuEventQuery)                                                              \
  X(cuEventDestroy_v2)                                                         \
  X(cuMemAlloc_v2)                                                             \
  X(cuMemAllocManaged)                                                         \
  X(cuMemFree_v2)                                                              \
  X(cuMemPoolCreate)                                                           \
  X(cuMemPoolSetAttribute)                                                     \
  X(cuMemPoolGetAttribute)                                                     \
  X(cuMemPoolTrimTo)                                                           \
  X(cuMemAllocFromPoolAsync)                                                   \
  X(cuMemFreeAsync)                                                            \
  X(cuMemcpyAsync)                                                             \
  X(cuMemcpyHtoDAsync_v2)                                                      \
  X(cuMemHostAlloc)                                                            \
  X(cuMemFreeHost)                                                             \
  X(cuPointerGetAttributes)                                                    \
  X(cuMemsetD8Async)                                                           \
  X(cuMemsetD16Async)                                                          \
  X(cuMemsetD32Async)                                                          \
  X(cuMemHostRegister_v2)                                                      \
  X(cuMemHostUnregister)

/// Pointers to the driver's entry points. decltype of cuda.h's declarations
/// is an unevaluated use, so it references no symbol.
struct DriverApi {
#define ARRAYRT_DECLARE_POINTER(name) decltype(&::name) name = nullptr;
  ARRAYRT_DRIVER_FUNCTIONS(ARRAYRT_DECLARE_POINTER)
#undef ARRAYRT_DECLARE_POINTER
};

/// Loads and initializes the driver once (thread-safe), makes device 0's
/// primary context current in the calling thread, and returns the entry
/// points. If the driver cannot be used, prints why and exits 1.
const DriverApi &driver();

/// driver() without ending a graph region's recording: for the calls that
/// neither queue work nor wait for it (attributes, pointer queries,
/// occupancy) and for the recorder itself.
const DriverApi &loadedDriver();

/// Initializes the driver once if needed; returns nullptr on success or the
/// reason the GPU cannot be used. Never exits.
const char *driverFailure();

/// The CUDA device the runtime uses.
CUdevice currentDevice();

/// Exits with `arrayrt: error: <call> failed: <NAME> (<description>)` unless
/// `status` is CUDA_SUCCESS.
void check(CUresult status, const char *call);

/// NAME (description) text for `status`.
const char *describe(CUresult status, char *buffer, unsigned size);

/// A new event without timing (CU_EVENT_DISABLE_TIMING: cheaper to record
/// and to wait on).
CUevent createUntimedEvent();

/// cuEventQuery: true once the work before `event`'s last record has
/// finished, false while it has not; exits on any other status.
bool queryEvent(CUevent event);

/// The driver's symbol `name`, or nullptr if the driver is not loaded or
/// lacks it. For entry points only some features need (timing), so that the
/// driver's minimum version stays what the required list above needs.
void *driverSymbol(const char *name);

/// Sets `pointer` to the driver's entry point `name` (driverSymbol);
/// whether the driver has it.
template <typename Function>
bool resolveDriverSymbol(Function *&pointer, const char *name) {
  pointer = reinterpret_cast<Function *>(driverSymbol(name));
  return pointer != nullptr;
}

/// The driver's handles for the C API's stream and event handles and
/// device pointers (the same values).
inline CUstream toCu(arrayrt_stream_t stream) {
  return reinterpret_cast<CUstream>(stream);
}
inline CUevent toCu(arrayrt_event_t event) {
  return reinterpret_cast<CUevent>(event);
}
inline CUdeviceptr toCu(const void *pointer) {
  return reinterpret_cast<CUdeviceptr>(pointer);
}

} // namespace arrayrt

#endif // ARRAYRT_LIB_DRIVER_H
