//===- Error.h - Fatal error reporting --------------------------*- C++ -*-===//

#ifndef ARRAYRT_LIB_ERROR_H
#define ARRAYRT_LIB_ERROR_H

#include <cstdint>

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

/// Prints `arrayrt: error: <message>` to stderr and exits with status 1.
[[noreturn]] void fatal(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

} // namespace arrayrt

#endif // ARRAYRT_LIB_ERROR_H
