//===- Device.cpp - Device queries ----------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "driver/Driver.h"
#include "driver/Error.h"

#include <cstring>

using arrayrt::check;
using arrayrt::driver;

extern "C" int arrayrt_cuda_available(const char **reason) {
  const char *failure = arrayrt::driverFailure();
  if (reason)
    *reason = failure;
  return failure == nullptr;
}

extern "C" int arrayrt_device_count(void) {
  int count = 0;
  check(driver().cuDeviceGetCount(&count), "cuDeviceGetCount");
  return count;
}

extern "C" void
arrayrt_device_get_properties(int device, arrayrt_device_properties_t *props) {
  const arrayrt::DriverApi &api = driver();
  CUdevice handle;
  check(api.cuDeviceGet(&handle, device), "cuDeviceGet");
  std::memset(props, 0, sizeof(*props));
  check(api.cuDeviceGetName(props->name, sizeof(props->name) - 1, handle),
        "cuDeviceGetName");
  check(api.cuDeviceGetAttribute(&props->compute_capability_major,
                                 CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                                 handle),
        "cuDeviceGetAttribute");
  check(api.cuDeviceGetAttribute(&props->compute_capability_minor,
                                 CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                                 handle),
        "cuDeviceGetAttribute");
  check(api.cuDeviceGetAttribute(&props->multiprocessor_count,
                                 CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                                 handle),
        "cuDeviceGetAttribute");
  size_t bytes = 0;
  check(api.cuDeviceTotalMem_v2(&bytes, handle), "cuDeviceTotalMem");
  props->total_memory_bytes = bytes;
}

extern "C" int64_t arrayrt_multiprocessor_count(void) {
  // Thread-safe once-only initialization (the device is fixed: device 0).
  static const int64_t count = [] {
    int value = 0;
    check(driver().cuDeviceGetAttribute(
              &value, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
              arrayrt::currentDevice()),
          "cuDeviceGetAttribute(MULTIPROCESSOR_COUNT)");
    return static_cast<int64_t>(value);
  }();
  return count;
}

extern "C" void arrayrt_set_device(int device) {
  if (device != 0)
    arrayrt::fatal("device %d was requested, but the runtime supports only "
                   "device 0 (restrict the program with "
                   "CUDA_VISIBLE_DEVICES to choose another GPU)",
                   device);
  driver();
}
