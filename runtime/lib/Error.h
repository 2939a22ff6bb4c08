//===- Error.h - Fatal error reporting --------------------------*- C++ -*-===//

#ifndef ARRAYRT_LIB_ERROR_H
#define ARRAYRT_LIB_ERROR_H

namespace arrayrt {

/// Prints `arrayrt: error: <message>` to stderr and exits with status 1.
[[noreturn]] void fatal(const char *format, ...)
    __attribute__((format(printf, 1, 2)));

} // namespace arrayrt

#endif // ARRAYRT_LIB_ERROR_H
