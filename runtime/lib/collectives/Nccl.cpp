//===- Nccl.cpp - The collectives of sharded CUDA programs, over NCCL -----===//
//
// arrayrt/collectives.h's device forms: NCCL's collectives on device
// buffers, queued on the op's stream. One communicator for the program,
// made on first use: one rank per MPI process (World.h), each on its own
// GPU (the runtime picks the local rank's, driver/Driver.cpp), NCCL's
// unique id made by process 0 and broadcast over MPI. NCCL is loaded at
// run time (ARRAYRT_NCCL_LIB, else libnccl.so.2 from the loader's path or
// the toolkit's), like the other NVIDIA libraries; its few declarations
// are here, as nccl.h (NCCL 2) has them.
//
// Inside a graph region (runtime/lib/graphs/Graphs.h) a collective is
// recorded like a library call, keyed by every pointer and value it uses,
// and captured into the region's CUDA graph: each replay runs it (NCCL's
// collectives can be captured once the communicator exists, which the
// first collective makes before it is recorded).
//
//===----------------------------------------------------------------------===//

#include "arrayrt/collectives.h"

#include "collectives/World.h"
#include "driver/Driver.h"
#include "driver/Error.h"
#include "graphs/Graphs.h"
#include "profile/Profile.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mpi.h>
#include <mutex>
#include <string>

using namespace arrayrt;
using namespace arrayrt::collectives;
using arrayrt::profile::OpKind;
using arrayrt::profile::ScopedDeviceOp;

