/*===- arrayrt/device.h - Devices, modules and launches -----------*- C -*-===*\
|*                                                                            *|
|* Device queries, loading GPU code as modules, and queueing its kernels on   *|
|* streams.                                                                   *|
|*                                                                            *|
|* Part of the C ABI of arrayrt.h, which includes every part and says how     *|
|* errors, threads and NULL streams behave for all of them.                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ARRAYRT_DEVICE_H
#define ARRAYRT_DEVICE_H

#include "arrayrt/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===
 * Devices
 *===----------------------------------------------------------------------===*/

/* Properties of one GPU, as arrayrt_device_get_properties fills them. */
typedef struct arrayrt_device_properties {
  char name[256];               /* NUL-terminated marketing name. */
  int compute_capability_major; /* 9 for sm_90. */
  int compute_capability_minor; /* 0 for sm_90. */
  int multiprocessor_count;     /* Streaming multiprocessors. */
  uint64_t total_memory_bytes;  /* Global memory. */
} arrayrt_device_properties_t;

/* Initializes the driver if needed and reports whether GPU entry points can
 * work, without exiting. Returns 1 if so. Otherwise returns 0 and, if `reason`
 * is not NULL, sets *reason to the static message (the same text the other
 * entry points would print) explaining why. */
int arrayrt_cuda_available(const char **reason);

/* Number of visible CUDA devices (at least 1 once initialization succeeded). */
int arrayrt_device_count(void);

/* Fills *props for device `device` (0 <= device < arrayrt_device_count()). */
void arrayrt_device_get_properties(int device,
                                   arrayrt_device_properties_t *props);

/* Number of streaming multiprocessors of the current device, read once
 * (compiled code sizes its grids with it). */
int64_t arrayrt_multiprocessor_count(void);

/* Selects the device later calls use. Only device 0 is supported; any other
 * value is an error, since the runtime keeps a single context. */
void arrayrt_set_device(int device);

/*===----------------------------------------------------------------------===
 * Modules and kernels
 *===----------------------------------------------------------------------===*/

/* Loads a module from an image in memory (fatbin, cubin, or NUL-terminated
 * PTX) with cuModuleLoadData. `size` is the image size in bytes; it is
 * informational, as the driver reads the size from the image. The caller keeps
 * ownership of `image`; the module is released by arrayrt_module_unload. */
arrayrt_module_t arrayrt_module_load(const void *image, size_t size);

/* Like arrayrt_module_load, but JIT-compiles PTX with cuModuleLoadDataEx at
 * optimization level `opt_level` (0-4). A compile failure prints the
 * driver's JIT log before exiting. */
arrayrt_module_t arrayrt_module_load_jit(const void *ptx, size_t size,
                                         int opt_level);

/* Unloads `module` (NULL is a no-op). Called after the driver has shut down
 * at process exit, it does nothing, since the driver freed everything. */
void arrayrt_module_unload(arrayrt_module_t module);

/* Returns kernel `name` of `module`; it lives as long as the module. A
 * missing name is an error. */
arrayrt_function_t arrayrt_module_get_function(arrayrt_module_t module,
                                               const char *name);

/* Queues `function` on `stream` with cuLaunchKernel. `params` points to one
 * pointer per kernel parameter, each pointing to the argument's value; the
 * values are copied before the call returns. `shared_mem_bytes` is dynamic
 * shared memory; amounts above the default 48 KiB are opted into. */
void arrayrt_launch_kernel(arrayrt_function_t function, uint32_t grid_x,
                           uint32_t grid_y, uint32_t grid_z, uint32_t block_x,
                           uint32_t block_y, uint32_t block_z,
                           uint32_t shared_mem_bytes, arrayrt_stream_t stream,
                           void **params);

/* Like arrayrt_launch_kernel, with thread block clusters of
 * cluster_x*cluster_y*cluster_z blocks (sm_90+), via cuLaunchKernelEx.
 * Clusters above the portable size of 8 are opted into. */
void arrayrt_launch_cluster_kernel(arrayrt_function_t function,
                                   uint32_t cluster_x, uint32_t cluster_y,
                                   uint32_t cluster_z, uint32_t grid_x,
                                   uint32_t grid_y, uint32_t grid_z,
                                   uint32_t block_x, uint32_t block_y,
                                   uint32_t block_z, uint32_t shared_mem_bytes,
                                   arrayrt_stream_t stream, void **params);

/* The most clusters of `cluster_x` blocks of `block_x` threads (clusters
 * and blocks along x only) with `shared_mem_bytes` of dynamic shared memory
 * that fit on the current device at once (cuOccupancyMaxActiveClusters), at
 * least 1. Cached per function and configuration after the first call. */
uint32_t arrayrt_max_active_clusters(arrayrt_function_t function,
                                     uint32_t cluster_x, uint32_t block_x,
                                     uint32_t shared_mem_bytes);

/* Launches kernel `symbol` of `image`, a device image embedded in compiled
 * code (a user's kernel, array.cuda_kernel: a cubin, or NUL-terminated PTX
 * the driver compiles), like arrayrt_launch_kernel. The image is loaded on
 * its first launch and stays loaded until the process exits (one module per
 * image, whichever site launches it); `*slot`, one per launch site and NULL
 * at first, then caches the kernel, so later launches look nothing up.
 * Sizes are checked (each grid size 0 to 2^31-1, 0 launching nothing; each
 * block size 1 to 1024); `image_bytes` is informational. */
void arrayrt_launch_image(void **slot, const void *image, uint64_t image_bytes,
                          const char *symbol, int64_t grid_x, int64_t grid_y,
                          int64_t grid_z, int64_t block_x, int64_t block_y,
                          int64_t block_z, int64_t shared_mem_bytes,
                          arrayrt_stream_t stream, void **params);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ARRAYRT_DEVICE_H */
