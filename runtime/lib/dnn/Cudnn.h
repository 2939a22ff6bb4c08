//===- Cudnn.h - cuDNN's backend API, loaded at run time --------*- C++ -*-===//
//
// cuDNN is dlopened on first use, like the driver and cuBLASLt, so the
// runtime links no cuDNN library; cudnn_graph.h is used for types and
// constants only. Descriptors of the backend (graph) API are owned by
// Descriptor, and every failing call ends in fatal() with cuDNN's status
// name and its last error text.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_DNN_CUDNN_H
#define ARRAYRT_LIB_DNN_CUDNN_H

#include <cudnn_graph.h>

#include <cstdint>
#include <string>
#include <utility>

namespace arrayrt::dnn {

#define ARRAYRT_CUDNN_FUNCTIONS(X)                                             \
  X(cudnnGetVersion)                                                           \
  X(cudnnCreate)                                                               \
  X(cudnnSetStream)                                                            \
  X(cudnnGetErrorString)                                                       \
  X(cudnnBackendCreateDescriptor)                                              \
  X(cudnnBackendDestroyDescriptor)                                             \
  X(cudnnBackendSetAttribute)                                                  \
  X(cudnnBackendGetAttribute)                                                  \
  X(cudnnBackendFinalize)                                                      \
  X(cudnnBackendExecute)

struct CudnnApi {
#define ARRAYRT_DECLARE_POINTER(name) decltype(&::name) name = nullptr;
  ARRAYRT_CUDNN_FUNCTIONS(ARRAYRT_DECLARE_POINTER)
#undef ARRAYRT_DECLARE_POINTER
  /// Absent before cuDNN 9.0: error messages then carry the status alone.
  decltype(&::cudnnGetLastErrorString) cudnnGetLastErrorString = nullptr;
  /// cudnnGetVersion(): 91900 for 9.19.0.
  size_t version = 0;
  /// The process's one handle (the caller sets its stream before each
  /// execution).
  cudnnHandle_t handle = nullptr;
};

/// Loads cuDNN and creates the handle on first use; then returns them.
/// Not thread-safe: callers hold their own mutex. Exits, naming every
/// library tried and ARRAYRT_CUDNN_LIB, when cuDNN cannot be loaded.
/// Messages start with `<location>: attention: `.
CudnnApi &loadCudnn(const char *location);

/// `[<location>: ]attention: `, the start of every message.
std::string attentionPrefix(const char *location);

/// `<NAME> (<cuDNN's last error text>)` for `status`, or `<NAME>` without
/// a text.
std::string describeStatus(const CudnnApi &api, cudnnStatus_t status);

/// Exits with `<prefix><call> failed: <describeStatus>` unless `status` is
/// success.
void checkCudnn(const CudnnApi &api, cudnnStatus_t status, const char *call,
                const char *location);

/// A backend descriptor, destroyed with its owner. Move-only.
class Descriptor {
public:
  Descriptor() = default;
  /// Creates a descriptor of `type`; exits on failure.
  Descriptor(const CudnnApi &api, cudnnBackendDescriptorType_t type,
             const char *location);
  Descriptor(Descriptor &&other) noexcept
      : api(other.api), desc(std::exchange(other.desc, nullptr)) {}
  Descriptor &operator=(Descriptor &&other) noexcept {
    std::swap(api, other.api);
    std::swap(desc, other.desc);
    return *this;
  }
  Descriptor(const Descriptor &) = delete;
  Descriptor &operator=(const Descriptor &) = delete;
  ~Descriptor();

  cudnnBackendDescriptor_t get() const { return desc; }
  /// A pointer to the handle, as attributes of type
  /// CUDNN_TYPE_BACKEND_DESCRIPTOR take it.
  const cudnnBackendDescriptor_t *address() const { return &desc; }

  /// Sets `count` values of attribute `name` (`what` names it in errors);
  /// exits on failure.
  void set(cudnnBackendAttributeName_t name, cudnnBackendAttributeType_t type,
           int64_t count, const void *values, const char *what,
           const char *location) const;
  /// Sets one value.
  template <typename T>
  void set(cudnnBackendAttributeName_t name, cudnnBackendAttributeType_t type,
           const T &value, const char *what, const char *location) const {
    set(name, type, 1, &value, what, location);
  }
  /// Sets one descriptor.
  void set(cudnnBackendAttributeName_t name, const Descriptor &value,
           const char *what, const char *location) const {
    set(name, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, value.address(), what,
        location);
  }

  /// cudnnBackendFinalize's status, for callers that try alternatives.
  cudnnStatus_t tryFinalize() const;
  /// Finalizes; exits on failure with `cudnnBackendFinalize (<what>)`.
  void finalize(const char *what, const char *location) const;

private:
  const CudnnApi *api = nullptr;
  cudnnBackendDescriptor_t desc = nullptr;
};

/// Sets attribute NAME of `desc`, naming it in the error message.
#define ARRAYRT_CUDNN_SET(desc, name, ...)                                     \
  (desc).set(name, __VA_ARGS__, #name, location)

} // namespace arrayrt::dnn

#endif // ARRAYRT_LIB_DNN_CUDNN_H
