//===- DeviceBuffer.h - I/O ops on device buffers ---------------*- C++ -*-===//
//
// On the CUDA target, array-gpu-device-memory leaves `array.load_npy_into`
// and `array.save_npy` on a device buffer and marks them with this unit
// attribute; convert-array-to-runtime then calls the runtime's device forms
// (arrayrt_load_npy_device, arrayrt_save_npy_device), which read and write
// the file through page-locked memory and copy on the op's stream.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYC_DIALECT_ARRAY_IR_DEVICEBUFFER_H
#define ARRAYC_DIALECT_ARRAY_IR_DEVICEBUFFER_H

#include "llvm/ADT/StringRef.h"

namespace mlir::array {

constexpr llvm::StringLiteral kDeviceBufferAttr = "array.device_buffer";

} // namespace mlir::array

#endif // ARRAYC_DIALECT_ARRAY_IR_DEVICEBUFFER_H
