//===- FuzzInput.h - A fuzz input as a file the readers open ----*- C++ -*-===//
//
// The readers take paths (as the C entry points do), so each input is
// written to an anonymous in-memory file (memfd) the readers open as
// /proc/self/fd/N; the same file serves every input. Also what the .npy and
// .npz targets share about the arrays they read: their byte counts and
// MLIR descriptors.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_FUZZ_FUZZINPUT_H
#define ARRAYRT_FUZZ_FUZZINPUT_H

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

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

/// The elements of an array of `shape`, after checking what a reader that
/// accepted the shape promises: with elements of `elementSize` bytes, the
/// product of its nonzero sizes fits (so does every stride).
inline uint64_t checkedElementCount(const std::vector<int64_t> &shape,
                                    uint64_t elementSize) {
  uint64_t nonzero = elementSize, count = 1;
  for (int64_t s : shape) {
    if (s != 0)
      ARRAYRT_FUZZ_CHECK(!__builtin_mul_overflow(nonzero, s, &nonzero));
    count *= static_cast<uint64_t>(s);
  }
  ARRAYRT_FUZZ_CHECK(nonzero <= INT64_MAX);
  return count;
}

/// An MLIR descriptor of `data` with `shape` and `strides` (elements).
inline std::vector<int64_t> descriptor(void *data,
                                       const std::vector<int64_t> &shape,
                                       const std::vector<int64_t> &strides) {
  auto base = reinterpret_cast<int64_t>(data);
  std::vector<int64_t> d = {base, base, 0};
  d.insert(d.end(), shape.begin(), shape.end());
  d.insert(d.end(), strides.begin(), strides.end());
  return d;
}

/// The strides of a C-order array of `shape`.
inline std::vector<int64_t> cStrides(const std::vector<int64_t> &shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;)
    strides[i - 1] = strides[i] * shape[i];
  return strides;
}

} // namespace arrayrt::fuzz

#endif // ARRAYRT_FUZZ_FUZZINPUT_H
