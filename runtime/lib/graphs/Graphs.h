//===- Graphs.h - Loop bodies replayed as CUDA graphs -----------*- C++ -*-===//
//
// Compiled code brackets a host loop's body with arrayrt_graph_begin/end
// (the compiler's array-gpu-graphs pass). Between the two, the device
// operations the body queues on the region's stream are recorded instead of
// queued: a kernel launch as its function, dimensions and parameter bytes, a
// device-to-device copy or a memset as its operands, a library call
// (cusparseSpMV) as its operands and a function that issues it. At the end
// the record is the region's key: a region remembers up to kMaxGraphs
// executable graphs by key, and one run is one cuGraphLaunch when its key
// is known. An unknown key is captured (the steps issued on a private stream
// under stream capture), instantiated, or put into the least recently used
// executable with cuGraphExecUpdate when the region has kMaxGraphs already,
// and launched.
//
// The key holds every pointer and value the operations use, workspaces
// included, so a replayed graph touches exactly the memory the body's
// operations would have touched: the allocations and frees of the body
// still run on the host every iteration, in order, and the pool's
// stream-ordered reuse stays correct because the graph runs in the order
// the operations were recorded.
//
// Anything else the body does on the device side (a copy to or from the
// host, a synchronization, an event, another stream, a library call that is
// not recorded) first issues what was recorded, as if there were no region,
// and the rest of that run goes straight to the stream: driver() does this
// for every driver call of the runtime (not the pool's cuMemAlloc of a new
// segment, which touches nothing recorded), the library entry points
// (cuBLASLt, cuDNN, cuSPARSE) call flush() themselves.
// A region whose runs end this way kConsecutiveBreaksToDisable times in a
// row is not recorded again.
//
// Off with ARRAYRT_GRAPHS=0, and while per-operation profiling is on
// (ARRAYRT_PROFILE=1, ARRAYRT_TRACE, NVTX ranges): those replay nothing, so
// every kernel keeps its own row and its own time. Under ARRAYRT_BENCH a
// graph launch is one timed operation, "graph <region>".
// ARRAYRT_GRAPHS=2 prints each region's counts at exit.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_GRAPHS_H
#define ARRAYRT_LIB_GRAPHS_H

#include <cuda.h>

#include <cstddef>
#include <cstdint>
#include <functional>

namespace arrayrt::graphs {

class Recorder;

namespace detail {
/// The calling thread's recorder while it records a region, else null.
extern thread_local Recorder *recording;
void flushRecording();
} // namespace detail

/// Whether a region is being recorded on this thread.
inline bool recordingAny() { return detail::recording != nullptr; }

/// Issues what the calling thread recorded, and records nothing more in this
/// run of its region. Does nothing when it records nothing.
inline void flush() {
  if (__builtin_expect(detail::recording != nullptr, 0))
    detail::flushRecording();
}

/// The recorder for an operation on `stream`: the calling thread's, when it
/// records a region on `stream`; null (after a flush if it records another
/// stream's region) when the operation is to be queued now.
Recorder *recorderFor(CUstream stream);

/// Drops what the calling thread recorded without issuing it: a runtime
/// error is leaving the region (the program stops, or a library call
/// returns an error code).
void abandon();

/// Records a kernel launch on `stream` when the calling thread records a
/// region there, and returns true. Returns false when the launch is to be
/// queued now: no region records on `stream` (what one on another stream
/// recorded is issued first), or the driver cannot say the parameters'
/// sizes (cuFuncGetParamInfo; what was recorded is issued first).
/// `paramCount`: the parameters `params` points at, -1 to ask the driver;
/// `cluster`: null without thread block clusters; `mode`: as
/// arrayrt::launchKernel's (LaunchMode bits, driver/Launch.h).
bool recordLaunch(CUstream stream, CUfunction function, const uint32_t grid[3],
                  const uint32_t block[3], const uint32_t *cluster,
                  uint32_t sharedMemBytes, void **params, long paramCount,
                  unsigned mode);

/// What queues a recorded operation on the stream it is given: true when it
/// did; on failure it stops the program when `strict` (queued as without a
/// region), else returns false (under stream capture, which then falls
/// back to queuing the run's operations one by one).
using IssueFunction = std::function<bool(CUstream stream, bool strict)>;

/// Records an operation that `issue` queues; `key` (`keyBytes` bytes: every
/// pointer and value it uses) identifies it among the region's operations,
/// `name` names it in errors.
void recordCall(Recorder &recorder, const char *name, const void *key,
                size_t keyBytes, IssueFunction issue);

/// Destroys every region's graphs (a module is being unloaded: its kernels'
/// handles may be reused by others).
void forgetAll();

} // namespace arrayrt::graphs

#endif // ARRAYRT_LIB_GRAPHS_H
