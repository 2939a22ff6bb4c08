//===- Autotune.cpp - Picking the fastest of several candidates -----------===//

#include "driver/Autotune.h"

#include "driver/Driver.h"

#include <algorithm>

namespace arrayrt {

int fastestCandidate(CUstream stream, int count,
                     const std::function<bool(int)> &run) {
  constexpr float kTuneMs = 2.0f;
  const DriverApi &cu = driver();
  auto elapsed = reinterpret_cast<decltype(&::cuEventElapsedTime)>(
      driverSymbol("cuEventElapsedTime_v2"));
  if (!elapsed)
    elapsed = reinterpret_cast<decltype(&::cuEventElapsedTime)>(
        driverSymbol("cuEventElapsedTime"));
  if (!elapsed)
    return -1;
  CUevent start = nullptr, stop = nullptr;
  check(cu.cuEventCreate(&start, CU_EVENT_DEFAULT), "cuEventCreate");
  check(cu.cuEventCreate(&stop, CU_EVENT_DEFAULT), "cuEventCreate");
  float best = 0;
  int chosen = -1;
  for (int i = 0; i < count; ++i) {
    // The untimed run, timed to size the timed ones.
    check(cu.cuEventRecord(start, stream), "cuEventRecord");
    if (!run(i))
      continue;
    check(cu.cuEventRecord(stop, stream), "cuEventRecord");
    check(cu.cuEventSynchronize(stop), "cuEventSynchronize");
    float once = 0;
    if (elapsed(&once, start, stop) != CUDA_SUCCESS)
      continue;
    int reps = once > 0 ? static_cast<int>(kTuneMs / once) : 50;
    reps = std::clamp(reps, 3, 50);
    check(cu.cuEventRecord(start, stream), "cuEventRecord");
    bool ok = true;
    for (int rep = 0; rep < reps && ok; ++rep)
      ok = run(i);
    check(cu.cuEventRecord(stop, stream), "cuEventRecord");
    check(cu.cuEventSynchronize(stop), "cuEventSynchronize");
    float ms = 0;
    if (!ok || elapsed(&ms, start, stop) != CUDA_SUCCESS)
      continue;
    ms /= static_cast<float>(reps);
    if (chosen < 0 || ms < best) {
      best = ms;
      chosen = i;
    }
  }
  check(cu.cuEventDestroy_v2(start), "cuEventDestroy");
  check(cu.cuEventDestroy_v2(stop), "cuEventDestroy");
  return chosen;
}

} // namespace arrayrt
