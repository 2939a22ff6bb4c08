//===- Call.cpp - Exported functions called on DLPack tensors -------------===//
//
// arrayrt_abi_call checks every argument against the function's signature
// before anything runs, passes the tensors to the packed entry point as
// memref descriptors, runs it on the caller's stream, and hands the results
// back as new DLManagedTensors or in the caller's tensors: computed there
// when the function asks for its result's buffer (arrayrt_abi_result_alloc)
// and the tensor can be written in place, else copied there.
// Every runtime error on the way (fatal(), on this thread) becomes an error
// code and a message instead of the end of the process.
//
// It is on the hot path of every library call: on success it builds no
// string, keeps the descriptors on the stack, and allocates only the
// DLManagedTensor of each new result (which outlives the call); messages
// are built only when a call fails.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "abi/DLPack.h"
#include "driver/Error.h"
#include "profile/Bench.h"
#include "streams/DefaultStream.h"

#include <cxxabi.h>

#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <string>

using namespace arrayrt;
using namespace arrayrt::abi;

namespace {

/// `size` elements on the stack when they fit in N, else on the heap (a
/// call with unusually many or high-rank tensors). Not initialized.
template <typename T, size_t N> class StackArray {
public:
  explicit StackArray(size_t size) {
    if (size > N) {
      heap.reset(new T[size]);
      data = heap.get();
    }
  }
  T &operator[](size_t index) { return data[index]; }
  T *get() { return data; }

private:
  T local[N];
  std::unique_ptr<T[]> heap;
  T *data = local;
};

/// This thread's last error (arrayrt_abi_last_error): `message` points at
/// `storage`, or at a constant when storing the text failed.
struct LastError {
  std::string storage;
  const char *message = "";
};

LastError &lastError() {
  static thread_local LastError error;
  return error;
}

/// Records `<where>: <text><detail>` (`where` and `detail` may be NULL) as
/// this thread's last error; returns `status`. Never throws.
int32_t fail(arrayrt_abi_status_t status, const char *where, const char *text,
             const char *detail = nullptr) {
  LastError &error = lastError();
  try {
    error.storage.clear();
    if (where)
      error.storage.append(where).append(": ");
    error.storage.append(text);
    if (detail)
      error.storage.append(detail);
    error.message = error.storage.c_str();
  } catch (...) {
    error.message = "out of host memory (while storing an error message)";
  }
  return status;
}

int32_t fail(arrayrt_abi_status_t status, const std::string &message) {
  return fail(status, nullptr, message.c_str());
}

/// The pointer MLIR's memref.get_global lowering stores as `allocated`: the
/// buffer is a global, not an allocation, and must never be freed.
void *const kGlobalBufferSentinel = reinterpret_cast<void *>(0xdeadbeef);

/// Makes `location` the thread's current op while a call runs, so that a
/// runtime error before the function's first op names the function (not an
/// op of an earlier call, possibly of a library since unloaded), and puts
/// the caller's op back afterwards.
class ScopedCallLocation {
public:
  explicit ScopedCallLocation(const char *location)
      : op(currentOp()), saved(op) {
    op = CurrentOp{nullptr, location, 0};
  }
  ~ScopedCallLocation() { op = saved; }
  ScopedCallLocation(const ScopedCallLocation &) = delete;
  ScopedCallLocation &operator=(const ScopedCallLocation &) = delete;

private:
  CurrentOp &op;
  CurrentOp saved;
};

/// The words of a result's descriptor. Results are tensors; a scalar in
/// the table (refused before the run) still gets a 0-d one's.
size_t resultDescriptorWords(const arrayrt_abi_value_t &value) {
  return descriptorWords(value.rank > 0 ? value.rank : 0);
}

/// The 64-bit words of the descriptors of `function`'s tensors.
size_t descriptorWordsOf(const arrayrt_abi_function_t &function) {
  size_t words = 0;
  for (int32_t i = 0; i < function.num_args; ++i)
    if (function.args[i].rank != ARRAYRT_ABI_SCALAR)
      words += descriptorWords(function.args[i].rank);
  for (int32_t j = 0; j < function.num_results; ++j)
    words += resultDescriptorWords(function.results[j]);
  return words;
}

/// One arrayrt_abi_call of a function whose table has been checked.
class Call {
public:
  Call(const arrayrt_abi_function_t &function, void *const *args,
       void *const *results, int32_t mode, void *stream)
      : function(function), args(args), results(results), mode(mode),
        stream(stream), cuda(function.flags & ARRAYRT_ABI_CUDA),
        words(descriptorWordsOf(function)),
        packedArgs(static_cast<size_t>(function.num_args)),
        packedResults(static_cast<size_t>(function.num_results)),
        pending(static_cast<size_t>(function.num_results)),
        taken(static_cast<size_t>(function.num_results)) {
    for (int32_t j = 0; j < function.num_results; ++j)
      taken[j] = nullptr;
  }

