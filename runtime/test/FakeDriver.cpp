//===- FakeDriver.cpp - A CUDA driver without a GPU, for tests ------------===//
//
// libarrayrt-fake-cuda.so exports the driver entry points the runtime
// resolves (ARRAYRT_CUDA_DRIVER_LIB points the runtime at it), so the
// runtime's device paths, timing among them, run on machines without a
// GPU. "Device" memory is host memory; kernels do nothing, except that the
// runtime's arrayrt_csr_row_stats_i32/_i64 (kernels/CsrSpmv.cu) are
// computed on the host, so that tests see the runtime choose between its
// SpMV kernel and cuSPARSE. fakeCudaLaunchedKernels() names the kernels
// launched so far, in order, separated by spaces; with
// FAKE_CUDA_NO_BINARY_FOR_GPU set, loading a module fails as on a GPU the
// image has no code for. Work completes
// in order on one simulated timeline whose clock advances only as follows,
// so tests can predict every time the runtime measures:
//
//   a kernel launch         grid_x * grid_y * grid_z microseconds
//   a copy                  1 microsecond per 1000 bytes
//   a memset                1 microsecond per 1000 elements
//   fakeCudaAdvance(us)     `us` microseconds (a host gap between launches)
//
// cuOccupancyMaxActiveClusters answers 128 / blocks per cluster.
//
// An event records the clock; elapsed time is the difference, and is an
// error for events created with CU_EVENT_DISABLE_TIMING, as in the driver.
// fakeCudaLiveEvents() counts events created and not destroyed, and
// fakeCudaGetFunctionCalls() the cuModuleGetFunction calls. Every event
// has completed by the time cuEventQuery can ask. cuLaunchKernelEx is
// cuLaunchKernel whatever its attributes; fakeCudaProgrammaticLaunches()
// counts those with programmatic stream serialization, and
// fakeCudaCooperativeLaunches(grid) the cooperative ones (the last one's
// grid x in *grid); cuOccupancyMaxActiveBlocksPerMultiprocessor answers 2.
// A module defines the
// globals FAKE_CUDA_GLOBALS names (comma-separated) and no others.
//
// Graphs: while a stream captures (cuStreamBeginCapture), launches, copies
// and memsets become nodes of the captured graph instead of running; a
// graph launch runs its nodes in order. A conditional WHILE node
// (cuGraphAddNode) runs its body, captured with cuStreamBeginCaptureToGraph,
// while its handle's value is nonzero (at most 1,000,000 times), and the
// runtime's kernel arrayrt_set_while_condition(handle, test) sets the value
// from the byte `test` points at. fakeCudaGraphCounts(counts) reads
// {captures, instantiations, updates, graph launches};
// fakeCudaFailGraphInstantiation(1) makes instantiation fail. A kernel's
// parameter sizes (cuFuncGetParamInfo) are what fakeCudaSetParamSizes(name,
// count, sizes) registered for its name, else FAKE_CUDA_PARAM_BYTES bytes
// each for up to 32 parameters when that variable is set, else unknown
// (CUDA_ERROR_NOT_SUPPORTED).
//
// Memory: fakeCudaSetMemoryCapacity(bytes) makes allocations fail with
// CUDA_ERROR_OUT_OF_MEMORY once the live device memory would exceed `bytes`
// (0: no limit, the default); fakeCudaAllocationCalls() counts successful
// cuMemAlloc/cuMemAllocFromPoolAsync calls and fakeCudaLiveBytes() the
// device bytes allocated and not freed. cuMemAllocFromPoolAsync allocates
// and cuMemFreeAsync frees at once; the pool's reserved memory is what is
// live.
//
//===----------------------------------------------------------------------===//

#include <cuda.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace {

struct FakeEvent {
  bool timing;
  bool recorded = false;
  double timeUs = 0;
};

struct FakeFunction {
  std::string name;
  CUmodule module = nullptr;
};

struct FakeGraph {
  std::vector<std::function<void()>> nodes;
  // The bodies of conditional nodes, and the arrays cuGraphAddNode hands
  // them out in (phGraph_out: the driver's memory, valid with the graph).
  std::vector<std::shared_ptr<FakeGraph>> bodies;
  std::deque<CUgraph> bodyHandles;
};

struct FakeModule {
  std::map<std::string, FakeFunction> functions;
};

