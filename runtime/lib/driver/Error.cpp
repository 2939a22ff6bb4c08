//===- Error.cpp - Fatal error reporting ----------------------------------===//

#include "driver/Error.h"

#include "arrayrt/arrayrt.h"
#include "io/OutputFile.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>

namespace arrayrt {

CurrentOp &currentOp() {
  static thread_local CurrentOp op;
  return op;
}

namespace {
/// What the thread's last file op said the program allocates next, and
/// that op's location (fixed buffers: fatal() reads them, and may run out
/// of memory).
struct PendingAllocation {
  char location[256] = "";
  char note[512] = "";
};
PendingAllocation &pendingAllocation() {
  static thread_local PendingAllocation pending;
  return pending;
}
} // namespace

void notePendingAllocation(const char *location, const std::string &note) {
  PendingAllocation &pending = pendingAllocation();
  pending.location[0] = pending.note[0] = '\0';
  if (!location || std::strlen(location) >= sizeof(pending.location))
    return;
  std::snprintf(pending.location, sizeof(pending.location), "%s", location);
  std::snprintf(pending.note, sizeof(pending.note), "%s", note.c_str());
}

namespace {
/// Whether fatal() throws on this thread (ScopedErrorsAsExceptions).
bool &errorsAsExceptions() {
  static thread_local bool enabled = false;
  return enabled;
}

/// The pending allocation's note when the current op is the one that made
/// it: an error there (an allocation for it that failed: out of GPU or host
/// memory) names the file too.
const char *pendingNote() {
  const PendingAllocation &pending = pendingAllocation();
  const char *location = currentOp().location;
  if (pending.note[0] && location &&
      std::strcmp(location, pending.location) == 0)
    return pending.note;
  return nullptr;
}
} // namespace

ScopedErrorsAsExceptions::ScopedErrorsAsExceptions()
    : previous(errorsAsExceptions()) {
  errorsAsExceptions() = true;
}

ScopedErrorsAsExceptions::~ScopedErrorsAsExceptions() {
  errorsAsExceptions() = previous;
}

void fatal(const char *format, ...) {
  va_list args;
  va_start(args, format);
  // Inside a library call the message becomes the call's error. Not while
  // an exception is already unwinding (a destructor that fails on the way
  // out): a second throw would terminate the process without a word, so
  // that error exits as it does outside calls.
  if (errorsAsExceptions() && std::uncaught_exceptions() == 0) {
    std::string message = formatStringV(format, args);
    va_end(args);
    if (const char *note = pendingNote())
      message += formatString(" (%s)", note);
    // No temporary files are removed: a save in progress on this thread
    // abandons its own as the exception unwinds through it (OutputFile),
    // and those of other threads are not this call's.
    throw CallFailure(message, ARRAYRT_ABI_RUNTIME_ERROR);
  }
  // Flush first so that what the program printed before the error appears
  // before the message when stdout and stderr share a terminal or file.
  std::fflush(stdout);
  std::fputs("arrayrt: error: ", stderr);
  std::vfprintf(stderr, format, args);
  va_end(args);
  if (const char *note = pendingNote())
    std::fprintf(stderr, " (%s)", note);
  std::fputc('\n', stderr);
  std::fflush(nullptr);
  // A save in progress (on this or another thread) leaves no temporary.
  io::removeTemporaryFiles();
  // _Exit rather than exit: exit would run global destructors, and the ones
  // MLIR generates unload modules through this runtime, which could fail
  // again and re-enter exit.
  std::_Exit(1);
}

std::string formatStringV(const char *format, va_list args) {
  va_list copy;
  va_copy(copy, args);
  int length = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  if (length <= 0)
    return std::string();
  std::string text(static_cast<size_t>(length), '\0');
  std::vsnprintf(text.data(), text.size() + 1, format, args);
  return text;
}

std::string formatString(const char *format, ...) {
  va_list args;
  va_start(args, format);
  std::string text = formatStringV(format, args);
  va_end(args);
  return text;
}

int envChoice(const char *name, std::initializer_list<const char *> choices) {
  const char *value = std::getenv(name);
  if (!value || !*value)
    return -1;
  std::string expected;
  int index = 0;
  for (const char *choice : choices) {
    if (std::strcmp(value, choice) == 0)
      return index;
    ++index;
    expected += index == 1                                  ? ""
                : index == static_cast<int>(choices.size()) ? " or "
                                                            : ", ";
    expected += choice;
  }
  fatal("%s must be %s, not '%s'", name, expected.c_str(), value);
}

} // namespace arrayrt

extern "C" void arrayrt_check_failed(const char *message) {
  arrayrt::fatal("%s", message);
}

extern "C" void arrayrt_set_op(const char *label, const char *location,
                               uint64_t bytes) {
  arrayrt::CurrentOp &op = arrayrt::currentOp();
  op.label = label;
  op.location = location;
  op.bytes = bytes;
}

extern "C" void arrayrt_set_op_location(const char *location) {
  arrayrt_set_op(nullptr, location, 0);
}