  /// Checks, runs, returns the results; an ARRAYRT_ABI_* code (having
  /// stored the message) or a throw (fatal() and allocations).
  int32_t run();

  /// After a failure: frees the result buffers and deletes the tensors the
  /// call made but did not hand over. May throw (a failing free).
  void abandonResults();

  /// arrayrt_abi_result_alloc while the function runs: the caller's tensor
  /// for result `result` when the function may compute it there, else NULL.
  void *takeResultTensor(int32_t result, int32_t rank, const int64_t *sizes,
                         int64_t elementBytes, void *allocStream);

private:
  bool overlapsOtherTensors(int32_t result, const char *begin,
                            const char *end);
  bool isTakenResultTensor(void *allocated);
  int32_t checkArguments();
  int32_t checkResultTensors();
  bool ownsBuffer(int32_t result, void *allocated);
  int32_t checkResultDescriptors();
  int32_t copyResultsInto();
  void returnNewResults();

  Descriptor resultDescriptor(int32_t j) {
    return readDescriptor(static_cast<const int64_t *>(packedResults[j]),
                          function.results[j].rank);
  }
  const DLTensor *resultTensor(int32_t j) {
    return static_cast<const DLTensor *>(results[j]);
  }

  const arrayrt_abi_function_t &function;
  void *const *args;
  void *const *results;
  const int32_t mode;
  void *const stream;
  const bool cuda;
  /// Whether the compiled function has returned (its results exist).
  bool ran = false;
  StackArray<int64_t, 256> words; // The descriptors, arguments' and results'.
  StackArray<void *, 32> packedArgs, packedResults;
  /// Per result, after the run: its buffer while this call still owns it
  /// (to free if the call fails), NULL once handed over or not the call's.
  StackArray<void *, 16> pending;
  /// Per result: the caller's tensor memory the function computes it in
  /// (takeResultTensor), or NULL.
  StackArray<void *, 16> taken;
};

/// The call whose compiled function runs on this thread, if any.
Call *&runningCall() {
  static thread_local Call *call = nullptr;
  return call;
}

/// Makes `call` this thread's running call for the scope.
class ScopedRunningCall {
public:
  explicit ScopedRunningCall(Call *call) : saved(runningCall()) {
    runningCall() = call;
  }
  ~ScopedRunningCall() { runningCall() = saved; }
  ScopedRunningCall(const ScopedRunningCall &) = delete;
  ScopedRunningCall &operator=(const ScopedRunningCall &) = delete;

private:
  Call *saved;
};

/// What a pool block guarantees compiled code (cuMemAlloc's alignment).
constexpr uintptr_t kResultAlignment = 256;

/// The bytes a contiguous `tensor` of `value` spans, from its start.
size_t tensorBytes(const DLTensor &tensor, const arrayrt_abi_value_t &value) {
  return static_cast<size_t>(elementCount(value.rank, tensor.shape)) *
         elementBytes(value.dtype);
}

int32_t Call::checkArguments() {
  size_t used = 0;
  for (int32_t i = 0; i < function.num_args; ++i) {
    const arrayrt_abi_value_t &value = function.args[i];
    if (value.rank == ARRAYRT_ABI_SCALAR) {
      // The value is passed through: the packed entry point loads it.
      if (!args[i])
        return fail(ARRAYRT_ABI_INVALID_ARGUMENT,
                    formatString("%s: argument %d '%s': expected a pointer to "
                                 "a %s, found NULL",
                                 function.name, i, value.name,
                                 describeValue(value).c_str()));
      packedArgs[i] = args[i];
      continue;
    }
    const auto *tensor = static_cast<const DLTensor *>(args[i]);
    Mismatch mismatch = checkTensor(tensor, value, cuda);
    if (mismatch != Mismatch::None)
      return fail(
          mismatchStatus(mismatch),
          mismatchMessage(function, Role::Argument, i, tensor, mismatch));
    int64_t *descriptor = &words[used];
    used += descriptorWords(value.rank);
    writeArgumentDescriptor(descriptor, *tensor);
    packedArgs[i] = descriptor;
  }
  // The results' descriptors follow; compiled code fills them.
  for (int32_t j = 0; j < function.num_results; ++j) {
    packedResults[j] = &words[used];
    used += resultDescriptorWords(function.results[j]);
  }
  return ARRAYRT_ABI_OK;
}

int32_t Call::checkResultTensors() {
  for (int32_t j = 0; j < function.num_results; ++j) {
    const arrayrt_abi_value_t &value = function.results[j];
    if (value.rank == ARRAYRT_ABI_SCALAR)
      return fail(ARRAYRT_ABI_INTERNAL_ERROR,
                  formatString("%s: result %d '%s' is a scalar in the "
                               "function's table, but results are tensors "
                               "(was the library built by another version "
                               "of arrayc?)",
                               function.name, j, value.name));
    if (mode != ARRAYRT_ABI_RESULTS_INTO)
      continue;
    // Sizes the signature leaves dynamic are checked once known, after
    // the run (copyResultsInto).
    Mismatch mismatch = checkTensor(resultTensor(j), value, cuda);
    if (mismatch != Mismatch::None)
      return fail(mismatchStatus(mismatch),
                  mismatchMessage(function, Role::Result, j, resultTensor(j),
                                  mismatch));
  }
  return ARRAYRT_ABI_OK;
}

/// Whether result `result`'s buffer `allocated` is the call's to free. The
/// packed entry point hands over every result's buffer, but a buffer that
/// is not an allocation (a global, or NULL for an empty result), that is an
/// argument's (a function returning its argument), or that an earlier
/// result already holds (a tensor returned twice) must not be freed, or
/// freed twice; such a result is copied into a buffer of its own instead.
bool Call::ownsBuffer(int32_t result, void *allocated) {
  if (!allocated || allocated == kGlobalBufferSentinel ||
      isTakenResultTensor(allocated))
    return false;
  for (int32_t i = 0; i < function.num_args; ++i)
    if (function.args[i].rank != ARRAYRT_ABI_SCALAR &&
        readDescriptor(static_cast<const int64_t *>(packedArgs[i]), 0)
                .allocated == allocated)
      return false;
  for (int32_t k = 0; k < result; ++k)
    if (resultDescriptor(k).allocated == allocated)
      return false;
  return true;
}

bool Call::isTakenResultTensor(void *allocated) {
  for (int32_t j = 0; j < function.num_results; ++j)
    if (taken[j] && taken[j] == allocated)
      return true;
  return false;
}

/// Whether [begin, end) overlaps an argument's tensor or another result's.
bool Call::overlapsOtherTensors(int32_t result, const char *begin,
                                const char *end) {
  auto overlaps = [&](const DLTensor &tensor,
                      const arrayrt_abi_value_t &value) {
    const char *start = tensorAddress(tensor);
    return start < end && begin < start + tensorBytes(tensor, value);
  };
  for (int32_t i = 0; i < function.num_args; ++i)
    if (function.args[i].rank != ARRAYRT_ABI_SCALAR &&
        overlaps(*static_cast<const DLTensor *>(args[i]), function.args[i]))
      return true;
  for (int32_t j = 0; j < function.num_results; ++j)
    if (j != result && overlaps(*resultTensor(j), function.results[j]))
      return true;
  return false;
}

void *Call::takeResultTensor(int32_t result, int32_t rank,
                             const int64_t *sizes, int64_t elementBytes,
                             void *allocStream) {
  if (mode != ARRAYRT_ABI_RESULTS_INTO || !cuda || result < 0 ||
      result >= function.num_results || taken[result] ||
      allocStream != stream)
    return nullptr;
  const arrayrt_abi_value_t &value = function.results[result];
  const DLTensor &tensor = *resultTensor(result);
  if (value.rank != rank ||
      static_cast<int64_t>(arrayrt::abi::elementBytes(value.dtype)) != elementBytes)
    return nullptr;
  for (int32_t d = 0; d < rank; ++d)
    if (tensor.shape[d] != sizes[d])
      return nullptr;
  char *begin = tensorAddress(tensor);
  const size_t bytes = tensorBytes(tensor, value);
  if (bytes == 0 || reinterpret_cast<uintptr_t>(begin) % kResultAlignment ||
      overlapsOtherTensors(result, begin, begin + bytes))
    return nullptr;
  taken[result] = begin;
  return begin;
}

/// Compiled code returns contiguous row-major results of the signature's
/// static sizes; anything else is a compiler bug, reported rather than
/// handed to the caller as wrong data.
int32_t Call::checkResultDescriptors() {
  for (int32_t j = 0; j < function.num_results; ++j) {
    const arrayrt_abi_value_t &value = function.results[j];
    Descriptor descriptor = resultDescriptor(j);
    bool valid = isContiguous(value.rank, descriptor.sizes, descriptor.strides);
    for (int32_t d = 0; d < value.rank; ++d)
      valid = valid && descriptor.sizes[d] >= 0 &&
              (!value.shape || value.shape[d] == ARRAYRT_ABI_DYNAMIC ||
               value.shape[d] == descriptor.sizes[d]);
    if (!valid)
      return fail(
          ARRAYRT_ABI_INTERNAL_ERROR,
          formatString("%s: result %d '%s': the compiled function returned "
                       "shape %s with strides %s, not a contiguous %s",
                       function.name, j, value.name,
                       formatShape(value.rank, descriptor.sizes).c_str(),
                       formatShape(value.rank, descriptor.strides).c_str(),
                       describeValue(value).c_str()));
  }
  return ARRAYRT_ABI_OK;
}

int32_t Call::copyResultsInto() {
  // Every shape first: a mismatch writes no result.
  for (int32_t j = 0; j < function.num_results; ++j) {
    const arrayrt_abi_value_t &value = function.results[j];
    const DLTensor &tensor = *resultTensor(j);
    const int64_t *sizes = resultDescriptor(j).sizes;
    bool same = true;
    for (int32_t d = 0; d < value.rank; ++d)
      same = same && sizes[d] == tensor.shape[d];
    if (!same)
      return fail(ARRAYRT_ABI_INVALID_ARGUMENT,
                  formatString("%s: result %d '%s': the result has shape %s, "
                               "but the tensor to write it into has shape %s",
                               function.name, j, value.name,
                               formatShape(value.rank, sizes).c_str(),
                               formatShape(value.rank, tensor.shape).c_str()));
  }
  // Where each result is and goes. A result's buffer may be shared with
  // another result (a tensor returned twice) or be an argument, and so lie
  // in another result's tensor: such a source is saved first, or the copy
  // into that tensor would overwrite it before it is read.
  const int32_t count = function.num_results;
  StackArray<const char *, 16> sources(static_cast<size_t>(count));
  StackArray<size_t, 16> sizes(static_cast<size_t>(count));
  StackArray<void *, 16> saved(static_cast<size_t>(count));
  for (int32_t j = 0; j < count; ++j) {
    const arrayrt_abi_value_t &value = function.results[j];
    Descriptor descriptor = resultDescriptor(j);
    const size_t elementSize = elementBytes(value.dtype);
    sizes[j] = static_cast<size_t>(elementCount(value.rank, descriptor.sizes)) *
               elementSize;
    sources[j] = descriptor.aligned + descriptor.offset * elementSize;
    saved[j] = nullptr;
  }
  // Nothing to copy when the function computed the result in the tensor.
  auto copies = [&](int32_t j) {
    return sizes[j] != 0 && sources[j] != tensorAddress(*resultTensor(j));
  };
  auto arrayStream = static_cast<arrayrt_stream_t>(stream);
  for (int32_t k = 0; k < count; ++k) {
    for (int32_t j = 0; j < count && !saved[k] && sizes[k]; ++j) {
      const char *target = tensorAddress(*resultTensor(j));
      if (j == k || !copies(j) || !(target < sources[k] + sizes[k] &&
                                    sources[k] < target + sizes[j]))
        continue;
      saved[k] = cuda ? arrayrt_alloc(sizes[k], arrayStream)
                      : _mlir_memref_to_llvm_alloc(sizes[k]);
      if (cuda)
        arrayrt_memcpy(saved[k], sources[k], sizes[k], arrayStream);
      else
        std::memcpy(saved[k], sources[k], sizes[k]);
    }
  }
  for (int32_t j = 0; j < count; ++j) {
    if (!copies(j))
      continue;
    const char *source =
        saved[j] ? static_cast<const char *>(saved[j]) : sources[j];
    if (cuda)
      arrayrt_memcpy(tensorAddress(*resultTensor(j)), source, sizes[j],
                     arrayStream);
    else // memmove: a result that is its argument, written in place.
      std::memmove(tensorAddress(*resultTensor(j)), source, sizes[j]);
  }
  // After every copy, in stream order: the pool reuses a block only for
  // work queued behind it, and no later copy reads a freed buffer.
  for (int32_t j = 0; j < count; ++j) {
    freeResultBuffer(saved[j], cuda, stream);
    void *buffer = pending[j];
    pending[j] = nullptr;
    freeResultBuffer(buffer, cuda, stream);
  }
  return ARRAYRT_ABI_OK;
}

void Call::returnNewResults() {
  for (int32_t j = 0; j < function.num_results; ++j) {
    const arrayrt_abi_value_t &value = function.results[j];
    Descriptor descriptor = resultDescriptor(j);
    const size_t elementSize = elementBytes(value.dtype);
    const size_t bytes =
        static_cast<size_t>(elementCount(value.rank, descriptor.sizes)) *
        elementSize;
    char *data = descriptor.aligned + descriptor.offset * elementSize;
    if (!pending[j] && bytes != 0) {
      // Not the call's buffer (ownsBuffer): the caller gets a copy.
      void *copy =
          cuda ? arrayrt_alloc(bytes, static_cast<arrayrt_stream_t>(stream))
               : _mlir_memref_to_llvm_alloc(bytes);
      pending[j] = copy;
      if (cuda)
        arrayrt_memcpy(copy, data, bytes,
                       static_cast<arrayrt_stream_t>(stream));
      else
        std::memcpy(copy, data, bytes);
      data = static_cast<char *>(copy);
    }
    DLManagedTensor *tensor = newManagedTensor(
        value, pending[j], data, value.rank, descriptor.sizes, cuda, stream);
    pending[j] = nullptr;
    *static_cast<DLManagedTensor **>(results[j]) = tensor;
  }
}

int32_t Call::run() {
  // Everything the caller passed is checked before anything runs.
  if (int32_t status = checkArguments())
    return status;
  if (int32_t status = checkResultTensors())
    return status;
  if (!function.packed)
    return fail(ARRAYRT_ABI_INTERNAL_ERROR,
                formatString("%s: the function's table has no entry point",
                             function.name));
  {
    // Compiled code queues its work on arrayrt_default_stream(). A cpu
    // module has no stream: the caller's value is not even looked at.
    std::optional<ScopedDefaultStream> onCallersStream;
    if (cuda)
      onCallersStream.emplace(static_cast<arrayrt_stream_t>(stream));
    ScopedRunningCall running(this);
    function.packed(packedArgs.get(), packedResults.get());
  }
  ran = true;
  for (int32_t j = 0; j < function.num_results; ++j) {
    void *allocated = resultDescriptor(j).allocated;
    pending[j] = ownsBuffer(j, allocated) ? allocated : nullptr;
  }
  if (int32_t status = checkResultDescriptors())
    return status;
  if (mode == ARRAYRT_ABI_RESULTS_INTO)
    return copyResultsInto();
  returnNewResults();
  return ARRAYRT_ABI_OK;
}

void Call::abandonResults() {
  for (int32_t j = 0; j < function.num_results; ++j) {
    if (mode == ARRAYRT_ABI_RESULTS_NEW) {
      auto *slot = static_cast<DLManagedTensor **>(results[j]);
      if (DLManagedTensor *tensor = *slot) {
        *slot = nullptr;
        tensor->deleter(tensor);
      }
    }
    if (!ran)
      continue;
    void *buffer = pending[j];
    pending[j] = nullptr;
    freeResultBuffer(buffer, cuda, stream);
  }
}

/// Runs `body` (returning a status) and turns what it throws into a code
/// and this thread's last error, the message starting with `<where>: `.
template <typename Body> int32_t catchFailures(const char *where, Body &&body) {
  try {
    return body();
  } catch (const CallFailure &failure) {
    return fail(failure.status, where, failure.what());
  } catch (const Failure &failure) {
    // A file reader's error that did not go through fatal().
    return fail(ARRAYRT_ABI_RUNTIME_ERROR, where, failure.what());
  } catch (const std::bad_alloc &) {
    return fail(ARRAYRT_ABI_RUNTIME_ERROR, where, "out of host memory");
  } catch (const std::exception &error) {
    return fail(ARRAYRT_ABI_INTERNAL_ERROR, where,
                "internal error: ", error.what());
  } catch (__cxxabiv1::__forced_unwind &) {
    throw; // Thread cancellation must go on unwinding.
  } catch (...) {
    return fail(ARRAYRT_ABI_INTERNAL_ERROR, where,
                "internal error: an exception that is not a std::exception");
  }
}

} // namespace