struct State {
  std::mutex mutex;
  double nowUs = 0;
  long liveEvents = 0;
  std::map<uintptr_t, size_t> allocations; // Device memory: begin -> size.
  size_t liveBytes = 0, capacity = 0, peakBytes = 0;
  long allocationCalls = 0;
  long getFunctionCalls = 0;
  long programmaticLaunches = 0;
  long cooperativeLaunches = 0;
  unsigned lastCooperativeGrid = 0;
  int context = 0, stream = 0, pool = 0;
  std::string launched; // Kernel names, space-separated.
  FakeGraph *capturing = nullptr;
  long graphCounts[4] = {}; // Captures, instantiations, updates, launches.
  bool failInstantiation = false;
  std::vector<unsigned> conditions; // By conditional handle.
  std::map<std::string, std::vector<size_t>> paramSizes;
};

State &state() {
  static State instance;
  return instance;
}

bool isDevicePointer(CUdeviceptr ptr) {
  State &s = state();
  auto it = s.allocations.upper_bound(ptr);
  if (it == s.allocations.begin())
    return false;
  --it;
  return ptr < it->first + it->second;
}

CUresult allocate(CUdeviceptr *ptr, size_t bytes) {
  State &s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (s.capacity && bytes > s.capacity - std::min(s.capacity, s.liveBytes))
      return CUDA_ERROR_OUT_OF_MEMORY;
  }
  // 256-byte aligned and zeroed, as cuMemAlloc's memory is aligned.
  constexpr size_t kAlignment = 256;
  size_t rounded =
      (std::max<size_t>(bytes, 1) + kAlignment - 1) / kAlignment * kAlignment;
  void *memory = std::aligned_alloc(kAlignment, rounded);
  if (!memory)
    return CUDA_ERROR_OUT_OF_MEMORY;
  std::memset(memory, 0, rounded);
  std::lock_guard<std::mutex> lock(s.mutex);
  *ptr = reinterpret_cast<CUdeviceptr>(memory);
  s.allocations[*ptr] = bytes;
  s.liveBytes += bytes;
  s.peakBytes = std::max(s.peakBytes, s.liveBytes);
  ++s.allocationCalls;
  return CUDA_SUCCESS;
}

CUresult release(CUdeviceptr ptr) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.allocations.find(ptr);
  if (it == s.allocations.end())
    return CUDA_ERROR_INVALID_VALUE;
  s.liveBytes -= it->second;
  s.allocations.erase(it);
  std::free(reinterpret_cast<void *>(ptr));
  return CUDA_SUCCESS;
}

void advance(double us) {
  std::lock_guard<std::mutex> lock(state().mutex);
  state().nowUs += us;
}

/// Runs `work` now, or adds it to the graph being captured.
CUresult enqueue(std::function<void()> work) {
  {
    std::lock_guard<std::mutex> lock(state().mutex);
    if (FakeGraph *graph = state().capturing) {
      graph->nodes.push_back(std::move(work));
      return CUDA_SUCCESS;
    }
  }
  work();
  return CUDA_SUCCESS;
}

bool capturing() {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().capturing != nullptr;
}

/// The memsets: `count` elements of type T at `dst` set to `value`, 1 us
/// per 1000 elements.
template <typename T>
CUresult fakeMemset(CUdeviceptr dst, T value, size_t count) {
  return enqueue([=] {
    std::fill_n(reinterpret_cast<T *>(dst), count, value);
    advance(double(count) / 1000);
  });
}

/// arrayrt_csr_row_stats_<I>(rows, indptr, blockStats): the whole
/// matrix's pair in block 0's, the other blocks' pairs empty, then
/// indptr's ends.
template <typename I> void rowStats(void **params, unsigned blocks) {
  const long long rows = *static_cast<long long *>(params[0]);
  const I *indptr = *static_cast<const I **>(params[1]);
  auto *stats = *static_cast<unsigned long long **>(params[2]);
  for (unsigned b = 0; b < blocks; ++b) {
    stats[2 * b] = 0;
    stats[2 * b + 1] = ~0ull;
  }
  stats[2 * blocks] =
      static_cast<unsigned long long>(static_cast<long long>(indptr[0]));
  stats[2 * blocks + 1] =
      static_cast<unsigned long long>(static_cast<long long>(indptr[rows]));
  for (long long row = 0; row < rows; ++row) {
    const long long length = static_cast<long long>(indptr[row + 1]) -
                             static_cast<long long>(indptr[row]);
    if (length < 0)
      stats[1] = std::min<unsigned long long>(stats[1], row);
    else
      stats[0] = std::max<unsigned long long>(stats[0], length);
  }
}
} // namespace

