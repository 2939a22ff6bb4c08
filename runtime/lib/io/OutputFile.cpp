//===- OutputFile.cpp - How the runtime writes files ----------------------===//
//
// See OutputFile.h for the rule. The registry of temporary files is a fixed
// array of slots, each a path and an atomic state, so that a signal handler
// (and fatal(), on any thread) can unlink them without locks or allocation.
//
//===----------------------------------------------------------------------===//

#include "io/OutputFile.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <mutex>

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

namespace arrayrt::io {
namespace {

//===----------------------------------------------------------------------===//
// The registry of temporary files
//===----------------------------------------------------------------------===//

constexpr int kSlots = 32;
constexpr size_t kMaxPath = 4096;
enum SlotState : int { kFree, kFilling, kActive, kRemoving };

struct Slot {
  std::atomic<int> state{kFree};
  pid_t pid = 0;
  char path[kMaxPath];
};
static_assert(std::atomic<int>::is_always_lock_free,
              "the registry is read from signal handlers");

Slot registry[kSlots];

/// The signals whose default action ends the process without a core dump
/// or with one (SIGQUIT, SIGXCPU, SIGXFSZ, SIGABRT) and that a process can
/// get while it saves: from the terminal, `kill`, timers, resource limits,
/// a closed pipe, abort().
constexpr int kCleanupSignals[] = {SIGHUP,  SIGINT,  SIGQUIT, SIGTERM,
                                   SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2,
                                   SIGXCPU, SIGXFSZ, SIGABRT};

void onCleanupSignal(int signal) {
  int savedErrno = errno;
  removeTemporaryFiles();
  // Die of the signal as the default action would: it is blocked while this
  // handler runs, so the raised one is delivered when the handler returns.
  struct sigaction action;
  std::memset(&action, 0, sizeof(action));
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  ::sigaction(signal, &action, nullptr);
  ::raise(signal);
  errno = savedErrno;
}

/// Installs onCleanupSignal for each signal still at its default action
/// (a program's own handler, or an ignored signal, stays as it is).
void installCleanupHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action;
    std::memset(&action, 0, sizeof(action));
    action.sa_handler = onCleanupSignal;
    sigemptyset(&action.sa_mask);
    for (int signal : kCleanupSignals)
      sigaddset(&action.sa_mask, signal);
    for (int signal : kCleanupSignals) {
      struct sigaction old;
      if (::sigaction(signal, nullptr, &old) != 0)
        continue;
      if (!(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL)
        ::sigaction(signal, &action, nullptr);
    }
  });
}

/// A slot holding `path`, or -1 when every slot is taken or the path is
/// too long (the file is then written without the signal cleanup).
int registerTemporary(const std::string &path) {
  if (path.size() >= kMaxPath)
    return -1;
  installCleanupHandlers();
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!registry[i].state.compare_exchange_strong(expected, kFilling))
      continue;
    std::memcpy(registry[i].path, path.c_str(), path.size() + 1);
    registry[i].pid = ::getpid();
    registry[i].state.store(kActive, std::memory_order_release);
    return i;
  }
  return -1;
}

