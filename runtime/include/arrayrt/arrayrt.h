/*===- arrayrt.h - The Arrayc runtime's C ABI ---------------------*- C -*-===*\
|*                                                                            *|
|* Programs compiled by arrayc link this runtime statically. It loads the     *|
|* CUDA driver (libcuda.so.1) with dlopen on first use, so it links no CUDA   *|
|* library and programs built for the CPU never need a GPU.                   *|
|*                                                                            *|
|* Errors: every CUDA status is checked. On failure the runtime prints one    *|
|* line, `arrayrt: error: <location>: <call> failed: <CUDA_ERROR_NAME>        *|
|* (<description>)`, to stderr, flushes stdout, and exits with status 1.      *|
|* <location> is the source location of the array op being run (see          *|
|* arrayrt_set_op; for an error a later call reports, such as a kernel fault  *|
|* surfacing at a synchronization, the last op queued before it); without one *|
|* the line starts at <call>. No entry point returns an error code, and none  *|
|* continues after an error.                                                  *|
|*                                                                            *|
|* Driver loading: the first GPU entry point dlopens libcuda.so.1, calls      *|
|* cuInit, retains device 0's primary context and makes it current in the     *|
|* calling thread (every later calling thread makes it current once). If any  *|
|* step fails it prints `arrayrt: error: cannot run on the GPU: <reason>` and *|
|* exits 1. The environment variable ARRAYRT_CUDA_DRIVER_LIB, when set, names *|
|* the library to dlopen instead of libcuda.so.1 (tests use it to simulate a  *|
|* machine without a driver).                                                 *|
|*                                                                            *|
|* Threads: all entry points are thread-safe; initialization happens once.   *|
|* They may be called from static constructors and destructors.              *|
|*                                                                            *|
|* Streams: a NULL stream argument means the legacy default stream.          *|
|* Device pointers are plain `void *`: the driver's unified addressing tells  *|
|* host and device memory apart in copies.                                    *|
\*===----------------------------------------------------------------------===*/

#ifndef ARRAYRT_ARRAYRT_H
#define ARRAYRT_ARRAYRT_H

/* The C ABI, one header per concern; each stands alone. */
#include "arrayrt/types.h"           /* handles, dtypes, ABI enums */
#include "arrayrt/device.h"          /* devices, modules, launches */
#include "arrayrt/stream.h"          /* streams and events */
#include "arrayrt/memory.h"          /* device memory, pools, copies */
#include "arrayrt/program.h"         /* current op, ranges, main, checks */
#include "arrayrt/blas.h"            /* arrayrt_matmul (cuBLASLt) */
#include "arrayrt/collectives.h"     /* sharded programs' MPI calls */
#include "arrayrt/dnn.h"             /* arrayrt_attention (cuDNN) */
#include "arrayrt/host_memory.h"     /* CPU buffers, memrefCopy */
#include "arrayrt/io.h"              /* printing, .npy/.npz, .mtx */
#include "arrayrt/sparse.h"          /* CSR matrices (cuSPARSE) */
#include "arrayrt/mlir_gpu_abi.h"    /* mgpu* of gpu-to-llvm */
#include "arrayrt/abi.h"             /* @main arguments, DLPack calls */

#endif /* ARRAYRT_ARRAYRT_H */
