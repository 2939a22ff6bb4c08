//===- Launch.cpp - Kernel launches ---------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "driver/Driver.h"
#include "driver/Error.h"
#include "profile/Profile.h"

using arrayrt::check;
using arrayrt::driver;
using arrayrt::profile::OpKind;
using arrayrt::profile::ScopedDeviceOp;

namespace {

/// Dynamic shared memory beyond this needs an explicit per-kernel opt-in.
constexpr uint32_t kDefaultSharedMemLimit = 48 * 1024;

void prepareSharedMemory(const arrayrt::DriverApi &api, CUfunction function,
                         uint32_t bytes) {
  if (bytes <= kDefaultSharedMemLimit)
    return;
  int limit = 0;
  check(api.cuDeviceGetAttribute(
            &limit, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
            arrayrt::currentDevice()),
        "cuDeviceGetAttribute");
  if (bytes > static_cast<uint32_t>(limit))
    arrayrt::fatal("a kernel launch asks for %u bytes of dynamic shared "
                   "memory, but the device allows at most %d per block",
                   bytes, limit);
  check(api.cuFuncSetAttribute(function,
                               CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                               static_cast<int>(bytes)),
        "cuFuncSetAttribute");
}

} // namespace

extern "C" void arrayrt_launch_kernel(arrayrt_function_t function,
                                      uint32_t grid_x, uint32_t grid_y,
                                      uint32_t grid_z, uint32_t block_x,
                                      uint32_t block_y, uint32_t block_z,
                                      uint32_t shared_mem_bytes,
                                      arrayrt_stream_t stream, void **params) {
  const arrayrt::DriverApi &api = driver();
  auto *cuFunction = reinterpret_cast<CUfunction>(function);
  prepareSharedMemory(api, cuFunction, shared_mem_bytes);
  auto *cuStream = reinterpret_cast<CUstream>(stream);
  ScopedDeviceOp timed(cuStream, OpKind::Kernel, nullptr, cuFunction);
  check(api.cuLaunchKernel(cuFunction, grid_x, grid_y, grid_z, block_x, block_y,
                           block_z, shared_mem_bytes, cuStream, params,
                           /*extra=*/nullptr),
        "cuLaunchKernel");
}

extern "C" void arrayrt_launch_cluster_kernel(
    arrayrt_function_t function, uint32_t cluster_x, uint32_t cluster_y,
    uint32_t cluster_z, uint32_t grid_x, uint32_t grid_y, uint32_t grid_z,
    uint32_t block_x, uint32_t block_y, uint32_t block_z,
    uint32_t shared_mem_bytes, arrayrt_stream_t stream, void **params) {
  const arrayrt::DriverApi &api = driver();
  auto *cuFunction = reinterpret_cast<CUfunction>(function);
  prepareSharedMemory(api, cuFunction, shared_mem_bytes);
  if (uint64_t{cluster_x} * cluster_y * cluster_z > 8)
    check(
        api.cuFuncSetAttribute(
            cuFunction, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1),
        "cuFuncSetAttribute");

  CUlaunchAttribute cluster = {};
  cluster.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  cluster.value.clusterDim.x = cluster_x;
  cluster.value.clusterDim.y = cluster_y;
  cluster.value.clusterDim.z = cluster_z;
  CUlaunchConfig config = {};
  config.gridDimX = grid_x;
  config.gridDimY = grid_y;
  config.gridDimZ = grid_z;
  config.blockDimX = block_x;
  config.blockDimY = block_y;
  config.blockDimZ = block_z;
  config.sharedMemBytes = shared_mem_bytes;
  config.hStream = reinterpret_cast<CUstream>(stream);
  config.attrs = &cluster;
  config.numAttrs = 1;
  ScopedDeviceOp timed(config.hStream, OpKind::Kernel, nullptr, cuFunction);
  check(api.cuLaunchKernelEx(&config, cuFunction, params, /*extra=*/nullptr),
        "cuLaunchKernelEx");
}
