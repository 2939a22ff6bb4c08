//===- Error.h - Fatal error reporting --------------------------*- C++ -*-===//

#ifndef ARRAYRT_LIB_ERROR_H
#define ARRAYRT_LIB_ERROR_H

#include "arrayrt/abi.h"

#include <cstdarg>
#include <cstdint>
#include <initializer_list>
#include <new>
#include <stdexcept>
#include <string>

namespace arrayrt {

/// The array op that compiled code says it is running on this thread
/// (arrayrt_set_op, arrayrt_set_op_location). The strings are the
/// program's constants; each may be null.
struct CurrentOp {
  const char *label = nullptr;    // "array.exp @ prog.mlir:12:5".
  const char *location = nullptr; // "prog.mlir:12:5".
  uint64_t bytes = 0;             // Memory its next kernel reads and writes.
};

/// The calling thread's current op.
CurrentOp &currentOp();

/// Prints `arrayrt: error: <message>` to stderr and exits with status 1,
/// after removing the temporary files of saves in progress (OutputFile.h).
/// Inside a library call (ScopedErrorsAsExceptions) it throws a CallFailure
/// with the message instead, and prints nothing.
[[noreturn]] void fatal(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

/// What fatal() throws inside arrayrt_abi_call: the message it would have
/// printed (without `arrayrt: error: `) and the code the call returns.
class CallFailure : public std::runtime_error {
public:
  CallFailure(const std::string &message, arrayrt_abi_status_t status)
      : std::runtime_error(message), status(status) {}
  arrayrt_abi_status_t status;
};

/// While one exists, fatal() on the constructing thread throws CallFailure
/// instead of exiting: arrayrt_abi_call turns every runtime error into an
/// error code, and the caller's process (a Python interpreter) survives.
/// The code between the throw and the catch is the runtime's C++ and
/// compiled code, whose LLVM functions are not `nounwind` and so carry
/// unwind tables. Nests; other threads are unaffected.
class ScopedErrorsAsExceptions {
public:
  ScopedErrorsAsExceptions();
  ~ScopedErrorsAsExceptions();
  ScopedErrorsAsExceptions(const ScopedErrorsAsExceptions &) = delete;
  ScopedErrorsAsExceptions &
  operator=(const ScopedErrorsAsExceptions &) = delete;

private:
  bool previous;
};

/// Records that the op at `location` (arrayrt_npy_shape's, arrayrt_mtx_shape's)
/// told the program what to allocate next: `note`, as in `for the array of
/// 'x.npy': shape (1000000000,), f32, 4000000000 bytes (3.73 GiB)`. A later
/// fatal() on this thread while the current op (arrayrt_set_op) is at the
/// same location, such as the allocator's `out of GPU memory` for that
/// array, ends its message with ` (<note>)`, so that it names the file.
void notePendingAllocation(const char *location, const std::string &note);

/// An error that a C entry point reports as `arrayrt: error: <what()>` and
/// exit status 1. The file readers and writers throw it rather than call
/// fatal() themselves, so that their tests and fuzz targets see the error
/// without the process exiting; their entry points end in exitOnFailure.
class Failure : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// printf into a string.
std::string formatString(const char *format, ...)
    __attribute__((format(printf, 1, 2)));
std::string formatStringV(const char *format, va_list args);

/// The index in `choices` of the value of the environment variable `name`,
/// or -1 when it is unset or empty; any other value exits with `<name>
/// must be a, b or c, not '<value>'`.
int envChoice(const char *name, std::initializer_list<const char *> choices);

/// `[<location>: ]`, the start of every message about an op.
inline std::string locationPrefix(const char *location) {
  return location ? std::string(location) + ": " : std::string();
}

/// Runs `body` and turns what it throws into fatal(): a Failure's message
/// as it is, std::bad_alloc as `<prefix()>out of host memory`, any other
/// exception as `<prefix()><what()>`. `prefix` (called only then) says
/// what was being done, `prog.mlir:3:8: cannot load 'x.npy': `.
template <typename Body, typename Prefix>
void exitOnFailure(Prefix &&prefix, Body &&body) {
  try {
    body();
  } catch (const Failure &failure) {
    fatal("%s", failure.what());
  } catch (const std::bad_alloc &) {
    fatal("%sout of host memory", prefix().c_str());
  } catch (const std::exception &error) {
    fatal("%s%s", prefix().c_str(), error.what());
  }
}

} // namespace arrayrt

#endif // ARRAYRT_LIB_ERROR_H