namespace {
/// Checks what arrayrt_abi_call gets besides the tensors; sets `*function`
/// to the function called. A NULL result slot in mode NEW is refused here;
/// the others are set to NULL, so that a failed call leaves every one so.
int32_t checkCall(const arrayrt_abi_module_t *module, int32_t index,
                  void *const *args, void *const *results, int32_t mode,
                  const arrayrt_abi_function_t **function) {
  // The module's table comes from generated code, not from the caller's
  // data: a table this runtime cannot read is an internal error.
  if (!module)
    return fail(ARRAYRT_ABI_INTERNAL_ERROR, "arrayrt_abi_call",
                "the module table is NULL");
  if (module->abi_version != ARRAYRT_ABI_VERSION)
    return fail(ARRAYRT_ABI_INTERNAL_ERROR,
                formatString("arrayrt_abi_call: the library was compiled for "
                             "ABI version %d, but this runtime implements "
                             "version %d: rebuild it with the arrayc of this "
                             "runtime",
                             module->abi_version, ARRAYRT_ABI_VERSION));
  if (index < 0 || index >= module->num_functions || !module->functions)
    return fail(ARRAYRT_ABI_INTERNAL_ERROR,
                formatString("arrayrt_abi_call: function index %d is out of "
                             "range: the library '%s' exports %d functions",
                             index, module->prefix ? module->prefix : "?",
                             module->num_functions));
  const arrayrt_abi_function_t &called = module->functions[index];
  // What the caller passed, before the call touches any of it.
  if (mode != ARRAYRT_ABI_RESULTS_NEW && mode != ARRAYRT_ABI_RESULTS_INTO)
    return fail(ARRAYRT_ABI_INVALID_ARGUMENT,
                formatString("%s: result mode %d is neither "
                             "ARRAYRT_ABI_RESULTS_NEW (0) nor "
                             "ARRAYRT_ABI_RESULTS_INTO (1)",
                             called.name, mode));
  if (called.num_args > 0 && !args)
    return fail(ARRAYRT_ABI_INVALID_ARGUMENT,
                formatString("%s: the argument array is NULL, but the "
                             "function takes %d arguments",
                             called.name, called.num_args));
  if (called.num_results > 0 && !results)
    return fail(ARRAYRT_ABI_INVALID_ARGUMENT,
                formatString("%s: the result array is NULL, but the "
                             "function returns %d results",
                             called.name, called.num_results));
  if (mode == ARRAYRT_ABI_RESULTS_NEW) {
    for (int32_t j = 0; j < called.num_results; ++j)
      if (!results[j])
        return fail(ARRAYRT_ABI_INVALID_ARGUMENT,
                    formatString("%s: result %d '%s': the DLManagedTensor ** "
                                 "to store it in is NULL",
                                 called.name, j, called.results[j].name));
    for (int32_t j = 0; j < called.num_results; ++j)
      *static_cast<DLManagedTensor **>(results[j]) = nullptr;
  }
  *function = &called;
  return ARRAYRT_ABI_OK;
}
} // namespace

