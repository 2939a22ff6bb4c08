//===- DLPack.cpp - DLPack tensors as memref descriptors ------------------===//

#include "abi/DLPack.h"

#include "arrayrt/arrayrt.h"
#include "driver/Error.h"
#include "io/Npy.h"

#include <cinttypes>
#include <cstdlib>
#include <cstring>
#include <new>

namespace arrayrt::abi {

namespace {

/// DLPack's type of each arrayrt_dtype_t, indexed by the code.
constexpr DLDataType kDLDtypes[] = {
    {kDLBoolCode, 8, 1}, // ARRAYRT_DTYPE_I1
    {kDLInt, 8, 1},      // ARRAYRT_DTYPE_I8
    {kDLInt, 16, 1},     // ARRAYRT_DTYPE_I16
    {kDLInt, 32, 1},     // ARRAYRT_DTYPE_I32
    {kDLInt, 64, 1},     // ARRAYRT_DTYPE_I64
    {kDLUInt, 8, 1},     // ARRAYRT_DTYPE_UI8
    {kDLUInt, 16, 1},    // ARRAYRT_DTYPE_UI16
    {kDLUInt, 32, 1},    // ARRAYRT_DTYPE_UI32
    {kDLUInt, 64, 1},    // ARRAYRT_DTYPE_UI64
    {kDLFloat, 16, 1},   // ARRAYRT_DTYPE_F16
    {kDLBfloat, 16, 1},  // ARRAYRT_DTYPE_BF16
    {kDLFloat, 32, 1},   // ARRAYRT_DTYPE_F32
    {kDLFloat, 64, 1},   // ARRAYRT_DTYPE_F64
};
static_assert(sizeof(kDLDtypes) / sizeof(kDLDtypes[0]) == ARRAYRT_DTYPE_F64 + 1,
              "one DLPack type per arrayrt_dtype_t");

bool knownDtype(int32_t dtype) {
  return dtype >= 0 && dtype <= ARRAYRT_DTYPE_F64;
}

bool sameDtype(DLDataType found, int32_t dtype) {
  const DLDataType &expected = kDLDtypes[dtype];
  return found.code == expected.code && found.bits == expected.bits &&
         found.lanes == 1;
}

/// `float16`, `int4`, `complex64`, `float32x4 (4 lanes)`: a DLPack type as
/// the frameworks name it.
std::string describeDtype(DLDataType dtype) {
  const unsigned bits = dtype.bits, lanes = dtype.lanes;
  std::string text;
  switch (dtype.code) {
  case kDLInt:
    text = formatString("int%u", bits);
    break;
  case kDLUInt:
    text = formatString("uint%u", bits);
    break;
  case kDLFloat:
    text = formatString("float%u", bits);
    break;
  case kDLBfloat:
    text = formatString("bfloat%u", bits);
    break;
  case kDLComplex:
    text = formatString("complex%u", bits);
    break;
  case kDLBoolCode:
    text =
        bits == 8 ? std::string("bool") : formatString("bool of %u bits", bits);
    break;
  case kDLOpaqueHandle:
    text = formatString("opaque handles of %u bits", bits);
    break;
  default:
    text = formatString("DLPack type code %u of %u bits",
                        static_cast<unsigned>(dtype.code), bits);
    break;
  }
  if (lanes != 1)
    text += formatString("x%u (%u lanes)", lanes, lanes);
  return text;
}

/// `cpu`, `cuda:0`, `cuda_host`: a DLPack device as PyTorch names it.
std::string describeDevice(DLDevice device) {
  const char *name = nullptr;
  bool numbered = true;
  switch (static_cast<int>(device.device_type)) {
  case kDLCPU:
    return "cpu";
  case kDLCUDAHost:
    return "cuda_host (pinned host memory)";
  case kDLROCMHost:
    return "rocm_host (pinned host memory)";
  case kDLCUDA:
    name = "cuda";
    break;
  case kDLCUDAManaged:
    name = "cuda_managed";
    break;
  case kDLOpenCL:
    name = "opencl";
    break;
  case kDLVulkan:
    name = "vulkan";
    break;
  case kDLMetal:
    name = "metal";
    break;
  case kDLVPI:
    name = "vpi";
    break;
  case kDLROCM:
    name = "rocm";
    break;
  case kDLExtDev:
    name = "ext_dev";
    break;
  case 14: // kDLOneAPI, DLPack 0.8.
    name = "oneapi";
    break;
  case 15: // kDLWebGPU
    name = "webgpu";
    break;
  case 16: // kDLHexagon
    name = "hexagon";
    break;
  default:
    numbered = false;
    break;
  }
  if (!name)
    return formatString("DLPack device type %d, device %d",
                        static_cast<int>(device.device_type), device.device_id);
  return numbered ? formatString("%s:%d", name, device.device_id)
                  : std::string(name);
}

const char *roleName(Role role) {
  return role == Role::Argument ? "argument" : "result";
}

const arrayrt_abi_value_t &
signatureValue(const arrayrt_abi_function_t &function, Role role,
               int32_t index) {
  return role == Role::Argument ? function.args[index]
                                : function.results[index];
}

/// Why, where `expected ..., found ...` does not say it already.
std::string mismatchReason(const DLTensor &tensor,
                           const arrayrt_abi_value_t &value, bool cuda,
                           Mismatch mismatch) {
  switch (mismatch) {
  case Mismatch::NegativeSize:
    return "; a size is negative";
  case Mismatch::StaticSize:
    for (int32_t d = 0; d < value.rank; ++d)
      if (value.shape[d] != ARRAYRT_ABI_DYNAMIC &&
          value.shape[d] != tensor.shape[d])
        return formatString("; dimension %d is %" PRId64 ", not %" PRId64, d,
                            tensor.shape[d], value.shape[d]);
    return "";
  case Mismatch::Device:
    return cuda ? "; this library was compiled for the GPU (--target=cuda): "
                  "its tensors must be in GPU memory (DLPack's kDLCUDA or "
                  "kDLCUDAManaged)"
                : "; this library was compiled for the CPU (--target=cpu): "
                  "its tensors must be in host memory (DLPack's kDLCPU or "
                  "kDLCUDAHost)";
  case Mismatch::DeviceId:
    return "; the runtime runs on device 0 (its primary context), so the "
           "tensor must be on cuda:0";
  case Mismatch::Misaligned:
    return formatString(
        "; its first element, data + byte_offset = %p + %" PRIu64
        ", is not aligned to the %zu bytes of its elements",
        tensor.data, tensor.byte_offset, elementBytes(value.dtype));
  case Mismatch::Strides:
    return "; the tensor must be contiguous (row-major): make it so first, "
           "with t.contiguous() in PyTorch, numpy.ascontiguousarray(t) or "
           "cupy.ascontiguousarray(t)";
  default:
    return "";
  }
}

} // namespace

size_t elementBytes(int32_t dtype) {
  const npy::DtypeInfo *info = npy::dtypeInfo(dtype);
  return info ? info->size : 0;
}

Descriptor readDescriptor(const int64_t *words, int32_t rank) {
  Descriptor descriptor;
  std::memcpy(&descriptor.allocated, &words[0], sizeof(void *));
  std::memcpy(&descriptor.aligned, &words[1], sizeof(void *));
  descriptor.offset = words[2];
  descriptor.sizes = words + 3;
  descriptor.strides = words + 3 + rank;
  return descriptor;
}

void writeContiguousDescriptor(int64_t *words, void *data, int32_t rank,
                               const int64_t *sizes) {
  static_assert(sizeof(void *) == sizeof(int64_t),
                "memref descriptors hold 64-bit pointers");
  std::memcpy(&words[0], &data, sizeof(void *));
  std::memcpy(&words[1], &data, sizeof(void *));
  words[2] = 0;
  int64_t *outSizes = words + 3, *outStrides = words + 3 + rank;
  int64_t stride = 1;
  for (int32_t d = rank - 1; d >= 0; --d) {
    outSizes[d] = sizes[d];
    outStrides[d] = stride;
    stride *= sizes[d];
  }
}

int64_t elementCount(int32_t rank, const int64_t *sizes) {
  int64_t count = 1;
  for (int32_t d = 0; d < rank; ++d)
    count *= sizes[d];
  return count;
}

bool isContiguous(int32_t rank, const int64_t *sizes, const int64_t *strides) {
  if (elementCount(rank, sizes) == 0)
    return true;
  int64_t expected = 1;
  for (int32_t d = rank - 1; d >= 0; --d) {
    if (sizes[d] != 1 && strides[d] != expected)
      return false;
    expected *= sizes[d];
  }
  return true;
}

arrayrt_abi_status_t mismatchStatus(Mismatch mismatch) {
  // A signature the runtime cannot read is the library's fault, not the
  // caller's.
  return mismatch == Mismatch::UnknownSignatureDtype
             ? ARRAYRT_ABI_INTERNAL_ERROR
             : ARRAYRT_ABI_INVALID_ARGUMENT;
}

Mismatch checkTensor(const DLTensor *tensor, const arrayrt_abi_value_t &value,
                     bool cuda) {
  if (!knownDtype(value.dtype))
    return Mismatch::UnknownSignatureDtype;
  if (!tensor)
    return Mismatch::Null;
  if (!sameDtype(tensor->dtype, value.dtype))
    return Mismatch::Dtype;
  const int32_t rank = value.rank;
  if (tensor->ndim != rank)
    return Mismatch::Rank;
  if (rank > 0 && !tensor->shape)
    return Mismatch::NullShape;
  for (int32_t d = 0; d < rank; ++d) {
    if (tensor->shape[d] < 0)
      return Mismatch::NegativeSize;
    if (value.shape && value.shape[d] != ARRAYRT_ABI_DYNAMIC &&
        value.shape[d] != tensor->shape[d])
      return Mismatch::StaticSize;
  }
  const DLDeviceType type = tensor->device.device_type;
  const bool onGpu = type == kDLCUDA || type == kDLCUDAManaged;
  const bool onHost = type == kDLCPU || type == kDLCUDAHost;
  if (cuda ? !onGpu : !onHost)
    return Mismatch::Device;
  // Managed memory is addressable from device 0 whatever device DLPack
  // says (DLPack 0.6 asks for 0 there anyway); kDLCUDA memory of another
  // device is not, in device 0's context.
  if (type == kDLCUDA && tensor->device.device_id != 0)
    return Mismatch::DeviceId;
  // An empty tensor's address and strides are never used.
  if (elementCount(rank, tensor->shape) == 0)
    return Mismatch::None;
  if (!tensor->data)
    return Mismatch::NullData;
  if (reinterpret_cast<uintptr_t>(tensorAddress(*tensor)) %
          elementBytes(value.dtype) !=
      0)
    return Mismatch::Misaligned;
  if (tensor->strides && !isContiguous(rank, tensor->shape, tensor->strides))
    return Mismatch::Strides;
  return Mismatch::None;
}

std::string formatShape(int32_t rank, const int64_t *sizes) {
  std::string text = "(";
  for (int32_t d = 0; d < rank; ++d)
    text += formatString(d ? ", %" PRId64 : "%" PRId64, sizes[d]);
  return text + (rank == 1 ? ",)" : ")");
}

std::string describeValue(const arrayrt_abi_value_t &value) {
  const npy::DtypeInfo *info = npy::dtypeInfo(value.dtype);
  if (!info)
    return formatString("value of unknown dtype code %d", value.dtype);
  if (value.rank == ARRAYRT_ABI_SCALAR)
    return formatString("%s scalar", info->numpy);
  std::string type = "tensor<", dims;
  for (int32_t d = 0; d < value.rank; ++d) {
    int64_t size = value.shape ? value.shape[d] : ARRAYRT_ABI_DYNAMIC;
    std::string text = size == ARRAYRT_ABI_DYNAMIC
                           ? std::string("?")
                           : formatString("%" PRId64, size);
    type += text + "x";
    dims += (d ? " x " : ", ") + text;
  }
  return formatString("%s%s> (%s, %d-d%s)", type.c_str(), info->name,
                      info->numpy, value.rank, dims.c_str());
}

std::string describeTensor(const DLTensor &tensor) {
  std::string text = describeDtype(tensor.dtype);
  if (tensor.ndim < 0)
    text += formatString(" with ndim %d", tensor.ndim);
  else if (tensor.ndim > 0 && !tensor.shape)
    text += formatString(" of %d dimensions with a NULL shape", tensor.ndim);
  else
    text += " of shape " + formatShape(tensor.ndim, tensor.shape);
  text += " on " + describeDevice(tensor.device);
  if (tensor.ndim > 0 && tensor.shape && tensor.strides)
    text += " with strides " + formatShape(tensor.ndim, tensor.strides);
  if (!tensor.data && tensor.ndim >= 0 && (tensor.ndim == 0 || tensor.shape) &&
      elementCount(tensor.ndim, tensor.shape) != 0)
    text += " with a NULL data pointer";
  return text;
}

std::string mismatchMessage(const arrayrt_abi_function_t &function, Role role,
                            int32_t index, const DLTensor *tensor,
                            Mismatch mismatch) {
  const arrayrt_abi_value_t &value = signatureValue(function, role, index);
  const bool cuda = function.flags & ARRAYRT_ABI_CUDA;
  std::string prefix =
      formatString("%s: %s %d '%s': ", function.name, roleName(role), index,
                   value.name ? value.name : "?");
  if (mismatch == Mismatch::UnknownSignatureDtype)
    return prefix + formatString("the signature's dtype code %d is not one "
                                 "this runtime knows (was the library built "
                                 "by another version of arrayc?)",
                                 value.dtype);
  std::string expected = "expected a " + describeValue(value);
  if (role == Role::Result)
    expected += " to write the result into";
  if (mismatch == Mismatch::Null)
    return prefix + expected + ", found a NULL DLTensor pointer";
  return prefix + expected + ", found " + describeTensor(*tensor) +
         mismatchReason(*tensor, value, cuda, mismatch);
}

void writeArgumentDescriptor(int64_t *words, const DLTensor &tensor) {
  writeContiguousDescriptor(words, tensorAddress(tensor), tensor.ndim,
                            tensor.shape);
}

namespace {

/// The block of a result's DLManagedTensor (its manager_ctx): the tensor,
/// what its deleter frees, then the shape and strides (2 x rank int64_t).
struct ManagedResult {
  DLManagedTensor managed;
  void *allocated;
  void *stream;
  bool cuda;
};

void deleteManagedResult(DLManagedTensor *self) {
  if (!self)
    return;
  auto *result = static_cast<ManagedResult *>(self->manager_ctx);
  void *allocated = result->allocated, *stream = result->stream;
  bool cuda = result->cuda;
  // The block first: freeing the buffer can fail (a CUDA error), and then
  // exits, or inside a call throws, and the block should not leak with it.
  result->~ManagedResult();
  std::free(result);
  freeResultBuffer(allocated, cuda, stream);
}

} // namespace

DLManagedTensor *newManagedTensor(const arrayrt_abi_value_t &value,
                                  void *allocated, char *data, int32_t rank,
                                  const int64_t *sizes, bool cuda,
                                  void *stream) {
  void *block = std::malloc(sizeof(ManagedResult) +
                            2 * static_cast<size_t>(rank) * sizeof(int64_t));
  if (!block)
    throw std::bad_alloc();
  auto *result = new (block) ManagedResult();
  result->allocated = allocated;
  result->stream = stream;
  result->cuda = cuda;
  auto *shape = reinterpret_cast<int64_t *>(result + 1);
  int64_t *strides = shape + rank;
  int64_t stride = 1;
  for (int32_t d = rank - 1; d >= 0; --d) {
    shape[d] = sizes[d];
    strides[d] = stride;
    stride *= sizes[d];
  }
  DLTensor &tensor = result->managed.dl_tensor;
  // DLPack asks for NULL data in an empty tensor, and consumers (PyTorch,
  // NumPy, CuPy) accept it; compiled code's pointer for one may be NULL
  // (arrayrt_alloc(0)) or a 1-byte malloc, which the deleter still frees.
  tensor.data = elementCount(rank, sizes) == 0 ? nullptr : data;
  tensor.device = {cuda ? kDLCUDA : kDLCPU, 0};
  tensor.ndim = rank;
  tensor.dtype = kDLDtypes[value.dtype];
  // Strides always given for rank > 0 (DLPack 1.2 requires them), both
  // NULL for 0-d tensors, as NumPy exports them.
  tensor.shape = rank > 0 ? shape : nullptr;
  tensor.strides = rank > 0 ? strides : nullptr;
  tensor.byte_offset = 0;
  result->managed.manager_ctx = result;
  result->managed.deleter = deleteManagedResult;
  return &result->managed;
}

void freeResultBuffer(void *allocated, bool cuda, void *stream) {
  if (cuda)
    arrayrt_free(allocated, static_cast<arrayrt_stream_t>(stream));
  else
    _mlir_memref_to_llvm_free(allocated);
}

} // namespace arrayrt::abi
