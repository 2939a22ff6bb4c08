//===- hook_bench.cpp - What the profiling hooks cost, on a real GPU ------===//
//
// Launches an empty kernel N times through arrayrt_launch_kernel, in a child
// process per mode, and prints the host time per launch:
//
//   plain     no hooks: what compiled code did before op labels
//   labelled  arrayrt_set_op before each launch and a range around every 10,
//             as compiled code now does, with every hook off
//   nvtx      the same with ARRAYRT_NVTX=1 (no tool attached: NVTX's no-op)
//   profile   the same under ARRAYRT_PROFILE=1 (two timing events a launch)
//   trace     the same under ARRAYRT_TRACE
//   compiled  what compiled code calls per launch (mgpuModuleGetFunction,
//             then mgpuLaunchKernel), hooks off
//   bare      the driver's cuLaunchKernel alone, on the same function and
//             stream: the floor the others are measured against
//
// and, hooks off, the ns per arrayrt_set_op and per range push+pop pair
// without a launch. Each launch mode prints the host time per launch
// (`best_ns_per_launch`) and the time per launch until the GPU has run
// them all (`synced_ns_per_launch`). One `hook-bench:` line per
// measurement. Needs a GPU, so it is not a CTest test.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"
#include "arrayrt/mlir_gpu_abi.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

const char kPtx[] = R"ptx(
.version 8.0
.target sm_90
.address_size 64
.visible .entry empty()
{
  ret;
}
)ptx";

using Clock = std::chrono::steady_clock;

constexpr int kLaunches = 100000;
const char *gMode = "plain";

double nsSince(Clock::time_point start, int count) {
  return std::chrono::duration<double, std::nano>(Clock::now() - start)
             .count() /
         count;
}

using LaunchFn = int (*)(void *, unsigned, unsigned, unsigned, unsigned,
                         unsigned, unsigned, unsigned, void *, void **,
                         void **);

void program() {
  arrayrt_module_t module = arrayrt_module_load(kPtx, sizeof(kPtx));
  arrayrt_function_t function = arrayrt_module_get_function(module, "empty");
  // What gpu-to-llvm's host code holds: a module of mgpuModuleLoad.
  void *compiledModule = mgpuModuleLoad(const_cast<char *>(kPtx), sizeof(kPtx));
  arrayrt_stream_t stream = arrayrt_stream_create();
  bool compiled = !std::strcmp(gMode, "compiled");
  bool bare = !std::strcmp(gMode, "bare");
  bool labelled = !compiled && !bare && std::strcmp(gMode, "plain") != 0;
  LaunchFn launch = nullptr;
  if (bare) {
    void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    launch = cuda ? reinterpret_cast<LaunchFn>(dlsym(cuda, "cuLaunchKernel"))
                  : nullptr;
    if (!launch) {
      std::printf("hook-bench: mode=bare: no cuLaunchKernel\n");
      std::exit(1);
    }
  }
  double best = 1e30, bestSynced = 1e30;
  for (int repeat = 0; repeat < 5; ++repeat) {
    arrayrt_stream_synchronize(stream);
    auto start = Clock::now();
    for (int i = 0; i < kLaunches; ++i) {
      if (bare) {
        launch(function, 1, 1, 1, 32, 1, 1, 0, stream, nullptr, nullptr);
        continue;
      }
      if (compiled) {
        mgpuLaunchKernel(mgpuModuleGetFunction(compiledModule, "empty"), 1, 1,
                         1, 32, 1, 1, 0, stream, nullptr, nullptr, 0);
        continue;
      }
      if (labelled) {
        if (i % 10 == 0)
          arrayrt_range_push("ten launches");
        arrayrt_set_op("array.exp @ bench.mlir:1:1", "bench.mlir:1:1", 4096);
      }
      arrayrt_launch_kernel(function, 1, 1, 1, 32, 1, 1, 0, stream, nullptr);
      if (labelled && i % 10 == 9)
        arrayrt_range_pop();
    }
    best = std::min(best, nsSince(start, kLaunches));
    arrayrt_stream_synchronize(stream);
    bestSynced = std::min(bestSynced, nsSince(start, kLaunches));
  }
  std::printf("hook-bench: mode=%s launches=%d best_ns_per_launch=%.1f "
              "synced_ns_per_launch=%.1f\n",
              gMode, kLaunches, best, bestSynced);
  arrayrt_stream_destroy(stream);
  mgpuModuleUnload(compiledModule);
}

int runMode(const char *mode, const char *out) {
  gMode = mode;
  if (!std::strcmp(mode, "nvtx"))
    setenv("ARRAYRT_NVTX", "1", 1);
  if (!std::strcmp(mode, "profile"))
    setenv("ARRAYRT_PROFILE", "1", 1);
  if (!std::strcmp(mode, "trace"))
    setenv("ARRAYRT_TRACE",
           (std::string(out) + "/hook-bench-trace.json").c_str(), 1);
  const char *reason = nullptr;
  if (!arrayrt_cuda_available(&reason)) {
    std::printf("hook-bench: skipped: %s\n", reason);
    return 1;
  }
  char name[] = "hook-bench";
  char *argv[] = {name, nullptr};
  std::fflush(stdout);
  // The profile table goes to stderr; keep stdout to the one line.
  return arrayrt_run_program(program, 1, argv);
}

void hostOnly() {
  constexpr int kCalls = 10000000;
  auto start = Clock::now();
  for (int i = 0; i < kCalls; ++i)
    arrayrt_set_op("array.exp @ bench.mlir:1:1", "bench.mlir:1:1", i);
  double setOp = nsSince(start, kCalls);
  start = Clock::now();
  for (int i = 0; i < kCalls; ++i) {
    arrayrt_range_push("r");
    arrayrt_range_pop();
  }
  double range = nsSince(start, kCalls);
  std::printf("hook-bench: hooks off: ns_per_set_op=%.2f "
              "ns_per_range_push_pop=%.2f\n",
              setOp, range);
}

} // namespace

int main(int argc, char **argv) {
  const char *out = argc > 1 ? argv[1] : ".";
  int status = 0;
  for (const char *mode :
       {"bare", "plain", "compiled", "labelled", "nvtx", "profile", "trace"}) {
    std::fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
      int result = runMode(mode, out);
      std::fflush(stdout);
      _exit(result);
    }
    int childStatus = 0;
    if (child < 0 || waitpid(child, &childStatus, 0) < 0 ||
        !WIFEXITED(childStatus) || WEXITSTATUS(childStatus) != 0) {
      std::printf("hook-bench: mode=%s FAILED\n", mode);
      status = 1;
    }
  }
  hostOnly();
  return status;
}
