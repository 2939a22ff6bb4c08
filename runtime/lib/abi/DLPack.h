//===- DLPack.h - DLPack tensors as memref descriptors ----------*- C++ -*-===//
//
// The DLPack side of arrayrt_abi_call (Call.cpp): checking a caller's
// DLTensor against an exported function's signature, describing the
// mismatch, turning the tensor into the memref descriptor compiled code
// takes, and handing a result descriptor back as a DLManagedTensor.
//
// Checks return a Mismatch and build no string, because they run on every
// call; the message is built only when a call fails.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_ABI_DLPACK_H
#define ARRAYRT_LIB_ABI_DLPACK_H

#include "arrayrt/abi.h"

#include <dlpack/dlpack.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace arrayrt::abi {

/// DLPack's bool type code (kDLBool, DLPack 0.8), which NumPy and PyTorch
/// send for bool with 8 bits; Debian's dlpack.h (0.6) predates it.
constexpr uint8_t kDLBoolCode = 6;

/// Bytes of one element of an arrayrt_dtype_t; 0 for an unknown code.
size_t elementBytes(int32_t dtype);

/// The 64-bit words of a rank-`rank` memref descriptor: allocated,
/// aligned, offset, then `rank` sizes and `rank` strides.
constexpr size_t descriptorWords(int32_t rank) {
  return 3 + 2 * static_cast<size_t>(rank);
}

/// A memref descriptor of rank `rank` at `words`, as abi.h lays it out.
struct Descriptor {
  void *allocated;
  char *aligned;
  int64_t offset;
  const int64_t *sizes;
  const int64_t *strides;
};
Descriptor readDescriptor(const int64_t *words, int32_t rank);

/// Writes the descriptor of a contiguous row-major buffer at `data` of
/// shape `sizes[rank]` to `words`: allocated = aligned = data, offset 0.
void writeContiguousDescriptor(int64_t *words, void *data, int32_t rank,
                               const int64_t *sizes);

/// Elements of a shape (1 for rank 0).
int64_t elementCount(int32_t rank, const int64_t *sizes);

/// Whether `strides` are those of a row-major contiguous tensor of shape
/// `sizes`, ignoring the strides of dimensions of size 1 (any value
/// addresses the same elements) and all strides of an empty tensor.
bool isContiguous(int32_t rank, const int64_t *sizes, const int64_t *strides);

/// What is wrong with a caller's tensor; the first problem found.
enum class Mismatch {
  None,
  UnknownSignatureDtype, ///< The signature's dtype is not arrayrt_dtype_t.
  Null,                  ///< The DLTensor pointer is NULL.
  Dtype,                 ///< Type code, bits or lanes.
  Rank,
  NullShape,    ///< ndim > 0 but shape is NULL.
  NegativeSize, ///< A size below 0.
  StaticSize,   ///< A size the signature fixes differs.
  Device,       ///< GPU memory for a cpu module, or the reverse.
  DeviceId,     ///< kDLCUDA on a device other than 0.
  NullData,     ///< data is NULL and the tensor has elements.
  Misaligned,   ///< data + byte_offset is not a multiple of the element.
  Strides,      ///< Not row-major contiguous.
};

/// The code arrayrt_abi_call returns for `mismatch` (not None).
arrayrt_abi_status_t mismatchStatus(Mismatch mismatch);

/// Checks `tensor` against `value` (a tensor of the signature) for a module
/// whose tensors live on the GPU (`cuda`) or in host memory.
Mismatch checkTensor(const DLTensor *tensor, const arrayrt_abi_value_t &value,
                     bool cuda);

/// Whether a tensor is an argument of the call or a caller's tensor that
/// receives a result (ARRAYRT_ABI_RESULTS_INTO).
enum class Role { Argument, Result };

/// The message for `mismatch` of `tensor` as argument or result `index` of
/// `function`, `<function>: argument 0 'x': expected a tensor<?x4xf32>
/// (float32, 2-d, ? x 4), found float16 of shape (8, 3) on cuda:0`, plus
/// why where the two do not say it.
std::string mismatchMessage(const arrayrt_abi_function_t &function, Role role,
                            int32_t index, const DLTensor *tensor,
                            Mismatch mismatch);

/// `tensor<?x4xf32> (float32, 2-d, ? x 4)`, `float32 scalar`.
std::string describeValue(const arrayrt_abi_value_t &value);

/// `float16 of shape (8, 3) on cuda:0`.
std::string describeTensor(const DLTensor &tensor);

/// `(8, 3)`, `(8,)`, `()`: a shape as Python prints a tuple.
std::string formatShape(int32_t rank, const int64_t *sizes);

/// Writes the descriptor compiled code takes for a checked `tensor`:
/// allocated = aligned = data + byte_offset, offset 0, its sizes, and the
/// contiguous row-major strides in elements (what the tensor's own strides
/// mean once checkTensor accepted them).
void writeArgumentDescriptor(int64_t *words, const DLTensor &tensor);

/// Address of the first element of a checked tensor: data + byte_offset
/// (NULL when data is, for an empty tensor).
inline char *tensorAddress(const DLTensor &tensor) {
  return tensor.data ? static_cast<char *>(tensor.data) + tensor.byte_offset
                     : nullptr;
}

/// A new DLManagedTensor for a contiguous result of `value`'s dtype whose
/// buffer is `allocated` (what the deleter frees) with its first element at
/// `data`, shape `sizes[rank]`. On the GPU (`cuda`) it is kDLCUDA device 0
/// and the deleter frees with arrayrt_free on `stream`; on the CPU it is
/// kDLCPU and the deleter calls _mlir_memref_to_llvm_free. An empty tensor's
/// data is NULL, as DLPack asks. Shape and strides live in the same block
/// as the tensor (one allocation); throws std::bad_alloc without memory.
DLManagedTensor *newManagedTensor(const arrayrt_abi_value_t &value,
                                  void *allocated, char *data, int32_t rank,
                                  const int64_t *sizes, bool cuda,
                                  void *stream);

/// Frees a result buffer from compiled code as newManagedTensor's deleter
/// does: arrayrt_free on `stream` on the GPU, _mlir_memref_to_llvm_free on
/// the CPU. NULL is a no-op.
void freeResultBuffer(void *allocated, bool cuda, void *stream);

} // namespace arrayrt::abi

#endif // ARRAYRT_LIB_ABI_DLPACK_H
