//===- Launch.h - Kernel launches inside the runtime ------------*- C++ -*-===//

#ifndef ARRAYRT_LIB_LAUNCH_H
#define ARRAYRT_LIB_LAUNCH_H

#include <cuda.h>

#include <cstdint>

namespace arrayrt {

/// arrayrt_launch_kernel, for callers that know how many parameters the
/// kernel takes (`paramCount`; -1: ask the driver): inside a graph region's
/// run on `stream` the launch is recorded (graphs/Graphs.h).
void launchKernel(CUfunction function, const uint32_t grid[3],
                  const uint32_t block[3], uint32_t sharedMemBytes,
                  CUstream stream, void **params, long paramCount);

/// arrayrt_launch_cluster_kernel, likewise.
void launchClusterKernel(CUfunction function, const uint32_t cluster[3],
                         const uint32_t grid[3], const uint32_t block[3],
                         uint32_t sharedMemBytes, CUstream stream,
                         void **params, long paramCount);

} // namespace arrayrt

#endif // ARRAYRT_LIB_LAUNCH_H