namespace {

// nccl.h's types and values (NCCL 2.x).
struct NcclUniqueId {
  char internal[128];
};
using NcclComm = struct ncclComm *;
using NcclResult = int; // ncclSuccess is 0.
enum NcclDataType : int {
  ncclInt8 = 0,
  ncclUint8 = 1,
  ncclInt32 = 2,
  ncclUint32 = 3,
  ncclInt64 = 4,
  ncclUint64 = 5,
  ncclFloat16 = 6,
  ncclFloat32 = 7,
  ncclFloat64 = 8,
  ncclBfloat16 = 9,
};
enum NcclRedOp : int { ncclSum = 0, ncclProd = 1, ncclMax = 2, ncclMin = 3 };

struct Nccl {
  NcclResult (*ncclGetUniqueId)(NcclUniqueId *);
  NcclResult (*ncclCommInitRank)(NcclComm *, int, NcclUniqueId, int);
  NcclResult (*ncclAllReduce)(const void *, void *, size_t, int, int, NcclComm,
                              CUstream);
  NcclResult (*ncclAllGather)(const void *, void *, size_t, int, NcclComm,
                              CUstream);
  const char *(*ncclGetErrorString)(NcclResult);
  NcclComm comm = nullptr;
};

void check(const Nccl &nccl, NcclResult result, const char *call,
           const char *location) {
  if (result != 0)
    fatal("%s%s failed: %s", at(location).c_str(), call,
          nccl.ncclGetErrorString(result));
}

/// NCCL loaded and the program's communicator made, once (every process
/// of the grid takes part in its first collective).
const Nccl &nccl(int64_t processes, const char *location) {
  static Nccl api;
  static std::once_flag once;
  std::call_once(once, [&] {
    const World &w = world(processes, location);
    driver(); // This process's GPU current: NCCL uses it.
    const char *override = std::getenv("ARRAYRT_NCCL_LIB");
    std::string tried;
    void *library = nullptr;
    for (const char *name : {override && *override ? override : "libnccl.so.2",
                             "/usr/local/cuda/lib64/libnccl.so.2"}) {
      library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
      if (library)
        break;
      tried += std::string(tried.empty() ? "" : "; ") + dlerror();
      if (override && *override)
        break;
    }
    if (!library)
      fatal("%sNCCL could not be loaded for the collectives of a sharded "
            "program on the GPU (%s); set ARRAYRT_NCCL_LIB to libnccl.so.2's "
            "path",
            at(location).c_str(), tried.c_str());
#define ARRAYRT_RESOLVE(name)                                                  \
  api.name = reinterpret_cast<decltype(api.name)>(dlsym(library, #name));      \
  if (!api.name)                                                               \
    fatal("the NCCL library lacks %s (NCCL 2 is needed)", #name);
    ARRAYRT_RESOLVE(ncclGetUniqueId)
    ARRAYRT_RESOLVE(ncclCommInitRank)
    ARRAYRT_RESOLVE(ncclAllReduce)
    ARRAYRT_RESOLVE(ncclAllGather)
    ARRAYRT_RESOLVE(ncclGetErrorString)
#undef ARRAYRT_RESOLVE
    NcclUniqueId id{};
    if (w.rank == 0)
      check(api, api.ncclGetUniqueId(&id), "ncclGetUniqueId", location);
    if (MPI_Bcast(&id, sizeof(id), MPI_BYTE, 0, MPI_COMM_WORLD) != MPI_SUCCESS)
      fatal("%sMPI_Bcast of NCCL's id failed", at(location).c_str());
    check(api, api.ncclCommInitRank(&api.comm, w.size, id, w.rank),
          "ncclCommInitRank", location);
  });
  return api;
}

/// Queues `call` (a collective on the stream it is given) on `stream`, or
/// records it into the graph region recording there, keyed by `key`
/// (every pointer and value it uses).
template <size_t N, typename Call>
void queue(const Nccl &api, const char *name, arrayrt_stream_t stream,
           const uint64_t (&key)[N], const char *location, Call call) {
  if (graphs::Recorder *recorder = graphs::recorderFor(toCu(stream))) {
    graphs::recordCall(
        *recorder, name, key, sizeof key,
        [&api, name, location, call](CUstream target, bool strict) {
          NcclResult result = call(target);
          if (strict)
            check(api, result, name, location);
          return result == 0;
        });
    return;
  }
  driver();
  ScopedDeviceOp timed(toCu(stream), OpKind::Library, name);
  check(api, call(toCu(stream)), name, location);
}

int dataType(arrayrt_dtype_t dtype, const char *location) {
  switch (dtype) {
  case ARRAYRT_DTYPE_I1:
  case ARRAYRT_DTYPE_UI8:
    return ncclUint8;
  case ARRAYRT_DTYPE_I8:
    return ncclInt8;
  case ARRAYRT_DTYPE_I32:
    return ncclInt32;
  case ARRAYRT_DTYPE_UI32:
    return ncclUint32;
  case ARRAYRT_DTYPE_I64:
    return ncclInt64;
  case ARRAYRT_DTYPE_UI64:
    return ncclUint64;
  case ARRAYRT_DTYPE_F16:
    return ncclFloat16;
  case ARRAYRT_DTYPE_BF16:
    return ncclBfloat16;
  case ARRAYRT_DTYPE_F32:
    return ncclFloat32;
  case ARRAYRT_DTYPE_F64:
    return ncclFloat64;
  case ARRAYRT_DTYPE_I16:
  case ARRAYRT_DTYPE_UI16:
    break;
  }
  fatal("%sNCCL has no 16-bit integer type: int16 and uint16 arrays cannot "
        "be reduced or gathered across GPUs",
        at(location).c_str());
}

int redOp(int32_t reduction, arrayrt_dtype_t dtype, const char *location) {
  // A bool's sum and maximum are its OR, its product and minimum its AND.
  bool boolean = dtype == ARRAYRT_DTYPE_I1;
  switch (reduction) {
  case ARRAYRT_REDUCTION_SUM:
    return boolean ? ncclMax : ncclSum;
  case ARRAYRT_REDUCTION_PRODUCT:
    return boolean ? ncclMin : ncclProd;
  case ARRAYRT_REDUCTION_MIN:
    return ncclMin;
  case ARRAYRT_REDUCTION_MAX:
    return ncclMax;
  case ARRAYRT_REDUCTION_AND:
    if (boolean)
      return ncclMin;
    break;
  case ARRAYRT_REDUCTION_OR:
    if (boolean)
      return ncclMax;
    break;
  default:
    break;
  }
  fatal("%sNCCL has no bitwise reductions: a bitwise and/or/xor of integers "
        "(or an xor of bools) across GPUs is not supported",
        at(location).c_str());
}

} // namespace

extern "C" void arrayrt_all_reduce_device(int64_t rank, void *descriptor,
                                          arrayrt_dtype_t dtype,
                                          int32_t reduction, int64_t processes,
                                          arrayrt_stream_t stream,
                                          const char *location) {
  const Nccl &api = nccl(processes, location);
  Data buffer = contiguous(rank, descriptor, dtype, "buffer", location);
  int type = dataType(dtype, location);
  int op = redOp(reduction, dtype, location);
  if (buffer.count == 0)
    return;
  auto count = static_cast<size_t>(buffer.count);
  void *data = buffer.data;
  const uint64_t key[] = {reinterpret_cast<uintptr_t>(data), count,
                          static_cast<uint64_t>(type),
                          static_cast<uint64_t>(op)};
  queue(api, "ncclAllReduce", stream, key, location,
        [&api, data, count, type, op](CUstream target) {
          return api.ncclAllReduce(data, data, count, type, op, api.comm,
                                   target);
        });
}

extern "C" void arrayrt_all_gather_device(int64_t input_rank, void *input,
                                          int64_t output_rank, void *output,
                                          arrayrt_dtype_t dtype,
                                          int64_t processes,
                                          arrayrt_stream_t stream,
                                          const char *location) {
  const Nccl &api = nccl(processes, location);
  Data in = contiguous(input_rank, input, dtype, "input", location);
  Data out = contiguous(output_rank, output, dtype, "output", location);
  if (out.count != in.count * processes)
    fatal("%sall_gather of %lld elements per process into %lld elements "
          "(expected %lld)",
          at(location).c_str(), static_cast<long long>(in.count),
          static_cast<long long>(out.count),
          static_cast<long long>(in.count * processes));
  int type = dataType(dtype, location);
  if (in.count == 0)
    return;
  auto count = static_cast<size_t>(in.count);
  const void *from = in.data;
  void *to = out.data;
  const uint64_t key[] = {reinterpret_cast<uintptr_t>(from),
                          reinterpret_cast<uintptr_t>(to), count,
                          static_cast<uint64_t>(type)};
  queue(api, "ncclAllGather", stream, key, location,
        [&api, from, to, count, type](CUstream target) {
          return api.ncclAllGather(from, to, count, type, api.comm, target);
        });
}
