//===- arrayrt-device-info.cpp - List the GPUs arrayrt can use ------------===//
//
// Prints one line per visible GPU, e.g.
//   0: NVIDIA H200, sm_90, 132 SMs, 143771 MiB
// and exits 0, or prints why no GPU can be used and exits 1. The lit
// configuration runs it to decide whether CUDA tests can run, so it must
// always terminate with one of those two outcomes.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace {

constexpr unsigned kTimeoutSeconds = 60;

void onTimeout(int) {
  // Only async-signal-safe calls here.
  const char message[] =
      "arrayrt-device-info: the CUDA driver did not initialize within 60 "
      "seconds\n";
  ssize_t ignored = write(STDERR_FILENO, message, sizeof(message) - 1);
  (void)ignored;
  _exit(1);
}

} // namespace

int main() {
  // A wedged driver can block cuInit indefinitely; a test harness would
  // rather get a clear "no GPU" than hang.
  std::signal(SIGALRM, onTimeout);
  alarm(kTimeoutSeconds);

  const char *reason = nullptr;
  if (!arrayrt_cuda_available(&reason)) {
    std::fprintf(stderr, "arrayrt-device-info: no usable GPU: %s\n", reason);
    return 1;
  }
  int count = arrayrt_device_count();
  for (int device = 0; device < count; ++device) {
    arrayrt_device_properties_t props;
    arrayrt_device_get_properties(device, &props);
    std::printf(
        "%d: %s, sm_%d%d, %d SMs, %llu MiB\n", device, props.name,
        props.compute_capability_major, props.compute_capability_minor,
        props.multiprocessor_count,
        static_cast<unsigned long long>(props.total_memory_bytes >> 20));
  }
  return 0;
}
