//===- Cudnn.cpp - Loading cuDNN and owning its descriptors ---------------===//

#include "dnn/Cudnn.h"

#include "driver/Driver.h"
#include "driver/Error.h"

#include <dlfcn.h>

#include <cstdlib>

namespace arrayrt::dnn {

std::string attentionPrefix(const char *location) {
  return locationPrefix(location) + "attention: ";
}

std::string describeStatus(const CudnnApi &api, cudnnStatus_t status) {
  std::string text = api.cudnnGetErrorString(status);
  if (api.cudnnGetLastErrorString) {
    // The text of the last failure on this thread; it says which attribute
    // or which support check failed, which the status alone does not.
    char message[1024] = {};
    api.cudnnGetLastErrorString(message, sizeof(message));
    std::string last = message;
    while (!last.empty() && (last.back() == '\n' || last.back() == ' '))
      last.pop_back();
    for (char &c : last)
      if (c == '\n')
        c = ' ';
    if (!last.empty())
      text += " (" + last + ")";
  }
  return text;
}

void checkCudnn(const CudnnApi &api, cudnnStatus_t status, const char *call,
                const char *location) {
  if (status == CUDNN_STATUS_SUCCESS)
    return;
  fatal("%s%s failed: %s", attentionPrefix(location).c_str(), call,
        describeStatus(api, status).c_str());
}

CudnnApi &loadCudnn(const char *location) {
  static CudnnApi *loaded = nullptr; // Never destroyed: used at exit.
  if (loaded)
    return *loaded;
  std::string prefix = attentionPrefix(location);
  const char *override = std::getenv("ARRAYRT_CUDNN_LIB");
  void *library = nullptr;
  std::string tried, why;
  // RTLD_GLOBAL: libcudnn.so.9 is a shim that dlopens its sub-libraries
  // (libcudnn_graph.so.9, the engines) from its own directory; they resolve
  // symbols against each other.
  auto attempt = [&](const char *name) {
    library = dlopen(name, RTLD_NOW | RTLD_GLOBAL);
    if (!library) {
      tried += tried.empty() ? name : std::string(", ") + name;
      const char *error = dlerror();
      why = error ? error : "not found";
    }
    return library != nullptr;
  };
  if (override && *override) {
    attempt(override);
  } else {
    // The loader's path first, then the toolkit's default location.
    for (const char *name :
         {"libcudnn.so.9", "/usr/local/cuda/lib64/libcudnn.so.9"})
      if (attempt(name))
        break;
  }
  if (!library)
    fatal("%scannot load cuDNN 9 (tried %s: %s); install cuDNN 9 or set "
          "ARRAYRT_CUDNN_LIB to libcudnn.so.9's path",
          prefix.c_str(), tried.c_str(), why.c_str());
  auto *api = new CudnnApi();
#define ARRAYRT_RESOLVE(name)                                                  \
  api->name = reinterpret_cast<decltype(api->name)>(dlsym(library, #name));    \
  if (!api->name)                                                              \
    fatal("%sthe cuDNN library lacks %s (cuDNN 9 is needed)", prefix.c_str(),  \
          #name);
  ARRAYRT_CUDNN_FUNCTIONS(ARRAYRT_RESOLVE)
#undef ARRAYRT_RESOLVE
  api->cudnnGetLastErrorString =
      reinterpret_cast<decltype(api->cudnnGetLastErrorString)>(
          dlsym(library, "cudnnGetLastErrorString"));
  api->version = api->cudnnGetVersion();
  if (api->version < 90000)
    fatal("%scuDNN %zu.%zu is loaded; the attention graph needs cuDNN 9",
          prefix.c_str(), api->version / 10000, api->version / 100 % 100);
  // cuDNN runs in the current context: the runtime's (device 0's primary
  // context), made current here if this thread has not used the GPU yet.
  driver();
  checkCudnn(*api, api->cudnnCreate(&api->handle), "cudnnCreate", location);
  loaded = api;
  return *api;
}

Descriptor::Descriptor(const CudnnApi &api, cudnnBackendDescriptorType_t type,
                       const char *location)
    : api(&api) {
  checkCudnn(api, api.cudnnBackendCreateDescriptor(type, &desc),
             "cudnnBackendCreateDescriptor", location);
}

Descriptor::~Descriptor() {
  if (desc)
    api->cudnnBackendDestroyDescriptor(desc);
}

void Descriptor::set(cudnnBackendAttributeName_t name,
                     cudnnBackendAttributeType_t type, int64_t count,
                     const void *values, const char *what,
                     const char *location) const {
  cudnnStatus_t status =
      api->cudnnBackendSetAttribute(desc, name, type, count, values);
  if (status != CUDNN_STATUS_SUCCESS)
    checkCudnn(*api, status,
               ("cudnnBackendSetAttribute(" + std::string(what) + ")").c_str(),
               location);
}

cudnnStatus_t Descriptor::tryFinalize() const {
  return api->cudnnBackendFinalize(desc);
}

void Descriptor::finalize(const char *what, const char *location) const {
  cudnnStatus_t status = tryFinalize();
  if (status != CUDNN_STATUS_SUCCESS)
    checkCudnn(*api, status,
               ("cudnnBackendFinalize (" + std::string(what) + ")").c_str(),
               location);
}

} // namespace arrayrt::dnn
