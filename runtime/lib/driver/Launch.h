//===- Launch.h - Kernel launches inside the runtime ------------*- C++ -*-===//

#ifndef ARRAYRT_LIB_LAUNCH_H
#define ARRAYRT_LIB_LAUNCH_H

#include <cuda.h>

#include <cstdint>

namespace arrayrt {

struct DriverApi;

/// arrayrt_launch_kernel, for callers that know how many parameters the
/// kernel takes (`paramCount`; -1: ask the driver): inside a graph region's
/// run on `stream` the launch is recorded (graphs/Graphs.h).
/// `programmatic`: the kernel waits for the previous one on the stream
/// (griddepcontrol.wait) before it touches memory, so it may be launched
/// with programmatic stream serialization (see issueKernel).
void launchKernel(CUfunction function, const uint32_t grid[3],
                  const uint32_t block[3], uint32_t sharedMemBytes,
                  CUstream stream, void **params, long paramCount,
                  bool programmatic);

/// arrayrt_launch_cluster_kernel, likewise.
void launchClusterKernel(CUfunction function, const uint32_t cluster[3],
                         const uint32_t grid[3], const uint32_t block[3],
                         uint32_t sharedMemBytes, CUstream stream,
                         void **params, long paramCount, bool programmatic);

/// Queues the launch: cuLaunchKernel, or cuLaunchKernelEx with the
/// attributes it needs: the cluster's dimensions (`cluster`: null without
/// clusters) and, when `programmatic` and programmaticLaunches(),
/// programmatic stream serialization (the kernel's blocks may start while
/// the previous kernel on the stream finishes). Returns the driver's
/// status; `*call` (when not null) names the entry point used.
CUresult issueKernel(const DriverApi &api, CUfunction function,
                     const uint32_t grid[3], const uint32_t block[3],
                     const uint32_t *cluster, uint32_t sharedMemBytes,
                     CUstream stream, void **params, bool programmatic,
                     const char **call = nullptr);

/// Whether `module`'s kernels wait for their predecessor before they touch
/// memory: its binary defines ARRAYRT_PROGRAMMATIC_LAUNCH_MARK
/// (arrayrt/mlir_gpu_abi.h), arrayc's array-gpu-programmatic-launch's mark.
bool waitsForPredecessor(CUmodule module);

/// Whether kernels that wait for their predecessor are launched with
/// programmatic stream serialization: yes unless ARRAYRT_PROGRAMMATIC=0
/// (1: yes; any other value exits naming the variable). Read once.
bool programmaticLaunches();

} // namespace arrayrt

#endif // ARRAYRT_LIB_LAUNCH_H
