//===- Launch.h - Kernel launches inside the runtime ------------*- C++ -*-===//

#ifndef ARRAYRT_LIB_LAUNCH_H
#define ARRAYRT_LIB_LAUNCH_H

#include <cuda.h>

#include <cstdint>

namespace arrayrt {

struct DriverApi;

/// How a kernel may or must be launched: a combination of these bits.
enum LaunchMode : unsigned {
  kPlainLaunch = 0,
  /// The kernel waits for the previous one on the stream
  /// (griddepcontrol.wait) before it touches memory, so it may be launched
  /// with programmatic stream serialization (see issueKernel).
  kProgrammaticLaunch = 1,
  /// The kernel's blocks meet at grid barriers: it is launched
  /// cooperatively, all its blocks resident at once (the caller keeps the
  /// grid within residentBlocks).
  kCooperativeLaunch = 2,
};

/// arrayrt_launch_kernel, for callers that know how many parameters the
/// kernel takes (`paramCount`; -1: ask the driver): inside a graph region's
/// run on `stream` the launch is recorded (graphs/Graphs.h). `mode`: a
/// combination of LaunchMode bits.
void launchKernel(CUfunction function, const uint32_t grid[3],
                  const uint32_t block[3], uint32_t sharedMemBytes,
                  CUstream stream, void **params, long paramCount,
                  unsigned mode);

/// arrayrt_launch_cluster_kernel, likewise.
void launchClusterKernel(CUfunction function, const uint32_t cluster[3],
                         const uint32_t grid[3], const uint32_t block[3],
                         uint32_t sharedMemBytes, CUstream stream,
                         void **params, long paramCount, unsigned mode);

/// Queues the launch: cuLaunchKernel, or cuLaunchKernelEx with the
/// attributes it needs: the cluster's dimensions (`cluster`: null without
/// clusters), for kCooperativeLaunch a cooperative launch and, for
/// kProgrammaticLaunch when programmaticLaunches() (and the launch is not
/// cooperative), programmatic stream serialization (the kernel's blocks may
/// start while the previous kernel on the stream finishes). Returns the
/// driver's status; `*call` (when not null) names the entry point used.
CUresult issueKernel(const DriverApi &api, CUfunction function,
                     const uint32_t grid[3], const uint32_t block[3],
                     const uint32_t *cluster, uint32_t sharedMemBytes,
                     CUstream stream, void **params, unsigned mode,
                     const char **call = nullptr);

/// How many blocks of `threads` threads (and `sharedMemBytes` of dynamic
/// shared memory) of `function` the device holds at once: the most a
/// cooperative launch may have.
uint32_t residentBlocks(CUfunction function, uint32_t threads,
                        uint32_t sharedMemBytes);

/// Whether `kernel`'s name ends in ARRAYRT_COOPERATIVE_KERNEL_SUFFIX
/// (arrayrt/mlir_gpu_abi.h), as arrayc's array-gpu-grid-barriers names
/// kernels with grid barriers.
bool meetsAtGridBarriers(const char *kernel);

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