void unregisterTemporary(int slot) {
  if (slot < 0)
    return;
  // Only an active slot is freed: one being removed belongs to the exit in
  // progress.
  int expected = kActive;
  registry[slot].state.compare_exchange_strong(expected, kFree);
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

/// Blocks SIGPIPE and SIGXFSZ on this thread while it writes, so that a
/// pipe without a reader and ulimit -f give EPIPE and EFBIG, and consumes
/// the ones the writes raised.
class BlockWriteSignals {
public:
  BlockWriteSignals() {
    sigemptyset(&signals);
    sigaddset(&signals, SIGPIPE);
    sigaddset(&signals, SIGXFSZ);
    ::pthread_sigmask(SIG_BLOCK, &signals, &oldMask);
    ::sigpending(&pendingBefore);
  }
  ~BlockWriteSignals() {
    sigset_t pending;
    ::sigpending(&pending);
    for (int signal : {SIGPIPE, SIGXFSZ}) {
      if (!sigismember(&pending, signal) ||
          sigismember(&pendingBefore, signal) || sigismember(&oldMask, signal))
        continue;
      sigset_t one;
      sigemptyset(&one);
      sigaddset(&one, signal);
      struct timespec zero = {0, 0};
      while (::sigtimedwait(&one, nullptr, &zero) < 0 && errno == EINTR) {
      }
    }
    ::pthread_sigmask(SIG_SETMASK, &oldMask, nullptr);
  }

private:
  sigset_t signals, oldMask, pendingBefore;
};

/// The descriptor that `/dev/stdout`, `/dev/stderr`, `/dev/stdin`,
/// `/dev/fd/N` or `/proc/self/fd/N` names, else -1.
int namedDescriptor(const std::string &path) {
  if (path == "/dev/stdin")
    return 0;
  if (path == "/dev/stdout")
    return 1;
  if (path == "/dev/stderr")
    return 2;
  for (const char *prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    size_t length = std::strlen(prefix);
    if (path.compare(0, length, prefix) != 0)
      continue;
    std::string digits = path.substr(length);
    if (digits.empty() || digits.size() > 9 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
      return -1;
    return std::stoi(digits);
  }
  return -1;
}

/// How `path` is to be written (OutputFile.h's rule).
struct Plan {
  OutputFile::Mode mode = OutputFile::Mode::Closed;
  std::string target;    // Replace: the file renamed over.
  int descriptor = -1;   // Descriptor: the program's descriptor.
  bool exists = false;   // Replace: whether `target` is an existing file.
  struct stat status {}; // Replace, when it exists.
};

/// False with `action` and `number` (the errno) when a link cannot be
/// followed.
bool makePlan(const std::string &path, Plan &plan, std::string &action,
              int &number) {
  std::string current = path;
  // Linux follows at most 40 links in one lookup.
  for (int hop = 0; hop <= 40; ++hop) {
    int descriptor = namedDescriptor(current);
    if (descriptor >= 0) {
      plan.mode = OutputFile::Mode::Descriptor;
      plan.descriptor = descriptor;
      return true;
    }
    // The kernel's own files (and its magic links) are written in place.
    if (current.compare(0, 6, "/proc/") == 0) {
      plan.mode = OutputFile::Mode::Direct;
      return true;
    }
    struct stat status;
    if (::lstat(current.c_str(), &status) != 0) {
      // Nothing there, or nothing we may look at: a new file, whose
      // temporary's creation says what is wrong.
      plan.mode = OutputFile::Mode::Replace;
      plan.target = current;
      return true;
    }
    if (S_ISLNK(status.st_mode)) {
      std::string link(PATH_MAX, '\0');
      ssize_t length = ::readlink(current.c_str(), link.data(), link.size());
      if (length < 0) {
        number = errno;
        action = "cannot read the symbolic link '" + current + "'";
        return false;
      }
      link.resize(static_cast<size_t>(length));
      size_t slash = current.rfind('/');
      if (link.empty() || (link[0] != '/' && slash != std::string::npos))
        link = current.substr(0, slash + 1) + link;
      current = link;
      continue;
    }
    if (S_ISREG(status.st_mode) || S_ISDIR(status.st_mode)) {
      // A directory fails at the rename, as np.save fails to open it.
      plan.mode = OutputFile::Mode::Replace;
      plan.target = current;
      plan.exists = S_ISREG(status.st_mode);
      plan.status = status;
      return true;
    }
    plan.mode = OutputFile::Mode::Direct;
    return true;
  }
  number = ELOOP;
  action = "cannot follow the symbolic links of '" + path + "'";
  return false;
}

std::atomic<unsigned> temporaryCounter{0};

/// `<target>.tmp-<pid>-<n>`, the name shortened to fit NAME_MAX.
std::string temporaryName(const std::string &target) {
  std::string suffix = ".tmp-" + std::to_string(::getpid()) + "-" +
                       std::to_string(temporaryCounter++);
  size_t slash = target.rfind('/');
  size_t nameStart = slash == std::string::npos ? 0 : slash + 1;
  std::string name = target.substr(nameStart);
  if (name.size() + suffix.size() > NAME_MAX)
    name.resize(NAME_MAX - suffix.size());
  return target.substr(0, nameStart) + name + suffix;
}

} // namespace

void removeTemporaryFiles() noexcept {
  pid_t self = ::getpid();
  for (Slot &slot : registry) {
    int expected = kActive;
    if (slot.pid != self ||
        !slot.state.compare_exchange_strong(expected, kRemoving))
      continue;
    ::unlink(slot.path);
  }
}

int writeAll(int fd, const void *data, size_t size) {
  BlockWriteSignals blocked;
  const auto *bytes = static_cast<const char *>(data);
  while (size > 0) {
    ssize_t n = ::write(fd, bytes, std::min<size_t>(size, size_t(1) << 30));
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return errno;
    }
    if (n == 0)
      return EIO;
    bytes += n;
    size -= static_cast<size_t>(n);
  }
  return 0;
}

