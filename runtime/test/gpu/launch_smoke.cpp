//===- launch_smoke.cpp - Run a kernel through arrayrt on a real GPU ------===//
//
// Loads a hand-written PTX kernel (c[i] = a[i] + b[i]) and runs it through
// the arrayrt_ API, then through the mgpu* ABI that MLIR-generated code uses
// (plain, cluster and managed-memory launches), checking every result.
// Prints `launch-smoke: OK` and exits 0, or says what went wrong and exits 1.
// Needs an sm_90 GPU, so it is not a CTest test.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "AddKernel.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

const std::string kPtx = addKernelPtx("f32");

constexpr uint32_t kCount = 1000; // Not a multiple of the block size.
constexpr uint32_t kBlock = 256;
constexpr uint32_t kGrid = (kCount + kBlock - 1) / kBlock; // 4: even.

[[noreturn]] void fail(const char *path, const char *what) {
  std::printf("launch-smoke: FAILED: %s: %s\n", path, what);
  std::exit(1);
}

void expectSums(const char *path, const float *a, const float *b,
                const float *c) {
  for (uint32_t i = 0; i < kCount; ++i) {
    if (c[i] != a[i] + b[i]) {
      char what[160];
      std::snprintf(what, sizeof(what), "c[%u] = %g, expected %g + %g = %g", i,
                    c[i], a[i], b[i], a[i] + b[i]);
      fail(path, what);
    }
  }
}

void runArrayrtApi(const std::vector<float> &a, const std::vector<float> &b) {
  const char *path = "arrayrt_ API";
  size_t bytes = kCount * sizeof(float);
  arrayrt_module_t module = arrayrt_module_load(kPtx.c_str(), kPtx.size() + 1);
  arrayrt_function_t function = arrayrt_module_get_function(module, "add_f32");
  arrayrt_stream_t stream = arrayrt_stream_create();
  void *da = arrayrt_alloc(bytes, stream);
  void *db = arrayrt_alloc(bytes, stream);
  void *dc = arrayrt_alloc(bytes, stream);
  arrayrt_memcpy(da, a.data(), bytes, stream);
  arrayrt_memcpy(db, b.data(), bytes, stream);
  arrayrt_memset32(dc, 0x7fc00000u, kCount, stream); // NaN: catches no-ops.
  uint32_t n = kCount;
  void *params[] = {&da, &db, &dc, &n};
  arrayrt_launch_kernel(function, kGrid, 1, 1, kBlock, 1, 1, 0, stream, params);
  std::vector<float> c(kCount);
  arrayrt_memcpy(c.data(), dc, bytes, stream);
  arrayrt_stream_synchronize(stream);
  expectSums(path, a.data(), b.data(), c.data());

  arrayrt_memset32(dc, 0x3f800000u, kCount, stream); // 1.0f
  arrayrt_memcpy(c.data(), dc, bytes, stream);
  arrayrt_stream_synchronize(stream);
  for (uint32_t i = 0; i < kCount; ++i)
    if (c[i] != 1.0f)
      fail(path, "arrayrt_memset32 did not fill the buffer");

  arrayrt_free(da, stream);
  arrayrt_free(db, stream);
  arrayrt_free(dc, stream);
  arrayrt_stream_destroy(stream);
  arrayrt_module_unload(module);
}

void runMlirAbi(std::vector<float> &a, std::vector<float> &b) {
  size_t bytes = kCount * sizeof(float);
  void *module = mgpuModuleLoadJIT(const_cast<char *>(kPtx.c_str()), 2);
  void *function = mgpuModuleGetFunction(module, "add_f32");
  void *stream = mgpuStreamCreate();
  void *other = mgpuStreamCreate();
  void *event = mgpuEventCreate();

  // Page-lock the inputs through the memref entry points, as MLIR would.
  auto base = static_cast<int64_t>(reinterpret_cast<intptr_t>(a.data()));
  int64_t descriptor[] = {base, base, 0, kCount, 1};
  mgpuMemHostRegisterMemRef(1, descriptor, sizeof(float));

  void *da = mgpuMemAlloc(bytes, stream, false);
  void *db = mgpuMemAlloc(bytes, stream, false);
  void *dc = mgpuMemAlloc(bytes, stream, false);
  mgpuMemcpy(da, a.data(), bytes, stream);
  mgpuMemcpy(db, b.data(), bytes, stream);
  uint32_t n = kCount;
  void *params[] = {&da, &db, &dc, &n};
  mgpuLaunchKernel(function, kGrid, 1, 1, kBlock, 1, 1, 0, stream, params,
                   nullptr, 4);
  // Read the result on a second stream ordered after the launch by an event.
  mgpuEventRecord(event, stream);
  mgpuStreamWaitEvent(other, event);
  std::vector<float> c(kCount);
  mgpuMemcpy(c.data(), dc, bytes, other);
  mgpuStreamSynchronize(other);
  expectSums("mgpuLaunchKernel", a.data(), b.data(), c.data());

  mgpuMemset32(dc, 0, kCount, stream);
  mgpuLaunchClusterKernel(function, 2, 1, 1, kGrid, 1, 1, kBlock, 1, 1, 0,
                          stream, params, nullptr, 4);
  mgpuEventRecord(event, stream);
  mgpuEventSynchronize(event);
  mgpuMemcpy(c.data(), dc, bytes, stream);
  mgpuStreamSynchronize(stream);
  expectSums("mgpuLaunchClusterKernel", a.data(), b.data(), c.data());

  // Managed memory is read and written directly by the host.
  auto *ma = static_cast<float *>(mgpuMemAlloc(bytes, stream, true));
  auto *mb = static_cast<float *>(mgpuMemAlloc(bytes, stream, true));
  auto *mc = static_cast<float *>(mgpuMemAlloc(bytes, stream, true));
  std::memcpy(ma, a.data(), bytes);
  std::memcpy(mb, b.data(), bytes);
  void *managedParams[] = {&ma, &mb, &mc, &n};
  mgpuLaunchKernel(function, kGrid, 1, 1, kBlock, 1, 1, 0, stream,
                   managedParams, nullptr, 4);
  mgpuStreamSynchronize(stream);
  expectSums("mgpuMemAlloc(isHostShared)", ma, mb, mc);

  for (void *ptr : {static_cast<void *>(ma), static_cast<void *>(mb),
                    static_cast<void *>(mc), da, db, dc})
    mgpuMemFree(ptr, stream);
  mgpuMemHostUnregisterMemRef(1, descriptor, sizeof(float));
  mgpuEventDestroy(event);
  mgpuStreamDestroy(other);
  mgpuStreamDestroy(stream);
  mgpuModuleUnload(module);
}

} // namespace

int main() {
  const char *reason = nullptr;
  if (!arrayrt_cuda_available(&reason))
    fail("setup", reason);
  arrayrt_device_properties_t props;
  arrayrt_device_get_properties(0, &props);
  if (props.compute_capability_major < 9)
    fail("setup", "the kernel needs sm_90 or newer");

  std::vector<float> a(kCount), b(kCount);
  for (uint32_t i = 0; i < kCount; ++i) {
    a[i] = static_cast<float>(i) * 0.5f;
    b[i] = 1000.0f - static_cast<float>(i);
  }
  runArrayrtApi(a, b);
  runMlirAbi(a, b);
  std::printf("launch-smoke: OK\n");
  return 0;
}
