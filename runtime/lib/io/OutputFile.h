//===- OutputFile.h - How the runtime writes files --------------*- C++ -*-===//
//
// Every file the runtime writes (array.save_npy from the host or the
// device, the ARRAYRT_BENCH_OUT report, the ARRAYRT_TRACE trace) goes
// through OutputFile, which follows one rule:
//
// - A regular file, or a path that does not exist yet, is written to a
//   temporary file in the same directory (`<name>.tmp-<pid>-<n>`) that is
//   renamed over it only once complete (written and closed, not fsync'ed),
//   so a failure leaves the old file, or none, and never a partial one. The
//   new file keeps the permission bits (and, where allowed, the owner) of
//   the one it replaces; a hard link to the old file keeps the old data.
// - A symbolic link is followed: when it leads to a regular file or to
//   nothing, that file (in the link's target's directory) is replaced as
//   above and the link stays a link; otherwise as below.
// - Anything else (a character or block device such as /dev/null or
//   /dev/full, a FIFO, a socket, a file under /proc) is opened and written
//   directly, never replaced; /dev/stdout, /dev/stderr, /dev/fd/N and
//   /proc/self/fd/N write to the program's own descriptor N (stdout is
//   flushed first), wherever it leads, at its current offset.
//
// Every failure is reported with the path: a write error (ENOSPC on
// /dev/full, EPIPE from a pipe with no reader, EFBIG past ulimit -f, a
// write that makes no progress), a close error, a rename error. SIGPIPE and
// SIGXFSZ are blocked while writing so that they come back as EPIPE and
// EFBIG. The temporary file is removed on every failure path, by fatal()
// (whatever error ends the program while a save is in progress), and on the
// signals that end a process by default (SIGHUP, SIGINT, SIGQUIT, SIGTERM,
// SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGABRT) through a
// small async-signal-safe registry of the temporary paths; the handlers are
// installed at the first save, only for signals still at their default
// action, and re-raise the signal once the files are gone. Nothing can
// remove a temporary file after SIGKILL, a crash (SIGSEGV, SIGBUS: not
// handled, so that core dumps and sanitizers see them as they are) or a
// power loss; such leftovers are named `*.tmp-<pid>-<n>`.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_OUTPUTFILE_H
#define ARRAYRT_LIB_OUTPUTFILE_H

#include <cstddef>
#include <string>
#include <sys/types.h>

namespace arrayrt::io {

class OutputFile {
public:
  enum class Mode {
    Closed,     ///< Not open (or committed, or abandoned).
    Replace,    ///< Through a temporary file, renamed over the target.
    Direct,     ///< Opened and written in place (a device, a FIFO).
    Descriptor, ///< The program's own descriptor (/dev/stdout, /dev/fd/N).
  };

  OutputFile() = default;
  OutputFile(const OutputFile &) = delete;
  OutputFile &operator=(const OutputFile &) = delete;
  /// Abandons the file unless it was committed.
  ~OutputFile() { abandon(); }

  /// Opens `path` as the rule above says. On failure returns false with
  /// `error` saying what failed, e.g. `cannot create temporary file
  /// 'x.npy.tmp-12-0': Permission denied`.
  bool open(const std::string &path, std::string &error);

  /// Writes all of `data`. On failure returns false with `error`, e.g.
  /// `cannot write '/dev/full': No space left on device`; then the file
  /// should be abandoned.
  bool write(const void *data, size_t size, std::string &error);

  /// Closes the file and, through a temporary, renames it over the target.
  /// On failure returns false with `error` and the temporary removed.
  bool commit(std::string &error);

  /// Closes the file and removes the temporary, if any.
  void abandon() noexcept;

  Mode mode() const { return mode_; }
  /// The temporary file's path (Replace only).
  const std::string &temporaryPath() const { return temporary; }
  /// The file the temporary replaces (symbolic links followed), or the
  /// path as given.
  const std::string &target() const { return target_; }

  /// The last failure's errno, and what failed without it (`cannot create
  /// temporary file 'x.npy.tmp-12-0'`): the error text is `<action>: <the
  /// errno's message>`.
  int errorNumber() const { return errorNumber_; }
  const std::string &errorAction() const { return errorAction_; }

private:
  /// Records a failure; returns false.
  bool failed(std::string &error, std::string action, int number);

  /// The name errors give the file being written.
  const std::string &writtenName() const {
    return mode_ == Mode::Replace ? temporary : path;
  }

  int fd = -1;
  Mode mode_ = Mode::Closed;
  std::string path, target_, temporary;
  int slot = -1; // In the registry of temporary files.
  int errorNumber_ = 0;
  std::string errorAction_;
};

/// Unlinks the registered temporary files of this process (the saves in
/// progress). Async-signal-safe; fatal() and the signal handlers call it.
void removeTemporaryFiles() noexcept;

/// Writes all of `data` to `fd`, retrying on EINTR and partial writes, with
/// SIGPIPE and SIGXFSZ blocked. Returns 0 or the errno of the failure
/// (EIO for a write that made no progress).
int writeAll(int fd, const void *data, size_t size);

} // namespace arrayrt::io

#endif // ARRAYRT_LIB_OUTPUTFILE_H