extern "C" {

__attribute__((visibility("default"))) void fakeCudaGraphCounts(long *counts) {
  std::lock_guard<std::mutex> lock(state().mutex);
  std::copy(state().graphCounts, state().graphCounts + 4, counts);
}

__attribute__((visibility("default"))) void
fakeCudaFailGraphInstantiation(int fail) {
  std::lock_guard<std::mutex> lock(state().mutex);
  state().failInstantiation = fail != 0;
}

__attribute__((visibility("default"))) void
fakeCudaSetParamSizes(const char *name, int count, const size_t *sizes) {
  std::lock_guard<std::mutex> lock(state().mutex);
  state().paramSizes[name].assign(sizes, sizes + count);
}

__attribute__((visibility("default"))) void fakeCudaAdvance(double us) {
  advance(us);
}

__attribute__((visibility("default"))) long fakeCudaGetFunctionCalls(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().getFunctionCalls;
}

__attribute__((visibility("default"))) long fakeCudaProgrammaticLaunches(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().programmaticLaunches;
}

__attribute__((visibility("default"))) long
fakeCudaCooperativeLaunches(unsigned *grid) {
  std::lock_guard<std::mutex> lock(state().mutex);
  if (grid)
    *grid = state().lastCooperativeGrid;
  return state().cooperativeLaunches;
}

__attribute__((visibility("default"))) long fakeCudaLiveEvents(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().liveEvents;
}

__attribute__((visibility("default"))) void
fakeCudaSetMemoryCapacity(size_t bytes) {
  std::lock_guard<std::mutex> lock(state().mutex);
  state().capacity = bytes;
}

__attribute__((visibility("default"))) long fakeCudaAllocationCalls(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().allocationCalls;
}

__attribute__((visibility("default"))) size_t fakeCudaLiveBytes(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().liveBytes;
}

__attribute__((visibility("default"))) const char *
fakeCudaLaunchedKernels(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().launched.c_str();
}

CUresult cuInit(unsigned int) { return CUDA_SUCCESS; }

CUresult cuGetErrorName(CUresult error, const char **name) {
  *name = error == CUDA_SUCCESS ? "CUDA_SUCCESS" : "CUDA_ERROR_FAKE";
  return CUDA_SUCCESS;
}

CUresult cuGetErrorString(CUresult, const char **text) {
  *text = "error from the fake driver";
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  *device = ordinal;
  return ordinal == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

CUresult cuDeviceGetName(char *name, int length, CUdevice) {
  std::strncpy(name, "Fake GPU", static_cast<size_t>(length));
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute,
                              CUdevice) {
  switch (attribute) {
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *value = 9;
    break;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    *value = 132;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    *value = 227 * 1024;
    break;
  default:
    *value = 0;
  }
  return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem(size_t *bytes, CUdevice) {
  *bytes = size_t{1} << 30;
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice) {
  *context = reinterpret_cast<CUcontext>(&state().context);
  return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent(CUcontext) { return CUDA_SUCCESS; }
CUresult cuCtxSynchronize(void) { return CUDA_SUCCESS; }

CUresult cuModuleLoadData(CUmodule *module, const void *) {
  // A GPU the image has no code for (tests of the runtime's fallbacks).
  if (std::getenv("FAKE_CUDA_NO_BINARY_FOR_GPU"))
    return CUDA_ERROR_NO_BINARY_FOR_GPU;
  *module = reinterpret_cast<CUmodule>(new FakeModule);
  return CUDA_SUCCESS;
}

CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned int,
                            CUjit_option *, void **) {
  return cuModuleLoadData(module, image);
}

CUresult cuModuleUnload(CUmodule module) {
  delete reinterpret_cast<FakeModule *>(module);
  return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                             const char *name) {
  std::lock_guard<std::mutex> lock(state().mutex);
  ++state().getFunctionCalls;
  FakeFunction &entry = reinterpret_cast<FakeModule *>(module)->functions[name];
  entry.name = name;
  entry.module = module;
  *function = reinterpret_cast<CUfunction>(&entry);
  return CUDA_SUCCESS;
}

// The globals FAKE_CUDA_GLOBALS names (comma-separated) exist in every
// module, 4 bytes each; others do not.
CUresult cuModuleGetGlobal_v2(CUdeviceptr *address, size_t *bytes, CUmodule,
                              const char *name) {
  static int storage;
  const char *globals = std::getenv("FAKE_CUDA_GLOBALS");
  std::string list = std::string(",") + (globals ? globals : "") + ",";
  if (list.find(std::string(",") + name + ",") == std::string::npos)
    return CUDA_ERROR_NOT_FOUND;
  if (address)
    *address = reinterpret_cast<CUdeviceptr>(&storage);
  if (bytes)
    *bytes = sizeof(storage);
  return CUDA_SUCCESS;
}

CUresult cuFuncGetName(const char **name, CUfunction function) {
  *name = reinterpret_cast<FakeFunction *>(function)->name.c_str();
  return CUDA_SUCCESS;
}

CUresult cuFuncGetModule(CUmodule *module, CUfunction function) {
  *module = reinterpret_cast<FakeFunction *>(function)->module;
  return CUDA_SUCCESS;
}

CUresult cuFuncSetAttribute(CUfunction, CUfunction_attribute, int) {
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernel(CUfunction function, unsigned int gridX,
                        unsigned int gridY, unsigned int gridZ, unsigned int,
                        unsigned int, unsigned int, unsigned int, CUstream,
                        void **params, void **) {
  const std::string &name = reinterpret_cast<FakeFunction *>(function)->name;
  // Row statistics read their parameters now (never inside a graph).
  if (name == "arrayrt_csr_row_stats_i32" && !capturing())
    rowStats<int>(params, gridX);
  else if (name == "arrayrt_csr_row_stats_i64" && !capturing())
    rowStats<long long>(params, gridX);
  if (name == "arrayrt_set_while_condition") {
    const auto handle = *static_cast<CUgraphConditionalHandle *>(params[0]);
    const auto *test = *static_cast<const unsigned char **>(params[1]);
    return enqueue([handle, test] {
      std::lock_guard<std::mutex> lock(state().mutex);
      state().conditions.at(handle) = *test != 0;
    });
  }
  return enqueue([name, cost = double(gridX) * gridY * gridZ] {
    {
      std::lock_guard<std::mutex> lock(state().mutex);
      std::string &launched = state().launched;
      launched += (launched.empty() ? "" : " ") + name;
    }
    advance(cost);
  });
}

CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction function,
                          void **params, void **extra) {
  for (unsigned i = 0; i < config->numAttrs; ++i)
    if (config->attrs[i].id ==
            CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION &&
        config->attrs[i].value.programmaticStreamSerializationAllowed) {
      std::lock_guard<std::mutex> lock(state().mutex);
      ++state().programmaticLaunches;
    } else if (config->attrs[i].id == CU_LAUNCH_ATTRIBUTE_COOPERATIVE &&
               config->attrs[i].value.cooperative) {
      std::lock_guard<std::mutex> lock(state().mutex);
      ++state().cooperativeLaunches;
      state().lastCooperativeGrid = config->gridDimX;
    }
  return cuLaunchKernel(function, config->gridDimX, config->gridDimY,
                        config->gridDimZ, config->blockDimX, config->blockDimY,
                        config->blockDimZ, config->sharedMemBytes,
                        config->hStream, params, extra);
}

CUresult cuFuncGetParamInfo(CUfunction function, size_t index, size_t *offset,
                            size_t *size) {
  const std::string &name = reinterpret_cast<FakeFunction *>(function)->name;
  std::vector<size_t> sizes;
  {
    std::lock_guard<std::mutex> lock(state().mutex);
    auto it = state().paramSizes.find(name);
    if (it != state().paramSizes.end())
      sizes = it->second;
  }
  if (sizes.empty())
    if (const char *bytes = std::getenv("FAKE_CUDA_PARAM_BYTES"))
      sizes.assign(32, std::strtoul(bytes, nullptr, 10));
  if (sizes.empty())
    return CUDA_ERROR_NOT_SUPPORTED;
  if (index >= sizes.size())
    return CUDA_ERROR_INVALID_VALUE;
  *offset = 0;
  for (size_t i = 0; i < index; ++i)
    *offset += sizes[i];
  *size = sizes[index];
  return CUDA_SUCCESS;
}

CUresult cuStreamBeginCapture(CUstream, CUstreamCaptureMode) {
  std::lock_guard<std::mutex> lock(state().mutex);
  if (state().capturing)
    return CUDA_ERROR_ILLEGAL_STATE;
  state().capturing = new FakeGraph;
  ++state().graphCounts[0];
  return CUDA_SUCCESS;
}

CUresult cuStreamEndCapture(CUstream, CUgraph *graph) {
  std::lock_guard<std::mutex> lock(state().mutex);
  if (!state().capturing)
    return CUDA_ERROR_ILLEGAL_STATE;
  *graph = reinterpret_cast<CUgraph>(state().capturing);
  state().capturing = nullptr;
  return CUDA_SUCCESS;
}

CUresult cuStreamBeginCaptureToGraph(CUstream, CUgraph graph,
                                     const CUgraphNode *,
                                     const CUgraphEdgeData *, size_t,
                                     CUstreamCaptureMode) {
  std::lock_guard<std::mutex> lock(state().mutex);
  if (state().capturing)
    return CUDA_ERROR_ILLEGAL_STATE;
  state().capturing = reinterpret_cast<FakeGraph *>(graph);
  ++state().graphCounts[0];
  return CUDA_SUCCESS;
}

CUresult cuCtxGetCurrent(CUcontext *context) {
  *context = reinterpret_cast<CUcontext>(&state().context);
  return CUDA_SUCCESS;
}

CUresult cuGraphCreate(CUgraph *graph, unsigned int) {
  *graph = reinterpret_cast<CUgraph>(new FakeGraph);
  return CUDA_SUCCESS;
}

CUresult cuGraphConditionalHandleCreate(CUgraphConditionalHandle *handle,
                                        CUgraph, CUcontext,
                                        unsigned int defaultValue,
                                        unsigned int) {
  std::lock_guard<std::mutex> lock(state().mutex);
  *handle = state().conditions.size();
  state().conditions.push_back(defaultValue);
  return CUDA_SUCCESS;
}

CUresult cuGraphAddNode_v2(CUgraphNode *node, CUgraph graph,
                           const CUgraphNode *, const CUgraphEdgeData *, size_t,
                           CUgraphNodeParams *params) {
  if (params->type != CU_GRAPH_NODE_TYPE_CONDITIONAL ||
      params->conditional.type != CU_GRAPH_COND_TYPE_WHILE ||
      params->conditional.size != 1)
    return CUDA_ERROR_NOT_SUPPORTED;
  auto *parent = reinterpret_cast<FakeGraph *>(graph);
  auto body = std::make_shared<FakeGraph>();
  parent->bodies.push_back(body);
  parent->bodyHandles.push_back(reinterpret_cast<CUgraph>(body.get()));
  params->conditional.phGraph_out = &parent->bodyHandles.back();
  const CUgraphConditionalHandle handle = params->conditional.handle;
  unsigned initial = 0;
  {
    std::lock_guard<std::mutex> lock(state().mutex);
    initial = state().conditions.at(handle);
  }
  parent->nodes.push_back([body, handle, initial] {
    auto condition = [&] {
      std::lock_guard<std::mutex> lock(state().mutex);
      return state().conditions.at(handle);
    };
    {
      std::lock_guard<std::mutex> lock(state().mutex);
      state().conditions.at(handle) = initial;
    }
    for (int runs = 0; runs < 1000000 && condition(); ++runs)
      for (const std::function<void()> &step : body->nodes)
        step();
  });
  *node = reinterpret_cast<CUgraphNode>(body.get());
  return CUDA_SUCCESS;
}

CUresult cuGraphInstantiateWithFlags(CUgraphExec *exec, CUgraph graph,
                                     unsigned long long) {
  std::lock_guard<std::mutex> lock(state().mutex);
  if (state().failInstantiation)
    return CUDA_ERROR_NOT_SUPPORTED;
  *exec = reinterpret_cast<CUgraphExec>(
      new FakeGraph(*reinterpret_cast<FakeGraph *>(graph)));
  ++state().graphCounts[1];
  return CUDA_SUCCESS;
}

CUresult cuGraphExecUpdate(CUgraphExec exec, CUgraph graph,
                           CUgraphExecUpdateResultInfo *) {
  auto *target = reinterpret_cast<FakeGraph *>(exec);
  auto *source = reinterpret_cast<FakeGraph *>(graph);
  // As the driver: the same topology (here, the same number of nodes).
  if (target->nodes.size() != source->nodes.size())
    return CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE;
  target->nodes = source->nodes;
  std::lock_guard<std::mutex> lock(state().mutex);
  ++state().graphCounts[2];
  return CUDA_SUCCESS;
}

CUresult cuGraphLaunch(CUgraphExec exec, CUstream) {
  {
    std::lock_guard<std::mutex> lock(state().mutex);
    ++state().graphCounts[3];
  }
  for (const std::function<void()> &node :
       reinterpret_cast<FakeGraph *>(exec)->nodes)
    node();
  return CUDA_SUCCESS;
}

CUresult cuGraphDestroy(CUgraph graph) {
  delete reinterpret_cast<FakeGraph *>(graph);
  return CUDA_SUCCESS;
}

CUresult cuGraphExecDestroy(CUgraphExec exec) {
  delete reinterpret_cast<FakeGraph *>(exec);
  return CUDA_SUCCESS;
}

// A device on which 128 blocks in clusters fit at once, whatever the
// clusters' blocks.
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *count, CUfunction,
                                                     int, size_t) {
  *count = 2;
  return CUDA_SUCCESS;
}

CUresult cuOccupancyMaxActiveClusters(int *count, CUfunction,
                                      const CUlaunchConfig *config) {
  unsigned cluster = 1;
  for (unsigned i = 0; i < config->numAttrs; ++i)
    if (config->attrs[i].id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
      cluster = config->attrs[i].value.clusterDim.x *
                config->attrs[i].value.clusterDim.y *
                config->attrs[i].value.clusterDim.z;
  *count = static_cast<int>(128 / cluster);
  return CUDA_SUCCESS;
}

CUresult cuStreamCreate(CUstream *stream, unsigned int) {
  *stream = reinterpret_cast<CUstream>(&state().stream);
  return CUDA_SUCCESS;
}

CUresult cuStreamSynchronize(CUstream) { return CUDA_SUCCESS; }
CUresult cuStreamDestroy(CUstream) { return CUDA_SUCCESS; }
CUresult cuStreamWaitEvent(CUstream, CUevent, unsigned int) {
  return CUDA_SUCCESS;
}

CUresult cuEventCreate(CUevent *event, unsigned int flags) {
  std::lock_guard<std::mutex> lock(state().mutex);
  ++state().liveEvents;
  *event = reinterpret_cast<CUevent>(
      new FakeEvent{(flags & CU_EVENT_DISABLE_TIMING) == 0});
  return CUDA_SUCCESS;
}

CUresult cuEventRecord(CUevent event, CUstream) {
  std::lock_guard<std::mutex> lock(state().mutex);
  auto *fake = reinterpret_cast<FakeEvent *>(event);
  fake->recorded = true;
  fake->timeUs = state().nowUs;
  return CUDA_SUCCESS;
}

CUresult cuEventSynchronize(CUevent) { return CUDA_SUCCESS; }
CUresult cuEventQuery(CUevent) { return CUDA_SUCCESS; }

CUresult cuEventElapsedTime(float *ms, CUevent start, CUevent end) {
  auto *from = reinterpret_cast<FakeEvent *>(start);
  auto *to = reinterpret_cast<FakeEvent *>(end);
  if (!from->timing || !to->timing)
    return CUDA_ERROR_INVALID_HANDLE;
  if (!from->recorded || !to->recorded)
    return CUDA_ERROR_INVALID_HANDLE;
  *ms = static_cast<float>((to->timeUs - from->timeUs) / 1000);
  return CUDA_SUCCESS;
}

CUresult cuEventDestroy(CUevent event) {
  std::lock_guard<std::mutex> lock(state().mutex);
  --state().liveEvents;
  delete reinterpret_cast<FakeEvent *>(event);
  return CUDA_SUCCESS;
}

CUresult cuMemAlloc(CUdeviceptr *ptr, size_t bytes) {
  return allocate(ptr, bytes);
}

CUresult cuMemAllocManaged(CUdeviceptr *ptr, size_t bytes, unsigned int) {
  return allocate(ptr, bytes);
}

CUresult cuMemFree(CUdeviceptr ptr) { return release(ptr); }

CUresult cuMemPoolCreate(CUmemoryPool *pool, const CUmemPoolProps *) {
  *pool = reinterpret_cast<CUmemoryPool>(&state().pool);
  return CUDA_SUCCESS;
}

CUresult cuMemPoolSetAttribute(CUmemoryPool, CUmemPool_attribute, void *) {
  return CUDA_SUCCESS;
}

CUresult cuMemPoolGetAttribute(CUmemoryPool, CUmemPool_attribute attribute,
                               void *value) {
  std::lock_guard<std::mutex> lock(state().mutex);
  switch (attribute) {
  case CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT:
  case CU_MEMPOOL_ATTR_USED_MEM_CURRENT:
    *static_cast<cuuint64_t *>(value) = state().liveBytes;
    return CUDA_SUCCESS;
  case CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH:
  case CU_MEMPOOL_ATTR_USED_MEM_HIGH:
    *static_cast<cuuint64_t *>(value) = state().peakBytes;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_NOT_SUPPORTED;
  }
}

CUresult cuMemPoolTrimTo(CUmemoryPool, size_t) { return CUDA_SUCCESS; }

CUresult cuMemAllocFromPoolAsync(CUdeviceptr *ptr, size_t bytes, CUmemoryPool,
                                 CUstream) {
  return allocate(ptr, bytes);
}

CUresult cuMemFreeAsync(CUdeviceptr ptr, CUstream) { return release(ptr); }

CUresult cuPointerGetAttribute(void *data, CUpointer_attribute attribute,
                               CUdeviceptr ptr) {
  if (attribute != CU_POINTER_ATTRIBUTE_MEMORY_TYPE)
    return CUDA_ERROR_NOT_SUPPORTED;
  std::lock_guard<std::mutex> lock(state().mutex);
  if (!isDevicePointer(ptr))
    return CUDA_ERROR_INVALID_VALUE; // As the driver says of pageable memory.
  *static_cast<unsigned *>(data) = CU_MEMORYTYPE_DEVICE;
  return CUDA_SUCCESS;
}

CUresult cuPointerGetAttributes(unsigned int count,
                                CUpointer_attribute *attributes, void **data,
                                CUdeviceptr ptr) {
  std::lock_guard<std::mutex> lock(state().mutex);
  for (unsigned i = 0; i < count; ++i) {
    if (attributes[i] != CU_POINTER_ATTRIBUTE_MEMORY_TYPE)
      return CUDA_ERROR_NOT_SUPPORTED;
    // 0 for memory the driver does not know (pageable), as the driver does.
    *static_cast<unsigned *>(data[i]) =
        isDevicePointer(ptr) ? CU_MEMORYTYPE_DEVICE : 0;
  }
  return CUDA_SUCCESS;
}

CUresult cuMemHostAlloc(void **ptr, size_t bytes, unsigned int) {
  *ptr = std::malloc(bytes);
  return *ptr ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult cuMemFreeHost(void *ptr) {
  std::free(ptr);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyHtoDAsync(CUdeviceptr dst, const void *src, size_t bytes,
                           CUstream) {
  return enqueue([=] {
    std::memcpy(reinterpret_cast<void *>(dst), src, bytes);
    advance(double(bytes) / 1000);
  });
}

CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                       CUstream) {
  return enqueue([=] {
    std::memmove(reinterpret_cast<void *>(dst), reinterpret_cast<void *>(src),
                 bytes);
    advance(double(bytes) / 1000);
  });
}

CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char value, size_t count,
                         CUstream) {
  return fakeMemset(dst, value, count);
}

CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short value, size_t count,
                          CUstream) {
  return fakeMemset(dst, value, count);
}

CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int value, size_t count,
                          CUstream) {
  return fakeMemset(dst, value, count);
}

CUresult cuMemHostRegister(void *, size_t, unsigned int) {
  return CUDA_SUCCESS;
}

CUresult cuMemHostUnregister(void *) { return CUDA_SUCCESS; }

} // extern "C"
