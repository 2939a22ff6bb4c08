//===- Error.cpp - Fatal error reporting ----------------------------------===//

#include "Error.h"

#include "arrayrt/arrayrt.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

namespace arrayrt {

void fatal(const char *format, ...) {
  // Flush first so that what the program printed before the error appears
  // before the message when stdout and stderr share a terminal or file.
  std::fflush(stdout);
  std::fputs("arrayrt: error: ", stderr);
  va_list args;
  va_start(args, format);
  std::vfprintf(stderr, format, args);
  va_end(args);
  std::fputc('\n', stderr);
  std::fflush(nullptr);
  // _Exit rather than exit: exit would run global destructors, and the ones
  // MLIR generates unload modules through this runtime, which could fail
  // again and re-enter exit.
  std::_Exit(1);
}

} // namespace arrayrt

extern "C" void arrayrt_check_failed(const char *message) {
  arrayrt::fatal("%s", message);
}
