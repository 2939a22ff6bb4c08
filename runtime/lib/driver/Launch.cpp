//===- Launch.cpp - Kernel launches ---------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "driver/Driver.h"
#include "driver/Error.h"
#include "driver/Launch.h"
#include "graphs/Graphs.h"
#include "profile/Profile.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

using arrayrt::check;
using arrayrt::driver;
using arrayrt::fatal;
using arrayrt::loadedDriver;
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

/// The attribute that launches `function` in clusters of `cluster` blocks.
CUlaunchAttribute clusterAttribute(const uint32_t cluster[3]) {
  CUlaunchAttribute attribute = {};
  attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attribute.value.clusterDim.x = cluster[0];
  attribute.value.clusterDim.y = cluster[1];
  attribute.value.clusterDim.z = cluster[2];
  return attribute;
}

/// What cuLaunchKernelEx and the occupancy queries take.
CUlaunchConfig launchConfig(const uint32_t grid[3], const uint32_t block[3],
                            uint32_t sharedMemBytes, CUstream stream,
                            CUlaunchAttribute *attributes, unsigned count) {
  CUlaunchConfig config = {};
  config.gridDimX = grid[0];
  config.gridDimY = grid[1];
  config.gridDimZ = grid[2];
  config.blockDimX = block[0];
  config.blockDimY = block[1];
  config.blockDimZ = block[2];
  config.sharedMemBytes = sharedMemBytes;
  config.hStream = stream;
  config.attrs = attributes;
  config.numAttrs = count;
  return config;
}

} // namespace

namespace {

/// Whether `module`'s binary defines the global `name` (arrayc's marks).
bool definesGlobal(CUmodule module, const char *name) {
  CUdeviceptr address = 0;
  size_t bytes = 0;
  // Not finding it is the answer (CUDA_ERROR_NOT_FOUND), not an error.
  return module && loadedDriver().cuModuleGetGlobal_v2(&address, &bytes, module,
                                                       name) == CUDA_SUCCESS;
}

} // namespace

bool arrayrt::waitsForPredecessor(CUmodule module) {
  return definesGlobal(module, ARRAYRT_PROGRAMMATIC_LAUNCH_MARK);
}

bool arrayrt::programmaticLaunches() {
  static const bool enabled = [] {
    const char *value = std::getenv("ARRAYRT_PROGRAMMATIC");
    if (!value || !*value || !std::strcmp(value, "1"))
      return true;
    if (!std::strcmp(value, "0"))
      return false;
    fatal("ARRAYRT_PROGRAMMATIC must be 0 (kernels start when the previous "
          "one has finished) or 1 (they may start while it finishes, the "
          "default), but is '%s'",
          value);
  }();
  return enabled;
}

CUresult arrayrt::issueKernel(const DriverApi &api, CUfunction function,
                              const uint32_t grid[3], const uint32_t block[3],
                              const uint32_t *cluster, uint32_t sharedMemBytes,
                              CUstream stream, void **params, unsigned mode,
                              const char **call) {
  bool cooperative = mode & kCooperativeLaunch;
  bool programmatic =
      !cooperative && (mode & kProgrammaticLaunch) && programmaticLaunches();
  if (!cluster && !programmatic && !cooperative) {
    if (call)
      *call = "cuLaunchKernel";
    return api.cuLaunchKernel(function, grid[0], grid[1], grid[2], block[0],
                              block[1], block[2], sharedMemBytes, stream,
                              params, /*extra=*/nullptr);
  }
  CUlaunchAttribute attributes[3] = {};
  unsigned count = 0;
  if (cluster)
    attributes[count++] = clusterAttribute(cluster);
  if (cooperative) {
    CUlaunchAttribute &attribute = attributes[count++];
    attribute.id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
    attribute.value.cooperative = 1;
  }
  if (programmatic) {
    CUlaunchAttribute &attribute = attributes[count++];
    attribute.id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
    attribute.value.programmaticStreamSerializationAllowed = 1;
  }
  CUlaunchConfig config =
      launchConfig(grid, block, sharedMemBytes, stream, attributes, count);
  if (call)
    *call = "cuLaunchKernelEx";
  return api.cuLaunchKernelEx(&config, function, params, /*extra=*/nullptr);
}

void arrayrt::launchKernel(CUfunction function, const uint32_t grid[3],
                           const uint32_t block[3], uint32_t sharedMemBytes,
                           CUstream stream, void **params, long paramCount,
                           unsigned mode) {
  const arrayrt::DriverApi &api = loadedDriver();
  prepareSharedMemory(api, function, sharedMemBytes);
  if (arrayrt::graphs::recordLaunch(stream, function, grid, block, nullptr,
                                    sharedMemBytes, params, paramCount, mode))
    return;
  ScopedDeviceOp timed(stream, OpKind::Kernel, nullptr, function);
  const char *call = nullptr;
  check(issueKernel(driver(), function, grid, block, /*cluster=*/nullptr,
                    sharedMemBytes, stream, params, mode, &call),
        call);
}

uint32_t arrayrt::residentBlocks(CUfunction function, uint32_t threads,
                                 uint32_t sharedMemBytes) {
  using Key = std::tuple<CUfunction, uint32_t, uint32_t>;
  static std::mutex mutex;
  static std::map<Key, uint32_t> known;
  Key key{function, threads, sharedMemBytes};
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = known.find(key); it != known.end())
    return it->second;
  const arrayrt::DriverApi &api = loadedDriver();
  int perSm = 0, sms = 0;
  check(api.cuOccupancyMaxActiveBlocksPerMultiprocessor(
            &perSm, function, static_cast<int>(threads), sharedMemBytes),
        "cuOccupancyMaxActiveBlocksPerMultiprocessor");
  check(api.cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                                 arrayrt::currentDevice()),
        "cuDeviceGetAttribute");
  if (perSm <= 0)
    fatal("a kernel with grid barriers cannot run: not one block of %u "
          "threads fits on a multiprocessor",
          threads);
  uint32_t result = static_cast<uint32_t>(perSm) * static_cast<uint32_t>(sms);
  known.emplace(key, result);
  return result;
}

