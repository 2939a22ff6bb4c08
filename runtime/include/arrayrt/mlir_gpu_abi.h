/*===- arrayrt/mlir_gpu_abi.h - MLIR's gpu-to-llvm ABI ------------*- C -*-===*\
|*                                                                            *|
|* The mgpu* functions the host code of upstream MLIR's gpu-to-llvm pass      *|
|* calls, each forwarding to an arrayrt_ entry point.                         *|
|*                                                                            *|
|* Part of the C ABI of arrayrt.h, which includes every part and says how     *|
|* errors, threads and NULL streams behave for all of them.                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ARRAYRT_MLIR_GPU_ABI_H
#define ARRAYRT_MLIR_GPU_ABI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===
 * MLIR gpu-to-llvm ABI
 *
 * These exist only to match the host code that upstream MLIR 22's
 * `gpu-to-llvm` pass generates (the names and signatures of MLIR's
 * CudaRuntimeWrappers.cpp); each forwards to the arrayrt_ entry point above
 * with the same meaning. Differences: every stream from mgpuStreamCreate is
 * non-blocking, mgpuMemAlloc with isHostShared allocates managed memory, and
 * errors exit as described at the top instead of being printed and ignored.
 * mgpuLaunchClusterKernel with one-dimensional grid, blocks and clusters
 * launches at most as many clusters as fit on the device at once
 * (arrayrt_max_active_clusters): the cluster kernels arrayc emits loop over
 * their rows or tiles with a stride of the grid, so any grid is correct and
 * clusters that would wait for others to finish loop instead. Its
 * paramsCount is ignored (MLIR 22's gpu-to-llvm does not pass it; the
 * kernel's parameters are counted with cuFuncGetParamInfo where needed).
 * mgpuModuleGetFunction returns a handle only mgpuLaunchKernel and
 * mgpuLaunchClusterKernel take (the module's record of the kernel: its
 * CUfunction, and whether arrayc's array-gpu-programmatic-launch made it
 * wait for its predecessor, so that it is launched with programmatic stream
 * serialization), not an arrayrt_function_t.
 * The generated code loads modules from global constructors and creates and
 * destroys a stream per group of GPU operations.
 *===----------------------------------------------------------------------===*/

/* The global a module's binary defines when every kernel in it waits for
 * its predecessor on the stream (`griddepcontrol.wait` first): arrayc's
 * array-gpu-programmatic-launch writes it, the runtime looks it up when it
 * loads the module. */
#define ARRAYRT_PROGRAMMATIC_LAUNCH_MARK "arrayrt_programmatic_launch"

/* The suffix of the name of a kernel that meets its blocks at grid
 * barriers, so it must be launched cooperatively, with no more blocks than
 * fit on the device at once (its blocks share out the grid the host asks
 * for): arrayc's array-gpu-grid-barriers renames such kernels, the runtime
 * reads the name when it looks the kernel up. */
#define ARRAYRT_COOPERATIVE_KERNEL_SUFFIX "__arrayrt_cooperative"

void *mgpuModuleLoad(void *data, uint64_t size);
void *mgpuModuleLoadJIT(void *data, int32_t optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount);
void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                             intptr_t clusterY, intptr_t clusterZ,
                             intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                             intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                             int32_t smem, void *stream, void **params,
                             void **extra, size_t paramsCount);
void *mgpuStreamCreate(void);
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate(void);
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream);
void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream);
void mgpuSetDefaultDevice(int32_t device);
void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementSizeBytes);
void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t elementSizeBytes);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ARRAYRT_MLIR_GPU_ABI_H */