extern "C" int32_t arrayrt_abi_call(const arrayrt_abi_module_t *module,
                                    int32_t index, void *const *args,
                                    void *const *results, int32_t mode,
                                    void *stream) {
  const arrayrt_abi_function_t *function = nullptr;
  if (int32_t status = catchFailures("arrayrt_abi_call", [&] {
        return checkCall(module, index, args, results, mode, &function);
      }))
    return status;

  ScopedErrorsAsExceptions errorsAsCodes;
  ScopedCallLocation location(function->location);
  std::optional<Call> call;
  int32_t status = catchFailures(function->name, [&] {
    arrayrt::bench::startLibraryProfiling();
    call.emplace(*function, args, results, mode, stream);
    return call->run();
  });
  if (status != ARRAYRT_ABI_OK && call) {
    // Still inside errorsAsCodes: a free that fails now throws here, and
    // the first error is the one the caller hears about.
    try {
      call->abandonResults();
    } catch (__cxxabiv1::__forced_unwind &) {
      throw;
    } catch (...) {
    }
  }
  return status;
}

extern "C" const char *arrayrt_abi_last_error(void) {
  return lastError().message;
}

extern "C" int32_t arrayrt_abi_stream_wait(void *waiter, void *stream) {
  ScopedErrorsAsExceptions errorsAsCodes;
  return catchFailures("arrayrt_abi_stream_wait", [&] {
    arrayrt_stream_wait_stream(static_cast<arrayrt_stream_t>(waiter),
                               static_cast<arrayrt_stream_t>(stream));
    return static_cast<int32_t>(ARRAYRT_ABI_OK);
  });
}

extern "C" void *arrayrt_abi_result_alloc(int32_t result, int32_t rank,
                                          const int64_t *sizes,
                                          int64_t element_bytes,
                                          void *stream) {
  if (Call *call = runningCall())
    if (void *tensor = call->takeResultTensor(result, rank, sizes,
                                              element_bytes, stream))
      return tensor;
  // array-check-allocations has checked the sizes: the product fits.
  const size_t bytes =
      static_cast<size_t>(elementCount(rank, sizes)) *
      static_cast<size_t>(element_bytes);
  return arrayrt_alloc(bytes, static_cast<arrayrt_stream_t>(stream));
}
