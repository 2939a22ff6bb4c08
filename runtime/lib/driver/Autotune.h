//===- Autotune.h - Picking the fastest of several candidates ---*- C++ -*-===//
//
// The libraries' first call for a problem (cuBLASLt's algorithms, cuDNN's
// plans) times each candidate on its own operands and keeps the fastest.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_DRIVER_AUTOTUNE_H
#define ARRAYRT_LIB_DRIVER_AUTOTUNE_H

#include <cuda.h>

#include <functional>

namespace arrayrt {

/// Times candidates 0 .. count-1 on `stream` with `run(i)` (false: it
/// failed): one untimed run, then back-to-back runs that take about 2 ms
/// (at least three, at most 50; short calls are noisy). Returns the
/// fastest candidate that never failed, or -1 (none did, or the driver
/// cannot time events). Waits for the stream.
int fastestCandidate(CUstream stream, int count,
                     const std::function<bool(int)> &run);

} // namespace arrayrt

#endif // ARRAYRT_LIB_DRIVER_AUTOTUNE_H
