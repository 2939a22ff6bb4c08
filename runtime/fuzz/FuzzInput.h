//===- FuzzInput.h - A fuzz input as a file the readers open ----*- C++ -*-===//
//
// The readers take paths (as the C entry points do), so each input is
// written to an anonymous in-memory file (memfd) the readers open as
// /proc/self/fd/N; the same file serves every input.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_FUZZ_FUZZINPUT_H
#define ARRAYRT_FUZZ_FUZZINPUT_H

#include <cstdint>
#include <cstdlib>
#include <string>

#include <sys/mman.h>
#include <unistd.h>

namespace arrayrt::fuzz {

class MemoryFile {
public:
  explicit MemoryFile(const char *name) {
    fd = ::memfd_create(name, MFD_CLOEXEC);
    if (fd < 0)
      std::abort();
    path = "/proc/self/fd/" + std::to_string(fd);
  }

  /// Makes the file hold exactly `data` and returns its path.
  const char *set(const uint8_t *data, size_t size) {
    clear();
    size_t done = 0;
    while (done < size) {
      ssize_t n =
          ::pwrite(fd, data + done, size - done, static_cast<off_t>(done));
      if (n <= 0)
        std::abort();
      done += static_cast<size_t>(n);
    }
    return path.c_str();
  }

  /// Empties the file and rewinds its descriptor.
  void clear() {
    if (::ftruncate(fd, 0) != 0 || ::lseek(fd, 0, SEEK_SET) != 0)
      std::abort();
  }

  int fd = -1;
  std::string path;
};

/// Stops the run on a broken invariant, as a crash libFuzzer reports.
#define ARRAYRT_FUZZ_CHECK(condition)                                          \
  do {                                                                         \
    if (!(condition))                                                          \
      __builtin_trap();                                                        \
  } while (0)

} // namespace arrayrt::fuzz

#endif // ARRAYRT_FUZZ_FUZZINPUT_H