bool arrayrt::meetsAtGridBarriers(const char *kernel) {
  static constexpr size_t suffix =
      sizeof(ARRAYRT_COOPERATIVE_KERNEL_SUFFIX) - 1;
  size_t length = std::strlen(kernel);
  return length >= suffix && !std::strcmp(kernel + length - suffix,
                                          ARRAYRT_COOPERATIVE_KERNEL_SUFFIX);
}

extern "C" void arrayrt_launch_kernel(arrayrt_function_t function,
                                      uint32_t grid_x, uint32_t grid_y,
                                      uint32_t grid_z, uint32_t block_x,
                                      uint32_t block_y, uint32_t block_z,
                                      uint32_t shared_mem_bytes,
                                      arrayrt_stream_t stream, void **params) {
  const uint32_t grid[3] = {grid_x, grid_y, grid_z};
  const uint32_t block[3] = {block_x, block_y, block_z};
  arrayrt::launchKernel(reinterpret_cast<CUfunction>(function), grid, block,
                        shared_mem_bytes, reinterpret_cast<CUstream>(stream),
                        params, /*paramCount=*/-1, arrayrt::kPlainLaunch);
}

namespace {

/// A cluster launch of `function`: its configuration (the cluster
/// attribute lives in the object), with the function opted into its
/// dynamic shared memory and, above the portable 8 blocks, into its
/// cluster size.
struct ClusterLaunch {
  ClusterLaunch(const arrayrt::DriverApi &api, CUfunction function,
                const uint32_t cluster[3], const uint32_t grid[3],
                const uint32_t block[3], uint32_t sharedMemBytes,
                CUstream stream) {
    prepareSharedMemory(api, function, sharedMemBytes);
    if (uint64_t{cluster[0]} * cluster[1] * cluster[2] > 8)
      check(
          api.cuFuncSetAttribute(
              function, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1),
          "cuFuncSetAttribute");
    attribute = clusterAttribute(cluster);
    config = launchConfig(grid, block, sharedMemBytes, stream, &attribute, 1);
  }
  ClusterLaunch(const ClusterLaunch &) = delete;

  CUlaunchAttribute attribute = {};
  CUlaunchConfig config = {};
};

} // namespace

extern "C" uint32_t arrayrt_max_active_clusters(arrayrt_function_t function,
                                                uint32_t cluster_x,
                                                uint32_t block_x,
                                                uint32_t shared_mem_bytes) {
  using Key = std::tuple<arrayrt_function_t, uint32_t, uint32_t, uint32_t>;
  static std::mutex mutex;
  static std::map<Key, uint32_t> known;
  Key key{function, cluster_x, block_x, shared_mem_bytes};
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = known.find(key); it != known.end())
    return it->second;
  const arrayrt::DriverApi &api = loadedDriver();
  auto *cuFunction = reinterpret_cast<CUfunction>(function);
  uint32_t cluster[3] = {cluster_x, 1, 1}, block[3] = {block_x, 1, 1};
  ClusterLaunch launch(api, cuFunction, cluster, cluster, block,
                       shared_mem_bytes, /*stream=*/nullptr);
  int count = 0;
  check(api.cuOccupancyMaxActiveClusters(&count, cuFunction, &launch.config),
        "cuOccupancyMaxActiveClusters");
  uint32_t result = count > 0 ? static_cast<uint32_t>(count) : 1;
  known.emplace(key, result);
  return result;
}

void arrayrt::launchClusterKernel(
    CUfunction function, const uint32_t cluster[3], const uint32_t grid[3],
    const uint32_t block[3], uint32_t sharedMemBytes, CUstream stream,
    void **params, long paramCount, unsigned mode) {
  const arrayrt::DriverApi &api = loadedDriver();
  // Opts the function into its shared memory and cluster size.
  ClusterLaunch launch(api, function, cluster, grid, block, sharedMemBytes,
                       stream);
  if (arrayrt::graphs::recordLaunch(stream, function, grid, block, cluster,
                                    sharedMemBytes, params, paramCount, mode))
    return;
  ScopedDeviceOp timed(stream, OpKind::Kernel, nullptr, function);
  check(issueKernel(driver(), function, grid, block, cluster, sharedMemBytes,
                    stream, params, mode),
        "cuLaunchKernelEx");
}

extern "C" void arrayrt_launch_cluster_kernel(
    arrayrt_function_t function, uint32_t cluster_x, uint32_t cluster_y,
    uint32_t cluster_z, uint32_t grid_x, uint32_t grid_y, uint32_t grid_z,
    uint32_t block_x, uint32_t block_y, uint32_t block_z,
    uint32_t shared_mem_bytes, arrayrt_stream_t stream, void **params) {
  const uint32_t cluster[3] = {cluster_x, cluster_y, cluster_z};
  const uint32_t grid[3] = {grid_x, grid_y, grid_z};
  const uint32_t block[3] = {block_x, block_y, block_z};
  arrayrt::launchClusterKernel(reinterpret_cast<CUfunction>(function), cluster,
                               grid, block, shared_mem_bytes,
                               reinterpret_cast<CUstream>(stream), params,
                               /*paramCount=*/-1, /*programmatic=*/false);
}