bool OutputFile::failed(std::string &error, std::string action, int number) {
  errorNumber_ = number;
  errorAction_ = std::move(action);
  error = errorAction_ + ": " + std::strerror(number);
  return false;
}

bool OutputFile::open(const std::string &newPath, std::string &error) {
  abandon();
  path = newPath;
  target_ = newPath;
  temporary.clear();
  if (path.empty())
    return failed(error, "cannot open ''", ENOENT);
  Plan plan;
  std::string action;
  int number = 0;
  if (!makePlan(path, plan, action, number))
    return failed(error, action, number);

  if (plan.mode == Mode::Descriptor) {
    // What the program printed comes first.
    if (plan.descriptor == 1)
      std::fflush(stdout);
    if (plan.descriptor == 2)
      std::fflush(stderr);
    fd = ::fcntl(plan.descriptor, F_DUPFD_CLOEXEC, 3);
    if (fd < 0)
      return failed(error, "cannot write '" + path + "'", errno);
    mode_ = Mode::Descriptor;
    return true;
  }

  if (plan.mode == Mode::Direct) {
    // No O_CREAT (it exists), no O_TRUNC (devices and FIFOs have nothing
    // to truncate); a FIFO's open waits for a reader.
    do
      fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
      return failed(error, "cannot open '" + path + "'", errno);
    mode_ = Mode::Direct;
    return true;
  }

  target_ = plan.target;
  for (int attempt = 0; attempt < 100; ++attempt) {
    temporary = temporaryName(target_);
    // Registered before it exists, so that no moment has it on disk and
    // unknown to the signal handlers.
    slot = registerTemporary(temporary);
    fd = ::open(temporary.c_str(),
                O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0666);
    if (fd >= 0)
      break;
    int openError = errno;
    unregisterTemporary(slot);
    slot = -1;
    if (openError != EEXIST)
      return failed(error, "cannot create temporary file '" + temporary + "'",
                    openError);
  }
  if (fd < 0)
    return failed(error, "cannot create temporary file '" + temporary + "'",
                  EEXIST);
  mode_ = Mode::Replace;
  if (plan.exists) {
    // The replacement keeps the permissions (and, where allowed, the
    // owner) of the file it replaces; errors here are not fatal.
    if (plan.status.st_uid != ::geteuid() || plan.status.st_gid != ::getegid())
      (void)!::fchown(fd, plan.status.st_uid, plan.status.st_gid);
    (void)!::fchmod(fd, plan.status.st_mode & 0777);
  }
  return true;
}

bool OutputFile::write(const void *data, size_t size, std::string &error) {
  if (fd < 0)
    return failed(error, "cannot write '" + path + "'", EBADF);
  int number = writeAll(fd, data, size);
  if (number == 0)
    return true;
  return failed(error, "cannot write '" + writtenName() + "'", number);
}

bool OutputFile::commit(std::string &error) {
  if (fd < 0)
    return failed(error, "cannot write '" + path + "'", EBADF);
  // Linux releases the descriptor even when close fails.
  int closed = ::close(fd);
  int closeError = errno;
  fd = -1;
  if (closed != 0 && closeError != EINTR) {
    failed(error, "cannot close '" + writtenName() + "'", closeError);
    abandon();
    return false;
  }
  // ext4 (auto_da_alloc, the default) writes the new file's data out when
  // a rename replaces an existing file: 25-40 ms for a 64 MB .npy, more
  // than writing it. The old file is removed first instead (an error there
  // shows at the rename): readers see the old file, no file, or the whole
  // new one, never a part.
  struct stat old;
  if (mode_ == Mode::Replace && ::lstat(target_.c_str(), &old) == 0 &&
      S_ISREG(old.st_mode))
    ::unlink(target_.c_str());
  if (mode_ == Mode::Replace &&
      std::rename(temporary.c_str(), target_.c_str()) != 0) {
    failed(error, "cannot rename '" + temporary + "' to '" + target_ + "'",
           errno);
    abandon();
    return false;
  }
  unregisterTemporary(slot);
  slot = -1;
  mode_ = Mode::Closed;
  return true;
}

void OutputFile::abandon() noexcept {
  if (fd >= 0)
    ::close(fd);
  fd = -1;
  if (mode_ == Mode::Replace) {
    ::unlink(temporary.c_str());
    unregisterTemporary(slot);
    slot = -1;
  }
  mode_ = Mode::Closed;
}

} // namespace arrayrt::io
